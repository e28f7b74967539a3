/**
 * Demo data in production (decision 0032): demo accounts are stored data (users.is_demo); demo money never
 * leaves; a production site refuses their sign-in unless SEED_DEMO=true, says how many there are (log and
 * 概览) and removes them in one audited transaction that leaves the ledger balanced; the developer pages are
 * 404 there.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer, makeTask, makeUser } from '../../db/factories';
import { queryRows } from '../../db/client';
import { adminLogs, deals, ledgerAccounts, sessions, tasks, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { makeReportedDeal } from '../../test/moneyDeal';
import { fireDealEvent } from '../deals';
import { checkLedger } from '../money';
import { demoBalances, grantDemoMoney } from './money';
import { countDemoAccounts, warnAboutDemoData } from './service';

const NOW = new Date('2026-12-01T02:00:00Z');
const markDemo = (t: TestApp, ids: string[]) => t.app.ctx.db.update(users).set({ isDemo: true }).where(inArray(users.id, ids));
const bank = { holderName: '王小雨', bankName: '招商银行', accountNumber: '6225880212345678' };
async function withdraw(c: Client, amountCents: number) {
  const acct = await c.post('/api/wallet/bank-accounts', bank);
  expect(acct.statusCode).toBe(200);
  return c.post('/api/wallet/payouts', { amountCents, bankAccountId: (acct.json() as { bankAccount: { id: string } }).bankAccount.id });
}

describe('demo money cannot leave (development or production alike)', () => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  });
  afterAll(async () => t?.close());

  it('money granted to a demo account is booked against world_demo (no top-up) and its payout is refused with a clear message', async () => {
    const { user } = await makeInfluencer(t.app.ctx.db, { user: { isDemo: true } });
    await grantDemoMoney(t.app.ctx.db, { userId: user.id, userType: 'influencer', cents: 150_000 }, clock.now());
    const c = await signedIn(t.app, user.email);
    const wallet = (await c.get('/api/wallet')).json() as { availableCents: number; statement: { items: { kind: string }[] } };
    expect(wallet.availableCents).toBe(150_000);
    expect(wallet.statement.items.map((i) => i.kind)).toEqual(['demo_grant']);
    const res = await withdraw(c, 10_000);
    expect(errorOf(res)).toEqual({ status: 409, code: 'DEMO_MONEY_PAYOUT', message: '演示资金不能提现：您的余额中有 $1,500.00 为演示资金，最多可提现 $0.00' });
    expect((await c.get('/api/wallet')).json()).toMatchObject({ availableCents: 150_000 });
    const [topups] = await queryRows<{ n: string }>(t.app.ctx.db, sql`select count(*)::text as n from topups where user_id = ${user.id}`);
    expect(topups.n).toBe('0');
    // money the account topped up itself is no demo money: that part can go
    await fundWallet(t.app.ctx.db, { userId: user.id, userType: 'influencer', cents: 20_000 });
    expect(errorOf(await withdraw(c, 20_001))).toMatchObject({ status: 409, code: 'DEMO_MONEY_PAYOUT' });
    expect((await withdraw(c, 20_000)).statusCode).toBe(200);
  });

  it('a real influencer paid out of a demo company’s escrow cannot withdraw that part, only the rest', async () => {
    const d = await makeReportedDeal(t.app.ctx.db, clock.now(), { feeCents: 100_000 });
    await markDemo(t, [d.company.id]);
    await fireDealEvent(t.app.ctx, d.company, d.dealId, 'confirm', {}, { ip: '127.0.0.1' });
    // $900.00 (the fee less 10%) came out of demo money; $200.00 more is real (a real company's deal)
    const real = await makeReportedDeal(t.app.ctx.db, clock.now(), { feeCents: 20_000, platformFeeBps: 0, influencer: d.influencer });
    await fireDealEvent(t.app.ctx, real.company, real.dealId, 'confirm', {}, { ip: '127.0.0.1' });
    const c = await signedIn(t.app, d.influencer.email);
    expect(errorOf(await withdraw(c, 20_001))).toMatchObject({ status: 409, code: 'DEMO_MONEY_PAYOUT' });
    expect((await withdraw(c, 20_000)).statusCode).toBe(200);
    const demo = await demoBalances(t.app.ctx.db);
    expect(demo.realUsers).toEqual([{ userId: d.influencer.id, cents: 90_000 }]);
    expect(demo.platformFeeCents).toBe(10_000);
  });
});

describe('production: sign-in, the start-up warning, 概览 and the developer pages', () => {
  let prod: TestApp;
  let web: string;
  const lines: string[] = [];
  const log = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  let demoCompany: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'lc-web-'));
    copyFileSync(path.resolve('src/web/index.html'), path.join(web, 'index.html'));
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com', LOG_LEVEL: 'warn' }, { webDist: web, logStream: log });
    expect(prod.config.seedDemo).toBe(false);
    demoCompany = (await makeCompany(prod.app.ctx.db, { user: { isDemo: true } })).user.email;
    await makeInfluencer(prod.app.ctx.db, { user: { isDemo: true } });
    await makeUser(prod.app.ctx.db, { email: 'real@example.com' });
  });
  afterAll(async () => {
    await prod?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('refuses a demo account’s sign-in (403 DEMO_ACCOUNT_DISABLED), a real one signs in', async () => {
    const res = await new Client(prod.app).post('/api/auth/login', { email: demoCompany, password: 'secret123' });
    expect(errorOf(res)).toEqual({ status: 403, code: 'DEMO_ACCOUNT_DISABLED', message: '演示账号不能登录正式环境的网站' });
    // a wrong password says nothing about the account
    expect(errorOf(await new Client(prod.app).post('/api/auth/login', { email: demoCompany, password: 'wrong-one' })).code).toBe('INVALID_CREDENTIALS');
    expect((await new Client(prod.app).post('/api/auth/login', { email: 'real@example.com', password: 'secret123' })).statusCode).toBe(200);
  });

  it('warns once at start with the number of demo accounts and ends the sessions they still hold', async () => {
    const [demo] = await prod.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, demoCompany));
    await prod.app.ctx.db.insert(sessions).values({ id: 'demo-session-hash', userId: demo.id, expiresAt: new Date(Date.now() + 3_600_000) });
    lines.length = 0;
    expect(await warnAboutDemoData(prod.app.ctx)).toBe(2);
    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string; demoAccounts?: number }).filter((l) => l.demoAccounts !== undefined);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, demoAccounts: 2 });
    expect(warnings[0].msg).toContain('2 demo account(s)');
    expect(await prod.app.ctx.db.select().from(sessions).where(eq(sessions.userId, demo.id))).toEqual([]);
  });

  it('概览 says how many demo accounts there are', async () => {
    const admin = await signedIn(prod.app, (await makeAdmin(prod.app.ctx.db)).email);
    expect((await admin.get('/api/admin/overview')).json()).toMatchObject({ demoAccounts: 2 });
  });

  it('the developer pages answer 404 with the not-found page, from this machine too', async () => {
    for (const url of ['/email-test', '/sms-test', '/image-upload-test', '/influencer-image-upload-test', '/route-test', '/route-test/42', '/email-test/']) {
      const res = await new Client(prod.app, { ip: '127.0.0.1' }).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('status-page__code');
    }
    expect((await new Client(prod.app).get('/login-test')).statusCode).toBe(200);
  });

  it('with SEED_DEMO=true the demo accounts sign in', async () => {
    const other = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com', SEED_DEMO: 'true' });
    try {
      const { user } = await makeCompany(other.app.ctx.db, { user: { isDemo: true } });
      expect((await new Client(other.app).post('/api/auth/login', { email: user.email, password: 'secret123' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('development: the developer pages still answer this machine', () => {
  it('200 from 127.0.0.1; 概览 has no demo count', async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'lc-web-'));
    copyFileSync(path.resolve('src/web/index.html'), path.join(web, 'index.html'));
    const dev = await createTestApp({}, { webDist: web });
    try {
      expect((await new Client(dev.app, { ip: '127.0.0.1' }).get('/email-test')).statusCode).toBe(200);
      expect((await new Client(dev.app, { ip: '127.0.0.1' }).get('/route-test/42')).statusCode).toBe(200);
      const admin = await signedIn(dev.app, (await makeAdmin(dev.app.ctx.db)).email);
      expect((await admin.get('/api/admin/overview')).json()).toMatchObject({ demoAccounts: null });
    } finally {
      await dev.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

describe('removing the demo data (概览 → 删除演示数据)', () => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
    admin = await signedIn(t.app, (await makeAdmin(t.app.ctx.db)).email);
  });
  afterAll(async () => t?.close());
  const db = () => t.app.ctx.db;

  it('a visitor gets 401, a company or an influencer 403, an admin without user_management or finance 403', async () => {
    const { user: co } = await makeCompany(db());
    const { user: inf } = await makeInfluencer(db());
    const usersOnly = await makeAdmin(db(), { permissions: ['user_management'] });
    const financeOnly = await makeAdmin(db(), { permissions: ['finance'] });
    for (const url of ['/api/admin/demo-data/remove']) {
      expect(errorOf(await new Client(t.app).post(url)).status).toBe(401);
      expect(errorOf(await (await signedIn(t.app, co.email)).post(url)).status).toBe(403);
      expect(errorOf(await (await signedIn(t.app, inf.email)).post(url)).status).toBe(403);
      expect(errorOf(await (await signedIn(t.app, usersOnly.email)).post(url))).toMatchObject({ status: 403, code: 'ADMIN_PERMISSION_MISSING' });
      expect(errorOf(await (await signedIn(t.app, financeOnly.email)).post(url))).toMatchObject({ status: 403, code: 'ADMIN_PERMISSION_MISSING' });
    }
    expect(errorOf(await new Client(t.app).get('/api/admin/demo-data')).status).toBe(401);
    expect(errorOf(await (await signedIn(t.app, usersOnly.email)).get('/api/admin/demo-data')).status).toBe(403);
  });

  it('is refused while a demo account has a deal with a real one, and refused to a demo admin', async () => {
    const mixed = await makeReportedDeal(db(), clock.now(), { feeCents: 10_000 });
    await markDemo(t, [mixed.company.id]);
    expect((await admin.get('/api/admin/demo-data')).json()).toMatchObject({ mixedDeals: 1 });
    const before = await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from users`);
    expect(errorOf(await admin.post('/api/admin/demo-data/remove'))).toMatchObject({ status: 409, code: 'DEMO_DATA_IN_USE' });
    expect(await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from users`)).toEqual(before);
    // (the rest of this file works without that deal: its company becomes a real one again, and the deal settles)
    await db().update(users).set({ isDemo: false }).where(eq(users.id, mixed.company.id));
    await fireDealEvent(t.app.ctx, mixed.company, mixed.dealId, 'confirm', {}, { ip: '127.0.0.1' });

    const demoAdmin = await makeAdmin(db());
    await markDemo(t, [demoAdmin.id]);
    const c = await signedIn(t.app, demoAdmin.email);
    expect(errorOf(await c.post('/api/admin/demo-data/remove'))).toMatchObject({ status: 409, code: 'DEMO_DATA_OWN_ACCOUNT' });
  });

  it('removes the demo accounts, their tasks, deals and demo money in one audited transaction; the ledger stays balanced', async () => {
    // a demo company and a demo influencer with a settled deal between them (demo fee in the platform's revenue)…
    const demoInf = await makeInfluencer(db(), { user: { isDemo: true } });
    const infUser = { id: demoInf.user.id, email: demoInf.user.email, userType: 'influencer' as const, sessionId: 'x' };
    const demoDeal = await makeReportedDeal(db(), clock.now(), { feeCents: 50_000, influencer: infUser });
    await markDemo(t, [demoDeal.company.id]);
    await fireDealEvent(t.app.ctx, demoDeal.company, demoDeal.dealId, 'confirm', {}, { ip: '127.0.0.1' });
    await grantDemoMoney(db(), { userId: demoDeal.company.id, userType: 'company', cents: 1_000_000 }, clock.now());
    const [demoCo] = await queryRows<{ id: string }>(db(), sql`select id from companies where user_id = ${demoDeal.company.id}`);
    await makeTask(db(), { companyId: demoCo.id });
    // …and after it a real deal, so the platform's accounts have lines after the demo ones
    const real = await makeReportedDeal(db(), clock.now(), { feeCents: 30_000 });
    await fireDealEvent(t.app.ctx, real.company, real.dealId, 'confirm', {}, { ip: '127.0.0.1' });
    const revenue = async () =>
      (await db().select({ b: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'platform_fee_revenue')))[0]?.b;
    const revenueBefore = await revenue();

    const preview = (await admin.get('/api/admin/demo-data')).json() as { counts: Record<string, number>; mixedDeals: number };
    expect(preview).toMatchObject({ mixedDeals: 0, counts: { accounts: 3, tasks: 2, deals: 1, demoMoneyCents: 1_000_000 } });
    const res = await admin.post('/api/admin/demo-data/remove');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { removed: unknown }).removed).toEqual(preview.counts);

    expect(await countDemoAccounts(db())).toBe(0);
    expect(await db().select().from(deals).where(eq(deals.id, demoDeal.dealId))).toEqual([]);
    expect(await db().select().from(tasks).where(eq(tasks.companyId, demoCo.id))).toEqual([]);
    expect(await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'world_demo'))).toEqual([]);
    // the demo deal's $50.00 fee left the platform's revenue; the real deal's $30.00 stayed
    expect(await revenue()).toBe((revenueBefore ?? 0) - 5_000);
    expect(await checkLedger(db())).toEqual([]);
    const [entry] = await db()
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.actionType, 'demo_data_removed')));
    expect(entry).toMatchObject({ targetType: 'demo_data' });
    expect(entry.description).toContain('3 个演示账号');
    // the real deal and its people are untouched
    expect(await db().select({ id: deals.id }).from(deals).where(eq(deals.id, real.dealId))).toHaveLength(1);
    // nothing left: zeros, nothing audited again
    expect((await admin.post('/api/admin/demo-data/remove')).json()).toMatchObject({ removed: { accounts: 0, ledgerEntries: 0 } });
    expect(await db().select().from(adminLogs).where(eq(adminLogs.actionType, 'demo_data_removed'))).toHaveLength(1);
  });
});
