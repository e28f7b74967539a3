/**
 * Money, first slice (decision 0018): the ledger's post(), funding a company wallet through the sandbox
 * provider (signed webhook) and by bank transfer (confirmed by finance), the wallet and its statement.
 * After the file the ledger invariants must hold.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany, makeInfluencer } from '../../db/factories';
import { adminLogs, ledgerAccounts, ledgerEntries, ledgerLines, topups } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { accountFor, checkLedger, post } from './ledger';
import { sandboxProvider } from './service';

const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  hash = await hashPassword('secret123');
});
afterAll(async () => {
  if (t) expect(await checkLedger(db())).toEqual([]);
  await t?.close();
});

const company = async () => {
  const co = await makeCompany(db(), { companyName: '花漾美妆', user: { passwordHash: hash } });
  return { co, c: await signedIn(t.app, co.user.email) };
};

/** the provider's notification for a top-up, signed (or with the given signature) */
function webhook(body: Record<string, unknown>, signature?: string) {
  const raw = JSON.stringify(body);
  return new Client(t.app).request({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature ?? sandboxProvider(t.app.ctx).sign(raw, clock.nowMs()) },
  });
}
const paid = (providerRef: string, amountCents: number, type = 'checkout.succeeded') => ({ id: `evt_${providerRef}`, type, providerRef, amountCents });
const refOf = async (id: string) => (await db().select().from(topups).where(eq(topups.id, id)))[0];

describe('the ledger', () => {
  it('post() refuses unbalanced entries, is idempotent by key, and never takes a user below zero', async () => {
    const { co } = await company();
    const world = await accountFor(db(), 'world_payments_in', null);
    const wallet = await accountFor(db(), 'company_available', co.user.id);
    expect(await accountFor(db(), 'company_available', co.user.id)).toBe(wallet);
    const now = clock.now();
    await expect(
      db().transaction((tx) =>
        post(
          tx,
          {
            kind: 'test',
            idempotencyKey: 'x1',
            lines: [
              { accountId: world, amountCents: -100 },
              { accountId: wallet, amountCents: 99 },
            ],
          },
          now,
        ),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      db().transaction((tx) =>
        post(
          tx,
          {
            kind: 'test',
            idempotencyKey: 'x2',
            lines: [
              { accountId: world, amountCents: -0.5 },
              { accountId: wallet, amountCents: 0.5 },
            ],
          },
          now,
        ),
      ),
    ).rejects.toThrow(/integer cents/);
    const first = await db().transaction((tx) =>
      post(
        tx,
        {
          kind: 'test',
          idempotencyKey: 'k1',
          lines: [
            { accountId: world, amountCents: -500 },
            { accountId: wallet, amountCents: 500 },
          ],
        },
        now,
      ),
    );
    const again = await db().transaction((tx) =>
      post(
        tx,
        {
          kind: 'test',
          idempotencyKey: 'k1',
          lines: [
            { accountId: world, amountCents: -500 },
            { accountId: wallet, amountCents: 500 },
          ],
        },
        now,
      ),
    );
    expect(again).toEqual({ entryId: first.entryId, replayed: true });
    const balance = async () => (await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.id, wallet)))[0].balanceCents;
    expect(await balance()).toBe(500);
    // taking 501 out of 500: a clear error, and nothing of the entry stays
    const out = await accountFor(db(), 'world_payouts_out', null);
    const err = await db()
      .transaction((tx) =>
        post(
          tx,
          {
            kind: 'test',
            idempotencyKey: 'k2',
            lines: [
              { accountId: wallet, amountCents: -501 },
              { accountId: out, amountCents: 501 },
            ],
          },
          now,
        ),
      )
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'WALLET_INSUFFICIENT', status: 409, message: '余额不足' });
    expect(await balance()).toBe(500);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, 'k2'))).toEqual([]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('the database itself refuses an unbalanced commit, a user balance below zero, and changes to posted lines', async () => {
    const { co } = await company();
    const wallet = await accountFor(db(), 'company_available', co.user.id);
    // lines written around post(): the deferred trigger stops the commit
    await expect(
      db().transaction(async (tx) => {
        const [e] = await tx.insert(ledgerEntries).values({ kind: 'test', idempotencyKey: 'raw-1' }).returning();
        await tx.insert(ledgerLines).values({ entryId: e.id, accountId: wallet, amountCents: 100, balanceAfterCents: 100 });
      }),
    ).rejects.toThrow();
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, 'raw-1'))).toEqual([]);
    await expect(db().update(ledgerAccounts).set({ balanceCents: -1 }).where(eq(ledgerAccounts.id, wallet))).rejects.toThrow();
    const [line] = await db().select().from(ledgerLines).limit(1);
    await expect(db().update(ledgerLines).set({ amountCents: 1 }).where(eq(ledgerLines.id, line.id))).rejects.toThrow();
    await expect(db().delete(ledgerLines).where(eq(ledgerLines.id, line.id))).rejects.toThrow();
  });
});

describe('funding a wallet through the sandbox provider', () => {
  it('a top-up stays pending until the signed notification; a bad signature changes nothing; delivered twice, the money moves once', async () => {
    const { co, c } = await company();
    const created = await c.post('/api/wallet/topups', { amountCents: 123_456, method: 'sandbox' });
    expect(created.statusCode).toBe(200);
    const tp = created.json().topup;
    expect(tp).toMatchObject({ amountCents: 123456, method: 'sandbox', status: 'pending', bankReference: null, redirectUrl: `/wallet/sandbox-pay/${tp.id}` });
    expect((await c.get('/api/wallet')).json()).toMatchObject({ availableCents: 0, statement: { items: [] } });
    const { providerRef } = await refOf(tp.id);
    expect(providerRef).toMatch(/^sbx_/);

    // forged, tampered, stale: 400 and nothing changes
    const body = paid(providerRef!, 123456);
    expect(errorOf(await webhook(body, 't=1,v1=' + '0'.repeat(64)))).toMatchObject({
      status: 400,
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: '支付通知签名无效',
    });
    expect(errorOf(await webhook(body, ''))).toMatchObject({ status: 400, code: 'WEBHOOK_SIGNATURE_INVALID' });
    const sig = sandboxProvider(t.app.ctx).sign(JSON.stringify(body), clock.nowMs());
    expect(errorOf(await webhook({ ...body, amountCents: 99999999 }, sig)).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stale = sandboxProvider(t.app.ctx).sign(JSON.stringify(body), clock.nowMs() - 10 * 60_000);
    expect(errorOf(await webhook(body, stale)).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    // signed, but not the amount of the top-up
    expect(errorOf(await webhook(paid(providerRef!, 100)))).toMatchObject({ status: 400, code: 'TOPUP_AMOUNT_MISMATCH' });
    expect(errorOf(await webhook(paid('sbx_unknown', 100))).status).toBe(404);
    expect((await refOf(tp.id)).status).toBe('pending');
    expect((await c.get('/api/wallet')).json().availableCents).toBe(0);

    const ok = await webhook(body);
    expect(ok.json()).toEqual({ ok: true, duplicate: false });
    expect((await webhook(body)).json()).toEqual({ ok: true, duplicate: true });
    const wallet = (await c.get('/api/wallet')).json();
    expect(wallet).toMatchObject({ currency: 'USD', availableCents: 123456, pendingCents: 0, escrowCents: 0 });
    expect(wallet.statement.items).toEqual([expect.objectContaining({ kind: 'topup', memo: 'sandbox', amountCents: 123456, balanceAfterCents: 123456 })]);
    const list = (await c.get('/api/wallet/topups')).json().items;
    expect(list[0]).toMatchObject({ id: tp.id, status: 'succeeded', redirectUrl: null });
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `topup:${tp.id}`));
    expect(entries).toHaveLength(1);
    expect((await refOf(tp.id)).entryId).toBe(entries[0].id);
    void co;
  });

  it('a failed payment fails the top-up and moves nothing; the dev checkout button signs the same notification (this machine only, own top-ups only)', async () => {
    const { c } = await company();
    const tp = (await c.post('/api/wallet/topups', { amountCents: 5000, method: 'sandbox' })).json().topup;
    const { providerRef } = await refOf(tp.id);
    expect((await webhook(paid(providerRef!, 5000, 'checkout.failed'))).json()).toEqual({ ok: true, duplicate: false });
    expect((await refOf(tp.id)).status).toBe('failed');
    expect((await webhook(paid(providerRef!, 5000))).json()).toEqual({ ok: true, duplicate: true });
    expect((await c.get('/api/wallet')).json().availableCents).toBe(0);

    const local = new Client(t.app, { ip: '127.0.0.1' });
    expect((await local.post('/api/auth/login', { email: (await company()).co.user.email, password: 'secret123' })).statusCode).toBe(200);
    const mine = (await local.post('/api/wallet/topups', { amountCents: 2005, method: 'sandbox' })).json().topup;
    // someone else's top-up is not found; from another machine the route does not exist
    expect(errorOf(await local.post(`/api/dev/payments/sandbox/${tp.id}/pay`, {})).code).toBe('TOPUP_NOT_FOUND');
    expect((await c.post(`/api/dev/payments/sandbox/${mine.id}/pay`, {})).statusCode).toBe(404);
    expect((await local.post(`/api/dev/payments/sandbox/${mine.id}/pay`, {})).json()).toEqual({ ok: true, duplicate: false });
    expect((await local.post(`/api/dev/payments/sandbox/${mine.id}/pay`, {})).json()).toEqual({ ok: true, duplicate: true });
    expect((await local.get('/api/wallet')).json().availableCents).toBe(2005);
  });

  it('amounts are integer cents (decision 0053): a fraction, a string or dollars as typed are refused; every rule has its message', async () => {
    const { c } = await company();
    const bad = async (payload: unknown) => errorOf(await c.post('/api/wallet/topups', payload));
    expect(await bad({ amountCents: 12.5, method: 'sandbox' })).toMatchObject({ status: 400, code: 'MONEY_AMOUNT_INVALID' });
    expect(await bad({ amountCents: '1234', method: 'sandbox' })).toMatchObject({ code: 'MONEY_AMOUNT_INVALID' });
    expect(await bad({ amountCents: -500, method: 'sandbox' })).toMatchObject({ code: 'MONEY_AMOUNT_RANGE' });
    expect(await bad({ amount: '12.34', method: 'sandbox' })).toMatchObject({ status: 400, code: 'MONEY_AMOUNT_INVALID' });
    expect(await bad({ amountCents: 99, method: 'sandbox' })).toMatchObject({ code: 'MONEY_AMOUNT_RANGE' });
    expect(await bad({ amountCents: 100_000_001, method: 'sandbox' })).toMatchObject({ code: 'MONEY_AMOUNT_RANGE' });
    expect(await bad({ amountCents: 1000, method: 'card' })).toMatchObject({ code: 'TOPUP_METHOD_INVALID' });
    expect(await bad({ amountCents: 1000 })).toMatchObject({ code: 'TOPUP_METHOD_INVALID' });
    expect((await c.post('/api/wallet/topups', { amountCents: 29, method: 'sandbox' })).statusCode).toBe(400);
    expect((await c.post('/api/wallet/topups', { amountCents: 115, method: 'bank_transfer' })).json().topup.amountCents).toBe(115);
  });
});

describe('bank transfers confirmed by finance', () => {
  it('the company gets a reference code; finance lists pending transfers, confirms (money moves, audited) or rejects; a second decision is refused', async () => {
    const { co, c } = await company();
    const a = (await c.post('/api/wallet/topups', { amountCents: 200_000, method: 'bank_transfer' })).json().topup;
    const b = (await c.post('/api/wallet/topups', { amountCents: 3000, method: 'bank_transfer' })).json().topup;
    expect(a).toMatchObject({ status: 'pending', amountCents: 200000, redirectUrl: null });
    expect(a.bankReference).toMatch(/^LC-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(a.bankReference).not.toBe(b.bankReference);
    // a transfer is never paid through the sandbox webhook
    expect(errorOf(await webhook(paid(a.bankReference, 200000))).status).toBe(404);

    const fin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
    const pending = (await fin.get('/api/admin/finance/topups')).json().items;
    expect(pending.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(pending.find((x: { id: string }) => x.id === a.id)).toMatchObject({ email: co.user.email, companyName: '花漾美妆', bankReference: a.bankReference });

    // deciding answers the transfer as 财务's list shows it now (decision 0056)
    const confirmed = (await fin.post(`/api/admin/finance/topups/${a.id}/confirm`)).json();
    expect(confirmed.topup).toMatchObject({ id: a.id, status: 'succeeded', email: co.user.email, companyName: '花漾美妆', confirmedBy: expect.any(String) });
    expect(errorOf(await fin.post(`/api/admin/finance/topups/${a.id}/confirm`))).toMatchObject({ status: 409, code: 'TOPUP_NOT_PENDING' });
    expect(errorOf(await fin.post(`/api/admin/finance/topups/${a.id}/reject`, { reason: 'x' })).code).toBe('TOPUP_NOT_PENDING');
    expect(errorOf(await fin.post(`/api/admin/finance/topups/${b.id}/reject`, { reason: '  ' }))).toMatchObject({
      status: 400,
      code: 'TOPUP_REJECT_REASON_REQUIRED',
    });
    expect((await fin.post(`/api/admin/finance/topups/${b.id}/reject`, { reason: '未收到该笔转账' })).json().topup).toMatchObject({
      id: b.id,
      status: 'failed',
    });
    expect(errorOf(await fin.post(`/api/admin/finance/topups/${b.id}/confirm`)).code).toBe('TOPUP_NOT_PENDING');
    expect(errorOf(await fin.post('/api/admin/finance/topups/00000000-0000-4000-8000-000000000001/confirm')).code).toBe('TOPUP_NOT_FOUND');
    // a sandbox top-up is not confirmed by hand
    const s = (await c.post('/api/wallet/topups', { amountCents: 500, method: 'sandbox' })).json().topup;
    expect(errorOf(await fin.post(`/api/admin/finance/topups/${s.id}/confirm`)).code).toBe('TOPUP_NOT_FOUND');

    expect((await c.get('/api/wallet')).json()).toMatchObject({ availableCents: 200000 });
    const mine = (await c.get('/api/wallet/topups')).json().items;
    expect(mine.find((x: { id: string }) => x.id === b.id)).toMatchObject({ status: 'failed', failureReason: '未收到该笔转账' });
    const done = (await fin.get('/api/admin/finance/topups?status=done')).json().items.map((x: { id: string; status: string }) => [x.id, x.status]);
    expect(done).toEqual(
      expect.arrayContaining([
        [a.id, 'succeeded'],
        [b.id, 'failed'],
      ]),
    );
    const logs = await db()
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.targetType, 'topup')));
    expect(logs.map((l) => [l.targetId, l.actionType])).toEqual(
      expect.arrayContaining([
        [a.id, 'topup_confirm'],
        [b.id, 'topup_reject'],
      ]),
    );
  });
});

describe('who may call what', () => {
  it('visitors are refused everywhere, admins have no wallet, and nobody reads another user’s wallet', async () => {
    const visitor = new Client(t.app);
    for (const url of ['/api/wallet', '/api/wallet/statement.csv', '/api/wallet/topups']) expect(errorOf(await visitor.get(url)).status, url).toBe(401);
    expect(errorOf(await visitor.post('/api/wallet/topups', { amountCents: 1000, method: 'sandbox' })).status).toBe(401);
    const inf = await signedIn(t.app, (await makeInfluencer(db(), { user: { passwordHash: hash } })).user.email);
    // influencers top up too (to pay a deposit a task asks for); their money lands in their own wallet
    expect((await inf.get('/api/wallet')).json()).toMatchObject({
      availableCents: 0,
      pendingCents: 0,
      escrowCents: 0,
      dueCommissions: [],
      statement: { items: [], nextBefore: null },
    });
    const infTopup = (await inf.post('/api/wallet/topups', { amountCents: 1000, method: 'sandbox' })).json().topup;
    await webhook(paid((await refOf(infTopup.id)).providerRef!, 1000));
    expect((await inf.get('/api/wallet')).json().availableCents).toBe(1000);
    expect((await inf.get('/api/wallet/topups')).json().items).toHaveLength(1);
    const admin = await signedIn(t.app, (await makeAdmin(db())).email);
    expect(errorOf(await admin.get('/api/wallet')).status).toBe(403);
    expect(errorOf(await admin.post('/api/wallet/topups', { amountCents: 1000, method: 'sandbox' })).status).toBe(403);
    expect(errorOf(await inf.post('/api/wallet/commissions/pay')).status).toBe(403);
    expect(errorOf(await visitor.post('/api/wallet/commissions/pay')).status).toBe(401);

    // two companies: each sees only its own money and top-ups (the API has no parameter naming a user)
    const one = await company();
    const two = await company();
    const tp = (await one.c.post('/api/wallet/topups', { amountCents: 1000, method: 'sandbox' })).json().topup;
    await webhook(paid((await refOf(tp.id)).providerRef!, 1000));
    expect((await one.c.get('/api/wallet')).json().availableCents).toBe(1000);
    expect((await two.c.get('/api/wallet')).json()).toMatchObject({ availableCents: 0, statement: { items: [] } });
    expect((await two.c.get('/api/wallet/topups')).json().items).toEqual([]);
    expect((await two.c.get(`/api/wallet?user=${one.co.user.id}`)).json().availableCents).toBe(0);
  });
});

describe('the statement', () => {
  it('pages by keyset with the running balance, and exports CSV', async () => {
    const { c } = await company();
    for (const amountCents of [1000, 2050, 101, 10_000]) {
      const tp = (await c.post('/api/wallet/topups', { amountCents, method: 'sandbox' })).json().topup;
      clock.advance(1000);
      await webhook(paid((await refOf(tp.id)).providerRef!, tp.amountCents));
    }
    const p1 = (await c.get('/api/wallet?limit=3')).json();
    expect(p1.availableCents).toBe(13151);
    expect(p1.statement.items.map((l: { amountCents: number; balanceAfterCents: number }) => [l.amountCents, l.balanceAfterCents])).toEqual([
      [10000, 13151],
      [101, 3151],
      [2050, 3050],
    ]);
    expect(p1.statement.nextBefore).toBe(p1.statement.items[2].id);
    const p2 = (await c.get(`/api/wallet?limit=3&before=${p1.statement.nextBefore}`)).json();
    expect(p2.statement.items.map((l: { amountCents: number; balanceAfterCents: number }) => [l.amountCents, l.balanceAfterCents])).toEqual([[1000, 1000]]);
    expect(p2.statement.nextBefore).toBeNull();
    expect(errorOf(await c.get('/api/wallet?limit=0')).status).toBe(400);
    expect(errorOf(await c.get('/api/wallet?before=-1')).status).toBe(400);

    const csv = await c.get('/api/wallet/statement.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('statement.csv');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('date,type,memo,amount_cents,balance_cents,task,influencer,deal_id');
    expect(rows.slice(1).map((r) => r.split(',').slice(1))).toEqual([
      ['topup', 'sandbox', '1000', '1000', '', '', ''],
      ['topup', 'sandbox', '2050', '3050', '', '', ''],
      ['topup', 'sandbox', '101', '3151', '', '', ''],
      ['topup', 'sandbox', '10000', '13151', '', '', ''],
    ]);
  });
});

describe('the lists of top-ups page in SQL (decision 0056)', () => {
  it('the wallet’s top-ups and 财务’s pending transfers: `limit` per page, a true `total`, every row once', async () => {
    const { c } = await company();
    const fin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
    const before = (await fin.get('/api/admin/finance/topups?limit=1')).json().total as number;
    const ids: string[] = [];
    for (const cents of [10_000, 20_000, 30_000]) {
      clock.advance(1000);
      ids.push((await c.post('/api/wallet/topups', { amountCents: cents, method: 'bank_transfer' })).json().topup.id as string);
    }
    const first = (await c.get('/api/wallet/topups?limit=2')).json();
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    const second = (await c.get('/api/wallet/topups?limit=2&page=2')).json();
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect([...first.items, ...second.items].map((x: { id: string }) => x.id).sort()).toEqual([...ids].sort());
    // finance: every page of the pending ones, oldest first, adds up to the total
    const all: string[] = [];
    for (let page = 1; ; page += 1) {
      const body = (await fin.get(`/api/admin/finance/topups?limit=2&page=${page}`)).json();
      expect(body.total).toBe(before + 3);
      if (body.items.length === 0) break;
      all.push(...body.items.map((x: { id: string }) => x.id));
    }
    expect(all).toHaveLength(before + 3);
    expect(new Set(all).size).toBe(all.length);
    // oldest first: the newest three come last, in the order they were made
    expect(all.slice(-3)).toEqual(ids);
  });
});
