/** GET /api/my/tasks — the company's own tasks, one page at a time. */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CompanyTasksResponse } from '../../../shared/schemas/tasks';
import { type PageQuery } from '../../../shared/schemas/common';
import { type Db } from '../../db/client';
import { taskApplications, tasks } from '../../db/schema';
import { toCard, cardQuery } from './cards';
import { companyOf } from './locks';

/** GET /api/my/tasks — one page of the company's tasks, newest first, with applicant counts, and the counts by status (tasks_company_idx). */
export async function listCompanyTasks(db: Db, userId: string, q: PageQuery): Promise<CompanyTasksResponse> {
  const company = await companyOf(db, userId);
  const [byStatus, rows] = await Promise.all([
    db.select({ status: tasks.status, n: count() }).from(tasks).where(eq(tasks.companyId, company.id)).groupBy(tasks.status),
    cardQuery(db)
      .where(eq(tasks.companyId, company.id))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const counts = { open: 0, in_progress: 0, completed: 0, cancelled: 0 };
  for (const s of byStatus) if (s.status in counts) counts[s.status as keyof typeof counts] = Number(s.n);
  const page = { total: byStatus.reduce((sum, s) => sum + Number(s.n), 0), page: q.page, limit: q.limit, counts };
  if (rows.length === 0) return { items: [], ...page };
  const applicants = await db
    .select({
      taskId: taskApplications.taskId,
      pending: sql<number>`count(*) filter (where ${taskApplications.status} = 'pending')::int`,
      accepted: sql<number>`count(*) filter (where ${taskApplications.status} = 'accepted')::int`,
    })
    .from(taskApplications)
    .where(
      inArray(
        taskApplications.taskId,
        rows.map((r) => r.t.id),
      ),
    )
    .groupBy(taskApplications.taskId);
  const byTask = new Map(applicants.map((c) => [c.taskId, c]));
  return {
    items: rows.map((r) => ({
      ...toCard(r),
      pendingCount: Number(byTask.get(r.t.id)?.pending ?? 0),
      acceptedCount: Number(byTask.get(r.t.id)?.accepted ?? 0),
    })),
    ...page,
  };
}
