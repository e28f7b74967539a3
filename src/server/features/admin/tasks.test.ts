/**
 * 分类管理 and 任务管理 (issue 9): the category rules and the two delete refusals of §5, soft delete,
 * the public list following; the task list, detail and deletion (refused while a deal is open, the
 * company and applicants told); audit rows with before/after; delete × accept and delete × apply
 * fired together (50 rounds on PostgreSQL; CONCURRENCY_ROUNDS for more).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany, makeInfluencer, makeTask, makeTaskCategory } from '../../db/factories';
import { adminLogs, notifications, taskApplications, taskCategories, tasks } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { Client, createTestApp, errorOf, type TestApp } from '../../test/harness';
import { hashPassword } from '../auth';
import { acceptApplication, applyOnce } from '../tasks';
import { deleteAdminTask } from './tasks';
import { PGLITE_ROUNDS } from '../../test/race';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? (onPostgres ? 50 : PGLITE_ROUNDS));

let t: TestApp;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' });
  const a = await makeAdmin(t.app.ctx.db, { permissions: ['task_management'] });
  adminId = a.id;
  admin = new Client(t.app);
  expect((await admin.post('/api/auth/login', { email: a.email, password: 'secret123' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const put = (url: string, payload: unknown) => admin.request({ method: 'PUT', url, payload: payload as never });
const del = (url: string) => admin.request({ method: 'DELETE', url });
const lastLog = async (targetId: string) =>
  (await t.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.targetId, targetId)).orderBy(desc(adminLogs.createdAt)).limit(1))[0];

describe('分类管理', () => {
  it('creates with the form rules; bad input changes nothing', async () => {
    const [{ n: before }] = await t.app.ctx.db.select({ n: count() }).from(taskCategories);
    expect(errorOf(await admin.post('/api/admin/categories', { name: '   ' }))).toMatchObject({ code: 'CATEGORY_NAME_REQUIRED', message: '分类名称不能为空' });
    expect(errorOf(await admin.post('/api/admin/categories', { name: '美妆', sortOrder: -1 }))).toMatchObject({ code: 'SORT_ORDER_INVALID' });
    expect(errorOf(await admin.post('/api/admin/categories', { name: '美妆', level: 4 }))).toMatchObject({ code: 'CATEGORY_LEVEL_INVALID' });
    expect(errorOf(await admin.post('/api/admin/categories', { name: '口红', level: 2 }))).toMatchObject({ code: 'CATEGORY_PARENT_REQUIRED' });
    const [{ n: after }] = await t.app.ctx.db.select({ n: count() }).from(taskCategories);
    expect(after).toBe(before);

    const top = await admin.post('/api/admin/categories', { name: '  个护  ', nameEn: 'Personal care' });
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json()).toMatchObject({ name: '个护', nameEn: 'Personal care', icon: 'Tag', level: 1, parentId: null, isActive: true, sortOrder: 0 });
    const child = await admin.post('/api/admin/categories', { name: '洗发', level: 2, parentId: top.json().id });
    expect(child.statusCode).toBe(200);
    // a parent must sit on a lower level
    expect(errorOf(await admin.post('/api/admin/categories', { name: '再下层', level: 2, parentId: child.json().id }))).toMatchObject({
      code: 'CATEGORY_PARENT_INVALID',
    });
    expect(errorOf(await put(`/api/admin/categories/${top.json().id}`, { name: '个护', level: 2, parentId: child.json().id }))).toMatchObject({
      code: 'CATEGORY_PARENT_INVALID',
    });
    expect((await lastLog(top.json().id)).actionType).toBe('category_create');
    // the public list shows it (in sort order)
    const pub = (await new Client(t.app).get('/api/categories')).json() as { items: { id: string }[] };
    expect(pub.items.map((c) => c.id)).toContain(child.json().id);
  });

  it('edits with before/after in the log; deletion is refused with subcategories or tasks, else soft', async () => {
    const db = t.app.ctx.db;
    const parent = await makeTaskCategory(db, { name: '父类' });
    const [child] = await db.insert(taskCategories).values({ name: '子类', level: 2, parentId: parent.id }).returning();
    const res = await put(`/api/admin/categories/${parent.id}`, { name: '父类改名', sortOrder: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const log = await lastLog(parent.id);
    expect(log).toMatchObject({ actionType: 'category_update', before: { name: '父类', sortOrder: 0 }, after: { name: '父类改名', sortOrder: 5 } });

    expect(errorOf(await del(`/api/admin/categories/${parent.id}`))).toMatchObject({
      status: 409,
      code: 'CATEGORY_HAS_CHILDREN',
      message: '无法删除包含子分类的分类，请先删除子分类',
    });
    const { company } = await makeCompany(db);
    const task = await makeTask(db, { companyId: company.id, categoryId: child.id });
    expect(errorOf(await del(`/api/admin/categories/${child.id}`))).toMatchObject({
      status: 409,
      code: 'CATEGORY_IN_USE',
      message: '无法删除正在使用的分类，请先移除相关任务',
    });
    await db.delete(tasks).where(eq(tasks.id, task.id));
    expect((await del(`/api/admin/categories/${child.id}`)).statusCode).toBe(204);
    expect((await del(`/api/admin/categories/${parent.id}`)).statusCode).toBe(204);
    const rows = await db.select().from(taskCategories).where(eq(taskCategories.id, parent.id));
    expect(rows[0].isActive).toBe(false); // soft
    const pub = (await new Client(t.app).get('/api/categories')).json() as { items: { id: string }[] };
    expect(pub.items.map((c) => c.id)).not.toContain(parent.id);
    const list = (await admin.get('/api/admin/categories')).json() as { items: { id: string; isActive: boolean }[] };
    expect(list.items.find((c) => c.id === parent.id)?.isActive).toBe(false);
    expect(errorOf(await del(`/api/admin/categories/00000000-0000-4000-8000-000000000001`))).toMatchObject({ status: 404, code: 'CATEGORY_NOT_FOUND' });
  });
});

describe('任务管理', () => {
  it('lists with status filter, search and pagination; the detail has the applicants', async () => {
    const db = t.app.ctx.db;
    const { company } = await makeCompany(db, { companyName: '列表测试企业' });
    const mine = await makeTask(db, { companyId: company.id, title: '管理员列表专用任务zq', status: 'cancelled' });
    const { influencer } = await makeInfluencer(db, { nickname: '申请人甲' });
    await db.insert(taskApplications).values({ taskId: mine.id, influencerId: influencer.id, proposedRateCents: 300_000 });
    const found = (await admin.get(`/api/admin/tasks?search=${encodeURIComponent('列表专用任务zq')}&status=cancelled`)).json();
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ id: mine.id, companyName: '列表测试企业', applicationsCount: 1, status: 'cancelled' });
    expect((await admin.get(`/api/admin/tasks?search=${encodeURIComponent('列表专用任务zq')}&status=open`)).json().items).toHaveLength(0);
    await makeTask(db, { companyId: company.id, title: '第二个任务' });
    const page = (await admin.get('/api/admin/tasks?limit=1&page=1')).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    const detail = (await admin.get(`/api/admin/tasks/${mine.id}`)).json();
    expect(detail.applicants).toEqual([expect.objectContaining({ nickname: '申请人甲', proposedRateCents: 300_000, status: 'pending' })]);
  });

  it('deletes a task, telling the company and the applicants; refuses while its deal is open', async () => {
    const db = t.app.ctx.db;
    const co = await makeCompany(db);
    const inf = await makeInfluencer(db);
    const task = await makeTask(db, { companyId: co.company.id, title: '将被删除的任务' });
    await db.insert(taskApplications).values({ taskId: task.id, influencerId: inf.influencer.id, proposedRateCents: 100_000 });
    expect((await del(`/api/admin/tasks/${task.id}`)).statusCode).toBe(204);
    expect(await db.select().from(tasks).where(eq(tasks.id, task.id))).toHaveLength(0);
    for (const userId of [co.user.id, inf.user.id]) {
      const [n] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'task_deleted')));
      expect(n.body).toContain('将被删除的任务');
    }
    expect(await lastLog(task.id)).toMatchObject({ actionType: 'task_delete', adminId, before: expect.objectContaining({ title: '将被删除的任务' }) });
    expect(errorOf(await del(`/api/admin/tasks/${task.id}`))).toMatchObject({ status: 404, code: 'TASK_NOT_FOUND' });

    const busy = await makeTask(db, { companyId: co.company.id, status: 'in_progress', selectedInfluencerId: inf.influencer.id });
    expect(errorOf(await del(`/api/admin/tasks/${busy.id}`))).toMatchObject({ status: 409, code: 'TASK_DEAL_OPEN' });
    expect(await db.select().from(tasks).where(eq(tasks.id, busy.id))).toHaveLength(1);
  });
});

describe('delete meets accept and apply', () => {
  it('whatever runs first, the task is either deleted (nothing accepted) or in progress (not deleted)', async () => {
    const db = t.app.ctx.db;
    const passwordHash = await hashPassword('secret123');
    const co = await makeCompany(db, { user: { passwordHash } });
    const inf = await makeInfluencer(db, { user: { passwordHash } });
    const other = await makeInfluencer(db, { user: { passwordHash } });
    const ctx = t.app.ctx;
    const meta = { ip: '127.0.0.1' };
    const outcome = async (p: Promise<unknown>) => {
      try {
        await p;
        return 'ok';
      } catch (e) {
        if (e instanceof AppError) return e.code;
        throw e;
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      const task = await makeTask(db, { companyId: co.company.id });
      const [app] = await db.insert(taskApplications).values({ taskId: task.id, influencerId: inf.influencer.id, proposedRateCents: 100_000 }).returning();
      const accept = () => outcome(acceptApplication(ctx, co.user.id, app.id));
      const remove = () => outcome(deleteAdminTask(ctx, adminId, task.id, meta));
      const [a, b] = round % 2 === 0 ? await Promise.all([accept(), remove()]) : await Promise.all([remove(), accept()]).then(([r, x]) => [x, r]);
      const [row] = await db.select().from(tasks).where(eq(tasks.id, task.id));
      if (row) {
        // accept won: the deal is open and the delete was refused
        expect(a).toBe('ok');
        expect(b).toBe('TASK_DEAL_OPEN');
        expect(row.status).toBe('in_progress');
      } else {
        // delete won: the accept found no task
        expect(b).toBe('ok');
        expect(['TASK_NOT_FOUND', 'APPLICATION_NOT_FOUND']).toContain(a);
        expect(await db.select().from(taskApplications).where(eq(taskApplications.taskId, task.id))).toHaveLength(0);
      }
      // delete × apply
      const task2 = await makeTask(db, { companyId: co.company.id });
      const [x, y] = await Promise.all([
        outcome(deleteAdminTask(ctx, adminId, task2.id, meta)),
        outcome(applyOnce(ctx, other.user.id, { taskId: task2.id, proposedRateCents: 100_000, message: null })),
      ]);
      expect(x).toBe('ok');
      expect(['ok', 'TASK_NOT_FOUND']).toContain(y);
      expect(await db.select().from(taskApplications).where(eq(taskApplications.taskId, task2.id))).toHaveLength(0);
    }
  });
});
