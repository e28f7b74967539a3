/**
 * Killing the server between a state change and its delivery loses nothing (issue 24, decision 0042), on
 * PostgreSQL with real server processes: the first is killed (SIGKILL) while its receiver holds every delivery
 * unanswered — one event in flight, the next written by a change the killed server had just committed — and a
 * second server, started on the same database, delivers each event exactly once, under its first id.
 *
 * PostgreSQL only (an embedded database lives inside one process): it runs in the PostgreSQL pass.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeInfluencer, makeTaskCategory, fundWallet } from '../../db/factories';
import { webhookDeliveries } from '../../db/schema';
import { hashPassword } from '../auth';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { freePort } from '../../test/ports';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A receiver on 127.0.0.1 that records every request and, while `hold` is on, never answers. */
function receiver() {
  const got: { id: string; type: string; answered: boolean }[] = [];
  const state = { hold: true };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const e = JSON.parse(body) as { id: string; type: string };
      const answered = !state.hold;
      got.push({ id: e.id, type: e.type, answered });
      if (answered) res.end('ok');
      // held: the request stays open until the sending process dies
    });
  });
  return {
    got,
    state,
    start: () =>
      new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The real server (src/server/main.ts) on `databaseUrl`, its worker polling every 100 ms. */
async function server(t: TestApp, extra: Record<string, string> = {}) {
  const port = await freePort();
  let stderr = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: t.databaseUrl!,
      DATA_DIR: t.config.dataDir,
      SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789',
      RATE_LIMIT_MAX: '0',
      JOBS_POLL_MS: '100',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  await until(`the server on ${port} (${stderr})`, async () => {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}: ${stderr}`);
    return fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  });
  return {
    base,
    kill: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe.skipIf(!onPostgres)('a server killed between a change and its delivery (PostgreSQL, real processes)', () => {
  let t: TestApp;
  const r = receiver();
  const servers: { stop(): Promise<void> }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '0' });
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await r.close();
    await t?.close();
  });

  it('delivers each event exactly once after the restart: the one in flight and the one not yet sent', async () => {
    const db = t.app.ctx.db;
    const url = await r.start();
    const hash = await hashPassword('secret123');
    const categoryId = (await makeTaskCategory(db, { name: '美妆', nameEn: 'Beauty' })).id;
    const co = await makeCompany(db, { user: { passwordHash: hash } });
    await fundWallet(db, { userId: co.user.id, userType: 'company', cents: 5_000_000 });
    const inf = await makeInfluencer(db, { user: { passwordHash: hash }, isApproved: true, status: 'active', categories: ['beauty'], hourlyRateCents: 80_000 });
    const coc = await signedIn(t.app, co.user.email);
    const infc = await signedIn(t.app, inf.user.email);
    const added = await coc.post('/api/me/webhook-endpoints', { url, eventTypes: ['application.created', 'deal.created', 'task.filled'] });
    expect(added.statusCode, added.body).toBe(200);
    const key = (await coc.post('/api/me/api-keys', { name: 'ERP', scopes: ['applications:write'] })).json().secret as string;
    const task = (
      await coc.post('/api/tasks', {
        title: '新品口红直播',
        description: '新品口红直播推广',
        categoryId,
        budgetMinCents: 100_000,
        budgetMaxCents: 300_000,
        liveDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      })
    ).json().task as { id: string };
    // the application is written here (this process has no worker): its event waits in the outbox
    const applied = await infc.post('/api/task-applications', { taskId: task.id, proposedRateCents: 200_000, message: '期待合作' });
    expect(applied.statusCode, applied.body).toBe(200);
    const applicationId = applied.json().application.id as string;

    // the first server sends application.created; the receiver holds it unanswered
    const first = await server(t);
    servers.push(first);
    await until('application.created in flight', () => r.got.some((g) => g.type === 'application.created'));
    // a change through the first server (the key accepts): committed with its events in the outbox
    const accepted = await fetch(`${first.base}/api/task-applications/${applicationId}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(accepted.status, await accepted.text()).toBe(200);
    await first.kill();

    // nothing was acknowledged, so nothing is marked delivered; all three events are still owed
    const owed = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
    expect(owed.map((o) => o.type).sort()).toEqual(['application.created', 'deal.created', 'task.filled']);
    expect(r.got.every((g) => !g.answered)).toBe(true);

    // a second server on the same database; the killed server's lease (60 s) runs out on its clock
    r.state.hold = false;
    const second = await server(t, { DEV_CLOCK: '1' });
    servers.push(second);
    const moved = await fetch(`${second.base}/api/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 61_000 }),
    });
    expect(moved.status, await moved.text()).toBe(200);
    await until('every event delivered', async () => {
      const rows = await db.select().from(webhookDeliveries);
      return rows.length === 3 && rows.every((x) => x.status === 'delivered');
    });
    await second.stop();

    const answered = r.got.filter((g) => g.answered);
    // each event acknowledged exactly once, under the same id as before the kill
    expect(answered.map((g) => g.type).sort()).toEqual(['application.created', 'deal.created', 'task.filled']);
    expect(new Set(answered.map((g) => g.id)).size).toBe(3);
    const ids = new Set(owed.map((o) => o.eventId));
    expect(answered.every((g) => ids.has(g.id))).toBe(true);
  }, 180_000);
});
