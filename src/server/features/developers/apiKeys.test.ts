/**
 * API keys of the open platform (issue 24, decision 0038): managing keys with a session only, the secret
 * answered once and stored as a hash, the 20-key limit, the bearer scheme limited to each route's scope,
 * revoked and expired keys refused at once, no key reaching another account's data or admin routes, the
 * per-key limit, the activity record of key mutations, and the integrator's flow of the issue.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../shared/schemas/apiKeys';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer, makeTaskCategory } from '../../db/factories';
import { adminLogs, apiKeyActivity, apiKeys, deals, notifications, outbox } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { sha256 } from '../../platform/crypto';
import { hashPassword } from '../auth';
import { Client, createTestApp, delivered, errorOf, signedIn, type TestApp } from '../../test/harness';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
const LIMIT = 30;
let t: TestApp;
let hash: string;
let categoryId: string;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  // a small per-key limit so the 429 is reachable; the global per-address limit stays out of the way
  t = await createTestApp({ API_KEY_RATE_LIMIT: String(LIMIT), RATE_LIMIT_MAX: '0' }, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(db(), { name: '美妆', nameEn: 'Beauty' })).id;
});
afterAll(async () => {
  await t?.close();
});

const LISTED = { isApproved: true, status: 'active', categories: ['beauty'], hourlyRate: 800 };
async function company(cents = 5_000_000) {
  const co = await makeCompany(db(), { user: { passwordHash: hash } });
  if (cents) await fundWallet(db(), { userId: co.user.id, userType: 'company', cents });
  return { ...co, c: await signedIn(t.app, co.user.email) };
}
async function influencer() {
  const inf = await makeInfluencer(db(), { user: { passwordHash: hash }, ...LISTED });
  return { ...inf, c: await signedIn(t.app, inf.user.email) };
}
async function createKey(c: Client, scopes: readonly ApiKeyScope[], extra: Record<string, unknown> = {}) {
  const res = await c.post('/api/me/api-keys', { name: 'ERP 同步', scopes, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { key: { id: string; prefix: string; state: string }; secret: string };
}
/** an integrator's client: no cookie, only the key (and its own address) */
const withKey = (secret: string, ip?: string) => {
  const c = new Client(t.app, ip ? { ip } : {});
  const auth = { authorization: `Bearer ${secret}` };
  return {
    get: (url: string) => c.get(url, auth),
    post: (url: string, body?: unknown, headers: Record<string, string> = {}) => c.post(url, body, { ...auth, ...headers }),
  };
};
const taskBody = () => ({
  title: '新品口红直播',
  description: '新品口红直播推广',
  categoryId,
  budgetMin: 1000,
  budgetMax: 3000,
  liveDate: new Date(clock.nowMs() + 10 * 24 * H).toISOString(),
});

describe('managing keys (session only)', () => {
  it('creates a key: the secret is answered once, only its SHA-256 is stored, the list never shows it, the account is mailed', async () => {
    const co = await company(0);
    const { key, secret } = await createKey(co.c, ['tasks:read', 'tasks:write']);
    expect(secret).toMatch(/^lc_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ state: 'active', prefix: secret.slice(0, 16) });
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.keyHash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(16));
    const list = await co.c.get('/api/me/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).not.toContain(secret.slice(16));
    expect(list.json()).toMatchObject({ max: 20, keys: [{ id: key.id, name: 'ERP 同步', scopes: ['tasks:read', 'tasks:write'], lastUsedAt: null }] });
    const mail = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, co.user.email));
    expect(mail.some((m) => (m.subject ?? '').includes('已创建 API 密钥'))).toBe(true);
    expect(mail.every((m) => !m.body.includes(secret.slice(16)))).toBe(true);
  });

  it('influencers may have keys; visitors, admins and keys themselves may not manage keys', async () => {
    const inf = await influencer();
    expect((await createKey(inf.c, ['deals:read'])).key.state).toBe('active');
    expect(errorOf(await new Client(t.app).get('/api/me/api-keys')).code).toBe('UNAUTHENTICATED');
    expect(errorOf(await new Client(t.app).post('/api/me/api-keys', { name: 'x', scopes: ['tasks:read'] })).status).toBe(401);
    const admin = await makeAdmin(db());
    const ac = await signedIn(t.app, admin.email);
    expect(errorOf(await ac.get('/api/me/api-keys')).status).toBe(403);
    expect(errorOf(await ac.post('/api/me/api-keys', { name: 'x', scopes: ['tasks:read'] })).status).toBe(403);
    // a key with every scope still cannot list, create or revoke keys
    const co = await company(0);
    const { key, secret } = await createKey(co.c, API_KEY_SCOPES);
    const k = withKey(secret);
    expect(errorOf(await k.get('/api/me/api-keys'))).toMatchObject({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    expect(errorOf(await k.post('/api/me/api-keys', { name: 'x', scopes: ['tasks:read'] }))).toMatchObject({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    expect(errorOf(await k.post(`/api/me/api-keys/${key.id}/revoke`))).toMatchObject({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    expect(await db().select().from(apiKeys).where(eq(apiKeys.userId, co.user.id))).toHaveLength(1);
  });

  it('bad input is a 400 with its code and stores nothing', async () => {
    const co = await company(0);
    for (const [body, code] of [
      [{ name: '', scopes: ['tasks:read'] }, 'API_KEY_NAME_REQUIRED'],
      [{ name: 'x', scopes: [] }, 'API_KEY_SCOPES_REQUIRED'],
      [{ name: 'x', scopes: ['admin:all'] }, 'BAD_REQUEST'],
      [{ name: 'x', scopes: ['tasks:read'], expiresAt: '2020-01-01T00:00:00Z' }, 'API_KEY_EXPIRY_INVALID'],
      [{ name: 'x', scopes: ['tasks:read'], expiresAt: '2031-01-01T00:00:00Z' }, 'API_KEY_EXPIRY_INVALID'],
      [{ name: 'x', scopes: ['tasks:read'], expiresAt: 'tomorrow' }, 'API_KEY_EXPIRY_INVALID'],
    ] as const) {
      const res = await co.c.post('/api/me/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (code !== 'BAD_REQUEST') expect(errorOf(res).code).toBe(code);
    }
    expect(await db().select().from(apiKeys).where(eq(apiKeys.userId, co.user.id))).toHaveLength(0);
  });

  it('at most 20 live keys: the 21st is 409 API_KEY_LIMIT; a revoked one makes room', async () => {
    const co = await company(0);
    const made = [];
    for (let i = 0; i < 20; i++) made.push(await createKey(co.c, ['tasks:read']));
    const over = await co.c.post('/api/me/api-keys', { name: 'one more', scopes: ['tasks:read'] });
    expect(errorOf(over)).toMatchObject({ status: 409, code: 'API_KEY_LIMIT' });
    expect(await db().select().from(apiKeys).where(eq(apiKeys.userId, co.user.id))).toHaveLength(20);
    expect((await co.c.post(`/api/me/api-keys/${made[0]!.key.id}/revoke`)).statusCode).toBe(200);
    expect((await co.c.post('/api/me/api-keys', { name: 'one more', scopes: ['tasks:read'] })).statusCode).toBe(200);
  });

  it('parallel creations never pass 20 live keys (the account row lock)', async () => {
    const co = await company(0);
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => co.c.post('/api/me/api-keys', { name: `k${i}`, scopes: ['tasks:read'] })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await db().select().from(apiKeys).where(eq(apiKeys.userId, co.user.id))).toHaveLength(20);
    expect(errorOf(await new Client(t.app).post(`/api/me/api-keys/${results[0]!.json().key.id}/revoke`)).status).toBe(401);
  });

  it('revoking: the key is refused at once (401), the owner mailed; another account cannot revoke it (404)', async () => {
    const co = await company(0);
    const { key, secret } = await createKey(co.c, ['tasks:read']);
    const k = withKey(secret);
    expect((await k.get('/api/my/tasks')).statusCode).toBe(200);
    const other = await company(0);
    expect(errorOf(await other.c.post(`/api/me/api-keys/${key.id}/revoke`))).toMatchObject({ status: 404, code: 'API_KEY_NOT_FOUND' });
    const res = await co.c.post(`/api/me/api-keys/${key.id}/revoke`);
    expect(res.statusCode).toBe(200);
    expect(res.json().key.state).toBe('revoked');
    expect(errorOf(await k.get('/api/my/tasks'))).toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
    const mail = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, co.user.email));
    expect(mail.some((m) => (m.subject ?? '').includes('已撤销 API 密钥'))).toBe(true);
  });

  it('an expired key is 401 from its expiry on', async () => {
    const co = await company(0);
    const { secret } = await createKey(co.c, ['tasks:read'], { expiresAt: new Date(clock.nowMs() + H).toISOString() });
    const k = withKey(secret);
    expect((await k.get('/api/my/tasks')).statusCode).toBe(200);
    clock.advance(H);
    expect(errorOf(await k.get('/api/my/tasks'))).toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
    expect((await co.c.get('/api/me/api-keys')).json().keys[0].state).toBe('expired');
  });

  it('unknown and malformed keys are 401; a key on a route not open to keys is 403 API_KEY_NOT_ALLOWED', async () => {
    const co = await company(0);
    const { secret } = await createKey(co.c, API_KEY_SCOPES);
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect(errorOf(await withKey(wrong).get('/api/my/tasks'))).toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
    expect(errorOf(await withKey('lc_live_short').get('/api/my/tasks'))).toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
    const k = withKey(secret);
    for (const url of ['/api/auth/session', '/api/account', '/api/notifications']) {
      expect(errorOf(await k.get(url)), url).toMatchObject({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    }
  });
});

describe('scopes', () => {
  it('each scope opens its routes; a missing scope is 403 API_KEY_SCOPE and changes nothing', async () => {
    const co = await company();
    const readOnly = withKey((await createKey(co.c, ['tasks:read'])).secret);
    const before = (await co.c.get('/api/my/tasks')).json().tasks.length;
    expect(errorOf(await readOnly.post('/api/tasks', taskBody()))).toMatchObject({ status: 403, code: 'API_KEY_SCOPE' });
    expect((await co.c.get('/api/my/tasks')).json().tasks).toHaveLength(before);

    const writer = withKey((await createKey(co.c, ['tasks:write'])).secret);
    const published = await writer.post('/api/tasks', taskBody());
    expect(published.statusCode, published.body).toBe(200);
    const taskId = published.json().task.id as string;
    // tasks:write cannot read the own-tasks list, tasks:read can
    expect(errorOf(await writer.get('/api/my/tasks')).code).toBe('API_KEY_SCOPE');
    expect((await readOnly.get('/api/my/tasks')).json().tasks.map((x: { id: string }) => x.id)).toContain(taskId);
    expect((await readOnly.get(`/api/task-applications?taskId=${taskId}`)).statusCode).toBe(200);

    const wallet = withKey((await createKey(co.c, ['wallet:read'])).secret);
    expect((await wallet.get('/api/wallet')).statusCode).toBe(200);
    expect(errorOf(await readOnly.get('/api/wallet')).code).toBe('API_KEY_SCOPE');
    // writing to the wallet is not open to keys at all
    expect(errorOf(await wallet.post('/api/wallet/topups', { amount: '10.00', method: 'sandbox' })).code).toBe('API_KEY_NOT_ALLOWED');

    const deals = withKey((await createKey(co.c, ['deals:read'])).secret);
    expect((await deals.get('/api/deals')).statusCode).toBe(200);
    expect(errorOf(await readOnly.get('/api/deals')).code).toBe('API_KEY_SCOPE');

    expect((await writer.post(`/api/tasks/${taskId}/cancel`)).statusCode).toBe(200);
  });

  it('keys skip the cross-site check (they are not cookies) and ignore the session cookie sent with them', async () => {
    const co = await company();
    const { secret } = await createKey(co.c, ['tasks:write']);
    const res = await co.c.post('/api/tasks', taskBody(), { authorization: `Bearer ${secret}`, origin: 'https://elsewhere.example' });
    expect(res.statusCode, res.body).toBe(200);
    // the same cross-site request with only the cookie is refused
    expect(errorOf(await co.c.post('/api/tasks', taskBody(), { origin: 'https://elsewhere.example' })).code).toBe('CROSS_ORIGIN');
    // a read-only key with a session cookie acts as the key, not as the session
    const ro = (await createKey(co.c, ['tasks:read'])).secret;
    expect(errorOf(await co.c.post('/api/tasks', taskBody(), { authorization: `Bearer ${ro}` })).code).toBe('API_KEY_SCOPE');
  });

  it('admin routes refuse keys, whatever their scopes', async () => {
    const co = await company(0);
    const k = withKey((await createKey(co.c, API_KEY_SCOPES)).secret);
    for (const url of ['/api/admin/me', '/api/admin/users', '/api/admin/overview', '/api/admin/disputes']) {
      expect(errorOf(await k.get(url)), url).toMatchObject({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    }
  });

  it("another account's key sees none of this company's data (404) and cannot act on it", async () => {
    const co = await company();
    const own = withKey((await createKey(co.c, API_KEY_SCOPES)).secret);
    const task = (await own.post('/api/tasks', { ...taskBody(), slots: 2 })).json().task as { id: string };
    const inf = await influencer();
    const applied = await inf.c.post('/api/task-applications', { taskId: task.id, proposedRate: 2000, message: '期待合作' });
    const applicationId = applied.json().application.id as string;
    const pending = await influencer();
    const second = await pending.c.post('/api/task-applications', { taskId: task.id, proposedRate: 2000, message: '期待合作' });
    expect((await own.post(`/api/task-applications/${applicationId}/accept`)).statusCode).toBe(200);
    const [deal] = await db().select().from(deals).where(eq(deals.taskId, task.id));

    const otherCo = await company();
    const other = withKey((await createKey(otherCo.c, API_KEY_SCOPES)).secret);
    // the deal and its conversation do not exist for the other key; its lists hold nothing of this company
    expect(errorOf(await other.get(`/api/deals/${deal!.id}`)).status).toBe(404);
    expect(errorOf(await other.post(`/api/deals/${deal!.id}/events/cancel`, { reason: '不再需要' })).status).toBe(404);
    expect((await other.get('/api/deals')).json().items).toHaveLength(0);
    expect((await other.get('/api/my/tasks')).json().tasks).toHaveLength(0);
    // the task's applicants and their transitions stay the owner's (refused as for another company's session)
    expect((await other.get(`/api/task-applications?taskId=${task.id}`)).statusCode).toBe(403);
    const secondId = second.json().application.id as string;
    expect((await other.post(`/api/task-applications/${secondId}/refuse`)).statusCode).toBe(403);
    expect(
      (await own.get(`/api/task-applications?taskId=${task.id}`))
        .json()
        .applications.map((a: { status: string }) => a.status)
        .sort(),
    ).toEqual(['accepted', 'pending']);
  });
});

describe('limits and attribution', () => {
  it('per key: 429 with Retry-After past the limit and RateLimit-* on every answer; another key is not affected', async () => {
    const co = await company(0);
    const a = withKey((await createKey(co.c, ['tasks:read'])).secret, '10.200.0.1');
    const b = withKey((await createKey(co.c, ['tasks:read'])).secret, '10.200.0.1');
    const first = await a.get('/api/my/tasks');
    expect(first.headers).toMatchObject({ 'ratelimit-limit': String(LIMIT), 'ratelimit-remaining': String(LIMIT - 1) });
    for (let i = 1; i < LIMIT; i++) expect((await a.get('/api/my/tasks')).statusCode).toBe(200);
    const over = await a.get('/api/my/tasks');
    expect(errorOf(over)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect((await b.get('/api/my/tasks')).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await a.get('/api/my/tasks')).statusCode).toBe(200);
  });

  it('what a key changes is recorded with the key id; its last use (time and address) is listed', async () => {
    const co = await company();
    const { key, secret } = await createKey(co.c, ['tasks:write']);
    const res = await withKey(secret, '10.201.0.7').post('/api/tasks', taskBody());
    expect(res.statusCode).toBe(200);
    const rows = await db().select().from(apiKeyActivity).where(eq(apiKeyActivity.keyId, key.id));
    expect(rows).toEqual([
      expect.objectContaining({ userId: co.user.id, operationId: 'publishTask', method: 'POST', path: '/api/tasks', status: 200, ip: '10.201.0.7' }),
    ]);
    const listed = (await co.c.get('/api/me/api-keys')).json().keys.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ lastUsedIp: '10.201.0.7', lastUsedAt: clock.now().toISOString() });
  });
});

describe('admin console', () => {
  it("an admin with 用户管理 lists an account's keys and revokes one (audited, the owner told); others are refused", async () => {
    const co = await company(0);
    const { key, secret } = await createKey(co.c, ['tasks:read']);
    const admin = await signedIn(t.app, (await makeAdmin(db())).email);
    const list = await admin.get(`/api/admin/users/${co.user.id}/api-keys`);
    expect(list.statusCode).toBe(200);
    expect(list.json().keys).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix, state: 'active' })]);
    const noPerm = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['content_management'] })).email);
    expect(errorOf(await noPerm.post(`/api/admin/api-keys/${key.id}/revoke`)).status).toBe(403);
    expect(errorOf(await co.c.post(`/api/admin/api-keys/${key.id}/revoke`)).status).toBe(403);
    expect(errorOf(await new Client(t.app).get(`/api/admin/users/${co.user.id}/api-keys`)).status).toBe(401);

    const res = await admin.post(`/api/admin/api-keys/${key.id}/revoke`);
    expect(res.statusCode).toBe(200);
    expect(errorOf(await withKey(secret).get('/api/my/tasks')).code).toBe('API_KEY_INVALID');
    const [log] = await db()
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.actionType, 'api_key_revoke'), eq(adminLogs.targetId, co.user.id)))
      .orderBy(desc(adminLogs.createdAt));
    expect(log).toMatchObject({ targetType: 'user', after: expect.objectContaining({ apiKey: key.id }) });
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, co.user.id), eq(notifications.type, 'api_key_revoked_by_admin')));
    expect(notes).toHaveLength(1);
    expect(errorOf(await admin.post('/api/admin/api-keys/00000000-0000-4000-8000-000000000000/revoke')).code).toBe('API_KEY_NOT_FOUND');
  });
});

describe('the integrator of the issue', () => {
  it('a key with tasks:read tasks:write applications:write deals:read publishes, accepts the application and reads the deal', async () => {
    const co = await company();
    const { secret } = await createKey(co.c, ['tasks:read', 'tasks:write', 'applications:write', 'deals:read']);
    const k = withKey(secret);
    const published = await k.post('/api/tasks', taskBody(), { 'idempotency-key': 'erp-order-42' });
    expect(published.statusCode, published.body).toBe(200);
    const taskId = published.json().task.id as string;

    const inf = await influencer();
    const applied = await inf.c.post('/api/task-applications', { taskId, proposedRate: 2000, message: '期待合作' });
    expect(applied.statusCode, applied.body).toBe(200);

    const apps = await k.get(`/api/task-applications?taskId=${taskId}`);
    expect(apps.statusCode).toBe(200);
    const applicationId = apps.json().applications[0].id as string;
    expect((await k.post(`/api/task-applications/${applicationId}/accept`)).statusCode).toBe(200);

    const [deal] = await db().select().from(deals).where(eq(deals.taskId, taskId));
    const listed = await k.get('/api/deals');
    expect(listed.json().items.map((d: { id: string }) => d.id)).toContain(deal!.id);
    const detail = await k.get(`/api/deals/${deal!.id}`);
    expect(detail.statusCode).toBe(200);
    // the key has no deals:write: it cannot fire the deal's events
    expect(errorOf(await k.post(`/api/deals/${deal!.id}/events/cancel`, { reason: '不再需要' })).code).toBe('API_KEY_SCOPE');
    const ops = (await db().select().from(apiKeyActivity).orderBy(apiKeyActivity.createdAt)).map((r) => r.operationId);
    expect(ops).toEqual(expect.arrayContaining(['publishTask', 'acceptApplication']));
  });
});

describe('the API document', () => {
  it('declares the bearer scheme and, per key operation, its scope (the bearer key first); other operations only the session', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const publish = doc.paths['/api/tasks'].post;
    expect(publish.security).toEqual([{ bearerAuth: [] }, { session: [] }]);
    expect(publish.description).toContain('API key scope: `tasks:write`');
    expect(publish['x-scopes']).toEqual(['tasks:write']);
    expect(doc.paths['/api/task-applications/{id}/accept'].post['x-scopes']).toEqual(['applications:write']);
    expect(doc.paths['/api/me/api-keys'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/deals/{id}/events/admin_cancel'].post['x-scopes']).toBeUndefined();
    expect(doc.paths['/api/admin/users'].get.security).toEqual([{ session: [] }]);
  });
});
