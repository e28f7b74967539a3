/**
 * Settling up (结算对账, issue 40 item 4, decision 0066): what the agency earned in a range of platform days, by influencer
 * and by deal, and beside it what is pending now.
 *
 * - earned: the agency's cut as its wallet received it — the lines of its `agency_available` account in the deal entries
 *   (`deal_settle`, `deal_commission`), posted in the range (Asia/Shanghai days, both included). The same lines as the
 *   workspace's monthly figures, so a month here equals that month there.
 * - pending: what the agency can expect, as of now, from its deals' money that has not reached it — `settlement`: a deal
 *   made under the agency, not settled nor cancelled, whose fee the company paid into escrow (with the commission on a
 *   reported GMV, charged at the settlement); `commission_due`: a settled deal's commission the company still owes. Each
 *   after the platform fee, at the share fixed on the deal and the deal's payout share, by the settlement's own arithmetic
 *   per payment (`computeSettlement`, `agencyCut`; the deal page's estimate reads the same). Not bound to the range.
 *
 * Three statements whatever the range: the grouped wallet lines (its account's lines on `ledger_lines_account_idx`), the
 * agency's unsettled or owing deals with their escrow (`deals_agency_idx`, `ledger_accounts_ref_idx`), then the names for
 * the rows shown (the page's deals, the influencers) by primary key.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, rangeProblem } from '../../../shared/dates';
import type { DealState } from '../../../shared/deals';
import { agencyCut, computeSettlement } from '../../../shared/money';
import type {
  SettlementPending,
  AgencySettlementCsvQuery,
  AgencySettlementDeal,
  AgencySettlementInfluencer,
  AgencySettlementQuery,
  AgencySettlementResponse,
} from '../../../shared/schemas/agencies';
import { queryRows, type DbOrTx } from '../../db/client';
import { agencyMemberships, deals, influencers, tasks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { toCsv } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { beijingDayStart, beijingMonth, businessDay } from '../../platform/beijingTime';
import { agencyOfUser } from './model';
import { agencyDealLines } from './workspace';

type DealMoney = {
  dealId: string;
  influencerId: string;
  earnedCents: number;
  lastPaidAt: Date | null;
  pendingCents: number;
  pending: SettlementPending | null;
};

/** the range asked for, with the defaults filled in (this month up to today) and checked again */
export function settlementRange(now: Date, q: { from?: string; to?: string }): { from: string; to: string } {
  const today = businessDay(now).date;
  const to = q.to ?? today;
  const from = q.from ?? (q.to ? `${q.to.slice(0, 7)}-01` : `${beijingMonth(now)}-01`);
  const problem = rangeProblem(from, to);
  if (problem) throw new AppError(problem.code, problem.params);
  return { from, to };
}

/** the agency's cut per deal paid into its wallet in [from, to] (platform days) */
async function earnedByDeal(db: DbOrTx, agencyUserId: string, from: string, to: string) {
  const rows = await queryRows<{ deal_id: string; influencer_id: string; cents: string; last_at: Date | string }>(
    db,
    sql`select d.id as deal_id, d.influencer_id, sum(l.amount_cents)::text as cents, max(l.created_at) as last_at
          from ${agencyDealLines(agencyUserId, beijingDayStart(from), beijingDayStart(addDays(to, 1)))}
         group by d.id, d.influencer_id`,
  );
  return rows.map((r) => ({ dealId: r.deal_id, influencerId: r.influencer_id, cents: Number(r.cents), lastAt: new Date(r.last_at) }));
}

/** the agency's deals whose money has not reached it yet, with what it can expect of it */
async function pendingByDeal(db: DbOrTx, agencyId: string) {
  const rows = await queryRows<{
    id: string;
    influencer_id: string;
    settled: boolean;
    payout_percent: number;
    platform_fee_bps: number;
    commission_bps: number;
    gmv: string | null;
    share: number | null;
    commission_status: string;
    commission_cents: string | null;
    escrow: string;
  }>(
    db,
    sql`select d.id, d.influencer_id, d.settled_at is not null as settled, d.payout_percent, d.platform_fee_bps, d.commission_bps,
               d.report_gmv_cents::text as gmv, d.agency_share_percent as share, d.commission_status, d.commission_cents::text as commission_cents,
               coalesce(a.balance_cents, 0)::text as escrow
          from deals d
          left join ledger_accounts a on a.ref_id = d.id and a.kind = 'escrow'
         where d.agency_id = ${agencyId}::uuid and d.money_tracked
           and ((d.settled_at is null and d.status <> 'cancelled') or d.commission_status = 'due')`,
  );
  const out: { dealId: string; influencerId: string; cents: number; kind: SettlementPending }[] = [];
  for (const r of rows) {
    if (r.share === null) continue;
    if (!r.settled) {
      // the fee the company paid in, and once reported the commission on the GMV, as settleDeal will split them
      const escrowCents = Number(r.escrow);
      if (escrowCents <= 0) continue;
      const s = computeSettlement({
        escrowCents,
        payoutPercent: r.payout_percent,
        platformFeeBps: r.platform_fee_bps,
        commissionBps: r.commission_bps,
        gmvCents: r.gmv === null ? null : Number(r.gmv),
      });
      const cents = agencyCut(s.feeShareCents - s.feeOnShareCents, r.share) + agencyCut(s.commissionCents - s.feeOnCommissionCents, r.share);
      out.push({ dealId: r.id, influencerId: r.influencer_id, cents, kind: 'settlement' });
    } else {
      // the commission as the settlement left it due: charged later at the same fee and share (chargeCommission)
      const commission = Number(r.commission_cents ?? 0);
      if (commission <= 0) continue;
      const s = computeSettlement({ escrowCents: commission, payoutPercent: 100, platformFeeBps: r.platform_fee_bps, commissionBps: 0, gmvCents: null });
      out.push({ dealId: r.id, influencerId: r.influencer_id, cents: agencyCut(commission - s.feeOnShareCents, r.share), kind: 'commission_due' });
    }
  }
  return out;
}

/** every deal with money in the range or pending now: the latest payment first, then the pending ones */
async function dealMoney(ctx: AppContext, agencyUserId: string, range: { from: string; to: string }) {
  const agency = await agencyOfUser(ctx.db, agencyUserId);
  if (!agency) throw new AppError('AGENCY_NOT_FOUND');
  const [earned, pending] = await Promise.all([earnedByDeal(ctx.db, agency.userId, range.from, range.to), pendingByDeal(ctx.db, agency.id)]);
  const byDeal = new Map<string, DealMoney>();
  for (const e of earned)
    byDeal.set(e.dealId, { dealId: e.dealId, influencerId: e.influencerId, earnedCents: e.cents, lastPaidAt: e.lastAt, pendingCents: 0, pending: null });
  for (const p of pending) {
    const x = byDeal.get(p.dealId);
    if (x) Object.assign(x, { pendingCents: p.cents, pending: p.kind });
    else byDeal.set(p.dealId, { dealId: p.dealId, influencerId: p.influencerId, earnedCents: 0, lastPaidAt: null, pendingCents: p.cents, pending: p.kind });
  }
  const rows = [...byDeal.values()].sort(
    (a, b) => (b.lastPaidAt?.getTime() ?? -1) - (a.lastPaidAt?.getTime() ?? -1) || (a.dealId < b.dealId ? -1 : a.dealId > b.dealId ? 1 : 0),
  );
  return { agency, rows };
}

/** the rows per influencer, the largest earned first, with the latest membership's state */
async function byInfluencer(db: DbOrTx, agencyId: string, rows: DealMoney[]): Promise<AgencySettlementInfluencer[]> {
  const per = new Map<string, { paidDeals: number; earnedCents: number; pendingCents: number }>();
  for (const r of rows) {
    const x = per.get(r.influencerId) ?? { paidDeals: 0, earnedCents: 0, pendingCents: 0 };
    if (r.lastPaidAt) x.paidDeals++;
    x.earnedCents += r.earnedCents;
    x.pendingCents += r.pendingCents;
    per.set(r.influencerId, x);
  }
  if (per.size === 0) return [];
  const ids = [...per.keys()];
  const [people, memberships] = await Promise.all([
    db.select({ id: influencers.id, nickname: influencers.nickname, avatarUrl: influencers.avatarUrl }).from(influencers).where(inArray(influencers.id, ids)),
    db
      .selectDistinctOn([agencyMemberships.influencerId], { influencerId: agencyMemberships.influencerId, status: agencyMemberships.status })
      .from(agencyMemberships)
      .where(and(eq(agencyMemberships.agencyId, agencyId), inArray(agencyMemberships.influencerId, ids)))
      .orderBy(agencyMemberships.influencerId, desc(agencyMemberships.startedAt)),
  ]);
  const status = new Map(memberships.map((m) => [m.influencerId, m.status as AgencySettlementInfluencer['membershipStatus']]));
  return people
    .map((p) => ({ influencer: p, membershipStatus: status.get(p.id) ?? null, ...per.get(p.id)! }))
    .sort((a, b) => b.earnedCents - a.earnedCents || b.pendingCents - a.pendingCents || a.influencer.nickname.localeCompare(b.influencer.nickname));
}

/** the deals' names (task, influencer, state, share) for the rows given, by primary key */
async function dealRows(db: DbOrTx, rows: DealMoney[]): Promise<AgencySettlementDeal[]> {
  if (rows.length === 0) return [];
  const found = await db
    .select({
      id: deals.id,
      status: deals.status,
      share: deals.agencySharePercent,
      task: { id: tasks.id, title: tasks.title },
      influencer: { id: influencers.id, nickname: influencers.nickname, avatarUrl: influencers.avatarUrl },
    })
    .from(deals)
    .innerJoin(tasks, eq(tasks.id, deals.taskId))
    .innerJoin(influencers, eq(influencers.id, deals.influencerId))
    .where(
      inArray(
        deals.id,
        rows.map((r) => r.dealId),
      ),
    );
  const byId = new Map(found.map((d) => [d.id, d]));
  return rows.flatMap((r) => {
    const d = byId.get(r.dealId);
    if (!d) return [];
    return [
      {
        dealId: r.dealId,
        status: d.status as DealState,
        task: d.task,
        influencer: d.influencer,
        shareBps: (d.share ?? 0) * 100,
        earnedCents: r.earnedCents,
        lastPaidAt: r.lastPaidAt?.toISOString() ?? null,
        pendingCents: r.pendingCents,
        pending: r.pending,
      },
    ];
  });
}

/** GET /api/agency/settlement */
export async function getSettlement(ctx: AppContext, agencyUserId: string, q: AgencySettlementQuery): Promise<AgencySettlementResponse> {
  const range = settlementRange(ctx.clock.now(), q);
  const { agency, rows } = await dealMoney(ctx, agencyUserId, range);
  const start = (q.page - 1) * q.limit;
  const [people, page] = await Promise.all([byInfluencer(ctx.db, agency.id, rows), dealRows(ctx.db, rows.slice(start, start + q.limit))]);
  const totals = { earnedCents: 0, pendingCents: 0, paidDeals: 0, pendingDeals: 0 };
  for (const r of rows) {
    totals.earnedCents += r.earnedCents;
    totals.pendingCents += r.pendingCents;
    if (r.lastPaidAt) totals.paidDeals++;
    if (r.pending) totals.pendingDeals++;
  }
  return { ...range, totals, byInfluencer: people, deals: { items: page, total: rows.length, page: q.page, limit: q.limit } };
}

/** GET /api/agency/settlement.csv: the same range by deal (every deal) or by influencer, amounts in integer cents */
export async function settlementCsv(ctx: AppContext, agencyUserId: string, q: AgencySettlementCsvQuery): Promise<{ csv: string; filename: string }> {
  const range = settlementRange(ctx.clock.now(), q);
  const { agency, rows } = await dealMoney(ctx, agencyUserId, range);
  const filename = `agency-settlement-${q.by}-${range.from}-${range.to}.csv`;
  if (q.by === 'influencer') {
    const people = await byInfluencer(ctx.db, agency.id, rows);
    return {
      filename,
      csv: toCsv([
        ['influencer_id', 'influencer', 'membership_status', 'paid_deals', 'earned_cents', 'pending_cents'],
        ...people.map((p) => [p.influencer.id, p.influencer.nickname, p.membershipStatus, p.paidDeals, p.earnedCents, p.pendingCents]),
      ]),
    };
  }
  const all = await dealRows(ctx.db, rows);
  return {
    filename,
    csv: toCsv([
      ['deal_id', 'task', 'influencer_id', 'influencer', 'deal_status', 'share_bps', 'earned_cents', 'last_paid_at', 'pending_cents', 'pending'],
      ...all.map((d) => [
        d.dealId,
        d.task.title,
        d.influencer.id,
        d.influencer.nickname,
        d.status,
        d.shareBps,
        d.earnedCents,
        d.lastPaidAt,
        d.pendingCents,
        d.pending,
      ]),
    ]),
  };
}
