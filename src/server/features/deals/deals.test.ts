import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany, makeInfluencer, makeTaskCategory, fundWallet } from '../../db/factories';
import { adminLogs, companies, dealEvents, deals, jobs, notifications, platformSettings, tasks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { pendingJobs, runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, pngBytes, signedIn, upload, type TestApp } from '../../test/harness';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(t.app.ctx.db, { name: '美妆' })).id;
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string) => signedIn(t.app, email);

/** a company, an influencer, a task, an application for 2,500 and its acceptance: the deal */
async function dealSetup() {
  const co = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
  // the company's wallet pays the fee into escrow at acceptance (decision 0022)
  await fundWallet(t.app.ctx.db, { userId: co.user.id, userType: 'company', cents: 1_000_000 });
  const inf = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
  const c = await login(co.user.email);
  const i = await login(inf.user.email);
  const task = (
    await c.post('/api/tasks', {
      title: '口红新品直播',
      description: '新品口红直播推广',
      categoryId,
      productName: '丝绒口红',
      requirements: '粉丝1万以上',
      budgetMinCents: 100_000,
      budgetMaxCents: 300_000,
      liveDate: new Date(clock.nowMs() + 7 * 24 * H).toISOString(),
    })
  ).json().task;
  const applied = await i.post('/api/task-applications', { taskId: task.id, proposedRateCents: 250_000, message: '期待合作' });
  expect(applied.statusCode).toBe(200);
  const appId = applied.json().application?.id ?? applied.json().id;
  expect((await c.post(`/api/task-applications/${appId}/accept`)).statusCode).toBe(200);
  const [deal] = await t.app.ctx.db.select().from(deals).where(eq(deals.taskId, task.id));
  const fire = (client: Client, event: string, body: unknown = {}) => client.post(`/api/deals/${deal.id}/events/${event}`, body);
  const get = async (client: Client) => (await client.get(`/api/deals/${deal.id}`)).json();
  return { co, inf, c, i, task, deal, fire, get };
}

const schedule = (startInHours: number, hours = 2) => ({
  start: new Date(clock.nowMs() + startInHours * H).toISOString(),
  end: new Date(clock.nowMs() + (startInHours + hours) * H).toISOString(),
  roomUrl: 'https://live.douyin.com/123456',
});

async function report(s: Awaited<ReturnType<typeof dealSetup>>, extra: Record<string, unknown> = {}) {
  const start = new Date(clock.nowMs() - 3 * H).toISOString();
  const end = new Date(clock.nowMs() - H).toISOString();
  return s.fire(s.i, 'report_live', {
    replayUrl: 'https://www.douyin.com/video/1',
    startedAt: start,
    endedAt: end,
    views: 52000,
    peakViewers: 3100,
    orders: 1240,
    gmvCents: 18_600_000,
    ...extra,
  });
}

/** walks a fresh deal to `reported`: schedule proposed by the company, confirmed, the live passes, report */
async function reportedDeal() {
  const s = await dealSetup();
  expect((await s.fire(s.c, 'propose_schedule', schedule(48))).statusCode).toBe(200);
  expect((await s.fire(s.i, 'confirm_schedule')).statusCode).toBe(200);
  clock.advance(51 * H);
  expect((await report(s)).statusCode).toBe(200);
  return s;
}

describe('accepting creates the deal', () => {
  it('with the agreed terms, a first timeline entry, the influencer told with a link to it', async () => {
    const s = await dealSetup();
    expect(s.deal).toMatchObject({
      status: 'accepted',
      rateCents: 250_000,
      productName: '丝绒口红',
      requirements: ['粉丝1万以上'],
      taskTitle: '口红新品直播',
      version: 1,
    });
    const view = await s.get(s.i);
    expect(view).toMatchObject({ status: 'accepted', viewerRole: 'influencer', waitingFor: 'both', terms: { rateCents: 250_000 } });
    expect(view.actions.sort()).toEqual(['propose_schedule', 'request_cancel']);
    expect((await s.get(s.c)).actions.sort()).toEqual(['cancel', 'propose_schedule', 'request_cancel', 'ship_samples']);
    expect(view.timeline).toHaveLength(1);
    // the task page links the two parties (and nobody else) to the deal
    expect((await s.c.get(`/api/tasks/${s.task.id}`)).json().viewer.dealId).toBe(s.deal.id);
    expect((await s.i.get(`/api/tasks/${s.task.id}`)).json().viewer.dealId).toBe(s.deal.id);
    expect((await new Client(t.app).get(`/api/tasks/${s.task.id}`)).json().viewer.dealId).toBeNull();
    const [n] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.inf.user.id), eq(notifications.type, 'application_accepted')));
    expect(n.link).toBe(`/deal/${s.deal.id}`);
    const mine = (await s.i.get('/api/deals')).json().items;
    expect(mine).toEqual([
      expect.objectContaining({
        id: s.deal.id,
        status: 'accepted',
        waitingFor: 'both',
        counterpart: expect.objectContaining({ name: s.co.company.companyName }),
      }),
    ]);
  });
});

describe('the journey', () => {
  it('samples → schedule → reminders → report → confirm → completed; the task is 已完成 and every step is on the timeline', async () => {
    const s = await dealSetup();
    expect((await s.fire(s.c, 'ship_samples', { carrier: '顺丰', trackingNo: 'SF1234567890' })).statusCode).toBe(200);
    expect((await s.fire(s.c, 'ship_samples', { carrier: '顺丰', trackingNo: 'SF1234567890' })).json().error.code).toBe('DEAL_STATE_CONFLICT');
    expect((await s.fire(s.i, 'receive_samples')).statusCode).toBe(200);
    // the influencer proposes; the influencer cannot confirm their own proposal
    expect((await s.fire(s.i, 'propose_schedule', schedule(30))).statusCode).toBe(200);
    expect((await s.fire(s.i, 'confirm_schedule')).json().error).toMatchObject({ code: 'DEAL_OWN_PROPOSAL', message: '排期需由对方确认' });
    expect((await s.fire(s.c, 'confirm_schedule')).statusCode).toBe(200);
    expect((await s.get(s.c)).status).toBe('scheduled');
    // before the start, no report
    expect((await report(s)).json().error.code).toBe('DEAL_LIVE_NOT_STARTED');
    // reminders 24 h and 1 h before, and the overdue notice 48 h after the planned end, are planned
    const planned = (await pendingJobs(t.app.ctx.db)).filter((j) => j.payload.dealId === s.deal.id).map((j) => j.kind);
    expect(planned.sort()).toEqual(['deal.reminder', 'deal.reminder', 'deal.report_overdue']);
    clock.advance(7 * H); // 23 h before the start: the 24 h reminder is due
    await runDueJobs(t.app.ctx);
    const reminders = await t.app.ctx.db.select().from(notifications).where(eq(notifications.type, 'deal_reminder'));
    expect(reminders.filter((r) => r.link === `/deal/${s.deal.id}`)).toHaveLength(2);
    clock.advance(25 * H); // the live is over
    expect((await report(s, { peakViewers: 60000 })).json().error.code).toBe('DEAL_REPORT_PEAK_OVER_VIEWS');
    expect((await report(s, { endedAt: new Date(clock.nowMs() + H).toISOString() })).json().error.code).toBe('DEAL_REPORT_FUTURE');
    expect((await s.fire(s.c, 'report_live', {})).statusCode).toBe(400);
    expect((await report(s)).statusCode).toBe(200);
    const reported = await s.get(s.c);
    expect(reported).toMatchObject({ status: 'reported', waitingFor: 'company', report: { views: 52000, gmvCents: 18_600_000 } });
    expect(reported.actions.sort()).toEqual(['confirm', 'dispute', 'request_cancel']);
    expect(new Date(reported.autoConfirmAt).getTime()).toBe(new Date(reported.report.reportedAt).getTime() + 24 * H);
    expect((await s.fire(s.i, 'confirm')).json().error.code).toBe('DEAL_ROLE_FORBIDDEN');
    expect((await s.fire(s.c, 'confirm')).statusCode).toBe(200);
    const done = await s.get(s.i);
    expect(done).toMatchObject({ status: 'completed', autoConfirmed: false, payoutBps: 10_000, actions: [] });
    expect(done.timeline.map((e: { event: string }) => e.event)).toEqual([
      'accept',
      'ship_samples',
      'receive_samples',
      'propose_schedule',
      'confirm_schedule',
      'report_live',
      'confirm',
      'complete',
    ]);
    expect(done.timeline.find((e: { event: string }) => e.event === 'confirm')).toMatchObject({ actorRole: 'company', actorName: s.co.company.companyName });
    const [task] = await t.app.ctx.db.select().from(tasks).where(eq(tasks.id, s.task.id));
    expect(task.status).toBe('completed');
    const [co] = await t.app.ctx.db.select().from(companies).where(eq(companies.id, s.co.company.id));
    expect(co.completedTasks).toBe(1);
    // the influencer page shows the delivered results of confirmed reports, apart from the declared figures
    const page = (await s.i.get(`/api/influencers/${s.inf.influencer.id}`)).json();
    expect(page.error).toBeUndefined();
    expect(page.delivered).toEqual({ lives: 1, avgViews: 52000, avgGmvCents: 18_600_000, totalGmvCents: 18_600_000 });
    // a later reminder of a finished deal does nothing
    clock.advance(72 * H);
    await runDueJobs(t.app.ctx);
    expect(
      (await t.app.ctx.db.select().from(notifications).where(eq(notifications.type, 'deal_report_overdue'))).filter((r) => r.link === `/deal/${s.deal.id}`),
    ).toHaveLength(0);
  });

  it('nobody confirms: 24 h after the report the platform confirms (once), the parties are told', async () => {
    const s = await reportedDeal();
    clock.advance(24 * H - 1000);
    await runDueJobs(t.app.ctx);
    expect((await s.get(s.c)).status).toBe('reported');
    clock.advance(1000);
    await runDueJobs(t.app.ctx);
    const after = await s.get(s.c);
    expect(after).toMatchObject({ status: 'completed', autoConfirmed: true });
    expect(after.timeline.slice(-2)).toEqual([
      expect.objectContaining({ event: 'auto_confirm', actorRole: 'system', actorName: null }),
      expect.objectContaining({ event: 'complete', actorRole: 'system' }),
    ]);
    const told = await t.app.ctx.db.select().from(notifications).where(eq(notifications.type, 'deal_auto_confirmed'));
    expect(
      told
        .filter((n) => n.link === `/deal/${s.deal.id}`)
        .map((n) => n.userId)
        .sort(),
    ).toEqual([s.co.user.id, s.inf.user.id].sort());
    // the job is done: running again changes nothing
    await runDueJobs(t.app.ctx);
    expect((await t.app.ctx.db.select().from(dealEvents).where(eq(dealEvents.dealId, s.deal.id))).length).toBe(after.timeline.length);
  });

  it('a dispute freezes the deal: no automatic confirmation; answered; an admin decides a partial completion, audited, both told the reason', async () => {
    const s = await reportedDeal();
    expect((await s.fire(s.c, 'dispute', { reason: 'report_untrue', statement: '' })).json().error.message).toBe('请填写说明');
    expect((await s.fire(s.c, 'dispute', { reason: 'nope', statement: '数据不实' })).json().error.code).toBe('DEAL_DISPUTE_REASON_REQUIRED');
    expect((await s.fire(s.c, 'dispute', { reason: 'report_untrue', statement: '订单数与后台不符' })).statusCode).toBe(200);
    expect((await s.fire(s.c, 'confirm')).json().error.code).toBe('DEAL_STATE_CONFLICT');
    clock.advance(25 * H);
    await runDueJobs(t.app.ctx); // auto-confirm finds a dispute; the 24 h overdue notice goes out
    expect((await s.get(s.c)).status).toBe('disputed');
    const overdue = await t.app.ctx.db.select().from(notifications).where(eq(notifications.type, 'deal_dispute_overdue'));
    expect(overdue.some((n) => n.userId === s.inf.user.id && n.link === `/deal/${s.deal.id}`)).toBe(true);
    expect((await s.fire(s.c, 'answer_dispute', { statement: '我自己回复' })).json().error.code).toBe('DEAL_DISPUTE_NOT_ANSWERABLE');
    expect((await s.fire(s.i, 'answer_dispute', { statement: '数据以平台后台为准' })).statusCode).toBe(200);
    expect((await s.get(s.c)).waitingFor).toBe('admin');
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['task_management'], password: 'secret123' });
    const a = await login(admin.email);
    const seen = await s.get(a);
    expect(seen).toMatchObject({ viewerRole: 'admin', status: 'disputed' });
    expect(seen.actions.sort()).toEqual(['admin_cancel', 'resolve_cancel', 'resolve_complete', 'resolve_partial']);
    expect((await s.fire(a, 'resolve_partial', { reason: '按实际订单结算' })).json().error.code).toBe('DEAL_PERCENT_INVALID');
    expect((await s.fire(a, 'resolve_partial', { reason: '按实际订单结算', payoutBps: 6000 })).statusCode).toBe(200);
    const done = await s.get(s.i);
    expect(done).toMatchObject({ status: 'completed', payoutBps: 6000 });
    expect(done.disputes[0]).toMatchObject({ outcome: 'partial', payoutBps: 6000, decisionReason: '按实际订单结算', answer: '数据以平台后台为准' });
    const logs = await t.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.targetId, s.deal.id));
    expect(logs).toEqual([
      expect.objectContaining({ adminId: admin.id, actionType: 'deal_resolve_partial', targetType: 'deal', before: { status: 'disputed' } }),
    ]);
    const told = await t.app.ctx.db.select().from(notifications).where(eq(notifications.type, 'deal_resolved'));
    expect(
      told
        .filter((n) => n.link === `/deal/${s.deal.id}`)
        .map((n) => n.userId)
        .sort(),
    ).toEqual([s.co.user.id, s.inf.user.id].sort());
  });

  it('withdrawing a dispute restores the wait; if the window ran out meanwhile, the next round confirms', async () => {
    const s = await reportedDeal();
    expect((await s.fire(s.i, 'dispute', { reason: 'payment_terms', statement: '企业要求追加场次' })).statusCode).toBe(200);
    expect((await s.fire(s.c, 'withdraw_dispute')).json().error.code).toBe('DEAL_NOT_DISPUTE_OPENER');
    clock.advance(30 * H);
    expect((await s.fire(s.i, 'withdraw_dispute')).statusCode).toBe(200);
    expect((await s.get(s.c)).status).toBe('reported');
    await runDueJobs(t.app.ctx);
    expect((await s.get(s.c)).status).toBe('completed');
  });
});

describe('timed steps', () => {
  const notesOf = async (type: string, dealId: string) =>
    (await t.app.ctx.db.select().from(notifications).where(eq(notifications.type, type))).filter((n) => n.link === `/deal/${dealId}`);

  it('no report 48 h after the planned end: both sides and the admins are told, once', async () => {
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['task_management'] });
    const s = await dealSetup();
    await s.fire(s.c, 'propose_schedule', schedule(5, 2));
    await s.fire(s.i, 'confirm_schedule');
    clock.advance((5 + 2 + 48) * H - 1000);
    await runDueJobs(t.app.ctx);
    expect(await notesOf('deal_report_overdue', s.deal.id)).toHaveLength(0);
    clock.advance(1000);
    await runDueJobs(t.app.ctx);
    const told = (await notesOf('deal_report_overdue', s.deal.id)).map((n) => n.userId);
    expect(told).toEqual(expect.arrayContaining([s.co.user.id, s.inf.user.id, admin.id]));
    await runDueJobs(t.app.ctx);
    expect((await notesOf('deal_report_overdue', s.deal.id)).length).toBe(told.length);
  });

  it('a rescheduled live: the old reminders stay silent, the new ones come at their times', async () => {
    const s = await dealSetup();
    await s.fire(s.c, 'propose_schedule', schedule(30));
    await s.fire(s.i, 'confirm_schedule');
    await s.fire(s.i, 'propose_schedule', schedule(60));
    await s.fire(s.c, 'confirm_schedule');
    clock.advance(7 * H); // 23 h before the first time: its 24 h reminder is due, but the deal moved on
    await runDueJobs(t.app.ctx);
    expect(await notesOf('deal_reminder', s.deal.id)).toHaveLength(0);
    clock.advance(30 * H); // 23 h before the new time
    await runDueJobs(t.app.ctx);
    expect(await notesOf('deal_reminder', s.deal.id)).toHaveLength(2);
  });

  it('the settlement window is the admin setting in force: lengthened to 48 h, the report waits 48 h', async () => {
    await t.app.ctx.db.insert(platformSettings).values({ key: 'settlementHours', value: 48 });
    try {
      const s = await reportedDeal();
      expect((await s.get(s.c)).settlementHours).toBe(48);
      clock.advance(24 * H);
      await runDueJobs(t.app.ctx);
      expect((await s.get(s.c)).status).toBe('reported');
      clock.advance(24 * H);
      await runDueJobs(t.app.ctx);
      expect(await s.get(s.c)).toMatchObject({ status: 'completed', autoConfirmed: true });
    } finally {
      await t.app.ctx.db.delete(platformSettings).where(eq(platformSettings.key, 'settlementHours'));
    }
  });
});

describe('the settlement window changed after a report', () => {
  it('the planned confirmation finds the longer window and plans itself again for its end', async () => {
    const s = await reportedDeal();
    await t.app.ctx.db.insert(platformSettings).values({ key: 'settlementHours', value: 36 });
    try {
      clock.advance(24 * H);
      await runDueJobs(t.app.ctx);
      expect((await s.get(s.c)).status).toBe('reported');
      clock.advance(12 * H);
      await runDueJobs(t.app.ctx);
      expect((await s.get(s.c)).status).toBe('completed');
    } finally {
      await t.app.ctx.db.delete(platformSettings).where(eq(platformSettings.key, 'settlementHours'));
    }
  });
});

describe('纠纷处理 (admin queue)', () => {
  it('lists open disputes oldest first with their age against 24 h; decided ones move to the closed list', async () => {
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['task_management'], password: 'secret123' });
    const a = await login(admin.email);
    const before = (await a.get('/api/admin/disputes')).json();
    const first = await reportedDeal();
    expect((await first.fire(first.c, 'dispute', { reason: 'no_show', statement: '未开播' })).statusCode).toBe(200);
    clock.advance(25 * H);
    const second = await reportedDeal();
    expect((await second.fire(second.i, 'dispute', { reason: 'payment_terms', statement: '费用争议' })).statusCode).toBe(200);
    clock.advance(2 * H);
    const open = (await a.get('/api/admin/disputes?status=open&limit=100')).json();
    expect(open.openCount).toBe(before.openCount + 2);
    const mine = open.items.filter((x: { dealId: string }) => x.dealId === first.deal.id || x.dealId === second.deal.id);
    expect(mine.map((x: { dealId: string }) => x.dealId)).toEqual([first.deal.id, second.deal.id]);
    expect(mine[0]).toMatchObject({ reason: 'no_show', openedBy: 'company', overdue: true, outcome: 'open' });
    expect(mine[0].ageHours).toBeGreaterThanOrEqual(24 + 27);
    expect(mine[1]).toMatchObject({ openedBy: 'influencer', overdue: false, ageHours: 2 + 51 - 51 });
    expect(open.overdueCount).toBeGreaterThanOrEqual(1);
    expect((await first.fire(a, 'resolve_cancel', { reason: '达人未开播' })).statusCode).toBe(200);
    const closed = (await a.get('/api/admin/disputes?status=closed')).json();
    expect(closed.items[0]).toMatchObject({ dealId: first.deal.id, outcome: 'cancelled' });
    expect((await first.c.get('/api/admin/disputes')).statusCode).toBe(403);
  });
});

describe('cancelling', () => {
  it('the company cancels before the live with a reason; the task becomes 已取消; not after the start', async () => {
    const s = await dealSetup();
    expect((await s.fire(s.c, 'cancel', {})).json().error.message).toBe('请填写原因');
    expect((await s.fire(s.i, 'cancel', { reason: 'x' })).json().error.code).toBe('DEAL_ROLE_FORBIDDEN');
    expect((await s.fire(s.c, 'cancel', { reason: '产品延期上市' })).statusCode).toBe(200);
    expect((await s.get(s.i)).cancel).toMatchObject({ cancelledBy: 'company', reason: '产品延期上市' });
    const [task] = await t.app.ctx.db.select().from(tasks).where(eq(tasks.id, s.task.id));
    expect(task.status).toBe('cancelled');

    const late = await dealSetup();
    await late.fire(late.c, 'propose_schedule', schedule(2));
    await late.fire(late.i, 'confirm_schedule');
    clock.advance(3 * H);
    expect((await late.fire(late.c, 'cancel', { reason: '不想做了' })).json().error).toMatchObject({
      code: 'DEAL_LIVE_STARTED',
      message: '直播已开始，不能再改期或取消',
    });
    // my-tasks' cancel of the in-progress task follows the same rule; its complete is refused
    expect((await late.c.post(`/api/tasks/${late.task.id}/cancel`)).json().error.code).toBe('DEAL_LIVE_STARTED');
    expect((await late.c.post(`/api/tasks/${late.task.id}/complete`)).json().error.code).toBe('DEAL_COMPLETE_IN_DEAL');
  });

  it('by agreement: one asks, the other declines, then agrees; the request lapses when the deal moves', async () => {
    const s = await dealSetup();
    expect((await s.fire(s.i, 'request_cancel', { reason: '档期冲突' })).statusCode).toBe(200);
    expect((await s.fire(s.i, 'agree_cancel')).json().error.code).toBe('DEAL_NO_CANCEL_REQUEST');
    expect((await s.fire(s.c, 'decline_cancel')).statusCode).toBe(200);
    expect((await s.get(s.c)).cancel.requestedBy).toBeNull();
    expect((await s.fire(s.i, 'request_cancel', { reason: '档期冲突' })).statusCode).toBe(200);
    expect((await s.fire(s.c, 'agree_cancel')).statusCode).toBe(200);
    expect(await s.get(s.c)).toMatchObject({ status: 'cancelled', cancel: { reason: '档期冲突', cancelledBy: 'company' } });

    const moved = await dealSetup();
    await moved.fire(moved.c, 'request_cancel', { reason: '预算调整' });
    await moved.fire(moved.i, 'propose_schedule', schedule(10));
    expect((await moved.get(moved.c)).cancel.requestedBy).toBeNull();
  });

  it("my-tasks' cancel of an in-progress task cancels its deal", async () => {
    const s = await dealSetup();
    expect((await s.c.post(`/api/tasks/${s.task.id}/cancel`)).statusCode).toBe(200);
    expect(await s.get(s.i)).toMatchObject({ status: 'cancelled', cancel: { reason: '企业取消了任务' } });
  });
});

describe('who may see and do what', () => {
  it('visitors get 401; other companies, influencers and admins without 任务管理 get 404; nobody fires system events', async () => {
    const s = await dealSetup();
    const visitor = new Client(t.app);
    expect((await visitor.get(`/api/deals/${s.deal.id}`)).statusCode).toBe(401);
    expect((await visitor.get('/api/deals')).statusCode).toBe(401);
    expect((await visitor.post(`/api/deals/${s.deal.id}/events/confirm`, {})).statusCode).toBe(401);
    const otherCo = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
    const otherInf = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
    for (const email of [otherCo.user.email, otherInf.user.email]) {
      const c = await login(email);
      expect((await c.get(`/api/deals/${s.deal.id}`)).statusCode).toBe(404);
      expect((await c.post(`/api/deals/${s.deal.id}/events/cancel`, { reason: '捣乱' })).statusCode).toBe(404);
      expect((await c.get('/api/deals')).json().items).toEqual([]);
    }
    const weak = await makeAdmin(t.app.ctx.db, { permissions: ['user_management'], password: 'secret123' });
    const w = await login(weak.email);
    expect((await w.get(`/api/deals/${s.deal.id}`)).statusCode).toBe(404);
    expect((await w.get('/api/deals')).statusCode).toBe(403);
    // each event a person fires is its own operation (decision 0031): the platform's events and unknown names are none
    for (const e of ['auto_confirm', 'complete', 'funded', 'payment_expired', 'no_such_event'])
      expect(errorOf(await s.fire(s.c, e))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await s.c.get('/api/deals/not-a-uuid')).statusCode).toBe(404);
    expect((await s.c.post('/api/deals/not-a-uuid/events/confirm', {})).json().error.code).toBe('DEAL_NOT_FOUND');
    expect((await s.c.get('/api/deal-files/not-a-uuid')).statusCode).toBe(404);
    // the moved clock exists only on a server started with DEV_CLOCK=1
    expect((await visitor.post('/api/dev/clock', { advanceMs: 24 * H })).statusCode).toBe(404);
    // nothing changed
    expect((await s.get(s.c)).version).toBe(1);
  });

  it('report screenshots are private: the parties and the uploader see them, nobody else, and never under /uploads', async () => {
    const s = await dealSetup();
    await s.fire(s.c, 'propose_schedule', schedule(1));
    await s.fire(s.i, 'confirm_schedule');
    clock.advance(4 * H);
    const up = await upload(s.i, 'deal-file', await pngBytes(), 'shot.png', 'image/png');
    expect(up.statusCode).toBe(200);
    const file = up.json();
    expect(file.url).toBe(`/api/deal-files/${file.id}`);
    // someone else's upload cannot be attached
    const theirs = (await upload(s.c, 'deal-file', await pngBytes(), 'x.png', 'image/png')).json();
    expect((await report(s, { screenshots: [theirs.id] })).json().error.code).toBe('DEAL_IMAGE_INVALID');
    expect((await report(s, { screenshots: [file.id] })).statusCode).toBe(200);
    expect((await s.get(s.c)).report.screenshots).toEqual([{ id: file.id, url: file.url }]);
    expect((await s.c.get(file.url)).statusCode).toBe(200);
    expect((await s.i.get(file.url)).statusCode).toBe(200);
    const stranger = await login((await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } })).user.email);
    expect((await stranger.get(file.url)).statusCode).toBe(404);
    expect((await new Client(t.app).get(file.url)).statusCode).toBe(401);
    const [row] = await t.app.ctx.db.select().from(jobs).limit(1);
    expect(row).toBeTruthy();
    const key = (await t.app.ctx.db.query.uploads.findFirst({ where: (u, { eq: e }) => e(u.id, file.id) }))!.storageKey;
    expect(key.startsWith('private/')).toBe(true);
    expect((await stranger.get(`/uploads/${key}`)).statusCode).toBe(404);
    expect((await stranger.get(`/uploads/x/../${key}`)).statusCode).toBe(404);
    expect((await stranger.get(`/uploads/${encodeURIComponent(key)}`)).statusCode).toBe(404);
  });
});
