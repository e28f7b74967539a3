/**
 * The webhook outbox's backlog, for /metrics (decision 0048): deliveries still pending (new, or being retried for up
 * to 3 days) and the event time of the oldest. Only pending rows are read, through the partial index that holds
 * exactly them (webhook_deliveries_due_idx), so the cost follows the backlog, never the delivered history.
 */
import { count, eq, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';

export async function outboxBacklog(db: DbOrTx): Promise<{ pending: number; oldestPendingAt: Date | null }> {
  const [row] = await db
    .select({ pending: count(), oldest: min(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'));
  return { pending: row?.pending ?? 0, oldestPendingAt: row?.oldest ?? null };
}
