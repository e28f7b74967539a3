/**
 * The agency hears every roster deal (decision 0060): each deal notification the influencer gets for a deal made
 * under the agency reaches the agency once (bell, mail, live event), titled 代 {influencer}：…, linking to the deal
 * acting for the influencer; never another agency, never for the influencer's own deals. 消息中心 lists the roster's
 * deal conversations. A deal's lateness (report due / overdue, payment due) is read from its times and the clock.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeAgency, makeCompany, makeInfluencer, makeTaskCategory } from '../../db/factories';
import { deals, notifications, outbox } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';
import { hashPassword } from '../auth';
import { Client, createTestApp, delivered, errorOf, signedIn, type TestApp } from '../../test/harness';
import { checkLedger } from '../money';
import { renderNotification } from '../../../shared/notifications';
import type { LiveEvent } from '../../../shared/schemas/messages';

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

const tag = () => Math.random().toString(36).slice(2, 6);

/** a company with money, an influencer on an agency's roster at 20 %, all signed in */
async function world() {
  const co = await makeCompany(db(), { user: { passwordHash: hash } });
  await fundWallet(db(), { userId: co.user.id, userType: 'company', cents: 10_000_000 });
  const inf = await makeInfluencer(db(), { user: { passwordHash: hash }, isApproved: true, nickname: `小美${tag()}` });
  const ag = await makeAgency(db(), { user: { passwordHash: hash }, name: `星火传媒${tag()}` });
  const a = await signedIn(t.app, ag.user.email);
  const i = await signedIn(t.app, inf.user.email);
  const inv = (await a.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 })).json().invitation;
  expect((await i.post(`/api/agency-invitations/${inv.id}/accept`)).statusCode).toBe(200);
  return { co, inf, ag, a, i, c: await signedIn(t.app, co.user.email), q: `onBehalfOf=${inf.influencer.id}` };
}
const fire = (c: Client, dealId: string, event: string, body: unknown = {}, q = '') => c.post(`/api/deals/${dealId}/events/${event}${q ? `?${q}` : ''}`, body);

async function publish(c: Client) {
  const published = await c.post('/api/tasks', {
    title: `口红新品直播${tag()}`,
    description: '新品口红直播推广',
    categoryId,
    budgetMinCents: 100,
    budgetMaxCents: 3_000_000,
    liveDate: new Date(clock.nowMs() + 7 * 24 * H).toISOString(),
  });
  expect(published.statusCode, published.body).toBe(200);
  return published.json().task.id as string;
}

/** `applicant` applies (`q`: acting for the influencer), the company accepts: the deal */
async function dealOf(c: Client, applicant: Client, q = '') {
  const taskId = await publish(c);
  const applied = await applicant.post(`/api/task-applications${q ? `?${q}` : ''}`, { taskId, proposedRateCents: 100_000, message: '报名' });
  expect(applied.statusCode, applied.body).toBe(200);
  expect((await c.post(`/api/task-applications/${applied.json().application.id}/accept`)).statusCode).toBe(200);
  const [deal] = await db().select().from(deals).where(eq(deals.taskId, taskId));
  return deal!;
}

/** the notifications of one user about one deal (any link to it), oldest first */
const notesOf = async (userId: string, dealId: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), like(notifications.link, `/deal/${dealId}%`)))
  ).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
const typesOf = async (userId: string, dealId: string) => (await notesOf(userId, dealId)).map((n) => n.type);

describe('the agency hears its roster’s deals', () => {
  it('acceptance, schedule, reminders, overdue, report, completion and its share: once each, 代 {influencer}, acting link, mail; not another agency', async () => {
    const w = await world();
    const other = await world(); // another agency with its own roster
    const deal = await dealOf(w.c, w.a, w.q);
    expect(deal.agencyId).toBe(w.ag.agency.id);
    const link = `/deal/${deal.id}?as=${w.inf.influencer.id}`;

    // accepted: the influencer and the agency (its copy), the agency's bell reads 代 {influencer}
    expect(await typesOf(w.ag.user.id, deal.id)).toEqual(['application_accepted']);
    const [copy] = await notesOf(w.ag.user.id, deal.id);
    expect(copy).toMatchObject({ link, title: `代 ${w.inf.influencer.nickname}：您的申请已通过` });
    expect(copy!.params).toMatchObject({ forInfluencer: w.inf.influencer.nickname });
    const bell = (await w.a.get('/api/notifications')).json();
    expect(bell.items[0]).toMatchObject({ type: 'application_accepted', link, title: `代 ${w.inf.influencer.nickname}：您的申请已通过` });
    expect(bell.unreadCount).toBeGreaterThanOrEqual(1);
    expect(await typesOf(w.inf.user.id, deal.id)).toEqual(['application_accepted']);
    // the mail, per the agency's settings (on by default)
    const mails = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, w.ag.user.email));
    expect(mails.filter((m) => m.subject?.includes(`代 ${w.inf.influencer.nickname}：您的申请已通过`))).toHaveLength(1);

    // the company proposes, the agency (acting) confirms: the influencer is told of the proposal, and so is the agency
    const start = new Date(clock.nowMs() + 30 * H);
    const sched = { start: start.toISOString(), end: new Date(start.getTime() + 2 * H).toISOString(), roomUrl: 'https://live.douyin.com/1' };
    expect((await fire(w.c, deal.id, 'propose_schedule', sched)).statusCode).toBe(200);
    expect((await fire(w.a, deal.id, 'confirm_schedule', {}, w.q)).statusCode).toBe(200);
    // the 24 h and the 1 h reminders
    clock.advance(7 * H);
    await runDueJobs(t.app.ctx);
    clock.advance(23 * H);
    await runDueJobs(t.app.ctx);
    expect(await typesOf(w.ag.user.id, deal.id)).toEqual(['application_accepted', 'deal_schedule_proposed', 'deal_reminder', 'deal_reminder']);

    // the live is over, no report: report due, then overdue (48 h after the end), shown to every party
    clock.advance(3 * H);
    const late = (await w.a.get(`/api/deals/${deal.id}?${w.q}`)).json();
    expect(late).toMatchObject({ status: 'scheduled', overdue: 'report_due' });
    clock.advance(48 * H);
    for (const [c, q] of [
      [w.a, w.q],
      [w.i, ''],
      [w.c, ''],
    ] as const) {
      expect((await c.get(`/api/deals/${deal.id}${q ? `?${q}` : ''}`)).json().overdue).toBe('report_overdue');
    }
    expect((await w.c.get('/api/deals')).json().items.find((d: { id: string }) => d.id === deal.id).overdue).toBe('report_overdue');
    const pipeline = (await w.a.get('/api/agency/pipeline?kind=deals')).json();
    expect(pipeline.items.find((d: { id: string }) => d.id === deal.id)).toMatchObject({ status: 'scheduled', overdue: 'report_overdue' });
    await runDueJobs(t.app.ctx);
    expect((await typesOf(w.ag.user.id, deal.id)).filter((x) => x === 'deal_report_overdue')).toHaveLength(1);

    // the agency reports for the influencer; the company leaves it past the window: payment due, then the platform confirms
    const endedAt = new Date(start.getTime() + 2 * H).toISOString();
    const reported = await fire(
      w.a,
      deal.id,
      'report_live',
      {
        replayUrl: 'https://live.douyin.com/r/1',
        startedAt: start.toISOString(),
        endedAt,
        views: 1000,
        peakViewers: 100,
        orders: 10,
        gmvCents: 100_000,
        screenshots: [],
      },
      w.q,
    );
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await w.a.get(`/api/deals/${deal.id}?${w.q}`)).json().overdue).toBeNull();
    const hours = (await w.c.get(`/api/deals/${deal.id}`)).json().settlementHours as number;
    clock.advance(hours * H);
    expect((await w.c.get(`/api/deals/${deal.id}`)).json()).toMatchObject({ status: 'reported', overdue: 'payment_due' });
    await runDueJobs(t.app.ctx);
    expect((await w.c.get(`/api/deals/${deal.id}`)).json()).toMatchObject({ status: 'completed', overdue: null });

    const agencyTypes = await typesOf(w.ag.user.id, deal.id);
    expect([...agencyTypes].sort()).toEqual(
      [
        'application_accepted',
        'deal_schedule_proposed',
        'deal_reminder',
        'deal_reminder',
        'deal_report_overdue',
        'deal_auto_confirmed',
        'deal_completed',
        'agency_share_received',
      ].sort(),
    );
    // every copy links to the deal acting for the influencer and names it
    const all = await notesOf(w.ag.user.id, deal.id);
    expect(all.every((n) => n.link === link)).toBe(true);
    expect(all.filter((n) => n.type !== 'agency_share_received').every((n) => n.title.startsWith(`代 ${w.inf.influencer.nickname}：`))).toBe(true);
    // the agency's share: 20 % of the influencer's net after the platform fee
    const [settled] = await db().select().from(deals).where(eq(deals.id, deal.id));
    const share = all.find((n) => n.type === 'agency_share_received')!;
    expect(share.params).toMatchObject({ influencer: w.inf.influencer.nickname, task: deal.taskTitle });
    expect(settled!.settledAgencyCents).toBeGreaterThan(0);
    expect(String(share.params.amount)).toBe(`$${(settled!.settledAgencyCents! / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

    // the influencer's own notifications are unchanged (the company's too), and nobody else heard
    expect(await typesOf(w.inf.user.id, deal.id)).toEqual([
      'application_accepted',
      'deal_schedule_proposed',
      'deal_reminder',
      'deal_reminder',
      'deal_report_overdue',
      'deal_auto_confirmed',
      'deal_completed',
    ]);
    expect(await notesOf(other.ag.user.id, deal.id)).toEqual([]);
    // the company's own notifications never reach the agency (deal_reported went to the company only)
    expect(agencyTypes).not.toContain('deal_reported');
  });

  it('a dispute by the company reaches the agency; the company’s side does not', async () => {
    const w = await world();
    const deal = await dealOf(w.c, w.a, w.q);
    const start = new Date(clock.nowMs() + 3 * H);
    const sched = { start: start.toISOString(), end: new Date(start.getTime() + H).toISOString(), roomUrl: 'https://live.douyin.com/2' };
    expect((await fire(w.a, deal.id, 'propose_schedule', sched, w.q)).statusCode).toBe(200);
    expect((await fire(w.c, deal.id, 'confirm_schedule')).statusCode).toBe(200);
    clock.advance(5 * H);
    const report = { replayUrl: 'https://live.douyin.com/r/2', startedAt: start.toISOString(), endedAt: new Date(start.getTime() + H).toISOString() };
    expect((await fire(w.i, deal.id, 'report_live', { ...report, views: 10, peakViewers: 5, orders: 1, gmvCents: 100, screenshots: [] })).statusCode).toBe(200);
    const disputed = await fire(w.c, deal.id, 'dispute', { reason: 'report_untrue', statement: '数据与后台不符，请核实', evidence: [] });
    expect(disputed.statusCode, disputed.body).toBe(200);
    const types = await typesOf(w.ag.user.id, deal.id);
    expect(types.filter((x) => x === 'deal_disputed')).toHaveLength(1);
    // the influencer proposed through the agency, so the company was told of the proposal and the agency was not
    expect(types).toEqual(['application_accepted', 'deal_scheduled', 'deal_disputed']);
  });

  it('an influencer’s own deal (no agency) notifies no agency', async () => {
    const co = await makeCompany(db(), { user: { passwordHash: hash } });
    await fundWallet(db(), { userId: co.user.id, userType: 'company', cents: 10_000_000 });
    const inf = await makeInfluencer(db(), { user: { passwordHash: hash }, isApproved: true });
    const c = await signedIn(t.app, co.user.email);
    const deal = await dealOf(c, await signedIn(t.app, inf.user.email));
    expect(deal.agencyId).toBeNull();
    const notes = await db()
      .select()
      .from(notifications)
      .where(like(notifications.link, `/deal/${deal.id}%`));
    expect(notes.map((n) => n.userId)).toEqual([inf.user.id]);
    expect(notes[0]!.params).not.toHaveProperty('forInfluencer');
  });

  it('the English title reads "For {influencer}: …"', () => {
    const n = { type: 'deal_scheduled', params: { task: '口红', start: '2026-12-02 20:00', forInfluencer: 'Mia' } };
    expect(renderNotification(n, 'en').title).toBe('For Mia: Live scheduled');
    expect(renderNotification(n, 'zh').title).toBe('代 Mia：直播排期已确认');
    expect(renderNotification({ type: 'deal_scheduled', params: { task: '口红', start: '2026-12-02 20:00' } }, 'en').title).toBe('Live scheduled');
  });
});

describe('消息中心 for an agency', () => {
  it('lists its roster’s deal conversations with the company’s unread messages; opens them acting; nobody else’s', async () => {
    const w = await world();
    const other = await world();
    const deal = await dealOf(w.c, w.a, w.q);
    const own = await dealOf(w.c, w.i); // the influencer applies alone while on the roster: still made under the agency
    expect(own.agencyId).toBe(w.ag.agency.id);
    const detail = (await w.c.get(`/api/deals/${deal.id}`)).json();
    // the agency's open pages hear the message live (the event stream), another agency's do not
    const heard: LiveEvent[] = [];
    const otherHeard: LiveEvent[] = [];
    const stop = t.app.ctx.realtime.subscribe(w.ag.user.id, (e) => heard.push(e));
    const stopOther = t.app.ctx.realtime.subscribe(other.ag.user.id, (e) => otherHeard.push(e));
    try {
      expect((await w.c.post(`/api/conversations/${detail.conversationId}/messages`, { message: '请确认样品地址', images: [] })).statusCode).toBe(200);
      await expect.poll(() => heard.some((e) => e.type === 'message')).toBe(true);
      expect(heard.filter((e) => e.type === 'message')).toEqual([{ type: 'message', conversationId: detail.conversationId }]);
      // and a deal notification's bell event (the company proposes a schedule)
      const start = new Date(clock.nowMs() + 30 * H);
      const sched = { start: start.toISOString(), end: new Date(start.getTime() + 2 * H).toISOString(), roomUrl: 'https://live.douyin.com/3' };
      expect((await fire(w.c, deal.id, 'propose_schedule', sched)).statusCode).toBe(200);
      await expect.poll(() => heard.some((e) => e.type === 'notification')).toBe(true);
      expect(otherHeard).toEqual([]);
    } finally {
      stop();
      stopOther();
    }

    const list = await w.a.get('/api/conversations');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { id: string; deal: { id: string } | null; influencer: { id: string }; unread: number }[];
    expect(items.map((x) => x.deal?.id).sort()).toEqual([deal.id, own.id].sort());
    expect(items.find((x) => x.id === detail.conversationId)).toMatchObject({ influencer: { id: w.inf.influencer.id }, unread: 1 });
    expect((await w.a.get('/api/conversations/unread')).json()).toEqual({ count: 1 });
    // another agency sees none of them
    expect((await other.a.get('/api/conversations')).json().items.map((x: { deal: { id: string } }) => x.deal.id)).not.toContain(deal.id);
    expect((await other.a.get(`/api/conversations/${detail.conversationId}?${other.q}`)).statusCode).toBe(404);
    // the agency opens it acting for the influencer (as the deal room does); not as itself
    expect(errorOf(await w.a.get(`/api/conversations/${detail.conversationId}`)).status).toBe(403);
    const opened = await w.a.get(`/api/conversations/${detail.conversationId}?${w.q}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ viewer: 'influencer', canSend: true });
    expect((await w.a.get('/api/conversations/unread')).json()).toEqual({ count: 0 });
    // the company's and the influencer's lists are theirs as before
    expect(
      (await w.i.get('/api/conversations'))
        .json()
        .items.map((x: { deal: { id: string } }) => x.deal.id)
        .sort(),
    ).toEqual([deal.id, own.id].sort());

    // an ending membership still covers the deals made under it: the agency keeps their conversations
    expect((await w.a.post(`/api/agency/roster/${w.inf.influencer.id}/end`, {})).statusCode).toBe(200);
    expect((await w.a.get('/api/conversations')).json().items).toHaveLength(2);
  });

  it('authorisation: a visitor 401, an admin 403; an agency not approved lists nothing', async () => {
    const visitor = new Client(t.app);
    expect(errorOf(await visitor.get('/api/conversations')).status).toBe(401);
    const ad = await signedIn(t.app, (await makeAdmin(db())).email);
    expect(errorOf(await ad.get('/api/conversations')).status).toBe(403);
    expect(errorOf(await ad.get('/api/conversations/unread')).status).toBe(403);
    const pending = await makeAgency(db(), { user: { passwordHash: hash }, status: 'pending' });
    const p = await signedIn(t.app, pending.user.email);
    expect((await p.get('/api/conversations')).json().items).toEqual([]);
    expect((await p.get('/api/conversations/unread')).json()).toEqual({ count: 0 });
  });
});
