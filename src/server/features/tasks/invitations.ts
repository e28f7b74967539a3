/**
 * 邀请 (issue 14, decision 0025). A company invites an influencer to its open task with a message and an
 * offered rate inside the budget; the influencer accepts (an accepted application filling one of the
 * task's slots, and its deal) or declines with a reason; unanswered, the invitation expires after 72 h
 * (job `invitation.expire`). A task sends at most `invitationDailyLimit` (系统设置) in any 24 hours.
 *
 * Every change locks the task row first, then the invitation (the lock order of every task transition,
 * decision 0004): an acceptance meets a cancel, another acceptance of the last slot or the expiry one
 * after the other, and the later one finds the state the earlier left.
 */
import type { ActedFor } from '../agencies';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { INVITATION_EXPIRY_HOURS } from '../../../shared/options';
import { PRICING_MODELS, formatCents } from '../../../shared/money';
import type {
  AcceptInvitationResponse,
  InvitationForCompany,
  InvitationForInfluencer,
  InvitationResponse,
  InviteRequest,
  TaskInvitationsResponse,
} from '../../../shared/schemas/invitations';
import { DEAL_STATES } from '../../../shared/deals';
import type { Db, DbOrTx } from '../../db/client';
import type { ListOf, PageQuery } from '../../../shared/schemas/common';
import { companies, deals, influencers, taskApplications, taskInvitations, tasks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { registerJob, scheduleJob } from '../../platform/jobs';
import { readSettings } from '../settings';
import { addNotifications, type NewNotification } from '../notifications';
import { emitWebhookEvent } from '../webhooks';
import { LISTED } from '../people/cards';
import { asInvitationStatus } from './cards';
import { companyOf, lockOwnTask, lockTask } from './locks';
import { fillSlot } from './slots';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** invitations the task sent in the 24 hours before `now` (withdrawn ones count: they were sent) */
async function sentToday(db: DbOrTx, taskId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taskInvitations)
    .where(and(eq(taskInvitations.taskId, taskId), gt(taskInvitations.createdAt, new Date(now.getTime() - DAY))));
  return Number(row?.n ?? 0);
}

/** POST /api/task-invitations — the owning company invites a listed influencer to its open task. */
export async function invite(ctx: AppContext, userId: string, input: InviteRequest) {
  const result = await ctx.db.transaction(async (tx) => {
    const { task, company } = await lockOwnTask(tx, input.taskId, userId);
    if (task.status !== 'open') throw new AppError('TASK_NOT_OPEN');
    const now = ctx.clock.now();
    const [inf] = await tx
      .select({ id: influencers.id, userId: influencers.userId, listed: sql<boolean>`${LISTED}` })
      .from(influencers)
      .where(eq(influencers.id, input.influencerId))
      .limit(1);
    if (!inf) throw new AppError('INFLUENCER_NOT_FOUND');
    if (!inf.listed) throw new AppError('INVITATION_INFLUENCER_UNAVAILABLE');
    // stable while the task is locked: every change of an application or invitation locks its task first
    const [applied] = await tx
      .select({ status: taskApplications.status })
      .from(taskApplications)
      .where(and(eq(taskApplications.taskId, task.id), eq(taskApplications.influencerId, inf.id)))
      .limit(1);
    if (applied && (applied.status === 'pending' || applied.status === 'accepted')) throw new AppError('INVITATION_ALREADY_APPLIED');
    const [earlier] = await tx
      .select({ id: taskInvitations.id })
      .from(taskInvitations)
      .where(and(eq(taskInvitations.taskId, task.id), eq(taskInvitations.influencerId, inf.id)))
      .limit(1);
    if (earlier) throw new AppError('INVITATION_DUPLICATE');
    const offeredRateCents = task.pricingModel === 'commission' ? 0 : input.offeredRateCents;
    if (task.pricingModel !== 'commission' && (offeredRateCents < task.budgetMinCents || offeredRateCents > task.budgetMaxCents)) {
      throw new AppError(
        'INVITATION_RATE_OUT_OF_RANGE',
        { min: formatCents(task.budgetMinCents), max: formatCents(task.budgetMaxCents) },
        { offeredRateCents: 'INVITATION_RATE_OUT_OF_RANGE' },
      );
    }
    const { invitationDailyLimit } = await readSettings(ctx, tx);
    if ((await sentToday(tx, task.id, now)) >= invitationDailyLimit) throw new AppError('INVITATION_DAILY_LIMIT', { limit: invitationDailyLimit });
    const expiresAt = new Date(now.getTime() + INVITATION_EXPIRY_HOURS * HOUR);
    const [row] = await tx
      .insert(taskInvitations)
      .values({
        taskId: task.id,
        influencerId: inf.id,
        invitedBy: userId,
        message: input.message,
        offeredRateCents,
        status: 'pending',
        createdAt: now,
        expiresAt,
      })
      .returning();
    await scheduleJob(tx, { kind: 'invitation.expire', key: `invitation:${row.id}:expire`, runAt: expiresAt, payload: { invitationId: row.id } });
    const notes = await addNotifications(
      tx,
      [
        {
          userId: inf.userId,
          type: 'invitation_received',
          params: { company: company.name, task: task.title, rateCents: offeredRateCents },
          link: '/influencer-tasks?tab=invitations',
        },
      ],
      { mail: true },
    );
    return { row, notes };
  });
  return toBase(result.row, null);
}

type InvitationRow = typeof taskInvitations.$inferSelect;
function toBase(r: InvitationRow, dealId: string | null) {
  return {
    id: r.id,
    taskId: r.taskId,
    status: asInvitationStatus(r.status),
    offeredRateCents: r.offeredRateCents,
    message: r.message,
    declineReason: r.declineReason,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    respondedAt: r.respondedAt?.toISOString() ?? null,
    dealId,
  };
}

/** GET /api/task-invitations?taskId= — the owning company's invitations of one task, newest first. */
export async function listTaskInvitations(ctx: AppContext, userId: string, taskId: string, q: PageQuery): Promise<TaskInvitationsResponse> {
  const company = await companyOf(ctx.db, userId);
  const [t] = await ctx.db.select({ companyId: tasks.companyId }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!t) throw new AppError('TASK_NOT_FOUND');
  if (t.companyId !== company.id) throw new AppError('FORBIDDEN');
  // one page in SQL on task_invitations_task_created_idx, `total` on the same filter (decision 0056)
  const where = eq(taskInvitations.taskId, taskId);
  const now = ctx.clock.now();
  const [[{ total }], rows, used, { invitationDailyLimit }] = await Promise.all([
    ctx.db.select({ total: count() }).from(taskInvitations).where(where),
    ctx.db
      .select({ v: taskInvitations, i: influencers, dealId: deals.id })
      .from(taskInvitations)
      .innerJoin(influencers, eq(influencers.id, taskInvitations.influencerId))
      .leftJoin(deals, eq(deals.applicationId, taskInvitations.applicationId))
      .where(where)
      .orderBy(desc(taskInvitations.createdAt), desc(taskInvitations.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    sentToday(ctx.db, taskId, now),
    readSettings(ctx, ctx.db),
  ]);
  const items: InvitationForCompany[] = rows.map(({ v, i, dealId }) => ({
    ...toBase(v, dealId),
    influencer: { id: i.id, nickname: i.nickname, avatarUrl: i.avatarUrl, rating: Number(i.rating), isVerified: i.isVerified },
  }));
  return {
    items,
    total: Number(total),
    page: q.page,
    limit: q.limit,
    perDay: invitationDailyLimit,
    remainingToday: Math.max(0, invitationDailyLimit - used),
  };
}

/** GET /api/me/invitations — the signed-in influencer's invitations, newest first, with their tasks: one page in SQL. */
export async function listMyInvitations(db: Db, userId: string, q: PageQuery): Promise<ListOf<InvitationForInfluencer>> {
  const [inf] = await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
  if (!inf) throw new AppError('INFLUENCER_PROFILE_REQUIRED');
  // task_invitations_influencer_idx (influencer_id, created_at desc)
  const where = eq(taskInvitations.influencerId, inf.id);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(taskInvitations).where(where),
    db
      .select({ v: taskInvitations, t: tasks, companyName: companies.companyName, dealId: deals.id })
      .from(taskInvitations)
      .innerJoin(tasks, eq(tasks.id, taskInvitations.taskId))
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .leftJoin(deals, eq(deals.applicationId, taskInvitations.applicationId))
      .where(where)
      .orderBy(desc(taskInvitations.createdAt), desc(taskInvitations.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const items = rows.map(({ v, t, companyName, dealId }): InvitationForInfluencer => ({
    ...toBase(v, dealId),
    task: {
      id: t.id,
      title: t.title,
      status: t.status === 'in_progress' || t.status === 'completed' || t.status === 'cancelled' ? t.status : 'open',
      budgetMinCents: t.budgetMinCents,
      budgetMaxCents: t.budgetMaxCents,
      liveDate: t.liveDate?.toISOString() ?? null,
      durationHours: Number(t.durationHours),
      location: t.location,
      pricingModel: PRICING_MODELS.find((m) => m === t.pricingModel) ?? 'fixed',
      commissionBps: t.commissionBps,
      slots: t.slots,
      currentApplicants: t.currentApplicants,
      companyId: t.companyId,
      companyName,
    },
  }));
  return { items, total: Number(total), page: q.page, limit: q.limit };
}

/**
 * Reads an invitation's task unlocked (task_id never changes), locks the task, then the invitation. The
 * check of who may act comes after the locks so a stranger learns nothing from timing or codes: 404.
 */
async function lockInvitation(tx: DbOrTx, id: string) {
  if (!isUuid(id)) throw new AppError('INVITATION_NOT_FOUND');
  const [ref] = await tx.select({ taskId: taskInvitations.taskId }).from(taskInvitations).where(eq(taskInvitations.id, id)).limit(1);
  if (!ref) throw new AppError('INVITATION_NOT_FOUND');
  const task = await lockTask(tx, ref.taskId);
  const [inv] = await tx.select().from(taskInvitations).where(eq(taskInvitations.id, id)).for('update').limit(1);
  if (!inv) throw new AppError('INVITATION_NOT_FOUND');
  return { task, inv };
}

async function influencerOf(tx: DbOrTx, userId: string) {
  const [inf] = await tx.select({ id: influencers.id, nickname: influencers.nickname }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
  return inf ?? null;
}

async function ownerUserId(tx: DbOrTx, companyId: string) {
  const [c] = await tx.select({ userId: companies.userId }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return c?.userId ?? null;
}

/** a pending invitation the clock has passed is expired, whether or not its job has run yet */
function checkAnswerable(inv: InvitationRow, now: Date) {
  if (inv.status === 'expired' || (inv.status === 'pending' && inv.expiresAt.getTime() <= now.getTime())) throw new AppError('INVITATION_EXPIRED');
  if (inv.status !== 'pending') throw new AppError('INVITATION_STATE_CONFLICT');
}

/**
 * POST /api/task-invitations/:id/accept — the invited influencer accepts: an accepted application at the
 * offered rate fills one of the task's slots and starts its deal (fillSlot), in one transaction.
 */
export async function acceptInvitation(ctx: AppContext, userId: string, id: string, by: ActedFor | null = null): Promise<AcceptInvitationResponse> {
  const onBehalfAgencyId = by?.agencyId ?? null;
  const actedByUserId = by?.actedByUserId ?? null;
  const result = await ctx.db.transaction(async (tx) => {
    const inf = await influencerOf(tx, userId);
    const { task, inv } = await lockInvitation(tx, id);
    if (!inf || inv.influencerId !== inf.id) throw new AppError('INVITATION_NOT_FOUND');
    const now = ctx.clock.now();
    checkAnswerable(inv, now);
    if (task.status !== 'open') throw new AppError('TASK_NOT_OPEN');
    // one application row per task and influencer: an earlier withdrawn or refused one becomes this acceptance
    const [existing] = await tx
      .select({ id: taskApplications.id, status: taskApplications.status })
      .from(taskApplications)
      .where(and(eq(taskApplications.taskId, task.id), eq(taskApplications.influencerId, inf.id)))
      .limit(1);
    if (existing && (existing.status === 'pending' || existing.status === 'accepted')) throw new AppError('INVITATION_STATE_CONFLICT');
    const values = {
      proposedRateCents: inv.offeredRateCents,
      message: inv.message,
      status: 'accepted',
      appliedAt: now,
      respondedAt: now,
      onBehalfAgencyId,
      actedByUserId,
    };
    const [application] = existing
      ? await tx
          .update(taskApplications)
          .set(values)
          .where(and(eq(taskApplications.id, existing.id), inArray(taskApplications.status, ['withdrawn', 'refused'])))
          .returning()
      : await tx
          .insert(taskApplications)
          .values({ taskId: task.id, influencerId: inf.id, ...values })
          .returning();
    if (!application) throw new AppError('INVITATION_STATE_CONFLICT');
    const [moved] = await tx
      .update(taskInvitations)
      .set({ status: 'accepted', respondedAt: now, applicationId: application.id, onBehalfAgencyId, actedByUserId })
      .where(and(eq(taskInvitations.id, inv.id), eq(taskInvitations.status, 'pending')))
      .returning();
    if (!moved) throw new AppError('INVITATION_STATE_CONFLICT');
    const slot = await fillSlot(ctx, tx, task, application, now, 'influencer');
    const owner = await ownerUserId(tx, task.companyId);
    await emitWebhookEvent(tx, {
      accountIds: [owner, userId],
      type: 'invitation.accepted',
      data: { invitationId: inv.id, taskId: task.id, influencerId: inf.id, dealId: slot.dealId, reason: null },
      at: now,
    });
    const list: NewNotification[] = [];
    if (owner) list.push({ userId: owner, type: 'invitation_accepted', params: { influencer: inf.nickname, task: task.title }, link: `/deal/${slot.dealId}` });
    list.push(...slot.notes);
    return { invitation: moved, dealId: slot.dealId, notes: await addNotifications(tx, list, { mail: true }) };
  });
  const [deal] = await ctx.db.select({ id: deals.id, status: deals.status }).from(deals).where(eq(deals.id, result.dealId)).limit(1);
  return {
    invitation: toBase(result.invitation, result.dealId),
    deal: { id: deal.id, status: DEAL_STATES.find((s) => s === deal.status) ?? 'accepted' },
  };
}

/** POST /api/task-invitations/:id/decline — the invited influencer declines, with a reason the company reads. */
export async function declineInvitation(ctx: AppContext, userId: string, id: string, reason: string, by: ActedFor | null = null): Promise<InvitationResponse> {
  const onBehalfAgencyId = by?.agencyId ?? null;
  const actedByUserId = by?.actedByUserId ?? null;
  const declined = await ctx.db.transaction(async (tx) => {
    const inf = await influencerOf(tx, userId);
    const { task, inv } = await lockInvitation(tx, id);
    if (!inf || inv.influencerId !== inf.id) throw new AppError('INVITATION_NOT_FOUND');
    const now = ctx.clock.now();
    checkAnswerable(inv, now);
    const [moved] = await tx
      .update(taskInvitations)
      .set({ status: 'declined', declineReason: reason, respondedAt: now, onBehalfAgencyId, actedByUserId })
      .where(and(eq(taskInvitations.id, inv.id), eq(taskInvitations.status, 'pending')))
      .returning();
    if (!moved) throw new AppError('INVITATION_STATE_CONFLICT');
    const owner = await ownerUserId(tx, task.companyId);
    await emitWebhookEvent(tx, {
      accountIds: [owner, userId],
      type: 'invitation.declined',
      data: { invitationId: inv.id, taskId: task.id, influencerId: inf.id, dealId: null, reason },
      at: now,
    });
    await addNotifications(
      tx,
      owner ? [{ userId: owner, type: 'invitation_declined', params: { influencer: inf.nickname, task: task.title, reason }, link: `/task/${task.id}` }] : [],
    );
    return moved;
  });
  return { invitation: toBase(declined, null) };
}

/** POST /api/task-invitations/:id/withdraw — the owning company takes back a pending invitation. */
export async function withdrawInvitation(ctx: AppContext, userId: string, id: string): Promise<InvitationResponse> {
  const withdrawn = await ctx.db.transaction(async (tx) => {
    const company = await companyOf(tx, userId);
    const { task, inv } = await lockInvitation(tx, id);
    if (task.companyId !== company.id) throw new AppError('INVITATION_NOT_FOUND');
    if (inv.status !== 'pending') throw new AppError('INVITATION_STATE_CONFLICT');
    const now = ctx.clock.now();
    const [moved] = await tx
      .update(taskInvitations)
      .set({ status: 'withdrawn', respondedAt: now })
      .where(and(eq(taskInvitations.id, inv.id), eq(taskInvitations.status, 'pending')))
      .returning();
    if (!moved) throw new AppError('INVITATION_STATE_CONFLICT');
    const [inf] = await tx.select({ userId: influencers.userId }).from(influencers).where(eq(influencers.id, inv.influencerId)).limit(1);
    await addNotifications(tx, inf ? [{ userId: inf.userId, type: 'invitation_closed', params: { task: task.title }, link: `/task/${task.id}` }] : [], {
      mail: true,
    });
    return moved;
  });
  return { invitation: toBase(withdrawn, null) };
}

// the 72-hour window: an invitation still pending when its job runs expires, and the company is told
registerJob('invitation.expire', async (ctx, tx, job) => {
  const id = String(job.payload.invitationId);
  if (!isUuid(id)) return;
  const [ref] = await tx.select({ taskId: taskInvitations.taskId }).from(taskInvitations).where(eq(taskInvitations.id, id)).limit(1);
  if (!ref) return;
  const task = await lockTask(tx, ref.taskId);
  const [inv] = await tx.select().from(taskInvitations).where(eq(taskInvitations.id, id)).for('update').limit(1);
  if (!inv || inv.status !== 'pending') return;
  const now = ctx.clock.now();
  const [moved] = await tx
    .update(taskInvitations)
    .set({ status: 'expired', respondedAt: now })
    .where(and(eq(taskInvitations.id, id), eq(taskInvitations.status, 'pending')))
    .returning({ id: taskInvitations.id });
  if (!moved) return;
  const [inf] = await tx.select({ nickname: influencers.nickname }).from(influencers).where(eq(influencers.id, inv.influencerId)).limit(1);
  const owner = await ownerUserId(tx, task.companyId);
  await addNotifications(
    tx,
    owner ? [{ userId: owner, type: 'invitation_expired', params: { influencer: inf?.nickname ?? '', task: task.title }, link: `/task/${task.id}` }] : [],
  );
});
