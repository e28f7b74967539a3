/** The task page's view counter. */
import { eq, sql } from 'drizzle-orm';
import { tasks, taskViews } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isUuid } from './cards';

const VIEW_WINDOW_MINUTES = 30;

/** Counts one view per visitor per task per 30 minutes (the page calls it once per visit). */
export async function recordView(ctx: AppContext, taskId: string, visitorKey: string): Promise<boolean> {
  if (!isUuid(taskId)) throw new AppError('TASK_NOT_FOUND');
  return ctx.db.transaction(async (tx) => {
    const [task] = await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
    if (!task) throw new AppError('TASK_NOT_FOUND');
    const counted = await tx
      .insert(taskViews)
      .values({ taskId, visitorKey })
      .onConflictDoUpdate({
        target: [taskViews.taskId, taskViews.visitorKey],
        set: { viewedAt: new Date() },
        setWhere: sql`${taskViews.viewedAt} < now() - interval '${sql.raw(String(VIEW_WINDOW_MINUTES))} minutes'`,
      })
      .returning({ taskId: taskViews.taskId });
    if (counted.length === 0) return false;
    await tx
      .update(tasks)
      .set({ viewsCount: sql`${tasks.viewsCount} + 1` })
      .where(eq(tasks.id, taskId));
    return true;
  });
}
