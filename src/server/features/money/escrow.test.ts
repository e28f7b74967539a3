/**
 * Escrow, deposits, settlement, commissions and refunds through the API (decision 0022). After the
 * file the books must balance (checkLedger: escrow per deal equals what its deal holds, no wallet
 * below zero, every entry sums to zero).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBps, computeSettlement, formatBps, percentToBps, sharePercent } from '../../../shared/money';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer, makeTaskCategory } from '../../db/factories';
import { deals, ledgerAccounts, notifications, tasks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { balanceOf } from './escrow';
import { checkLedger } from './ledger';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
let categoryId: string;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(db(), { name: '美妆' })).id;
});
afterAll(async () => {
  if (t) expect(await checkLedger(db())).toEqual([]);
  await t?.close();
});

type Side = Awaited<ReturnType<typeof parties>>;
async function parties(o: { companyCents?: number; influencerCents?: number } = {}) {
  const co = await makeCompany(db(), { user: { passwordHash: hash } });
  const inf = await makeInfluencer(db(), { user: { passwordHash: hash }, isApproved: true });
  if (o.companyCents) await fundWallet(db(), { userId: co.user.id, userType: 'company', cents: o.companyCents });
  if (o.influencerCents) await fundWallet(db(), { userId: inf.user.id, userType: 'influencer', cents: o.influencerCents });
  return { co, inf, c: await signedIn(t.app, co.user.email), i: await signedIn(t.app, inf.user.email) };
}
const wallet = async (c: Client) => (await c.get('/api/wallet')).json();

const taskBody = (extra: Record<string, unknown> = {}) => ({
  title: '口红新品直播',
  description: '新品口红直播推广',
  categoryId,
  budgetMinCents: 100_000,
  budgetMaxCents: 300_000,
  liveDate: new Date(clock.nowMs() + 7 * 24 * H).toISOString(),
  ...extra,
});

/** publishes, applies at `rate` cents and accepts: the deal row */
async function accepted(p: Side, task: Record<string, unknown> = {}, rate = 250_000) {
  const published = await p.c.post('/api/tasks', taskBody(task));
  expect(published.statusCode, published.body).toBe(200);
  const taskId = published.json().task.id as string;
  const applied = await p.i.post('/api/task-applications', { taskId, proposedRateCents: rate });
  expect(applied.statusCode, applied.body).toBe(200);
  expect((await p.c.post(`/api/task-applications/${applied.json().application.id}/accept`)).statusCode).toBe(200);
  const [deal] = await db().select().from(deals).where(eq(deals.taskId, taskId));
  return deal;
}
const fire = (c: Client, dealId: string, event: string, body: unknown = {}) => c.post(`/api/deals/${dealId}/events/${event}`, body);
const revenue = async () =>
  (
    await db()
      .select({ b: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'platform_fee_revenue'), isNull(ledgerAccounts.ownerId)))
  )[0]?.b ?? 0;
const dealOf = async (id: string) => (await db().select().from(deals).where(eq(deals.id, id)))[0];

/** from accepted to reported: a schedule, the live, a report with this GMV (cents) */
async function walkToReport(p: Side, dealId: string, gmvCents = 18_600_000) {
  const start = new Date(clock.nowMs() + 48 * H);
  expect(
    (
      await fire(p.c, dealId, 'propose_schedule', {
        start: start.toISOString(),
        end: new Date(start.getTime() + 2 * H).toISOString(),
        roomUrl: 'https://live.douyin.com/1',
      })
    ).statusCode,
  ).toBe(200);
  expect((await fire(p.i, dealId, 'confirm_schedule')).statusCode).toBe(200);
  clock.advance(51 * H);
  const r = await fire(p.i, dealId, 'report_live', {
    replayUrl: 'https://www.douyin.com/video/1',
    startedAt: new Date(clock.nowMs() - 3 * H).toISOString(),
    endedAt: new Date(clock.nowMs() - H).toISOString(),
    views: 52000,
    peakViewers: 3100,
    orders: 1240,
    gmvCents,
  });
  expect(r.statusCode, r.body).toBe(200);
}

describe('the arithmetic', () => {
  it('basis points round half up, shares round down, percentages become basis points exactly', () => {
    expect(applyBps(250_000, 1000)).toBe(25_000);
    expect(applyBps(5, 1000)).toBe(1); // 0.5 → 1
    expect(applyBps(4, 1000)).toBe(0); // 0.4 → 0
    expect(applyBps(9_007_199_254_740_991, 10_000)).toBe(9_007_199_254_740_991);
    expect(sharePercent(333, 50)).toBe(166);
    expect(percentToBps(12.5)).toBe(1250);
    expect(percentToBps(0.01)).toBe(1);
    expect(percentToBps(100)).toBe(10_000);
    expect(formatBps(1250)).toBe('12.5%');
    expect(formatBps(1000)).toBe('10%');
    expect(formatBps(1)).toBe('0.01%');
  });

  it('a settlement splits the escrow and the commission without losing a cent', () => {
    const s = computeSettlement({ escrowCents: 100_001, payoutPercent: 50, platformFeeBps: 1000, commissionBps: 1500, gmvCents: 1_000_003 });
    expect(s).toEqual({
      feeShareCents: 50_000,
      refundCents: 50_001,
      commissionCents: 75_000,
      feeOnShareCents: 5_000,
      feeOnCommissionCents: 7_500,
      platformFeeCents: 12_500,
      influencerNetCents: 112_500,
      companyPaysCents: 125_000,
    });
    expect(s.feeShareCents + s.refundCents).toBe(100_001);
    expect(s.influencerNetCents + s.platformFeeCents).toBe(s.feeShareCents + s.commissionCents);
  });
});

describe('the pricing of a task', () => {
  it('a commission is required unless the fee is fixed, between 0.01% and 100% with two decimals; bad input stores nothing', async () => {
    const p = await parties();
    const before = (await db().select().from(tasks)).length;
    for (const bad of [
      { pricingModel: 'slot_commission' },
      { pricingModel: 'commission', commissionBps: 0 },
      { pricingModel: 'commission', commissionBps: 10_050 },
      { pricingModel: 'slot_commission', commissionBps: 12.5 },
    ]) {
      expect(errorOf(await p.c.post('/api/tasks', taskBody(bad))), JSON.stringify(bad)).toMatchObject({
        status: 400,
        code: 'TASK_COMMISSION_INVALID',
        message: '请输入0.01%到100%之间的佣金比例',
      });
    }
    expect(errorOf(await p.c.post('/api/tasks', taskBody({ pricingModel: 'barter' }))).status).toBe(400);
    expect((await db().select().from(tasks)).length).toBe(before);
    // a fixed fee ignores a stray commission; commission only takes no quote
    const fixed = (await p.c.post('/api/tasks', taskBody({ pricingModel: 'fixed', commissionBps: 500 }))).json().task;
    expect(fixed).toMatchObject({ pricingModel: 'fixed', commissionBps: 0 });
  });
});

describe('prepayment at publishing', () => {
  it('without the money: refused with a clear message, no task; with it: the amount moves into escrow, back when cancelled', async () => {
    const p = await parties();
    const before = (await db().select().from(tasks)).length;
    const refused = await p.c.post('/api/tasks', taskBody({ isAdvancePaid: true, paidAmountCents: 100_050 }));
    expect(errorOf(refused)).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT', message: '余额不足' });
    expect((await db().select().from(tasks)).length).toBe(before);

    await fundWallet(db(), { userId: p.co.user.id, userType: 'company', cents: 150_000 });
    const ok = await p.c.post('/api/tasks', taskBody({ isAdvancePaid: true, paidAmountCents: 100_050 }));
    expect(ok.statusCode).toBe(200);
    expect(await wallet(p.c)).toMatchObject({ availableCents: 49_950, escrowCents: 100_050 });
    expect((await p.c.post(`/api/tasks/${ok.json().task.id}/cancel`)).statusCode).toBe(200);
    expect(await wallet(p.c)).toMatchObject({ availableCents: 150_000, escrowCents: 0 });
  });

  it('at acceptance the prepayment pays the fee first, the rest comes from the wallet (hire and fund in one step)', async () => {
    const p = await parties({ companyCents: 300_000 });
    const deal = await accepted(p, { isAdvancePaid: true, paidAmountCents: 100_000 }, 250_000);
    expect(deal).toMatchObject({ status: 'accepted', rateCents: 250_000, moneyTracked: true, platformFeeBps: 1000 });
    expect(deal.feeFundedAt).not.toBeNull();
    expect(await balanceOf(db(), 'escrow', p.co.user.id, deal.id)).toBe(250_000);
    expect(await wallet(p.c)).toMatchObject({ availableCents: 50_000, escrowCents: 250_000 });
    // the influencer sees the fee on its way
    expect(await wallet(p.i)).toMatchObject({ availableCents: 0, pendingCents: 250_000 });
  });

  it('a prepayment above the agreed fee: the difference goes back to the company at acceptance', async () => {
    const p = await parties({ companyCents: 300_000 });
    const deal = await accepted(p, { isAdvancePaid: true, paidAmountCents: 300_000 }, 200_000);
    expect(deal.status).toBe('accepted');
    expect(await wallet(p.c)).toMatchObject({ availableCents: 100_000, escrowCents: 200_000 });
  });
});

describe('待付款', () => {
  it('an empty wallet: the deal waits; paying is refused until a top-up, then the deal starts; only the company pays', async () => {
    const p = await parties();
    const deal = await accepted(p);
    expect(deal.status).toBe('awaiting_payment');
    const view = (await p.c.get(`/api/deals/${deal.id}`)).json();
    expect(view).toMatchObject({
      status: 'awaiting_payment',
      waitingFor: 'company',
      actions: expect.arrayContaining(['pay_fee', 'cancel']),
      money: { feeDueCents: 250_000, escrowCents: 0 },
    });
    expect(view.actions).not.toContain('propose_schedule');
    expect(errorOf(await fire(p.c, deal.id, 'pay_fee'))).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT' });
    expect(errorOf(await fire(p.i, deal.id, 'pay_fee'))).toMatchObject({ status: 403, code: 'DEAL_ROLE_FORBIDDEN' });
    expect(errorOf(await fire(p.i, deal.id, 'propose_schedule', {}))).toMatchObject({ status: 400 });
    const stranger = await parties({ companyCents: 500_000 });
    expect(errorOf(await fire(stranger.c, deal.id, 'pay_fee')).status).toBe(404);
    expect(errorOf(await new Client(t.app).post(`/api/deals/${deal.id}/events/pay_fee`)).status).toBe(401);
    expect((await dealOf(deal.id)).status).toBe('awaiting_payment');

    await fundWallet(db(), { userId: p.co.user.id, userType: 'company', cents: 250_000 });
    expect((await fire(p.c, deal.id, 'pay_fee')).statusCode).toBe(200);
    expect(await dealOf(deal.id)).toMatchObject({ status: 'accepted' });
    expect(errorOf(await fire(p.c, deal.id, 'pay_fee'))).toMatchObject({ status: 409, code: 'DEAL_STATE_CONFLICT' });
    expect(await wallet(p.c)).toMatchObject({ availableCents: 0, escrowCents: 250_000 });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.inf.user.id), eq(notifications.type, 'deal_funded')));
    expect(told).toHaveLength(1);
  });

  it('a deposit: the influencer pays it from their wallet; the deal starts once both parts are in; it comes back on completion', async () => {
    const p = await parties({ companyCents: 250_000, influencerCents: 20_000 });
    const deal = await accepted(p, { requiresDeposit: true, depositAmountCents: 20_000 });
    expect(deal).toMatchObject({ status: 'awaiting_payment', depositCents: 20_000 });
    expect(deal.feeFundedAt).not.toBeNull();
    expect((await p.i.get(`/api/deals/${deal.id}`)).json()).toMatchObject({ waitingFor: 'influencer', actions: expect.arrayContaining(['pay_deposit']) });
    expect(errorOf(await fire(p.c, deal.id, 'pay_deposit')).code).toBe('DEAL_ROLE_FORBIDDEN');
    expect((await fire(p.i, deal.id, 'pay_deposit')).statusCode).toBe(200);
    expect((await dealOf(deal.id)).status).toBe('accepted');
    expect(await wallet(p.i)).toMatchObject({ availableCents: 0, escrowCents: 20_000, pendingCents: 250_000 });

    await walkToReport(p, deal.id);
    expect((await fire(p.c, deal.id, 'confirm')).statusCode).toBe(200);
    // fee 2,500 less 10% = 2,250; the deposit back: 200
    expect(await wallet(p.i)).toMatchObject({ availableCents: 225_000 + 20_000, escrowCents: 0, pendingCents: 0 });
  });

  it('unpaid for 72 hours: the platform cancels the deal, returns what was paid, and tells both sides', async () => {
    const p = await parties({ influencerCents: 20_000 });
    const deal = await accepted(p, { requiresDeposit: true, depositAmountCents: 20_000 });
    expect((await fire(p.i, deal.id, 'pay_deposit')).statusCode).toBe(200);
    expect((await p.c.get(`/api/deals/${deal.id}`)).json().money.paymentDueAt).toBe(new Date(deal.createdAt.getTime() + 72 * H).toISOString());
    clock.advance(71 * H);
    await runDueJobs(t.app.ctx);
    expect((await dealOf(deal.id)).status).toBe('awaiting_payment');
    clock.advance(2 * H);
    await runDueJobs(t.app.ctx);
    expect(await dealOf(deal.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'system' });
    expect((await db().select().from(tasks).where(eq(tasks.id, deal.taskId)))[0].status).toBe('cancelled');
    expect(await wallet(p.i)).toMatchObject({ availableCents: 20_000, escrowCents: 0 });
    for (const userId of [p.co.user.id, p.inf.user.id]) {
      expect(
        await db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.type, 'deal_cancelled'))),
      ).toHaveLength(1);
    }
    // a deal paid in time is not touched by the job
    const q = await parties();
    const paidDeal = await accepted(q);
    await fundWallet(db(), { userId: q.co.user.id, userType: 'company', cents: 250_000 });
    expect((await fire(q.c, paidDeal.id, 'pay_fee')).statusCode).toBe(200);
    clock.advance(73 * H);
    await runDueJobs(t.app.ctx);
    expect((await dealOf(paidDeal.id)).status).toBe('accepted');
  });

  it('cancelled before the live: the escrow goes back to the company and the deposit to the influencer', async () => {
    const p = await parties({ companyCents: 250_000, influencerCents: 20_000 });
    const deal = await accepted(p, { requiresDeposit: true, depositAmountCents: 20_000 });
    expect((await fire(p.i, deal.id, 'pay_deposit')).statusCode).toBe(200);
    expect((await fire(p.c, deal.id, 'cancel', { reason: '预算调整' })).statusCode).toBe(200);
    expect(await wallet(p.c)).toMatchObject({ availableCents: 250_000, escrowCents: 0 });
    expect(await wallet(p.i)).toMatchObject({ availableCents: 20_000, escrowCents: 0 });
    expect((await db().select().from(tasks).where(eq(tasks.id, deal.taskId)))[0].isSettled).toBe(false);
  });
});

describe('settlement', () => {
  it('a fixed fee: confirmed, the influencer gets the fee less 10%, the platform the 10%; the task is settled', async () => {
    const p = await parties({ companyCents: 250_000 });
    const deal = await accepted(p);
    await walkToReport(p, deal.id);
    const before = await revenue();
    expect((await fire(p.c, deal.id, 'confirm')).statusCode).toBe(200);
    expect((await revenue()) - before).toBe(25_000);
    expect(await wallet(p.i)).toMatchObject({ availableCents: 225_000, pendingCents: 0 });
    expect(await wallet(p.c)).toMatchObject({ availableCents: 0, escrowCents: 0 });
    const [task] = await db().select().from(tasks).where(eq(tasks.id, deal.taskId));
    expect(task).toMatchObject({ isSettled: true, settlementAmountCents: 250_000, status: 'completed' });
    expect(await dealOf(deal.id)).toMatchObject({ status: 'completed', settledGrossCents: 250_000, commissionStatus: 'none' });
    const view = (await p.i.get(`/api/deals/${deal.id}`)).json();
    expect(view.money).toMatchObject({
      settledGrossCents: 250_000,
      estimate: { feeShareCents: 250_000, platformFeeCents: 25_000, influencerNetCents: 225_000 },
    });

    // the settlement's receipt: both parties read it (their own side marked), nobody else
    const line = (await wallet(p.i)).statement.items.find((l: { kind: string }) => l.kind === 'deal_settle');
    const receipt = (await p.i.get(`/api/wallet/receipts/${line.entryId}`)).json();
    expect(receipt).toMatchObject({ kind: 'deal_settle', myAmountCents: 225_000, deal: { id: deal.id, title: '口红新品直播' } });
    expect(receipt.lines).toEqual(
      expect.arrayContaining([
        { accountKind: 'escrow', mine: false, amountCents: -250_000 },
        { accountKind: 'influencer_available', mine: true, amountCents: 225_000 },
        { accountKind: 'platform_fee_revenue', mine: false, amountCents: 25_000 },
      ]),
    );
    expect((await p.c.get(`/api/wallet/receipts/${line.entryId}`)).statusCode).toBe(200);
    const stranger = await parties();
    expect(errorOf(await stranger.i.get(`/api/wallet/receipts/${line.entryId}`)).status).toBe(404);
    expect(errorOf(await new Client(t.app).get(`/api/wallet/receipts/${line.entryId}`)).status).toBe(401);
    expect(errorOf(await stranger.i.get('/api/wallet/receipts/not-a-uuid')).status).toBe(404);
  });

  it('automatic confirmation settles once, however often the job runs', async () => {
    const p = await parties({ companyCents: 250_000 });
    const deal = await accepted(p);
    await walkToReport(p, deal.id);
    clock.advance(25 * H);
    await runDueJobs(t.app.ctx);
    await runDueJobs(t.app.ctx);
    expect(await dealOf(deal.id)).toMatchObject({ status: 'completed', autoConfirmed: true });
    expect(await wallet(p.i)).toMatchObject({ availableCents: 225_000 });
  });

  it('slot fee + commission: the commission on the reported GMV is charged to the company and paid less the fee', async () => {
    // GMV $186,000 × 10% = $18,600 commission; slot fee $2,500
    const p = await parties({ companyCents: 250_000 + 1_860_000 });
    const deal = await accepted(p, { pricingModel: 'slot_commission', commissionBps: 1000 });
    expect(deal).toMatchObject({ pricingModel: 'slot_commission', commissionBps: 1000 });
    await walkToReport(p, deal.id, 18_600_000);
    const view = (await p.c.get(`/api/deals/${deal.id}`)).json();
    expect(view.money.estimate).toMatchObject({ feeShareCents: 250_000, commissionCents: 1_860_000, platformFeeCents: 211_000, influencerNetCents: 1_899_000 });
    expect((await fire(p.c, deal.id, 'confirm')).statusCode).toBe(200);
    expect(await wallet(p.i)).toMatchObject({ availableCents: 1_899_000 });
    expect(await wallet(p.c)).toMatchObject({ availableCents: 0 });
    expect(await dealOf(deal.id)).toMatchObject({ commissionStatus: 'paid', commissionCents: 1_860_000, settledGrossCents: 2_110_000 });
  });

  it('commission only: influencers quote nothing; a commission the wallet cannot cover is due, blocks publishing, and a top-up pays it', async () => {
    const p = await parties();
    const deal = await accepted(p, { pricingModel: 'commission', commissionBps: 1250 }, 0);
    expect(deal).toMatchObject({ status: 'accepted', rateCents: 0, commissionBps: 1250 });
    await walkToReport(p, deal.id, 100_000); // $1,000 GMV → $125 commission
    expect((await fire(p.c, deal.id, 'confirm')).statusCode).toBe(200);
    expect(await dealOf(deal.id)).toMatchObject({ status: 'completed', commissionStatus: 'due', commissionCents: 12_500 });
    expect((await wallet(p.c)).dueCommissions).toEqual([{ dealId: deal.id, taskTitle: '口红新品直播', amountCents: 12_500 }]);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.co.user.id), eq(notifications.type, 'commission_due')));
    expect(told).toHaveLength(1);
    expect(errorOf(await p.c.post('/api/tasks', taskBody()))).toMatchObject({ status: 409, code: 'COMMISSION_DUE' });
    expect(errorOf(await p.c.post('/api/wallet/commissions/pay'))).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT' });

    // money in: the sandbox top-up's confirmation pays the due commission in the same transaction
    const topup = (await p.c.post('/api/wallet/topups', { amountCents: 20_000, method: 'bank_transfer' })).json().topup;
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
    expect((await admin.post(`/api/admin/finance/topups/${topup.id}/confirm`)).statusCode).toBe(200);
    expect(await dealOf(deal.id)).toMatchObject({ commissionStatus: 'paid', settledGrossCents: 12_500 });
    expect(await wallet(p.c)).toMatchObject({ availableCents: 7_500, dueCommissions: [] });
    // $125 less 10% = $112.50
    expect(await wallet(p.i)).toMatchObject({ availableCents: 11_250 });
    expect((await p.c.post('/api/tasks', taskBody())).statusCode).toBe(200);
  });
  it('a task with several places adds up every deal: paying a due commission later never drops the other deals', async () => {
    // two places, slot fee $100 each + 10% of GMV; the wallet covers the fees but not the commissions
    const p = await parties({ companyCents: 20_000 });
    const published = await p.c.post(
      '/api/tasks',
      taskBody({ pricingModel: 'slot_commission', commissionBps: 1000, slots: 2, budgetMinCents: 5000, budgetMaxCents: 20_000 }),
    );
    expect(published.statusCode, published.body).toBe(200);
    const taskId = published.json().task.id as string;
    const second = await makeInfluencer(db(), { user: { passwordHash: hash }, isApproved: true });
    const i2 = await signedIn(t.app, second.user.email);
    const dealIds: string[] = [];
    for (const who of [p.i, i2]) {
      const applied = await who.post('/api/task-applications', { taskId, proposedRateCents: 10_000 });
      expect(applied.statusCode, applied.body).toBe(200);
      expect((await p.c.post(`/api/task-applications/${applied.json().application.id}/accept`)).statusCode).toBe(200);
    }
    for (const d of await db().select().from(deals).where(eq(deals.taskId, taskId))) dealIds.push(d.id);
    expect(dealIds).toHaveLength(2);
    for (const [n, id] of dealIds.entries()) {
      const side = { ...p, i: (await dealOf(id)).influencerId === p.inf.influencer.id ? p.i : i2 };
      await walkToReport(side, id, 100_000 * (n + 1)); // GMV $1,000 and $2,000 → commissions $100 and $200
      clock.advance(-51 * H);
      expect((await fire(p.c, id, 'confirm')).statusCode).toBe(200);
    }
    clock.advance(2 * 51 * H);
    // both settled with their fees ($200), both commissions due ($300)
    expect((await db().select().from(tasks).where(eq(tasks.id, taskId)))[0]).toMatchObject({ settlementAmountCents: 20_000 });
    const topup = (await p.c.post('/api/wallet/topups', { amountCents: 30_000, method: 'bank_transfer' })).json().topup;
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
    expect((await admin.post(`/api/admin/finance/topups/${topup.id}/confirm`)).statusCode).toBe(200);
    for (const id of dealIds) expect(await dealOf(id)).toMatchObject({ commissionStatus: 'paid' });
    expect((await db().select().from(tasks).where(eq(tasks.id, taskId)))[0]).toMatchObject({ settlementAmountCents: 50_000 });
  });
});

describe('disputes', () => {
  it('split 50/50 with the deposit given to the company: half the fee each side, the fee only on the influencer half', async () => {
    const p = await parties({ companyCents: 250_000, influencerCents: 20_000 });
    const deal = await accepted(p, { requiresDeposit: true, depositAmountCents: 20_000 });
    expect((await fire(p.i, deal.id, 'pay_deposit')).statusCode).toBe(200);
    await walkToReport(p, deal.id);
    expect((await fire(p.c, deal.id, 'dispute', { reason: 'report_untrue', statement: '数据不实' })).statusCode).toBe(200);
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['task_management'] })).email);
    const view = (await admin.get(`/api/deals/${deal.id}`)).json();
    expect(view.money.depositHeldCents).toBe(20_000);
    expect((await fire(admin, deal.id, 'resolve_partial', { reason: '各担一半', payoutBps: 5000, awardDeposit: true })).statusCode).toBe(200);
    // influencer: 1,250 − 125 = 1,125; company: 1,250 back + the 200 deposit
    expect(await wallet(p.i)).toMatchObject({ availableCents: 112_500, escrowCents: 0 });
    expect(await wallet(p.c)).toMatchObject({ availableCents: 125_000 + 20_000, escrowCents: 0 });
    expect(await dealOf(deal.id)).toMatchObject({ payoutPercent: 50, depositAwarded: true, settledGrossCents: 125_000 });
  });

  it('decided as a cancellation: everything goes back (the deposit to the influencer unless awarded)', async () => {
    const p = await parties({ companyCents: 250_000, influencerCents: 20_000 });
    const deal = await accepted(p, { requiresDeposit: true, depositAmountCents: 20_000 });
    expect((await fire(p.i, deal.id, 'pay_deposit')).statusCode).toBe(200);
    await walkToReport(p, deal.id);
    expect((await fire(p.i, deal.id, 'dispute', { reason: 'payment_terms', statement: '争议' })).statusCode).toBe(200);
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['task_management'] })).email);
    expect((await fire(admin, deal.id, 'resolve_cancel', { reason: '双方未达成一致' })).statusCode).toBe(200);
    expect(await wallet(p.c)).toMatchObject({ availableCents: 250_000, escrowCents: 0 });
    expect(await wallet(p.i)).toMatchObject({ availableCents: 20_000, escrowCents: 0 });
  });
});
