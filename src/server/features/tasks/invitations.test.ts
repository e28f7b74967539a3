/**
 * 邀请 and several influencers per task (issue 14, decision 0025): who may invite and answer, the rules of
 * an invitation (budget, once per influencer, not after applying, the daily limit), its 72-hour expiry on a
 * controllable clock, what accepting does (an accepted application, a slot, a deal), and the slots: a task
 * with N places stays open until the N-th acceptance, then refuses the rest; a prepayment serves every slot.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer, makeTaskCategory } from '../../db/factories';
import { deals, notifications, outbox, platformSettings, taskApplications, taskInvitations, tasks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { balanceOf } from '../money';
import { Client, createTestApp, errorOf, signedIn, type TestApp, delivered } from '../../test/harness';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
let categoryId: string;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(db(), { name: '美妆', nameEn: 'Beauty' })).id;
});
afterAll(async () => {
  await t?.close();
});

const LISTED = { isApproved: true, status: 'active', categories: ['beauty'], hourlyRateCents: 80_000 };

async function company(cents = 5_000_000) {
  const co = await makeCompany(db(), { user: { passwordHash: hash } });
  if (cents) await fundWallet(db(), { userId: co.user.id, userType: 'company', cents });
  return { ...co, c: await signedIn(t.app, co.user.email) };
}
async function influencer(o: Parameters<typeof makeInfluencer>[1] = {}) {
  const inf = await makeInfluencer(db(), { user: { passwordHash: hash }, ...LISTED, ...o });
  return { ...inf, c: await signedIn(t.app, inf.user.email) };
}
/** a task published through the API (the money rules apply), $1,000–$3,000 */
async function publish(c: Client, body: Record<string, unknown> = {}) {
  const res = await c.post('/api/tasks', {
    title: '新品口红直播',
    description: '新品口红直播推广',
    categoryId,
    budgetMinCents: 100_000,
    budgetMaxCents: 300_000,
    liveDate: new Date(clock.nowMs() + 10 * 24 * H).toISOString(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().task as { id: string; slots: number; currentApplicants: number };
}
const invite = (c: Client, taskId: string, influencerId: string, body: Record<string, unknown> = {}) =>
  c.post('/api/task-invitations', { taskId, influencerId, message: '期待与您合作新品口红直播', offeredRateCents: 200_000, ...body });
const taskRow = async (id: string) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0]!;
const invitationRow = async (id: string) => (await db().select().from(taskInvitations).where(eq(taskInvitations.id, id)))[0]!;
const notesOf = async (userId: string, type: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
async function apply(c: Client, taskId: string, rate = 200_000) {
  const res = await c.post('/api/task-applications', { taskId, proposedRateCents: rate, message: '期待合作' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().application.id as string;
}

describe('inviting', () => {
  it('the owner invites a listed influencer: told by notification and mail, listed on both sides, no longer recommended', async () => {
    const co = await company();
    const task = await publish(co.c);
    const inf = await influencer({ nickname: '受邀达人' });
    const before = (await co.c.get(`/api/tasks/${task.id}/recommended-influencers?limit=30`)).json().items as { id: string }[];
    expect(before.map((x) => x.id)).toContain(inf.influencer.id);

    const res = await invite(co.c, task.id, inf.influencer.id);
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json().invitation;
    expect(inv).toMatchObject({ status: 'pending', offeredRateCents: 200_000, message: '期待与您合作新品口红直播' });
    expect(new Date(inv.expiresAt).getTime() - clock.nowMs()).toBe(72 * H);

    expect(await notesOf(inf.user.id, 'invitation_received')).toHaveLength(1);
    const mail = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, inf.user.email));
    expect(mail.some((m) => (m.subject ?? '').includes('收到任务邀请'))).toBe(true);

    const mine = (await inf.c.get('/api/me/invitations')).json().items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: inv.id, status: 'pending', task: { id: task.id, slots: 1, currentApplicants: 0 } });
    const listed = (await co.c.get(`/api/task-invitations?taskId=${task.id}`)).json();
    expect(listed).toMatchObject({ perDay: 10, remainingToday: 9 });
    expect(listed.items[0]).toMatchObject({ id: inv.id, influencer: { id: inf.influencer.id, nickname: '受邀达人' } });

    // the task page shows the invitation instead of the apply form; applying is refused
    const detail = (await inf.c.get(`/api/tasks/${task.id}`)).json();
    expect(detail.viewer).toMatchObject({ canApply: false, invitation: { id: inv.id, status: 'pending', offeredRateCents: 200_000 } });
    expect(errorOf(await inf.c.post('/api/task-applications', { taskId: task.id, proposedRateCents: 200_000 })).code).toBe('INVITATION_PENDING');

    const after = (await co.c.get(`/api/tasks/${task.id}/recommended-influencers?limit=30`)).json().items as { id: string }[];
    expect(after.map((x) => x.id)).not.toContain(inf.influencer.id);
  });

  it('refuses bad invitations with their message and stores nothing', async () => {
    const co = await company();
    const task = await publish(co.c);
    const inf = await influencer();
    const applicant = await influencer();
    await apply(applicant.c, task.id);
    const hidden = await influencer({ isApproved: false });
    const cases: [Record<string, unknown>, string, number][] = [
      [{ offeredRateCents: 99_900 }, 'INVITATION_RATE_OUT_OF_RANGE', 400],
      [{ offeredRateCents: 300_100 }, 'INVITATION_RATE_OUT_OF_RANGE', 400],
      [{ message: '   ' }, 'INVITATION_MESSAGE_REQUIRED', 400],
      [{ message: 'x'.repeat(501) }, 'TEXT_TOO_LONG', 400],
      [{ influencerId: applicant.influencer.id }, 'INVITATION_ALREADY_APPLIED', 409],
      [{ influencerId: hidden.influencer.id }, 'INVITATION_INFLUENCER_UNAVAILABLE', 409],
      [{ influencerId: '00000000-0000-4000-8000-000000000000' }, 'INFLUENCER_NOT_FOUND', 404],
    ];
    for (const [body, code, status] of cases) {
      const res = await invite(co.c, task.id, inf.influencer.id, body);
      expect(errorOf(res), JSON.stringify(body)).toMatchObject({ status, code });
    }
    const rate = errorOf(await invite(co.c, task.id, inf.influencer.id, { offeredRateCents: 99_900 }));
    expect(rate.message).toBe('报价需在 $1,000.00 - $3,000.00 之间');
    expect(await db().select().from(taskInvitations).where(eq(taskInvitations.taskId, task.id))).toHaveLength(0);

    expect((await invite(co.c, task.id, inf.influencer.id)).statusCode).toBe(200);
    expect(errorOf(await invite(co.c, task.id, inf.influencer.id))).toMatchObject({ status: 409, code: 'INVITATION_DUPLICATE', message: '已邀请过该达人' });

    // a commission-only task offers no fee: the rate is 0 whatever was sent
    const pure = await publish(co.c, { pricingModel: 'commission', commissionBps: 2000 });
    const inv = (await invite(co.c, pure.id, inf.influencer.id, { offeredRateCents: 12_345_600 })).json().invitation;
    expect(inv.offeredRateCents).toBe(0);
  });

  it('who may call: visitors 401, influencers 403, another company 403/404, the invited influencer alone answers', async () => {
    const co = await company();
    const task = await publish(co.c);
    const inf = await influencer();
    const stranger = await influencer();
    const rival = await company(0);
    const inv = (await invite(co.c, task.id, inf.influencer.id)).json().invitation;
    const visitor = new Client(t.app);
    for (const [method, url, body] of [
      ['post', '/api/task-invitations', { taskId: task.id, influencerId: inf.influencer.id, message: 'x', offeredRateCents: 200_000 }],
      ['get', `/api/task-invitations?taskId=${task.id}`, undefined],
      ['get', '/api/me/invitations', undefined],
      ['post', `/api/task-invitations/${inv.id}/accept`, {}],
      ['post', `/api/task-invitations/${inv.id}/decline`, { reason: 'no' }],
      ['post', `/api/task-invitations/${inv.id}/withdraw`, {}],
      ['post', `/api/tasks/${task.id}/close-recruiting`, {}],
    ] as const) {
      const res = method === 'get' ? await visitor.get(url) : await visitor.post(url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // influencers cannot invite or read a task's invitations; companies cannot answer or read an influencer's
    expect(errorOf(await invite(inf.c, task.id, stranger.influencer.id)).status).toBe(403);
    expect(errorOf(await inf.c.get(`/api/task-invitations?taskId=${task.id}`)).status).toBe(403);
    expect(errorOf(await co.c.get('/api/me/invitations')).status).toBe(403);
    expect(errorOf(await co.c.post(`/api/task-invitations/${inv.id}/accept`, {})).status).toBe(403);
    expect(errorOf(await co.c.post(`/api/task-invitations/${inv.id}/decline`, { reason: '不合适' })).status).toBe(403);
    expect(errorOf(await inf.c.post(`/api/task-invitations/${inv.id}/withdraw`, {})).status).toBe(403);
    expect(errorOf(await inf.c.post(`/api/tasks/${task.id}/close-recruiting`, {})).status).toBe(403);
    // another company: not its task, not its invitation
    expect(errorOf(await invite(rival.c, task.id, stranger.influencer.id)).status).toBe(403);
    expect(errorOf(await rival.c.get(`/api/task-invitations?taskId=${task.id}`)).status).toBe(403);
    expect(errorOf(await rival.c.post(`/api/task-invitations/${inv.id}/withdraw`, {}))).toMatchObject({ status: 404, code: 'INVITATION_NOT_FOUND' });
    expect(errorOf(await rival.c.post(`/api/tasks/${task.id}/close-recruiting`, {})).status).toBe(403);
    // another influencer cannot see, accept or decline it
    expect((await stranger.c.get('/api/me/invitations')).json().items).toHaveLength(0);
    expect(errorOf(await stranger.c.post(`/api/task-invitations/${inv.id}/accept`, {}))).toMatchObject({ status: 404, code: 'INVITATION_NOT_FOUND' });
    expect(errorOf(await stranger.c.post(`/api/task-invitations/${inv.id}/decline`, { reason: '没空' })).status).toBe(404);
    expect((await stranger.c.get(`/api/tasks/${task.id}`)).json().viewer.invitation).toBeNull();
    expect((await invitationRow(inv.id)).status).toBe('pending');
  });

  it('a task sends at most the daily limit (系统设置) in 24 hours', async () => {
    await db()
      .insert(platformSettings)
      .values({ key: 'invitationDailyLimit', value: 2 })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: 2 } });
    try {
      const co = await company();
      const task = await publish(co.c);
      const people = await Promise.all([influencer(), influencer(), influencer()]);
      expect((await invite(co.c, task.id, people[0].influencer.id)).statusCode).toBe(200);
      clock.advance(12 * H);
      expect((await invite(co.c, task.id, people[1].influencer.id)).statusCode).toBe(200);
      const third = errorOf(await invite(co.c, task.id, people[2].influencer.id));
      expect(third).toMatchObject({ status: 429, code: 'INVITATION_DAILY_LIMIT', message: '该任务今日邀请已达上限（2 次）' });
      expect((await co.c.get(`/api/task-invitations?taskId=${task.id}`)).json()).toMatchObject({ perDay: 2, remainingToday: 0 });
      // another task of the same company has its own limit
      const other = await publish(co.c);
      expect((await invite(co.c, other.id, people[2].influencer.id)).statusCode).toBe(200);
      // 24 hours after the first, one place is free again
      clock.advance(12 * H + 1);
      expect((await invite(co.c, task.id, people[2].influencer.id)).statusCode).toBe(200);
    } finally {
      await db().delete(platformSettings).where(eq(platformSettings.key, 'invitationDailyLimit'));
    }
  });
});

describe('answering', () => {
  it('accepting: an accepted application at the offered rate, the deal funded from the wallet, the task filled, the rest refused or closed', async () => {
    const co = await company();
    const task = await publish(co.c);
    const inf = await influencer({ nickname: '接受者' });
    const other = await influencer();
    const applicant = await influencer();
    const appId = await apply(applicant.c, task.id, 150_000);
    const inv = (await invite(co.c, task.id, inf.influencer.id, { offeredRateCents: 240_000 })).json().invitation;
    const inv2 = (await invite(co.c, task.id, other.influencer.id)).json().invitation;

    const res = await inf.c.post(`/api/task-invitations/${inv.id}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    const {
      deal: { id: dealId },
      invitation,
    } = res.json();
    expect(invitation).toMatchObject({ status: 'accepted', dealId });
    const [deal] = await db().select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ taskId: task.id, influencerId: inf.influencer.id, rateCents: 240_000, status: 'accepted' });
    const [app] = await db().select().from(taskApplications).where(eq(taskApplications.id, deal.applicationId));
    expect(app).toMatchObject({ status: 'accepted', proposedRateCents: 240_000 });
    expect(await invitationRow(inv.id)).toMatchObject({ status: 'accepted', applicationId: app.id });
    expect(await taskRow(task.id)).toMatchObject({ status: 'in_progress', currentApplicants: 1, selectedInfluencerId: inf.influencer.id });
    // the last slot is taken: the pending application is refused, the other invitation closed
    expect((await db().select().from(taskApplications).where(eq(taskApplications.id, appId)))[0].status).toBe('refused');
    expect((await invitationRow(inv2.id)).status).toBe('closed');
    expect(await notesOf(co.user.id, 'invitation_accepted')).toHaveLength(1);
    expect(await notesOf(other.user.id, 'invitation_closed')).toHaveLength(1);
    expect(errorOf(await other.c.post(`/api/task-invitations/${inv2.id}/accept`, {}))).toMatchObject({ status: 409, code: 'INVITATION_STATE_CONFLICT' });
    // both sides see the deal
    expect((await inf.c.get(`/api/tasks/${task.id}`)).json().viewer.dealId).toBe(dealId);
    const applicants = (await co.c.get(`/api/task-applications?taskId=${task.id}`)).json().items as {
      id: string;
      dealId: string | null;
      invited: boolean;
    }[];
    expect(applicants.find((a) => a.id === app.id)).toMatchObject({ dealId, invited: true });
    expect(applicants.find((a) => a.id === appId)).toMatchObject({ dealId: null, invited: false });
    expect((await inf.c.get('/api/me/invitations')).json().items[0]).toMatchObject({ status: 'accepted', dealId });
  });

  it('declining needs a reason, which the company reads; taking back a pending invitation tells the influencer', async () => {
    const co = await company();
    const task = await publish(co.c);
    const a = await influencer({ nickname: '婉拒者' });
    const b = await influencer();
    const invA = (await invite(co.c, task.id, a.influencer.id)).json().invitation;
    const invB = (await invite(co.c, task.id, b.influencer.id)).json().invitation;
    expect(errorOf(await a.c.post(`/api/task-invitations/${invA.id}/decline`, { reason: '  ' }))).toMatchObject({
      status: 400,
      code: 'INVITATION_REASON_REQUIRED',
    });
    expect((await invitationRow(invA.id)).status).toBe('pending');
    expect((await a.c.post(`/api/task-invitations/${invA.id}/decline`, { reason: '档期已满' })).statusCode).toBe(200);
    expect(await invitationRow(invA.id)).toMatchObject({ status: 'declined', declineReason: '档期已满' });
    const [note] = await notesOf(co.user.id, 'invitation_declined');
    expect(note.params).toMatchObject({ influencer: '婉拒者', reason: '档期已满' });
    expect(errorOf(await a.c.post(`/api/task-invitations/${invA.id}/accept`, {})).code).toBe('INVITATION_STATE_CONFLICT');

    expect((await co.c.post(`/api/task-invitations/${invB.id}/withdraw`, {})).statusCode).toBe(200);
    expect((await invitationRow(invB.id)).status).toBe('withdrawn');
    expect(await notesOf(b.user.id, 'invitation_closed')).toHaveLength(1);
    expect(errorOf(await b.c.post(`/api/task-invitations/${invB.id}/accept`, {})).code).toBe('INVITATION_STATE_CONFLICT');
    expect(errorOf(await co.c.post(`/api/task-invitations/${invB.id}/withdraw`, {})).code).toBe('INVITATION_STATE_CONFLICT');
    // a withdrawn or declined invitation still counts as sent: no second one to the same influencer
    expect(errorOf(await invite(co.c, task.id, b.influencer.id)).code).toBe('INVITATION_DUPLICATE');
    // both may still apply like anyone
    await apply(b.c, task.id);
  });

  it('unanswered for 72 hours it expires (a job), the company is told; answering after the hour is refused even before the job ran', async () => {
    const co = await company();
    const task = await publish(co.c);
    const a = await influencer({ nickname: '沉默者' });
    const b = await influencer();
    const invA = (await invite(co.c, task.id, a.influencer.id)).json().invitation;
    const invB = (await invite(co.c, task.id, b.influencer.id)).json().invitation;
    clock.advance(72 * H - 1000);
    await runDueJobs(t.app.ctx);
    expect((await invitationRow(invA.id)).status).toBe('pending');
    clock.advance(1000);
    // B answers at the hour, before any job run: too late
    expect(errorOf(await b.c.post(`/api/task-invitations/${invB.id}/accept`, {}))).toMatchObject({
      status: 409,
      code: 'INVITATION_EXPIRED',
      message: '该邀请已过期',
    });
    expect(errorOf(await b.c.post(`/api/task-invitations/${invB.id}/decline`, { reason: '晚了' })).code).toBe('INVITATION_EXPIRED');
    await runDueJobs(t.app.ctx);
    expect((await invitationRow(invA.id)).status).toBe('expired');
    expect((await invitationRow(invB.id)).status).toBe('expired');
    const notes = await notesOf(co.user.id, 'invitation_expired');
    expect(notes.map((n) => (n.params as { influencer: string }).influencer)).toContain('沉默者');
    expect(errorOf(await a.c.post(`/api/task-invitations/${invA.id}/accept`, {})).code).toBe('INVITATION_EXPIRED');
    expect(await taskRow(task.id)).toMatchObject({ status: 'open', currentApplicants: 0 });
  });

  it('a cancelled task closes its pending invitations and tells the invited', async () => {
    const co = await company();
    const task = await publish(co.c);
    const inf = await influencer();
    const inv = (await invite(co.c, task.id, inf.influencer.id)).json().invitation;
    expect((await co.c.post(`/api/tasks/${task.id}/cancel`, {})).statusCode).toBe(200);
    expect((await invitationRow(inv.id)).status).toBe('closed');
    expect(await notesOf(inf.user.id, 'invitation_closed')).toHaveLength(1);
    expect(errorOf(await inf.c.post(`/api/task-invitations/${inv.id}/accept`, {})).code).toBe('INVITATION_STATE_CONFLICT');
    expect(errorOf(await invite(co.c, task.id, (await influencer()).influencer.id)).code).toBe('TASK_NOT_OPEN');
  });
});

describe('several influencers per task', () => {
  it('validates the number of places', async () => {
    const co = await company();
    for (const [slots, code] of [
      [0, 'TASK_SLOTS_INVALID'],
      [51, 'TASK_SLOTS_INVALID'],
      [1.5, 'NUMBER_NOT_INTEGER'],
      [6, 'TASK_SLOTS_OVER_APPLICANTS'],
    ] as const) {
      const res = await co.c.post('/api/tasks', {
        title: 't',
        description: 'd',
        categoryId,
        budgetMinCents: 100,
        budgetMaxCents: 200,
        maxApplicants: 5,
        slots,
      });
      expect(errorOf(res).code, String(slots)).toBe(code);
    }
    expect((await db().select().from(tasks).where(eq(tasks.companyId, co.company.id))).length).toBe(0);
    const task = await publish(co.c, { slots: 3, maxApplicants: 5 });
    expect(task).toMatchObject({ slots: 3, currentApplicants: 0 });
  });

  it('a 3-place task stays open until the third acceptance, then refuses the rest; the hall shows 已招 n/3', async () => {
    const co = await company();
    const task = await publish(co.c, { slots: 3, maxApplicants: 5 });
    const people = await Promise.all([influencer(), influencer(), influencer(), influencer()]);
    const apps = [];
    for (const p of people) apps.push(await apply(p.c, task.id));
    const hallCard = async () =>
      (
        (await new Client(t.app).get('/api/tasks?status=all&limit=50')).json().items as {
          id: string;
          slots: number;
          currentApplicants: number;
          status: string;
        }[]
      ).find((x) => x.id === task.id);

    for (const [i, id] of apps.slice(0, 2).entries()) {
      expect((await co.c.post(`/api/task-applications/${id}/accept`)).statusCode).toBe(200);
      expect(await taskRow(task.id)).toMatchObject({ status: 'open', currentApplicants: i + 1 });
    }
    expect(await hallCard()).toMatchObject({ status: 'open', slots: 3, currentApplicants: 2 });
    // the others are still pending while places are left
    const statuses = async () => (await db().select().from(taskApplications).where(eq(taskApplications.taskId, task.id))).map((a) => a.status).sort();
    expect(await statuses()).toEqual(['accepted', 'accepted', 'pending', 'pending']);
    expect((await co.c.post(`/api/task-applications/${apps[2]}/accept`)).statusCode).toBe(200);
    expect(await taskRow(task.id)).toMatchObject({ status: 'in_progress', currentApplicants: 3 });
    expect(await statuses()).toEqual(['accepted', 'accepted', 'accepted', 'refused']);
    expect(await hallCard()).toMatchObject({ status: 'in_progress', currentApplicants: 3 });
    expect(await notesOf(co.user.id, 'task_slots_filled')).toHaveLength(1);
    expect(await notesOf(people[3].user.id, 'application_refused')).toHaveLength(1);
    expect(errorOf(await co.c.post(`/api/task-applications/${apps[3]}/accept`)).code).toBe('APPLICATION_STATE_CONFLICT');
    // three deals, one per influencer, each with its own conversation and escrow
    const ds = await db().select().from(deals).where(eq(deals.taskId, task.id));
    expect(new Set(ds.map((d) => d.influencerId)).size).toBe(3);
    for (const d of ds) expect(await balanceOf(db(), 'escrow', co.user.id, d.id)).toBe(200_000);
    // each influencer's task page links their own deal
    for (const [i, p] of people.slice(0, 3).entries()) {
      const mine = ds.find((d) => d.influencerId === p.influencer.id)!;
      expect((await p.c.get(`/api/tasks/${task.id}`)).json().viewer.dealId, String(i)).toBe(mine.id);
    }
  });

  it('a prepayment pays each deal in turn; what is left goes back when the last place is filled', async () => {
    const co = await company(1_000_000);
    const task = await publish(co.c, { slots: 2, isAdvancePaid: true, paidAmountCents: 300_000 });
    expect(await balanceOf(db(), 'prepaid_escrow', co.user.id, task.id)).toBe(300_000);
    const a = await influencer();
    const b = await influencer();
    const first = (await invite(co.c, task.id, a.influencer.id, { offeredRateCents: 100_000 })).json().invitation;
    await a.c.post(`/api/task-invitations/${first.id}/accept`, {});
    expect(await balanceOf(db(), 'prepaid_escrow', co.user.id, task.id)).toBe(200_000);
    const appB = await apply(b.c, task.id, 120_000);
    await co.c.post(`/api/task-applications/${appB}/accept`);
    expect(await balanceOf(db(), 'prepaid_escrow', co.user.id, task.id)).toBe(0);
    const ds = await db().select().from(deals).where(eq(deals.taskId, task.id));
    expect(ds.map((d) => d.status).sort()).toEqual(['accepted', 'accepted']);
    // $10,000 − $3,000 prepaid + $800 left over
    expect(await balanceOf(db(), 'company_available', co.user.id)).toBe(1_000_000 - 300_000 + 80_000);
  });

  it('a cancelled deal frees its place while the task recruits; once full, the task ends with its last deal', async () => {
    const co = await company();
    const task = await publish(co.c, { slots: 2 });
    const [a, b, c] = await Promise.all([influencer(), influencer(), influencer()]);
    const appA = await apply(a.c, task.id);
    await co.c.post(`/api/task-applications/${appA}/accept`);
    const dealA = (
      await db()
        .select()
        .from(deals)
        .where(and(eq(deals.taskId, task.id), eq(deals.influencerId, a.influencer.id)))
    )[0];
    expect((await co.c.post(`/api/deals/${dealA.id}/events/cancel`, { reason: '档期冲突' })).statusCode).toBe(200);
    expect(await taskRow(task.id)).toMatchObject({ status: 'open', currentApplicants: 0 });
    for (const p of [b, c]) await co.c.post(`/api/task-applications/${await apply(p.c, task.id)}/accept`);
    expect(await taskRow(task.id)).toMatchObject({ status: 'in_progress', currentApplicants: 2 });
    const [dealB, dealC] = (await db().select().from(deals).where(eq(deals.taskId, task.id))).filter((d) => d.id !== dealA.id);
    expect((await co.c.post(`/api/deals/${dealB.id}/events/cancel`, { reason: '改期' })).statusCode).toBe(200);
    expect((await taskRow(task.id)).status).toBe('in_progress');
    expect((await co.c.post(`/api/deals/${dealC.id}/events/cancel`, { reason: '改期' })).statusCode).toBe(200);
    expect((await taskRow(task.id)).status).toBe('cancelled');
  });

  it('结束招募: with one place filled the company stops recruiting; the rest are refused and closed, a prepayment returned', async () => {
    const co = await company(1_000_000);
    const task = await publish(co.c, { slots: 3, isAdvancePaid: true, paidAmountCents: 300_000 });
    expect(errorOf(await co.c.post(`/api/tasks/${task.id}/close-recruiting`, {}))).toMatchObject({ status: 409, code: 'TASK_RECRUITING_NONE' });
    const [a, b, c] = await Promise.all([influencer(), influencer(), influencer()]);
    await co.c.post(`/api/task-applications/${await apply(a.c, task.id, 100_000)}/accept`);
    const pendingApp = await apply(b.c, task.id);
    const inv = (await invite(co.c, task.id, c.influencer.id)).json().invitation;
    expect((await co.c.post(`/api/tasks/${task.id}/close-recruiting`, {})).statusCode).toBe(200);
    expect(await taskRow(task.id)).toMatchObject({ status: 'in_progress', currentApplicants: 1 });
    expect((await db().select().from(taskApplications).where(eq(taskApplications.id, pendingApp)))[0].status).toBe('refused');
    expect((await invitationRow(inv.id)).status).toBe('closed');
    expect(await balanceOf(db(), 'prepaid_escrow', co.user.id, task.id)).toBe(0);
    expect(await balanceOf(db(), 'company_available', co.user.id)).toBe(1_000_000 - 100_000);
    expect(errorOf(await co.c.post(`/api/tasks/${task.id}/close-recruiting`, {})).code).toBe('TASK_STATE_CONFLICT');
  });

  it('cancelling a recruiting task with a deal cancels the deal too', async () => {
    const co = await company();
    const task = await publish(co.c, { slots: 2 });
    const a = await influencer();
    await co.c.post(`/api/task-applications/${await apply(a.c, task.id)}/accept`);
    // an admin cannot delete it while its deal runs (the deal's escrow would lose its task)
    const adminUser = await makeAdmin(db(), { permissions: ['task_management'] });
    const admin = await signedIn(t.app, adminUser.email);
    expect(errorOf(await admin.request({ method: 'DELETE', url: `/api/admin/tasks/${task.id}` }))).toMatchObject({ status: 409, code: 'TASK_DEAL_OPEN' });
    expect((await co.c.post(`/api/tasks/${task.id}/cancel`, {})).statusCode).toBe(200);
    expect((await taskRow(task.id)).status).toBe('cancelled');
    const [d] = await db().select().from(deals).where(eq(deals.taskId, task.id));
    expect(d.status).toBe('cancelled');
  });
});
