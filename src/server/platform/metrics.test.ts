/**
 * GET /metrics (decision 0048): hidden without METRICS_TOKEN and from whoever lacks the token (the answer of any unknown
 * address), and with it the request histograms by route pattern and the queue, pool and stream gauges.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCompany } from '../db/factories';
import { jobs, mailQueue, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { createTestApp, signedIn, type TestApp } from '../test/harness';
import { ManualClock } from './clock';
import { registerJob, runDueJobs, runningJobs, scheduleJob } from './jobs';
import { METRICS_PATH, UNMATCHED_ROUTE } from './metrics';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TOKEN = randomBytes(24).toString('base64url');
const clock = new ManualClock(new Date('2026-12-01T08:00:00Z'));
let t: TestApp;
let off: TestApp;

let web: string;

beforeAll(async () => {
  // `t` serves the web app, as production does: an unknown address there answers the not-found page
  web = mkdtempSync(path.join(os.tmpdir(), 'lc-web-'));
  copyFileSync(path.resolve('src/web/index.html'), path.join(web, 'index.html'));
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { clock, webDist: web });
  off = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  rmSync(web, { recursive: true, force: true });
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments skipped). */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: m[3] === 'Nan' || m[3] === 'NaN' ? Number.NaN : Number(m[3]) });
  }
  return out;
}

/** The value of the one sample named `name` whose labels include `labels` (undefined when there is none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]?.value;
}

const scrape = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return { res, samples: parse(res.body) };
};

describe('GET /metrics', () => {
  it("is not there without METRICS_TOKEN: the product's not-found error, as for any unknown address", async () => {
    const unknown = await off.app.inject({ method: 'GET', url: '/metricz' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await off.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      // the same body but for its own request id (decision 0047)
      const { requestId, ...error } = (res.json() as { error: { requestId: string } }).error;
      expect(requestId).toBe(res.headers['x-request-id']);
      expect({ error }).toEqual({ ...unknown.json(), error: { ...(unknown.json() as { error: object }).error, requestId: undefined } });
    }
  });

  it('a missing or wrong token gets exactly what any unknown address gets (here, with the web app served: the not-found page)', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/metricz' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    const wrongToken = `${TOKEN.slice(0, -1)}${TOKEN.endsWith('A') ? 'B' : 'A'}`;
    const attempts = [
      {},
      { authorization: `Bearer ${wrongToken}` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, 31)}` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(res.headers['cache-control']).toBe(unknown.headers['cache-control']);
      // the page names its address; apart from that, the same bytes
      expect(res.body.replaceAll(METRICS_PATH, '/metricz')).toBe(unknown.body);
      expect(res.body).not.toContain('http_request');
    }
    expect((await t.app.inject({ method: 'GET', url: `${METRICS_PATH}?token=${TOKEN}` })).statusCode).toBe(404);
  });

  it('answers the request histograms by route pattern and status, never by address; itself left out', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const id = randomUUID();
    const company = await t.app.inject({ method: 'GET', url: `/api/companies/${id}` });
    const lost = `/no-such-page-${randomBytes(4).toString('hex')}`;
    expect((await t.app.inject({ method: 'GET', url: lost })).statusCode).toBe(404);
    await scrape();

    const { res, samples } = await scrape();
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const count = (route: string, status: number) =>
      value(samples, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: String(status) });
    expect(count('/api/health/live', 200)).toBe(3);
    expect(count('/api/companies/:id', company.statusCode)).toBe(1);
    expect(count(UNMATCHED_ROUTE, 404)).toBeGreaterThanOrEqual(1);
    // a histogram: the buckets grow up to +Inf, which holds them all; the sum is the seconds they took
    const buckets = samples.filter((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === '/api/health/live');
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.at(-1)).toMatchObject({ labels: { le: '+Inf' }, value: 3 });
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
    expect(value(samples, 'http_request_duration_seconds_sum', { route: '/api/health/live', status_code: '200' })).toBeGreaterThan(0);
    // no address, id or path of a request becomes a label; the scrapes themselves are not counted
    expect(res.body).not.toContain(id);
    expect(res.body).not.toContain(lost);
    expect(samples.some((s) => s.labels.route === METRICS_PATH)).toBe(false);
    // scrapers ask for gzip: the answer is compressed like any other text above 1 KB
    const gzipped = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health/live",status_code="200"} 3',
    );
  });

  it('answers the process figures, with the event-loop lag; the pool only on PostgreSQL', async () => {
    const { samples } = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_eventloop_lag_max_seconds',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(value(samples, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(value(samples, 'lc_database_up')).toBe(1);
    if (onPostgres) {
      // the harness opens PostgreSQL with a pool of 10
      expect(value(samples, 'lc_db_pool_max_connections')).toBe(10);
      expect(value(samples, 'lc_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(value(samples, 'lc_db_pool_idle_connections')).toBeLessThanOrEqual(value(samples, 'lc_db_pool_connections')!);
      expect(value(samples, 'lc_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(samples.some((s) => s.name.startsWith('lc_db_pool_'))).toBe(false);
    }
  });

  it('the job, mail and webhook gauges count the rows there are, with the age of the oldest', async () => {
    const before = (await scrape()).samples;
    for (const name of [
      'lc_jobs_due',
      'lc_jobs_running',
      'lc_jobs_oldest_due_age_seconds',
      'lc_mail_queue_pending',
      'lc_mail_queue_failed',
      'lc_webhook_outbox_pending',
      'lc_webhook_outbox_oldest_pending_age_seconds',
    ]) {
      expect(value(before, name), name).toBe(0);
    }
    const db = t.app.ctx.db;
    const ago = (seconds: number) => new Date(clock.nowMs() - seconds * 1000);
    await db.insert(jobs).values([
      { kind: 'test.none', key: `m-due-${randomUUID()}`, runAt: ago(600) },
      { kind: 'test.none', key: `m-due2-${randomUUID()}`, runAt: ago(5) },
      { kind: 'test.none', key: `m-later-${randomUUID()}`, runAt: ago(-3600) },
      { kind: 'test.none', key: `m-done-${randomUUID()}`, runAt: ago(7200), doneAt: ago(7000) },
    ]);
    await db.insert(mailQueue).values([
      { kind: 'contact_ack', to: 'a@example.com', createdAt: ago(120) },
      { kind: 'contact_ack', to: 'b@example.com', createdAt: ago(30), attempts: 2, nextAttemptAt: ago(-60) },
      { kind: 'contact_ack', to: 'c@example.com', createdAt: ago(90_000), status: 'failed', attempts: 40 },
      { kind: 'contact_ack', to: 'd@example.com', createdAt: ago(900), status: 'sent', sentAt: ago(899) },
    ]);
    const { user } = await makeCompany(db);
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ userId: user.id, url: 'https://hooks.example.com/in', eventTypes: ['deal.created'], secretSealed: 'sealed' })
      .returning();
    const delivery = (seconds: number, status = 'pending') => ({
      endpointId: endpoint!.id,
      eventId: randomUUID(),
      type: 'deal.created',
      payload: '{}',
      status,
      nextAttemptAt: ago(seconds),
      createdAt: ago(seconds),
    });
    await db.insert(webhookDeliveries).values([delivery(300), delivery(30), delivery(3000, 'delivered'), delivery(4000, 'failed')]);

    const { samples } = await scrape();
    expect(value(samples, 'lc_jobs_due')).toBe(2);
    expect(value(samples, 'lc_jobs_oldest_due_age_seconds')).toBe(600);
    expect(value(samples, 'lc_mail_queue_pending')).toBe(2);
    expect(value(samples, 'lc_mail_queue_failed')).toBe(1);
    expect(value(samples, 'lc_mail_queue_oldest_pending_age_seconds')).toBe(120);
    expect(value(samples, 'lc_webhook_outbox_pending')).toBe(2);
    expect(value(samples, 'lc_webhook_outbox_oldest_pending_age_seconds')).toBe(300);

    // an hour on, the same rows have waited an hour longer, and the job planned for then is due too
    clock.advance(3600_000);
    const later = (await scrape()).samples;
    expect(value(later, 'lc_jobs_due')).toBe(3);
    expect(value(later, 'lc_jobs_oldest_due_age_seconds')).toBe(4200);
    expect(value(later, 'lc_webhook_outbox_oldest_pending_age_seconds')).toBe(3900);
    // done, the jobs leave the gauges (their kind has no handler: the worker marks them done)
    await runDueJobs(t.app.ctx);
    expect(value((await scrape()).samples, 'lc_jobs_due')).toBe(0);
    expect(value((await scrape()).samples, 'lc_jobs_oldest_due_age_seconds')).toBe(0);
  });

  it('counts the jobs this instance runs at the moment', async () => {
    let seen: { running: number; scraped?: number } | null = null;
    const kind = `test.metrics.${randomBytes(3).toString('hex')}`;
    registerJob(kind, async (ctx) => {
      seen = { running: runningJobs(ctx.database) };
      // on PostgreSQL the scrape reads beside the job's transaction; PGlite runs one transaction at a time and would
      // wait for this one to end
      if (onPostgres) seen.scraped = value((await scrape()).samples, 'lc_jobs_running');
    });
    await scheduleJob(t.app.ctx.db, { kind, key: `${kind}.1`, runAt: clock.now() });
    expect(await runDueJobs(t.app.ctx)).toBe(1);
    expect(seen).toEqual(onPostgres ? { running: 1, scraped: 1 } : { running: 1 });
    expect(runningJobs(t.app.ctx.database)).toBe(0);
    expect(value((await scrape()).samples, 'lc_jobs_running')).toBe(0);
  });

  it('counts the open event streams of this instance', async () => {
    const { user } = await makeCompany(t.app.ctx.db);
    const client = await signedIn(t.app, user.email);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const ac = new AbortController();
    const res = await fetch(`${address}/api/events`, { headers: { accept: 'text/event-stream', cookie }, signal: ac.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
    try {
      expect(value((await scrape()).samples, 'lc_sse_streams_open')).toBe(1);
    } finally {
      ac.abort();
    }
    await expect.poll(async () => value((await scrape()).samples, 'lc_sse_streams_open')).toBe(0);
  });

  it('while the database does not answer: lc_database_up 0 and the queue figures unknown (NaN), the rest as ever', async () => {
    const select = vi.spyOn(t.app.ctx.db, 'select').mockImplementation(() => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    try {
      const { samples } = await scrape();
      expect(value(samples, 'lc_database_up')).toBe(0);
      expect(value(samples, 'lc_jobs_due')).toBeNaN();
      expect(value(samples, 'lc_mail_queue_failed')).toBeNaN();
      expect(value(samples, 'lc_webhook_outbox_pending')).toBeNaN();
      expect(value(samples, 'lc_sse_streams_open')).toBe(0);
      expect(value(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    } finally {
      select.mockRestore();
    }
    expect(value((await scrape()).samples, 'lc_database_up')).toBe(1);
  });
});
