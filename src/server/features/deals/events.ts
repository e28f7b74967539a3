/**
 * The deal room's events (decision 0014). Every change of a deal is one event of the table in
 * src/shared/deals.ts, applied in one transaction that
 *   1. locks the task row, then the deal row (the lock order of every task transition, decision 0004);
 *   2. checks the table (state, role, guards) against the locked row and the platform clock;
 *   3. writes the deal with a conditional update (status and version as read), the timeline entry,
 *      the dispute row, the task's status, notifications and timed jobs — the event's effect (EFFECTS);
 *   4. follows with the event the table names in `then` (confirm → complete) in the same transaction.
 * Mail goes out after the commit.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  canFire,
  followUp,
  DISPUTE_ANSWER_HOURS,
  PAYMENT_WINDOW_HOURS,
  REMINDER_HOURS,
  REPORT_OVERDUE_HOURS,
  type DealEvent,
  type DealRole,
  type DealState,
  DISPUTE_REASONS,
} from '../../../shared/deals';
import type { DbOrTx, Tx } from '../../db/client';
import { dealDisputes, dealEvents, deals, uploads } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { payDealDeposit, payDealFee, refundDeal, settleDeal } from '../money';
import { agencyUserOf, closeFinishedMemberships } from '../agencies';
import { ACTING_PARAM } from '../../../shared/routes';
import { dollars } from '../../../shared/money';
import { scheduleJob } from '../../platform/jobs';
import { addNotifications, type NewNotification } from '../notifications';
import { scheduleReviewsClose } from '../reviews';
import { beijing } from '../../platform/beijingTime';
import { HOUR, factsOf, adminUserIds, type DealRow, type DisputeRow, type Parties } from './model';
import { settleTaskAfterDeal } from './taskSettlement';
import { emitWebhookEvent } from '../webhooks';

/**
 * Who fires an event. Acting on behalf (decision 0045): role influencer and userId the influencer's, with
 * `onBehalfAgencyId` the agency that acted and `uploaders` whose uploads it may attach (the influencer's and the
 * agency user's); `actedByUserId` the agency's staff member who acted (decision 0067).
 */
export type Actor = {
  role: DealRole;
  userId: string | null;
  ip?: string;
  onBehalfAgencyId?: string | null;
  actedByUserId?: string | null;
  uploaders?: string[];
};
export type Outcome = { notes: NewNotification[] };

/** a timed job an event plans (written after the deal row) */
type PlannedJob = { kind: string; key: string; runAt: Date; payload: Record<string, string | number | null> };

/** What an effect reads (the locked deal, the actor, the validated form) and what it adds to (the patch of the deal row, the timeline data, notifications, jobs). */
export type EffectInput = {
  tx: Tx;
  d: DealRow;
  event: DealEvent;
  actor: Actor;
  form: Record<string, unknown>;
  env: { now: Date; settlementHours: number };
  parties: Parties;
  dispute: DisputeRow | null;
  now: Date;
  /** the task's title, for the notifications */
  task: string;
  /** the other party's user id */
  other: string;
  both: string[];
  patch: Partial<typeof deals.$inferInsert>;
  data: Record<string, unknown>;
  notes: NewNotification[];
  tell: (userIds: string[], n: Omit<NewNotification, 'userId' | 'link'>) => void;
  jobsToSchedule: PlannedJob[];
};
type Effect = (x: EffectInput) => Promise<void> | void;

/** screenshots and evidence: images the actor uploaded for a deal (acting on behalf: the influencer's or the agency user's) */
async function checkImages(tx: DbOrTx, ids: string[], actor: Actor) {
  const owners = actor.uploaders ?? (actor.userId ? [actor.userId] : []);
  if (!ids.length) return;
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, unique),
        eq(uploads.purpose, 'deal-file'),
        eq(uploads.kind, 'image'),
        owners.length ? inArray(uploads.ownerUserId, owners) : isNull(uploads.id),
      ),
    );
  if (rows.length !== unique.length) throw new AppError('DEAL_IMAGE_INVALID');
  await tx.update(uploads).set({ claimed: true }).where(inArray(uploads.id, unique));
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

const payFee: Effect = async ({ tx, d, parties, now, task, patch, data, tell }) => {
  await payDealFee(tx, { dealId: d.id, feeCents: d.rateCents, parties, now });
  patch.feeFundedAt = now;
  Object.assign(data, { feeCents: d.rateCents });
  tell([parties.influencerUserId], { type: 'deal_fee_paid', params: { task } });
};

const payDeposit: Effect = async ({ tx, d, parties, now, task, patch, data, tell }) => {
  await payDealDeposit(tx, { dealId: d.id, depositCents: d.depositCents, parties, now });
  patch.depositPaidAt = now;
  Object.assign(data, { depositCents: d.depositCents });
  tell([parties.companyUserId], { type: 'deal_deposit_paid', params: { task } });
};

const funded: Effect = ({ task, both, tell }) => {
  tell(both, { type: 'deal_funded', params: { task } });
};

const shipSamples: Effect = ({ form, parties, now, task, patch, data, tell }) => {
  const f = form as { carrier: string; trackingNo: string };
  Object.assign(patch, { samplesCarrier: f.carrier, samplesTracking: f.trackingNo, samplesShippedAt: now });
  Object.assign(data, { carrier: f.carrier, trackingNo: f.trackingNo });
  tell([parties.influencerUserId], { type: 'deal_samples_shipped', params: { task, carrier: f.carrier, tracking: f.trackingNo } });
};

const receiveSamples: Effect = ({ parties, now, task, patch, tell }) => {
  patch.samplesReceivedAt = now;
  tell([parties.companyUserId], { type: 'deal_samples_received', params: { task } });
};

const proposeSchedule: Effect = ({ actor, form, now, task, other, patch, data, tell }) => {
  const f = form as { start: string; end: string; roomUrl: string };
  const start = new Date(f.start);
  if (start.getTime() <= now.getTime()) throw new AppError('DEAL_SCHEDULE_PAST');
  Object.assign(patch, { scheduleStart: start, scheduleEnd: new Date(f.end), roomUrl: f.roomUrl, scheduleProposedBy: actor.role, scheduleConfirmedAt: null });
  Object.assign(data, { start: start.toISOString(), end: new Date(f.end).toISOString(), roomUrl: f.roomUrl });
  tell([other], { type: 'deal_schedule_proposed', params: { task, start: beijing(start) } });
};

const confirmSchedule: Effect = ({ d, now, task, other, patch, data, tell, jobsToSchedule }) => {
  patch.scheduleConfirmedAt = now;
  const start = d.scheduleStart!;
  const end = d.scheduleEnd!;
  Object.assign(data, { start: start.toISOString() });
  tell([other], { type: 'deal_scheduled', params: { task, start: beijing(start) } });
  for (const h of REMINDER_HOURS) {
    const at = new Date(start.getTime() - h * HOUR);
    if (at.getTime() > now.getTime()) {
      jobsToSchedule.push({
        kind: 'deal.reminder',
        key: `deal:${d.id}:reminder:${h}:${start.toISOString()}`,
        runAt: at,
        payload: { dealId: d.id, start: start.toISOString(), hours: h },
      });
    }
  }
  jobsToSchedule.push({
    kind: 'deal.report_overdue',
    key: `deal:${d.id}:report_overdue:${start.toISOString()}`,
    runAt: new Date(end.getTime() + REPORT_OVERDUE_HOURS * HOUR),
    payload: { dealId: d.id, start: start.toISOString() },
  });
};

const reportLive: Effect = async ({ tx, d, actor, form, env, parties, now, task, patch, data, tell, jobsToSchedule }) => {
  const f = form as {
    replayUrl: string;
    startedAt: string;
    endedAt: string;
    views: number;
    peakViewers: number;
    orders: number;
    gmvCents: number;
    screenshots: string[];
  };
  if (new Date(f.endedAt).getTime() > now.getTime()) throw new AppError('DEAL_REPORT_FUTURE');
  await checkImages(tx, f.screenshots, actor);
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
};

/** confirm, auto_confirm, resolve_complete, resolve_partial */
const confirmed: Effect = async ({ tx, event, actor, form, dispute, now, task, both, patch, data, tell }) => {
  patch.confirmedAt = now;
  if (event === 'auto_confirm') {
    patch.autoConfirmed = true;
    tell(both, { type: 'deal_auto_confirmed', params: { task } });
  }
  if (event === 'resolve_complete' || event === 'resolve_partial') {
    const f = form as { reason: string; payoutBps?: number };
    if (event === 'resolve_partial' && f.payoutBps === undefined) throw new AppError('DEAL_PERCENT_INVALID');
    // the API speaks basis points in whole percents (decision 0053); the deal keeps the whole percent
    const percent = event === 'resolve_partial' ? f.payoutBps! / 100 : 100;
    patch.payoutPercent = percent;
    patch.depositAwarded = Boolean((form as { awardDeposit?: boolean }).awardDeposit);
    await closeDispute(tx, dispute!, { outcome: event === 'resolve_partial' ? 'partial' : 'completed', percent, reason: f.reason, by: actor.userId, now });
    Object.assign(data, { reason: f.reason, percent });
    tell(both, { type: 'deal_resolved', params: { task, reason: f.reason } });
  }
};

const complete: Effect = async ({ tx, d, parties, now, task, both, patch, notes, tell }) => {
  patch.completedAt = now;
  // the money: escrow to the influencer less the platform fee, the commission, the deposit back
  const settled = await settleDeal(tx, d, parties, now);
  Object.assign(patch, settled);
  if (settled.commissionStatus === 'due' && settled.commissionCents) {
    notes.push({ userId: parties.companyUserId, type: 'commission_due', params: { task, amount: dollars(settled.commissionCents) }, link: '/wallet' });
  }
  // the task ends with its last deal (decision 0025)
  await settleTaskAfterDeal(tx, d, 'completed', now);
  // an ending agency membership ends with the last deal made under it (decision 0044)
  if (d.agencyId) await closeFinishedMemberships(tx, d.influencerId, now, d.id);
  tell(both, { type: 'deal_completed', params: { task } });
  // the agency's own money: its share of what was paid now (decision 0060); the influencer's deal_completed reaches it too
  if (d.agencyId && settled.settledAgencyCents) {
    const agencyUserId = await agencyUserOf(tx, d.agencyId);
    if (agencyUserId) {
      notes.push({
        userId: agencyUserId,
        type: 'agency_share_received',
        params: { influencer: parties.nickname, task, amount: dollars(settled.settledAgencyCents) },
        link: `/deal/${d.id}?${ACTING_PARAM}=${d.influencerId}`,
      });
    }
  }
  // each side may now review the other; the window's end reveals whatever was written (decision 0015)
  await scheduleReviewsClose(tx, d.id, now);
};

const dispute: Effect = async ({ tx, d, actor, form, now, task, other, data, tell, jobsToSchedule }) => {
  const f = form as { reason: string; statement: string; evidence: string[] };
  await checkImages(tx, f.evidence, actor);
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
};

const answerDispute: Effect = async ({ tx, actor, form, dispute, now, task, other, tell }) => {
  const f = form as { statement: string; evidence: string[] };
  await checkImages(tx, f.evidence, actor);
  await tx
    .update(dealDisputes)
    .set({ answer: f.statement, answerEvidence: [...new Set(f.evidence)], answeredAt: now })
    .where(and(eq(dealDisputes.id, dispute!.id), isNull(dealDisputes.answeredAt)));
  tell([other], { type: 'deal_dispute_answered', params: { task } });
};

const withdrawDispute: Effect = async ({ tx, d, actor, env, dispute, now, task, other, tell, jobsToSchedule }) => {
  await closeDispute(tx, dispute!, { outcome: 'withdrawn', percent: null, reason: null, by: actor.userId, now });
  tell([other], { type: 'deal_dispute_withdrawn', params: { task } });
  // the confirmation window counts from the report; if it ran out during the dispute, the next round confirms
  jobsToSchedule.push({
    kind: 'deal.auto_confirm',
    key: `deal:${d.id}:auto_confirm:${d.version + 1}`,
    runAt: new Date(Math.max(now.getTime(), d.reportedAt!.getTime() + env.settlementHours * HOUR)),
    payload: { dealId: d.id },
  });
};

/** payment_expired, resolve_cancel, cancel, agree_cancel, admin_cancel */
const cancelled: Effect = async ({ tx, d, event, actor, form, parties, dispute, now, task, other, both, patch, data, tell }) => {
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
  if (d.agencyId) await closeFinishedMemberships(tx, d.influencerId, now, d.id);
  Object.assign(data, { reason });
  tell(actor.role === 'admin' || actor.role === 'system' ? both : [other], {
    type: event === 'resolve_cancel' ? 'deal_resolved' : 'deal_cancelled',
    params: { task, reason },
  });
};

const requestCancel: Effect = ({ actor, form, task, other, patch, data, tell }) => {
  const f = form as { reason: string };
  Object.assign(patch, { cancelRequestedBy: actor.role, cancelRequestReason: f.reason });
  Object.assign(data, { reason: f.reason });
  tell([other], { type: 'deal_cancel_requested', params: { task, reason: f.reason } });
};

const declineCancel: Effect = ({ task, other, patch, tell }) => {
  Object.assign(patch, { cancelRequestedBy: null, cancelRequestReason: null });
  tell([other], { type: 'deal_cancel_declined', params: { task } });
};

const withdrawCancel: Effect = ({ patch }) => {
  Object.assign(patch, { cancelRequestedBy: null, cancelRequestReason: null });
};

/**
 * The effect of each event of the table in src/shared/deals.ts: one entry per event, none without one (the
 * type says so, events.test.ts checks it at run time too). The table decides whether an event may fire and
 * the state it leads to; the effect writes what the event means besides the state.
 */
export const EFFECTS: { readonly [E in DealEvent]: Effect } = {
  pay_fee: payFee,
  pay_deposit: payDeposit,
  funded: funded,
  ship_samples: shipSamples,
  receive_samples: receiveSamples,
  propose_schedule: proposeSchedule,
  confirm_schedule: confirmSchedule,
  report_live: reportLive,
  confirm: confirmed,
  auto_confirm: confirmed,
  resolve_complete: confirmed,
  resolve_partial: confirmed,
  complete: complete,
  dispute: dispute,
  answer_dispute: answerDispute,
  withdraw_dispute: withdrawDispute,
  payment_expired: cancelled,
  resolve_cancel: cancelled,
  cancel: cancelled,
  agree_cancel: cancelled,
  admin_cancel: cancelled,
  request_cancel: requestCancel,
  decline_cancel: declineCancel,
  withdraw_cancel: withdrawCancel,
};

/**
 * The webhook events of one deal event (decision 0042), in the order they happened, to both parties' endpoints:
 * `deal.state_changed` when the state moved, and what the event means besides.
 */
async function emitDealWebhooks(
  tx: Tx,
  x: {
    d: DealRow;
    event: DealEvent;
    from: DealState;
    to: DealState;
    data: Record<string, unknown>;
    patch: Partial<typeof deals.$inferInsert>;
    parties: Parties;
    dispute: DisputeRow | null;
    now: Date;
    actorRole: DealRole;
  },
) {
  const base = { accountIds: [x.parties.companyUserId, x.parties.influencerUserId], dealId: x.d.id, at: x.now };
  const ref = { dealId: x.d.id, taskId: x.d.taskId };
  if (x.event === 'dispute') {
    await emitWebhookEvent(tx, {
      ...base,
      type: 'dispute.opened',
      data: {
        ...ref,
        disputeId: String(x.data.disputeId),
        openedBy: x.actorRole === 'company' ? 'company' : 'influencer',
        reason: DISPUTE_REASONS.find((r) => r === x.data.reason) ?? 'other',
      },
    });
  }
  if ((x.event === 'resolve_complete' || x.event === 'resolve_partial' || x.event === 'resolve_cancel') && x.dispute) {
    const outcome = x.event === 'resolve_complete' ? 'completed' : x.event === 'resolve_partial' ? 'partial' : 'cancelled';
    const payoutBps = (x.event === 'resolve_cancel' ? 0 : Number(x.data.percent ?? 100)) * 100;
    await emitWebhookEvent(tx, { ...base, type: 'dispute.decided', data: { ...ref, outcome, payoutBps, reason: String(x.data.reason ?? '') } });
  }
  if (x.to !== x.from) {
    await emitWebhookEvent(tx, { ...base, type: 'deal.state_changed', data: { ...ref, event: x.event, from: x.from, to: x.to } });
  }
  if (x.event === 'report_live') await emitWebhookEvent(tx, { ...base, type: 'deal.report_submitted', data: ref });
  if (x.event === 'complete') {
    if (x.patch.settledAt) {
      await emitWebhookEvent(tx, {
        ...base,
        type: 'settlement.posted',
        data: {
          ...ref,
          grossCents: x.patch.settledGrossCents ?? 0,
          commissionCents: x.patch.commissionCents ?? null,
          commissionStatus: x.patch.commissionStatus === 'due' || x.patch.commissionStatus === 'paid' ? x.patch.commissionStatus : 'none',
          settledAt: x.now.toISOString(),
        },
      });
    }
    await emitWebhookEvent(tx, { ...base, type: 'deal.completed', data: ref });
  }
}

/**
 * Applies one event to a locked deal. `form` is the validated body. Returns the notifications to
 * mail after the commit. Throws DEAL_STATE_CONFLICT when the conditional update finds the deal moved.
 */
export async function applyEvent(
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
  const jobsToSchedule: PlannedJob[] = [];

  await EFFECTS[event]({ tx, d, event, actor, form, env, parties, dispute, now, task, other, both, patch, data, notes, tell, jobsToSchedule });

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
    onBehalfAgencyId: actor.onBehalfAgencyId ?? null,
    actedByUserId: actor.actedByUserId ?? null,
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
  await emitDealWebhooks(tx, { d, event, from, to, data, patch, parties, dispute, now, actorRole: actor.role });
  await addNotifications(tx, notes, { mail: true });
  const follow = followUp(event);
  // the follow-up fires when its own rule allows it (pay_fee → funded only once the deposit is in too)
  if (follow && canFire(follow, 'system', factsOf(moved, null), env).ok) {
    const next = await applyEvent(ctx, tx, moved, follow, { role: 'system', userId: null }, {}, env, parties, null);
    notes.push(...next.notes);
  }
  return { notes };
}
