/**
 * 财务 (issue 12): the overview's figures come from the ledger (wallets, escrow, deposits, payouts in
 * transit, revenue to date and per Shanghai day, what waits), the admin overview's 今日收入 is today's
 * platform fee revenue, and the ledger search filters and pages. Only admins holding finance read them.
 * Settlements go through the deal's own `confirm`; after the file the ledger invariants must hold.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany, makeInfluencer } from '../../db/factories';
import { companies, deals, influencers } from '../../db/schema';
import type { FinanceOverview, LedgerEntriesResponse, LedgerEntry } from '../../../shared/schemas/finance';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { fireDealEvent } from '../deals';
import { makeReportedDeal, type ReportedDeal } from '../../test/moneyDeal';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { checkLedger } from './ledger';
import { addBankAccount, requestPayout } from './payouts';

// Tuesday 1 Dec 2026, 10:00 in Shanghai
const NOW = new Date('2026-12-01T02:00:00Z');
const clock = new ManualClock(NOW);
let t: TestApp;
let fin: Client;
const db = () => t.app.ctx.db;

/** the world the figures are computed on, built once (its own app, so the totals are exact) */
let a: ReportedDeal;
let b: ReportedDeal;
let c: ReportedDeal;
let names: { a: string; nickA: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  fin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
  const settle = (d: ReportedDeal) => fireDealEvent(t.app.ctx, d.company, d.dealId, 'confirm', {}, { ip: '127.0.0.1' });

  // A: a $1,000 fixed fee settled yesterday at 23:30 in Shanghai → $100 revenue on 2026-11-30
  clock.set(new Date('2026-11-30T15:30:00Z'));
  a = await makeReportedDeal(db(), clock.now(), { feeCents: 100_000 });
  await settle(a);
  // B: a $500 slot fee + 10% of $2,000 GMV settled today at 00:30; the company cannot pay the $200 commission → due
  clock.set(new Date('2026-11-30T16:30:00Z'));
  b = await makeReportedDeal(db(), clock.now(), { feeCents: 50_000, commissionBps: 1000, gmvCents: 200_000 });
  await settle(b);
  // C: a $300 fee still held in escrow; its company keeps $77 in its wallet
  clock.set(NOW);
  c = await makeReportedDeal(db(), clock.now(), { feeCents: 30_000, companyExtraCents: 7_700 });
  // A's influencer withdraws $200 (in transit); C's company starts a bank transfer of $12.34 (waiting for finance)
  const bank = await addBankAccount(t.app.ctx, a.influencer, { holderName: '王小雨', bankName: '招商银行', accountNumber: '6222021234567890' });
  await requestPayout(t.app.ctx, a.influencer, { amountCents: 20_000, bankAccountId: bank.id });
  const hash = await hashPassword('secret123');
  const payer = await makeCompany(db(), { user: { passwordHash: hash } });
  const co = await signedIn(t.app, payer.user.email);
  expect((await co.post('/api/wallet/topups', { amountCents: 1234, method: 'bank_transfer' })).statusCode).toBe(200);

  const [coA] = await db().select().from(companies).where(eq(companies.userId, a.company.id));
  const [infA] = await db().select().from(influencers).where(eq(influencers.userId, a.influencer.id));
  names = { a: coA.companyName, nickA: infA.nickname };
});
afterAll(async () => {
  if (t) expect(await checkLedger(db())).toEqual([]);
  await t?.close();
});

const entries = async (query: string): Promise<LedgerEntriesResponse> => {
  const res = await fin.get(`/api/admin/finance/entries${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const kinds = (r: LedgerEntriesResponse) => r.items.map((e) => e.kind);

describe('财务 access', () => {
  it('visitors get 401; companies, influencers and admins without finance 403', async () => {
    const hash = await hashPassword('secret123');
    const company = await signedIn(t.app, (await makeCompany(db(), { user: { passwordHash: hash } })).user.email);
    const influencer = await signedIn(t.app, (await makeInfluencer(db(), { user: { passwordHash: hash } })).user.email);
    const other = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['user_management', 'system_settings'] })).email);
    for (const url of ['/api/admin/finance/overview', '/api/admin/finance/entries']) {
      expect((await new Client(t.app).get(url)).statusCode).toBe(401);
      expect(errorOf(await company.get(url))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
      expect(errorOf(await influencer.get(url))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
      expect(errorOf(await other.get(url))).toMatchObject({ status: 403, code: 'ADMIN_PERMISSION_MISSING' });
      expect((await fin.get(url)).statusCode).toBe(200);
    }
  });
});

describe('财务 overview', () => {
  it('totals, what waits and revenue per Shanghai day come from the ledger', async () => {
    const res = await fin.get('/api/admin/finance/overview?days=7');
    expect(res.statusCode, res.body).toBe(200);
    const o: FinanceOverview = res.json();
    const [dealB] = await db().select().from(deals).where(eq(deals.id, b.dealId));
    expect(dealB.commissionStatus).toBe('due');
    expect(o.totals).toEqual({
      companyWalletsCents: 7_700,
      // A: $900 less the $200 withdrawn; B: $450
      influencerWalletsCents: 70_000 + 45_000,
      escrowHeldCents: 30_000,
      depositsHeldCents: 0,
      payoutsInTransitCents: 20_000,
      revenueCents: 10_000 + 5_000,
    });
    expect(o.pending).toEqual({
      bankTransfers: { count: 1, amountCents: 1_234 },
      payouts: { count: 1, amountCents: 20_000 },
      commissionsDue: { count: 1, amountCents: dealB.commissionCents },
    });
    expect(dealB.commissionCents).toBe(20_000);
    expect(o.today).toBe('2026-12-01');
    expect(o.revenueByDay).toHaveLength(7);
    expect(o.revenueByDay[0].date).toBe('2026-11-25');
    expect(o.revenueByDay.slice(-2)).toEqual([
      { date: '2026-11-30', cents: 10_000 },
      { date: '2026-12-01', cents: 5_000 },
    ]);
    expect(o.revenueByDay.slice(0, 5).every((d) => d.cents === 0)).toBe(true);
    expect((await fin.get('/api/admin/finance/overview')).json().revenueByDay).toHaveLength(30);
    for (const bad of ['days=6', 'days=91', 'days=x', 'days=']) expect((await fin.get(`/api/admin/finance/overview?${bad}`)).statusCode).toBe(400);
  });

  it('the admin overview’s 今日收入 is the platform fee revenue posted today (Shanghai day)', async () => {
    const admin = await signedIn(t.app, (await makeAdmin(db())).email);
    const o = (await admin.get('/api/admin/overview')).json();
    // B's $50 fee was posted at 00:30 today; A's $100 at 23:30 yesterday does not count
    expect(o.cards.todayRevenueCents.value).toBe(5_000);
  });
});

describe('账本查询', () => {
  it('lists entries newest first with their lines, owners and references', async () => {
    const r = await entries('');
    expect(r.items[0].kind).toBe('payout_request');
    for (const e of r.items) expect(e.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(0);
    const seqs = r.items.map((e) => e.seq);
    expect([...seqs].sort((x, y) => y - x)).toEqual(seqs);
    const settleA = r.items.find((e) => e.idempotencyKey === `deal:${a.dealId}:settle`) as LedgerEntry;
    expect(settleA.kind).toBe('deal_settle');
    expect(settleA.lines).toEqual(
      expect.arrayContaining([
        { accountKind: 'escrow', ownerId: a.company.id, ownerName: names.a, ownerEmail: a.company.email, refId: a.dealId, amountCents: -100_000 },
        {
          accountKind: 'influencer_available',
          ownerId: a.influencer.id,
          ownerName: names.nickA,
          ownerEmail: a.influencer.email,
          refId: null,
          amountCents: 90_000,
        },
        { accountKind: 'platform_fee_revenue', ownerId: null, ownerName: null, ownerEmail: null, refId: null, amountCents: 10_000 },
      ]),
    );
  });

  it('searches by kind, idempotency key, memo, owner name or email, and by Shanghai day', async () => {
    expect(kinds(await entries('?kind=deal_settle'))).toEqual(['deal_settle', 'deal_settle']);
    expect((await entries(`?q=${encodeURIComponent(`deal:${b.dealId}:settle`)}`)).items.map((e) => e.idempotencyKey)).toEqual([`deal:${b.dealId}:settle`]);
    // the memo of the transfers the factories confirm
    expect(new Set(kinds(await entries('?q=bank_transfer')))).toEqual(new Set(['topup']));
    // A's company: its top-up, its fee into escrow, the settlement from that escrow
    expect(kinds(await entries(`?q=${encodeURIComponent(names.a)}`))).toEqual(['deal_settle', 'deal_fee', 'topup']);
    expect(kinds(await entries(`?q=${encodeURIComponent(a.influencer.email.toUpperCase())}`))).toEqual(['payout_request', 'deal_settle']);
    expect(kinds(await entries(`?q=${encodeURIComponent(names.nickA)}&kind=payout_request`))).toEqual(['payout_request']);
    // LIKE wildcards are taken literally
    expect((await entries('?q=%25')).items).toEqual([]);
    // today in Shanghai: B's settlement at 00:30, C's funding and the payout (A settled at 23:30 yesterday)
    const today = await entries('?from=2026-12-01&to=2026-12-01');
    expect(today.items.some((e) => e.idempotencyKey === `deal:${b.dealId}:settle`)).toBe(true);
    expect(today.items.some((e) => e.idempotencyKey === `deal:${a.dealId}:settle`)).toBe(false);
    expect(kinds(await entries('?kind=deal_settle&from=2026-11-30&to=2026-11-30')).length).toBe(1);
    expect((await entries(`?kind=deal_settle&to=2026-11-29`)).items).toEqual([]);
    expect(kinds(await entries(`?q=${encodeURIComponent(c.dealId)}`))).toEqual(['deal_fee']);
  });

  it('pages by keyset without gaps or repeats, and refuses bad input', async () => {
    const all = await entries('?limit=100');
    expect(all.nextBefore).toBeNull();
    const seen: string[] = [];
    let before: number | null = null;
    for (let i = 0; i < 50; i++) {
      const page: LedgerEntriesResponse = await entries(`?limit=3${before ? `&before=${before}` : ''}`);
      seen.push(...page.items.map((e) => e.id));
      expect(page.items.length).toBeLessThanOrEqual(3);
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    expect(seen).toEqual(all.items.map((e) => e.id));
    // paging a filtered search
    const first = await entries('?kind=deal_settle&limit=1');
    expect(first.items).toHaveLength(1);
    const second = await entries(`?kind=deal_settle&limit=1&before=${first.nextBefore}`);
    expect(second.items.map((e) => e.idempotencyKey)).toEqual([`deal:${a.dealId}:settle`]);
    expect(second.nextBefore).toBeNull();
    for (const bad of [
      'limit=0',
      'limit=101',
      'kind=nope',
      'from=2026-02-30',
      'from=2026-12-02&to=2026-12-01',
      'before=abc',
      'before=0',
      `q=${'x'.repeat(101)}`,
    ]) {
      expect((await fin.get(`/api/admin/finance/entries?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
