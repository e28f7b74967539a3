/**
 * Bank accounts and payouts (decision 0020): accounts stored sealed and shown masked, withdrawals
 * between the minimum and the available balance with a working-day expected date, finance marking them
 * paid or returning them (audited, the owner notified), and nobody reaching another user's. After the
 * file the ledger invariants (payouts included) must hold.
 */
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer } from '../../db/factories';
import { adminLogs, bankAccounts, ledgerAccounts, ledgerEntries, ledgerLines, notifications, payouts } from '../../db/schema';
import type { LedgerAccountKind } from '../../../shared/money';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { checkLedger } from './ledger';
import { accountNumbers } from './payouts';

// Tuesday 1 Dec 2026, 10:00 in Beijing
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
let log = '';
let fin: Client;
let settingsAdmin: Client;
const db = () => t.app.ctx.db;
const NUMBER = '6222021234567890123';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock, logStream: stream });
  hash = await hashPassword('secret123');
  fin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
  settingsAdmin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['system_settings'] })).email);
});
afterAll(async () => {
  if (t) expect(await checkLedger(db())).toEqual([]);
  await t?.close();
});

/** money in a wallet, the way the factories put it there (a confirmed transfer and its entry) */
const fund = (userId: string, kind: 'influencer_available' | 'company_available', cents: number) =>
  fundWallet(db(), { userId, userType: kind === 'company_available' ? 'company' : 'influencer', cents });
const influencer = async (cents = 0) => {
  const inf = await makeInfluencer(db(), { nickname: '小雨', user: { passwordHash: hash } });
  if (cents) await fund(inf.user.id, 'influencer_available', cents);
  return { id: inf.user.id, c: await signedIn(t.app, inf.user.email) };
};
const addAccount = async (c: Client, accountNumber = NUMBER) => {
  const res = await c.post('/api/wallet/bank-accounts', { holderName: '王小雨', bankName: '招商银行', accountNumber });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().bankAccount as { id: string; last4: string };
};
const balanceOf = async (userId: string, kind: LedgerAccountKind) =>
  (
    await db()
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.kind, kind)))
  )[0]?.balanceCents ?? 0;
const del = (c: Client, id: string) => c.request({ method: 'DELETE', url: `/api/wallet/bank-accounts/${id}` });
const putSettings = async (patch: Record<string, unknown>) => {
  const base = (await settingsAdmin.get('/api/admin/settings')).json().settings;
  return settingsAdmin.request({ method: 'PUT', url: '/api/admin/settings', payload: { ...base, ...patch } });
};
const linesOf = async (key: string) =>
  (
    await db()
      .select({ kind: ledgerAccounts.kind, owner: ledgerAccounts.ownerId, amount: ledgerLines.amountCents })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
      .where(eq(ledgerEntries.idempotencyKey, key))
  ).sort((a, b) => a.amount - b.amount);

describe('bank accounts', () => {
  it('are added validated, stored sealed, shown masked, never logged, and removed softly', async () => {
    const { id, c } = await influencer();
    expect(errorOf(await c.post('/api/wallet/bank-accounts', { holderName: ' ', bankName: '招商银行', accountNumber: NUMBER })).code).toBe(
      'BANK_HOLDER_REQUIRED',
    );
    expect(errorOf(await c.post('/api/wallet/bank-accounts', { holderName: '王小雨', bankName: '', accountNumber: NUMBER })).code).toBe('BANK_NAME_REQUIRED');
    for (const bad of ['12345', '1'.repeat(35), '6222abc123456', '', 622202123456]) {
      expect(errorOf(await c.post('/api/wallet/bank-accounts', { holderName: '王小雨', bankName: '招商银行', accountNumber: bad }))).toMatchObject({
        status: 400,
        code: 'BANK_ACCOUNT_NUMBER_INVALID',
      });
    }
    // spaces and dashes as printed on a card are fine
    const res = await c.post('/api/wallet/bank-accounts', { holderName: '王小雨', bankName: '招商银行', accountNumber: '6222 0212-3456 7890 123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bankAccount).toEqual({
      id: expect.any(String),
      holderName: '王小雨',
      bankName: '招商银行',
      last4: '0123',
      createdAt: clock.now().toISOString(),
    });
    expect(res.body).not.toContain('6222');
    const list = await c.get('/api/wallet/bank-accounts');
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toContain('62220212');

    // at rest: sealed under this owner (AES-256-GCM); it opens for the owner only
    const [row] = await db().select().from(bankAccounts).where(eq(bankAccounts.userId, id));
    expect(row.accountNumberEnc).toMatch(/^v1\./);
    expect(row.accountNumberEnc).not.toContain('6222');
    expect(row.accountLast4).toBe('0123');
    expect(accountNumbers(t.app.ctx).open(row.accountNumberEnc, id)).toBe(NUMBER);
    expect(() => accountNumbers(t.app.ctx).open(row.accountNumberEnc, '00000000-0000-4000-8000-000000000001')).toThrow();
    // the same number sealed twice differs (fresh IV)
    expect(accountNumbers(t.app.ctx).seal(NUMBER, id)).not.toBe(accountNumbers(t.app.ctx).seal(NUMBER, id));
    expect(log).not.toContain('62220212');
    expect(log).not.toContain('6222 0212');
    expect(log).not.toContain('6222abc');

    // removal is soft and only by the owner
    const other = await influencer();
    expect(errorOf(await del(other.c, row.id))).toMatchObject({ status: 404, code: 'BANK_ACCOUNT_NOT_FOUND' });
    const removed = await del(c, row.id);
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    expect(errorOf(await del(c, row.id)).status).toBe(404);
    expect((await c.get('/api/wallet/bank-accounts')).json().items).toEqual([]);
    expect((await db().select().from(bankAccounts).where(eq(bankAccounts.id, row.id)))[0].removedAt).not.toBeNull();
  });

  it('at most five at once; visitors 401, admins 403', async () => {
    const { c } = await influencer();
    for (let i = 0; i < 5; i++) await addAccount(c, `62220212345678${i}`);
    expect(errorOf(await c.post('/api/wallet/bank-accounts', { holderName: '王小雨', bankName: '招商银行', accountNumber: NUMBER }))).toMatchObject({
      status: 409,
      code: 'BANK_ACCOUNT_LIMIT',
    });
    const visitor = new Client(t.app);
    expect(errorOf(await visitor.get('/api/wallet/bank-accounts')).status).toBe(401);
    expect(errorOf(await visitor.post('/api/wallet/bank-accounts', { holderName: 'a', bankName: 'b', accountNumber: NUMBER })).status).toBe(401);
    expect(errorOf(await visitor.get('/api/wallet/payouts')).status).toBe(401);
    expect(errorOf(await visitor.post('/api/wallet/payouts', { amountCents: 1000, bankAccountId: '00000000-0000-4000-8000-000000000001' })).status).toBe(401);
    expect(errorOf(await fin.get('/api/wallet/bank-accounts')).status).toBe(403);
    expect(errorOf(await fin.post('/api/wallet/payouts', { amountCents: 1000, bankAccountId: '00000000-0000-4000-8000-000000000001' })).status).toBe(403);
  });
});

describe('withdrawals', () => {
  it('between the minimum and the available balance, to an own live account; the money moves into transit in the same step', async () => {
    const { id, c } = await influencer(5000);
    const bank = await addAccount(c);
    const listed = (await c.get('/api/wallet/payouts')).json();
    expect(listed).toEqual({ items: [], total: 0, page: 1, limit: 50, minCents: 1000, expected: { earliest: '2026-12-04', latest: '2026-12-08' } });

    expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 999, bankAccountId: bank.id }))).toMatchObject({
      status: 400,
      code: 'PAYOUT_BELOW_MINIMUM',
      message: '单笔提现金额不能低于 $10.00',
    });
    for (const bad of ['0', '-5', '1e3', '10.001', 10]) {
      expect(errorOf(await c.post('/api/wallet/payouts', { amount: bad, bankAccountId: bank.id })).code).toBe('MONEY_AMOUNT_INVALID');
    }
    expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 5001, bankAccountId: bank.id }))).toMatchObject({
      status: 409,
      code: 'WALLET_INSUFFICIENT',
    });
    // another user's account, a removed one, an unknown one: 404
    const other = await influencer(5000);
    const hers = await addAccount(other.c);
    expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 1000, bankAccountId: hers.id }))).toMatchObject({
      status: 404,
      code: 'BANK_ACCOUNT_NOT_FOUND',
    });
    const gone = await addAccount(c, '123456');
    await del(c, gone.id);
    expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 1000, bankAccountId: gone.id })).status).toBe(404);
    expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 1000, bankAccountId: 'nope' })).status).toBe(404);
    // nothing of the refused ones stayed
    expect(await db().select().from(payouts).where(eq(payouts.userId, id))).toEqual([]);
    expect(await balanceOf(id, 'influencer_available')).toBe(5000);

    const res = await c.post('/api/wallet/payouts', { amountCents: 5000, bankAccountId: bank.id });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().payout;
    expect(p).toEqual({
      id: expect.any(String),
      amountCents: 5000,
      status: 'requested',
      method: 'bank',
      expectedBy: '2026-12-08',
      bank: { holderName: '王小雨', bankName: '招商银行', last4: '0123' },
      stripeAccountId: null,
      reference: null,
      rejectReason: null,
      createdAt: clock.now().toISOString(),
      decidedAt: null,
    });
    expect(await linesOf(`payout:${p.id}:request`)).toEqual([
      { kind: 'influencer_available', owner: id, amount: -5000 },
      { kind: 'payouts_in_transit', owner: id, amount: 5000 },
    ]);
    expect(await balanceOf(id, 'influencer_available')).toBe(0);
    expect((await c.get('/api/wallet')).json().availableCents).toBe(0);
    expect((await c.get('/api/wallet/payouts')).json().items.map((x: { id: string }) => x.id)).toEqual([p.id]);
    // the other user sees none of it
    expect((await other.c.get('/api/wallet/payouts')).json().items).toEqual([]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('a company withdraws unused available balance the same way', async () => {
    const co = await makeCompany(db(), { user: { passwordHash: hash } });
    await fund(co.user.id, 'company_available', 250_000);
    const c = await signedIn(t.app, co.user.email);
    const bank = await addAccount(c);
    const res = await c.post('/api/wallet/payouts', { amountCents: 100_000, bankAccountId: bank.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linesOf(`payout:${res.json().payout.id}:request`)).toEqual([
      { kind: 'company_available', owner: co.user.id, amount: -100_000 },
      { kind: 'payouts_in_transit', owner: co.user.id, amount: 100_000 },
    ]);
    expect(await balanceOf(co.user.id, 'company_available')).toBe(150_000);
  });

  it('the minimum and the holidays come from 系统设置 (validated, sorted, deduplicated)', async () => {
    expect(errorOf(await putSettings({ holidays: ['2026-12-03', '2026-02-30'] }))).toMatchObject({ status: 400, code: 'SETTING_HOLIDAYS_INVALID' });
    expect(errorOf(await putSettings({ holidays: '2026-12-03' })).code).toBe('SETTING_HOLIDAYS_INVALID');
    expect(errorOf(await putSettings({ payoutMinCents: 99 })).code).toBe('SETTING_PAYOUT_MIN_INVALID');
    expect(errorOf(await putSettings({ payoutMinCents: 10.5 })).status).toBe(400);
    const saved = await putSettings({ holidays: ['2026-12-04', '2026-12-03', '2026-12-03', ' 2026-12-05'], payoutMinCents: 2000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ holidays: ['2026-12-03', '2026-12-04', '2026-12-05'], payoutMinCents: 2000 });
    const [logRow] = await db().select().from(adminLogs).where(eq(adminLogs.actionType, 'settings_update'));
    expect(logRow.after).toMatchObject({ holidays: ['2026-12-03', '2026-12-04', '2026-12-05'], payoutMinCents: 2000 });

    const { c } = await influencer(5000);
    const bank = await addAccount(c);
    // Thursday 3 and Friday 4 Dec are holidays (Saturday 5 too, which changes nothing): 2, 7, 8, 9, 10 Dec
    expect((await c.get('/api/wallet/payouts')).json()).toMatchObject({ minCents: 2000, expected: { earliest: '2026-12-08', latest: '2026-12-10' } });
    expect(errorOf(await c.post('/api/wallet/payouts', { amountCents: 1999, bankAccountId: bank.id })).message).toBe('单笔提现金额不能低于 $20.00');
    const res = await c.post('/api/wallet/payouts', { amountCents: 2000, bankAccountId: bank.id });
    expect(res.json().payout.expectedBy).toBe('2026-12-10');
    expect((await putSettings({ holidays: [], payoutMinCents: 1000 })).statusCode).toBe(200);
  });
});

describe('finance: paid or returned', () => {
  it('lists requested payouts oldest first; marks one paid with a reference, returns another with a reason; audited; the owner notified; once only', async () => {
    const { id, c } = await influencer(10_000);
    const bank = await addAccount(c);
    const a = (await c.post('/api/wallet/payouts', { amountCents: 3000, bankAccountId: bank.id })).json().payout;
    clock.advance(60_000);
    const b = (await c.post('/api/wallet/payouts', { amountCents: 4550, bankAccountId: bank.id })).json().payout;
    expect(await balanceOf(id, 'payouts_in_transit')).toBe(7550);

    const pending = (await fin.get('/api/admin/finance/payouts')).json().items as { id: string; name: string; email: string; bank: { last4: string } }[];
    const mine = pending.filter((p) => p.id === a.id || p.id === b.id);
    expect(mine.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(mine[0]).toMatchObject({ name: '小雨', userType: 'influencer', bank: { bankName: '招商银行', holderName: '王小雨', last4: '0123' } });
    expect(JSON.stringify(pending)).not.toContain('62220212');

    expect(errorOf(await fin.post(`/api/admin/finance/payouts/${a.id}/paid`, { reference: ' ' }))).toMatchObject({
      status: 400,
      code: 'PAYOUT_REFERENCE_REQUIRED',
    });
    expect(errorOf(await fin.post(`/api/admin/finance/payouts/${b.id}/reject`, {})).code).toBe('PAYOUT_REJECT_REASON_REQUIRED');
    expect(errorOf(await fin.post('/api/admin/finance/payouts/00000000-0000-4000-8000-000000000001/paid', { reference: 'x' }))).toMatchObject({
      status: 404,
      code: 'PAYOUT_NOT_FOUND',
    });

    // deciding answers the payout as 财务's list shows it now (decision 0056)
    expect((await fin.post(`/api/admin/finance/payouts/${a.id}/paid`, { reference: 'CMB20261201-0001' })).json().payout).toMatchObject({
      id: a.id,
      status: 'paid',
      decidedBy: expect.any(String),
    });
    expect(errorOf(await fin.post(`/api/admin/finance/payouts/${a.id}/paid`, { reference: 'again' }))).toMatchObject({
      status: 409,
      code: 'PAYOUT_NOT_PENDING',
    });
    expect(errorOf(await fin.post(`/api/admin/finance/payouts/${a.id}/reject`, { reason: 'x' })).code).toBe('PAYOUT_NOT_PENDING');
    expect(await linesOf(`payout:${a.id}:paid`)).toEqual([
      { kind: 'payouts_in_transit', owner: id, amount: -3000 },
      { kind: 'world_payouts_out', owner: null, amount: 3000 },
    ]);

    expect((await fin.post(`/api/admin/finance/payouts/${b.id}/reject`, { reason: '户名与账号不符' })).json().payout).toMatchObject({
      id: b.id,
      status: 'rejected',
    });
    expect(errorOf(await fin.post(`/api/admin/finance/payouts/${b.id}/paid`, { reference: 'x' })).code).toBe('PAYOUT_NOT_PENDING');
    expect(await linesOf(`payout:${b.id}:rejected`)).toEqual([
      { kind: 'payouts_in_transit', owner: id, amount: -4550 },
      { kind: 'influencer_available', owner: id, amount: 4550 },
    ]);
    expect(await balanceOf(id, 'payouts_in_transit')).toBe(0);
    expect(await balanceOf(id, 'influencer_available')).toBe(10_000 - 3000);

    // the owner's view
    const seen = (await c.get('/api/wallet/payouts')).json().items as { id: string; status: string; reference: string | null; rejectReason: string | null }[];
    expect(seen.map((p) => [p.id, p.status, p.reference, p.rejectReason])).toEqual([
      [b.id, 'rejected', null, '户名与账号不符'],
      [a.id, 'paid', 'CMB20261201-0001', null],
    ]);
    const done = (await fin.get('/api/admin/finance/payouts?status=done')).json().items.map((p: { id: string }) => p.id);
    expect(done).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await fin.get('/api/admin/finance/payouts')).json().items.map((p: { id: string }) => p.id)).not.toContain(a.id);

    const logs = await db().select().from(adminLogs).where(eq(adminLogs.targetType, 'payout'));
    expect(logs.map((l) => [l.targetId, l.actionType]).sort()).toEqual(
      [
        [a.id, 'payout_paid'],
        [b.id, 'payout_reject'],
      ].sort(),
    );
    const notes = await db().select().from(notifications).where(eq(notifications.userId, id));
    expect(notes.map((n) => [n.type, n.body]).sort()).toEqual([
      ['payout_paid', '您的提现 $30.00 已打款至您的银行账户，银行流水号：CMB20261201-0001。'],
      ['payout_rejected', '您的提现 $45.50 未能打款，金额已退回钱包可用余额。原因：户名与账号不符。'],
    ]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('only admins holding finance: visitors 401, users and other admins 403', async () => {
    const { c } = await influencer();
    const visitor = new Client(t.app);
    const noFinance = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['users'] })).email);
    const id = '00000000-0000-4000-8000-000000000001';
    for (const [who, status] of [
      [visitor, 401],
      [c, 403],
      [noFinance, 403],
    ] as const) {
      expect(errorOf(await who.get('/api/admin/finance/payouts')).status).toBe(status);
      expect(errorOf(await who.post(`/api/admin/finance/payouts/${id}/paid`, { reference: 'x' })).status).toBe(status);
      expect(errorOf(await who.post(`/api/admin/finance/payouts/${id}/reject`, { reason: 'x' })).status).toBe(status);
    }
  });

  it('checkLedger() notices payouts whose money is not where they say (changes made by hand, rolled back)', async () => {
    const { c } = await influencer(2000);
    const bank = await addAccount(c);
    const p = (await c.post('/api/wallet/payouts', { amountCents: 2000, bankAccountId: bank.id })).json().payout;
    const rolledBack = new Error('rollback');
    const problemsAfter = async (change: (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0]) => Promise<unknown>) => {
      let problems: string[] = [];
      await db()
        .transaction(async (tx) => {
          await change(tx);
          problems = await checkLedger(tx);
          throw rolledBack;
        })
        .catch((e: unknown) => {
          if (e !== rolledBack) throw e;
        });
      return problems;
    };
    expect(await problemsAfter(async () => undefined)).toEqual([]);
    const amount = await problemsAfter((tx) => tx.update(payouts).set({ amountCents: 1999 }).where(eq(payouts.id, p.id)));
    expect(amount).toEqual([
      expect.stringContaining(`payout ${p.id} (requested): its request entry`),
      expect.stringMatching(/2000 in transit, but requested payouts add up to 1999/),
    ]);
    const [row] = await db().select().from(payouts).where(eq(payouts.id, p.id));
    const paidByHand = await problemsAfter((tx) => tx.update(payouts).set({ status: 'paid', decisionEntryId: row.requestEntryId }).where(eq(payouts.id, p.id)));
    expect(paidByHand).toEqual([
      expect.stringContaining(`payout ${p.id} (paid): its decision entry`),
      expect.stringMatching(/2000 in transit, but requested payouts add up to 0/),
    ]);
  });
});

describe('the lists of payouts page in SQL (decision 0056)', () => {
  it('the wallet’s payouts and 财务’s waiting ones: `limit` per page, a true `total`, every row once', async () => {
    const fin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
    const before = (await fin.get('/api/admin/finance/payouts?limit=1')).json().total as number;
    const inf = await influencer(100_000);
    const bank = await addAccount(inf.c);
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const res = await inf.c.post('/api/wallet/payouts', { amountCents: 10_000, bankAccountId: bank.id });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().payout.id as string);
    }
    const first = (await inf.c.get('/api/wallet/payouts?limit=2')).json();
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    const second = (await inf.c.get('/api/wallet/payouts?limit=2&page=2')).json();
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect([...first.items, ...second.items].map((x: { id: string }) => x.id).sort()).toEqual([...ids].sort());
    const all: string[] = [];
    for (let page = 1; ; page += 1) {
      const body = (await fin.get(`/api/admin/finance/payouts?limit=2&page=${page}`)).json();
      expect(body.total).toBe(before + 3);
      if (body.items.length === 0) break;
      all.push(...body.items.map((x: { id: string }) => x.id));
    }
    expect(all).toHaveLength(before + 3);
    expect(new Set(all).size).toBe(all.length);
  });
});
