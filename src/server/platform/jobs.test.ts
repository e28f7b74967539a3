import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { ManualClock } from './clock';
import { MAX_ATTEMPTS, registerJob, runDueJobs, scheduleJob } from './jobs';

const clock = new ManualClock(new Date('2026-12-01T00:00:00Z'));
let t: TestApp;
const ran: string[] = [];
let failuresLeft = 0;

registerJob('test.record', async (_ctx, _tx, job) => {
  ran.push(job.key);
});
registerJob('test.flaky', async () => {
  if (failuresLeft > 0) {
    failuresLeft--;
    throw new Error('not yet');
  }
  ran.push('flaky');
});

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

describe('persistent jobs', () => {
  it('run when due, once; scheduling the same key twice plans one job', async () => {
    const db = t.app.ctx.db;
    await scheduleJob(db, { kind: 'test.record', key: 'once', runAt: new Date(clock.nowMs() + 60_000) });
    await scheduleJob(db, { kind: 'test.record', key: 'once', runAt: new Date(clock.nowMs() + 1000) });
    expect(await runDueJobs(t.app.ctx)).toBe(0);
    clock.advance(60_000);
    expect(await runDueJobs(t.app.ctx)).toBe(1);
    expect(await runDueJobs(t.app.ctx)).toBe(0);
    expect(ran.filter((k) => k === 'once')).toHaveLength(1);
  });

  it('a failing job is retried later with a growing delay, and given up after the last attempt', async () => {
    const db = t.app.ctx.db;
    failuresLeft = 1;
    await scheduleJob(db, { kind: 'test.flaky', key: 'flaky', runAt: clock.now() });
    await runDueJobs(t.app.ctx);
    const [after1] = await db.select().from(jobs).where(eq(jobs.key, 'flaky'));
    expect(after1).toMatchObject({ attempts: 1, doneAt: null, lastError: 'not yet' });
    expect(after1.runAt.getTime()).toBe(clock.nowMs() + 120_000);
    clock.advance(120_000);
    await runDueJobs(t.app.ctx);
    expect(ran).toContain('flaky');
    failuresLeft = 100;
    await scheduleJob(db, { kind: 'test.flaky', key: 'hopeless', runAt: clock.now() });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      clock.advance(7 * 3600_000);
      await runDueJobs(t.app.ctx);
    }
    const [gaveUp] = await db.select().from(jobs).where(eq(jobs.key, 'hopeless'));
    expect(gaveUp.attempts).toBe(MAX_ATTEMPTS);
    expect(gaveUp.doneAt).not.toBeNull();
    failuresLeft = 0;
  });

  it('two pollers at once (two instances) run each due job exactly once', async () => {
    const db = t.app.ctx.db;
    for (let i = 0; i < 30; i++) await scheduleJob(db, { kind: 'test.record', key: `pair-${i}`, runAt: clock.now() });
    const [a, b] = await Promise.all([runDueJobs(t.app.ctx), runDueJobs(t.app.ctx)]);
    expect(a + b).toBe(30);
    expect(ran.filter((k) => k.startsWith('pair-')).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `pair-${i}`).sort());
    const left = await db.select().from(jobs).where(like(jobs.key, 'pair-%'));
    expect(left.every((j) => j.doneAt !== null)).toBe(true);
  });
});
