/** GET /api/my/tasks — the company's own tasks. */
import { desc, eq, sql } from 'drizzle-orm';
import { type CompanyTask } from '../../../shared/schemas/tasks';
import { type Db } from '../../db/client';
import { taskApplications, tasks } from '../../db/schema';
import { toCard, cardQuery } from './cards';
import { companyOf } from './locks';

/** GET /api/my/tasks — the company's tasks, newest first, with applicant counts (one query). */
export async function listCompanyTasks(db: Db, userId: string): Promise<CompanyTask[]> {
  const company = await companyOf(db, userId);
  const rows = await cardQuery(db).where(eq(tasks.companyId, company.id)).orderBy(desc(tasks.createdAt)).limit(500);
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      taskId: taskApplications.taskId,
      pending: sql<number>`count(*) filter (where ${taskApplications.status} = 'pending')::int`,
      accepted: sql<number>`count(*) filter (where ${taskApplications.status} = 'accepted')::int`,
    })
    .from(taskApplications)
    .innerJoin(tasks, eq(tasks.id, taskApplications.taskId))
    .where(eq(tasks.companyId, company.id))
    .groupBy(taskApplications.taskId);
  const byTask = new Map(counts.map((c) => [c.taskId, c]));
  return rows.map((r) => ({
    ...toCard(r),
    pendingCount: Number(byTask.get(r.t.id)?.pending ?? 0),
    acceptedCount: Number(byTask.get(r.t.id)?.accepted ?? 0),
  }));
}
