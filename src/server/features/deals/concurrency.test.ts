/**
 * Events that can meet on one deal, fired together many rounds (100 on PostgreSQL, which CI runs with
 * TEST_DATABASE_URL; fewer on PGlite, which runs one transaction at a time). Each round starts from a
 * fresh deal in the pair's state; the answers and the rows must be those of one of the two serial
 * orders (computed by running A;B and B;A), and the rows must meet the invariants below.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealEvent } from '../../../shared/deals';
import { makeAdmin, makeCompany, makeDeal, makeInfluencer, makeTask } from '../../db/factories';
import { dealDisputes, dealEvents, deals, taskApplications, tasks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs, scheduleJob } from '../../platform/jobs';
import type { AuthUser } from '../../platform/session';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, type RaceOp } from '../../test/race';
import { fireDealEvent } from './service';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? (onPostgres ? 100 : 8));
/** rounds of one pair run at the same time (each on its own deal): more interleavings per second */
const PARALLEL = onPostgres ? 4 : 1;
const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));

let t: TestApp;
let admin: AuthUser;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const a = await makeAdmin(t.app.ctx.db, { permissions: ['task_management'] });
  admin = { id: a.id, email: a.email, userType: 'admin', sessionId: 'x' };
});
afterAll(async () => {
  await t?.close();
});

type StateKind = 'accepted' | 'schedule_proposed' | 'live_started' | 'live_started_cancel_asked' | 'reported' | 'reported_window_over' | 'disputed';
type World = { dealId: string; taskId: string; company: AuthUser; influencer: AuthUser };

/** a deal in the given state, written directly (the API walk is tested in deals.test.ts) */
async function makeWorld(kind: StateKind): Promise<World> {
  const db = t.app.ctx.db;
  const now = clock.nowMs();
  const co = await makeCompany(db);
  const inf = await makeInfluencer(db);
  const task = await makeTask(db, { companyId: co.company.id, status: 'in_progress', selectedInfluencerId: inf.influencer.id, currentApplicants: 1 });
  const [app] = await db.insert(taskApplications).values({ taskId: task.id, influencerId: inf.influencer.id, proposedRate: 2000, status: 'accepted', respondedAt: new Date(now) }).returning();
  const started = { scheduleStart: new Date(now - 3 * H), scheduleEnd: new Date(now - H), roomUrl: 'https://live.douyin.com/1', scheduleProposedBy: 'company', scheduleConfirmedAt: new Date(now - 24 * H) };
  const report = { reportReplayUrl: 'https://www.douyin.com/1', reportStartedAt: new Date(now - 3 * H), reportEndedAt: new Date(now - H), reportViews: 100, reportPeakViewers: 10, reportOrders: 5, reportGmvCents: 10_000 };
  const byKind: Record<StateKind, Partial<typeof deals.$inferInsert>> = {
    accepted: { status: 'accepted' },
    schedule_proposed: { status: 'schedule_proposed', scheduleStart: new Date(now + 48 * H), scheduleEnd: new Date(now + 50 * H), roomUrl: 'https://live.douyin.com/1', scheduleProposedBy: 'company' },
    live_started: { status: 'scheduled', ...started },
    live_started_cancel_asked: { status: 'scheduled', ...started, cancelRequestedBy: 'company', cancelRequestReason: '产品问题' },
    reported: { status: 'reported', ...started, ...report, reportedAt: new Date(now - 0.5 * H) },
    reported_window_over: { status: 'reported', ...started, ...report, reportedAt: new Date(now - 25 * H) },
    disputed: { status: 'disputed', ...started, ...report, reportedAt: new Date(now - 0.5 * H) },
  };
  const deal = await makeDeal(db, { task, applicationId: app.id, influencerId: inf.influencer.id, rateCents: 200_000, ...byKind[kind] });
  if (kind === 'disputed') {
    await db.insert(dealDisputes).values({ dealId: deal.id, openedBy: 'company', reason: 'report_untrue', statement: '数据不实', openedAt: new Date(now) });
  }
  const u = (x: { id: string; email: string }, userType: 'company' | 'influencer'): AuthUser => ({ id: x.id, email: x.email, userType, sessionId: 'x' });
  return { dealId: deal.id, taskId: task.id, company: u(co.user, 'company'), influencer: u(inf.user, 'influencer') };
}

type Op = RaceOp<World>;
const fire = (who: 'company' | 'influencer' | 'admin', event: DealEvent, body: Record<string, unknown> = {}): Op => ({
  name: `${who} ${event}`,
  run: (w) => fireDealEvent(t.app.ctx, who === 'admin' ? admin : w[who], w.dealId, event, body, { ip: '127.0.0.1' }),
});
/** the platform's round of due jobs (the automatic confirmation of a deal whose window is over) */
const autoConfirm: Op = {
  name: 'auto_confirm job',
  run: async (w) => {
    await scheduleJob(t.app.ctx.db, { kind: 'deal.auto_confirm', key: `test:${w.dealId}`, runAt: clock.now(), payload: { dealId: w.dealId } });
    await runDueJobs(t.app.ctx);
  },
};
const report: Op = fire('influencer', 'report_live', {
  replayUrl: 'https://www.douyin.com/2',
  startedAt: new Date(clock.nowMs() - 3 * H).toISOString(),
  endedAt: new Date(clock.nowMs() - H).toISOString(),
  views: 200,
  peakViewers: 20,
  orders: 9,
  gmvCents: 90_000,
});

const PAIRS: [StateKind, Op, Op][] = [
  ['reported', fire('company', 'confirm'), fire('influencer', 'dispute', { reason: 'payment_terms', statement: '争议' })],
  ['reported', fire('company', 'confirm'), fire('company', 'dispute', { reason: 'report_untrue', statement: '数据不实' })],
  ['reported', fire('company', 'confirm'), fire('company', 'confirm')],
  ['reported_window_over', autoConfirm, fire('company', 'dispute', { reason: 'report_untrue', statement: '数据不实' })],
  ['reported_window_over', autoConfirm, fire('company', 'confirm')],
  ['live_started', report, fire('admin', 'admin_cancel', { reason: '违规' })],
  ['live_started_cancel_asked', report, fire('influencer', 'agree_cancel')],
  ['schedule_proposed', fire('influencer', 'confirm_schedule'), fire('company', 'propose_schedule', { start: new Date(clock.nowMs() + 72 * H).toISOString(), end: new Date(clock.nowMs() + 74 * H).toISOString(), roomUrl: 'https://live.douyin.com/2' })],
  ['accepted', fire('company', 'cancel', { reason: '预算调整' }), fire('influencer', 'propose_schedule', { start: new Date(clock.nowMs() + 72 * H).toISOString(), end: new Date(clock.nowMs() + 74 * H).toISOString(), roomUrl: 'https://live.douyin.com/2' })],
  ['accepted', fire('company', 'request_cancel', { reason: 'a' }), fire('influencer', 'request_cancel', { reason: 'b' })],
  ['disputed', fire('admin', 'resolve_complete', { reason: '数据属实' }), fire('company', 'withdraw_dispute')],
  ['disputed', fire('admin', 'resolve_cancel', { reason: '达人违约' }), fire('influencer', 'answer_dispute', { statement: '我有证据' })],
];

async function snapshot(w: World) {
  const db = t.app.ctx.db;
  const [d] = await db.select().from(deals).where(eq(deals.id, w.dealId));
  const [task] = await db.select().from(tasks).where(eq(tasks.id, w.taskId));
  const events = await db.select().from(dealEvents).where(eq(dealEvents.dealId, w.dealId)).orderBy(dealEvents.version);
  const disputes = await db.select().from(dealDisputes).where(eq(dealDisputes.dealId, w.dealId));
  return {
    status: d.status,
    version: d.version,
    task: task.status,
    cancelRequestedBy: d.cancelRequestedBy,
    scheduleConfirmed: d.scheduleConfirmedAt !== null,
    confirmed: d.confirmedAt !== null,
    events: events.map((e) => `${e.version}:${e.event}:${e.fromStatus}>${e.toStatus}`),
    disputes: disputes.map((x) => `${x.openedBy}:${x.outcome}:${x.answeredAt ? 'answered' : '-'}`).sort(),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

function violations(s: Snapshot): string[] {
  const out: string[] = [];
  const check = (ok: boolean, what: string) => ok || out.push(what);
  check(s.events.length === s.version, 'the timeline does not have one entry per version');
  s.events.forEach((e, i) => check(e.startsWith(`${i + 1}:`), 'timeline versions are not 1..n'));
  check(s.disputes.filter((x) => x.includes(':open:')).length <= (s.status === 'disputed' ? 1 : 0), 'an open dispute outside the disputed state');
  if (s.status === 'disputed') check(s.disputes.some((x) => x.includes(':open:')), 'a disputed deal without an open dispute');
  check(s.task === ({ completed: 'completed', cancelled: 'cancelled' } as Record<string, string>)[s.status] || (s.task === 'in_progress' && !['completed', 'cancelled'].includes(s.status)), `task ${s.task} with a ${s.status} deal`);
  if (s.status === 'completed') check(s.confirmed, 'completed without confirmation');
  check(s.status !== 'confirmed', 'left in confirmed (completion must follow in the same step)');
  return out;
}

describe('events that meet on one deal', () => {
  for (const [kind, a, b] of PAIRS) {
    it(`${a.name} × ${b.name} (${kind})`, { timeout: 600_000 }, async () => {
      const { illegal, legal } = await raceAgainstSerial({ make: () => makeWorld(kind), snapshot, violations }, a, b, { rounds: ROUNDS, parallel: PARALLEL });
      const distinct = [...new Set(illegal)];
      expect(distinct, `${illegal.length} of ${ROUNDS} rounds illegal; legal outcomes: ${legal.join(' | ')}`).toEqual([]);
    });
  }
});
