/**
 * The agency workspace's figures (机构工作台, issue 25 item 5): per current roster influencer the open deals made under
 * the agency, how many wait for the influencer's move, this month's earnings and GMV and the rating; and the agency's
 * earnings per month over the last 12 months (with its CSV).
 *
 * Definitions, one place:
 * - earnings: the agency's cut as its wallet received it — the lines of its `agency_available` account in the deal
 *   entries (`deal_settle`, `deal_commission`, decision 0044), in the platform month (Asia/Shanghai) they were posted;
 * - GMV: the reported GMV (`report_gmv_cents`) of the agency's deals completed in the month — the confirmed results, as
 *   an influencer's delivered results count them (`deals/results.ts`);
 * - whose move: the deal table's `waitingFor` on the deal's facts (`dealFactsOf`), as the deal lists show it.
 *
 * Each figure is one grouped statement on an index (the agency's account, `deals_agency_idx`,
 * `agency_memberships_agency_idx`); none runs per influencer or per month.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { dealFactsOf, waitingFor } from '../../../shared/deals';
import type { AgencyEarningsResponse, AgencyWorkspaceResponse, WorkspaceRosterRow } from '../../../shared/schemas/agencies';
import { queryRows, type DbOrTx } from '../../db/client';
import { agencyMemberships, dealDisputes, deals, influencers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { toCsv } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { beijingMonth, beijingMonthStart } from '../../platform/beijingTime';
import { agencyOfUser, type AgencyRow } from './model';

const NO_ID = '00000000-0000-0000-0000-000000000000';

/** the last `n` platform months up to the one of `now`, oldest first */
function lastMonths(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => beijingMonth(beijingMonthStart(now, n - 1 - i)));
}

async function requireAgency(db: DbOrTx, userId: string): Promise<AgencyRow> {
  const a = await agencyOfUser(db, userId);
  if (!a) throw new AppError('AGENCY_NOT_FOUND');
  return a;
}

/**
 * FROM … WHERE of the agency's wallet lines of deal money — its cut of fees and commissions (`deal_settle`,
 * `deal_commission`) — posted in [from, to), each joined to its deal `d` (the entry's idempotency key names it):
 * the one definition of "earned" that the month figures and settling up (settlement.ts) both read
 */
export function agencyDealLines(agencyUserId: string, from: Date, to?: Date): SQL {
  return sql`ledger_accounts a
          join ledger_lines l on l.account_id = a.id
          join ledger_entries e on e.id = l.entry_id
          join deals d on d.id = (case when e.kind in ('deal_settle', 'deal_commission') then split_part(e.idempotency_key, ':', 2)::uuid end)
         where a.kind = 'agency_available' and coalesce(a.owner_id, ${NO_ID}::uuid) = ${agencyUserId}::uuid
           and coalesce(a.ref_id, ${NO_ID}::uuid) = ${NO_ID}::uuid
           and l.created_at >= ${from.toISOString()}::timestamptz
           ${to ? sql`and l.created_at < ${to.toISOString()}::timestamptz` : sql``}
           and e.kind in ('deal_settle', 'deal_commission')`;
}

/** the agency's cut per (platform month, influencer) since `from`, from its wallet's deal lines */
async function earningsSince(db: DbOrTx, agencyUserId: string, from: Date) {
  const rows = await queryRows<{ month: string; influencer_id: string; cents: string }>(
    db,
    sql`select to_char(l.created_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month, d.influencer_id, sum(l.amount_cents)::text as cents
          from ${agencyDealLines(agencyUserId, from)}
         group by 1, 2`,
  );
  return rows.map((r) => ({ month: r.month, influencerId: r.influencer_id, cents: Number(r.cents) }));
}

/** the agency's deals completed since `from` per (platform month, influencer): their reported GMV and count */
async function gmvSince(db: DbOrTx, agencyId: string, from: Date) {
  const m = sql<string>`to_char(${deals.completedAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const rows = await db
    .select({
      month: m,
      influencerId: deals.influencerId,
      gmv: sql<string>`coalesce(sum(${deals.reportGmvCents}), 0)::text`,
      n: sql<number>`count(*)::int`,
    })
    .from(deals)
    .where(and(eq(deals.agencyId, agencyId), eq(deals.status, 'completed'), sql`${deals.completedAt} >= ${from.toISOString()}::timestamptz`))
    .groupBy(m, deals.influencerId);
  return rows.map((r) => ({ month: r.month, influencerId: r.influencerId, gmvCents: Number(r.gmv), deals: r.n }));
}

/**
 * GET /api/agency/workspace. `withEarnings: false` (an agency's 运营 staff member: money is for its 管理员 and owner,
 * decision 0067) answers the earnings as null; the rows stay the same (a former member with only money this month too).
 */
export async function getWorkspace(ctx: AppContext, agencyUserId: string, { withEarnings = true } = {}): Promise<AgencyWorkspaceResponse> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const agency = await requireAgency(db, agencyUserId);
  const from = beijingMonthStart(now);
  const [members, open, earned, gmv] = await Promise.all([
    db
      .select({
        status: agencyMemberships.status,
        sharePercent: agencyMemberships.sharePercent,
        influencer: { id: influencers.id, nickname: influencers.nickname, avatarUrl: influencers.avatarUrl },
        rating: influencers.rating,
        totalReviews: influencers.totalReviews,
      })
      .from(agencyMemberships)
      .innerJoin(influencers, eq(influencers.id, agencyMemberships.influencerId))
      .where(and(eq(agencyMemberships.agencyId, agency.id), inArray(agencyMemberships.status, ['active', 'ending'])))
      .orderBy(agencyMemberships.startedAt, agencyMemberships.id),
    // the agency's open deals with their open dispute, for whose move it is (bounded by the open deals)
    db
      .select({ d: deals, dispute: { openedBy: dealDisputes.openedBy, answeredAt: dealDisputes.answeredAt } })
      .from(deals)
      .leftJoin(dealDisputes, and(eq(dealDisputes.dealId, deals.id), eq(dealDisputes.outcome, 'open')))
      .where(and(eq(deals.agencyId, agency.id), sql`${deals.status} not in ('completed', 'cancelled')`)),
    earningsSince(db, agency.userId, from),
    gmvSince(db, agency.id, from),
  ]);
  const per = new Map<string, { openDeals: number; waitingOnInfluencer: number; earningsCents: number; gmvCents: number }>();
  const of = (id: string) => {
    let x = per.get(id);
    if (!x) per.set(id, (x = { openDeals: 0, waitingOnInfluencer: 0, earningsCents: 0, gmvCents: 0 }));
    return x;
  };
  for (const { d, dispute } of open) {
    const x = of(d.influencerId);
    x.openDeals++;
    const w = waitingFor(dealFactsOf(d, dispute));
    if (w === 'influencer' || w === 'both') x.waitingOnInfluencer++;
  }
  for (const e of earned) of(e.influencerId).earningsCents += e.cents;
  for (const g of gmv) of(g.influencerId).gmvCents += g.gmvCents;
  // a former member with deals or money this month stays in the month's rows (marked ended), so the rows add up to the
  // totals (decision 0061); their latest membership with this agency gives the share shown
  const current = new Set(members.map((m) => m.influencer.id));
  const former = [...per.keys()].filter((id) => !current.has(id));
  const formerRows = former.length
    ? await db
        .selectDistinctOn([agencyMemberships.influencerId], {
          status: agencyMemberships.status,
          sharePercent: agencyMemberships.sharePercent,
          influencer: { id: influencers.id, nickname: influencers.nickname, avatarUrl: influencers.avatarUrl },
          rating: influencers.rating,
          totalReviews: influencers.totalReviews,
        })
        .from(agencyMemberships)
        .innerJoin(influencers, eq(influencers.id, agencyMemberships.influencerId))
        .where(and(eq(agencyMemberships.agencyId, agency.id), inArray(agencyMemberships.influencerId, former)))
        .orderBy(agencyMemberships.influencerId, desc(agencyMemberships.startedAt))
    : [];
  const roster: WorkspaceRosterRow[] = [...members, ...formerRows].map((m) => ({
    influencer: m.influencer,
    membershipStatus: m.status as WorkspaceRosterRow['membershipStatus'],
    shareBps: m.sharePercent * 100,
    ...(per.get(m.influencer.id) ?? { openDeals: 0, waitingOnInfluencer: 0, earningsCents: 0, gmvCents: 0 }),
    rating: Number(m.rating),
    totalReviews: m.totalReviews,
  }));
  const totals = { openDeals: 0, waitingOnInfluencer: 0, earningsCents: 0, gmvCents: 0 };
  for (const x of per.values()) {
    totals.openDeals += x.openDeals;
    totals.waitingOnInfluencer += x.waitingOnInfluencer;
    totals.earningsCents += x.earningsCents;
    totals.gmvCents += x.gmvCents;
  }
  if (!withEarnings) {
    return {
      month: beijingMonth(now),
      roster: roster.map((r) => ({ ...r, earningsCents: null })),
      totals: { ...totals, earningsCents: null },
    };
  }
  return { month: beijingMonth(now), roster, totals };
}

/** GET /api/agency/earnings: the last 12 platform months, oldest first, months without anything as zeros */
export async function getEarnings(ctx: AppContext, agencyUserId: string): Promise<AgencyEarningsResponse> {
  const now = ctx.clock.now();
  const agency = await requireAgency(ctx.db, agencyUserId);
  const from = beijingMonthStart(now, 11);
  const [earned, gmv] = await Promise.all([earningsSince(ctx.db, agency.userId, from), gmvSince(ctx.db, agency.id, from)]);
  const months = new Map(lastMonths(now, 12).map((month) => [month, { month, earningsCents: 0, gmvCents: 0, completedDeals: 0 }]));
  for (const e of earned) {
    const m = months.get(e.month);
    if (m) m.earningsCents += e.cents;
  }
  for (const g of gmv) {
    const m = months.get(g.month);
    if (m) {
      m.gmvCents += g.gmvCents;
      m.completedDeals += g.deals;
    }
  }
  return { months: [...months.values()] };
}

/** GET /api/agency/earnings.csv: the same months, amounts in integer cents (decision 0053), from the product's CSV writer */
export async function earningsCsv(ctx: AppContext, agencyUserId: string): Promise<string> {
  const { months } = await getEarnings(ctx, agencyUserId);
  return toCsv([['month', 'earnings_cents', 'gmv_cents', 'completed_deals'], ...months.map((m) => [m.month, m.earningsCents, m.gmvCents, m.completedDeals])]);
}
