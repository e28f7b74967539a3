/**
 * Payouts through Stripe Connect (issue 39 item 5; decision 0058), without the internet: the official SDK talks to
 * the local Stripe-compatible server (src/server/test/stripeServer.ts), events are signed with the SDK's own helper.
 * Linking an Express account, account.updated enabling payouts, a withdrawal transferred by the job worker exactly
 * once (run twice, failing first, its answer lost), a reversed transfer returning the money once, and the finance
 * flow for everyone else. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { fundWallet, makeAdmin, makeAgency, makeCompany, makeInfluencer } from '../../db/factories';
import { jobs, ledgerAccounts, ledgerEntries, ledgerLines, notifications, payouts, stripeAccounts } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { pendingJobs, runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeServer } from '../../test/stripeServer';
import { accountFor, checkLedger, post } from './ledger';

const CONNECT_SECRET = 'whsec_localfakeconnect0123456789';
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
const fake = stripeServer();
let t: TestApp;
let hash: string;
let fin: Client;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  const url = await fake.start();
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

const influencer = async (cents = 0) => {
  const inf = await makeInfluencer(db(), { nickname: '小雨', user: { passwordHash: hash } });
  if (cents) await fundWallet(db(), { userId: inf.user.id, userType: 'influencer', cents });
  return { id: inf.user.id, c: await signedIn(t.app, inf.user.email) };
};
function deliver(payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET) {
  return new Client(t.app).request({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload, { secret, timestampMs: clock.nowMs() }) },
  });
}
const balance = async (userId: string | null, kind: string) =>
  (await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind))).filter((r) => r.ownerId === userId).reduce((s, r) => s + r.balanceCents, 0);
const entries = async (key: string) => db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));
const linesOf = async (key: string) =>
  (
    await db()
      .select({ kind: ledgerAccounts.kind, owner: ledgerAccounts.ownerId, amount: ledgerLines.amountCents })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
      .where(eq(ledgerEntries.idempotencyKey, key))
  ).sort((a, b) => a.amount - b.amount);
const payoutRow = async (id: string) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0];
const transferJob = async (payoutId: string) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `stripe.payout_transfer:${payoutId}`))
  )[0];
const transferRequests = (payoutId: string) => fake.requests.filter((r) => r.path === '/v1/transfers' && r.headers['idempotency-key'] === `payout:${payoutId}`);

/** links and finishes onboarding (account.updated from the Connect endpoint) */
async function linked(c: Client): Promise<string> {
  const link = await c.post('/api/wallet/stripe-account/link');
  expect(link.statusCode, link.body).toBe(200);
  const acct = link.json().account.accountId as string;
  const done = await deliver(fake.connectEvent('account.updated', fake.onboard(acct), acct), CONNECT_SECRET);
  expect(done.statusCode, done.body).toBe(200);
  return acct;
}
async function withdraw(c: Client, amountCents: number) {
  const res = await c.post('/api/wallet/payouts', { amountCents, destination: 'stripe' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payout as { id: string; status: string; method: string; bank: unknown; stripeAccountId: string; reference: string | null };
}

describe('configuration', () => {
  it('reads STRIPE_CONNECT_WEBHOOK_SECRET with the Stripe keys only', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, SECRET_KEY: 'x'.repeat(40) };
    const keys = { STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET };
    expect(loadConfig({ ...base, ...keys, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET }).payments.stripe?.connectWebhookSecret).toBe(CONNECT_SECRET);
    expect(loadConfig({ ...base, ...keys }).payments.stripe?.connectWebhookSecret).toBeUndefined();
    expect(() => loadConfig({ ...base, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, ...keys, STRIPE_CONNECT_WEBHOOK_SECRET: 'nope' })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET/);
  });
});

describe('who may link', () => {
  it('refuses visitors (401) and companies (403); nobody sees another’s account', async () => {
    const visitor = new Client(t.app);
    expect((await visitor.get('/api/wallet/stripe-account')).statusCode).toBe(401);
    expect((await visitor.post('/api/wallet/stripe-account/link')).statusCode).toBe(401);
    expect((await visitor.post('/api/wallet/stripe-account/refresh')).statusCode).toBe(401);
    const co = await makeCompany(db(), { user: { passwordHash: hash } });
    const cc = await signedIn(t.app, co.user.email);
    const before = fake.accounts.size;
    expect(errorOf(await cc.get('/api/wallet/stripe-account')).status).toBe(403);
    expect(errorOf(await cc.post('/api/wallet/stripe-account/link')).status).toBe(403);
    expect(errorOf(await cc.post('/api/wallet/stripe-account/refresh')).status).toBe(403);
    // a company cannot withdraw to Stripe either
    await fundWallet(db(), { userId: co.user.id, userType: 'company', cents: 50_000 });
    expect(errorOf(await cc.post('/api/wallet/payouts', { amountCents: 5000, destination: 'stripe' }))).toMatchObject({
      status: 409,
      code: 'STRIPE_ACCOUNT_NOT_READY',
    });
    expect(fake.accounts.size).toBe(before);

    const a = await influencer();
    const b = await influencer();
    await a.c.post('/api/wallet/stripe-account/link');
    expect((await a.c.get('/api/wallet/stripe-account')).json().status).toBe('onboarding');
    expect((await b.c.get('/api/wallet/stripe-account')).json()).toEqual({ offered: true, status: 'not_linked', accountId: null });
    expect((await b.c.post('/api/wallet/stripe-account/refresh')).json().status).toBe('not_linked');
  });
});

describe('onboarding', () => {
  it('creates one Express account with the transfers capability and answers an Account Link back to /wallet', async () => {
    const { id, c } = await influencer();
    expect((await c.get('/api/wallet/stripe-account')).json()).toEqual({ offered: true, status: 'not_linked', accountId: null });
    fake.requests.length = 0;
    const res = await c.post('/api/wallet/stripe-account/link');
    expect(res.statusCode, res.body).toBe(200);
    const { url, account } = res.json() as { url: string; account: { status: string; accountId: string } };
    expect(account.status).toBe('onboarding');
    expect(account.accountId).toMatch(/^acct_/);
    expect(url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${account.accountId}/`));
    const [created] = fake.requests.filter((r) => r.path === '/v1/accounts');
    expect(created.method).toBe('POST');
    expect(created.params.get('type')).toBe('express');
    expect(created.params.get('capabilities[transfers][requested]')).toBe('true');
    expect(created.params.get('metadata[userId]')).toBe(id);
    expect(created.headers['idempotency-key']).toBe(`connect-account:${id}`);
    const [link] = fake.requests.filter((r) => r.path === '/v1/account_links');
    expect(link.params.get('account')).toBe(account.accountId);
    expect(link.params.get('type')).toBe('account_onboarding');
    expect(link.params.get('return_url')).toBe(`${t.config.siteUrl}/wallet?connect=return`);
    expect(link.params.get('refresh_url')).toBe(`${t.config.siteUrl}/wallet?connect=refresh`);

    // the refresh URL asks again: a new link to the same account, no second account
    const again = await c.post('/api/wallet/stripe-account/link');
    expect(again.json().account.accountId).toBe(account.accountId);
    expect(fake.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);
    expect(await db().select().from(stripeAccounts).where(eq(stripeAccounts.userId, id))).toHaveLength(1);

    // back from onboarding before finishing: still onboarding; after finishing, refresh reads it enabled
    expect((await c.post('/api/wallet/stripe-account/refresh')).json().status).toBe('onboarding');
    fake.onboard(account.accountId);
    expect((await c.post('/api/wallet/stripe-account/refresh')).json()).toEqual({ offered: true, status: 'enabled', accountId: account.accountId });
  });

  it('agencies link too', async () => {
    const ag = await makeAgency(db(), { user: { passwordHash: hash } });
    const c = await signedIn(t.app, ag.user.email);
    const res = await c.post('/api/wallet/stripe-account/link');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account.status).toBe('onboarding');
  });

  it('account.updated from the Connect endpoint enables payouts; a later one disabling them is followed', async () => {
    const { c } = await influencer(100_000);
    const acct = (await c.post('/api/wallet/stripe-account/link')).json().account.accountId as string;
    // not yet: a withdrawal to Stripe is refused and nothing is stored
    expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 5000, destination: 'stripe' }))).toMatchObject({
      status: 409,
      code: 'STRIPE_ACCOUNT_NOT_READY',
    });
    expect((await c.get('/api/wallet/payouts')).json().items).toEqual([]);
    // details submitted but the capability not active yet: still onboarding
    const half = { ...fake.accounts.get(acct)!, details_submitted: true, payouts_enabled: true };
    expect((await deliver(fake.connectEvent('account.updated', half, acct), CONNECT_SECRET)).statusCode).toBe(200);
    expect((await c.get('/api/wallet/stripe-account')).json().status).toBe('onboarding');
    // signed with neither secret: 400, nothing changes
    const forged = fake.connectEvent('account.updated', fake.onboard(acct), acct);
    expect((await deliver(forged, 'whsec_someoneelse')).statusCode).toBe(400);
    expect((await c.get('/api/wallet/stripe-account')).json().status).toBe('onboarding');
    expect((await deliver(forged, CONNECT_SECRET)).statusCode).toBe(200);
    expect((await c.get('/api/wallet/stripe-account')).json().status).toBe('enabled');
    const off = { ...fake.accounts.get(acct)!, payouts_enabled: false };
    expect((await deliver(fake.connectEvent('account.updated', off, acct), CONNECT_SECRET)).statusCode).toBe(200);
    expect((await c.get('/api/wallet/stripe-account')).json().status).toBe('onboarding');
  });
});

describe('a withdrawal to Stripe', () => {
  it('is transferred by the worker exactly once, even when the job runs twice; transfer.created then moves nothing', async () => {
    const { id, c } = await influencer(100_000);
    const acct = await linked(c);
    const p = await withdraw(c, 30_000);
    expect(p).toMatchObject({ status: 'requested', method: 'stripe', bank: null, stripeAccountId: acct, reference: null });
    expect(await balance(id, 'influencer_available')).toBe(70_000);
    expect(await balance(id, 'payouts_in_transit')).toBe(30_000);

    await runDueJobs(t.app.ctx);
    const sent = transferRequests(p.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].params.get('amount')).toBe('30000');
    expect(sent[0].params.get('currency')).toBe('usd');
    expect(sent[0].params.get('destination')).toBe(acct);
    expect(sent[0].params.get('metadata[payoutId]')).toBe(p.id);
    const row = await payoutRow(p.id);
    expect(row).toMatchObject({ status: 'paid', method: 'stripe', stripeAccountId: acct });
    expect(row.providerRef).toMatch(/^tr_/);
    expect(fake.transfers.get(row.providerRef!)).toMatchObject({ amount: 30000, destination: acct });
    expect(await linesOf(`payout:${p.id}:paid`)).toEqual([
      { kind: 'payouts_in_transit', owner: id, amount: -30000 },
      { kind: 'world_provider_clearing', owner: null, amount: 30000 },
    ]);
    expect(await balance(id, 'payouts_in_transit')).toBe(0);
    const listed = (await c.get('/api/wallet/payouts')).json().items[0];
    expect(listed).toMatchObject({ id: p.id, status: 'paid', method: 'stripe', reference: row.providerRef, bank: null });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, id));
    expect(notes.map((n) => n.type)).toContain('payout_stripe_paid');

    // the job run again (a second worker, a restart): the payout is paid, so nothing is asked of Stripe and nothing moves
    await db()
      .update(jobs)
      .set({ doneAt: null })
      .where(eq(jobs.key, `stripe.payout_transfer:${p.id}`));
    expect(await runDueJobs(t.app.ctx)).toBe(1);
    expect(transferRequests(p.id)).toHaveLength(1);
    expect([...fake.transfers.values()].filter((tr) => (tr.metadata as Record<string, string>).payoutId === p.id)).toHaveLength(1);
    expect(await entries(`payout:${p.id}:paid`)).toHaveLength(1);

    // Stripe's event about the same transfer: acknowledged, nothing moves
    const ev = await deliver(fake.event('transfer.created', fake.transfers.get(row.providerRef!)!));
    expect(ev.json()).toEqual({ ok: true, duplicate: true });
    expect(await balance(id, 'influencer_available')).toBe(70_000);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('is retried with the job’s back-off when Stripe fails, then paid once', async () => {
    const { id, c } = await influencer(50_000);
    await linked(c);
    const p = await withdraw(c, 20_000);
    fake.state.failTransfers = 1;
    await runDueJobs(t.app.ctx);
    expect((await payoutRow(p.id)).status).toBe('requested');
    const job = await transferJob(p.id);
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job.lastError).toMatch(/unknown error/i);
    // not before its delay (2 minutes after the first failure)
    clock.advance(60_000);
    await runDueJobs(t.app.ctx);
    expect(transferRequests(p.id)).toHaveLength(1);
    clock.advance(61_000);
    await runDueJobs(t.app.ctx);
    expect(transferRequests(p.id)).toHaveLength(2);
    expect((await payoutRow(p.id)).status).toBe('paid');
    expect((await transferJob(p.id)).doneAt).not.toBeNull();
    expect(await entries(`payout:${p.id}:paid`)).toHaveLength(1);
    expect(await balance(id, 'influencer_available')).toBe(30_000);
  });

  it('made by Stripe but its answer lost: the event settles it, and the retried job gets the same transfer back', async () => {
    const { id, c } = await influencer(50_000);
    await linked(c);
    const p = await withdraw(c, 12_345);
    fake.state.dropTransferAnswers = 2;
    await runDueJobs(t.app.ctx);
    expect((await payoutRow(p.id)).status).toBe('requested');
    // the SDK tried twice on its own (a closed connection), both under the payout's key
    expect(transferRequests(p.id)).toHaveLength(2);
    const made = [...fake.transfers.values()].filter((tr) => (tr.metadata as Record<string, string>).payoutId === p.id);
    expect(made).toHaveLength(1);
    // Stripe's transfer.created arrives, then the job's retry runs — in either order, paid once
    const ev = await deliver(fake.event('transfer.created', made[0]));
    expect(ev.json()).toEqual({ ok: true, duplicate: false });
    expect(await payoutRow(p.id)).toMatchObject({ status: 'paid', providerRef: made[0].id });
    clock.advance(3 * 60_000);
    await runDueJobs(t.app.ctx);
    expect((await transferJob(p.id)).doneAt).not.toBeNull();
    expect([...fake.transfers.values()].filter((tr) => (tr.metadata as Record<string, string>).payoutId === p.id)).toHaveLength(1);
    expect(await entries(`payout:${p.id}:paid`)).toHaveLength(1);
    expect(await balance(id, 'payouts_in_transit')).toBe(0);
    expect(await balance(id, 'influencer_available')).toBe(50_000 - 12_345);
  });

  it('a reversed transfer returns the money to the available balance exactly once', async () => {
    const { id, c } = await influencer(40_000);
    await linked(c);
    const p = await withdraw(c, 25_000);
    await runDueJobs(t.app.ctx);
    const tr = (await payoutRow(p.id)).providerRef!;
    const clearing = await balance(null, 'world_provider_clearing');
    const reversed = fake.event('transfer.reversed', fake.reverse(tr));
    const first = await deliver(reversed);
    expect(first.json()).toEqual({ ok: true, duplicate: false });
    expect(await balance(id, 'influencer_available')).toBe(40_000);
    expect(await balance(null, 'world_provider_clearing')).toBe(clearing - 25_000);
    expect(await payoutRow(p.id)).toMatchObject({ status: 'reversed' });
    expect(await linesOf(`payout:${p.id}:reversed`)).toEqual([
      { kind: 'world_provider_clearing', owner: null, amount: -25000 },
      { kind: 'influencer_available', owner: id, amount: 25000 },
    ]);
    // the same event again, another event about the same reversal, a late transfer.created: nothing more
    expect((await deliver(reversed)).json()).toEqual({ ok: true, duplicate: true });
    expect((await deliver(fake.event('transfer.updated', fake.transfers.get(tr)!))).json()).toEqual({ ok: true, duplicate: true });
    expect((await deliver(fake.event('transfer.created', fake.transfers.get(tr)!))).json()).toEqual({ ok: true, duplicate: true });
    expect(await balance(id, 'influencer_available')).toBe(40_000);
    expect(await entries(`payout:${p.id}:reversed`)).toHaveLength(1);
    expect((await c.get('/api/wallet/payouts')).json().items[0]).toMatchObject({ id: p.id, status: 'reversed' });
    expect(await checkLedger(db())).toEqual([]);

    // the books check sees a reversal the payout does not own
    await db().update(payouts).set({ status: 'paid', reversalEntryId: null }).where(eq(payouts.id, p.id));
    expect(await checkLedger(db())).toEqual([`payout ${p.id} (paid): its Stripe transfer or reversal does not match`]);
    const [rev] = await entries(`payout:${p.id}:reversed`);
    await db().update(payouts).set({ status: 'reversed', reversalEntryId: rev.id }).where(eq(payouts.id, p.id));
    expect(await checkLedger(db())).toEqual([]);
  });

  it('an account Stripe will not transfer to: the payout is returned, not retried', async () => {
    const { id, c } = await influencer(30_000);
    const acct = await linked(c);
    fake.accounts.get(acct)!.capabilities = { transfers: 'inactive' };
    const p = await withdraw(c, 10_000);
    await runDueJobs(t.app.ctx);
    expect(await payoutRow(p.id)).toMatchObject({ status: 'rejected', rejectReason: 'Stripe: insufficient_capabilities_for_transfer' });
    expect((await transferJob(p.id)).doneAt).not.toBeNull();
    expect(await balance(id, 'influencer_available')).toBe(30_000);
    expect(await entries(`payout:${p.id}:rejected`)).toHaveLength(1);
    clock.advance(3600_000);
    await runDueJobs(t.app.ctx);
    expect(transferRequests(p.id)).toHaveLength(1);
  });

  it('finance cannot mark a Stripe payout paid; it may return one before its transfer, and the worker then does nothing', async () => {
    const { id, c } = await influencer(30_000);
    await linked(c);
    const p = await withdraw(c, 10_000);
    expect(errorOf(await fin.post(`/api/admin/finance/payouts/${p.id}/paid`, { reference: 'X1' }))).toMatchObject({ status: 409, code: 'PAYOUT_AUTOMATIC' });
    const queue = (await fin.get('/api/admin/finance/payouts')).json().items as { id: string; method: string; bank: unknown }[];
    expect(queue.find((q) => q.id === p.id)).toMatchObject({ method: 'stripe', bank: null });
    expect((await fin.post(`/api/admin/finance/payouts/${p.id}/reject`, { reason: 'Stripe 账户异常' })).statusCode).toBe(200);
    await runDueJobs(t.app.ctx);
    expect(transferRequests(p.id)).toHaveLength(0);
    expect(await payoutRow(p.id)).toMatchObject({ status: 'rejected' });
    expect(await balance(id, 'influencer_available')).toBe(30_000);
  });
});

describe('an agency', () => {
  it('withdraws its share to Stripe; a reversal returns it to the agency’s balance', async () => {
    const ag = await makeAgency(db(), { user: { passwordHash: hash } });
    await db().transaction(async (tx) =>
      post(
        tx,
        {
          kind: 'topup',
          memo: 'agency share (test)',
          idempotencyKey: `test-agency-funds:${ag.user.id}`,
          lines: [
            { accountId: await accountFor(tx, 'world_payments_in', null), amountCents: -60_000 },
            { accountId: await accountFor(tx, 'agency_available', ag.user.id), amountCents: 60_000 },
          ],
        },
        clock.now(),
      ),
    );
    const c = await signedIn(t.app, ag.user.email);
    await linked(c);
    const p = await withdraw(c, 60_000);
    expect(await balance(ag.user.id, 'agency_available')).toBe(0);
    await runDueJobs(t.app.ctx);
    const tr = (await payoutRow(p.id)).providerRef!;
    expect(tr).toMatch(/^tr_/);
    expect((await deliver(fake.event('transfer.reversed', fake.reverse(tr)))).json()).toEqual({ ok: true, duplicate: false });
    expect(await balance(ag.user.id, 'agency_available')).toBe(60_000);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe('without a linked account', () => {
  it('a withdrawal to a bank account goes to finance as before: no job, no transfer', async () => {
    const { id, c } = await influencer(30_000);
    const bank = await c.post('/api/wallet/bank-accounts', { holderName: '王小雨', bankName: '招商银行', accountNumber: '6222021234567890123' });
    const res = await c.post('/api/wallet/payouts', { amountCents: 10_000, bankAccountId: bank.json().bankAccount.id });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().payout;
    expect(p).toMatchObject({ method: 'bank', stripeAccountId: null, bank: { bankName: '招商银行', last4: '0123' } });
    expect(await pendingJobs(db(), 'stripe.payout_transfer').then((js) => js.filter((j) => j.payload.payoutId === p.id))).toEqual([]);
    await runDueJobs(t.app.ctx);
    expect(transferRequests(p.id)).toHaveLength(0);
    expect((await payoutRow(p.id)).status).toBe('requested');
    expect((await fin.post(`/api/admin/finance/payouts/${p.id}/paid`, { reference: 'CMB-1' })).statusCode).toBe(200);
    expect(await linesOf(`payout:${p.id}:paid`)).toEqual([
      { kind: 'payouts_in_transit', owner: id, amount: -10000 },
      { kind: 'world_payouts_out', owner: null, amount: 10000 },
    ]);
    // a body naming neither a bank account nor Stripe is refused
    expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 5000 }))).toMatchObject({ status: 404, code: 'BANK_ACCOUNT_NOT_FOUND' });
  });
});

describe('without Stripe configured', () => {
  it('offers no link (404), answers not_linked, and refuses a withdrawal to Stripe', async () => {
    const plain = await createTestApp({}, { clock });
    try {
      const inf = await makeInfluencer(plain.app.ctx.db, { user: { passwordHash: hash } });
      await fundWallet(plain.app.ctx.db, { userId: inf.user.id, userType: 'influencer', cents: 20_000 });
      const c = await signedIn(plain.app, inf.user.email);
      expect((await c.get('/api/wallet/stripe-account')).json()).toEqual({ offered: false, status: 'not_linked', accountId: null });
      expect(errorOf(await c.post('/api/wallet/stripe-account/link')).status).toBe(404);
      expect(errorOf(await c.post('/api/wallet/stripe-account/refresh')).status).toBe(404);
      expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 5000, destination: 'stripe' })).code).toBe('STRIPE_ACCOUNT_NOT_READY');
    } finally {
      await plain.close();
    }
  });
});

describe('the job and the event at the same moment', () => {
  it('pay once, round after round', async () => {
    const { id, c } = await influencer(100_000);
    await linked(c);
    for (let round = 0; round < 4; round++) {
      const p = await withdraw(c, 5_000);
      fake.state.dropTransferAnswers = 2;
      await runDueJobs(t.app.ctx);
      const [made] = [...fake.transfers.values()].filter((tr) => (tr.metadata as Record<string, string>).payoutId === p.id);
      clock.advance(3 * 60_000);
      const [, ev] = await Promise.all([runDueJobs(t.app.ctx), deliver(fake.event('transfer.created', made))]);
      expect(ev.statusCode).toBe(200);
      expect(await entries(`payout:${p.id}:paid`)).toHaveLength(1);
      expect(
        await db()
          .select()
          .from(jobs)
          .where(and(eq(jobs.key, `stripe.payout_transfer:${p.id}`))),
      ).toMatchObject([{ attempts: 2 }]);
    }
    expect(await balance(id, 'payouts_in_transit')).toBe(0);
    expect(await balance(id, 'influencer_available')).toBe(80_000);
  });
});
