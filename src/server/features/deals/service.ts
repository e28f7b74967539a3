/**
 * The deal room (decision 0014). Every change of a deal is one event of the table in
 * src/shared/deals.ts, applied in one transaction that
 *   1. locks the task row, then the deal row (the lock order of every task transition, decision 0004);
 *   2. checks the table (state, role, guards) against the locked row and the platform clock;
 *   3. writes the deal with a conditional update (status and version as read), the timeline entry,
 *      the dispute row, the task's status, notifications and timed jobs;
 *   4. follows with the event the table names in `then` (confirm → complete) in the same transaction.
 * Mail goes out after the commit.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  canFire,
  eventDef,
  followUp,
  isDealEvent,
  availableEvents,
  waitingFor,
  DISPUTE_ANSWER_HOURS,
  PAYMENT_WINDOW_HOURS,
  REMINDER_HOURS,
  REPORT_OVERDUE_HOURS,
  type DealEvent,
  type DealFacts,
  type DealRole,
  type DealState,
  type PartyRole,
} from '../../../shared/deals';
import { FORMS, type AdminDispute, type AdminDisputesResponse, type DealDetail, type DealSummary } from '../../../shared/schemas/deals';
import type { z } from 'zod';
import type { DeliveredResults } from '../../../shared/schemas/people';
import type { DbOrTx, Tx } from '../../db/client';
import { companies, conversations, dealDisputes, dealEvents, deals, influencers, tasks, uploads, userProfiles } from '../../db/schema';
import { audit, permissionsOf } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError, issuesToError } from '../../platform/errors';
import { createDealConversation, messageFileVisibleTo } from '../messages/service';
import { balanceOf, openDealEscrow, payDealDeposit, payDealFee, refundDeal, settleDeal } from '../money/escrow';
import { computeSettlement, decisionComparison, dollars, dollarsToCents, percentToBps, PRICING_MODELS, type SettlementTerms } from '../../../shared/money';
import { registerJob, scheduleJob } from '../../platform/jobs';
import type { AuthUser } from '../../platform/session';
import { readSettings } from '../admin/settings';
import { addNotifications, mailNotifications, type NewNotification } from '../notifications/service';
import { dealReviewState, scheduleReviewsClose } from '../reviews/service';

const HOUR = 3600_000;

type DealRow = typeof deals.$inferSelect;
type DisputeRow = typeof dealDisputes.$inferSelect;
type Parties = { companyUserId: string; companyName: string; logoUrl: string | null; influencerUserId: string; nickname: string; avatarUrl: string | null };
/** what the guards need of the open dispute */
type OpenDispute = { openedBy: string; answeredAt: Date | null } | null;

/** Beijing time, as the product shows dates in notifications: 2026-12-01 20:00 */
export function beijing(d: Date): string {
  const s = new Date(d.getTime() + 8 * HOUR).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
}

// ---------------------------------------------------------------------------------------------
// creating a deal (called by acceptApplication inside its transaction)

export async function createDeal(
  ctx: AppContext,
  tx: Tx,
  input: {
    task: {
      id: string;
      companyId: string;
      title: string;
      liveDate: Date | null;
      durationHours: number;
      productName: string | null;
      requirements: string[];
      pricingModel: string;
      commissionBps: number;
      requiresDeposit: boolean;
      depositAmount: number | null;
    };
    application: { id: string; influencerId: string; proposedRate: number };
    now: Date;
    /** this deal fills the task's last slot: a prepayment's remainder goes back to the wallet (decision 0025) */
    lastSlot?: boolean;
    /** who made the deal: the company accepting an application, or the influencer accepting an invitation */
    by?: 'company' | 'influencer';
  },
): Promise<string> {
  const id = randomUUID();
  const { task, application, now } = input;
  const settings = await readSettings(ctx, tx);
  const feeCents = task.pricingModel === 'commission' ? 0 : application.proposedRate * 100;
  const depositCents = task.requiresDeposit && task.depositAmount ? dollarsToCents(task.depositAmount) : 0;
  const [parties] = await tx
    .select({ companyUserId: companies.userId, influencerUserId: influencers.userId })
    .from(companies)
    .innerJoin(influencers, eq(influencers.id, application.influencerId))
    .where(eq(companies.id, task.companyId));
  if (!parties) throw new AppError('DEAL_NOT_FOUND');
  await tx.insert(deals).values({
    id,
    taskId: task.id,
    applicationId: application.id,
    companyId: task.companyId,
    influencerId: application.influencerId,
    status: 'awaiting_payment',
    version: 1,
    rateCents: feeCents,
    pricingModel: task.pricingModel,
    commissionBps: task.commissionBps,
    depositCents,
    platformFeeBps: percentToBps(settings.platformFeePercent),
    moneyTracked: true,
    plannedLiveDate: task.liveDate,
    durationHours: task.durationHours,
    productName: task.productName,
    requirements: task.requirements,
    taskTitle: task.title,
    createdAt: now,
    updatedAt: now,
  });
  // a prepayment made at publishing pays the fee first; the rest comes from the company's wallet now
  // when it covers it (hire and fund in one step), else on the deal page (待付款)
  const held = await openDealEscrow(tx, { dealId: id, taskId: task.id, feeCents, parties, now, releaseRest: input.lastSlot ?? true });
  let feeFunded = held >= feeCents;
  if (!feeFunded && (await balanceOf(tx, 'company_available', parties.companyUserId)) >= feeCents - held) {
    await payDealFee(tx, { dealId: id, feeCents, parties, now });
    feeFunded = true;
  }
  const status = feeFunded && depositCents === 0 ? 'accepted' : 'awaiting_payment';
  await tx.update(deals).set({ status, feeFundedAt: feeFunded ? now : null }).where(eq(deals.id, id));
  await tx.insert(dealEvents).values({
    dealId: id,
    version: 1,
    event: 'accept',
    actorRole: input.by ?? 'company',
    fromStatus: status,
    toStatus: status,
    data: { rateCents: feeCents, pricingModel: task.pricingModel, commissionBps: task.commissionBps, depositCents, prepaidCents: held, feeFunded },
    createdAt: now,
  });
  await createDealConversation(tx, { id, companyId: task.companyId, influencerId: application.influencerId }, now);
  if (status === 'awaiting_payment') {
    await scheduleJob(tx, { kind: 'deal.payment_expire', key: `deal:${id}:payment_expire`, runAt: new Date(now.getTime() + PAYMENT_WINDOW_HOURS * HOUR), payload: { dealId: id } });
  }
  return id;
}

/** The deals of a task, oldest first (a task with several slots has one per recruited influencer). */
export async function dealsOfTask(tx: DbOrTx, taskId: string) {
  return tx.select({ id: deals.id, status: deals.status, influencerId: deals.influencerId }).from(deals).where(eq(deals.taskId, taskId)).orderBy(asc(deals.createdAt), asc(deals.id));
}

const dealEnded = (status: string) => status === 'completed' || status === 'cancelled';

/**
 * A deal of the task ended (called inside its transaction; the task row is locked). While the task still
 * recruits, a cancelled deal frees its slot. Once the task no longer recruits (in_progress) and none of its
 * deals is active, the task ends: completed when one of them was, otherwise cancelled. With one slot this
 * is the old rule: the deal's end is the task's (decision 0025).
 */
export async function settleTaskAfterDeal(tx: DbOrTx, deal: { id: string; taskId: string }, outcome: 'completed' | 'cancelled', now: Date) {
  const taskId = deal.taskId;
  const [t] = await tx.select({ status: tasks.status, companyId: tasks.companyId }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!t) return;
  if (t.status === 'open') {
    if (outcome === 'cancelled') {
      await tx
        .update(tasks)
        .set({ currentApplicants: sql`greatest(${tasks.currentApplicants} - 1, 0)`, updatedAt: now })
        .where(and(eq(tasks.id, taskId), eq(tasks.status, 'open')));
    }
    return;
  }
  if (t.status !== 'in_progress') return;
  // the ending deal's own row is written after this (applyEvent's patch): count it as ended
  await endTaskIfDealsEnded(tx, taskId, t.companyId, now, { id: deal.id, status: outcome });
}

/** in_progress with every deal ended: the task becomes completed (one deal was) or cancelled. */
export async function endTaskIfDealsEnded(tx: DbOrTx, taskId: string, companyId: string, now: Date, ending?: { id: string; status: string }) {
  const all = (await dealsOfTask(tx, taskId)).map((d) => (ending && d.id === ending.id ? { ...d, status: ending.status } : d));
  if (all.length === 0 || all.some((d) => !dealEnded(d.status))) return;
  const done = all.some((d) => d.status === 'completed');
  const [moved] = await tx
    .update(tasks)
    .set({ status: done ? 'completed' : 'cancelled', updatedAt: now })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'in_progress')))
    .returning({ id: tasks.id });
  if (moved && done) {
    await tx.update(companies).set({ completedTasks: sql`${companies.completedTasks} + 1` }).where(eq(companies.id, companyId));
  }
}

// ---------------------------------------------------------------------------------------------
// reading

async function openDispute(db: DbOrTx, dealId: string): Promise<DisputeRow | null> {
  const [d] = await db
    .select()
    .from(dealDisputes)
    .where(and(eq(dealDisputes.dealId, dealId), eq(dealDisputes.outcome, 'open')))
    .limit(1);
  return d ?? null;
}

const party = (v: string | null): PartyRole | null => (v === 'company' || v === 'influencer' ? v : null);

function factsOf(d: DealRow, dispute: OpenDispute): DealFacts {
  return {
    status: d.status as DealState,
    scheduleProposedBy: party(d.scheduleProposedBy),
    scheduleStart: d.scheduleStart,
    reportedAt: d.reportedAt,
    cancelRequestedBy: party(d.cancelRequestedBy),
    disputeOpenedBy: dispute ? party(dispute.openedBy) : null,
    disputeAnswered: Boolean(dispute?.answeredAt),
    feeDue: d.moneyTracked && d.rateCents > 0 && !d.feeFundedAt,
    depositDue: d.moneyTracked && d.depositCents > 0 && !d.depositPaidAt,
  };
}

async function partiesOf(db: DbOrTx, d: Pick<DealRow, 'companyId' | 'influencerId'>): Promise<Parties> {
  const [row] = await db
    .select({
      companyUserId: companies.userId,
      companyName: companies.companyName,
      logoUrl: companies.logoUrl,
      influencerUserId: influencers.userId,
      nickname: influencers.nickname,
      avatarUrl: influencers.avatarUrl,
    })
    .from(companies)
    .innerJoin(influencers, eq(influencers.id, d.influencerId))
    .where(eq(companies.id, d.companyId));
  if (!row) throw new AppError('DEAL_NOT_FOUND');
  return row;
}

/**
 * The viewer's side of a deal: the company, the influencer, an admin holding 任务管理 — or nobody
 * (404, so a stranger cannot even learn that the deal exists).
 */
async function viewerRole(db: DbOrTx, user: AuthUser, parties: Parties): Promise<'company' | 'influencer' | 'admin'> {
  if (user.userType === 'admin') {
    if ((await permissionsOf(db, user.id)).includes('task_management')) return 'admin';
    throw new AppError('DEAL_NOT_FOUND');
  }
  if (user.userType === 'company' && parties.companyUserId === user.id) return 'company';
  if (user.userType === 'influencer' && parties.influencerUserId === user.id) return 'influencer';
  throw new AppError('DEAL_NOT_FOUND');
}

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

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function imagesOf(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; url: string }>();
  const rows = await db.select({ id: uploads.id, url: uploads.url }).from(uploads).where(inArray(uploads.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** the deal's money as the deal page shows it: terms, what is held, the estimate or the settlement */
async function moneyOf(db: DbOrTx, d: DealRow, p: Parties): Promise<DealDetail['money']> {
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
    decision: d.moneyTracked && d.payoutPercent !== 100 ? { percent: d.payoutPercent, ...decisionComparison(terms, d.payoutPercent) } : null,
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
      at: dealEvents.createdAt,
    })
    .from(dealEvents)
    .where(eq(dealEvents.dealId, d.id))
    .orderBy(dealEvents.version);
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
    actions: availableEvents(role, facts, env),
    waitingFor: waitingFor(facts),
    settlementHours: settings.settlementHours,
    money: await moneyOf(db, d, info),
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
    influencer: { id: d.influencerId, nickname: info.nickname, avatarUrl: info.avatarUrl },
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
    payoutPercent: d.payoutPercent,
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
      percent: x.percent,
      decisionReason: x.decisionReason,
      closedAt: iso(x.closedAt),
    })),
    timeline: timeline.map((e) => ({
      id: e.id,
      event: e.event,
      actorRole: e.actorRole as DealRole,
      actorName: nameOf(e.actorRole),
      fromStatus: e.fromStatus as DealState,
      toStatus: e.toStatus as DealState,
      data: e.data,
      at: e.at.toISOString(),
    })),
    reviews: await dealReviewState(db, d, role, now),
    createdAt: d.createdAt.toISOString(),
  };
}

/** The deals of a company or an influencer, newest activity first (my-tasks and /deals). */
export async function listMyDeals(db: DbOrTx, user: AuthUser, filter: 'active' | 'closed' | 'all' = 'all'): Promise<DealSummary[]> {
  const statusCond =
    filter === 'active'
      ? sql`${deals.status} not in ('completed','cancelled')`
      : filter === 'closed'
        ? sql`${deals.status} in ('completed','cancelled')`
        : undefined;
  const isCompany = user.userType === 'company';
  const rows = await db
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
    .where(and(isCompany ? eq(companies.userId, user.id) : eq(influencers.userId, user.id), statusCond))
    .orderBy(desc(deals.updatedAt))
    .limit(200);
  return rows.map((r) => {
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
      scheduleStart: iso(r.d.scheduleStart),
      updatedAt: r.d.updatedAt.toISOString(),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// firing events

type Actor = { role: DealRole; userId: string | null; ip?: string };
type Outcome = { notes: NewNotification[] };

async function lockDeal(tx: DbOrTx, id: string): Promise<DealRow> {
  // task_id never changes: reading it unlocked is safe; then the task row, then the deal row
  const [ref] = await tx.select({ taskId: deals.taskId }).from(deals).where(eq(deals.id, id)).limit(1);
  if (!ref) throw new AppError('DEAL_NOT_FOUND');
  await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, ref.taskId)).for('update');
  const [d] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
  if (!d) throw new AppError('DEAL_NOT_FOUND');
  return d;
}

async function adminUserIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx.select({ id: userProfiles.userId }).from(userProfiles).where(eq(userProfiles.userType, 'admin'));
  return rows.map((r) => r.id);
}

/** screenshots and evidence: images this user uploaded for a deal */
async function checkImages(tx: DbOrTx, ids: string[], userId: string | null) {
  if (!ids.length) return;
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, unique), eq(uploads.purpose, 'deal-file'), eq(uploads.kind, 'image'), userId ? eq(uploads.ownerUserId, userId) : isNull(uploads.id)));
  if (rows.length !== unique.length) throw new AppError('DEAL_IMAGE_INVALID');
  await tx.update(uploads).set({ claimed: true }).where(inArray(uploads.id, unique));
}

function parseForm<F extends keyof typeof FORMS>(form: F, body: unknown): z.infer<(typeof FORMS)[F]> {
  const r = FORMS[form].safeParse(body ?? {});
  if (!r.success) throw issuesToError(r.error.issues);
  return r.data as z.infer<(typeof FORMS)[F]>;
}

/**
 * Applies one event to a locked deal. `form` is the validated body. Returns the notifications to
 * mail after the commit. Throws DEAL_STATE_CONFLICT when the conditional update finds the deal moved.
 */
async function applyEvent(
  ctx: AppContext,
  tx: Tx,
  d: DealRow,
  event: DealEvent,
  actor: Actor,
  form: Record<string, unknown>,
  env: { now: Date; settlementHours: number },
  parties: Parties,
  dispute: DisputeRow | null,
): Promise<Outcome> {
  const verdict = canFire(event, actor.role, factsOf(d, dispute), env);
  if (!verdict.ok) throw new AppError(verdict.code);
  const { now } = env;
  const from = d.status as DealState;
  const to = verdict.to;
  const changesState = to !== from;
  const patch: Partial<typeof deals.$inferInsert> = { status: to, version: d.version + 1, updatedAt: now };
  // a pending cancellation request lapses when the deal moves to another state
  if (changesState) Object.assign(patch, { cancelRequestedBy: null, cancelRequestReason: null });
  const data: Record<string, unknown> = {};
  const notes: NewNotification[] = [];
  const link = `/deal/${d.id}`;
  const task = d.taskTitle;
  const other = actor.role === 'company' ? parties.influencerUserId : parties.companyUserId;
  const both = [parties.companyUserId, parties.influencerUserId];
  const tell = (userIds: string[], n: Omit<NewNotification, 'userId' | 'link'>) => {
    for (const userId of userIds) notes.push({ ...n, userId, link } as NewNotification);
  };
  const jobsToSchedule: { kind: string; key: string; runAt: Date; payload: Record<string, string | number | null> }[] = [];

  switch (event) {
    case 'pay_fee':
      await payDealFee(tx, { dealId: d.id, feeCents: d.rateCents, parties, now });
      patch.feeFundedAt = now;
      Object.assign(data, { feeCents: d.rateCents });
      tell([parties.influencerUserId], { type: 'deal_fee_paid', params: { task } });
      break;
    case 'pay_deposit':
      await payDealDeposit(tx, { dealId: d.id, depositCents: d.depositCents, parties, now });
      patch.depositPaidAt = now;
      Object.assign(data, { depositCents: d.depositCents });
      tell([parties.companyUserId], { type: 'deal_deposit_paid', params: { task } });
      break;
    case 'funded':
      tell(both, { type: 'deal_funded', params: { task } });
      break;
    case 'ship_samples': {
      const f = form as { carrier: string; trackingNo: string };
      Object.assign(patch, { samplesCarrier: f.carrier, samplesTracking: f.trackingNo, samplesShippedAt: now });
      Object.assign(data, { carrier: f.carrier, trackingNo: f.trackingNo });
      tell([parties.influencerUserId], { type: 'deal_samples_shipped', params: { task, carrier: f.carrier, tracking: f.trackingNo } });
      break;
    }
    case 'receive_samples':
      patch.samplesReceivedAt = now;
      tell([parties.companyUserId], { type: 'deal_samples_received', params: { task } });
      break;
    case 'propose_schedule': {
      const f = form as { start: string; end: string; roomUrl: string };
      const start = new Date(f.start);
      if (start.getTime() <= now.getTime()) throw new AppError('DEAL_SCHEDULE_PAST');
      Object.assign(patch, { scheduleStart: start, scheduleEnd: new Date(f.end), roomUrl: f.roomUrl, scheduleProposedBy: actor.role, scheduleConfirmedAt: null });
      Object.assign(data, { start: start.toISOString(), end: new Date(f.end).toISOString(), roomUrl: f.roomUrl });
      tell([other], { type: 'deal_schedule_proposed', params: { task, start: beijing(start) } });
      break;
    }
    case 'confirm_schedule': {
      patch.scheduleConfirmedAt = now;
      const start = d.scheduleStart!;
      const end = d.scheduleEnd!;
      Object.assign(data, { start: start.toISOString() });
      tell([other], { type: 'deal_scheduled', params: { task, start: beijing(start) } });
      for (const h of REMINDER_HOURS) {
        const at = new Date(start.getTime() - h * HOUR);
        if (at.getTime() > now.getTime()) {
          jobsToSchedule.push({ kind: 'deal.reminder', key: `deal:${d.id}:reminder:${h}:${start.toISOString()}`, runAt: at, payload: { dealId: d.id, start: start.toISOString(), hours: h } });
        }
      }
      jobsToSchedule.push({
        kind: 'deal.report_overdue',
        key: `deal:${d.id}:report_overdue:${start.toISOString()}`,
        runAt: new Date(end.getTime() + REPORT_OVERDUE_HOURS * HOUR),
        payload: { dealId: d.id, start: start.toISOString() },
      });
      break;
    }
    case 'report_live': {
      const f = form as { replayUrl: string; startedAt: string; endedAt: string; views: number; peakViewers: number; orders: number; gmvCents: number; screenshots: string[] };
      if (new Date(f.endedAt).getTime() > now.getTime()) throw new AppError('DEAL_REPORT_FUTURE');
      await checkImages(tx, f.screenshots, actor.userId);
      Object.assign(patch, {
        reportReplayUrl: f.replayUrl,
        reportStartedAt: new Date(f.startedAt),
        reportEndedAt: new Date(f.endedAt),
        reportViews: f.views,
        reportPeakViewers: f.peakViewers,
        reportOrders: f.orders,
        reportGmvCents: f.gmvCents,
        reportScreenshots: [...new Set(f.screenshots)],
        reportedAt: now,
      });
      Object.assign(data, { views: f.views, orders: f.orders, gmvCents: f.gmvCents });
      tell([parties.companyUserId], { type: 'deal_reported', params: { task, hours: env.settlementHours } });
      jobsToSchedule.push({
        kind: 'deal.auto_confirm',
        key: `deal:${d.id}:auto_confirm:${d.version + 1}`,
        runAt: new Date(now.getTime() + env.settlementHours * HOUR),
        payload: { dealId: d.id },
      });
      break;
    }
    case 'confirm':
    case 'auto_confirm':
    case 'resolve_complete':
    case 'resolve_partial': {
      patch.confirmedAt = now;
      if (event === 'auto_confirm') {
        patch.autoConfirmed = true;
        tell(both, { type: 'deal_auto_confirmed', params: { task } });
      }
      if (event === 'resolve_complete' || event === 'resolve_partial') {
        const f = form as { reason: string; percent?: number };
        if (event === 'resolve_partial' && f.percent === undefined) throw new AppError('DEAL_PERCENT_INVALID');
        const percent = event === 'resolve_partial' ? f.percent! : 100;
        patch.payoutPercent = percent;
        patch.depositAwarded = Boolean((form as { awardDeposit?: boolean }).awardDeposit);
        await closeDispute(tx, dispute!, { outcome: event === 'resolve_partial' ? 'partial' : 'completed', percent, reason: f.reason, by: actor.userId, now });
        Object.assign(data, { reason: f.reason, percent });
        tell(both, { type: 'deal_resolved', params: { task, reason: f.reason } });
      }
      break;
    }
    case 'complete': {
      patch.completedAt = now;
      // the money: escrow to the influencer less the platform fee, the commission, the deposit back
      const settled = await settleDeal(tx, d, parties, now);
      Object.assign(patch, settled);
      if (settled.commissionStatus === 'due' && settled.commissionCents) {
        notes.push({ userId: parties.companyUserId, type: 'commission_due', params: { task, amount: dollars(settled.commissionCents) }, link: '/wallet' });
      }
      // the task ends with its last deal (decision 0025)
      await settleTaskAfterDeal(tx, d, 'completed', now);
      tell(both, { type: 'deal_completed', params: { task } });
      // each side may now review the other; the window's end reveals whatever was written (decision 0015)
      await scheduleReviewsClose(tx, d.id, now);
      break;
    }
    case 'dispute': {
      const f = form as { reason: string; statement: string; evidence: string[] };
      await checkImages(tx, f.evidence, actor.userId);
      const [row] = await tx
        .insert(dealDisputes)
        .values({ dealId: d.id, openedBy: actor.role, reason: f.reason, statement: f.statement, evidence: [...new Set(f.evidence)], openedAt: now })
        .returning({ id: dealDisputes.id });
      Object.assign(data, { reason: f.reason, disputeId: row!.id });
      tell([other, ...(await adminUserIds(tx))], { type: 'deal_disputed', params: { task } });
      jobsToSchedule.push({
        kind: 'deal.dispute_overdue',
        key: `deal:${d.id}:dispute_overdue:${row!.id}`,
        runAt: new Date(now.getTime() + DISPUTE_ANSWER_HOURS * HOUR),
        payload: { dealId: d.id, disputeId: row!.id },
      });
      break;
    }
    case 'answer_dispute': {
      const f = form as { statement: string; evidence: string[] };
      await checkImages(tx, f.evidence, actor.userId);
      await tx
        .update(dealDisputes)
        .set({ answer: f.statement, answerEvidence: [...new Set(f.evidence)], answeredAt: now })
        .where(and(eq(dealDisputes.id, dispute!.id), isNull(dealDisputes.answeredAt)));
      tell([other], { type: 'deal_dispute_answered', params: { task } });
      break;
    }
    case 'withdraw_dispute': {
      await closeDispute(tx, dispute!, { outcome: 'withdrawn', percent: null, reason: null, by: actor.userId, now });
      tell([other], { type: 'deal_dispute_withdrawn', params: { task } });
      // the confirmation window counts from the report; if it ran out during the dispute, the next round confirms
      jobsToSchedule.push({
        kind: 'deal.auto_confirm',
        key: `deal:${d.id}:auto_confirm:${d.version + 1}`,
        runAt: new Date(Math.max(now.getTime(), d.reportedAt!.getTime() + env.settlementHours * HOUR)),
        payload: { dealId: d.id },
      });
      break;
    }
    case 'payment_expired':
    case 'resolve_cancel':
    case 'cancel':
    case 'agree_cancel':
    case 'admin_cancel': {
      const reason =
        event === 'agree_cancel'
          ? (d.cancelRequestReason ?? '')
          : event === 'payment_expired'
            ? `${PAYMENT_WINDOW_HOURS} 小时内未完成付款`
            : String((form as { reason?: string }).reason ?? '');
      Object.assign(patch, { cancelledAt: now, cancelledBy: actor.role, cancelReason: reason });
      if (event === 'resolve_cancel') {
        await closeDispute(tx, dispute!, { outcome: 'cancelled', percent: 0, reason, by: actor.userId, now });
        patch.payoutPercent = 0;
        patch.depositAwarded = Boolean((form as { awardDeposit?: boolean }).awardDeposit);
      }
      // the escrow goes back to the company; the deposit back to the influencer unless awarded
      await refundDeal(tx, { id: d.id, depositAwarded: Boolean(patch.depositAwarded) }, parties, now);
      // a recruiting task gets its slot back; otherwise the task ends with its last deal (decision 0025)
      await settleTaskAfterDeal(tx, d, 'cancelled', now);
      Object.assign(data, { reason });
      tell(actor.role === 'admin' || actor.role === 'system' ? both : [other], {
        type: event === 'resolve_cancel' ? 'deal_resolved' : 'deal_cancelled',
        params: { task, reason },
      });
      break;
    }
    case 'request_cancel': {
      const f = form as { reason: string };
      Object.assign(patch, { cancelRequestedBy: actor.role, cancelRequestReason: f.reason });
      Object.assign(data, { reason: f.reason });
      tell([other], { type: 'deal_cancel_requested', params: { task, reason: f.reason } });
      break;
    }
    case 'decline_cancel':
      Object.assign(patch, { cancelRequestedBy: null, cancelRequestReason: null });
      tell([other], { type: 'deal_cancel_declined', params: { task } });
      break;
    case 'withdraw_cancel':
      Object.assign(patch, { cancelRequestedBy: null, cancelRequestReason: null });
      break;
  }

  const [moved] = await tx
    .update(deals)
    .set(patch)
    .where(and(eq(deals.id, d.id), eq(deals.status, from), eq(deals.version, d.version)))
    .returning();
  if (!moved) throw new AppError('DEAL_STATE_CONFLICT');
  await tx.insert(dealEvents).values({
    dealId: d.id,
    version: d.version + 1,
    event,
    actorRole: actor.role,
    actorId: actor.userId,
    fromStatus: from,
    toStatus: to,
    data,
    createdAt: now,
  });
  for (const j of jobsToSchedule) await scheduleJob(tx, j);
  if (actor.role === 'admin' && actor.userId) {
    await audit(tx, {
      adminId: actor.userId,
      action: `deal_${event}`,
      description: `订单「${task}」：${event}`,
      targetType: 'deal',
      targetId: d.id,
      before: { status: from },
      after: { status: to, ...data },
      ip: actor.ip ?? null,
    });
  }
  await addNotifications(tx, notes);
  const follow = followUp(event);
  // the follow-up fires when its own rule allows it (pay_fee → funded only once the deposit is in too)
  if (follow && canFire(follow, 'system', factsOf(moved, null), env).ok) {
    const next = await applyEvent(ctx, tx, moved, follow, { role: 'system', userId: null }, {}, env, parties, null);
    notes.push(...next.notes);
  }
  return { notes };
}

async function closeDispute(
  tx: DbOrTx,
  dispute: DisputeRow,
  r: { outcome: 'withdrawn' | 'completed' | 'partial' | 'cancelled'; percent: number | null; reason: string | null; by: string | null; now: Date },
) {
  await tx
    .update(dealDisputes)
    .set({ outcome: r.outcome, percent: r.percent, decisionReason: r.reason, decidedBy: r.outcome === 'withdrawn' ? null : r.by, closedAt: r.now })
    .where(and(eq(dealDisputes.id, dispute.id), eq(dealDisputes.outcome, 'open')));
}

/**
 * POST /api/deals/:id/events/:event — a party or an admin fires an event. System events (auto_confirm,
 * complete) are refused here: only the platform fires them.
 */
export async function fireDealEvent(ctx: AppContext, user: AuthUser, id: string, event: string, body: unknown, meta: { ip: string }) {
  if (!isDealEvent(event)) throw new AppError('NOT_FOUND');
  const def = eventDef(event);
  const form: Record<string, unknown> = def.form ? { ...parseForm(def.form, body) } : {};
  const settings = await readSettings(ctx, ctx.db);
  const isAdmin = user.userType === 'admin' && (await permissionsOf(ctx.db, user.id)).includes('task_management');
  const notes = await ctx.db.transaction(async (tx) => {
    const d = await lockDeal(tx, id);
    const parties = await partiesOf(tx, d);
    const role = isAdmin ? 'admin' : await viewerRole(tx, user, parties);
    const dispute = await openDispute(tx, d.id);
    const env = { now: ctx.clock.now(), settlementHours: settings.settlementHours };
    const out = await applyEvent(ctx, tx, d, event, { role, userId: user.id, ip: meta.ip }, form, env, parties, dispute);
    return out.notes;
  });
  await mailNotifications(ctx, notes);
}

/**
 * The company's cancel of a task with deals (my-tasks) is each active deal's `cancel` event: allowed
 * before the live, with the deal's rules (one deal past it refuses the whole cancel). Called inside the
 * task's transaction (task row locked). Each deal's end also moves the task (settleTaskAfterDeal).
 */
export async function cancelDealsOfTask(ctx: AppContext, tx: Tx, taskId: string, companyUserId: string, reason: string): Promise<NewNotification[]> {
  const notes: NewNotification[] = [];
  const active = (await dealsOfTask(tx, taskId)).filter((x) => !dealEnded(x.status));
  if (active.length === 0) return notes;
  const settings = await readSettings(ctx, tx);
  for (const ref of active) {
    const [d] = await tx.select().from(deals).where(eq(deals.id, ref.id)).for('update');
    if (!d || dealEnded(d.status)) continue;
    const out = await applyEvent(
      ctx,
      tx,
      d,
      'cancel',
      { role: 'company', userId: companyUserId },
      { reason },
      { now: ctx.clock.now(), settlementHours: settings.settlementHours },
      await partiesOf(tx, d),
      await openDispute(tx, d.id),
    );
    notes.push(...out.notes);
  }
  return notes;
}

// ---------------------------------------------------------------------------------------------
// timed jobs

registerJob('deal.payment_expire', async (ctx, tx, job) => {
  const d = await lockDeal(tx, String(job.payload.dealId));
  if (d.status !== 'awaiting_payment') return;
  const settings = await readSettings(ctx, tx);
  const out = await applyEvent(ctx, tx, d, 'payment_expired', { role: 'system', userId: null }, {}, { now: ctx.clock.now(), settlementHours: settings.settlementHours }, await partiesOf(tx, d), null);
  return () => mailNotifications(ctx, out.notes);
});

registerJob('deal.auto_confirm', async (ctx, tx, job) => {
  const dealId = String(job.payload.dealId);
  const d = await lockDeal(tx, dealId);
  if (d.status !== 'reported') return;
  const settings = await readSettings(ctx, tx);
  const env = { now: ctx.clock.now(), settlementHours: settings.settlementHours };
  const verdict = canFire('auto_confirm', 'system', factsOf(d, null), env);
  if (!verdict.ok) {
    // the window was lengthened since the job was planned: plan it again for the new end
    if (d.reportedAt) {
      await scheduleJob(tx, {
        kind: 'deal.auto_confirm',
        key: `deal:${d.id}:auto_confirm:${d.version}:${settings.settlementHours}`,
        runAt: new Date(d.reportedAt.getTime() + settings.settlementHours * HOUR),
        payload: { dealId: d.id },
      });
    }
    return;
  }
  const out = await applyEvent(ctx, tx, d, 'auto_confirm', { role: 'system', userId: null }, {}, env, await partiesOf(tx, d), null);
  return () => mailNotifications(ctx, out.notes);
});

registerJob('deal.reminder', async (ctx, tx, job) => {
  const [d] = await tx.select().from(deals).where(eq(deals.id, String(job.payload.dealId))).limit(1);
  if (!d || d.status !== 'scheduled' || d.scheduleStart?.toISOString() !== job.payload.start) return;
  const parties = await partiesOf(tx, d);
  const notes = await addNotifications(
    tx,
    [parties.companyUserId, parties.influencerUserId].map((userId) => ({
      userId,
      type: 'deal_reminder' as const,
      params: { task: d.taskTitle, start: beijing(d.scheduleStart!), hours: Number(job.payload.hours) },
      link: `/deal/${d.id}`,
    })),
  );
  return () => mailNotifications(ctx, notes);
});

registerJob('deal.report_overdue', async (ctx, tx, job) => {
  const [d] = await tx.select().from(deals).where(eq(deals.id, String(job.payload.dealId))).limit(1);
  if (!d || d.status !== 'scheduled' || d.scheduleStart?.toISOString() !== job.payload.start) return;
  const parties = await partiesOf(tx, d);
  const to = [parties.companyUserId, parties.influencerUserId, ...(await adminUserIds(tx))];
  const notes = await addNotifications(
    tx,
    to.map((userId) => ({ userId, type: 'deal_report_overdue' as const, params: { task: d.taskTitle }, link: `/deal/${d.id}` })),
  );
  return () => mailNotifications(ctx, notes);
});

registerJob('deal.dispute_overdue', async (ctx, tx, job) => {
  const [x] = await tx.select().from(dealDisputes).where(eq(dealDisputes.id, String(job.payload.disputeId))).limit(1);
  if (!x || x.outcome !== 'open' || x.answeredAt) return;
  const [d] = await tx.select().from(deals).where(eq(deals.id, x.dealId)).limit(1);
  if (!d) return;
  const parties = await partiesOf(tx, d);
  const to = [parties.companyUserId, parties.influencerUserId, ...(await adminUserIds(tx))];
  const notes = await addNotifications(
    tx,
    to.map((userId) => ({ userId, type: 'deal_dispute_overdue' as const, params: { task: d.taskTitle }, link: `/deal/${d.id}` })),
  );
  return () => mailNotifications(ctx, notes);
});

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
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(dealDisputes).where(where);
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


/**
 * A deal file for GET /api/deal-files/:id: its uploader, admins with 任务管理, and the two parties of a
 * deal that attaches it (report screenshots, dispute evidence) may read it; anyone else gets null (404).
 */
export async function readDealFile(ctx: AppContext, user: AuthUser, id: string) {
  const [u] = await ctx.db
    .select({ ownerUserId: uploads.ownerUserId, storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.purpose, 'deal-file')))
    .limit(1);
  if (!u) return null;
  let allowed = u.ownerUserId === user.id;
  if (!allowed && user.userType === 'admin') allowed = (await permissionsOf(ctx.db, user.id)).includes('task_management');
  if (!allowed) {
    const [hit] = await ctx.db
      .select({ id: deals.id })
      .from(deals)
      .innerJoin(companies, eq(companies.id, deals.companyId))
      .innerJoin(influencers, eq(influencers.id, deals.influencerId))
      .leftJoin(dealDisputes, eq(dealDisputes.dealId, deals.id))
      .where(
        and(
          user.userType === 'company' ? eq(companies.userId, user.id) : eq(influencers.userId, user.id),
          sql`(${id}::uuid = any(${deals.reportScreenshots}) or ${id}::uuid = any(${dealDisputes.evidence}) or ${id}::uuid = any(${dealDisputes.answerEvidence}))`,
        ),
      )
      .limit(1);
    allowed = Boolean(hit) || (await messageFileVisibleTo(ctx.db, user, id));
  }
  return allowed ? ctx.storage.get(u.storageKey) : null;
}

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
  return { lives: Number(r?.lives ?? 0), avgViews: Number(r?.avgViews ?? 0), avgGmvCents: Number(r?.avgGmvCents ?? 0), totalGmvCents: Number(r?.totalGmvCents ?? 0) };
}
