/**
 * Refunds of Stripe top-ups and chargebacks (issue 39 items 3 and 4; decision 0057), without the internet: the
 * official SDK talks to the local Stripe-compatible server, webhooks signed with the SDK's test-header helper. On
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany, makeInfluencer } from '../../db/factories';
import { jobs, ledgerAccounts, ledgerEntries, notifications, stripeDisputes, stripeRefunds, topups } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeServer } from '../../test/stripeServer';
import { accountFor, checkLedger, post } from './ledger';

const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
const fake = stripeServer();
let t: TestApp;
let hash: string;
let fin: Client;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  const url = await fake.start();
  t = await createTestApp({ STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: url }, { clock });
  hash = await hashPassword('secret123');
  fin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'], password: 'secret123' })).email);
});
afterAll(async () => {
  if (t) expect(await checkLedger(db())).toEqual([]);
  await t?.close();
  await fake.close();
});

const company = async () => {
  const co = await makeCompany(db(), { companyName: '花漾美妆', user: { passwordHash: hash } });
  return { co, c: await signedIn(t.app, co.user.email) };
};
function deliver(payload: string) {
  return new Client(t.app).request({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload, { timestampMs: clock.nowMs() }) },
  });
}
const wallet = async (c: Client) => (await c.get('/api/wallet')).json().availableCents as number;
const world = async (kind: string) => (await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind))).reduce((s, r) => s + r.balanceCents, 0);
const keyed = async (key: string) => db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));

/** a Stripe top-up of `amountCents`, paid and credited; its payment intent */
async function paidTopup(c: Client, amountCents: number) {
  const res = await c.post('/api/wallet/topups', { amountCents, method: 'stripe' });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().topup.id as string;
  const [row] = await db().select().from(topups).where(eq(topups.id, id));
  const session = fake.pay(row.providerRef!, { feeCents: 30 });
  expect((await deliver(fake.event('checkout.session.completed', session))).statusCode).toBe(200);
  return { id, pi: session.payment_intent! };
}
/** the company spends `cents` (out of the platform, as the demo's money does) */
let spent = 0;
async function spend(userId: string, cents: number) {
  await db().transaction(async (tx) =>
    post(
      tx,
      {
        kind: 'test_spend',
        idempotencyKey: `test-spend:${++spent}`,
        lines: [
          { accountId: await accountFor(tx, 'company_available', userId), amountCents: -cents },
          { accountId: await accountFor(tx, 'world_demo', null), amountCents: cents },
        ],
      },
      clock.now(),
    ),
  );
}
const refundable = async (c: Client, topupId: string) =>
  ((await c.get('/api/wallet/refundable-topups')).json().items as { topupId: string; refundableCents: number; leftCents: number }[]).find(
    (r) => r.topupId === topupId,
  );
const refundEvent = (type: string, id: string, status: string, extra: Record<string, unknown> = {}) => {
  const r = fake.refunds.get(id)!;
  r.status = status;
  return fake.event(type, { ...r, ...extra });
};

describe('who may ask and decide', () => {
  it('refuses visitors, influencers and another company; admins without 财务管理 and companies cannot decide', async () => {
    const { c } = await company();
    const other = await company();
    const { id } = await paidTopup(c, 5000);
    const visitor = new Client(t.app);
    expect((await visitor.get('/api/wallet/refunds')).statusCode).toBe(401);
    expect((await visitor.get('/api/wallet/refundable-topups')).statusCode).toBe(401);
    expect((await visitor.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 100 })).statusCode).toBe(401);
    const inf = await makeInfluencer(db(), { user: { passwordHash: hash } });
    const ic = await signedIn(t.app, inf.user.email);
    expect((await ic.get('/api/wallet/refunds')).statusCode).toBe(403);
    expect((await ic.get('/api/wallet/refundable-topups')).statusCode).toBe(403);
    expect((await ic.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 100 })).statusCode).toBe(403);
    // another company's top-up does not exist for it, and its list does not show it
    expect(errorOf(await other.c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 100 }))).toMatchObject({ status: 404, code: 'TOPUP_NOT_FOUND' });
    expect((await other.c.get('/api/wallet/refundable-topups')).json().items).toEqual([]);
    expect((await c.get('/api/wallet/refundable-topups')).json().items).toHaveLength(1);
    // bad input: a declared 400, nothing stored
    for (const amountCents of [0, -5, 1.5, '100']) expect((await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents })).statusCode).toBe(400);
    expect(await db().select().from(stripeRefunds).where(eq(stripeRefunds.topupId, id))).toEqual([]);
    const asked = (await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 100 })).json().refund.id as string;
    const noFinance = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['content'], password: 'secret123' })).email);
    for (const who of [visitor, c, ic, noFinance]) {
      const expected = who === visitor ? 401 : 403;
      expect((await who.get('/api/admin/finance/refunds')).statusCode).toBe(expected);
      expect((await who.get('/api/admin/finance/disputes')).statusCode).toBe(expected);
      expect((await who.post(`/api/admin/finance/refunds/${asked}/approve`)).statusCode).toBe(expected);
      expect((await who.post(`/api/admin/finance/refunds/${asked}/reject`, { reason: 'x' })).statusCode).toBe(expected);
    }
    expect((await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, asked)))[0].status).toBe('requested');
    expect(errorOf(await fin.post(`/api/admin/finance/refunds/${asked}/reject`, {}))).toMatchObject({ status: 400, code: 'REFUND_REJECT_REASON_REQUIRED' });
    expect(errorOf(await fin.post('/api/admin/finance/refunds/00000000-0000-4000-8000-000000000000/approve'))).toMatchObject({
      status: 404,
      code: 'REFUND_NOT_FOUND',
    });
    expect((await other.c.get('/api/wallet/refunds')).json().items).toEqual([]);
    expect((await c.get('/api/wallet/refunds')).json().items).toEqual([expect.objectContaining({ id: asked, status: 'requested', amountCents: 100 })]);
    expect((await fin.post(`/api/admin/finance/refunds/${asked}/reject`, { reason: '重复申请' })).statusCode).toBe(200);
    expect((await c.get('/api/wallet/refunds')).json().items).toEqual([expect.objectContaining({ id: asked, status: 'rejected', rejectReason: '重复申请' })]);
    expect(await wallet(c)).toBe(5000);
  });
});

describe('refunds', () => {
  it('returns a whole top-up: held when asked, made at Stripe on approval, booked once when Stripe confirms', async () => {
    const { co, c } = await company();
    const { id, pi } = await paidTopup(c, 12_000);
    expect(await refundable(c, id)).toMatchObject({ leftCents: 12_000, refundableCents: 12_000 });
    expect(errorOf(await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 12_001 }))).toMatchObject({ status: 409, code: 'REFUND_OVER_REFUNDABLE' });
    const res = await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 12_000 });
    expect(res.statusCode, res.body).toBe(200);
    const refund = res.json().refund as { id: string; status: string };
    expect(refund.status).toBe('requested');
    // held: it cannot be spent nor asked for twice
    expect(await wallet(c)).toBe(0);
    expect(await refundable(c, id)).toBeUndefined();
    expect(errorOf(await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 1 }))).toMatchObject({ status: 409, code: 'REFUND_OVER_REFUNDABLE' });
    const listed = (await fin.get('/api/admin/finance/refunds')).json();
    expect(listed.items).toContainEqual(
      expect.objectContaining({ id: refund.id, amountCents: 12_000, userId: co.user.id, companyName: '花漾美妆', topupAmountCents: 12_000 }),
    );

    fake.requests.length = 0;
    const approved = await fin.post(`/api/admin/finance/refunds/${refund.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().refund.status).toBe('approved');
    const [sent] = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(sent.params.get('payment_intent')).toBe(pi);
    expect(sent.params.get('amount')).toBe('12000');
    expect(sent.params.get('metadata[refundId]')).toBe(refund.id);
    expect(sent.params.get('metadata[topupId]')).toBe(id);
    expect(sent.headers['idempotency-key']).toBe(`refund:${refund.id}`);
    const [row] = await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, refund.id));
    expect(row.providerRef).toMatch(/^re_/);
    expect(errorOf(await fin.post(`/api/admin/finance/refunds/${refund.id}/approve`))).toMatchObject({ status: 409, code: 'REFUND_NOT_PENDING' });

    const clearing = await world('world_provider_clearing');
    const payload = refundEvent('refund.updated', row.providerRef!, 'succeeded');
    expect((await deliver(payload)).json()).toEqual({ ok: true, duplicate: false });
    // re-delivered, and told again by charge.refunded (listing the refunds): booked once
    expect((await deliver(payload)).json()).toEqual({ ok: true, duplicate: true });
    const charged = await deliver(fake.event('charge.refunded', { id: 'ch_test_x', object: 'charge', payment_intent: pi }));
    expect(charged.json()).toEqual({ ok: true, duplicate: true });
    expect((await world('world_provider_clearing')) - clearing).toBe(12_000);
    expect(await keyed(`refund:${refund.id}`)).toHaveLength(1);
    expect((await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, refund.id)))[0]).toMatchObject({ status: 'succeeded' });
    expect(await wallet(c)).toBe(0);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('returns part of a top-up the company partly spent: at most min(what is left, the balance)', async () => {
    const { co, c } = await company();
    const { id } = await paidTopup(c, 10_000);
    await spend(co.user.id, 7000);
    expect(await refundable(c, id)).toMatchObject({ leftCents: 10_000, refundableCents: 3000 });
    expect(errorOf(await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 3001 }))).toMatchObject({ status: 409, code: 'REFUND_OVER_REFUNDABLE' });
    const first = (await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 2500 })).json().refund.id as string;
    expect(await refundable(c, id)).toMatchObject({ leftCents: 7500, refundableCents: 500 });
    fake.state.refundStatus = 'succeeded';
    try {
      // Stripe answers succeeded at once: booked from its answer, and the webhook that follows moves nothing
      expect((await fin.post(`/api/admin/finance/refunds/${first}/approve`)).json().refund.status).toBe('succeeded');
    } finally {
      fake.state.refundStatus = 'pending';
    }
    const [row] = await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, first));
    expect((await deliver(refundEvent('refund.created', row.providerRef!, 'succeeded'))).json()).toEqual({ ok: true, duplicate: true });
    expect(await wallet(c)).toBe(500);
    expect(await refundable(c, id)).toMatchObject({ leftCents: 7500, refundableCents: 500 });
    expect(await checkLedger(db())).toEqual([]);
  });

  it('gives the hold back when Stripe fails or cancels the refund', async () => {
    const { c } = await company();
    const { id } = await paidTopup(c, 4000);
    const refundId = (await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 4000 })).json().refund.id as string;
    await fin.post(`/api/admin/finance/refunds/${refundId}/approve`);
    const [row] = await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, refundId));
    expect(await wallet(c)).toBe(0);
    const failed = refundEvent('refund.failed', row.providerRef!, 'failed', { failure_reason: 'expired_or_canceled_card' });
    expect((await deliver(failed)).json()).toEqual({ ok: true, duplicate: false });
    expect((await deliver(failed)).json()).toEqual({ ok: true, duplicate: true });
    expect(await wallet(c)).toBe(4000);
    expect((await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, refundId)))[0]).toMatchObject({
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
    expect(await keyed(`refund:${refundId}:return`)).toHaveLength(1);
    // the money is refundable again
    expect(await refundable(c, id)).toMatchObject({ refundableCents: 4000 });
    expect(await checkLedger(db())).toEqual([]);
    // the books check sees a refund whose status its entries do not match
    await db().update(stripeRefunds).set({ status: 'succeeded' }).where(eq(stripeRefunds.id, refundId));
    expect(await checkLedger(db())).toEqual([`refund ${refundId} (succeeded): holds 0, or its entries do not match its status`]);
    await db().update(stripeRefunds).set({ status: 'failed' }).where(eq(stripeRefunds.id, refundId));
  });

  it('makes the refund by the job when Stripe cannot be reached on approval', async () => {
    const { c } = await company();
    const { id } = await paidTopup(c, 3000);
    const refundId = (await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 1000 })).json().refund.id as string;
    fake.state.failRefunds = true;
    try {
      expect((await fin.post(`/api/admin/finance/refunds/${refundId}/approve`)).json().refund.status).toBe('approved');
    } finally {
      fake.state.failRefunds = false;
    }
    expect((await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, refundId)))[0].providerRef).toBeNull();
    fake.state.refundStatus = 'succeeded';
    try {
      clock.advance(61_000);
      await runDueJobs(t.app.ctx);
    } finally {
      fake.state.refundStatus = 'pending';
    }
    const [row] = await db().select().from(stripeRefunds).where(eq(stripeRefunds.id, refundId));
    expect(row).toMatchObject({ status: 'succeeded' });
    expect(row.providerRef).toMatch(/^re_/);
    expect(
      (
        await db()
          .select()
          .from(jobs)
          .where(eq(jobs.key, `stripe.refund:${refundId}`))
      )[0].doneAt,
    ).not.toBeNull();
    expect(await wallet(c)).toBe(2000);
  });
});

describe('disputes (chargebacks)', () => {
  const dispute = (pi: string, amount: number, status: string, extra: Record<string, unknown> = {}) => ({
    id: `dp_test_${pi.slice(8, 20)}`,
    object: 'dispute',
    amount,
    currency: 'usd',
    status,
    reason: 'fraudulent',
    charge: fake.intents.get(pi)?.chargeId ?? 'ch_test_unknown',
    payment_intent: pi,
    evidence_details: { due_by: Math.floor(clock.nowMs() / 1000) + 7 * 86_400 },
    balance_transactions: [],
    ...extra,
  });

  it('holds the amount, tells finance, lists it with its deadline; won gives it back', async () => {
    const { c } = await company();
    const { pi } = await paidTopup(c, 5000);
    const created = fake.event('charge.dispute.created', dispute(pi, 5000, 'needs_response'));
    expect((await deliver(created)).json()).toEqual({ ok: true, duplicate: false });
    expect((await deliver(created)).json()).toEqual({ ok: true, duplicate: true });
    expect(await wallet(c)).toBe(0);
    const [row] = await db().select().from(stripeDisputes).where(eq(stripeDisputes.paymentRef, pi));
    expect(row).toMatchObject({ status: 'open', amountCents: 5000, debtCents: 0, chargeRef: fake.intents.get(pi)!.chargeId });
    expect(row.providerRef).toMatch(/^dp_/);
    const told = await db().select().from(notifications).where(eq(notifications.type, 'stripe_dispute_opened'));
    expect(told.length).toBeGreaterThanOrEqual(1);
    const open = (await fin.get('/api/admin/finance/disputes')).json().items as { id: string; evidenceDueBy: string; amountCents: number }[];
    expect(open.find((d) => d.id === row.id)).toMatchObject({
      amountCents: 5000,
      evidenceDueBy: new Date(clock.nowMs() + 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '.000Z'),
    });
    const closed = fake.event('charge.dispute.closed', dispute(pi, 5000, 'won'));
    expect((await deliver(closed)).json()).toEqual({ ok: true, duplicate: false });
    expect((await deliver(fake.event('charge.dispute.closed', dispute(pi, 5000, 'won')))).json()).toEqual({ ok: true, duplicate: true });
    expect(await wallet(c)).toBe(5000);
    expect((await fin.get('/api/admin/finance/disputes?status=closed')).json().items).toContainEqual(expect.objectContaining({ id: row.id, status: 'won' }));
    expect(await checkLedger(db())).toEqual([]);
  });

  it('lost: the hold goes to Stripe with the dispute fee', async () => {
    const { c } = await company();
    const { pi } = await paidTopup(c, 6000);
    await deliver(fake.event('charge.dispute.created', dispute(pi, 6000, 'needs_response')));
    const clearing = await world('world_provider_clearing');
    const fees = await world('world_provider_fees');
    const lost = fake.event(
      'charge.dispute.closed',
      dispute(pi, 6000, 'lost', { balance_transactions: [{ id: 'txn_test_1', object: 'balance_transaction', fee: 1500, currency: 'usd', amount: -7500 }] }),
    );
    expect((await deliver(lost)).json()).toEqual({ ok: true, duplicate: false });
    expect((await deliver(lost)).json()).toEqual({ ok: true, duplicate: true });
    expect((await world('world_provider_clearing')) - clearing).toBe(7500);
    expect((await world('world_provider_fees')) - fees).toBe(-1500);
    expect(await wallet(c)).toBe(0);
    expect((await db().select().from(stripeDisputes).where(eq(stripeDisputes.paymentRef, pi)))[0]).toMatchObject({
      status: 'lost',
      feeCents: 1500,
      debtCents: 0,
    });
    expect(await checkLedger(db())).toEqual([]);
  });

  it('already spent: the shortfall is a debt, collected from the next top-ups, before and after the loss', async () => {
    const { co, c } = await company();
    const { pi } = await paidTopup(c, 10_000);
    await spend(co.user.id, 6000);
    await deliver(fake.event('charge.dispute.created', dispute(pi, 10_000, 'needs_response')));
    const [open] = await db().select().from(stripeDisputes).where(eq(stripeDisputes.paymentRef, pi));
    expect(open).toMatchObject({ debtCents: 6000 });
    expect(await wallet(c)).toBe(0);
    expect((await c.get('/api/wallet')).json().chargebackDebtCents).toBe(6000);
    // money in pays the debt first (into the dispute's hold while it is open)
    await paidTopup(c, 2500);
    expect(await wallet(c)).toBe(0);
    expect((await db().select().from(stripeDisputes).where(eq(stripeDisputes.id, open.id)))[0]).toMatchObject({ debtCents: 3500, collectedCents: 2500 });
    const debtsBefore = await world('world_company_debts');
    await deliver(fake.event('charge.dispute.closed', dispute(pi, 10_000, 'lost')));
    expect((await world('world_company_debts')) - debtsBefore).toBe(-3500);
    expect((await c.get('/api/wallet')).json().chargebackDebtCents).toBe(3500);
    // after the loss the rest is still owed, and paid back from the next top-up
    await paidTopup(c, 5000);
    expect(await wallet(c)).toBe(1500);
    expect((await db().select().from(stripeDisputes).where(eq(stripeDisputes.id, open.id)))[0]).toMatchObject({
      status: 'lost',
      debtCents: 0,
      collectedCents: 6000,
    });
    expect((await world('world_company_debts')) - debtsBefore).toBe(0);
    expect((await c.get('/api/wallet')).json().chargebackDebtCents).toBe(0);
    expect(await checkLedger(db())).toEqual([]);
    await db().update(stripeDisputes).set({ debtCents: 1 }).where(eq(stripeDisputes.id, open.id));
    expect(await checkLedger(db())).toEqual(['companies owe 1 for lost chargebacks, the books say 0']);
    await db().update(stripeDisputes).set({ debtCents: 0 }).where(eq(stripeDisputes.id, open.id));
  });

  it('ignores a dispute on a payment no top-up knows', async () => {
    const res = await deliver(fake.event('charge.dispute.created', { ...dispute('pi_test_nobody_at_all', 100, 'needs_response'), charge: 'ch_test_x' }));
    expect(res.json()).toEqual({ ok: true, duplicate: false });
  });
});

describe('the refund window', () => {
  it('refuses a top-up older than the window', async () => {
    const { c } = await company();
    const { id } = await paidTopup(c, 2000);
    clock.advance(91 * 86_400_000);
    expect(await refundable(c, id)).toBeUndefined();
    expect(errorOf(await c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 100 }))).toMatchObject({ status: 409, code: 'REFUND_NOT_REFUNDABLE' });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('at the same moment (PostgreSQL)', () => {
  it('two refund requests cannot take the same money; a dispute delivered three times at once holds once', async () => {
    const { c } = await company();
    const { id, pi } = await paidTopup(c, 3000);
    const asked = await Promise.all([0, 1, 2].map(() => c.post(`/api/wallet/topups/${id}/refunds`, { amountCents: 2000 })));
    expect(asked.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await wallet(c)).toBe(1000);
    const payload = fake.event('charge.dispute.created', {
      id: `dp_test_once_${pi.slice(8, 16)}`,
      object: 'dispute',
      amount: 3000,
      currency: 'usd',
      status: 'needs_response',
      charge: fake.intents.get(pi)!.chargeId,
      payment_intent: pi,
      evidence_details: { due_by: null },
    });
    const answers = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect((await db().select().from(stripeDisputes).where(eq(stripeDisputes.paymentRef, pi)))[0]).toMatchObject({ debtCents: 2000 });
    expect(await wallet(c)).toBe(0);
    expect(await checkLedger(db())).toEqual([]);
  });
});
