/**
 * The settlement split (decision 0044): a deal records the agency and share in force when it is created; when it
 * settles — the company's confirmation, the automatic one, an admin's dispute decision — the influencer's net after
 * the platform fee is split in the same entry: floor(net × share / 100) to the agency's wallet, the rest to the
 * influencer. The books balance after the file (checkLedger).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeTaskCategory } from '../../db/factories';
import { agencyMemberships, deals, ledgerLines, ledgerAccounts } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { makeRosterWorld } from '../../test/rosterWorld';
import { Client, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { agencyCut, checkLedger } from '../money';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
let categoryId: string;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(db(), { name: '美妆' })).id;
});
afterAll(async () => {
  if (t) expect(await checkLedger(db())).toEqual([]);
  await t?.close();
});

const world = (share: number) => makeRosterWorld(t, share, hash);
type World = Awaited<ReturnType<typeof world>>;
const fire = (c: Client, dealId: string, event: string, body: unknown = {}) => c.post(`/api/deals/${dealId}/events/${event}`, body);
const dealOf = async (id: string) => (await db().select().from(deals).where(eq(deals.id, id)))[0];
const available = async (c: Client) => (await c.get('/api/wallet')).json().availableCents as number;

async function accepted(w: World, rate: number, task: Record<string, unknown> = {}) {
  const published = await w.c.post('/api/tasks', {
    title: '口红新品直播',
    description: '新品口红直播推广',
    categoryId,
    budgetMinCents: 100,
    budgetMaxCents: 3_000_000,
    liveDate: new Date(clock.nowMs() + 7 * 24 * H).toISOString(),
    ...task,
  });
  expect(published.statusCode, published.body).toBe(200);
  const taskId = published.json().task.id as string;
  const applied = await w.i.post('/api/task-applications', { taskId, proposedRateCents: rate });
  expect(applied.statusCode, applied.body).toBe(200);
  expect((await w.c.post(`/api/task-applications/${applied.json().application.id}/accept`)).statusCode).toBe(200);
  const [deal] = await db().select().from(deals).where(eq(deals.taskId, taskId));
  return deal;
}
async function walkToReport(w: World, dealId: string, gmvCents = 0) {
  const start = new Date(clock.nowMs() + 48 * H);
  const proposed = await fire(w.c, dealId, 'propose_schedule', {
    start: start.toISOString(),
    end: new Date(start.getTime() + 2 * H).toISOString(),
    roomUrl: 'https://live.douyin.com/1',
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  expect((await fire(w.i, dealId, 'confirm_schedule')).statusCode).toBe(200);
  clock.advance(51 * H);
  const r = await fire(w.i, dealId, 'report_live', {
    replayUrl: 'https://www.douyin.com/video/1',
    startedAt: new Date(clock.nowMs() - 3 * H).toISOString(),
    endedAt: new Date(clock.nowMs() - H).toISOString(),
    views: 100,
    peakViewers: 10,
    orders: 3,
    gmvCents,
  });
  expect(r.statusCode, r.body).toBe(200);
}

describe('the rounding rule', () => {
  it('gives the agency floor(net × share / 100) and the influencer the remainder', () => {
    expect(agencyCut(225_000, 20)).toBe(45_000);
    expect(agencyCut(1_001, 30)).toBe(300); // 300.3 → 300
    expect(agencyCut(999, 33)).toBe(329); // 329.67 → 329
    expect(agencyCut(1, 70)).toBe(0);
    expect(agencyCut(5_000, 0)).toBe(0);
    expect(agencyCut(5_000, null)).toBe(0);
  });
});

describe('every settlement path splits', () => {
  it('the company confirms: exact cents to the agency and the influencer, the platform fee as before, both statements name the deal', async () => {
    const w = await world(30);
    const deal = await accepted(w, 250_100); // $2,501.00 in cents
    expect(deal).toMatchObject({ agencyId: w.ag.agency.id, agencySharePercent: 30 });
    await walkToReport(w, deal.id);
    expect((await fire(w.c, deal.id, 'confirm')).statusCode).toBe(200);
    // net = 250,100 − 25,010 (10 %) = 225,090; agency floor(67,527) = 67,527; influencer 157,563
    expect(await available(w.a)).toBe(67_527);
    expect(await available(w.i)).toBe(157_563);
    expect(await dealOf(deal.id)).toMatchObject({ status: 'completed', settledAgencyCents: 67_527 });
    const agencyStatement = (await w.a.get('/api/wallet')).json();
    expect(JSON.stringify(agencyStatement)).toContain(deal.id);
    expect(JSON.stringify((await w.i.get('/api/wallet')).json())).toContain(deal.id);
  });

  it('with a commission: the fee and the commission are each split, rounded down per payment', async () => {
    const w = await world(33);
    const deal = await accepted(w, 100_000, { pricingModel: 'slot_commission', commissionBps: 1000 });
    await walkToReport(w, deal.id, 123_457); // commission 12,346 (round half up), its fee 1,235
    expect((await fire(w.c, deal.id, 'confirm')).statusCode).toBe(200);
    // fee: net 90,000 → agency 29,700; commission: net 11,111 → agency 3,666 (3,666.63)
    expect(await available(w.a)).toBe(29_700 + 3_666);
    expect(await available(w.i)).toBe(90_000 - 29_700 + 11_111 - 3_666);
    expect((await dealOf(deal.id)).settledAgencyCents).toBe(29_700 + 3_666);
  });

  it('the automatic confirmation after the settlement window', async () => {
    const w = await world(20);
    const deal = await accepted(w, 100_000);
    await walkToReport(w, deal.id);
    clock.advance(25 * H);
    await runDueJobs(t.app.ctx);
    expect((await dealOf(deal.id)).status).toBe('completed');
    expect(await available(w.a)).toBe(18_000);
    expect(await available(w.i)).toBe(72_000);
  });

  it('an admin’s dispute decision at a share', async () => {
    const w = await world(25);
    const deal = await accepted(w, 100_000);
    await walkToReport(w, deal.id);
    expect((await fire(w.c, deal.id, 'dispute', { reason: 'report_untrue', statement: '数据不实' })).statusCode).toBe(200);
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['task_management'] })).email);
    expect((await fire(admin, deal.id, 'resolve_partial', { reason: '各担一半', payoutBps: 5000 })).statusCode).toBe(200);
    // influencer half 50,000 − 5,000 = 45,000; agency 11,250
    expect(await available(w.a)).toBe(11_250);
    expect(await available(w.i)).toBe(33_750);
  });

  it('ending the membership: the open deal keeps its share and the membership ends with it; a new deal is the influencer’s alone', async () => {
    const w = await world(20);
    const deal = await accepted(w, 100_000);
    const ended = await w.i.post('/api/me/agency/end');
    expect(ended.json().membership).toMatchObject({ status: 'ending', openDeals: 1 });
    const later = await accepted(w, 100_000);
    expect(later).toMatchObject({ agencyId: null, agencySharePercent: null });
    await walkToReport(w, deal.id);
    expect((await fire(w.c, deal.id, 'confirm')).statusCode).toBe(200);
    expect(await available(w.a)).toBe(18_000);
    const [m] = await db().select().from(agencyMemberships).where(eq(agencyMemberships.influencerId, w.inf.influencer.id));
    expect(m.status).toBe('ended');
    await walkToReport(w, later.id);
    expect((await fire(w.c, later.id, 'confirm')).statusCode).toBe(200);
    expect(await available(w.a)).toBe(18_000);
    expect(await available(w.i)).toBe(72_000 + 90_000);
    // the company sees nothing of the agency's share
    expect(JSON.stringify((await w.c.get(`/api/deals/${deal.id}`)).json())).not.toContain('agency');
  });

  it('the agency withdraws like any account', async () => {
    const w = await world(20);
    const deal = await accepted(w, 100_000);
    await walkToReport(w, deal.id);
    expect((await fire(w.c, deal.id, 'confirm')).statusCode).toBe(200);
    const bank = await w.a.post('/api/wallet/bank-accounts', { holderName: '星火传媒', bankName: '招商银行', accountNumber: '6225880123456789' });
    expect(bank.statusCode, bank.body).toBe(200);
    const payout = await w.a.post('/api/wallet/payouts', {
      amountCents: 10_000,
      bankAccountId: bank.json().account?.id ?? bank.json().bankAccount?.id ?? bank.json().id,
    });
    expect(payout.statusCode, payout.body).toBe(200);
    expect(await available(w.a)).toBe(8_000);
    const lines = await db()
      .select()
      .from(ledgerLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
      .where(and(eq(ledgerAccounts.ownerId, w.ag.user.id), eq(ledgerAccounts.kind, 'agency_available')));
    expect(lines.length).toBe(2);
  });
});

describe('费用与结算 shows the split to the influencer’s side only', () => {
  it('expected before settlement (per payment, as the settlement rounds), settled after; the company never sees it; receipts name the deal', async () => {
    const w = await world(33);
    const deal = await accepted(w, 100_000, { pricingModel: 'slot_commission', commissionBps: 1000 });
    const view = async (c: Client, q = '') => {
      const r = await c.get(`/api/deals/${deal.id}${q}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    // before the report: the fee only (net 90,000 → agency 29,700)
    expect((await view(w.i)).money.agencySplit).toEqual({
      agencyId: w.ag.agency.id,
      agencyName: w.ag.agency.name,
      shareBps: 3300,
      agencyCents: 29_700,
      influencerCents: 60_300,
      settled: false,
    });
    await walkToReport(w, deal.id, 123_457);
    // with the reported GMV: the commission's net 11,111 → 3,666 on top, as the settlement will pay it
    const expected = { shareBps: 3300, agencyCents: 29_700 + 3_666, influencerCents: 90_000 - 29_700 + 11_111 - 3_666, settled: false };
    expect((await view(w.i)).money.agencySplit).toMatchObject(expected);
    // the agency acting for the influencer reads the same
    expect((await view(w.a, `?onBehalfOf=${w.inf.influencer.id}`)).money.agencySplit).toMatchObject(expected);
    const company = await view(w.c);
    expect(company.money).not.toHaveProperty('agencySplit');
    expect(JSON.stringify(company)).not.toContain(w.ag.agency.name);
    expect((await fire(w.c, deal.id, 'confirm')).statusCode).toBe(200);
    const settled = { ...expected, settled: true };
    expect((await view(w.i)).money.agencySplit).toMatchObject(settled);
    expect(await available(w.a)).toBe(settled.agencyCents);
    expect(await available(w.i)).toBe(settled.influencerCents);
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['task_management'] })).email);
    expect((await view(admin)).money.agencySplit).toMatchObject(settled);
    const companyAfter = await view(w.c);
    expect(companyAfter.money).not.toHaveProperty('agencySplit');
    expect(JSON.stringify(companyAfter)).not.toContain(w.ag.agency.id);
    // both wallets' statement lines lead to a receipt that names the deal
    for (const c of [w.a, w.i]) {
      const line = (await c.get('/api/wallet')).json().statement.items.find((l: { kind: string }) => l.kind === 'deal_settle');
      expect(line.memo).toBe(`deal ${deal.id}`);
      const receipt = await c.get(`/api/wallet/receipts/${line.entryId}`);
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(receipt.json().deal).toEqual({ id: deal.id, title: '口红新品直播' });
    }
  });

  it('a deal without an agency has no split for anybody', async () => {
    const w = await world(20);
    expect((await w.i.post('/api/me/agency/end')).statusCode).toBe(200);
    const deal = await accepted(w, 100_000);
    expect((await w.i.get(`/api/deals/${deal.id}`)).json().money).not.toHaveProperty('agencySplit');
  });
});
