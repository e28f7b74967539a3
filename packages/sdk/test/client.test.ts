/**
 * The SDK against the real app (decision 0043): a server listening on 127.0.0.1, keys created through the API with
 * a session, then only the SDK over HTTP — the hall paged with the pagination helper, a task published with
 * `tasks:write`, a read-only key refused 403 API_KEY_SCOPE as a typed ApiError, no cookie needed.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeCompany, makeTaskCategory } from '../../../src/server/db/factories';
import { hashPassword } from '../../../src/server/features/auth';
import { ManualClock } from '../../../src/server/platform/clock';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../src/server/test/harness';
import { API_VERSION, ApiError, createClient, cursorPages, eachItem, isApiError, pages, type LiveCommerceClient, type Schema } from '../src/index';

const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let baseUrl: string;
let categoryId: string;
let hash: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(t.app.ctx.db, { name: '美妆', nameEn: 'Beauty' })).id;
});
afterAll(async () => {
  await t?.close();
});

async function company() {
  const co = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
  await fundWallet(t.app.ctx.db, { userId: co.user.id, userType: 'company', cents: 5_000_000 });
  return { ...co, session: await signedIn(t.app, co.user.email) };
}
/** a key made the way a person makes it: with their session on /developers */
async function keyFor(session: Client, scopes: string[]): Promise<LiveCommerceClient> {
  const res = await session.post('/api/me/api-keys', { name: 'SDK test', scopes });
  expect(res.statusCode, res.body).toBe(200);
  return createClient({ baseUrl, apiKey: (res.json() as { secret: string }).secret });
}
const taskBody = (title: string): Schema<'TaskCreateRequest'> => ({
  title,
  description: `${title}的直播推广`,
  categoryId,
  budgetMinCents: 100_000,
  budgetMaxCents: 300_000,
  liveDate: new Date(clock.nowMs() + 10 * 24 * 3600_000).toISOString(),
});

describe('the client against the app', () => {
  it('publishes tasks with tasks:write and pages through the hall with the pagination helper', async () => {
    const co = await company();
    const lc = await keyFor(co.session, ['tasks:read', 'tasks:write']);
    const titles = ['新品口红直播 1', '新品口红直播 2', '新品口红直播 3', '新品口红直播 4', '新品口红直播 5'];
    for (const [i, title] of titles.entries()) {
      const { task } = await lc.POST('/api/tasks', { body: taskBody(title), params: { header: { 'idempotency-key': `sdk-test-${i}` } } });
      expect(task).toMatchObject({ title, status: 'open' });
    }
    // the same idempotency key publishes nothing twice
    await lc.POST('/api/tasks', { body: taskBody(titles[0]!), params: { header: { 'idempotency-key': 'sdk-test-0' } } });

    const seen: number[] = [];
    const found: string[] = [];
    for await (const page of pages(lc, '/api/tasks', { params: { query: { limit: 2, sort: 'created_at' } } })) {
      seen.push(page.page);
      expect(page.total).toBe(5);
    }
    expect(seen).toEqual([1, 2, 3]);
    for await (const task of eachItem(pages(lc, '/api/tasks', { params: { query: { limit: 2 } } }))) found.push(task.title);
    expect(found.sort()).toEqual([...titles].sort());
    // maxPages bounds it
    const firstTwo = [];
    for await (const page of pages(lc, '/api/tasks', { params: { query: { limit: 2 } } }, { maxPages: 2 })) firstTwo.push(page);
    expect(firstTwo).toHaveLength(2);

    const mine = await lc.GET('/api/my/tasks');
    expect(JSON.stringify(mine)).toContain('新品口红直播 5');
  });

  it('a read-only key is refused 403 API_KEY_SCOPE, surfaced as a typed ApiError; other errors keep their code', async () => {
    const co = await company();
    const ro = await keyFor(co.session, ['tasks:read']);
    const err = await ro.POST('/api/tasks', { body: taskBody('只读密钥') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isApiError(err, 'API_KEY_SCOPE')).toBe(true);
    expect(err).toMatchObject({ status: 403, code: 'API_KEY_SCOPE' });
    expect((err as ApiError).message).toContain('API_KEY_SCOPE');
    // reading works with the same key; a deal that is not the account's is 404 DEAL_NOT_FOUND
    expect((await ro.GET('/api/tasks')).total).toBeGreaterThanOrEqual(0);
    const deals = await keyFor(co.session, ['deals:read']);
    await expect(deals.GET('/api/deals/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } })).rejects.toMatchObject({
      status: 404,
      code: 'DEAL_NOT_FOUND',
    });
    // a key that does not exist: 401 API_KEY_INVALID
    const bad = createClient({ baseUrl, apiKey: 'lc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    await expect(bad.GET('/api/my/tasks')).rejects.toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
    // the raw client answers without throwing, with the response's headers (the per-key limit)
    const raw = await ro.raw.GET('/api/my/tasks');
    expect(raw.response.status).toBe(200);
    expect(raw.response.headers.get('ratelimit-limit')).toBeTruthy();
  });

  it('follows a keyset cursor with cursorPages: the wallet statement line by line (wallet:read)', async () => {
    const co = await company();
    for (const cents of [1_000, 2_000]) await fundWallet(t.app.ctx.db, { userId: co.user.id, userType: 'company', cents });
    const lc = await keyFor(co.session, ['wallet:read']);
    const lines = [];
    let pagesSeen = 0;
    for await (const wallet of cursorPages(lc, '/api/wallet', (w) => w.statement.nextBefore, { params: { query: { limit: 1 } } })) {
      pagesSeen += 1;
      lines.push(...wallet.statement.items);
    }
    expect(lines).toHaveLength(3);
    expect(pagesSeen).toBeGreaterThanOrEqual(3);
    expect(new Set(lines.map((l) => JSON.stringify(l))).size).toBe(3);
  });

  it('the version of the generated types is the API document’s and the package’s', async () => {
    const doc = t.app.swagger() as { info: { version: string } };
    expect(API_VERSION).toBe(doc.info.version);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(pkg.version).toBe(API_VERSION);
  });
});
