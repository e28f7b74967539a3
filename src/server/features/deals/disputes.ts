/** 纠纷处理: the admin console's list of disputes. */
import { desc, eq, sql } from 'drizzle-orm';
import { DISPUTE_ANSWER_HOURS } from '../../../shared/deals';
import { type AdminDispute, type AdminDisputesResponse } from '../../../shared/schemas/deals';
import { companies, dealDisputes, deals, influencers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { HOUR, party, iso } from './model';

/** 纠纷处理: open disputes oldest first (with their age against the 24-hour promise), or closed ones newest first. */
export async function listDisputes(ctx: AppContext, q: { status: 'open' | 'closed'; page: number; limit: number }): Promise<AdminDisputesResponse> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const isOpen = q.status === 'open';
  const where = isOpen ? eq(dealDisputes.outcome, 'open') : sql`${dealDisputes.outcome} <> 'open'`;
  const rows = await db
    .select({
      x: dealDisputes,
      taskTitle: deals.taskTitle,
      company: companies.companyName,
      influencer: influencers.nickname,
    })
    .from(dealDisputes)
    .innerJoin(deals, eq(deals.id, dealDisputes.dealId))
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .innerJoin(influencers, eq(influencers.id, deals.influencerId))
    .where(where)
    .orderBy(isOpen ? dealDisputes.openedAt : desc(dealDisputes.closedAt))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(dealDisputes)
    .where(where);
  const dayAgo = new Date(now.getTime() - DISPUTE_ANSWER_HOURS * HOUR);
  const [counts] = await db
    .select({
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`count(*) filter (where ${dealDisputes.openedAt} <= ${dayAgo})::int`,
    })
    .from(dealDisputes)
    .where(eq(dealDisputes.outcome, 'open'));
  return {
    items: rows.map(({ x, taskTitle, company, influencer }) => {
      const end = x.closedAt ?? now;
      const ageHours = Math.max(0, Math.floor((end.getTime() - x.openedAt.getTime()) / HOUR));
      return {
        id: x.id,
        dealId: x.dealId,
        taskTitle,
        company,
        influencer,
        reason: x.reason as AdminDispute['reason'],
        openedBy: party(x.openedBy) ?? 'company',
        openedAt: x.openedAt.toISOString(),
        answeredAt: iso(x.answeredAt),
        ageHours,
        overdue: ageHours >= DISPUTE_ANSWER_HOURS,
        outcome: x.outcome as AdminDispute['outcome'],
        closedAt: iso(x.closedAt),
      };
    }),
    total,
    page: q.page,
    limit: q.limit,
    openCount: counts?.open ?? 0,
    overdueCount: counts?.overdue ?? 0,
  };
}
