/** Filling a task's places (decision 0025): from an accepted application or invitation, and the stop of recruiting at the last one. */
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, type Tx } from '../../db/client';
import { companies, taskApplications, taskInvitations, tasks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createDeal } from '../deals';
import { type NewNotification } from '../notifications';
import { emitWebhookEvent } from '../webhooks';
import { influencerUserIds } from './locks';

/**
 * A task stops recruiting (its last slot filled, recruiting ended, cancelled): its pending applications are
 * refused and its pending invitations closed, each with responded_at; returns whom to tell.
 */
export async function stopRecruiting(tx: DbOrTx, taskId: string, now: Date) {
  const refused = await tx
    .update(taskApplications)
    .set({ status: 'refused', respondedAt: now })
    .where(and(eq(taskApplications.taskId, taskId), eq(taskApplications.status, 'pending')))
    .returning({ influencerId: taskApplications.influencerId });
  const closed = await tx
    .update(taskInvitations)
    .set({ status: 'closed', respondedAt: now })
    .where(and(eq(taskInvitations.taskId, taskId), eq(taskInvitations.status, 'pending')))
    .returning({ influencerId: taskInvitations.influencerId });
  return { refused: refused.map((r) => r.influencerId), closed: closed.map((r) => r.influencerId) };
}

export async function stoppedNotes(tx: DbOrTx, task: { id: string; title: string }, stopped: { refused: string[]; closed: string[] }) {
  const users = await influencerUserIds(tx, [...stopped.refused, ...stopped.closed]);
  const link = `/task/${task.id}`;
  const list: NewNotification[] = [];
  for (const id of stopped.refused) {
    const uid = users.get(id);
    if (uid) list.push({ userId: uid, type: 'application_refused', params: { task: task.title }, link });
  }
  for (const id of stopped.closed) {
    const uid = users.get(id);
    if (uid) list.push({ userId: uid, type: 'invitation_closed', params: { task: task.title }, link });
  }
  return list;
}

type TaskRow = typeof tasks.$inferSelect;

/**
 * One slot of a locked, open task is filled by an accepted application (the caller moved or wrote it):
 * the slot is counted, the deal starts with the agreed terms, and when it was the last slot the task is
 * in progress and stops recruiting (pending applications refused, invitations closed). Returns the deal
 * and whom to tell besides the accepted influencer. Every caller holds the task's row lock, so two
 * acceptances of the last slot run one after the other and the second finds the task no longer open.
 */
export async function fillSlot(
  ctx: AppContext,
  tx: Tx,
  task: TaskRow,
  application: { id: string; influencerId: string; proposedRateCents: number },
  now: Date,
  by: 'company' | 'influencer',
): Promise<{ dealId: string; full: boolean; notes: NewNotification[] }> {
  if (task.status !== 'open') throw new AppError('TASK_NOT_OPEN');
  const filled = task.currentApplicants + 1;
  const full = filled >= task.slots;
  const [moved] = await tx
    .update(tasks)
    .set({
      status: full ? 'in_progress' : 'open',
      selectedInfluencerId: sql`coalesce(${tasks.selectedInfluencerId}, ${application.influencerId}::uuid)`,
      currentApplicants: filled,
      updatedAt: now,
    })
    .where(and(eq(tasks.id, task.id), eq(tasks.status, 'open'), eq(tasks.currentApplicants, task.currentApplicants)))
    .returning({ id: tasks.id });
  if (!moved) throw new AppError('TASK_STATE_CONFLICT');
  // the deal (订单) starts here, with the agreed terms, in the same transaction
  const dealId = await createDeal(ctx, tx, { task, application, now, lastSlot: full, by });
  if (!full) return { dealId, full, notes: [] };
  const notes = await stoppedNotes(tx, task, await stopRecruiting(tx, task.id, now));
  const [owner] = await tx.select({ userId: companies.userId }).from(companies).where(eq(companies.id, task.companyId));
  if (task.slots > 1 && owner) {
    notes.push({ userId: owner.userId, type: 'task_slots_filled', params: { task: task.title, slots: task.slots }, link: `/task/${task.id}` });
  }
  await emitWebhookEvent(tx, { accountIds: [owner?.userId], type: 'task.filled', data: { taskId: task.id, slots: task.slots }, at: now });
  return { dealId, full, notes };
}
