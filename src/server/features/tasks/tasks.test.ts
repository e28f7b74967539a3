import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeInfluencer, makeTask, makeTaskCategory } from '../../db/factories';
import { notifications, outbox, taskApplications, tasks } from '../../db/schema';
import { hashPassword } from '../auth';
import { Client, createTestApp, signedIn, signupCompany, type TestApp, delivered } from '../../test/harness';

let t: TestApp;
let hash: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(t.app.ctx.db, { name: '美妆', nameEn: 'Beauty', sortOrder: 1 })).id;
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string) => signedIn(t.app, email);
async function company() {
  const made = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
  return { ...made, client: await login(made.user.email) };
}
async function influencer() {
  const made = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
  return { ...made, client: await login(made.user.email) };
}
const validTask = () => ({
  title: '口红新品直播',
  description: '新品口红直播推广',
  categoryId,
  requirements: '粉丝1万以上\n\n  美妆类目  \n',
  budgetMinCents: 100_000,
  budgetMaxCents: 300_000,
});

describe('publishing', () => {
  it('a company publishes with defaults; rules and messages hold', async () => {
    const co = await company();
    const res = await co.client.post('/api/tasks', validTask());
    expect(res.statusCode).toBe(200);
    expect(res.json().task).toMatchObject({
      status: 'open',
      maxApplicants: 5,
      durationHours: 2,
      location: '线上',
      requirements: ['粉丝1万以上', '美妆类目'],
      viewsCount: 0,
      currentApplicants: 0,
    });
    expect(res.json().task.category).toMatchObject({ name: '美妆', nameEn: 'Beauty' });
    expect((await co.client.get('/api/categories')).json().items[0]).toMatchObject({ name: '美妆', nameEn: 'Beauty' });
    const prepay = await co.client.post('/api/tasks', { ...validTask(), isAdvancePaid: true, paidAmountCents: 0 });
    expect(prepay.json().error).toMatchObject({ code: 'TASK_PREPAYMENT_INVALID', message: '请填写有效的预付金额' });
    const deposit = await co.client.post('/api/tasks', { ...validTask(), requiresDeposit: true });
    expect(deposit.json().error.message).toBe('请填写有效的保证金金额');
    const range = await co.client.post('/api/tasks', { ...validTask(), budgetMinCents: 50_000, budgetMaxCents: 10_000 });
    expect(range.statusCode).toBe(400);
    const max = await co.client.post('/api/tasks', { ...validTask(), maxApplicants: 0 });
    expect(max.statusCode).toBe(400);
  });
  it('a company without a profile gets 无法获取企业信息; other roles and visitors are refused', async () => {
    const { client } = await signupCompany(t.app);
    expect((await client.post('/api/tasks', validTask())).json().error.message).toBe('无法获取企业信息');
    const inf = await influencer();
    expect((await inf.client.post('/api/tasks', validTask())).statusCode).toBe(403);
    expect((await new Client(t.app).post('/api/tasks', validTask())).statusCode).toBe(401);
    expect((await inf.client.get('/api/my/tasks')).json().error.message).toBe('仅企业用户可访问此页面');
  });
});

describe('the hall', () => {
  it('filters by budget range, category and Chinese substring; sorts; paginates', async () => {
    const co = await company();
    const db = t.app.ctx.db;
    const other = await makeTaskCategory(db, { name: '其他' });
    await makeTask(db, { companyId: co.company.id, categoryId: other.id, title: '高端家电专场', budgetMinCents: 6_000_000, budgetMaxCents: 9_000_000 });
    await makeTask(db, { companyId: co.company.id, categoryId: other.id, title: '零食礼盒', budgetMinCents: 20_000, budgetMaxCents: 80_000, isUrgent: true });
    await makeTask(db, { companyId: co.company.id, categoryId: other.id, title: '已取消的任务', status: 'cancelled' });
    const v = new Client(t.app);
    const big = (await v.get('/api/tasks?budgetCents=5000000%2B')).json();
    expect(big.items.map((x: { title: string }) => x.title)).toEqual(['高端家电专场']);
    const small = (await v.get('/api/tasks?budgetCents=0-100000')).json();
    expect(small.items.every((x: { budgetMinCents: number; budgetMaxCents: number }) => x.budgetMinCents >= 0 && x.budgetMaxCents <= 100_000)).toBe(true);
    expect((await v.get('/api/tasks?search=家电')).json().items).toHaveLength(1);
    expect((await v.get('/api/tasks?search=礼盒')).json().items[0].title).toBe('零食礼盒');
    const all = (await v.get(`/api/tasks?category=${other.id}`)).json();
    expect(all.total).toBe(2);
    const desc = (await v.get(`/api/tasks?category=${other.id}&sort=budget_desc`)).json().items;
    expect(desc[0].budgetMaxCents).toBeGreaterThanOrEqual(desc[1].budgetMaxCents);
    const urgent = (await v.get(`/api/tasks?category=${other.id}&sort=urgent`)).json().items;
    expect(urgent[0].isUrgent).toBe(true);
    const page = (await v.get(`/api/tasks?category=${other.id}&limit=1&page=2`)).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(2);
    expect((await v.get('/api/tasks?budgetCents=abc')).statusCode).toBe(400);
  });

  it('search is case-insensitive and literal at every length; pages follow the sort without gaps', async () => {
    const co = await company();
    const db = t.app.ctx.db;
    const cat = await makeTaskCategory(db, { name: '搜索' });
    const whale = '鲸鱼 iPhone 壳直播';
    await makeTask(db, { companyId: co.company.id, categoryId: cat.id, title: whale, productName: 'MagSafe磁吸壳', description: '满100%返现' });
    await makeTask(db, { companyId: co.company.id, categoryId: cat.id, title: '鲸落台灯', description: '护眼' });
    const v = new Client(t.app);
    const titles = async (q: string) =>
      ((await v.get(`/api/tasks?category=${cat.id}&search=${encodeURIComponent(q)}`)).json().items as { title: string }[]).map((x) => x.title).sort();
    expect(await titles('鲸')).toEqual([whale, '鲸落台灯'].sort()); // 1 character
    expect(await titles('鲸鱼')).toEqual([whale]); // 2 characters
    expect(await titles('Ip')).toEqual([whale]);
    expect(await titles('IPHONE')).toEqual([whale]); // 3+ characters
    expect(await titles('magsafe磁吸')).toEqual([whale]); // product name
    expect(await titles('0%返')).toEqual([whale]); // description; % is literal
    expect(await titles('%')).toEqual([whale]);
    expect(await titles('1_0')).toEqual([]); // _ is literal, not a wildcard
    expect(await titles('鲸台')).toEqual([]);

    for (let i = 0; i < 5; i += 1) await makeTask(db, { companyId: co.company.id, categoryId: cat.id, budgetMaxCents: 300_000 + i });
    for (const sort of ['created_at', 'budget_desc']) {
      const ids = async (qs: string) => ((await v.get(`/api/tasks?category=${cat.id}&sort=${sort}&${qs}`)).json().items as { id: string }[]).map((x) => x.id);
      const whole = await ids('limit=7');
      expect(whole).toHaveLength(7);
      expect([...(await ids('limit=3&page=1')), ...(await ids('limit=3&page=2')), ...(await ids('limit=3&page=3'))]).toEqual(whole);
    }
    // the total comes with the page, and without one past the end or when nothing matches
    expect((await v.get(`/api/tasks?category=${cat.id}&limit=3&page=3`)).json()).toMatchObject({ total: 7, page: 3 });
    expect((await v.get(`/api/tasks?category=${cat.id}&limit=3&page=9`)).json()).toMatchObject({ items: [], total: 7, page: 9 });
    expect((await v.get(`/api/tasks?category=${cat.id}&search=${encodeURIComponent('没有这个词')}`)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('detail: 404 任务不存在, views counted once per visitor', async () => {
    const co = await company();
    const task = await makeTask(t.app.ctx.db, { companyId: co.company.id, categoryId });
    const v = new Client(t.app);
    expect((await v.get('/api/task-detail?id=00000000-0000-0000-0000-000000000000')).json().error.message).toBe('任务不存在');
    expect((await v.get('/api/task-detail?id=')).statusCode).toBe(400);
    const d = (await v.get(`/api/tasks/${task.id}`)).json();
    expect(d.task.company.companyName).toBe(co.company.companyName);
    expect(d.viewer).toEqual({ isOwner: false, canApply: false, myApplication: null, dealId: null, invitation: null });
    expect((await v.post(`/api/tasks/${task.id}/view`)).json().counted).toBe(true);
    expect((await v.post(`/api/tasks/${task.id}/view`)).json().counted).toBe(false);
    expect((await new Client(t.app).post(`/api/tasks/${task.id}/view`)).json().counted).toBe(true);
    const [row] = await t.app.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.viewsCount).toBe(2);
  });
});

describe('applying and choosing', () => {
  it('runs the whole journey with notifications, and refuses what the state machine forbids', async () => {
    const co = await company();
    const task = (await co.client.post('/api/tasks', validTask())).json().task;
    const a = await influencer();
    const b = await influencer();
    expect((await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 500_000 })).json().error.code).toBe('QUOTE_OUT_OF_RANGE');
    const appA = await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 200_000, message: '合作愉快' });
    expect(appA.statusCode).toBe(200);
    const dup = await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 200_000 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('您已经申请过该任务');
    const appB = (await b.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).json().application;
    expect((await co.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).statusCode).toBe(403);
    expect((await new Client(t.app).post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).json().error.message).toBe(
      '请先登录达人账号',
    );

    // only the owner sees applicants (with rates and messages)
    const list = (await co.client.get(`/api/task-applications?taskId=${task.id}`)).json().items;
    expect(list).toHaveLength(2);
    expect(list.find((x: { proposedRateCents: number }) => x.proposedRateCents === 200_000).message).toBe('合作愉快');
    const otherCo = await company();
    expect((await otherCo.client.get(`/api/task-applications?taskId=${task.id}`)).statusCode).toBe(403);
    expect((await a.client.get(`/api/task-applications?taskId=${task.id}`)).statusCode).toBe(403);
    expect((await otherCo.client.post(`/api/task-applications/${appB.id}/accept`)).statusCode).toBe(403);
    // influencers see only their own applications
    expect((await a.client.get(`/api/task-applications?influencerId=${b.influencer.id}`)).statusCode).toBe(403);
    expect((await a.client.get('/api/task-applications')).json().items).toHaveLength(1);

    const [companyNote] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, co.user.id));
    expect(companyNote).toMatchObject({ type: 'application_received', params: { task: task.title, rateCents: expect.any(Number) } });

    expect((await co.client.post(`/api/task-applications/${appA.json().application.id}/accept`)).statusCode).toBe(200);
    const apps = await t.app.ctx.db.select().from(taskApplications).where(eq(taskApplications.taskId, task.id));
    expect(apps.find((x) => x.influencerId === a.influencer.id)?.status).toBe('accepted');
    const refused = apps.find((x) => x.influencerId === b.influencer.id);
    expect(refused?.status).toBe('refused');
    expect(refused?.respondedAt).toBeTruthy();
    const detail = (await co.client.get(`/api/tasks/${task.id}`)).json();
    expect(detail.task).toMatchObject({ status: 'in_progress', selectedInfluencer: { id: a.influencer.id }, currentApplicants: 1 });
    expect(detail.viewer.isOwner).toBe(true);
    expect((await co.client.post(`/api/task-applications/${appB.id}/accept`)).statusCode).toBe(409);
    expect((await b.client.get('/api/notifications')).json()).toMatchObject({ unreadCount: 1 });
    const mails = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, b.user.email));
    expect(mails.some((m) => m.subject?.includes('未通过'))).toBe(true);

    // state machine: an accepted task has a deal, which completes it when the live report is confirmed;
    // cancelling it before the live cancels the deal
    expect((await co.client.post(`/api/tasks/${task.id}/complete`)).json().error.code).toBe('DEAL_COMPLETE_IN_DEAL');
    expect((await co.client.post(`/api/tasks/${task.id}/cancel`)).statusCode).toBe(200);
    expect((await co.client.post(`/api/tasks/${task.id}/cancel`)).statusCode).toBe(409);
    expect((await co.client.post(`/api/tasks/${task.id}/complete`)).statusCode).toBe(409);
    expect((await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).statusCode).toBe(409);
    const mine = (await co.client.get('/api/my/tasks')).json().items;
    expect(mine[0]).toMatchObject({ status: 'cancelled', acceptedCount: 1 });
  });

  it('withdraw only a pending own application', async () => {
    const co = await company();
    const task = await makeTask(t.app.ctx.db, { companyId: co.company.id, categoryId });
    const a = await influencer();
    const b = await influencer();
    const app = (await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).json().application;
    expect((await b.client.post(`/api/task-applications/${app.id}/withdraw`)).statusCode).toBe(404);
    expect((await a.client.post(`/api/task-applications/${app.id}/withdraw`)).statusCode).toBe(200);
    expect((await a.client.post(`/api/task-applications/${app.id}/withdraw`)).statusCode).toBe(409);
    expect((await co.client.post(`/api/task-applications/${app.id}/refuse`)).statusCode).toBe(409);
  });

  it('re-applying after a withdrawal revives the same row, tells the company; refused and accepted stay (#16)', async () => {
    const co = await company();
    const task = await makeTask(t.app.ctx.db, { companyId: co.company.id, categoryId, maxApplicants: 2 });
    const a = await influencer();
    const first = (await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000, message: '第一次' })).json().application;
    expect((await a.client.post(`/api/task-applications/${first.id}/withdraw`)).statusCode).toBe(200);
    const detail = (await a.client.get(`/api/tasks/${task.id}`)).json();
    expect(detail.viewer).toMatchObject({ canApply: true, myApplication: { id: first.id, status: 'withdrawn' } });

    const [before] = await t.app.ctx.db.select().from(taskApplications).where(eq(taskApplications.id, first.id));
    const again = await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 250_000, message: '再次申请' });
    expect(again.statusCode).toBe(200);
    expect(again.json().application).toMatchObject({ id: first.id, taskId: task.id, status: 'pending', proposedRateCents: 250_000, respondedAt: null });
    const rows = await t.app.ctx.db.select().from(taskApplications).where(eq(taskApplications.taskId, task.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', proposedRateCents: 250_000, message: '再次申请', respondedAt: null });
    expect(rows[0].appliedAt.getTime()).toBeGreaterThanOrEqual(before.appliedAt.getTime());
    const received = (await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, co.user.id))).filter((n) =>
      n.type.startsWith('application_'),
    );
    expect(received.map((n) => n.type).sort()).toEqual(['application_received', 'application_resubmitted']);
    expect(received.find((n) => n.type === 'application_resubmitted')?.params).toMatchObject({ task: task.title, rateCents: 250_000 });
    expect((await a.client.get(`/api/tasks/${task.id}`)).json().viewer).toMatchObject({
      canApply: false,
      myApplication: { status: 'pending', proposedRateCents: 250_000 },
    });
    // pending again: a second application is still a duplicate; the quote is checked as for a new one
    expect((await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 200_000 })).json().error.code).toBe('APPLICATION_DUPLICATE');
    await a.client.post(`/api/task-applications/${first.id}/withdraw`);
    expect((await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 900_000 })).json().error.code).toBe('QUOTE_OUT_OF_RANGE');

    // a full task takes no re-application
    const b = await influencer();
    const c = await influencer();
    await b.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 });
    const appC = (await c.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).json().application;
    expect((await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).json().error.code).toBe('TASK_FULL');
    // refused stays refused, accepted stays accepted
    expect((await co.client.post(`/api/task-applications/${appC.id}/refuse`)).statusCode).toBe(200);
    expect((await c.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).json().error.code).toBe('APPLICATION_DUPLICATE');
    const [appB] = await t.app.ctx.db.select().from(taskApplications).where(eq(taskApplications.influencerId, b.influencer.id));
    expect((await co.client.post(`/api/task-applications/${appB.id}/accept`)).statusCode).toBe(200);
    expect((await b.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).json().error.code).toBe('APPLICATION_DUPLICATE');
    // the task is no longer open: a withdrawn applicant cannot come back
    expect((await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })).json().error.code).toBe('TASK_NOT_OPEN');
  });

  it('20 simultaneous accepts leave exactly one accepted', async () => {
    const co = await company();
    const task = await makeTask(t.app.ctx.db, { companyId: co.company.id, categoryId, maxApplicants: 30 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const inf = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
      const [row] = await t.app.ctx.db
        .insert(taskApplications)
        .values({ taskId: task.id, influencerId: inf.influencer.id, proposedRateCents: 150_000 })
        .returning();
      ids.push(row.id);
    }
    const results = await Promise.all(ids.map((id) => co.client.post(`/api/task-applications/${id}/accept`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const rows = await t.app.ctx.db.select().from(taskApplications).where(eq(taskApplications.taskId, task.id));
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'refused')).toHaveLength(19);
  });

  it('50 simultaneous applications never exceed max_applicants', async () => {
    const co = await company();
    const task = await makeTask(t.app.ctx.db, { companyId: co.company.id, categoryId, maxApplicants: 5 });
    const clients: Client[] = [];
    for (let i = 0; i < 50; i++) clients.push((await influencer()).client);
    const results = await Promise.all(clients.map((c) => c.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150_000 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const full = results.find((r) => r.statusCode === 409);
    expect(full?.json().error).toMatchObject({ code: 'TASK_FULL', message: '该任务报名人数已满' });
    const rows = await t.app.ctx.db.select().from(taskApplications).where(eq(taskApplications.taskId, task.id));
    expect(rows).toHaveLength(5);
  });
});
