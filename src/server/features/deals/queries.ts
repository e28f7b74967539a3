/** Reading deals: the deal page (GET /api/deals/:id), a party's list of deals, and whether /deal/{id} is shown. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ListOf, PageQuery } from '../../../shared/schemas/common';
import { availableEvents, waitingFor, PAYMENT_WINDOW_HOURS, type DealRole, type DealState } from '../../../shared/deals';
import { type DealDetail, type DealSummary } from '../../../shared/schemas/deals';
import type { DbOrTx } from '../../db/client';
import { agencies, companies, conversations, dealDisputes, dealEvents, deals, influencers, taskApplications, uploads } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { agencyCut, balanceOf } from '../money';
import { computeSettlement, decisionComparison, PRICING_MODELS, type SettlementTerms } from '../../../shared/money';
import type { AuthUser } from '../../platform/session';
import { readSettings } from '../settings';
import { actedOnBehalfRefs, onBehalfRefs } from '../agencies';
import { dealReviewState } from '../reviews';
import { HOUR, party, factsOf, overdueOf, partiesOf, viewerRole, iso, type DealRow, type Parties } from './model';

/**
 * Whether /deal/{id} shows a deal to this signed-in user: the rule of GET /api/deals/:id (its parties and
 * admins holding 任务管理). For anyone else an existing deal and a missing one look the same (false).
 */
export async function dealPageShown(db: DbOrTx, id: string, user: AuthUser): Promise<boolean> {
  const [d] = await db.select({ companyId: deals.companyId, influencerId: deals.influencerId }).from(deals).where(eq(deals.id, id)).limit(1);
  if (!d) return false;
  try {
    await viewerRole(db, user, await partiesOf(db, d));
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'DEAL_NOT_FOUND') return false;
    throw err;
  }
}

async function imagesOf(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; url: string }>();
  const rows = await db.select({ id: uploads.id, url: uploads.url }).from(uploads).where(inArray(uploads.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * 费用与结算's agency split (decision 0044), for the influencer's side and admins: the settled figure from the deal
 * row, or before settlement the same agencyCut the settlement applies, per payment (the fee, then the commission).
 */
async function agencySplitOf(
  db: DbOrTx,
  d: DealRow,
  e: { influencerNetCents: number; feeShareCents: number; feeOnShareCents: number; commissionCents: number; feeOnCommissionCents: number },
): Promise<DealDetail['money']['agencySplit']> {
  if (!d.agencyId || d.agencySharePercent === null) return undefined;
  const [a] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, d.agencyId)).limit(1);
  if (!a) return undefined;
  const percent = d.agencySharePercent;
  const settled = d.settledAt !== null;
  const agencyCents = settled
    ? (d.settledAgencyCents ?? 0)
    : agencyCut(e.feeShareCents - e.feeOnShareCents, percent) + agencyCut(e.commissionCents - e.feeOnCommissionCents, percent);
  return {
    agencyId: d.agencyId,
    agencyName: a.name,
    shareBps: (percent ?? 0) * 100,
    agencyCents,
    influencerCents: e.influencerNetCents - agencyCents,
    settled,
  };
}

/** the deal's money as the deal page shows it: terms, what is held, the estimate or the settlement */
async function moneyOf(db: DbOrTx, d: DealRow, p: Parties, role: DealDetail['viewerRole']): Promise<DealDetail['money']> {
  const escrowCents = await balanceOf(db, 'escrow', p.companyUserId, d.id);
  const depositHeldCents = await balanceOf(db, 'deposits_held', p.influencerUserId, d.id);
  // the settlement's terms (escrow: the fee, which a deal holds whole before it can be reported and disputed)
  const terms: SettlementTerms = {
    escrowCents: d.moneyTracked ? d.rateCents : 0,
    platformFeeBps: d.platformFeeBps,
    commissionBps: d.commissionBps,
    gmvCents: d.reportGmvCents,
  };
  const estimate = computeSettlement({
    // the fee the escrow holds until completion (all of it by then: the deal cannot proceed unfunded)
    escrowCents: d.status === 'cancelled' ? 0 : d.rateCents,
    payoutPercent: d.payoutPercent,
    platformFeeBps: d.platformFeeBps,
    // a commission still due has not reached the influencer: what was paid leaves it out
    commissionBps: d.commissionStatus === 'due' ? 0 : d.commissionBps,
    gmvCents: d.reportGmvCents,
  });
  return {
    tracked: d.moneyTracked,
    pricingModel: PRICING_MODELS.find((m) => m === d.pricingModel) ?? 'fixed',
    feeCents: d.rateCents,
    commissionBps: d.commissionBps,
    depositCents: d.depositCents,
    platformFeeBps: d.platformFeeBps,
    escrowCents,
    feeDueCents: d.moneyTracked && !d.feeFundedAt ? Math.max(0, d.rateCents - escrowCents) : 0,
    depositHeldCents,
    feeFundedAt: iso(d.feeFundedAt),
    depositPaidAt: iso(d.depositPaidAt),
    paymentDueAt: d.status === 'awaiting_payment' ? new Date(d.createdAt.getTime() + PAYMENT_WINDOW_HOURS * HOUR).toISOString() : null,
    estimate: {
      feeShareCents: estimate.feeShareCents,
      refundCents: estimate.refundCents,
      commissionCents: estimate.commissionCents,
      platformFeeCents: estimate.platformFeeCents,
      influencerNetCents: estimate.influencerNetCents,
    },
    settledAt: iso(d.settledAt),
    settledGrossCents: d.settledGrossCents,
    commissionCents: d.commissionCents,
    commissionStatus: d.commissionStatus === 'due' || d.commissionStatus === 'paid' ? d.commissionStatus : 'none',
    depositAwarded: d.depositAwarded,
    terms,
    // a dispute decided below 100 % (only resolve_partial and resolve_cancel set the share): as agreed and as decided
    decision: d.moneyTracked && d.payoutPercent !== 100 ? { payoutBps: d.payoutPercent * 100, ...decisionComparison(terms, d.payoutPercent) } : null,
    // the company's view has no agency field at all (decision 0044)
    ...(role !== 'company' && d.moneyTracked ? { agencySplit: await agencySplitOf(db, d, estimate) } : {}),
  };
}

export async function getDeal(ctx: AppContext, user: AuthUser, id: string): Promise<DealDetail> {
  const db = ctx.db;
  const [d] = await db.select().from(deals).where(eq(deals.id, id)).limit(1);
  if (!d) throw new AppError('DEAL_NOT_FOUND');
  const info = await partiesOf(db, d);
  const role = await viewerRole(db, user, info);
  const settings = await readSettings(ctx, db);
  const disputes = await db.select().from(dealDisputes).where(eq(dealDisputes.dealId, d.id)).orderBy(dealDisputes.openedAt);
  const [conv] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.dealId, d.id)).limit(1);
  const timeline = await db
    .select({
      id: dealEvents.id,
      event: dealEvents.event,
      actorRole: dealEvents.actorRole,
      actorId: dealEvents.actorId,
      fromStatus: dealEvents.fromStatus,
      toStatus: dealEvents.toStatus,
      data: dealEvents.data,
      onBehalfAgencyId: dealEvents.onBehalfAgencyId,
      actedByUserId: dealEvents.actedByUserId,
      at: dealEvents.createdAt,
    })
    .from(dealEvents)
    .where(eq(dealEvents.dealId, d.id))
    .orderBy(dealEvents.version);
  // the agency that applied for the influencer: the company reads 经 {agency} 代理 / "via {agency}" (issue 40 item 6)
  const [applied] = d.applicationId
    ? await db.select({ agencyId: taskApplications.onBehalfAgencyId }).from(taskApplications).where(eq(taskApplications.id, d.applicationId)).limit(1)
    : [];
  const onBehalf = await onBehalfRefs(db, [applied?.agencyId ?? null]);
  const via = applied?.agencyId ? onBehalf.get(applied.agencyId) : undefined;
  const actedBy = await actedOnBehalfRefs(db, timeline);
  const open = disputes.find((x) => x.outcome === 'open') ?? null;
  const facts = factsOf(d, open);
  const now = ctx.clock.now();
  const env = { now, settlementHours: settings.settlementHours };
  const images = await imagesOf(db, [...d.reportScreenshots, ...disputes.flatMap((x) => [...x.evidence, ...x.answerEvidence])]);
  const pics = (ids: string[]) => ids.flatMap((i) => (images.get(i) ? [images.get(i)!] : []));
  const nameOf = (r: string) => (r === 'company' ? info.companyName : r === 'influencer' ? info.nickname : null);
  return {
    id: d.id,
    taskId: d.taskId,
    status: facts.status,
    version: d.version,
    viewerRole: role,
    conversationId: conv?.id ?? null,
    facts: { ...facts, scheduleStart: iso(facts.scheduleStart), reportedAt: iso(facts.reportedAt) },
    // an agency whose membership has ended reads the deal and changes nothing (decision 0061)
    actions: user.onBehalf?.readOnly ? [] : availableEvents(role, facts, env),
    viewOnly: Boolean(user.onBehalf?.readOnly),
    waitingFor: waitingFor(facts),
    overdue: overdueOf(d, env),
    settlementHours: settings.settlementHours,
    money: await moneyOf(db, d, info, role),
    autoConfirmAt: d.status === 'reported' && d.reportedAt ? new Date(d.reportedAt.getTime() + settings.settlementHours * HOUR).toISOString() : null,
    serverNow: now.toISOString(),
    terms: {
      taskTitle: d.taskTitle,
      rateCents: d.rateCents,
      plannedLiveDate: iso(d.plannedLiveDate),
      durationHours: d.durationHours,
      productName: d.productName,
      requirements: d.requirements,
    },
    company: { id: d.companyId, name: info.companyName, logoUrl: info.logoUrl },
    influencer: { id: d.influencerId, nickname: info.nickname, avatarUrl: info.avatarUrl, viaAgency: via ? { id: via.agencyId, name: via.agencyName } : null },
    samples: { carrier: d.samplesCarrier, trackingNo: d.samplesTracking, shippedAt: iso(d.samplesShippedAt), receivedAt: iso(d.samplesReceivedAt) },
    schedule: {
      start: iso(d.scheduleStart),
      end: iso(d.scheduleEnd),
      roomUrl: d.roomUrl,
      proposedBy: party(d.scheduleProposedBy),
      confirmedAt: iso(d.scheduleConfirmedAt),
    },
    report:
      d.reportedAt && d.reportReplayUrl && d.reportStartedAt && d.reportEndedAt
        ? {
            replayUrl: d.reportReplayUrl,
            startedAt: d.reportStartedAt.toISOString(),
            endedAt: d.reportEndedAt.toISOString(),
            views: d.reportViews ?? 0,
            peakViewers: d.reportPeakViewers ?? 0,
            orders: d.reportOrders ?? 0,
            gmvCents: d.reportGmvCents ?? 0,
            screenshots: pics(d.reportScreenshots),
            reportedAt: d.reportedAt.toISOString(),
          }
        : null,
    cancel: {
      requestedBy: party(d.cancelRequestedBy),
      requestReason: d.cancelRequestReason,
      cancelledBy: d.cancelledBy,
      reason: d.cancelReason,
      at: iso(d.cancelledAt),
    },
    confirmedAt: iso(d.confirmedAt),
    autoConfirmed: d.autoConfirmed,
    payoutBps: d.payoutPercent * 100,
    completedAt: iso(d.completedAt),
    disputes: disputes.map((x) => ({
      id: x.id,
      openedBy: party(x.openedBy) ?? 'company',
      reason: x.reason as DealDetail['disputes'][number]['reason'],
      statement: x.statement,
      evidence: pics(x.evidence),
      openedAt: x.openedAt.toISOString(),
      answer: x.answer,
      answerEvidence: pics(x.answerEvidence),
      answeredAt: iso(x.answeredAt),
      outcome: x.outcome as DealDetail['disputes'][number]['outcome'],
      payoutBps: x.percent === null ? null : x.percent * 100,
      decisionReason: x.decisionReason,
      closedAt: iso(x.closedAt),
    })),
    timeline: timeline.map((e) => ({
      id: e.id,
      event: e.event,
      actorRole: e.actorRole as DealRole,
      actorName: nameOf(e.actorRole),
      onBehalf: actedBy(e),
      fromStatus: e.fromStatus as DealState,
      toStatus: e.toStatus as DealState,
      data: e.data,
      at: e.at.toISOString(),
    })),
    reviews: await dealReviewState(db, d, role, now),
    createdAt: d.createdAt.toISOString(),
  };
}

/**
 * The deals of a company or an influencer, newest activity first (my-tasks and /deals): one page in SQL
 * (deals_company_idx / deals_influencer_idx), `total` counted on the same filter (decision 0056).
 */
export async function listMyDeals(
  ctx: AppContext,
  user: AuthUser,
  filter: 'active' | 'closed' | 'all' = 'all',
  q: PageQuery = { page: 1, limit: 50 },
): Promise<ListOf<DealSummary>> {
  const db = ctx.db;
  const env = { now: ctx.clock.now(), settlementHours: (await readSettings(ctx, db)).settlementHours };
  const statusCond =
    filter === 'active'
      ? sql`${deals.status} not in ('completed','cancelled')`
      : filter === 'closed'
        ? sql`${deals.status} in ('completed','cancelled')`
        : undefined;
  const isCompany = user.userType === 'company';
  // the viewer's own party row first: the deals are then filtered on their indexed column
  const [party] = isCompany
    ? await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, user.id)).limit(1)
    : await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, user.id)).limit(1);
  const page = { page: q.page, limit: q.limit };
  if (!party) return { items: [], total: 0, ...page };
  const where = and(
    isCompany ? eq(deals.companyId, party.id) : eq(deals.influencerId, party.id),
    // an agency acting for the influencer sees the deals made under it (decision 0045)
    user.onBehalf ? eq(deals.agencyId, user.onBehalf.agencyId) : undefined,
    statusCond,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(deals).where(where),
    db
      .select({
        d: deals,
        companyName: companies.companyName,
        logoUrl: companies.logoUrl,
        nickname: influencers.nickname,
        avatarUrl: influencers.avatarUrl,
        dispute: { openedBy: dealDisputes.openedBy, answeredAt: dealDisputes.answeredAt },
      })
      .from(deals)
      .innerJoin(companies, eq(companies.id, deals.companyId))
      .innerJoin(influencers, eq(influencers.id, deals.influencerId))
      .leftJoin(dealDisputes, and(eq(dealDisputes.dealId, deals.id), eq(dealDisputes.outcome, 'open')))
      .where(where)
      .orderBy(desc(deals.updatedAt), desc(deals.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const items = rows.map((r) => {
    const facts = factsOf(r.d, r.dispute?.openedBy ? { openedBy: r.dispute.openedBy, answeredAt: r.dispute.answeredAt } : null);
    return {
      id: r.d.id,
      taskId: r.d.taskId,
      taskTitle: r.d.taskTitle,
      status: facts.status,
      rateCents: r.d.rateCents,
      counterpart: isCompany
        ? { id: r.d.influencerId, name: r.nickname, avatarUrl: r.avatarUrl }
        : { id: r.d.companyId, name: r.companyName, avatarUrl: r.logoUrl },
      waitingFor: waitingFor(facts),
      overdue: overdueOf(r.d, env),
      scheduleStart: iso(r.d.scheduleStart),
      updatedAt: r.d.updatedAt.toISOString(),
    };
  });
  return { items, total: Number(total), ...page };
}
