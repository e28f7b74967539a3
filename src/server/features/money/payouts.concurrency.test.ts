/**
 * Payouts under concurrency (decision 0020): two withdrawals that together exceed the balance, finance
 * marking one payout paid twice at once, paid against returned, and an influencer's withdrawal against
 * the settlement of a deal that pays them (the settlement credits the balance the payout debits). Each round starts from a fresh
 * world; the outcome must be one of the two serial orders, no balance goes below zero, the money moves
 * once and the ledger invariants hold (50 rounds on PostgreSQL — CONCURRENCY_ROUNDS for more —, a few on PGlite, which runs one
 * transaction at a time).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeInfluencer } from '../../db/factories';
import { ledgerAccounts, ledgerEntries, payouts } from '../../db/schema';
import type { LedgerAccountKind } from '../../../shared/money';
import { ManualClock } from '../../platform/clock';
import type { AuthUser } from '../../platform/session';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, raceRounds, type RaceOp, type RaceWorld } from '../../test/race';
import { checkLedger } from './ledger';
import { addBankAccount, decidePayout, requestPayout } from './payouts';
import { fireDealEvent } from '../deals';
import { deals } from '../../db/schema';
import { makeReportedDeal, type ReportedDeal } from '../../test/moneyDeal';

const { rounds: ROUNDS, parallel: PARALLEL } = raceRounds();
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));

let t: TestApp;
let admin: AuthUser;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const a = await makeAdmin(t.app.ctx.db, { permissions: ['finance'] });
  admin = { id: a.id, email: a.email, userType: 'admin', sessionId: 'x' };
});
afterAll(async () => {
  if (t) expect(await checkLedger(t.app.ctx.db)).toEqual([]);
  await t?.close();
});

/** a fresh influencer with `cents` available and a bank account */
async function earner(cents: number) {
  const inf = await makeInfluencer(t.app.ctx.db);
  const user: AuthUser = { id: inf.user.id, email: inf.user.email, userType: 'influencer', sessionId: 's' };
  await fundWallet(t.app.ctx.db, { userId: user.id, userType: 'influencer', cents });
  const bank = await addBankAccount(t.app.ctx, user, { holderName: '王小雨', bankName: '招商银行', accountNumber: '6222021234567890' });
  return { user, bankId: bank.id };
}
const balance = async (userId: string, kind: LedgerAccountKind) =>
  (
    await t.app.ctx.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.kind, kind)))
  )[0]?.balanceCents ?? 0;

describe('payouts under concurrency', () => {
  type W = { user: AuthUser; bankId: string };
  type S = { payouts: number; available: number; transit: number; ledger: string[] };
  const twoWithdrawals: RaceWorld<W, S> = {
    make: () => earner(3000),
    async snapshot(w) {
      const rows = await t.app.ctx.db.select().from(payouts).where(eq(payouts.userId, w.user.id));
      return {
        payouts: rows.length,
        available: await balance(w.user.id, 'influencer_available'),
        transit: await balance(w.user.id, 'payouts_in_transit'),
        ledger: await checkLedger(t.app.ctx.db),
      };
    },
    violations: (s) => [
      ...s.ledger,
      ...(s.available < 0 ? ['balance below zero'] : []),
      ...(s.payouts !== 1 ? [`${s.payouts} payouts`] : []),
      ...(s.available + s.transit !== 3000 ? ['money appeared or vanished'] : []),
    ],
  };
  const withdraw: RaceOp<W> = { name: 'withdraw', run: (w) => requestPayout(t.app.ctx, w.user, { amountCents: 2000, bankAccountId: w.bankId }) };

  it('two withdrawals that together exceed the balance: exactly one succeeds, the balance never goes below zero', { timeout: 600_000 }, async () => {
    const r = await raceAgainstSerial(twoWithdrawals, withdraw, withdraw, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
    expect(r.legal.map((l) => JSON.parse(l).outcomes)).toEqual([
      ['ok', 'WALLET_INSUFFICIENT'],
      ['WALLET_INSUFFICIENT', 'ok'],
    ]);
  });

  type P = { userId: string; payoutId: string };
  type D = { status: string; decisions: number; available: number; transit: number; ledger: string[] };
  const requested: RaceWorld<P, D> = {
    async make() {
      const e = await earner(5000);
      const p = await requestPayout(t.app.ctx, e.user, { amountCents: 4000, bankAccountId: e.bankId });
      return { userId: e.user.id, payoutId: p.id };
    },
    async snapshot(w) {
      const [row] = await t.app.ctx.db.select().from(payouts).where(eq(payouts.id, w.payoutId));
      const keys = [`payout:${w.payoutId}:paid`, `payout:${w.payoutId}:rejected`];
      let decisions = 0;
      for (const k of keys) decisions += (await t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, k))).length;
      return {
        status: row.status,
        decisions,
        available: await balance(w.userId, 'influencer_available'),
        transit: await balance(w.userId, 'payouts_in_transit'),
        ledger: await checkLedger(t.app.ctx.db),
      };
    },
    violations: (s) => [
      ...s.ledger,
      ...(s.decisions !== 1 ? [`${s.decisions} decision entries`] : []),
      ...(s.transit !== 0 ? ['money left in transit'] : []),
      ...(s.available !== (s.status === 'rejected' ? 5000 : 1000) ? ['available balance wrong'] : []),
    ],
  };
  const paid: RaceOp<P> = { name: 'paid', run: (w) => decidePayout(t.app.ctx, admin, w.payoutId, { outcome: 'paid', reference: 'CMB-1' }, null) };
  const rejected: RaceOp<P> = { name: 'reject', run: (w) => decidePayout(t.app.ctx, admin, w.payoutId, { outcome: 'rejected', reason: '账户异常' }, null) };

  it('paid × paid: one succeeds, the other is told it was handled; the money leaves once', { timeout: 600_000 }, async () => {
    const r = await raceAgainstSerial(requested, paid, paid, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
    expect(r.legal.map((l) => JSON.parse(l).outcomes)).toEqual([
      ['ok', 'PAYOUT_NOT_PENDING'],
      ['PAYOUT_NOT_PENDING', 'ok'],
    ]);
  });

  it('paid × returned at once: whichever comes first wins, one outcome only', { timeout: 600_000 }, async () => {
    const r = await raceAgainstSerial(requested, paid, rejected, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
    expect(r.legal).toHaveLength(2);
  });

  /**
   * The influencer has $100 and a bank account; their deal ($1,000 slot fee + 10% of a $1,000 GMV, 10%
   * platform fee) waits for the company's confirmation, which pays them $900 + $90 in two entries.
   */
  type SW = ReportedDeal & { bankId: string };
  type SS = { deal: string; settled: boolean; payouts: number; available: number; transit: number; ledger: string[] };
  const settling: RaceWorld<SW, SS> = {
    async make() {
      const d = await makeReportedDeal(t.app.ctx.db, clock.now(), { feeCents: 100_000, commissionBps: 1000, gmvCents: 100_000, companyExtraCents: 10_000 });
      await fundWallet(t.app.ctx.db, { userId: d.influencer.id, userType: 'influencer', cents: 10_000 });
      const bank = await addBankAccount(t.app.ctx, d.influencer, { holderName: '王小雨', bankName: '招商银行', accountNumber: '6222021234567890' });
      return { ...d, bankId: bank.id };
    },
    async snapshot(w) {
      const [d] = await t.app.ctx.db.select().from(deals).where(eq(deals.id, w.dealId));
      const rows = await t.app.ctx.db.select().from(payouts).where(eq(payouts.userId, w.influencer.id));
      return {
        deal: `${d.status}:${d.commissionStatus}`,
        settled: d.settledAt !== null,
        payouts: rows.length,
        available: await balance(w.influencer.id, 'influencer_available'),
        transit: await balance(w.influencer.id, 'payouts_in_transit'),
        ledger: await checkLedger(t.app.ctx.db),
      };
    },
    violations: (s) => [
      ...s.ledger,
      ...(s.available < 0 || s.transit < 0 ? ['balance below zero'] : []),
      ...(s.deal !== 'completed:paid' || !s.settled ? [`deal ${s.deal}, settled ${s.settled}`] : []),
      // $100 before, $990 from the deal: whatever was not withdrawn is still available
      ...(s.available + s.transit !== 10_000 + 99_000 ? ['money appeared or vanished'] : []),
      ...(s.transit !== 0 && s.payouts !== 1 ? ['money in transit without a payout'] : []),
    ],
  };
  const confirm: RaceOp<SW> = { name: 'company confirm', run: (w) => fireDealEvent(t.app.ctx, w.company, w.dealId, 'confirm', {}, { ip: '127.0.0.1' }) };
  const withdrawOf = (cents: number): RaceOp<SW> => ({
    name: `withdraw ${cents}`,
    run: (w) => requestPayout(t.app.ctx, w.influencer, { amountCents: cents, bankAccountId: w.bankId }),
  });

  it(
    'a withdrawal the balance only covers after the settlement × the settlement: it succeeds exactly when the settlement came first',
    { timeout: 600_000 },
    async () => {
      const r = await raceAgainstSerial(settling, withdrawOf(50_000), confirm, { rounds: ROUNDS, parallel: PARALLEL });
      expect(r.illegal).toEqual([]);
      expect(r.legal.map((l) => JSON.parse(l).outcomes)).toEqual([
        ['WALLET_INSUFFICIENT', 'ok'],
        ['ok', 'ok'],
      ]);
    },
  );

  it('a withdrawal covered before the settlement × the settlement: both succeed in either order, the same balances', { timeout: 600_000 }, async () => {
    const r = await raceAgainstSerial(settling, withdrawOf(8_000), confirm, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
    expect(r.legal).toHaveLength(1);
    expect(JSON.parse(r.legal[0]).state).toMatchObject({ available: 101_000, transit: 8_000, payouts: 1 });
  });
});
