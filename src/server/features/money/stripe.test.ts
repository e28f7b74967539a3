/**
 * Top-ups through Stripe (issue 39 items 1, 2 and 7; decision 0055), without the internet: the official SDK
 * talks to a local Stripe-compatible server (src/server/test/stripeServer.ts) through STRIPE_API_URL, and the
 * webhooks are signed with the SDK's own test-header helper. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { makeCompany } from '../../db/factories';
import { jobs, ledgerAccounts, ledgerEntries, paymentEvents, topups } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeServer } from '../../test/stripeServer';
import { checkLedger } from './ledger';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
const fake = stripeServer();
let t: TestApp;
let hash: string;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  const url = await fake.start();
  t = await createTestApp({ STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: url }, { clock });
  hash = await hashPassword('secret123');
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

function deliver(payload: string, signature?: string) {
  return new Client(t.app).request({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? fake.sign(payload, { timestampMs: clock.nowMs() }) },
  });
}
const balanceOf = async (kind: string, ownerId: string | null) => {
  const rows = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind));
  return rows.filter((r) => r.ownerId === ownerId).reduce((s, r) => s + r.balanceCents, 0);
};
const wallet = async (c: Client) => (await c.get('/api/wallet')).json().availableCents as number;
const rowOf = async (id: string) => (await db().select().from(topups).where(eq(topups.id, id)))[0];

async function startTopup(c: Client, amountCents = 12_000) {
  const res = await c.post('/api/wallet/topups', { amountCents, method: 'stripe' });
  expect(res.statusCode, res.body).toBe(200);
  const topup = res.json().topup as { id: string; status: string; checkoutUrl: string; redirectUrl: string; amountCents: number };
  const row = await rowOf(topup.id);
  return { topup, sessionId: row.providerRef! };
}

describe('configuration', () => {
  it('reads the three variables into the SDK’s host, port and protocol; half a configuration or a sandbox in production is refused', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, SECRET_KEY: 'x'.repeat(40) };
    const c = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:4567',
    });
    expect(c.payments.stripe?.api).toEqual({ protocol: 'http', host: '127.0.0.1', port: 4567 });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET }).payments.stripe?.api).toEqual({
      protocol: 'https',
      host: 'api.stripe.com',
      port: 443,
    });
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: STRIPE_TEST_KEY })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig(base).payments).toEqual({ sandbox: true, stripe: undefined });
    const prod = loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' });
    expect(prod.payments).toEqual({ sandbox: false, stripe: undefined });
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://www.example.com',
        STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: 'http://127.0.0.1:4567',
      }),
    ).toThrow(/https/);
  });

  it('offers Stripe, the sandbox and bank transfer here', async () => {
    const { c } = await company();
    expect((await c.get('/api/wallet/topup-methods')).json()).toEqual({ methods: ['stripe', 'sandbox', 'bank_transfer'] });
  });
});

describe('a $120.00 top-up through Stripe', () => {
  it('creates a Checkout Session for 12000 USD cents with card, alipay and wechat_pay, naming the top-up, under an idempotency key', async () => {
    const { c } = await company();
    fake.requests.length = 0;
    const { topup, sessionId } = await startTopup(c);
    expect(topup.status).toBe('pending');
    expect(topup.amountCents).toBe(12000);
    expect(topup.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    expect(topup.redirectUrl).toBe(topup.checkoutUrl);
    const [sent] = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent.method).toBe('POST');
    const p = sent.params;
    expect(p.get('mode')).toBe('payment');
    expect(p.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('12000');
    expect(p.get('line_items[0][quantity]')).toBe('1');
    expect([0, 1, 2, 3].map((i) => p.get(`allowed_payment_method_types[${i}]`))).toEqual(['card', 'alipay', 'wechat_pay', null]);
    expect(p.get('client_reference_id')).toBe(topup.id);
    expect(p.get('metadata[topupId]')).toBe(topup.id);
    expect(p.get('success_url')).toBe(`${t.config.siteUrl}/wallet/topup-result?topup=${topup.id}`);
    expect(sent.headers['idempotency-key']).toBe(`topup-checkout:${topup.id}`);
    // the result page reads it
    const read = await c.get(`/api/wallet/topups/${topup.id}`);
    expect(read.json().topup).toMatchObject({ id: topup.id, status: 'pending', method: 'stripe' });
  });

  it('credits 12000 exactly once on the signed checkout.session.completed: a replay moves nothing, a forged signature is 400 and moves nothing; the fee is the platform’s', async () => {
    const { co, c } = await company();
    const { topup, sessionId } = await startTopup(c);
    const session = fake.pay(sessionId, { feeCents: 378 });
    const payload = fake.event('checkout.session.completed', session);
    const feesBefore = await balanceOf('world_provider_fees', null);

    // forged: signed with another secret, or a body changed after signing, or no header — 400, nothing moves
    const forged = await deliver(payload, fake.sign(payload, { secret: 'whsec_someoneelse', timestampMs: clock.nowMs() }));
    expect(errorOf(forged)).toMatchObject({ status: 400, code: 'WEBHOOK_SIGNATURE_INVALID' });
    const tampered = await deliver(payload.replace('"amount_total":12000', '"amount_total":99000'), fake.sign(payload, { timestampMs: clock.nowMs() }));
    expect(tampered.statusCode).toBe(400);
    const stale = await deliver(payload, fake.sign(payload, { timestampMs: clock.nowMs() - 10 * 60_000 }));
    expect(stale.statusCode).toBe(400);
    const bare = await new Client(t.app).request({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.statusCode).toBe(400);
    expect(await wallet(c)).toBe(0);
    expect((await rowOf(topup.id)).status).toBe('pending');
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.topupId, topup.id))).toEqual([]);

    const first = await deliver(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true, duplicate: false });
    expect(await wallet(c)).toBe(12000);
    const row = await rowOf(topup.id);
    expect(row).toMatchObject({ status: 'succeeded', paymentRef: session.payment_intent, feeCents: 378 });
    // the fee read from the charge's balance transaction (expanded)
    const asked = fake.requests.find((r) => r.path === `/v1/payment_intents/${session.payment_intent}`);
    expect([...(asked?.query.entries() ?? [])].filter(([k]) => k.startsWith('expand')).map(([, v]) => v)).toEqual(['latest_charge.balance_transaction']);

    const replay = await deliver(payload);
    expect(replay.json()).toEqual({ ok: true, duplicate: true });
    // the same payment told again under another event id moves nothing either
    const again = await deliver(fake.event('checkout.session.completed', session));
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    expect(await wallet(c)).toBe(12000);

    // the books: the company has the full 12000; the platform bears the fee; the clearing account holds what Stripe pays out
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `topup:${topup.id}`));
    expect(entries).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, `topup:${topup.id}:fee`)),
    ).toHaveLength(1);
    expect((await balanceOf('world_provider_fees', null)) - feesBefore).toBe(-378);
    expect(await balanceOf('company_available', co.user.id)).toBe(12000);
    expect(await checkLedger(db())).toEqual([]);
    const statement = (await c.get('/api/wallet')).json().statement.items as { amountCents: number; kind: string }[];
    expect(statement).toEqual([expect.objectContaining({ kind: 'topup', amountCents: 12000 })]);
  });

  it('refuses an amount or a currency that differs from the top-up’s (400, nothing moves, still pending)', async () => {
    const { c } = await company();
    const { topup, sessionId } = await startTopup(c, 5000);
    const session = fake.pay(sessionId);
    const less = await deliver(fake.event('checkout.session.completed', { ...session, amount_total: 100 }));
    expect(errorOf(less)).toMatchObject({ status: 400, code: 'TOPUP_AMOUNT_MISMATCH' });
    const eur = await deliver(fake.event('checkout.session.completed', { ...session, currency: 'eur' }));
    expect(errorOf(eur)).toMatchObject({ status: 400, code: 'TOPUP_AMOUNT_MISMATCH' });
    expect(await wallet(c)).toBe(0);
    expect((await rowOf(topup.id)).status).toBe('pending');
  });

  it('waits on a completed but unpaid session, then credits on async_payment_succeeded', async () => {
    const { c } = await company();
    const { topup, sessionId } = await startTopup(c, 1000);
    const unpaid = { ...fake.sessions.get(sessionId)!, status: 'complete', payment_status: 'unpaid' };
    expect((await deliver(fake.event('checkout.session.completed', unpaid))).json()).toEqual({ ok: true, duplicate: false });
    expect((await rowOf(topup.id)).status).toBe('pending');
    const paid = fake.pay(sessionId, { feeCents: 59 });
    expect((await deliver(fake.event('checkout.session.async_payment_succeeded', paid))).statusCode).toBe(200);
    expect(await wallet(c)).toBe(1000);
    expect((await rowOf(topup.id)).feeCents).toBe(59);
  });

  it('ends the top-up on an expired or failed session; other events are acknowledged and ignored', async () => {
    const { c } = await company();
    const a = await startTopup(c, 2000);
    const b = await startTopup(c, 3000);
    expect((await deliver(fake.event('checkout.session.expired', { ...fake.sessions.get(a.sessionId)!, status: 'expired' }))).statusCode).toBe(200);
    expect((await deliver(fake.event('checkout.session.async_payment_failed', fake.sessions.get(b.sessionId)!))).statusCode).toBe(200);
    expect(await rowOf(a.topup.id)).toMatchObject({ status: 'failed', failureReason: 'expired' });
    expect(await rowOf(b.topup.id)).toMatchObject({ status: 'failed', failureReason: 'payment_failed' });
    // paid after it ended: nothing moves (a refund is a person's decision)
    const late = await deliver(fake.event('checkout.session.completed', fake.pay(a.sessionId)));
    expect(late.json()).toEqual({ ok: true, duplicate: true });
    expect(await wallet(c)).toBe(0);
    const other = await deliver(fake.event('customer.created', { id: 'cus_test_1', object: 'customer' }));
    expect(other.statusCode).toBe(200);
    const foreign = await deliver(fake.event('checkout.session.completed', { ...fake.sessions.get(b.sessionId)!, metadata: {}, client_reference_id: null }));
    expect(foreign.json()).toEqual({ ok: true, duplicate: false });
  });

  it('books the fee later by the job when Stripe has not made the balance transaction yet', async () => {
    const { c } = await company();
    const { topup, sessionId } = await startTopup(c, 20000);
    const session = fake.pay(sessionId, { feeCents: 610, feeReady: false });
    expect((await deliver(fake.event('checkout.session.completed', session))).statusCode).toBe(200);
    expect(await wallet(c)).toBe(20000);
    expect((await rowOf(topup.id)).feeCents).toBeNull();
    clock.advance(61_000);
    await runDueJobs(t.app.ctx);
    // still not there: the job is retried later
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, `stripe.topup_fee:${topup.id}`), isNull(jobs.doneAt)));
    expect(job.attempts).toBe(1);
    fake.intents.get(session.payment_intent!)!.feeReady = true;
    clock.advance(3 * 60_000);
    await runDueJobs(t.app.ctx);
    expect((await rowOf(topup.id)).feeCents).toBe(610);
    expect(
      await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, `topup:${topup.id}:fee`)),
    ).toHaveLength(1);
    // the books check sees a fee that is recorded but not booked as recorded
    await db().update(topups).set({ feeCents: 611 }).where(eq(topups.id, topup.id));
    expect(await checkLedger(db())).toEqual([`top-up ${topup.id}: provider fee 611 does not match the ledger`]);
    await db().update(topups).set({ feeCents: 610 }).where(eq(topups.id, topup.id));
    expect(await checkLedger(db())).toEqual([]);
  });

  it('answers 502 and fails the top-up when Stripe cannot be reached; an unknown top-up is 404', async () => {
    const { c } = await company();
    fake.state.failCreate = true;
    try {
      const res = await c.post('/api/wallet/topups', { amountCents: 500, method: 'stripe' });
      expect(errorOf(res)).toMatchObject({ status: 502, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    } finally {
      fake.state.failCreate = false;
    }
    const mine = (await c.get('/api/wallet/topups')).json().items as { status: string; failureReason: string }[];
    expect(mine[0]).toMatchObject({ status: 'failed', failureReason: 'provider_unavailable' });
    expect(errorOf(await c.get('/api/wallet/topups/00000000-0000-4000-8000-000000000000')).code).toBe('TOPUP_NOT_FOUND');
  });
});

describe.skipIf(!onPostgres)('the same event delivered twice at once (PostgreSQL)', () => {
  it('credits once, round after round', async () => {
    const { co, c } = await company();
    let expected = 0;
    for (let round = 0; round < 8; round++) {
      const { sessionId } = await startTopup(c, 100);
      const payload = fake.event('checkout.session.completed', fake.pay(sessionId, { feeCents: 33 }));
      const answers = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
      expected += 100;
      expect(await balanceOf('company_available', co.user.id)).toBe(expected);
    }
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe('without Stripe configured', () => {
  it('refuses the method and answers 404 at the webhook', async () => {
    const plain = await createTestApp({}, { clock });
    try {
      const co = await makeCompany(plain.app.ctx.db, { user: { passwordHash: hash } });
      const c = await signedIn(plain.app, co.user.email);
      expect(errorOf(await c.post('/api/wallet/topups', { amountCents: 500, method: 'stripe' }))).toMatchObject({
        status: 400,
        code: 'TOPUP_METHOD_UNAVAILABLE',
      });
      expect((await c.get('/api/wallet/topup-methods')).json()).toEqual({ methods: ['sandbox', 'bank_transfer'] });
      const res = await new Client(plain.app).request({
        method: 'POST',
        url: '/api/payments/webhook/stripe',
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
