/**
 * The task as a resource (decision 0054): GET /api/tasks/{id} and its deprecated alias, PATCH /api/tasks/{id} before
 * anyone applies, the accept answer with its deal, and the paged /api/my/tasks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeInfluencer, makeTaskCategory } from '../../db/factories';
import { tasks } from '../../db/schema';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let hash: string;
let categoryId: string;
let otherCategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(t.app.ctx.db, { name: '美妆', nameEn: 'Beauty', sortOrder: 1 })).id;
  otherCategoryId = (await makeTaskCategory(t.app.ctx.db, { name: '食品', nameEn: 'Food', sortOrder: 2 })).id;
});
afterAll(async () => {
  await t?.close();
});

async function company() {
  const made = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
  return { ...made, client: await signedIn(t.app, made.user.email) };
}
async function influencer() {
  const made = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
  return { ...made, client: await signedIn(t.app, made.user.email) };
}
const patch = (c: Client, id: string, body: unknown, headers: Record<string, string> = {}) =>
  c.request({ method: 'PATCH', url: `/api/tasks/${id}`, payload: body as Record<string, unknown>, headers });
async function publish(c: Client, extra: Record<string, unknown> = {}) {
  const res = await c.post('/api/tasks', {
    title: '口红新品直播',
    description: '新品口红直播推广',
    categoryId,
    budgetMinCents: 100000,
    budgetMaxCents: 300000,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().task as { id: string };
}

describe('GET /api/tasks/{id}', () => {
  it('answers the task with the viewer fields; the deprecated ?id= alias answers the same', async () => {
    const co = await company();
    const task = await publish(co.client);
    const res = await co.client.get(`/api/tasks/${task.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ task: { id: task.id, title: '口红新品直播', status: 'open' }, viewer: { isOwner: true } });
    const alias = await co.client.get(`/api/task-detail?id=${task.id}`);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(res.json());
    // a visitor reads it too (not the owner)
    expect((await new Client(t.app).get(`/api/tasks/${task.id}`)).json().viewer.isOwner).toBe(false);
  });
  it('an unknown or malformed id is 404 任务不存在', async () => {
    const visitor = new Client(t.app);
    expect(errorOf(await visitor.get('/api/tasks/00000000-0000-4000-8000-000000000000'))).toEqual({
      status: 404,
      code: 'TASK_NOT_FOUND',
      message: '任务不存在',
    });
    expect(errorOf(await visitor.get('/api/tasks/not-a-uuid'))).toMatchObject({ status: 404, code: 'TASK_NOT_FOUND' });
  });
  it('the document marks the aliases deprecated and not the resources', async () => {
    const doc = (await new Client(t.app).get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { deprecated?: boolean; operationId: string }>>;
    };
    expect(doc.paths['/api/task-detail'].get).toMatchObject({ deprecated: true, operationId: 'getTaskByQuery' });
    expect(doc.paths['/api/influencer-detail'].get).toMatchObject({ deprecated: true, operationId: 'getInfluencerByQuery' });
    expect(doc.paths['/api/video-detail'].get).toMatchObject({ deprecated: true, operationId: 'getVideoByQuery' });
    expect(doc.paths['/api/tasks/{id}'].get.operationId).toBe('getTask');
    expect(doc.paths['/api/tasks/{id}'].get.deprecated).toBeUndefined();
    expect(doc.paths['/api/influencers/{id}'].get.operationId).toBe('getInfluencer');
    expect(doc.paths['/api/videos/{id}'].get.operationId).toBe('getVideo');
  });
});

describe('PATCH /api/tasks/{id}', () => {
  it('the owner edits before anyone applies and gets the task back', async () => {
    const co = await company();
    const task = await publish(co.client);
    const res = await patch(co.client, task.id, {
      title: '口红新品直播（改）',
      budgetMinCents: 200000,
      budgetMaxCents: 500000,
      categoryId: otherCategoryId,
      requirements: '粉丝5万以上\n美妆',
      productName: null,
      slots: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().task).toMatchObject({
      id: task.id,
      title: '口红新品直播（改）',
      budgetMinCents: 200000,
      budgetMaxCents: 500000,
      slots: 2,
      requirements: ['粉丝5万以上', '美妆'],
      productName: null,
      category: { id: otherCategoryId },
      // untouched fields stay
      description: '新品口红直播推广',
      status: 'open',
    });
    expect((await co.client.get(`/api/tasks/${task.id}`)).json().task.title).toBe('口红新品直播（改）');
  });
  it('an API key with tasks:write edits; one with tasks:read only is refused', async () => {
    const co = await company();
    const task = await publish(co.client);
    const key = async (scopes: string[]) => (await co.client.post('/api/me/api-keys', { name: 'ERP', scopes })).json().secret as string;
    const integrator = new Client(t.app);
    const write = await patch(integrator, task.id, { title: '来自 ERP 的标题' }, { authorization: `Bearer ${await key(['tasks:write'])}` });
    expect(write.statusCode, write.body).toBe(200);
    expect(write.json().task.title).toBe('来自 ERP 的标题');
    const read = await patch(integrator, task.id, { title: '不该改' }, { authorization: `Bearer ${await key(['tasks:read'])}` });
    expect(errorOf(read).code).toBe('API_KEY_SCOPE');
  });
  it('after an application: 409 TASK_HAS_APPLICATIONS in zh-CN, and nothing changes', async () => {
    const co = await company();
    const task = await publish(co.client);
    const inf = await influencer();
    expect((await inf.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150000 })).statusCode).toBe(200);
    const res = await patch(co.client, task.id, { title: '想改标题' });
    expect(errorOf(res)).toEqual({ status: 409, code: 'TASK_HAS_APPLICATIONS', message: '已有达人报名或已发出邀请，任务不能再修改' });
    const [row] = await t.app.ctx.db.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, task.id));
    expect(row.title).toBe('口红新品直播');
  });
  it('a visitor 401, an influencer 403, another company 403, an unknown task 404', async () => {
    const co = await company();
    const task = await publish(co.client);
    expect(errorOf(await patch(new Client(t.app), task.id, { title: 'x' })).status).toBe(401);
    expect(errorOf(await patch((await influencer()).client, task.id, { title: 'x' })).status).toBe(403);
    expect(errorOf(await patch((await company()).client, task.id, { title: 'x' }))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(errorOf(await patch(co.client, '00000000-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
  });
  it('bad input is 400 and changes nothing: a broken rule, a field that cannot change, a bad value', async () => {
    const co = await company();
    const task = await publish(co.client, { requiresDeposit: true, depositAmountCents: 50000 });
    const before = (await co.client.get(`/api/tasks/${task.id}`)).json().task;
    // budgetMaxCents below the stored budgetMinCents (the merged task breaks the rule)
    expect(errorOf(await patch(co.client, task.id, { budgetMaxCents: 50000 }))).toMatchObject({ status: 400, code: 'TASK_BUDGET_RANGE' });
    // the deposit above the new budgetMaxCents
    expect(errorOf(await patch(co.client, task.id, { budgetMinCents: 10000, budgetMaxCents: 40000 }))).toMatchObject({
      status: 400,
      code: 'TASK_DEPOSIT_OVER_BUDGET',
    });
    // commission pricing without a commission
    expect(errorOf(await patch(co.client, task.id, { pricingModel: 'commission' }))).toMatchObject({ status: 400, code: 'TASK_COMMISSION_INVALID' });
    // slots over maxApplicants
    expect(errorOf(await patch(co.client, task.id, { slots: 9 }))).toMatchObject({ status: 400, code: 'TASK_SLOTS_OVER_APPLICANTS' });
    // the prepayment moved money at publishing: not editable
    expect(errorOf(await patch(co.client, task.id, { isAdvancePaid: true, paidAmountCents: 10000 })).status).toBe(400);
    expect(errorOf(await patch(co.client, task.id, { title: '' })).status).toBe(400);
    expect(errorOf(await patch(co.client, task.id, { categoryId: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({
      status: 400,
      code: 'TASK_CATEGORY_REQUIRED',
    });
    expect(errorOf(await patch(co.client, task.id, { liveDate: '2001-01-01T00:00:00Z' }))).toMatchObject({ status: 400, code: 'TASK_LIVE_DATE_RANGE' });
    expect((await co.client.get(`/api/tasks/${task.id}`)).json().task).toEqual(before);
  });
  it('a task no longer open cannot be edited (409)', async () => {
    const co = await company();
    const task = await publish(co.client);
    expect((await co.client.post(`/api/tasks/${task.id}/cancel`)).statusCode).toBe(200);
    expect(errorOf(await patch(co.client, task.id, { title: '取消后' }))).toMatchObject({ status: 409, code: 'TASK_STATE_CONFLICT' });
  });
});

describe('deciding on applications', () => {
  it('accepting answers the accepted application and the deal it started; refusing answers the refused application', async () => {
    const co = await company();
    const task = await publish(co.client, { slots: 2 });
    const a = await influencer();
    const b = await influencer();
    const appA = (await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150000 })).json().application.id as string;
    const appB = (await b.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 160000 })).json().application.id as string;
    const accepted = await co.client.post(`/api/task-applications/${appA}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const body = accepted.json();
    expect(body.application).toMatchObject({ id: appA, taskId: task.id, influencerId: a.influencer.id, status: 'accepted', proposedRateCents: 150000 });
    expect(body.deal.id).toMatch(/^[0-9a-f-]{36}$/);
    // the deal is the one the task page links
    expect((await co.client.get(`/api/deals/${body.deal.id}`)).json()).toMatchObject({ id: body.deal.id, taskId: task.id, status: body.deal.status });
    const refused = await co.client.post(`/api/task-applications/${appB}/refuse`);
    expect(refused.json().application).toMatchObject({ id: appB, status: 'refused' });
  });
});

describe('actions answer what they changed (decision 0056)', () => {
  const LISTED = { isApproved: true, status: 'active', categories: ['beauty'], hourlyRateCents: 80_000 };
  async function listed() {
    const made = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash }, ...LISTED });
    return { ...made, client: await signedIn(t.app, made.user.email) };
  }
  const invite = (c: Client, taskId: string, influencerId: string) =>
    c.post('/api/task-invitations', { taskId, influencerId, message: '期待与您合作新品口红直播', offeredRateCents: 200_000 });
  /** the 200 answer of an operation in the document: a $ref to a named schema, never an inline object */
  const answerRef = async (path: string) => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }> }>>;
    };
    return doc.paths[path].post.responses['200'].content['application/json'].schema.$ref;
  };

  it('each action declares its answer by id', async () => {
    expect(await answerRef('/api/task-applications/{id}/withdraw')).toBe('#/components/schemas/ApplicationAnswer');
    expect(await answerRef('/api/tasks/{id}/cancel')).toBe('#/components/schemas/TaskDetailResponse');
    expect(await answerRef('/api/tasks/{id}/complete')).toBe('#/components/schemas/TaskDetailResponse');
    expect(await answerRef('/api/tasks/{id}/close-recruiting')).toBe('#/components/schemas/TaskDetailResponse');
    expect(await answerRef('/api/task-invitations/{id}/accept')).toBe('#/components/schemas/AcceptInvitationResponse');
    expect(await answerRef('/api/task-invitations/{id}/decline')).toBe('#/components/schemas/InvitationResponse');
    expect(await answerRef('/api/task-invitations/{id}/withdraw')).toBe('#/components/schemas/InvitationResponse');
    expect(await answerRef('/api/deals/{id}/events/cancel')).toBe('#/components/schemas/DealDetail');
    expect(await answerRef('/api/deals/{id}/events/propose_schedule')).toBe('#/components/schemas/DealDetail');
  });

  it('no operation answers a bare {ok:true}: every success is a named object, or 204 with no body', async () => {
    await t.app.ready();
    type Res = { $ref?: string; content?: Record<string, { schema: { $ref?: string; properties?: Record<string, unknown> } }> };
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, Res> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const inline: string[] = [];
    const bare: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const op of Object.values(ops)) {
        for (const [status, res] of Object.entries(op.responses)) {
          if (!status.startsWith('2') || !res.content) continue;
          const schema = res.content['application/json']?.schema;
          if (!schema) continue;
          // the payment providers' webhook receivers answer the provider, not an integrator
          if (!schema.$ref) {
            if (!path.startsWith('/api/payments/webhook')) inline.push(`${op.operationId} ${status}`);
            continue;
          }
          const props = Object.keys(doc.components.schemas[schema.$ref.split('/').pop()!]?.properties ?? {});
          if (props.length === 1 && props[0] === 'ok') bare.push(op.operationId);
        }
      }
    }
    expect(bare).toEqual([]);
    expect(doc.components.schemas.Ok).toBeUndefined();
    // removing something answers 204 with no body; signing out and the password changes too
    const ops = new Map(Object.values(doc.paths).flatMap((o) => Object.values(o).map((op) => [op.operationId, op] as const)));
    const done = ['removeBankAccount', 'deleteVideo', 'revokeAdminInvite', 'removeAdmin', 'deleteCategory', 'adminDeleteTask'];
    done.push('deleteWebhookEndpoint', 'signOut', 'changePassword', 'confirmPasswordReset');
    for (const id of done) {
      const responses = ops.get(id)!.responses;
      expect(
        Object.keys(responses).filter((s) => s.startsWith('2')),
        id,
      ).toEqual(['204']);
      expect(responses['204'].content, id).toBeUndefined();
    }
    expect(inline).toEqual([]);
  });

  it('withdrawing an application answers the withdrawn application', async () => {
    const co = await company();
    const task = await publish(co.client);
    const inf = await influencer();
    const id = (await inf.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150000 })).json().application.id as string;
    const res = await inf.client.post(`/api/task-applications/${id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      application: { id, taskId: task.id, influencerId: inf.influencer.id, status: 'withdrawn', proposedRateCents: 150000, respondedAt: expect.any(String) },
    });
    // a second withdraw changes nothing: 409, as before
    expect(errorOf(await inf.client.post(`/api/task-applications/${id}/withdraw`))).toMatchObject({ status: 409 });
  });

  it('cancelling and completing a task answer the task as GET /api/tasks/{id} does', async () => {
    const co = await company();
    const task = await publish(co.client);
    const cancelled = await co.client.post(`/api/tasks/${task.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ task: { id: task.id, status: 'cancelled' }, viewer: { isOwner: true } });
    expect(cancelled.json()).toEqual((await co.client.get(`/api/tasks/${task.id}`)).json());
    // a task in progress without a deal (accepted before deals existed) completes by the button
    const old = await publish(co.client);
    await t.app.ctx.db.update(tasks).set({ status: 'in_progress' }).where(eq(tasks.id, old.id));
    const completed = await co.client.post(`/api/tasks/${old.id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ task: { id: old.id, status: 'completed' } });
    expect(completed.json()).toEqual((await co.client.get(`/api/tasks/${old.id}`)).json());
  });

  it('ending recruiting answers the task; firing a deal event answers the deal as GET /api/deals/{id} does', async () => {
    const co = await company();
    const task = await publish(co.client, { slots: 2 });
    const a = await influencer();
    const appA = (await a.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150000 })).json().application.id as string;
    const dealId = (await co.client.post(`/api/task-applications/${appA}/accept`)).json().deal.id as string;
    const closed = await co.client.post(`/api/tasks/${task.id}/close-recruiting`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ task: { id: task.id, status: 'in_progress', currentApplicants: 1 } });
    const fired = await co.client.post(`/api/deals/${dealId}/events/cancel`, { reason: '计划有变' });
    expect(fired.statusCode, fired.body).toBe(200);
    expect(fired.json()).toMatchObject({ id: dealId, taskId: task.id, status: 'cancelled' });
    // the same as GET answers (but for the server's clock, read a moment later)
    expect({ ...fired.json(), serverNow: null }).toEqual({ ...(await co.client.get(`/api/deals/${dealId}`)).json(), serverNow: null });
  });

  it('accepting, declining and withdrawing invitations answer the invitation (accepting also its deal)', async () => {
    const co = await company();
    const task = await publish(co.client, { slots: 3 });
    const [x, y, z] = [await listed(), await listed(), await listed()];
    const invX = (await invite(co.client, task.id, x.influencer.id)).json().invitation.id as string;
    const invY = (await invite(co.client, task.id, y.influencer.id)).json().invitation.id as string;
    const invZ = (await invite(co.client, task.id, z.influencer.id)).json().invitation.id as string;

    const accepted = await x.client.post(`/api/task-invitations/${invX}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const body = accepted.json();
    expect(body.invitation).toMatchObject({ id: invX, taskId: task.id, status: 'accepted', offeredRateCents: 200_000, respondedAt: expect.any(String) });
    expect(body.invitation.dealId).toBe(body.deal.id);
    expect((await x.client.get(`/api/deals/${body.deal.id}`)).json()).toMatchObject({ id: body.deal.id, taskId: task.id, status: body.deal.status });

    const declined = await y.client.post(`/api/task-invitations/${invY}/decline`, { reason: '档期冲突' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({
      invitation: expect.objectContaining({ id: invY, status: 'declined', declineReason: '档期冲突', dealId: null, respondedAt: expect.any(String) }),
    });

    const withdrawn = await co.client.post(`/api/task-invitations/${invZ}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().invitation).toMatchObject({ id: invZ, status: 'withdrawn', dealId: null });
    // the company's list shows each as answered
    const listed_ = (await co.client.get(`/api/task-invitations?taskId=${task.id}`)).json().items as { id: string; status: string }[];
    expect(Object.fromEntries(listed_.map((i) => [i.id, i.status]))).toEqual({ [invX]: 'accepted', [invY]: 'declined', [invZ]: 'withdrawn' });
  });
});

describe('lists page in SQL with a true total (decision 0056)', () => {
  const ids = (body: { items: { id: string }[] }) => body.items.map((x) => x.id);
  /** reads every page of `path` at `limit` 2 and checks total, page sizes and that no row repeats or is missing */
  async function pages(c: Client, path: string, expected: string[]) {
    const sep = path.includes('?') ? '&' : '?';
    const first = (await c.get(`${path}${sep}limit=2`)).json();
    expect(first).toMatchObject({ total: expected.length, page: 1, limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = (await c.get(`${path}${sep}limit=2&page=2`)).json();
    expect(second).toMatchObject({ total: expected.length, page: 2, limit: 2 });
    expect(second.items).toHaveLength(expected.length - 2);
    expect([...ids(first), ...ids(second)].sort()).toEqual([...expected].sort());
    return { first, second };
  }

  it("a task's applications, an influencer's applications and both sides' deals", async () => {
    const co = await company();
    const task = await publish(co.client, { slots: 3 });
    const infs = [await influencer(), await influencer(), await influencer()];
    const apps: string[] = [];
    for (const [n, inf] of infs.entries()) {
      apps.push((await inf.client.post('/api/task-applications', { taskId: task.id, proposedRateCents: 150000 + n })).json().application.id as string);
    }
    // newest first: the last application leads the first page
    const { first } = await pages(co.client, `/api/task-applications?taskId=${task.id}`, apps);
    expect(ids(first)[0]).toBe(apps[2]);
    const deals: string[] = [];
    for (const id of apps) deals.push((await co.client.post(`/api/task-applications/${id}/accept`)).json().deal.id as string);
    await pages(co.client, '/api/deals', deals);
    expect((await co.client.get('/api/deals?status=closed')).json()).toMatchObject({ items: [], total: 0 });
    // one influencer's own applications across three tasks
    const mine: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const other = await publish(co.client, { title: `任务 ${i}` });
      mine.push((await infs[0].client.post('/api/task-applications', { taskId: other.id, proposedRateCents: 150000 })).json().application.id as string);
    }
    await pages(infs[0].client, '/api/task-applications', [apps[0], ...mine]);
    // the influencer's deals: only its own
    expect((await infs[1].client.get('/api/deals')).json()).toMatchObject({ total: 1, items: [{ id: deals[1] }] });
  });

  it("a task's invitations and an influencer's invitations", async () => {
    const LISTED = { isApproved: true, status: 'active', categories: ['beauty'], hourlyRateCents: 80_000 };
    const co = await company();
    const task = await publish(co.client);
    const invs: string[] = [];
    const listed: Awaited<ReturnType<typeof influencer>>[] = [];
    for (let i = 0; i < 3; i += 1) {
      const made = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash }, ...LISTED });
      listed.push({ ...made, client: await signedIn(t.app, made.user.email) });
      const res = await co.client.post('/api/task-invitations', {
        taskId: task.id,
        influencerId: made.influencer.id,
        message: '诚邀合作',
        offeredRateCents: 200_000,
      });
      expect(res.statusCode, res.body).toBe(200);
      invs.push(res.json().invitation.id as string);
    }
    const { first } = await pages(co.client, `/api/task-invitations?taskId=${task.id}`, invs);
    // the day's allowance counts every invitation sent, not the page
    expect(first.remainingToday).toBe(first.perDay - 3);
    const toOne: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const other = await publish(co.client, { title: `邀请 ${i}` });
      toOne.push(
        (
          await co.client.post('/api/task-invitations', {
            taskId: other.id,
            influencerId: listed[0].influencer.id,
            message: '诚邀合作',
            offeredRateCents: 200_000,
          })
        ).json().invitation.id as string,
      );
    }
    await pages(listed[0].client, '/api/me/invitations', [invs[0], ...toOne]);
  });
});

describe('GET /api/my/tasks pages', () => {
  it('newest first, `limit` per page, `total` and counts by status of all, with applicant counts', async () => {
    const co = await company();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await publish(co.client, { title: `任务 ${i}` })).id);
      await t.app.ctx.db
        .update(tasks)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where(eq(tasks.id, ids[i]));
    }
    const inf = await influencer();
    await inf.client.post('/api/task-applications', { taskId: ids[4], proposedRateCents: 150000 });
    const first = (await co.client.get('/api/my/tasks?limit=2')).json();
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
    // the counters cover every task, not the page
    expect(first.counts).toEqual({ open: 5, in_progress: 0, completed: 0, cancelled: 0 });
    expect(first.items.map((x: { id: string }) => x.id)).toEqual([ids[4], ids[3]]);
    expect(first.items[0]).toMatchObject({ pendingCount: 1, acceptedCount: 0 });
    const third = (await co.client.get('/api/my/tasks?limit=2&page=3')).json();
    expect(third.items.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect((await co.client.get('/api/my/tasks?page=9')).json()).toMatchObject({ items: [], total: 5, page: 9, limit: 20 });
    expect(errorOf(await co.client.get('/api/my/tasks?limit=0')).status).toBe(400);
    expect(errorOf(await co.client.get('/api/my/tasks?limit=101')).status).toBe(400);
  });
});
