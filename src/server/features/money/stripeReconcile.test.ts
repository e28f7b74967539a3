/**
 * The daily reconciliation with Stripe (issue 39 item 6; decision 0059), without the internet: the official SDK lists
 * the local Stripe-compatible server's balance transactions (every charge, refund, dispute movement and transfer it
 * made, dated on the app's clock). A day with a top-up and its fee, a refund, a lost dispute and a Connect payout is
 * matched; planted differences (an amount changed at Stripe, a payment the books do not know, an entry Stripe has no
 * transaction for) are listed; the daily job plans itself; finance only. On PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer } from '../../db/factories';
import { jobs, stripeReconciliationDifferences, stripeReconciliations, stripeRefunds, topups } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeServer } from '../../test/stripeServer';
import { checkLedger } from './ledger';
import { planReconciliation } from './stripeReconcile';

const CONNECT_SECRET = 'whsec_localfakeconnect0123456789';
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
const fake = stripeServer();
let t: TestApp;
let hash: string;
let fin: Client;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  const url = await fake.start();
  fake.state.nowMs = () => clock.nowMs();
  t = await createTestApp(
    {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_URL: url,
      RATE_LIMIT_MAX: '0',
    },
    { clock },
  );
  hash = await hashPassword('secret123');
  fin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
});
afterAll(async () => {
  if (t) expect(await checkLedger(db())).toEqual([]);
  await t?.close();
  await fake.close();
});

function deliver(payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET) {
  return new Client(t.app).request({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload, { secret, timestampMs: clock.nowMs() }) },
  });
}
const company = async () => {
  const co = await makeCompany(db(), { user: { passwordHash: hash } });
  return { co, c: await signedIn(t.app, co.user.email) };
};
/** a Stripe top-up paid and credited (its fee booked from the webhook); its row and payment intent */
async function paidTopup(c: Client, amountCents: number, feeCents: number) {
  const res = await c.post('/api/wallet/topups', { amountCents, method: 'stripe' });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().topup.id as string;
  const [row] = await db().select().from(topups).where(eq(topups.id, id));
  const session = fake.pay(row.providerRef!, { feeCents });
  expect((await deliver(fake.event('checkout.session.completed', session))).statusCode).toBe(200);
  const [after] = await db().select().from(topups).where(eq(topups.id, id));
  expect(after.feeCents).toBe(feeCents);
  return { id, pi: session.payment_intent! };
}
async function refunded(c: Client, topupId: string, amountCents: number) {
  const asked = await c.post(`/api/wallet/topups/${topupId}/refunds`, { amountCents });
  expect(asked.statusCode, asked.body).toBe(200);
  fake.state.refundStatus = 'succeeded';
  try {
    expect((await fin.post(`/api/admin/finance/refunds/${asked.json().refund.id}/approve`)).json().refund.status).toBe('succeeded');
  } finally {
    fake.state.refundStatus = 'pending';
  }
  return (await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, asked.json().refund.id)))[0];
}
const run = (day: string, who = fin) => who.post(`/api/admin/finance/reconciliations/${day}/run`);

describe('a day reconciled', () => {
  it('matches a top-up and its fee, a refund, a lost dispute and a Connect payout; Stripe’s payout to the bank is outside the books', async () => {
    // a top-up of $100.00 (Stripe took $3.20), $20.00 of it refunded
    const a = await company();
    const first = await paidTopup(a.c, 10_000, 320);
    await refunded(a.c, first.id, 2000);
    // a top-up of $50.00 disputed and lost (Stripe withdrew it and its $15.00 fee at once)
    const b = await company();
    const second = await paidTopup(b.c, 5000, 175);
    const d = fake.dispute(second.pi, 5000, 1500);
    const dispute = (status: string, extra: Record<string, unknown> = {}) => ({
      ...d,
      status,
      reason: 'fraudulent',
      evidence_details: { due_by: Math.floor(clock.nowMs() / 1000) + 7 * 86_400 },
      balance_transactions: [],
      ...extra,
    });
    expect((await deliver(fake.event('charge.dispute.created', dispute('needs_response')))).statusCode).toBe(200);
    const lost = dispute('lost', { balance_transactions: [{ id: 'txn_dispute_fee', fee: 1500, currency: 'usd' }] });
    expect((await deliver(fake.event('charge.dispute.closed', lost))).statusCode).toBe(200);
    // an influencer paid $30.00 to her linked Stripe account by the job worker
    const inf = await makeInfluencer(db(), { user: { passwordHash: hash } });
    await fundWallet(db(), { userId: inf.user.id, userType: 'influencer', cents: 3000 });
    const ic = await signedIn(t.app, inf.user.email);
    const acct = (await ic.post('/api/wallet/stripe-account/link')).json().account.accountId as string;
    expect((await deliver(fake.connectEvent('account.updated', fake.onboard(acct), acct), CONNECT_SECRET)).statusCode).toBe(200);
    expect((await ic.post('/api/wallet/payouts', { amountCents: 3000, destination: 'stripe' })).statusCode).toBe(200);
    clock.advance(60_000);
    await runDueJobs(t.app.ctx);
    // Stripe paid part of the balance out to the platform's bank: not the books' business
    fake.plant({ type: 'payout', reporting_category: 'payout', amount: -4000, fee: 0, source: 'po_test_bank' });

    const res = await run('2026-12-01');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().reconciliation;
    expect(r).toMatchObject({
      day: '2026-12-01',
      status: 'matched',
      // the two charges, the refund, the dispute's withdrawal, the transfer and Stripe's payout to the bank
      transactions: 6,
      matched: 5,
      outside: 1,
      differences: 0,
      error: null,
      ranByEmail: expect.any(String),
    });
    // Stripe's net that day: 9680 + 4825 − 2000 − 6500 − 3000 − 4000
    expect(r.providerNetCents).toBe(9680 + 4825 - 2000 - 6500 - 3000 - 4000);
    expect((await fin.get('/api/admin/finance/reconciliations/2026-12-01')).json()).toMatchObject({ reconciliation: r, items: [], total: 0 });
    // running it again replaces the day: one row, the same figures
    const again = (await run('2026-12-01')).json().reconciliation;
    expect({ ...again, ranAt: r.ranAt }).toEqual(r);
    expect(await db().select().from(stripeReconciliations).where(eq(stripeReconciliations.day, '2026-12-01'))).toHaveLength(1);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('shows each planted difference: an amount changed at Stripe, a payment the books do not know, an entry Stripe has no transaction for', async () => {
    clock.set(new Date('2026-12-02T09:00:00Z'));
    const a = await company();
    const topup = await paidTopup(a.c, 8000, 262);
    // Stripe's record of the charge says $79.00, the books $80.00
    const charge = fake.balance.find((x) => x.source === fake.intents.get(topup.pi)!.chargeId)!;
    Object.assign(charge, { amount: 7900, net: 7900 - 262 });
    // a charge of a payment intent nobody here made
    fake.plant(
      { type: 'charge', reporting_category: 'charge', amount: 1234, fee: 66, source: 'ch_test_stranger' },
      { id: 'ch_test_stranger', object: 'charge', payment_intent: 'pi_test_stranger' },
    );
    // a refund the books booked but Stripe has no balance transaction for
    const refund = await refunded(a.c, topup.id, 1000);
    fake.balance.splice(
      fake.balance.findIndex((x) => x.source === refund.providerRef),
      1,
    );

    // a top-up credited from a payment Stripe does not know at all (its intent answers 404)
    const b = await company();
    const ghost = await paidTopup(b.c, 2500, 103);
    fake.balance.splice(
      fake.balance.findIndex((x) => x.source === fake.intents.get(ghost.pi)!.chargeId),
      1,
    );
    fake.intents.delete(ghost.pi);

    const r = (await run('2026-12-02')).json().reconciliation;
    expect(r).toMatchObject({ status: 'differences', differences: 4, transactions: 2, matched: 0 });
    const day = (await fin.get('/api/admin/finance/reconciliations/2026-12-02')).json();
    expect(day.total).toBe(4);
    expect(day.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'amount_mismatch', objectType: 'topup', objectId: topup.id, providerCents: 7638, bookCents: 7738 }),
        expect.objectContaining({ kind: 'missing_in_books', objectType: 'topup', objectId: null, sourceRef: 'pi_test_stranger', providerCents: 1168 }),
        expect.objectContaining({
          kind: 'missing_at_provider',
          objectType: 'refund',
          objectId: refund.id,
          sourceRef: refund.providerRef,
          providerCents: null,
          bookCents: -1000,
        }),
      ]),
    );
    // paged
    const p1 = (await fin.get('/api/admin/finance/reconciliations/2026-12-02?limit=2')).json();
    const p2 = (await fin.get('/api/admin/finance/reconciliations/2026-12-02?limit=2&page=2')).json();
    expect([...p1.items, ...p2.items].map((x: { id: string }) => x.id).sort()).toEqual(day.items.map((x: { id: string }) => x.id).sort());
    // the list, newest first
    expect((await fin.get('/api/admin/finance/reconciliations')).json().items.map((x: { day: string; status: string }) => [x.day, x.status])).toEqual([
      ['2026-12-02', 'differences'],
      ['2026-12-01', 'matched'],
    ]);
  });

  it('a day Stripe cannot be read is stored as failed with the reason; the next run replaces it', async () => {
    fake.state.failBalance = true;
    try {
      const r = (await run('2026-11-30')).json().reconciliation;
      expect(r).toMatchObject({ day: '2026-11-30', status: 'failed', transactions: 0, error: expect.any(String) });
    } finally {
      fake.state.failBalance = false;
    }
    expect((await run('2026-11-30')).json().reconciliation).toMatchObject({ status: 'matched', error: null, transactions: 0 });
  });
});

describe('the daily job', () => {
  it('reconciles yesterday after the day ends and plans the next day', async () => {
    clock.set(new Date('2026-12-03T00:30:00Z'));
    await planReconciliation(t.app.ctx);
    await planReconciliation(t.app.ctx);
    const planned = await db().select().from(jobs).where(eq(jobs.key, 'stripe.reconcile:2026-12-02'));
    expect(planned).toHaveLength(1);
    expect(planned[0].runAt.toISOString()).toBe('2026-12-03T02:00:00.000Z');
    await runDueJobs(t.app.ctx);
    expect((await db().select().from(stripeReconciliations).where(eq(stripeReconciliations.day, '2026-12-02')))[0].ranBy).not.toBeNull();
    clock.set(new Date('2026-12-03T02:00:01Z'));
    await runDueJobs(t.app.ctx);
    const [job] = await db().select().from(stripeReconciliations).where(eq(stripeReconciliations.day, '2026-12-02'));
    expect(job).toMatchObject({ status: 'differences', ranBy: null });
    expect(await db().select().from(stripeReconciliationDifferences).where(eq(stripeReconciliationDifferences.day, '2026-12-02'))).toHaveLength(4);
    const next = await db().select().from(jobs).where(eq(jobs.key, 'stripe.reconcile:2026-12-03'));
    expect(next.map((j) => j.runAt.toISOString())).toEqual(['2026-12-04T02:00:00.000Z']);
  });
});

describe('who may reconcile', () => {
  it('finance only; a bad or future day is 400, a day not reconciled 404, and nothing is stored', async () => {
    const visitor = new Client(t.app);
    const { c } = await company();
    const ic = await signedIn(t.app, (await makeInfluencer(db(), { user: { passwordHash: hash } })).user.email);
    const noFinance = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['content'] })).email);
    for (const who of [visitor, c, ic, noFinance]) {
      const expected = who === visitor ? 401 : 403;
      expect((await who.get('/api/admin/finance/reconciliations')).statusCode).toBe(expected);
      expect((await who.get('/api/admin/finance/reconciliations/2026-12-01')).statusCode).toBe(expected);
      expect((await run('2026-11-29', who)).statusCode).toBe(expected);
    }
    for (const bad of ['2026-13-01', '2026-02-30', 'yesterday', '20261201']) {
      expect(errorOf(await run(bad)), bad).toMatchObject({ status: 400, code: 'RECONCILIATION_DAY_INVALID' });
    }
    expect(errorOf(await run('2027-01-01'))).toMatchObject({ status: 400, code: 'RECONCILIATION_DAY_FUTURE' });
    expect(errorOf(await fin.get('/api/admin/finance/reconciliations/2026-11-29'))).toMatchObject({ status: 404, code: 'RECONCILIATION_NOT_FOUND' });
    expect(await db().select().from(stripeReconciliations).where(eq(stripeReconciliations.day, '2026-11-29'))).toEqual([]);
  });

  it('without Stripe there is nothing to reconcile (409)', async () => {
    const plain = await createTestApp();
    try {
      const admin = await signedIn(plain.app, (await makeAdmin(plain.app.ctx.db, { permissions: ['finance'] })).email);
      expect(errorOf(await admin.post('/api/admin/finance/reconciliations/2026-12-01/run'))).toMatchObject({ status: 409, code: 'STRIPE_NOT_CONFIGURED' });
    } finally {
      await plain.close();
    }
  });
});
