/** GET /api/my/tasks — the company's own tasks, one page at a time. */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CompanyTask } from '../../../shared/schemas/tasks';
import { type ListOf, type PageQuery } from '../../../shared/schemas/common';
import { type Db } from '../../db/client';
import { taskApplications, tasks } from '../../db/schema';
import { toCard, cardQuery } from './cards';
import { companyOf } from './locks';

/** GET /api/my/tasks — one page of the company's tasks, newest first, with applicant counts (tasks_company_idx). */
export async function listCompanyTasks(db: Db, userId: string, q: PageQuery): Promise<ListOf<CompanyTask>> {
  const company = await companyOf(db, userId);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(tasks).where(eq(tasks.companyId, company.id)),
    cardQuery(db)
      .where(eq(tasks.companyId, company.id))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const page = { total: Number(n), page: q.page, limit: q.limit };
  if (rows.length === 0) return { items: [], ...page };
  const counts = await db
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
  const byTask = new Map(counts.map((c) => [c.taskId, c]));
  return {
    items: rows.map((r) => ({
      ...toCard(r),
      pendingCount: Number(byTask.get(r.t.id)?.pending ?? 0),
      acceptedCount: Number(byTask.get(r.t.id)?.accepted ?? 0),
    })),
    ...page,
  };
}
