/**
 * 分类管理 and 任务管理 (permission task_management): the category tree with soft delete and its two
 * refusals, and the task list with deletion (refused while a deal is open). Every write commits
 * with its audit row; the public category list and the hall are invalidated after the commit.
 */
import { pageOfAll, type PageQuery } from '../../../shared/schemas/common';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminCategoriesResponse,
  AdminCategory,
  AdminTaskDetail,
  AdminTaskListQuery,
  AdminTaskRow,
  AdminTasksResponse,
  CategoryInput,
} from '../../../shared/schemas/adminTasks';
import { TASK_STATUSES, type TaskStatus } from '../../../shared/options';
import type { DbOrTx } from '../../db/client';
import { companies, influencers, taskApplications, taskCategories, tasks } from '../../db/schema';
import { audit, changedFields } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { refundTaskPrepayment } from '../money';
import { dealsOfTask } from '../deals';
import { addNotifications, type NewNotification } from '../notifications';
import { isUuid } from '../../../shared/ids';

type Meta = { ip: string };

// ---------------------------------------------------------------- categories

type CategoryRow = typeof taskCategories.$inferSelect;
const toCategory = (c: CategoryRow, taskCount: number): AdminCategory => ({
  id: c.id,
  name: c.name,
  nameEn: c.nameEn,
  description: c.description,
  icon: c.icon,
  sortOrder: c.sortOrder,
  level: c.level,
  parentId: c.parentId,
  isActive: c.isActive,
  createdAt: c.createdAt.toISOString(),
  taskCount,
});

/** GET /api/admin/categories: every category (inactive too), sort_order then created_at, with its task count. */
export async function listAdminCategories(db: DbOrTx, q: PageQuery): Promise<AdminCategoriesResponse> {
  const [rows, counts] = await Promise.all([
    db.select().from(taskCategories).orderBy(asc(taskCategories.sortOrder), asc(taskCategories.createdAt)),
    db.select({ id: tasks.categoryId, n: count() }).from(tasks).groupBy(tasks.categoryId),
  ]);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return pageOfAll(
    rows.map((c) => toCategory(c, byId.get(c.id) ?? 0)),
    q,
  );
}

/** the parent must exist and sit on a lower level; level 1 has none */
async function checkParent(tx: DbOrTx, input: CategoryInput, selfId?: string) {
  if (input.level === 1) {
    if (input.parentId) throw new AppError('CATEGORY_PARENT_INVALID', undefined, { parentId: 'CATEGORY_PARENT_INVALID' });
    return null;
  }
  if (!input.parentId) throw new AppError('CATEGORY_PARENT_REQUIRED', undefined, { parentId: 'CATEGORY_PARENT_REQUIRED' });
  if (input.parentId === selfId) throw new AppError('CATEGORY_PARENT_INVALID', undefined, { parentId: 'CATEGORY_PARENT_INVALID' });
  const [parent] = await tx.select().from(taskCategories).where(eq(taskCategories.id, input.parentId)).limit(1);
  if (!parent || parent.level >= input.level) throw new AppError('CATEGORY_PARENT_INVALID', undefined, { parentId: 'CATEGORY_PARENT_INVALID' });
  return parent;
}

type CategoryFields = Pick<CategoryInput, 'name' | 'nameEn' | 'description' | 'icon' | 'sortOrder' | 'level' | 'parentId' | 'isActive'>;
const fieldsOf = (input: CategoryFields) => ({
  name: input.name,
  nameEn: input.nameEn,
  description: input.description,
  icon: input.icon,
  sortOrder: input.sortOrder,
  level: input.level,
  parentId: input.level === 1 ? null : (input.parentId ?? null),
  isActive: input.isActive,
});

export async function createCategory(ctx: AppContext, adminId: string, input: CategoryInput, meta: Meta) {
  const row = await ctx.db.transaction(async (tx) => {
    await checkParent(tx, input);
    const [created] = await tx.insert(taskCategories).values(fieldsOf(input)).returning();
    await audit(tx, {
      adminId,
      action: 'category_create',
      description: `创建分类：${created.name}`,
      targetType: 'category',
      targetId: created.id,
      after: fieldsOf(input),
      ip: meta.ip,
    });
    return created;
  });
  ctx.publicCache.invalidate('tasks');
  return toCategory(row, 0);
}

async function lockCategory(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(taskCategories).where(eq(taskCategories.id, id)).for('update').limit(1);
  if (!row) throw new AppError('CATEGORY_NOT_FOUND');
  return row;
}

export async function updateCategory(ctx: AppContext, adminId: string, id: string, input: CategoryInput, meta: Meta) {
  const { row, taskCount } = await ctx.db.transaction(async (tx) => {
    const current = await lockCategory(tx, id);
    await checkParent(tx, input, id);
    // the subcategories must stay deeper than their parent
    const children = await tx.select({ level: taskCategories.level }).from(taskCategories).where(eq(taskCategories.parentId, id));
    if (children.some((c) => c.level <= input.level)) throw new AppError('CATEGORY_CHILD_LEVEL', undefined, { level: 'CATEGORY_CHILD_LEVEL' });
    const next = fieldsOf(input);
    const diff = changedFields(fieldsOf(current), next);
    const [updated] = await tx.update(taskCategories).set(next).where(eq(taskCategories.id, id)).returning();
    if (diff.changed) {
      await audit(tx, {
        adminId,
        action: 'category_update',
        description: `修改分类：${updated.name}`,
        targetType: 'category',
        targetId: id,
        before: diff.before,
        after: diff.after,
        ip: meta.ip,
      });
    }
    const [{ n }] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.categoryId, id));
    return { row: updated, taskCount: n };
  });
  ctx.publicCache.invalidate('tasks');
  return toCategory(row, taskCount);
}

/** Soft delete (is_active false). Refused while it has active subcategories or any task uses it. */
export async function deleteCategory(ctx: AppContext, adminId: string, id: string, meta: Meta) {
  await ctx.db.transaction(async (tx) => {
    const current = await lockCategory(tx, id);
    const [[children], [used]] = await Promise.all([
      tx
        .select({ n: count() })
        .from(taskCategories)
        .where(and(eq(taskCategories.parentId, id), eq(taskCategories.isActive, true))),
      tx.select({ n: count() }).from(tasks).where(eq(tasks.categoryId, id)),
    ]);
    if (children.n > 0) throw new AppError('CATEGORY_HAS_CHILDREN');
    if (used.n > 0) throw new AppError('CATEGORY_IN_USE');
    await tx.update(taskCategories).set({ isActive: false }).where(eq(taskCategories.id, id));
    await audit(tx, {
      adminId,
      action: 'category_delete',
      description: `删除分类：${current.name}`,
      targetType: 'category',
      targetId: id,
      before: { isActive: current.isActive },
      after: { isActive: false },
      ip: meta.ip,
    });
  });
  ctx.publicCache.invalidate('tasks');
}

// ---------------------------------------------------------------- tasks

const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  status: tasks.status,
  companyId: tasks.companyId,
  companyName: companies.companyName,
  categoryName: taskCategories.name,
  categoryNameEn: taskCategories.nameEn,
  selectedInfluencer: influencers.nickname,
  applicationsCount: sql<number>`(select count(*)::int from task_applications a where a.task_id = "tasks"."id")`,
  budgetMinCents: tasks.budgetMinCents,
  budgetMaxCents: tasks.budgetMaxCents,
  liveDate: tasks.liveDate,
  createdAt: tasks.createdAt,
};

function taskQuery(db: DbOrTx) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .leftJoin(taskCategories, eq(taskCategories.id, tasks.categoryId))
    .leftJoin(influencers, eq(influencers.id, tasks.selectedInfluencerId));
}
type TaskRow = Awaited<ReturnType<ReturnType<typeof taskQuery>['execute']>>[number];

const asStatus = (s: string): TaskStatus => ((TASK_STATUSES as readonly string[]).includes(s) ? (s as TaskStatus) : 'open');
const toTaskRow = (r: TaskRow): AdminTaskRow => ({
  ...r,
  status: asStatus(r.status),
  applicationsCount: Number(r.applicationsCount),
  liveDate: r.liveDate?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/admin/tasks: status filter, search (title, product, description — or a task id), newest first, paginated in SQL. */
export async function listAdminTasks(db: DbOrTx, q: AdminTaskListQuery): Promise<AdminTasksResponse> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(tasks.status, q.status));
  const term = q.search?.trim().toLowerCase();
  if (term) {
    if (isUuid(term)) where.push(eq(tasks.id, term));
    else where.push(sql`${tasks.searchText} like ${'%' + term.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    taskQuery(db)
      .where(cond)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(tasks).where(cond),
  ]);
  return { items: rows.map(toTaskRow), total, page: q.page, limit: q.limit };
}

/** GET /api/admin/tasks/:id: the task with every applicant. */
export async function getAdminTask(db: DbOrTx, id: string): Promise<AdminTaskDetail> {
  const [[row], [extra], applicants] = await Promise.all([
    taskQuery(db).where(eq(tasks.id, id)).limit(1),
    db
      .select({
        description: tasks.description,
        productName: tasks.productName,
        requirements: tasks.requirements,
        location: tasks.location,
        maxApplicants: tasks.maxApplicants,
        viewsCount: tasks.viewsCount,
      })
      .from(tasks)
      .where(eq(tasks.id, id))
      .limit(1),
    db
      .select({
        id: taskApplications.id,
        influencerId: taskApplications.influencerId,
        nickname: influencers.nickname,
        proposedRateCents: taskApplications.proposedRateCents,
        message: taskApplications.message,
        status: taskApplications.status,
        appliedAt: taskApplications.appliedAt,
      })
      .from(taskApplications)
      .innerJoin(influencers, eq(influencers.id, taskApplications.influencerId))
      .where(eq(taskApplications.taskId, id))
      .orderBy(asc(taskApplications.appliedAt)),
  ]);
  if (!row || !extra) throw new AppError('TASK_NOT_FOUND');
  return { ...toTaskRow(row), ...extra, applicants: applicants.map((a) => ({ ...a, appliedAt: a.appliedAt.toISOString() })) };
}

/**
 * DELETE /api/admin/tasks/:id. Locks the task row first (the lock order of every task transition),
 * so an accept or an application that meets it runs before or after, never half. Refused while a
 * deal is open (an accepted application: in_progress, or a deal of a task still recruiting). The company and every applicant are told.
 */
export async function deleteAdminTask(ctx: AppContext, adminId: string, id: string, meta: Meta) {
  await ctx.db.transaction(async (tx) => {
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update').limit(1);
    if (!task) throw new AppError('TASK_NOT_FOUND');
    if (task.status === 'in_progress') throw new AppError('TASK_DEAL_OPEN');
    // a task still recruiting for more places may already have deals running (decision 0025)
    if ((await dealsOfTask(tx, id)).some((d) => d.status !== 'completed' && d.status !== 'cancelled')) throw new AppError('TASK_DEAL_OPEN');
    const [company] = await tx.select({ userId: companies.userId, name: companies.companyName }).from(companies).where(eq(companies.id, task.companyId));
    const applicants = await tx
      .select({ userId: influencers.userId })
      .from(taskApplications)
      .innerJoin(influencers, eq(influencers.id, taskApplications.influencerId))
      .where(eq(taskApplications.taskId, id));
    // an open task's prepayment goes back to the company before the task goes
    if (company) await refundTaskPrepayment(tx, { taskId: id, companyUserId: company.userId, now: ctx.clock.now(), createdBy: adminId });
    await tx.delete(tasks).where(eq(tasks.id, id));
    await audit(tx, {
      adminId,
      action: 'task_delete',
      description: `删除任务：${task.title}（${company?.name ?? task.companyId}）`,
      targetType: 'task',
      targetId: id,
      before: { title: task.title, status: task.status, companyId: task.companyId, company: company?.name ?? null, applications: applicants.length },
      after: null,
      ip: meta.ip,
    });
    const userIds = [...new Set([company?.userId, ...applicants.map((a) => a.userId)].filter((u): u is string => Boolean(u)))];
    const list: NewNotification[] = userIds.map((userId) => ({ userId, type: 'task_deleted', params: { task: task.title } }));
    return addNotifications(tx, list, { mail: true });
  });
  ctx.publicCache.invalidate('tasks');
}
