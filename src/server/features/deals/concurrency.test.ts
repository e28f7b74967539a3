/**
 * Events that can meet on one deal, fired together many rounds (50 on PostgreSQL, 4 at a time, which CI runs with
 * TEST_DATABASE_URL; fewer on PGlite, which runs one transaction at a time). Each round starts from a
 * fresh deal in the pair's state; the answers and the rows must be those of one of the two serial
 * orders (computed by running A;B and B;A), and the rows must meet the invariants below.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealEvent } from '../../../shared/deals';
import type { LedgerAccountKind } from '../../../shared/money';
import { fundWallet, makeAdmin, makeCompany, makeDeal, makeInfluencer, makeTask } from '../../db/factories';
import { balanceOf } from '../money';
import { accountFor, checkLedger, post } from '../money';
import { dealDisputes, dealEvents, deals, jobs, taskApplications, tasks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs, scheduleJob } from '../../platform/jobs';
import type { AuthUser } from '../../platform/session';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, type RaceOp, PGLITE_ROUNDS } from '../../test/race';
import { fireDealEvent } from './fire';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// 50 × 4 at a time per pair on PostgreSQL in CI (100 took a third of the PostgreSQL pass, decision 0041);
// CONCURRENCY_ROUNDS=500 npm run test:pg for a deeper run
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? (onPostgres ? 50 : PGLITE_ROUNDS));
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
  if (t) expect(await checkLedger(t.app.ctx.db)).toEqual([]);
  await t?.close();
});

type StateKind =
  'awaiting_payment' | 'accepted' | 'schedule_proposed' | 'live_started' | 'live_started_cancel_asked' | 'reported' | 'reported_window_over' | 'disputed';
type World = { dealId: string; taskId: string; company: AuthUser; influencer: AuthUser };

/**
 * Every world is money-tracked (decision 0022): a slot fee of $2,000 + 10% commission, a $300 deposit
 * and the 10% platform fee. Funded worlds hold the fee and the deposit in escrow; in 待付款 the company
 * has the fee and the influencer the deposit in their wallets, ready to pay. Every company has $50
 * more, enough for the commission on its reported $100 GMV, so a settlement pays it.
 */
const FEE = 200_000;
const DEPOSIT = 30_000;
async function fundWorld(w: { dealId: string; companyUserId: string; influencerUserId: string }, paid: boolean) {
  const db = t.app.ctx.db;
  await fundWallet(db, { userId: w.companyUserId, userType: 'company', cents: (paid ? 0 : FEE) + 5_000 });
  await fundWallet(db, { userId: w.influencerUserId, userType: 'influencer', cents: paid ? 100 : DEPOSIT });
  if (!paid) return;
  await db.transaction(async (tx) => {
    await post(
      tx,
      {
        kind: 'test_escrow',
        idempotencyKey: `test:${w.dealId}:fee`,
        lines: [
          { accountId: await accountFor(tx, 'world_payments_in', null), amountCents: -FEE },
          { accountId: await accountFor(tx, 'escrow', w.companyUserId, w.dealId), amountCents: FEE },
        ],
      },
      clock.now(),
    );
    await post(
      tx,
      {
        kind: 'test_deposit',
        idempotencyKey: `test:${w.dealId}:deposit`,
        lines: [
          { accountId: await accountFor(tx, 'world_payments_in', null), amountCents: -DEPOSIT },
          { accountId: await accountFor(tx, 'deposits_held', w.influencerUserId, w.dealId), amountCents: DEPOSIT },
        ],
      },
      clock.now(),
    );
  });
}

/** a deal in the given state, written directly (the API walk is tested in deals.test.ts) */
async function makeWorld(kind: StateKind): Promise<World> {
  const db = t.app.ctx.db;
  const now = clock.nowMs();
  const co = await makeCompany(db);
  const inf = await makeInfluencer(db);
  const task = await makeTask(db, { companyId: co.company.id, status: 'in_progress', selectedInfluencerId: inf.influencer.id, currentApplicants: 1 });
  const [app] = await db
    .insert(taskApplications)
    .values({ taskId: task.id, influencerId: inf.influencer.id, proposedRateCents: 200_000, status: 'accepted', respondedAt: new Date(now) })
    .returning();
  const started = {
    scheduleStart: new Date(now - 3 * H),
    scheduleEnd: new Date(now - H),
    roomUrl: 'https://live.douyin.com/1',
    scheduleProposedBy: 'company',
    scheduleConfirmedAt: new Date(now - 24 * H),
  };
  const report = {
    reportReplayUrl: 'https://www.douyin.com/1',
    reportStartedAt: new Date(now - 3 * H),
    reportEndedAt: new Date(now - H),
    reportViews: 100,
    reportPeakViewers: 10,
    reportOrders: 5,
    reportGmvCents: 10_000,
  };
  const byKind: Record<StateKind, Partial<typeof deals.$inferInsert>> = {
    awaiting_payment: { status: 'awaiting_payment' },
    accepted: { status: 'accepted' },
    schedule_proposed: {
      status: 'schedule_proposed',
      scheduleStart: new Date(now + 48 * H),
      scheduleEnd: new Date(now + 50 * H),
      roomUrl: 'https://live.douyin.com/1',
      scheduleProposedBy: 'company',
    },
    live_started: { status: 'scheduled', ...started },
    live_started_cancel_asked: { status: 'scheduled', ...started, cancelRequestedBy: 'company', cancelRequestReason: '产品问题' },
    reported: { status: 'reported', ...started, ...report, reportedAt: new Date(now - 0.5 * H) },
    reported_window_over: { status: 'reported', ...started, ...report, reportedAt: new Date(now - 25 * H) },
    disputed: { status: 'disputed', ...started, ...report, reportedAt: new Date(now - 0.5 * H) },
  };
  const paid = kind !== 'awaiting_payment';
  const money = {
    moneyTracked: true,
    pricingModel: 'slot_commission',
    commissionBps: 1000,
    depositCents: DEPOSIT,
    platformFeeBps: 1000,
    feeFundedAt: paid ? new Date(now - 48 * H) : null,
    depositPaidAt: paid ? new Date(now - 48 * H) : null,
  };
  const deal = await makeDeal(db, { task, applicationId: app.id, influencerId: inf.influencer.id, rateCents: FEE, ...money, ...byKind[kind] });
  await fundWorld({ dealId: deal.id, companyUserId: co.user.id, influencerUserId: inf.user.id }, paid);
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
/** the platform's round of due jobs with this deal's `kind` job due now (the automatic confirmation, the 待付款 expiry) */
const job = (kind: 'deal.auto_confirm' | 'deal.payment_expire'): Op => ({
  name: `${kind.slice(5)} job`,
  run: async (w) => {
    const key = `test:${kind}:${w.dealId}`;
    await scheduleJob(t.app.ctx.db, { kind, key, runAt: clock.now(), payload: { dealId: w.dealId } });
    // rounds run side by side: another round's runner may have claimed this job (SKIP LOCKED); the op
    // ends when this job is done, whoever ran it
    for (;;) {
      await runDueJobs(t.app.ctx);
      const [row] = await t.app.ctx.db.select({ doneAt: jobs.doneAt }).from(jobs).where(eq(jobs.key, key));
      if (row?.doneAt) return;
      await new Promise((r) => setImmediate(r));
    }
  },
});
const autoConfirm = job('deal.auto_confirm');
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
  // 待付款: each payment moves once; a cancellation meets a payment and refunds what was paid
  ['awaiting_payment', fire('company', 'pay_fee'), fire('company', 'pay_fee')],
  ['awaiting_payment', fire('company', 'pay_fee'), fire('influencer', 'pay_deposit')],
  ['awaiting_payment', fire('company', 'pay_fee'), fire('company', 'cancel', { reason: '预算调整' })],
  ['awaiting_payment', fire('influencer', 'pay_deposit'), fire('admin', 'admin_cancel', { reason: '违规' })],
  // the 72 h expiry meets a late payment: paid and running, or cancelled with everything returned
  ['awaiting_payment', job('deal.payment_expire'), fire('company', 'pay_fee')],
  // settlement (confirm, the automatic confirmation, a dispute decision) meets the other side: the money moves once
  ['disputed', fire('admin', 'resolve_partial', { reason: '各担一半', payoutBps: 5000, awardDeposit: true }), fire('company', 'withdraw_dispute')],
  ['reported', fire('company', 'confirm'), fire('influencer', 'dispute', { reason: 'payment_terms', statement: '争议' })],
  ['reported', fire('company', 'confirm'), fire('company', 'dispute', { reason: 'report_untrue', statement: '数据不实' })],
  ['reported', fire('company', 'confirm'), fire('company', 'confirm')],
  ['reported_window_over', autoConfirm, fire('company', 'dispute', { reason: 'report_untrue', statement: '数据不实' })],
  ['reported_window_over', autoConfirm, fire('company', 'confirm')],
  ['live_started', report, fire('admin', 'admin_cancel', { reason: '违规' })],
  ['live_started_cancel_asked', report, fire('influencer', 'agree_cancel')],
  [
    'schedule_proposed',
    fire('influencer', 'confirm_schedule'),
    fire('company', 'propose_schedule', {
      start: new Date(clock.nowMs() + 72 * H).toISOString(),
      end: new Date(clock.nowMs() + 74 * H).toISOString(),
      roomUrl: 'https://live.douyin.com/2',
    }),
  ],
  [
    'accepted',
    fire('company', 'cancel', { reason: '预算调整' }),
    fire('influencer', 'propose_schedule', {
      start: new Date(clock.nowMs() + 72 * H).toISOString(),
      end: new Date(clock.nowMs() + 74 * H).toISOString(),
      roomUrl: 'https://live.douyin.com/2',
    }),
  ],
  ['accepted', fire('company', 'request_cancel', { reason: 'a' }), fire('influencer', 'request_cancel', { reason: 'b' })],
  ['disputed', fire('admin', 'resolve_complete', { reason: '数据属实' }), fire('company', 'withdraw_dispute')],
  ['disputed', fire('admin', 'resolve_cancel', { reason: '达人违约' }), fire('influencer', 'answer_dispute', { statement: '我有证据' })],
];

/** the balances a world's money sits in, by name */
async function balances(w: World) {
  const db = t.app.ctx.db;
  const of = async (kind: LedgerAccountKind, owner: string, ref: string | null = null) => balanceOf(db, kind, owner, ref);
  return {
    companyWallet: await of('company_available', w.company.id),
    influencerWallet: await of('influencer_available', w.influencer.id),
    escrow: await of('escrow', w.company.id, w.dealId),
    deposit: await of('deposits_held', w.influencer.id, w.dealId),
  };
}

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
    money: {
      ...(await balances(w)),
      feeFunded: d.feeFundedAt !== null,
      depositPaid: d.depositPaidAt !== null,
      settled: d.settledAt !== null,
      commission: d.commissionStatus,
    },
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

function violations(s: Snapshot): string[] {
  const out: string[] = [];
  const check = (ok: boolean, what: string) => ok || out.push(what);
  check(s.events.length === s.version, 'the timeline does not have one entry per version');
  s.events.forEach((e, i) => check(e.startsWith(`${i + 1}:`), 'timeline versions are not 1..n'));
  check(s.disputes.filter((x) => x.includes(':open:')).length <= (s.status === 'disputed' ? 1 : 0), 'an open dispute outside the disputed state');
  if (s.status === 'disputed')
    check(
      s.disputes.some((x) => x.includes(':open:')),
      'a disputed deal without an open dispute',
    );
  check(
    s.task === ({ completed: 'completed', cancelled: 'cancelled' } as Record<string, string>)[s.status] ||
      (s.task === 'in_progress' && !['completed', 'cancelled'].includes(s.status)),
    `task ${s.task} with a ${s.status} deal`,
  );
  if (s.status === 'completed') check(s.confirmed, 'completed without confirmation');
  check(s.status !== 'confirmed', 'left in confirmed (completion must follow in the same step)');
  // the money follows the state: held while open, gone (paid out or refunded) when finished, never twice
  const m = s.money;
  const open = !['completed', 'cancelled'].includes(s.status);
  check(m.escrow === (open && m.feeFunded ? FEE : 0), `escrow ${m.escrow} on a ${s.status} deal`);
  check(m.deposit === (open && m.depositPaid ? DEPOSIT : 0), `deposit ${m.deposit} on a ${s.status} deal`);
  check(m.settled === (s.status === 'completed'), `settled ${m.settled} on a ${s.status} deal`);
  check(s.status !== 'accepted' || (m.feeFunded && m.depositPaid), 'accepted before the fee and the deposit were in');
  check(m.companyWallet >= 0 && m.influencerWallet >= 0, 'a wallet below zero');
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
