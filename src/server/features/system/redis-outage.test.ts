/**
 * Issue 30 — a Redis outage must not take the site down (decision 0033). Two app instances on one
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with REDIS_URL pointing at a redis-server this
 * file starts on a free port, stops and starts again (never the shared one):
 * - before: the instances share their counters (a sign-in limit reached across both);
 * - Redis stopped: sign-in, the hall, publishing and code requests answer as usual within a second, a
 *   burst of wrong passwords and a burst past the global limit are still refused, health says degraded;
 * - Redis started again: the counters are shared again and health says ok.
 * Rule time is the ManualClock's; the only waiting is for the Redis client to notice (bounded polls).
 */
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { makeCompany, makeTaskCategory } from '../../db/factories';
import { ManualClock } from '../../platform/clock';
import { FailoverLimiter } from '../../platform/redis';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, nextIp, type TestApp } from '../../test/harness';
import { RedisServer, redisServerMissing, until } from '../../test/redisServer';

const missing = redisServerMissing();
if (missing) console.warn(missing);

const H = 3600_000;
/** the global per-IP limit of these instances (small, so a burst past it is quick to send) */
const GLOBAL_MAX = 40;

describe.skipIf(missing)('Redis outage with two instances (issue 30)', () => {
  const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
  /** each instance's log lines */
  const logs = { a: [] as string[], b: [] as string[] };
  const logTo = (lines: string[]) =>
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
  let server: RedisServer;
  let t: TestApp;
  let a: App;
  let b: App;
  let categoryId: string;
  let companyEmail: string;

  beforeAll(async () => {
    server = await RedisServer.start();
    // a 3 s command timeout (the product's is 200 ms): on CI's busy machine a command took longer while Redis was up,
    // and that instance rightly counted in memory for a while — not what this part tests; the outage here is Redis
    // stopped (a closed connection fails at once, whatever the timeout), so the fallback is still immediate
    t = await createTestApp({ REDIS_URL: server.url, RATE_LIMIT_MAX: String(GLOBAL_MAX), REDIS_TIMEOUT_MS: '3000' }, { clock, logStream: logTo(logs.a) });
    a = t.app;
    // the second instance: same configuration and database, its own Redis client and memory
    b = await buildApp(t.config, { database: a.ctx.database, clock, serveWeb: false, logStream: logTo(logs.b) });
    await until(() => usingRedis(a) && usingRedis(b), 'both instances to connect to Redis');
    const hash = await hashPassword('secret123');
    categoryId = (await makeTaskCategory(a.ctx.db, { name: '美妆' })).id;
    companyEmail = (await makeCompany(a.ctx.db, { user: { passwordHash: hash } })).user.email;
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    await server?.stop();
  });

  const usingRedis = (app: App) => app.ctx.limiter instanceof FailoverLimiter && app.ctx.limiter.usingRedis;
  const wrongPassword = (app: App, email: string) => new Client(app).post('/api/auth/login', { email, password: 'wrong-password' });
  /** answers within a second, not 5xx */
  async function quick(req: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    const started = performance.now();
    const res = await req();
    expect(performance.now() - started, `${res.raw.req.method} ${res.raw.req.url}`).toBeLessThan(1000);
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res;
  }
  const taskBody = () => ({
    title: '口红新品直播',
    description: '新品口红直播推广',
    categoryId,
    budgetMinCents: 100_000,
    budgetMaxCents: 300_000,
    liveDate: new Date(clock.nowMs() + 7 * 24 * H).toISOString(),
  });

  /** sign-in, the hall, a code request and publishing on `app`; each checked by `check` */
  async function journey(app: App, check: (req: () => Promise<LightMyRequestResponse>) => Promise<LightMyRequestResponse>) {
    const company = new Client(app);
    expect((await check(() => company.post('/api/auth/login', { email: companyEmail, password: 'secret123' }))).statusCode).toBe(200);
    expect((await check(() => new Client(app).get('/api/tasks'))).statusCode).toBe(200);
    const code = await check(() => new Client(app).post('/api/auth/email-code', { email: `code-${Math.random().toString(36).slice(2)}@example.com` }));
    expect(code.statusCode, code.body).toBe(200);
    const published = await check(() => company.post('/api/tasks', taskBody()));
    expect(published.statusCode, published.body).toBe(200);
  }

  /** 10 wrong passwords for one address spread over both instances: the 11th is refused on either */
  async function sharedSignInLimit() {
    const email = `shared-${Math.random().toString(36).slice(2)}@example.com`;
    for (let i = 0; i < 5; i++) expect((await wrongPassword(a, email)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await wrongPassword(b, email)).statusCode).toBe(401);
    expect(errorOf(await wrongPassword(a, email))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(errorOf(await wrongPassword(b, email))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  }

  it('while Redis answers: health is ok, and the instances share their counters', async () => {
    const health = await new Client(a).get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', dependencies: { redis: { status: 'up', limits: 'shared' } } });
    await sharedSignInLimit();
    // the usual requests, as they are with Redis (this also warms both instances up)
    for (const app of [a, b]) await journey(app, (req) => req());
  });

  it('Redis stopped: sign-in, the hall, publishing and codes work within a second; limits still refuse bursts; health is degraded', async () => {
    await server.stop();
    await until(() => !usingRedis(a) && !usingRedis(b), 'both instances to notice');

    for (const app of [a, b]) await journey(app, quick);

    // a burst of wrong passwords for one address is still refused (this instance's memory: 10 per 15 minutes)
    const victim = `victim-${Math.random().toString(36).slice(2)}@example.com`;
    for (let i = 0; i < 10; i++) expect((await quick(() => wrongPassword(a, victim))).statusCode).toBe(401);
    const refused = await quick(() => wrongPassword(a, victim));
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // ...and the right password does not get through either while the window lasts
    expect(errorOf(await new Client(a).post('/api/auth/login', { email: victim, password: 'secret123' })).status).toBe(429);

    // the global per-IP limit keeps counting too (in memory)
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= GLOBAL_MAX; i++) statuses.push((await new Client(b, { ip }).get('/api/auth/session')).statusCode);
    expect(statuses.slice(0, GLOBAL_MAX).every((s) => s === 200)).toBe(true);
    expect(statuses[GLOBAL_MAX]).toBe(429);

    // code requests: the per-IP hourly limit (30) still holds
    const codeIp = nextIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i++) last = await new Client(a, { ip: codeIp }).post('/api/auth/email-code', { email: `burst-${i}@example.com` });
    expect(last && errorOf(last)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });

    const health = await quick(() => new Client(a).get('/api/health'));
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      dependencies: { database: { status: 'up' }, redis: { status: 'down', limits: 'memory' }, storage: { status: 'up' }, mail: { status: 'up' } },
    });
    // the degradation is logged once per instance (within the minute), however many requests fell back
    for (const lines of [logs.a, logs.b]) expect(lines.filter((l) => l.includes('redis unreachable')).length).toBe(1);
  });

  it('Redis started again: the shared counters are used again and health is ok', async () => {
    await server.start();
    await until(() => usingRedis(a) && usingRedis(b), 'both instances to reconnect');
    for (const lines of [logs.a, logs.b]) expect(lines.some((l) => l.includes('redis reachable again'))).toBe(true);
    const health = await new Client(b).get('/api/health');
    expect(health.json()).toMatchObject({ status: 'ok', dependencies: { redis: { status: 'up', limits: 'shared' } } });
    await sharedSignInLimit();
  });
});
