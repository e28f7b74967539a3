/** The company ends a task: cancel, stop recruiting (结束招募), complete one without a deal (decision 0004, 0025). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { companies, tasks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { cancelDealsOfTask, dealsOfTask, endTaskIfDealsEnded } from '../deals';
import { refundTaskPrepayment } from '../money';
import { addNotifications, type NewNotification } from '../notifications';
import { lockOwnTask, influencerUserIds } from './locks';
import { stopRecruiting, stoppedNotes } from './slots';
import { getTaskDetail, type TaskViewer } from './detail';
import type { TaskDetailResponse } from '../../../shared/schemas/tasks';

/** Company: cancel an open or in-progress task; its deals are cancelled, pending applications refused, invitations closed, all told. */
export async function cancelTask(ctx: AppContext, user: TaskViewer, taskId: string): Promise<TaskDetailResponse> {
  const userId = user.id;
  await ctx.db.transaction(async (tx) => {
    const { task } = await lockOwnTask(tx, taskId, userId);
    const now = ctx.clock.now();
    if (task.status !== 'open' && task.status !== 'in_progress') throw new AppError('TASK_STATE_CONFLICT');
    const list: NewNotification[] = [];
    const hadDeals = (await dealsOfTask(tx, task.id)).length > 0;
    if (hadDeals) {
      // each active deal's `cancel` (before the live only): the deal's event tells its influencer and moves
      // the task once its last deal has ended (decision 0025)
      // (its notifications and mail are written by the event itself: not added again here)
      await cancelDealsOfTask(ctx, tx, task.id, userId, '企业取消了任务');
    }
    const { refused, closed } = await stopRecruiting(tx, task.id, now);
    // a task whose deals all ended is completed (one was) or cancelled; one without deals is cancelled
    if (hadDeals) {
      await tx
        .update(tasks)
        .set({ status: 'in_progress', updatedAt: now })
        .where(and(eq(tasks.id, task.id), eq(tasks.status, 'open')));
      await endTaskIfDealsEnded(tx, task.id, task.companyId, now);
    } else {
      const [moved] = await tx
        .update(tasks)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(tasks.id, task.id), inArray(tasks.status, ['open', 'in_progress'])))
        .returning({ id: tasks.id });
      if (!moved) throw new AppError('TASK_STATE_CONFLICT');
    }
    await refundTaskPrepayment(tx, { taskId: task.id, companyUserId: userId, now, createdBy: userId });
    // a task accepted before deals existed has only its selected influencer to tell
    if (!hadDeals && task.status === 'in_progress' && task.selectedInfluencerId) refused.push(task.selectedInfluencerId);
    const users = await influencerUserIds(tx, [...refused, ...closed]);
    for (const id of refused) {
      const uid = users.get(id);
      if (uid) list.push({ userId: uid, type: 'task_cancelled', params: { task: task.title }, link: `/task/${task.id}` });
    }
    for (const id of closed) {
      const uid = users.get(id);
      if (uid) list.push({ userId: uid, type: 'invitation_closed', params: { task: task.title }, link: `/task/${task.id}` });
    }
    return addNotifications(tx, list, { mail: true });
  });
  return getTaskDetail(ctx.db, taskId, user);
}

/**
 * Company: a task with several slots stops recruiting before all are filled (结束招募). Needs one filled
 * slot; pending applications are refused, invitations closed, the rest of a prepayment returned; the task
 * is in progress (or ends at once when its deals already have).
 */
export async function closeRecruiting(ctx: AppContext, user: TaskViewer, taskId: string): Promise<TaskDetailResponse> {
  const userId = user.id;
  await ctx.db.transaction(async (tx) => {
    const { task } = await lockOwnTask(tx, taskId, userId);
    const now = ctx.clock.now();
    if (task.status !== 'open') throw new AppError('TASK_STATE_CONFLICT');
    if ((await dealsOfTask(tx, task.id)).length === 0 || task.currentApplicants < 1) throw new AppError('TASK_RECRUITING_NONE');
    const [moved] = await tx
      .update(tasks)
      .set({ status: 'in_progress', updatedAt: now })
      .where(and(eq(tasks.id, task.id), eq(tasks.status, 'open')))
      .returning({ id: tasks.id });
    if (!moved) throw new AppError('TASK_STATE_CONFLICT');
    const stopped = await stopRecruiting(tx, task.id, now);
    await refundTaskPrepayment(tx, { taskId: task.id, companyUserId: userId, now, createdBy: userId });
    await endTaskIfDealsEnded(tx, task.id, task.companyId, now);
    return addNotifications(tx, await stoppedNotes(tx, task, stopped), { mail: true });
  });
  return getTaskDetail(ctx.db, taskId, user);
}

/** Company: complete an in-progress task without a deal (a task with deals completes with its last deal). */
export async function completeTask(ctx: AppContext, user: TaskViewer, taskId: string): Promise<TaskDetailResponse> {
  const userId = user.id;
  await ctx.db.transaction(async (tx) => {
    const { task, company } = await lockOwnTask(tx, taskId, userId);
    // a task with a deal completes when its live report is confirmed (the deal room), not by this button
    if (task.status === 'in_progress' && (await dealsOfTask(tx, task.id)).length > 0) throw new AppError('DEAL_COMPLETE_IN_DEAL');
    const [moved] = await tx
      .update(tasks)
      .set({ status: 'completed', updatedAt: ctx.clock.now() })
      .where(and(eq(tasks.id, task.id), eq(tasks.status, 'in_progress')))
      .returning({ id: tasks.id });
    if (!moved) throw new AppError('TASK_STATE_CONFLICT');
    await tx
      .update(companies)
      .set({ completedTasks: sql`${companies.completedTasks} + 1` })
      .where(eq(companies.id, company.id));
    const users = await influencerUserIds(tx, task.selectedInfluencerId ? [task.selectedInfluencerId] : []);
    const uid = task.selectedInfluencerId ? users.get(task.selectedInfluencerId) : undefined;
    return addNotifications(tx, uid ? [{ userId: uid, type: 'task_completed' as const, params: { task: task.title }, link: `/task/${task.id}` }] : [], {
      mail: true,
    });
  });
  return getTaskDetail(ctx.db, taskId, user);
}
