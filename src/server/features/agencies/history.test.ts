/**
 * History kept (issue 40 item 2, decision 0061): after a membership ends, the deals made under the agency stay
 * readable to it — the deal (read-only: no actions, writes 409 AGENCY_MEMBERSHIP_ENDED), its conversation, the
 * influencer's deals list acting for her, 业务进展 — and the former member stays in the month's figures, marked ended,
 * so the rows add up to the totals. An old acting link for a new action says why (409), not that the influencer is
 * unknown. Another agency, and the influencer's deals made after she left, stay 404. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency, makeTaskCategory } from '../../db/factories';
import { agencyMemberships, deals } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { checkLedger } from '../money';
import { errorOf, signedIn, type Client, type TestApp, createTestApp } from '../../test/harness';
import { makeRosterWorld } from '../../test/rosterWorld';

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

type World = Awaited<ReturnType<typeof makeRosterWorld>>;
const fire = (c: Client, dealId: string, event: string, body: unknown = {}, q = '') => c.post(`/api/deals/${dealId}/events/${event}${q ? `?${q}` : ''}`, body);

async function publish(w: World) {
  const r = await w.c.post('/api/tasks', {
    title: '口红新品直播',
    description: '新品口红直播推广',
    categoryId,
    budgetMinCents: 100,
    budgetMaxCents: 3_000_000,
    liveDate: new Date(clock.nowMs() + 10 * 24 * H).toISOString(),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().task.id as string;
}
async function accepted(w: World, rate: number) {
  const taskId = await publish(w);
  const applied = await w.i.post('/api/task-applications', { taskId, proposedRateCents: rate });
  expect(applied.statusCode, applied.body).toBe(200);
  expect((await w.c.post(`/api/task-applications/${applied.json().application.id}/accept`)).statusCode).toBe(200);
  const [deal] = await db().select().from(deals).where(eq(deals.taskId, taskId));
  return deal;
}
async function completed(w: World, dealId: string, gmvCents: number) {
  const start = new Date(clock.nowMs() + 48 * H);
  const body = { start: start.toISOString(), end: new Date(start.getTime() + 2 * H).toISOString(), roomUrl: 'https://live.douyin.com/1' };
  expect((await fire(w.c, dealId, 'propose_schedule', body)).statusCode).toBe(200);
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

describe('after the membership ends', () => {
  it('the agency still reads the completed deal (read-only), its conversation and 业务进展; the figures keep the former member', async () => {
    const w = await makeRosterWorld(t, 20, hash);
    const q = `onBehalfOf=${w.inf.influencer.id}`;
    const deal = await accepted(w, 100_000);
    expect(deal.agencyId).toBe(w.ag.agency.id);
    // the influencer leaves; the membership ends once the deal made under it is finished
    expect((await w.i.post('/api/me/agency/end')).json().membership).toMatchObject({ status: 'ending' });
    await completed(w, deal.id, 250_000);
    const [m] = await db().select().from(agencyMemberships).where(eq(agencyMemberships.influencerId, w.inf.influencer.id));
    expect(m.status).toBe('ended');

    // the deal: readable, no actions, marked read-only
    const read = await w.a.get(`/api/deals/${deal.id}?${q}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: deal.id, status: 'completed', actions: [], viewOnly: true });
    // the influencer herself reads it as always
    expect((await w.i.get(`/api/deals/${deal.id}`)).json()).toMatchObject({ viewOnly: false });
    // 业务进展 and the deals list acting for her
    const pipeline = (await w.a.get('/api/agency/pipeline?kind=deals')).json();
    expect(pipeline.items.map((x: { id: string }) => x.id)).toContain(deal.id);
    expect((await w.a.get(`/api/deals?${q}`)).json().items.map((x: { id: string }) => x.id)).toEqual([deal.id]);
    // its conversation: listed in 消息中心 and readable, not writable
    const convs = (await w.a.get('/api/conversations')).json().items as { id: string; deal: { id: string } | null }[];
    const conv = convs.find((c) => c.deal?.id === deal.id);
    expect(conv).toBeDefined();
    expect((await w.a.get(`/api/conversations/${conv!.id}?${q}`)).json()).toMatchObject({ canSend: false, viewOnly: true });
    expect((await w.i.get(`/api/conversations/${conv!.id}`)).json()).toMatchObject({ canSend: true, viewOnly: false });
    expect(errorOf(await w.a.post(`/api/conversations/${conv!.id}/messages?${q}`, { body: '你好' }))).toMatchObject({
      status: 409,
      code: 'AGENCY_MEMBERSHIP_ENDED',
      message: '该达人已与本机构解约，只能查看',
    });
    // a write on the deal: refused, nothing changes
    expect(errorOf(await fire(w.a, deal.id, 'dispute', { reason: '测试' }, q))).toMatchObject({ status: 409, code: 'AGENCY_MEMBERSHIP_ENDED' });
    expect((await db().select().from(deals).where(eq(deals.id, deal.id)))[0].status).toBe('completed');
    // an old acting link for something new says why
    const taskId = await publish(w);
    expect(errorOf(await w.a.get(`/api/tasks/${taskId}?${q}`))).toMatchObject({ status: 409, code: 'AGENCY_MEMBERSHIP_ENDED' });
    expect(errorOf(await w.a.post(`/api/task-applications?${q}`, { taskId, proposedRateCents: 100_000 }))).toMatchObject({
      status: 409,
      code: 'AGENCY_MEMBERSHIP_ENDED',
    });

    // the month's figures keep her, marked ended: the rows add up to the totals
    const ws = (await w.a.get('/api/agency/workspace')).json();
    const row = ws.roster.find((r: { influencer: { id: string } }) => r.influencer.id === w.inf.influencer.id);
    expect(row).toMatchObject({ membershipStatus: 'ended', gmvCents: 250_000 });
    expect(row.earningsCents).toBeGreaterThan(0);
    const sum = (k: 'earningsCents' | 'gmvCents') => ws.roster.reduce((s: number, r: Record<string, number>) => s + r[k], 0);
    expect(sum('earningsCents')).toBe(ws.totals.earningsCents);
    expect(sum('gmvCents')).toBe(ws.totals.gmvCents);

    // a deal she makes alone after leaving is not the agency's; another agency reads nothing
    const alone = await accepted(w, 50_000);
    expect(alone.agencyId).toBeNull();
    expect(errorOf(await w.a.get(`/api/deals/${alone.id}?${q}`))).toMatchObject({ status: 404, code: 'AGENCY_MEMBER_NOT_FOUND' });
    expect((await w.a.get(`/api/deals?${q}`)).json().items.map((x: { id: string }) => x.id)).toEqual([deal.id]);
    const other = await makeAgency(db(), { user: { passwordHash: hash } });
    const oc = await signedIn(t.app, other.user.email);
    expect(errorOf(await oc.get(`/api/deals/${deal.id}?${q}`))).toMatchObject({ status: 404, code: 'AGENCY_MEMBER_NOT_FOUND' });
    expect((await oc.get('/api/conversations')).json().items).toEqual([]);
  });
});
