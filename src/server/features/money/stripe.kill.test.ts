/**
 * A server killed (SIGKILL) while it handles Stripe's webhook pays once (issue 39 item 7, decision 0055), on
 * PostgreSQL with real server processes: the first server credits the top-up, then — asking Stripe (the local
 * Stripe-compatible server, holding the request) for the fee — is killed before it answers. Stripe, having no
 * answer, delivers the same event again to a second server on the same database: it answers 2xx as a duplicate,
 * the wallet holds the amount once, the fee is booked once, and the books balance.
 *
 * PostgreSQL only (an embedded database lives inside one process): it runs in the PostgreSQL pass.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../db/factories';
import { ledgerEntries, topups } from '../../db/schema';
import { hashPassword } from '../auth';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeServer } from '../../test/stripeServer';
import { checkLedger } from './ledger';
import { freePort } from '../../test/ports';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The real server (src/server/main.ts) on the test's database, its Stripe the local one. */
async function server(t: TestApp, stripeUrl: string) {
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
      JOBS_POLL_MS: '0',
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeUrl,
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

describe.skipIf(!onPostgres)('a server killed while it handles Stripe’s webhook (PostgreSQL, real processes)', () => {
  let t: TestApp;
  const fake = stripeServer();
  const servers: { stop(): Promise<void> }[] = [];
  let stripeUrl = '';
  beforeAll(async () => {
    stripeUrl = await fake.start();
    t = await createTestApp({
      RATE_LIMIT_MAX: '0',
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeUrl,
    });
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await fake.close();
    await t?.close();
  });

  it('credits once when the delivery is retried after the kill, and books the fee once', async () => {
    const db = t.app.ctx.db;
    const co = await makeCompany(db, { user: { passwordHash: await hashPassword('secret123') } });
    const c = await signedIn(t.app, co.user.email);
    const created = await c.post('/api/wallet/topups', { amountCents: 12_000, method: 'stripe' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().topup.id as string;
    const [row] = await db.select().from(topups).where(eq(topups.id, id));
    const session = fake.pay(row.providerRef!, { feeCents: 378 });
    const payload = fake.event('checkout.session.completed', session);

    // the first server takes the delivery; Stripe (the fake) holds its question about the fee, so it never answers
    fake.state.holdIntents = true;
    const first = await server(t, stripeUrl);
    servers.push(first);
    let answered = false;
    const delivery = fetch(`${first.base}/api/payments/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
      body: payload,
    }).then(
      () => (answered = true),
      () => false,
    );
    await until('the fee asked of Stripe', () => fake.requests.some((r) => r.path === `/v1/payment_intents/${session.payment_intent}`));
    await first.kill();
    await delivery;
    expect(answered).toBe(false);
    // the credit had committed; the fee had not been booked
    const [mid] = await db.select().from(topups).where(eq(topups.id, id));
    expect(mid).toMatchObject({ status: 'succeeded', feeCents: null });

    // Stripe got no answer, so it delivers the same event again (signed anew) — to a second server
    fake.state.holdIntents = false;
    const second = await server(t, stripeUrl);
    servers.push(second);
    const retry = await fetch(`${second.base}/api/payments/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
      body: payload,
    });
    expect(retry.status, await retry.clone().text()).toBe(200);
    expect(await retry.json()).toEqual({ ok: true, duplicate: true });
    await second.stop();

    expect((await c.get('/api/wallet')).json().availableCents).toBe(12000);
    const [done] = await db.select().from(topups).where(eq(topups.id, id));
    expect(done.feeCents).toBe(378);
    expect(
      await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, `topup:${id}`)),
    ).toHaveLength(1);
    expect(
      await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, `topup:${id}:fee`)),
    ).toHaveLength(1);
    expect(await checkLedger(db)).toEqual([]);
  }, 180_000);
});
