/**
 * Acting on behalf (代理操作, decision 0045): an approved agency calls the influencer's own operations with
 * `?onBehalfOf=<influencers.id>` for an influencer on its roster; the request acts as the influencer and the
 * records name the agency (机构 X 代 Y). Refusals: not an agency 401/403, not approved 403, not on the roster
 * 404, the influencer's private operations 403 and unchanged. Every answer is checked against the document by
 * the harness.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeAgency, makeCompany, makeInfluencer, makeTaskCategory } from '../../db/factories';
import { adminLogs, bankAccounts, conversationMessages, deals, taskApplications, taskInvitations, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, pngBytes, signedIn, upload, type TestApp } from '../../test/harness';
import { checkLedger } from '../money';

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

/** a company with money, an influencer on an agency's roster at 20 %, all signed in */
async function world() {
  const co = await makeCompany(db(), { user: { passwordHash: hash } });
  await fundWallet(db(), { userId: co.user.id, userType: 'company', cents: 10_000_000 });
  const inf = await makeInfluencer(db(), { user: { passwordHash: hash }, isApproved: true, nickname: `小美${Math.random().toString(36).slice(2, 6)}` });
  const ag = await makeAgency(db(), { user: { passwordHash: hash }, name: `星火传媒${Math.random().toString(36).slice(2, 6)}` });
  const a = await signedIn(t.app, ag.user.email);
  const i = await signedIn(t.app, inf.user.email);
  const inv = (await a.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 })).json().invitation;
  expect((await i.post(`/api/agency-invitations/${inv.id}/accept`)).statusCode).toBe(200);
  return { co, inf, ag, a, i, c: await signedIn(t.app, co.user.email), q: `onBehalfOf=${inf.influencer.id}` };
}
type World = Awaited<ReturnType<typeof world>>;
const fire = (c: Client, dealId: string, event: string, body: unknown = {}, q = '') => c.post(`/api/deals/${dealId}/events/${event}${q ? `?${q}` : ''}`, body);
const dealOf = async (id: string) => (await db().select().from(deals).where(eq(deals.id, id)))[0];

async function publish(w: World, task: Record<string, unknown> = {}) {
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
  return published.json().task.id as string;
}

/** the agency applies for the influencer, the company accepts: the deal */
async function dealByAgency(w: World) {
  const taskId = await publish(w);
  const applied = await w.a.post(`/api/task-applications?${w.q}`, { taskId, proposedRateCents: 100_000, message: '机构代报名' });
  expect(applied.statusCode, applied.body).toBe(200);
  expect((await w.c.post(`/api/task-applications/${applied.json().application.id}/accept`)).statusCode).toBe(200);
  const [deal] = await db().select().from(deals).where(eq(deals.taskId, taskId));
  return { taskId, applicationId: applied.json().application.id as string, deal };
}

const schedule = () => {
  const start = new Date(clock.nowMs() + 48 * H);
  return { start: start.toISOString(), end: new Date(start.getTime() + 2 * H).toISOString(), roomUrl: 'https://live.douyin.com/1' };
};

describe('an agency runs a roster influencer’s deal', () => {
  it('applies, proposes the schedule, confirms the samples, reports with its own screenshot; the company sees 机构 X 代 Y; the influencer reads and acts too', async () => {
    const w = await world();
    const { applicationId, deal, taskId } = await dealByAgency(w);
    // the application is the influencer's, recorded as the agency's doing
    const [app] = await db().select().from(taskApplications).where(eq(taskApplications.id, applicationId));
    expect(app).toMatchObject({ influencerId: w.inf.influencer.id, onBehalfAgencyId: w.ag.agency.id });
    // the company reads that it came through the agency: 经 {agency} 代理 on the applicant and on the deal (issue 40 item 6)
    const applicants = (await w.c.get(`/api/task-applications?taskId=${taskId}`)).json().items;
    expect(applicants[0].viaAgency).toEqual({ id: w.ag.agency.id, name: w.ag.agency.name });
    expect((await w.c.get(`/api/deals/${deal.id}`)).json().influencer.viaAgency).toEqual({ id: w.ag.agency.id, name: w.ag.agency.name });
    const mine = (await w.a.get(`/api/task-applications?${w.q}`)).json().items;
    expect(mine.map((x: { id: string }) => x.id)).toContain(applicationId);
    expect(deal).toMatchObject({ agencyId: w.ag.agency.id, influencerId: w.inf.influencer.id });

    // the deal room, as the agency
    expect((await fire(w.c, deal.id, 'ship_samples', { carrier: '顺丰', trackingNo: 'SF1234567890' })).statusCode).toBe(200);
    const received = await fire(w.a, deal.id, 'receive_samples', {}, w.q);
    expect(received.statusCode, received.body).toBe(200);
    const proposed = await fire(w.a, deal.id, 'propose_schedule', schedule(), w.q);
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await fire(w.c, deal.id, 'confirm_schedule')).statusCode).toBe(200);
    clock.advance(51 * H);
    const shot = await upload(w.a, 'deal-file', await pngBytes(), 'shot.png', 'image/png');
    expect(shot.statusCode, shot.body).toBe(200);
    const report = {
      replayUrl: 'https://www.douyin.com/video/1',
      startedAt: new Date(clock.nowMs() - 3 * H).toISOString(),
      endedAt: new Date(clock.nowMs() - H).toISOString(),
      views: 100,
      peakViewers: 10,
      orders: 3,
      gmvCents: 0,
      screenshots: [shot.json().id],
    };
    // the agency's upload is not the influencer's own: refused without acting on behalf
    expect(errorOf(await fire(w.i, deal.id, 'report_live', report)).code).toBe('DEAL_IMAGE_INVALID');
    const reported = await fire(w.a, deal.id, 'report_live', report, w.q);
    expect(reported.statusCode, reported.body).toBe(200);

    // the company's view: the agency's entries name the agency and the influencer
    const seen = (await w.c.get(`/api/deals/${deal.id}`)).json();
    const byAgency = seen.timeline.filter((e: { onBehalf: unknown }) => e.onBehalf);
    expect(byAgency.map((e: { event: string }) => e.event)).toEqual(['receive_samples', 'propose_schedule', 'report_live']);
    for (const e of byAgency) {
      expect(e).toMatchObject({
        actorRole: 'influencer',
        actorName: w.inf.influencer.nickname,
        onBehalf: { agencyId: w.ag.agency.id, agencyName: w.ag.agency.name },
      });
    }
    expect(seen.timeline.find((e: { event: string }) => e.event === 'confirm_schedule').onBehalf).toBeNull();
    // the company still sees no share
    expect(JSON.stringify(seen)).not.toContain('sharePercent');

    // the influencer sees the same deal and can act too; the agency reads it and its list
    const own = (await w.i.get(`/api/deals/${deal.id}`)).json();
    expect(own.timeline.filter((e: { onBehalf: unknown }) => e.onBehalf)).toHaveLength(3);
    const asAgency = await w.a.get(`/api/deals/${deal.id}?${w.q}`);
    expect(asAgency.statusCode, asAgency.body).toBe(200);
    expect(asAgency.json()).toMatchObject({ viewerRole: 'influencer', status: 'reported' });
    const list = (await w.a.get(`/api/deals?${w.q}`)).json().items;
    expect(list.map((x: { id: string }) => x.id)).toEqual([deal.id]);

    // the conversation: the agency writes, the company reads 机构 X 代 Y; the influencer writes as itself
    const conv = own.conversationId as string;
    const wrote = await w.a.post(`/api/conversations/${conv}/messages?${w.q}`, { message: '您好，我是达人的经纪人', images: [] });
    expect(wrote.statusCode, wrote.body).toBe(200);
    clock.advance(60_000);
    expect((await w.i.post(`/api/conversations/${conv}/messages`, { message: '我本人也在', images: [] })).statusCode).toBe(200);
    const thread = (await w.c.get(`/api/conversations/${conv}`)).json().messages;
    expect(thread.map((m: { from: string; onBehalf: { agencyName: string } | null }) => [m.from, m.onBehalf?.agencyName ?? null])).toEqual([
      ['influencer', w.ag.agency.name],
      ['influencer', null],
    ]);
    const [stored] = await db().select().from(conversationMessages).where(eq(conversationMessages.id, wrote.json().messageId));
    expect(stored).toMatchObject({ senderId: w.inf.user.id, onBehalfAgencyId: w.ag.agency.id });

    // every change in the audit log, naming agency, influencer, operation and target
    const logs = await db()
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.actionType, 'agency_on_behalf'), eq(adminLogs.targetId, w.ag.agency.id)));
    expect(logs.map((l) => (l.after as { operation: string }).operation).sort()).toEqual(
      ['applyToTask', 'postDealEventProposeSchedule', 'postDealEventReceiveSamples', 'postDealEventReportLive', 'sendMessage'].sort(),
    );
    expect(logs.find((l) => (l.after as { operation: string }).operation === 'postDealEventReportLive')?.after).toMatchObject({
      agencyId: w.ag.agency.id,
      influencerId: w.inf.influencer.id,
      target: deal.id,
    });

    // the company confirms: the split as before
    expect((await fire(w.c, deal.id, 'confirm')).statusCode).toBe(200);
    expect(await dealOf(deal.id)).toMatchObject({ status: 'completed', settledAgencyCents: 18_000 });
  });

  it('answers a company’s invitation and withdraws an application for the influencer', async () => {
    const w = await world();
    const taskId = await publish(w);
    const invited = await w.c.post('/api/task-invitations', { taskId, influencerId: w.inf.influencer.id, message: '诚邀合作', offeredRateCents: 200_000 });
    expect(invited.statusCode, invited.body).toBe(200);
    const list = (await w.a.get(`/api/me/invitations?${w.q}`)).json().items;
    expect(list).toHaveLength(1);
    const declined = await w.a.post(`/api/task-invitations/${invited.json().invitation.id}/decline?${w.q}`, { reason: '档期冲突' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().invitation).toMatchObject({ id: invited.json().invitation.id, status: 'declined', declineReason: '档期冲突' });
    const [inv] = await db().select().from(taskInvitations).where(eq(taskInvitations.id, invited.json().invitation.id));
    expect(inv).toMatchObject({ status: 'declined', onBehalfAgencyId: w.ag.agency.id });

    const other = await publish(w);
    const invited2 = await w.c.post('/api/task-invitations', {
      taskId: other,
      influencerId: w.inf.influencer.id,
      message: '诚邀合作',
      offeredRateCents: 200_000,
    });
    const accepted = await w.a.post(`/api/task-invitations/${invited2.json().invitation.id}/accept?${w.q}`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await dealOf(accepted.json().deal.id)).toMatchObject({ agencyId: w.ag.agency.id, agencySharePercent: 20 });

    // the task page's viewer fields: the invitation answered and the deal, as the influencer reads them
    const page = (await w.a.get(`/api/tasks/${other}?${w.q}`)).json();
    expect(page.viewer).toMatchObject({ isOwner: false, myApplication: { status: 'accepted' }, dealId: accepted.json().deal.id });
    expect((await w.a.get(`/api/tasks/${other}`)).json().viewer).toMatchObject({ myApplication: null, dealId: null });

    const third = await publish(w);
    const applied = await w.a.post(`/api/task-applications?${w.q}`, { taskId: third, proposedRateCents: 50_000 });
    expect((await w.a.get(`/api/tasks/${third}?${w.q}`)).json().viewer).toMatchObject({
      myApplication: { id: applied.json().application.id, status: 'pending' },
    });
    const withdrawn = await w.a.post(`/api/task-applications/${applied.json().application.id}/withdraw?${w.q}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  });
});

describe('disputes on behalf', () => {
  it('the agency answers the company’s dispute with its own evidence, as the influencer', async () => {
    const w = await world();
    const { deal } = await dealByAgency(w);
    expect((await fire(w.c, deal.id, 'propose_schedule', schedule())).statusCode).toBe(200);
    expect((await fire(w.a, deal.id, 'confirm_schedule', {}, w.q)).statusCode).toBe(200);
    clock.advance(51 * H);
    const reported = await fire(
      w.a,
      deal.id,
      'report_live',
      {
        replayUrl: 'https://www.douyin.com/video/2',
        startedAt: new Date(clock.nowMs() - 3 * H).toISOString(),
        endedAt: new Date(clock.nowMs() - H).toISOString(),
        views: 50,
        peakViewers: 5,
        orders: 1,
        gmvCents: 0,
        screenshots: [],
      },
      w.q,
    );
    expect(reported.statusCode, reported.body).toBe(200);
    const companyProof = (await upload(w.c, 'deal-file', await pngBytes(), 'c.png', 'image/png')).json().id as string;
    expect((await fire(w.c, deal.id, 'dispute', { reason: 'report_untrue', statement: '数据不实', evidence: [companyProof] })).statusCode).toBe(200);
    const evidence = (await upload(w.a, 'deal-file', await pngBytes(), 'proof.png', 'image/png')).json().id as string;
    const answered = await fire(w.a, deal.id, 'answer_dispute', { statement: '后台数据截图为证', evidence: [evidence] }, w.q);
    expect(answered.statusCode, answered.body).toBe(200);
    const seen = (await w.c.get(`/api/deals/${deal.id}`)).json();
    expect(seen.disputes[0].answerEvidence.map((x: { id: string }) => x.id)).toEqual([evidence]);
    expect(seen.timeline.find((e: { event: string }) => e.event === 'answer_dispute').onBehalf).toMatchObject({ agencyId: w.ag.agency.id });
    // the company can read the agency's evidence; so can the agency (its upload) and the influencer (its deal)
    expect((await w.c.get(`/api/deal-files/${evidence}`)).statusCode).toBe(200);
    expect((await w.a.get(`/api/deal-files/${evidence}`)).statusCode).toBe(200);
    expect((await w.i.get(`/api/deal-files/${evidence}`)).statusCode).toBe(200);
    // the agency reads what the influencer sees of a deal made under it: the company's evidence, an image in the deal's
    // conversation; another agency reads none of it
    const picture = (await upload(w.c, 'deal-file', await pngBytes(), 'p.png', 'image/png')).json().id as string;
    expect((await w.c.post(`/api/conversations/${seen.conversationId}/messages`, { body: '看图', images: [picture] })).statusCode).toBe(200);
    const other = await signedIn(t.app, (await makeAgency(db(), { user: { passwordHash: hash } })).user.email);
    for (const id of [companyProof, picture]) {
      expect((await w.a.get(`/api/deal-files/${id}`)).statusCode, id).toBe(200);
      expect((await other.get(`/api/deal-files/${id}`)).statusCode, id).toBe(404);
    }
    expect((await fire(w.c, deal.id, 'withdraw_dispute')).statusCode).toBe(200);
    expect((await fire(w.c, deal.id, 'confirm')).statusCode).toBe(200);
    // once the membership has ended, the deal stays the agency's history to read, its files too (decision 0061)
    expect((await w.a.post(`/api/agency/roster/${w.inf.influencer.id}/end`)).statusCode).toBe(200);
    expect((await w.a.get(`/api/deal-files/${companyProof}`)).statusCode).toBe(200);
    expect((await w.a.get(`/api/deal-files/${evidence}`)).statusCode).toBe(200);
    // another agency reads none of them
    const stranger = await signedIn(t.app, (await makeAgency(db(), { user: { passwordHash: hash } })).user.email);
    expect((await stranger.get(`/api/deal-files/${companyProof}`)).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('an influencer not on the roster, an unknown or malformed id: 404 AGENCY_MEMBER_NOT_FOUND', async () => {
    const w = await world();
    const taskId = await publish(w);
    const stranger = await makeInfluencer(db(), { isApproved: true });
    for (const id of [stranger.influencer.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await w.a.post(`/api/task-applications?onBehalfOf=${id}`, { taskId, proposedRateCents: 100_000 });
      expect(errorOf(res)).toMatchObject({ status: 404, code: 'AGENCY_MEMBER_NOT_FOUND' });
    }
    expect(await db().select().from(taskApplications).where(eq(taskApplications.taskId, taskId))).toHaveLength(0);
  });

  it('another agency’s roster, and a deal not made under this agency: 404', async () => {
    const w = await world();
    const { deal } = await dealByAgency(w);
    const other = await makeAgency(db(), { user: { passwordHash: hash } });
    const o = await signedIn(t.app, other.user.email);
    expect(errorOf(await o.get(`/api/deals/${deal.id}?${w.q}`)).status).toBe(404);
    expect(errorOf(await fire(o, deal.id, 'request_cancel', { reason: '不做了' }, w.q)).status).toBe(404);
    expect((await dealOf(deal.id)).cancelRequestedBy).toBeNull();
  });

  it('an agency not approved: 403 AGENCY_NOT_APPROVED', async () => {
    const w = await world();
    const taskId = await publish(w);
    const pending = await makeAgency(db(), { user: { passwordHash: hash }, status: 'pending' });
    const p = await signedIn(t.app, pending.user.email);
    expect(errorOf(await p.post(`/api/task-applications?${w.q}`, { taskId, proposedRateCents: 100_000 }))).toMatchObject({
      status: 403,
      code: 'AGENCY_NOT_APPROVED',
    });
  });

  it('a company, an influencer, an admin with onBehalfOf: 403; a visitor: 401', async () => {
    const w = await world();
    const { deal } = await dealByAgency(w);
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['task_management'] })).email);
    for (const c of [w.c, w.i, admin]) {
      expect(errorOf(await c.get(`/api/deals/${deal.id}?${w.q}`))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(errorOf(await fire(c, deal.id, 'request_cancel', { reason: '不做了' }, w.q)).status).toBe(403);
    }
    expect(errorOf(await new Client(t.app).get(`/api/deals?${w.q}`)).status).toBe(401);
    expect((await dealOf(deal.id)).cancelRequestedBy).toBeNull();
  });

  it('the influencer’s private operations refuse onBehalfOf and nothing changes', async () => {
    const w = await world();
    const [before] = await db().select().from(users).where(eq(users.id, w.inf.user.id));
    expect(errorOf(await w.a.get(`/api/wallet?${w.q}`)).status).toBe(403);
    expect(
      errorOf(await w.a.post(`/api/account/password?${w.q}`, { currentPassword: 'secret123', newPassword: 'hacked123', confirmPassword: 'hacked123' })).status,
    ).toBe(403);
    expect(
      errorOf(await w.a.post(`/api/wallet/bank-accounts?${w.q}`, { holderName: '小美', bankName: '招商银行', accountNumber: '6225880123456789' })).status,
    ).toBe(403);
    const [after] = await db().select().from(users).where(eq(users.id, w.inf.user.id));
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await db().select().from(bankAccounts).where(eq(bankAccounts.userId, w.inf.user.id))).toHaveLength(0);
    expect(await db().select().from(bankAccounts).where(eq(bankAccounts.userId, w.ag.user.id))).toHaveLength(0);
    // the agency's own password is untouched too: it still signs in
    await signedIn(t.app, w.ag.user.email);
  });

  it('an ending membership: only the deals made under it; an ended one: nothing new, its deals read only (decision 0061)', async () => {
    const w = await world();
    const { deal } = await dealByAgency(w);
    expect((await w.i.post('/api/me/agency/end')).json().membership).toMatchObject({ status: 'ending' });
    // the open deal made under the agency: still the agency's to run
    expect((await fire(w.a, deal.id, 'propose_schedule', schedule(), w.q)).statusCode).toBe(200);
    expect((await w.a.get(`/api/deals?${w.q}`)).json().items).toHaveLength(1);
    // new actions: 409, saying why
    const taskId = await publish(w);
    expect(errorOf(await w.a.post(`/api/task-applications?${w.q}`, { taskId, proposedRateCents: 100_000 })).code).toBe('AGENCY_MEMBERSHIP_ENDED');
    // a deal the influencer makes alone from now on: not the agency's
    const alone = await w.i.post('/api/task-applications', { taskId, proposedRateCents: 100_000 });
    expect((await w.c.post(`/api/task-applications/${alone.json().application.id}/accept`)).statusCode).toBe(200);
    const [later] = await db().select().from(deals).where(eq(deals.taskId, taskId));
    expect(later.agencyId).toBeNull();
    expect(errorOf(await w.a.get(`/api/deals/${later.id}?${w.q}`)).code).toBe('AGENCY_MEMBER_NOT_FOUND');
    // the agency's deal is cancelled: the membership ends, and with it every on-behalf action; its deals stay readable
    expect((await fire(w.c, deal.id, 'cancel', { reason: '取消' })).statusCode, 'company cancels before the live').toBe(200);
    expect((await w.a.get(`/api/deals/${deal.id}?${w.q}`)).json()).toMatchObject({ actions: [], viewOnly: true });
    expect((await w.a.get(`/api/deals?${w.q}`)).json().items.map((x: { id: string }) => x.id)).toEqual([deal.id]);
    expect(errorOf(await fire(w.a, deal.id, 'dispute', { reason: 'x' }, w.q)).code).toBe('AGENCY_MEMBERSHIP_ENDED');
    const next = await publish(w);
    expect(errorOf(await w.a.post(`/api/task-applications?${w.q}`, { taskId: next, proposedRateCents: 100_000 })).code).toBe('AGENCY_MEMBERSHIP_ENDED');
    // an address that is no operation stays 404 NOT_FOUND with the parameter
    expect(errorOf(await w.a.get(`/api/no-such-thing?${w.q}`)).status).toBe(404);
  });
});

describe('API keys', () => {
  it('an agency’s key carries the same scopes and acts for its roster', async () => {
    const w = await world();
    const { deal } = await dealByAgency(w);
    const created = await w.a.post('/api/me/api-keys', { name: '排期系统', scopes: ['deals:read', 'deals:write'] });
    expect(created.statusCode, created.body).toBe(200);
    const bearer = { authorization: `Bearer ${created.json().secret}` };
    const anon = new Client(t.app);
    const listed = await anon.get(`/api/deals?${w.q}`, bearer);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((x: { id: string }) => x.id)).toEqual([deal.id]);
    const proposed = await anon.post(`/api/deals/${deal.id}/events/propose_schedule?${w.q}`, schedule(), bearer);
    expect(proposed.statusCode, proposed.body).toBe(200);
    // without onBehalfOf the agency is no party to the deal list
    expect(errorOf(await anon.get('/api/deals', bearer)).status).toBe(403);
    // a scope the key lacks
    expect(errorOf(await anon.post(`/api/task-applications?${w.q}`, { taskId: deal.taskId, proposedRateCents: 100 }, bearer)).code).toBe('API_KEY_SCOPE');
  });
});
