/**
 * The agency workspace (issue 25 item 5): the roster's figures this month, the pipeline across the roster, earnings per
 * month and their CSV, and 为你推荐 per roster influencer (matching on behalf). Only the agency itself reads them, and it
 * never sees another agency's influencers, deals or money.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeTaskCategory } from '../../db/factories';
import { deals } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { makeRosterWorld } from '../../test/rosterWorld';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { checkLedger } from '../money';

const H = 3600_000;
// 2026-12-01 10:00 in Beijing: the platform month is 2026-12 throughout
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

async function publish(w: World, title = '口红新品直播', terms: Record<string, unknown> = {}) {
  const r = await w.c.post('/api/tasks', {
    ...terms,
    title,
    description: '新品口红直播推广',
    categoryId,
    budgetMinCents: 100,
    budgetMaxCents: 3_000_000,
    liveDate: new Date(clock.nowMs() + 10 * 24 * H).toISOString(),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().task.id as string;
}
async function accepted(w: World, rate: number, terms: Record<string, unknown> = {}) {
  const taskId = await publish(w, '口红新品直播', terms);
  const applied = await w.i.post('/api/task-applications', { taskId, proposedRateCents: rate });
  expect(applied.statusCode, applied.body).toBe(200);
  expect((await w.c.post(`/api/task-applications/${applied.json().application.id}/accept`)).statusCode).toBe(200);
  const [deal] = await db().select().from(deals).where(eq(deals.taskId, taskId));
  return deal;
}
async function proposed(w: World, dealId: string) {
  const start = new Date(clock.nowMs() + 48 * H);
  const r = await fire(w.c, dealId, 'propose_schedule', {
    start: start.toISOString(),
    end: new Date(start.getTime() + 2 * H).toISOString(),
    roomUrl: 'https://live.douyin.com/1',
  });
  expect(r.statusCode, r.body).toBe(200);
}
async function completed(w: World, dealId: string, gmvCents: number) {
  await proposed(w, dealId);
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
  expect((await fire(w.c, dealId, 'confirm')).statusCode).toBe(200);
}

const PATHS = [
  '/api/agency/workspace',
  '/api/agency/pipeline',
  '/api/agency/earnings',
  '/api/agency/earnings.csv',
  '/api/agency/settlement',
  '/api/agency/settlement.csv',
];

describe('who may read the workspace', () => {
  it('visitors 401; companies, influencers and admins 403', async () => {
    const w = await world(20);
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['user_management'] })).email);
    for (const path of PATHS) {
      expect(errorOf(await t.app.inject({ method: 'GET', url: path })), path).toMatchObject({ status: 401 });
      for (const c of [w.c, w.i, admin]) expect(errorOf(await c.get(path)), path).toMatchObject({ status: 403, code: 'AGENCY_ONLY' });
    }
  });

  it('bad filters are 400 in the product’s error shape', async () => {
    const w = await world(20);
    for (const q of ['kind=offers', 'status=lost', 'influencerId=x', 'limit=0', 'page=-1']) {
      expect(errorOf(await w.a.get(`/api/agency/pipeline?${q}`)), q).toMatchObject({ status: 400 });
    }
  });
});

describe('the figures', () => {
  it('roster, pipeline, earnings and CSV from the agency’s own deals only', async () => {
    const w = await world(30);
    const other = await world(50);
    // this agency: one deal completed ($1,000 fixed, GMV $1,234.57), one waiting for the influencer to confirm the schedule
    const done = await accepted(w, 100_000);
    await completed(w, done.id, 123_457);
    clock.advance(H);
    const waiting = await accepted(w, 200_000);
    await proposed(w, waiting.id);
    // a pending application and an invitation of the roster influencer
    const appliedTask = await publish(w, '面霜直播');
    expect((await w.i.post('/api/task-applications', { taskId: appliedTask, proposedRateCents: 50_000 })).statusCode).toBe(200);
    const invitedTask = await publish(w, '香水直播');
    const invited = await w.c.post('/api/task-invitations', {
      taskId: invitedTask,
      influencerId: w.inf.influencer.id,
      message: '欢迎合作',
      offeredRateCents: 80_000,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    // the other agency: a completed deal of its own
    const others = await accepted(other, 500_000);
    await completed(other, others.id, 999_999);

    const ws = (await w.a.get('/api/agency/workspace')).json();
    // net 100,000 − 10 % = 90,000; the agency's 30 % = 27,000
    expect(ws).toEqual({
      month: '2026-12',
      roster: [
        {
          influencer: { id: w.inf.influencer.id, nickname: w.inf.influencer.nickname, avatarUrl: w.inf.influencer.avatarUrl },
          membershipStatus: 'active',
          shareBps: 3000,
          openDeals: 1,
          waitingOnInfluencer: 1,
          earningsCents: 27_000,
          gmvCents: 123_457,
          rating: expect.any(Number),
          totalReviews: 0,
        },
      ],
      totals: { openDeals: 1, waitingOnInfluencer: 1, earningsCents: 27_000, gmvCents: 123_457 },
    });
    expect(JSON.stringify(ws)).not.toContain(other.inf.influencer.id);
    expect((await other.a.get('/api/agency/workspace')).json().totals).toEqual({
      openDeals: 0,
      waitingOnInfluencer: 0,
      earningsCents: 225_000,
      gmvCents: 999_999,
    });

    // the pipeline: counts by state, the kinds, the filters and the pages
    const p = (await w.a.get('/api/agency/pipeline')).json();
    expect(p).toMatchObject({ kind: 'deals', total: 2, page: 1, limit: 20 });
    expect(p.items.map((x: { id: string }) => x.id)).toEqual([waiting.id, done.id]);
    expect(p.items[0]).toMatchObject({ status: 'schedule_proposed', waitingFor: 'influencer', amountCents: 200_000, companyName: w.co.company.companyName });
    expect(p.counts).toEqual(
      expect.arrayContaining([
        { kind: 'deals', status: 'completed', count: 1 },
        { kind: 'deals', status: 'schedule_proposed', count: 1 },
        { kind: 'applications', status: 'pending', count: 1 },
        { kind: 'applications', status: 'accepted', count: 2 },
        { kind: 'invitations', status: 'pending', count: 1 },
      ]),
    );
    expect(p.counts).toHaveLength(5);
    const completedOnly = (await w.a.get('/api/agency/pipeline?kind=deals&status=completed')).json();
    expect(completedOnly.items.map((x: { id: string }) => x.id)).toEqual([done.id]);
    const page2 = (await w.a.get('/api/agency/pipeline?kind=deals&limit=1&page=2')).json();
    expect(page2).toMatchObject({ total: 2, items: [{ id: done.id }] });
    const apps = (await w.a.get(`/api/agency/pipeline?kind=applications&status=pending&influencerId=${w.inf.influencer.id}`)).json();
    expect(apps.items).toMatchObject([{ task: { id: appliedTask, title: '面霜直播' }, amountCents: 50_000, byAgency: false }]);
    const invs = (await w.a.get('/api/agency/pipeline?kind=invitations')).json();
    expect(invs.items).toMatchObject([{ task: { id: invitedTask }, status: 'pending', amountCents: 80_000 }]);
    // another agency's influencer as a filter: nothing
    const foreign = (await w.a.get(`/api/agency/pipeline?influencerId=${other.inf.influencer.id}`)).json();
    expect(foreign).toMatchObject({ total: 0, items: [], counts: [] });

    // earnings per month: 12 months ending with this one
    const e = (await w.a.get('/api/agency/earnings')).json();
    expect(e.months).toHaveLength(12);
    expect(e.months[0].month).toBe('2026-01');
    expect(e.months[11]).toEqual({ month: '2026-12', earningsCents: 27_000, gmvCents: 123_457, completedDeals: 1 });
    expect(e.months.slice(0, 11).every((m: { earningsCents: number }) => m.earningsCents === 0)).toBe(true);
    const csv = await w.a.get('/api/agency/earnings.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('month,earnings_cents,gmv_cents,completed_deals\r\n');
    expect(csv.body).toContain('2026-12,27000,123457,1\r\n');
    expect(csv.body).toContain('2026-01,0,0,0\r\n');
  });

  it('the month turns in Beijing: a settlement on the 1st at 00:30 Beijing counts in the new month', async () => {
    const w = await world(20);
    const deal = await accepted(w, 100_000);
    // move to 2026-12-31 16:00 UTC − 51 h so that the report and the confirmation land at 2027-01-01 00:30 Beijing
    const target = Date.parse('2026-12-31T16:30:00Z');
    clock.set(new Date(target - 51 * H));
    await completed(w, deal.id, 0);
    expect(platformMonthNow()).toBe('2027-01');
    const e = (await w.a.get('/api/agency/earnings')).json();
    expect(e.months[11]).toMatchObject({ month: '2027-01', earningsCents: 18_000, completedDeals: 1 });
    expect(e.months[10]).toMatchObject({ month: '2026-12', earningsCents: 0 });
    expect((await w.a.get('/api/agency/workspace')).json().totals.earningsCents).toBe(18_000);
  });
});

describe('为你推荐 per roster influencer', () => {
  it('the agency reads its roster influencer’s recommendations; another agency’s influencer is 404', async () => {
    const w = await world(20);
    const other = await world(20);
    const r = await w.a.get(`/api/me/recommended-tasks?onBehalfOf=${w.inf.influencer.id}&limit=5`);
    expect(r.statusCode, r.body).toBe(200);
    expect(Array.isArray(r.json().items)).toBe(true);
    expect(errorOf(await w.a.get(`/api/me/recommended-tasks?onBehalfOf=${other.inf.influencer.id}`))).toMatchObject({
      status: 404,
      code: 'AGENCY_MEMBER_NOT_FOUND',
    });
    expect(errorOf(await w.c.get(`/api/me/recommended-tasks?onBehalfOf=${w.inf.influencer.id}`))).toMatchObject({ status: 403 });
  });
});

describe('settling up: earned in a range by influencer and by deal, pending beside it', () => {
  it('bad ranges and filters are 400 in the product’s error shape', async () => {
    const w = await world(20);
    const cases: [string, string][] = [
      ['from=2026-13-01', 'DATE_INVALID'],
      ['from=2026-12-10&to=2026-12-01', 'DATE_RANGE_REVERSED'],
      ['to=1899-01-01', 'DATE_OUT_OF_RANGE'],
      ['limit=0', 'BAD_REQUEST'],
    ];
    for (const [q, code] of cases) expect(errorOf(await w.a.get(`/api/agency/settlement?${q}`)), q).toMatchObject({ status: 400, code });
    expect(errorOf(await w.a.get('/api/agency/settlement.csv?by=month'))).toMatchObject({ status: 400 });
    // only `from` after today: reversed against the default end
    expect(errorOf(await w.a.get(`/api/agency/settlement?from=2099-01-01`))).toMatchObject({ status: 400, code: 'DATE_RANGE_REVERSED' });
  });

  it('earned per day range, pending from escrow and an unpaid commission, named by influencer and task; CSVs; nobody else’s', async () => {
    const w = await world(30);
    const other = await world(50);
    const day = () => new Date(clock.nowMs() + 8 * H).toISOString().slice(0, 10);
    // a $1,000 deal completed: net 90,000 → the agency's 30 % = 27,000, paid on `paidDay`
    const done = await accepted(w, 100_000);
    await completed(w, done.id, 0);
    const paidDay = day();
    clock.advance(48 * H);
    // a $2,000 deal paid into escrow, not settled: 180,000 net → 54,000 pending
    const held = await accepted(w, 200_000);
    // a commission deal whose commission the company cannot cover: $5,000,000 GMV × 10 % = 50,000,000 due →
    // its fee settles (net 90,000 → 27,000 earned today), the commission's net 45,000,000 → 13,500,000 pending
    const owing = await accepted(w, 100_000, { pricingModel: 'slot_commission', commissionBps: 1000 });
    await completed(w, owing.id, 500_000_000);
    expect((await db().select().from(deals).where(eq(deals.id, owing.id)))[0].commissionStatus).toBe('due');
    const today = day();
    // the other agency's money never shows
    const others = await accepted(other, 300_000);
    await completed(other, others.id, 0);

    const all = (await w.a.get(`/api/agency/settlement?from=${paidDay}&to=${today}`)).json();
    const inf = { id: w.inf.influencer.id, nickname: w.inf.influencer.nickname, avatarUrl: w.inf.influencer.avatarUrl };
    expect(all.totals).toEqual({ earnedCents: 54_000, pendingCents: 54_000 + 13_500_000, paidDeals: 2, pendingDeals: 2 });
    expect(all.byInfluencer).toEqual([{ influencer: inf, membershipStatus: 'active', paidDeals: 2, earnedCents: 54_000, pendingCents: 13_554_000 }]);
    expect(all.deals).toMatchObject({ total: 3, page: 1, limit: 20 });
    // the latest payment first, then the pending-only deal
    expect(all.deals.items.map((d: { dealId: string }) => d.dealId)).toEqual([owing.id, done.id, held.id]);
    expect(all.deals.items[0]).toEqual({
      dealId: owing.id,
      status: 'completed',
      task: { id: owing.taskId, title: '口红新品直播' },
      influencer: inf,
      shareBps: 3000,
      earnedCents: 27_000,
      lastPaidAt: expect.any(String),
      pendingCents: 13_500_000,
      pending: 'commission_due',
    });
    expect(all.deals.items[2]).toMatchObject({ dealId: held.id, earnedCents: 0, lastPaidAt: null, pendingCents: 54_000, pending: 'settlement' });
    expect(JSON.stringify(all)).not.toContain(other.inf.influencer.id);
    // the pending deal's figure is the deal page's own estimate of the agency's cut
    const page = (await w.i.get(`/api/deals/${held.id}`)).json();
    expect(page.money.agencySplit.agencyCents).toBe(54_000);

    // a range of one day: only that day's payment; pending is what is coming whatever the range
    const first = (await w.a.get(`/api/agency/settlement?from=${paidDay}&to=${paidDay}`)).json();
    expect(first.totals).toEqual({ earnedCents: 27_000, pendingCents: 13_554_000, paidDeals: 1, pendingDeals: 2 });
    const later = (await w.a.get(`/api/agency/settlement?from=${today}&to=${today}`)).json();
    expect(later.deals.items.map((d: { dealId: string; earnedCents: number }) => [d.dealId, d.earnedCents])).toEqual([
      [owing.id, 27_000],
      [held.id, 0],
    ]);
    // pages
    const p2 = (await w.a.get(`/api/agency/settlement?from=${paidDay}&to=${today}&limit=2&page=2`)).json();
    expect(p2.deals).toMatchObject({ total: 3, page: 2, limit: 2, items: [{ dealId: held.id }] });
    // the default range is this platform month up to today
    const dflt = (await w.a.get('/api/agency/settlement')).json();
    expect(dflt).toMatchObject({ from: `${day().slice(0, 7)}-01`, to: day() });

    // the CSVs: every deal, every influencer, cents as integers
    const byDeal = await w.a.get(`/api/agency/settlement.csv?from=${paidDay}&to=${today}`);
    expect(byDeal.statusCode).toBe(200);
    expect(byDeal.headers['content-disposition']).toBe(`attachment; filename="agency-settlement-deal-${paidDay}-${today}.csv"`);
    expect(byDeal.body).toContain('deal_id,task,influencer_id,influencer,deal_status,share_bps,earned_cents,last_paid_at,pending_cents,pending\r\n');
    expect(byDeal.body).toContain(`${held.id},口红新品直播,${inf.id},${inf.nickname},accepted,3000,0,,54000,settlement\r\n`);
    expect(byDeal.body.trim().split('\r\n')).toHaveLength(4);
    const byInf = await w.a.get(`/api/agency/settlement.csv?from=${paidDay}&to=${today}&by=influencer`);
    expect(byInf.body).toContain('influencer_id,influencer,membership_status,paid_deals,earned_cents,pending_cents\r\n');
    expect(byInf.body).toContain(`${inf.id},${inf.nickname},active,2,54000,13554000\r\n`);
    expect(byInf.body).not.toContain(other.inf.influencer.id);

    // after the influencer leaves, her rows stay, marked by the membership's state
    expect((await w.i.post('/api/me/agency/end')).statusCode).toBe(200);
    const after = (await w.a.get(`/api/agency/settlement?from=${paidDay}&to=${today}`)).json();
    expect(after.byInfluencer).toMatchObject([{ influencer: { id: inf.id }, membershipStatus: 'ending', earnedCents: 54_000 }]);
  });
});

function platformMonthNow() {
  return new Date(clock.nowMs() + 8 * H).toISOString().slice(0, 7);
}
