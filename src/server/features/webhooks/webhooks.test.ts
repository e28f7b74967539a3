/**
 * Signed webhooks (issue 24, decision 0042): managing endpoints (session or a `webhooks:manage` key), the secret
 * answered once and sealed at rest, URL and SSRF refusals at saving and at delivery, retries with the controllable
 * clock, order per deal, no event of another account, nothing lost between commit and delivery, the 3-day disable,
 * the admin's list and disable — and every delivery of this file verified on arrival by the `standardwebhooks`
 * library (decision 0051; the signature itself: signatures.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer, makeTaskCategory } from '../../db/factories';
import { adminLogs, mailQueue, notifications, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { makeReportedDeal } from '../../test/moneyDeal';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhookReceiver';
import { deliverWebhooks } from './delivery';
import { emitWebhookEvent } from './outbox';
import { classifyAddress } from './urls';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let strict: TestApp;
let hash: string;
let categoryId: string;
const db = () => t.app.ctx.db;

const receivers: WebhookReceiver[] = [];
/** a receiver on 127.0.0.1 (src/server/test/webhookReceiver.ts): it verifies every delivery with the secrets `addEndpoint` gave its address */
async function newReceiver() {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  strict = await createTestApp({ RATE_LIMIT_MAX: '0', WEBHOOK_ALLOW_LOCAL: 'false' }, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(db(), { name: '美妆', nameEn: 'Beauty' })).id;
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await t?.close();
  await strict?.close();
});

const LISTED = { isApproved: true, status: 'active', categories: ['beauty'], hourlyRateCents: 80_000 };
async function company(app = t, cents = 5_000_000) {
  const co = await makeCompany(app.app.ctx.db, { user: { passwordHash: hash } });
  if (cents) await fundWallet(app.app.ctx.db, { userId: co.user.id, userType: 'company', cents });
  return { ...co, c: await signedIn(app.app, co.user.email) };
}
async function influencer() {
  const inf = await makeInfluencer(db(), { user: { passwordHash: hash }, ...LISTED });
  return { ...inf, c: await signedIn(t.app, inf.user.email) };
}
type Created = { endpoint: { id: string; state: string }; secret: string };
async function addEndpoint(c: Client, url: string, eventTypes: string[] = ['application.created']): Promise<Created> {
  const res = await c.post('/api/me/webhook-endpoints', { url, eventTypes, description: 'ERP' });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json() as Created;
  receivers.find((r) => r.url === url)?.trust(created.secret);
  return created;
}
const run = () => deliverWebhooks(t.app.ctx);
const taskBody = () => ({
  title: '新品口红直播',
  description: '新品口红直播推广',
  categoryId,
  budgetMinCents: 100_000,
  budgetMaxCents: 300_000,
  liveDate: new Date(clock.nowMs() + 10 * 24 * H).toISOString(),
});

describe('managing endpoints', () => {
  it('creates an endpoint: the secret is answered once, sealed at rest, never listed', async () => {
    const co = await company(t, 0);
    const r = await newReceiver();
    const { endpoint, secret } = await addEndpoint(co.c, r.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint.state).toBe('active');
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secretSealed).not.toContain(secret.slice(6));
    expect(row!.secretSealed.startsWith('v1.')).toBe(true);
    const list = await co.c.get('/api/me/webhook-endpoints');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).not.toContain(secret.slice(6));
    expect(list.json()).toMatchObject({ max: 10, items: [{ id: endpoint.id, url: r.url, eventTypes: ['application.created'], description: 'ERP' }] });
  });

  it('refuses bad addresses: not http(s), credentials, http to another machine; 400 with its code and nothing stored', async () => {
    const co = await company(t, 0);
    for (const [url, code] of [
      ['ftp://example.com/hook', 'WEBHOOK_URL_INVALID'],
      ['not a url', 'WEBHOOK_URL_INVALID'],
      ['http://example.com/hook', 'WEBHOOK_URL_INVALID'],
      ['https://user:pw@example.com/hook', 'WEBHOOK_URL_INVALID'],
      ['https://169.254.169.254/latest/meta-data', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://[fe80::1]/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://224.0.0.1/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://100.64.1.1/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://0.0.0.0/hook', 'WEBHOOK_URL_FORBIDDEN'],
    ] as const) {
      expect(errorOf(await co.c.post('/api/me/webhook-endpoints', { url, eventTypes: ['deal.created'] })), url).toMatchObject({ status: 400, code });
    }
    expect(errorOf(await co.c.post('/api/me/webhook-endpoints', { url: 'https://example.com', eventTypes: [] })).code).toBe('WEBHOOK_EVENTS_REQUIRED');
    expect((await co.c.post('/api/me/webhook-endpoints', { url: 'https://example.com', eventTypes: ['nope'] })).statusCode).toBe(400);
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, co.user.id))).toHaveLength(0);
  });

  it('outside development loopback, private, CGNAT and mapped addresses are refused, and http at all', async () => {
    const co = await company(strict, 0);
    for (const [url, code] of [
      ['http://127.0.0.1:9/hook', 'WEBHOOK_URL_INVALID'],
      ['http://localhost:9/hook', 'WEBHOOK_URL_INVALID'],
      ['https://127.0.0.1/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://localhost/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://[::1]/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://[::ffff:127.0.0.1]/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://10.1.2.3/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://172.16.0.5/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://192.168.1.1/hook', 'WEBHOOK_URL_FORBIDDEN'],
      ['https://[fd00::1]/hook', 'WEBHOOK_URL_FORBIDDEN'],
    ] as const) {
      expect(errorOf(await co.c.post('/api/me/webhook-endpoints', { url, eventTypes: ['deal.created'] })), url).toMatchObject({ status: 400, code });
    }
    expect(classifyAddress('93.184.216.34')).toBe('public');
    expect(classifyAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe('public');
  });

  it('the address is checked again at delivery: a stored loopback endpoint gets nothing outside development', async () => {
    const co = await company(strict, 0);
    const r = await newReceiver();
    // as if saved when it resolved elsewhere (DNS rebinding): the row is written directly
    const sdb = strict.app.ctx.db;
    const [ep] = await sdb
      .insert(webhookEndpoints)
      .values({ userId: co.user.id, url: r.url.replace('http:', 'https:'), eventTypes: ['topup.succeeded'], secretSealed: 'v1.x.y.z' })
      .returning();
    await emitWebhookEvent(sdb, {
      accountIds: [co.user.id],
      type: 'topup.succeeded',
      data: { topupId: ep!.id, amountCents: 100, method: 'sandbox' },
      at: clock.now(),
    });
    await deliverWebhooks(strict.app.ctx);
    expect(r.got).toHaveLength(0);
    const [d] = await sdb.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep!.id));
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: 'address not allowed or not resolvable' });
  });

  it('at most 10 endpoints: the 11th is 409 WEBHOOK_ENDPOINT_LIMIT', async () => {
    const co = await company(t, 0);
    for (let i = 0; i < 10; i++) await addEndpoint(co.c, `https://127.0.0.1:9/h${i}`);
    expect(errorOf(await co.c.post('/api/me/webhook-endpoints', { url: 'https://127.0.0.1:9/x', eventTypes: ['deal.created'] }))).toMatchObject({
      status: 409,
      code: 'WEBHOOK_ENDPOINT_LIMIT',
    });
  });

  it('access: visitors 401, admins 403, another account 404 on every route; a key needs webhooks:manage', async () => {
    const co = await company(t, 0);
    const { endpoint } = await addEndpoint(co.c, 'https://127.0.0.1:9/hook');
    const ping = (await co.c.post(`/api/me/webhook-endpoints/${endpoint.id}/test`)).json().delivery as { id: string };
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/me/webhook-endpoints'],
      ['POST', '/api/me/webhook-endpoints', { url: 'https://127.0.0.1:9/x', eventTypes: ['deal.created'] }],
      ['PATCH', `/api/me/webhook-endpoints/${endpoint.id}`, { description: 'x' }],
      ['DELETE', `/api/me/webhook-endpoints/${endpoint.id}`],
      ['POST', `/api/me/webhook-endpoints/${endpoint.id}/rotate-secret`],
      ['GET', `/api/me/webhook-endpoints/${endpoint.id}/deliveries`],
      ['POST', `/api/me/webhook-endpoints/${endpoint.id}/test`],
      ['POST', `/api/me/webhook-deliveries/${ping.id}/resend`],
    ];
    const visitor = new Client(t.app);
    const admin = await signedIn(t.app, (await makeAdmin(db())).email);
    const other = await company(t, 0);
    for (const [method, url, payload] of routes) {
      const req = { method: method as 'GET', url, payload: payload as never };
      expect((await visitor.request(req)).statusCode, `${method} ${url}`).toBe(401);
      expect((await admin.request(req)).statusCode, `${method} ${url}`).toBe(403);
      if (url.includes(endpoint.id) || url.includes(ping.id)) expect((await other.c.request(req)).statusCode, `${method} ${url}`).toBe(404);
    }
    // the other account lists only its own (none)
    expect((await other.c.get('/api/me/webhook-endpoints')).json().items).toHaveLength(0);
    expect((await other.c.get(`/api/me/webhook-endpoints/${endpoint.id}/deliveries`)).statusCode).toBe(404);

    // keys: webhooks:manage opens them, another scope does not
    const key = async (scopes: string[]) => (await co.c.post('/api/me/api-keys', { name: 'k', scopes })).json().secret as string;
    const manage = { authorization: `Bearer ${await key(['webhooks:manage'])}` };
    const read = { authorization: `Bearer ${await key(['tasks:read'])}` };
    const k = new Client(t.app);
    expect((await k.get('/api/me/webhook-endpoints', manage)).json().items).toHaveLength(1);
    expect(errorOf(await k.get('/api/me/webhook-endpoints', read))).toMatchObject({ status: 403, code: 'API_KEY_SCOPE' });
    const made = await k.post('/api/me/webhook-endpoints', { url: 'https://127.0.0.1:9/k', eventTypes: ['deal.created'] }, manage);
    expect(made.statusCode, made.body).toBe(200);
    // deleting removes it and its deliveries
    expect((await co.c.request({ method: 'DELETE', url: `/api/me/webhook-endpoints/${endpoint.id}` })).statusCode).toBe(204);
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('500 three times, then 200: exactly one request per attempt, growing delays, then it stops', async () => {
    const co = await company(t, 0);
    const r = await newReceiver();
    const { endpoint } = await addEndpoint(co.c, r.url);
    r.answers.push(500, 500, 500);
    await co.c.post(`/api/me/webhook-endpoints/${endpoint.id}/test`);
    await run();
    expect(r.got).toHaveLength(1);
    // not due before its delay
    await run();
    expect(r.got).toHaveLength(1);
    for (const [delay, n] of [
      [30_000, 2],
      [60_000, 3],
      [120_000, 4],
    ] as const) {
      clock.advance(delay - 1000);
      await run();
      expect(r.got).toHaveLength(n - 1);
      clock.advance(1000);
      await run();
      expect(r.got).toHaveLength(n);
    }
    clock.advance(72 * H);
    await run();
    expect(r.got).toHaveLength(4);
    expect(new Set(r.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const [d] = (await co.c.get(`/api/me/webhook-endpoints/${endpoint.id}/deliveries`)).json().items;
    expect(d).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200, lastError: null });
    expect((await co.c.get('/api/me/webhook-endpoints')).json().items[0].failingSince).toBeNull();
  });

  it('a redirect is a failure and is not followed', async () => {
    const co = await company(t, 0);
    const r = await newReceiver();
    const { endpoint } = await addEndpoint(co.c, r.url);
    r.answers.push(302);
    await co.c.post(`/api/me/webhook-endpoints/${endpoint.id}/test`);
    await run();
    expect(r.got).toHaveLength(1);
    const [d] = (await co.c.get(`/api/me/webhook-endpoints/${endpoint.id}/deliveries`)).json().items;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 302 });
  });

  it('in order per deal: a later event of a deal waits while an earlier one is undelivered; other deals go on', async () => {
    const co = await company(t, 0);
    const r = await newReceiver();
    await addEndpoint(co.c, r.url, ['deal.state_changed']);
    // the n-th event of a deal (real event names: the data's `event` is an enum)
    const SEQ = ['', 'ship_samples', 'receive_samples', 'propose_schedule'] as const;
    const ev = (dealId: string, n: 1 | 2 | 3) =>
      emitWebhookEvent(db(), {
        accountIds: [co.user.id],
        type: 'deal.state_changed',
        data: { dealId, taskId: 't', event: SEQ[n], from: 'accepted', to: 'accepted' },
        dealId,
        at: clock.now(),
      });
    const A = '00000000-0000-4000-8000-00000000000a';
    const B = '00000000-0000-4000-8000-00000000000b';
    await ev(A, 1);
    await ev(A, 2);
    await ev(B, 1);
    await ev(A, 3);
    r.answers.push(500);
    await run();
    // A1 failed, A2 and A3 wait; B1 went
    expect(r.events().map((e) => `${String(e.data.dealId).slice(-1)}${SEQ.indexOf(e.data.event as (typeof SEQ)[number])}`)).toEqual(['a1', 'b1']);
    clock.advance(30_000);
    await run();
    await run();
    expect(r.events().map((e) => `${String(e.data.dealId).slice(-1)}${SEQ.indexOf(e.data.event as (typeof SEQ)[number])}`)).toEqual([
      'a1',
      'b1',
      'a1',
      'a2',
      'a3',
    ]);
  });

  it('a crash between commit and delivery loses nothing: the claimed row is delivered once its lease ends', async () => {
    const co = await company(t, 0);
    const r = await newReceiver();
    const { endpoint } = await addEndpoint(co.c, r.url);
    await co.c.post(`/api/me/webhook-endpoints/${endpoint.id}/test`);
    // a worker claimed it and died before sending (its lease is written, nothing else)
    await db()
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(clock.nowMs() + 60_000) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    await run();
    expect(r.got).toHaveLength(0);
    clock.advance(60_000);
    await run();
    expect(r.got).toHaveLength(1);
  });

  it('failing for 3 days: the endpoint is disabled, its owner notified and mailed; enabling it again resumes', async () => {
    const co = await company(t, 0);
    const { endpoint } = await addEndpoint(co.c, 'http://127.0.0.1:9/closed');
    await co.c.post(`/api/me/webhook-endpoints/${endpoint.id}/test`);
    for (let i = 0; i < 40; i++) {
      await run();
      clock.advance(6 * H);
    }
    const [ep] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(ep).toMatchObject({ state: 'disabled', disabledReason: 'failing' });
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, co.user.id), eq(notifications.type, 'webhook_endpoint_disabled')));
    expect(notes).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(mailQueue)
        .where(and(eq(mailQueue.userId, co.user.id), eq(mailQueue.kind, 'webhook_endpoint_disabled'))),
    ).toHaveLength(1);
    const [d] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(d!.status).toBe('failed');
    const on = await co.c.request({ method: 'PATCH', url: `/api/me/webhook-endpoints/${endpoint.id}`, payload: { enabled: true } });
    expect(on.json().endpoint).toMatchObject({ state: 'active', disabledReason: null, failingSince: null });
  });

  it('three workers at once (instances): each delivery is claimed and sent once', async () => {
    const co = await company(t, 0);
    const r = await newReceiver();
    const { endpoint } = await addEndpoint(co.c, r.url);
    for (let i = 0; i < 6; i++) await co.c.post(`/api/me/webhook-endpoints/${endpoint.id}/test`);
    await Promise.all([run(), run(), run()]);
    expect(r.got).toHaveLength(6);
    expect(new Set(r.got.map((g) => g.headers['webhook-id'])).size).toBe(6);
  });

  it('resend: a new delivery of the same event (same id and body)', async () => {
    const co = await company(t, 0);
    const r = await newReceiver();
    const { endpoint } = await addEndpoint(co.c, r.url);
    await co.c.post(`/api/me/webhook-endpoints/${endpoint.id}/test`);
    await run();
    const [first] = (await co.c.get(`/api/me/webhook-endpoints/${endpoint.id}/deliveries`)).json().items;
    const res = await co.c.post(`/api/me/webhook-deliveries/${first.id}/resend`);
    expect(res.json().delivery).toMatchObject({ status: 'pending', eventId: first.eventId });
    await run();
    expect(r.got).toHaveLength(2);
    expect(r.got[1]!.body).toBe(r.got[0]!.body);
    expect(r.got[1]!.headers['webhook-id']).toBe(r.got[0]!.headers['webhook-id']);
  });
});

describe('events of the marketplace', () => {
  it("the integrator's flow: application.created, the deal's events in order, and another account's receiver gets nothing", async () => {
    const co = await company();
    const r = await newReceiver();
    await addEndpoint(co.c, r.url, ['application.created', 'deal.created', 'deal.state_changed', 'task.filled', 'application.withdrawn']);
    const otherCo = await company(t, 0);
    const otherR = await newReceiver();
    await addEndpoint(otherCo.c, otherR.url, ['application.created', 'deal.created', 'deal.state_changed', 'task.filled']);
    const infR = await newReceiver();
    const inf = await influencer();
    await addEndpoint(inf.c, infR.url, ['deal.created', 'deal.state_changed']);

    const task = (await co.c.post('/api/tasks', taskBody())).json().task as { id: string };
    const applied = await inf.c.post('/api/task-applications', { taskId: task.id, proposedRateCents: 200_000, message: '期待合作' });
    expect(applied.statusCode, applied.body).toBe(200);
    await run();
    expect(r.events().map((e) => e.type)).toEqual(['application.created']);
    expect(r.events()[0]!.data).toMatchObject({ taskId: task.id, proposedRateCents: 200_000, status: 'pending' });

    const applicationId = applied.json().application.id as string;
    expect((await co.c.post(`/api/task-applications/${applicationId}/accept`)).statusCode).toBe(200);
    await run();
    // in order per deal; events of different chains (the deal, the task) may go out side by side, in either order
    expect(r.events()[0]!.type).toBe('application.created');
    expect(
      r
        .events()
        .slice(1)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['deal.created', 'task.filled']);
    const dealId = r.events().find((e) => e.type === 'deal.created')!.data.dealId as string;
    expect(infR.events().map((e) => e.type)).toEqual(['deal.created']);
    expect(otherR.got).toHaveLength(0);

    // the company cancels before the live: the state change reaches both parties
    expect((await co.c.post(`/api/deals/${dealId}/events/cancel`, { reason: '计划有变' })).statusCode).toBe(200);
    await run();
    const last = r.events().at(-1)!;
    expect(last).toMatchObject({ type: 'deal.state_changed', data: { dealId, event: 'cancel', to: 'cancelled' } });
    expect(infR.events().at(-1)!.type).toBe('deal.state_changed');
    expect(otherR.got).toHaveLength(0);
  });
});

describe('settlement', () => {
  it('confirming a reported deal: its state changes, settlement.posted and deal.completed arrive in order', async () => {
    const deal = await makeReportedDeal(db(), clock.now(), { feeCents: 100_000 });
    const co = await signedIn(t.app, deal.company.email);
    const r = await newReceiver();
    await addEndpoint(co, r.url, ['deal.state_changed', 'settlement.posted', 'deal.completed']);
    const res = await co.post(`/api/deals/${deal.dealId}/events/confirm`, {});
    expect(res.statusCode, res.body).toBe(200);
    await run();
    expect(r.events().map((e) => e.type)).toEqual(['deal.state_changed', 'deal.state_changed', 'settlement.posted', 'deal.completed']);
    expect(r.events()[0]!.data).toMatchObject({ dealId: deal.dealId, event: 'confirm' });
    expect(r.events()[1]!.data).toMatchObject({ event: 'complete', to: 'completed' });
    expect(r.events()[2]!.data).toMatchObject({ dealId: deal.dealId, grossCents: 100_000, commissionStatus: 'none' });
  });
});

describe('admin', () => {
  it("an admin with 用户管理 lists an account's endpoints and disables one (audited, the owner told); others are refused", async () => {
    const co = await company(t, 0);
    const { endpoint } = await addEndpoint(co.c, 'https://127.0.0.1:9/hook');
    const admin = await signedIn(t.app, (await makeAdmin(db())).email);
    const list = await admin.get(`/api/admin/users/${co.user.id}/webhook-endpoints`);
    expect(list.json().items).toEqual([expect.objectContaining({ id: endpoint.id, state: 'active' })]);
    const noPerm = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['content_management'] })).email);
    expect(errorOf(await noPerm.post(`/api/admin/webhook-endpoints/${endpoint.id}/disable`)).status).toBe(403);
    expect(errorOf(await co.c.post(`/api/admin/webhook-endpoints/${endpoint.id}/disable`)).status).toBe(403);
    const res = await admin.post(`/api/admin/webhook-endpoints/${endpoint.id}/disable`);
    expect(res.json().endpoint).toMatchObject({ state: 'disabled', disabledReason: 'admin' });
    const [log] = await db()
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.actionType, 'webhook_endpoint_disable'), eq(adminLogs.targetId, co.user.id)));
    expect(log).toMatchObject({ targetType: 'user', after: expect.objectContaining({ webhookEndpoint: endpoint.id }) });
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, co.user.id), eq(notifications.type, 'webhook_endpoint_disabled_by_admin'))),
    ).toHaveLength(1);
  });
});

describe('Standard Webhooks', () => {
  // runs last: every request any receiver of this file got (retries, failures answered 500, resends, the marketplace's
  // events) was checked on arrival by the specification's own library with the secret its endpoint was given
  it('every delivery of this file verified with the standardwebhooks library', () => {
    const all = receivers.flatMap((r) => r.got);
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((g) => !g.verified).map((g) => g.body)).toEqual([]);
  });
});
