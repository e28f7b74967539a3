/** An influencer's delivered results (the influencer page), read from the deals. */
import { and, eq, sql } from 'drizzle-orm';
import type { DeliveredResults } from '../../../shared/schemas/people';
import type { DbOrTx } from '../../db/client';
import { deals } from '../../db/schema';

/** An influencer's delivered results: the confirmed live reports of completed deals (deals_influencer_idx). */
export async function deliveredResults(db: DbOrTx, influencerId: string): Promise<DeliveredResults> {
  const [r] = await db
    .select({
      lives: sql<number>`count(*)::int`,
      avgViews: sql<string>`coalesce(round(avg(${deals.reportViews})), 0)`,
      avgGmvCents: sql<string>`coalesce(round(avg(${deals.reportGmvCents})), 0)`,
      totalGmvCents: sql<string>`coalesce(sum(${deals.reportGmvCents}), 0)`,
    })
    .from(deals)
    .where(and(eq(deals.influencerId, influencerId), eq(deals.status, 'completed'), sql`${deals.reportedAt} is not null`));
  return {
    lives: Number(r?.lives ?? 0),
    avgViews: Number(r?.avgViews ?? 0),
    avgGmvCents: Number(r?.avgGmvCents ?? 0),
    totalGmvCents: Number(r?.totalGmvCents ?? 0),
  };
}
