/**
 * Webhook endpoints (开发者设置 → Webhooks, decision 0042): create (the signing secret answered once), list, update,
 * delete, rotate the secret (the old one signs for 24 h more), an endpoint's recent deliveries, resend one, send a
 * test event; the admin's list and disable (audited). Every read and write is the owner's (another account: 404).
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_PING,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../shared/schemas/webhooks';
import type { DbOrTx } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { addNotifications } from '../notifications';
import { eventBody, newSigningSecret, secretSealer } from './outbox';
import { resolveWebhookUrl } from './urls';

type Row = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const RECENT_DELIVERIES = 50;

function view(r: Row, now: Date): WebhookEndpoint {
  const overlap = r.previousSecretExpiresAt && r.previousSecretExpiresAt.getTime() > now.getTime() ? r.previousSecretExpiresAt : null;
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    eventTypes: r.eventTypes as WebhookEventType[],
    state: r.state === 'disabled' ? 'disabled' : 'active',
    disabledReason: r.state === 'disabled' ? ((r.disabledReason ?? 'owner') as WebhookEndpoint['disabledReason']) : null,
    disabledAt: r.state === 'disabled' ? (r.disabledAt?.toISOString() ?? null) : null,
    failingSince: r.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: overlap?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

function deliveryView(d: DeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.type,
    status: d.status === 'delivered' ? 'delivered' : d.status === 'failed' ? 'failed' : 'pending',
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    latencyMs: d.latencyMs,
    lastError: d.lastError,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}

const policy = (ctx: AppContext) => ({ allowLocal: ctx.config.webhookAllowLocal });

async function ownEndpoint(tx: DbOrTx, userId: string, id: string, lock = false): Promise<Row> {
  const q = tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return row;
}

/** An account's endpoints, oldest first. */
export async function listEndpoints(ctx: AppContext, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  const now = ctx.clock.now();
  return rows.map((r) => view(r, now));
}

/** Creates an endpoint; the answer carries its signing secret, never sent again. */
export async function createEndpoint(
  ctx: AppContext,
  userId: string,
  input: { url: string; description?: string; eventTypes: WebhookEventType[] },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  // the name is resolved and every address checked (WEBHOOK_URL_FORBIDDEN), before any transaction
  await resolveWebhookUrl(input.url, policy(ctx));
  const now = ctx.clock.now();
  const secret = newSigningSecret();
  const id = randomUUID();
  const row = await ctx.db.transaction(async (tx) => {
    // the account row lock makes the count and the insert one step: parallel creations cannot pass the limit
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ n }] = (await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId))) as [{ n: number }];
    if (n >= WEBHOOK_ENDPOINTS_MAX) throw new AppError('WEBHOOK_ENDPOINT_LIMIT', { max: WEBHOOK_ENDPOINTS_MAX });
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        userId,
        url: input.url,
        description: input.description ?? '',
        eventTypes: input.eventTypes,
        secretSealed: secretSealer(ctx.config.secretKey).seal(secret, id),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return { endpoint: view(row, now), secret };
}

/** Changes an endpoint's address, description, events, or turns it on (its waiting deliveries resume) or off. */
export async function updateEndpoint(
  ctx: AppContext,
  userId: string,
  id: string,
  input: { url?: string; description?: string; eventTypes?: WebhookEventType[]; enabled?: boolean },
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await resolveWebhookUrl(input.url, policy(ctx));
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const cur = await ownEndpoint(tx, userId, id, true);
    const patch: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
    if (input.url !== undefined) patch.url = input.url;
    if (input.description !== undefined) patch.description = input.description;
    if (input.eventTypes !== undefined) patch.eventTypes = input.eventTypes;
    if (input.enabled === true && cur.state === 'disabled')
      Object.assign(patch, { state: 'active', disabledReason: null, disabledAt: null, failingSince: null });
    if (input.enabled === false && cur.state === 'active') Object.assign(patch, { state: 'disabled', disabledReason: 'owner', disabledAt: now });
    const [updated] = await tx.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, cur.id)).returning();
    return updated!;
  });
  return view(row, now);
}

/** Deletes an endpoint and its deliveries (nothing more is sent to it). */
export async function deleteEndpoint(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const cur = await ownEndpoint(tx, userId, id, true);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, cur.id));
  });
}

/** A new signing secret, answered once; the previous one keeps signing for 24 hours (both signatures are sent). */
export async function rotateSecret(ctx: AppContext, userId: string, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const now = ctx.clock.now();
  const secret = newSigningSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const cur = await ownEndpoint(tx, userId, id, true);
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: secretSealer(ctx.config.secretKey).seal(secret, cur.id),
        previousSecretSealed: cur.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_ROTATION_OVERLAP_HOURS * 3600_000),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, cur.id))
      .returning();
    return updated!;
  });
  return { endpoint: view(row, now), secret };
}

/** An endpoint's most recent deliveries, newest first. */
export async function listDeliveries(ctx: AppContext, userId: string, id: string): Promise<WebhookDelivery[]> {
  const ep = await ownEndpoint(ctx.db, userId, id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, ep.id))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(RECENT_DELIVERIES);
  return rows.map(deliveryView);
}

/** Sends one delivery's event again: a new delivery of the same event (same id and body), due now. */
export async function resendDelivery(ctx: AppContext, userId: string, deliveryId: string): Promise<WebhookDelivery> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [d] = await tx
      .select({ d: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.userId, userId)));
    if (!d) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    const [copy] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: d.d.endpointId,
        eventId: d.d.eventId,
        type: d.d.type,
        payload: d.d.payload,
        // a resend is the owner's explicit request: it does not wait behind the deal's other events
        orderingKey: null,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning();
    return copy!;
  });
  return deliveryView(row);
}

/** A `ping` event to this endpoint only (whatever it subscribed to). */
export async function sendTestEvent(ctx: AppContext, userId: string, id: string): Promise<WebhookDelivery> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const ep = await ownEndpoint(tx, userId, id);
    const eventId = randomUUID();
    const payload = eventBody({ id: eventId, type: WEBHOOK_PING, createdAt: now, data: { endpointId: ep.id, message: 'Test event from LiveCommerce' } });
    const [inserted] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: ep.id, eventId, type: WEBHOOK_PING, payload, nextAttemptAt: now, createdAt: now })
      .returning();
    return inserted!;
  });
  return deliveryView(row);
}

/** An admin disables an endpoint (用户管理): audited, the owner told. Disabling twice changes nothing. */
export async function adminDisableEndpoint(ctx: AppContext, adminId: string, id: string, ip: string): Promise<WebhookEndpoint> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!cur) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    if (cur.state === 'disabled' && cur.disabledReason === 'admin') return cur;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ state: 'disabled', disabledReason: 'admin', disabledAt: now, updatedAt: now })
      .where(eq(webhookEndpoints.id, cur.id))
      .returning();
    await audit(tx, {
      adminId,
      action: 'webhook_endpoint_disable',
      description: `disabled webhook endpoint ${cur.id} of user ${cur.userId}`,
      targetType: 'user',
      targetId: cur.userId,
      before: { webhookEndpoint: cur.id, url: cur.url, state: cur.state },
      after: { webhookEndpoint: cur.id, state: 'disabled' },
      ip,
    });
    await addNotifications(tx, [{ userId: cur.userId, type: 'webhook_endpoint_disabled_by_admin', params: { url: cur.url }, link: '/developers' }], {
      mail: 'always',
    });
    return updated!;
  });
  return view(row, now);
}
