/** An influencer applies, withdraws; the company accepts or refuses (decision 0004). */
import type { ActedFor } from '../agencies';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type AcceptApplicationResponse, type ApplyRequest } from '../../../shared/schemas/tasks';
import { APPLICATION_STATUSES } from '../../../shared/options';
import { DEAL_STATES, type DealState } from '../../../shared/deals';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { companies, deals, influencers, taskApplications, taskInvitations } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { addNotifications, type NewNotification } from '../notifications';
import { emitWebhookEvent } from '../webhooks';
import { isUuid } from './cards';
import { lockTask, lockOwnTask, influencerUserIds } from './locks';
import { fillSlot } from './slots';
import { formatCents } from '../../../shared/money';

/** Moves one application from `from` to `to` if it is still `from`; the moved row, or null. */
export async function moveApplication(tx: DbOrTx, applicationId: string, from: 'pending' | 'withdrawn', set: Partial<typeof taskApplications.$inferInsert>) {
  const [row] = await tx
    .update(taskApplications)
    .set(set)
    .where(and(eq(taskApplications.id, applicationId), eq(taskApplications.status, from)))
    .returning();
  return row ?? null;
}

/**
 * POST /api/task-applications — an influencer applies. The task row is locked, so concurrent
 * applications never exceed max_applicants; the unique index (task, influencer) refuses duplicates.
 * An influencer who withdrew may apply again while the task is open and not full: the same row goes
 * back to pending (new quote and message, applied now) and the company is told as for a new one.
 */
export async function apply(ctx: AppContext, userId: string, input: ApplyRequest, by: ActedFor | null = null) {
  const onBehalfAgencyId = by?.agencyId ?? null;
  const actedByUserId = by?.actedByUserId ?? null;
  const result = await ctx.db.transaction(async (tx) => {
    const [inf] = await tx.select({ id: influencers.id, nickname: influencers.nickname }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
    if (!inf) throw new AppError('INFLUENCER_PROFILE_REQUIRED');
    const task = await lockTask(tx, input.taskId);
    // stable while the task is locked: every change of an application locks its task first
    const [existing] = await tx
      .select({ id: taskApplications.id, status: taskApplications.status })
      .from(taskApplications)
      .where(and(eq(taskApplications.taskId, task.id), eq(taskApplications.influencerId, inf.id)))
      .limit(1);
    if (existing && existing.status !== 'withdrawn') throw new AppError('APPLICATION_DUPLICATE');
    if (task.status !== 'open') throw new AppError('TASK_NOT_OPEN');
    // invited: the answer is the invitation's (it carries the company's offer)
    const [invited] = await tx
      .select({ id: taskInvitations.id })
      .from(taskInvitations)
      .where(and(eq(taskInvitations.taskId, task.id), eq(taskInvitations.influencerId, inf.id), eq(taskInvitations.status, 'pending')))
      .limit(1);
    if (invited) throw new AppError('INVITATION_PENDING');
    // commission only: there is no fee to propose
    if (task.pricingModel === 'commission') input = { ...input, proposedRateCents: 0 };
    else if (input.proposedRateCents < task.budgetMinCents || input.proposedRateCents > task.budgetMaxCents) {
      throw new AppError(
        'QUOTE_OUT_OF_RANGE',
        { min: formatCents(task.budgetMinCents), max: formatCents(task.budgetMaxCents) },
        { proposedRateCents: 'QUOTE_OUT_OF_RANGE' },
      );
    }
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(taskApplications)
      .where(and(eq(taskApplications.taskId, task.id), ne(taskApplications.status, 'withdrawn')));
    if (Number(n) >= task.maxApplicants) throw new AppError('TASK_FULL');
    const app = existing
      ? await moveApplication(tx, existing.id, 'withdrawn', {
          status: 'pending',
          proposedRateCents: input.proposedRateCents,
          message: input.message,
          appliedAt: ctx.clock.now(),
          respondedAt: null,
          onBehalfAgencyId,
          actedByUserId,
        })
      : (
          await tx
            .insert(taskApplications)
            .values({
              taskId: task.id,
              influencerId: inf.id,
              proposedRateCents: input.proposedRateCents,
              message: input.message,
              status: 'pending',
              onBehalfAgencyId,
              actedByUserId,
            })
            .returning()
        )[0];
    if (!app) throw new AppError('APPLICATION_DUPLICATE');
    const [owner] = await tx.select({ userId: companies.userId }).from(companies).where(eq(companies.id, task.companyId));
    await emitWebhookEvent(tx, {
      accountIds: [owner?.userId, userId],
      type: 'application.created',
      data: { applicationId: app.id, taskId: task.id, influencerId: inf.id, proposedRateCents: input.proposedRateCents, status: 'pending' },
      at: ctx.clock.now(),
    });
    const notes = await addNotifications(
      tx,
      [
        {
          userId: owner.userId,
          type: existing ? 'application_resubmitted' : 'application_received',
          params: { influencer: inf.nickname, task: task.title, rateCents: input.proposedRateCents },
          link: `/task/${task.id}`,
        },
      ],
      { mail: true },
    );
    return { app, notes };
  });
  return result.app;
}

export const applyOnce = async (ctx: AppContext, userId: string, input: ApplyRequest, by: ActedFor | null = null) => {
  try {
    return await apply(ctx, userId, input, by);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('APPLICATION_DUPLICATE');
    throw err;
  }
};

/**
 * Locks the application's task (task first, then the application: the one lock order); only the
 * owning company may decide; only pending ones (the caller's update is conditional as well).
 */
async function lockApplicationForCompany(tx: DbOrTx, applicationId: string, userId: string) {
  if (!isUuid(applicationId)) throw new AppError('APPLICATION_NOT_FOUND');
  // task_id never changes: reading it unlocked is safe
  const [a] = await tx.select({ taskId: taskApplications.taskId }).from(taskApplications).where(eq(taskApplications.id, applicationId)).limit(1);
  if (!a) throw new AppError('APPLICATION_NOT_FOUND');
  const { task } = await lockOwnTask(tx, a.taskId, userId);
  const [fresh] = await tx.select().from(taskApplications).where(eq(taskApplications.id, applicationId)).for('update').limit(1);
  if (!fresh || fresh.status !== 'pending') throw new AppError('APPLICATION_STATE_CONFLICT');
  return { application: fresh, task };
}

/**
 * Accept: the application becomes accepted and fills one of the task's slots (fillSlot): with one slot,
 * every other pending application is refused and the task is in progress, as before; with N slots that
 * happens at the N-th. Exactly one accept of the last slot wins.
 */
export async function acceptApplication(ctx: AppContext, userId: string, applicationId: string): Promise<AcceptApplicationResponse> {
  const { accepted, dealId } = await ctx.db.transaction(async (tx) => {
    const { application, task } = await lockApplicationForCompany(tx, applicationId, userId);
    if (task.status !== 'open') throw new AppError('TASK_STATE_CONFLICT');
    const now = ctx.clock.now();
    const moved = await moveApplication(tx, application.id, 'pending', { status: 'accepted', respondedAt: now });
    if (!moved) throw new AppError('APPLICATION_STATE_CONFLICT');
    const slot = await fillSlot(ctx, tx, task, application, now, 'company');
    const users = await influencerUserIds(tx, [application.influencerId]);
    const list: NewNotification[] = [];
    const acceptedUser = users.get(application.influencerId);
    if (acceptedUser) {
      list.push({ userId: acceptedUser, type: 'application_accepted', params: { task: task.title }, link: `/deal/${slot.dealId}` });
    }
    list.push(...slot.notes);
    await addNotifications(tx, list, { mail: true });
    return { accepted: moved, dealId: slot.dealId };
  });
  const [deal] = await ctx.db.select({ id: deals.id, status: deals.status }).from(deals).where(eq(deals.id, dealId)).limit(1);
  return { application: decidedOf(accepted), deal: { id: deal.id, status: asDealState(deal.status) } };
}

/** The application as a decision answers it. */
export function decidedOf(a: typeof taskApplications.$inferSelect) {
  return {
    id: a.id,
    taskId: a.taskId,
    influencerId: a.influencerId,
    status: APPLICATION_STATUSES.find((s) => s === a.status) ?? 'pending',
    proposedRateCents: a.proposedRateCents,
    respondedAt: a.respondedAt?.toISOString() ?? null,
  };
}
const asDealState = (s: string): DealState => DEAL_STATES.find((x) => x === s) ?? 'accepted';

export async function refuseApplication(ctx: AppContext, userId: string, applicationId: string) {
  const refused = await ctx.db.transaction(async (tx) => {
    const { application, task } = await lockApplicationForCompany(tx, applicationId, userId);
    const refused = await moveApplication(tx, application.id, 'pending', { status: 'refused', respondedAt: ctx.clock.now() });
    if (!refused) throw new AppError('APPLICATION_STATE_CONFLICT');
    const users = await influencerUserIds(tx, [application.influencerId]);
    const uid = users.get(application.influencerId);
    await addNotifications(tx, uid ? [{ userId: uid, type: 'application_refused' as const, params: { task: task.title }, link: `/task/${task.id}` }] : [], {
      mail: true,
    });
    return refused;
  });
  return { application: decidedOf(refused) };
}

/**
 * The applicant withdraws a pending application. It locks the task first like every other
 * transition, so it never meets an accept or refuse of the same application half-way.
 */
export async function withdrawApplication(ctx: AppContext, userId: string, applicationId: string) {
  if (!isUuid(applicationId)) throw new AppError('APPLICATION_NOT_FOUND');
  const withdrawn = await ctx.db.transaction(async (tx) => {
    const [inf] = await tx.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
    // task_id and influencer_id never change: reading them unlocked is safe
    const [a] = await tx
      .select({ taskId: taskApplications.taskId, influencerId: taskApplications.influencerId })
      .from(taskApplications)
      .where(eq(taskApplications.id, applicationId))
      .limit(1);
    if (!a || !inf || a.influencerId !== inf.id) throw new AppError('APPLICATION_NOT_FOUND');
    const task = await lockTask(tx, a.taskId);
    const now = ctx.clock.now();
    const moved = await moveApplication(tx, applicationId, 'pending', { status: 'withdrawn', respondedAt: now });
    if (!moved) throw new AppError('APPLICATION_STATE_CONFLICT');
    const [owner] = await tx.select({ userId: companies.userId }).from(companies).where(eq(companies.id, task.companyId));
    await emitWebhookEvent(tx, {
      accountIds: [owner?.userId, userId],
      type: 'application.withdrawn',
      data: { applicationId, taskId: task.id, influencerId: inf.id, proposedRateCents: moved.proposedRateCents, status: 'withdrawn' },
      at: now,
    });
    return moved;
  });
  return { application: decidedOf(withdrawn) };
}
