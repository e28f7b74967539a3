/**
 * Two-way reviews after a deal (decision 0015): who may write, reply and moderate; blind until both
 * have written or the 14-day window closes (the job, with a moved clock); the ratings and counts of the
 * influencer and company pages (and the videos' copy) follow published reviews only.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_WINDOW_DAYS } from '../../../shared/deals';
import { makeAdmin, makeCompany, makeInfluencer, makeReviewedDeal, makeTaskCategory, makeVideo, fundWallet } from '../../db/factories';
import { adminLogs, companies, deals, influencers, notifications, reviews, videos } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { pendingJobs, runDueJobs } from '../../platform/jobs';
import { Client, createTestApp, errorOf, type TestApp } from '../../test/harness';
import { hashPassword } from '../auth';

const H = 3600_000;
const DAY = 24 * H;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  hash = await hashPassword('secret123');
});
afterAll(async () => {
  await t?.close();
});

async function login(email: string) {
  const c = new Client(t.app);
  const res = await c.post('/api/auth/login', { email, password: 'secret123' });
  if (res.statusCode !== 200) throw new Error(res.body);
  return c;
}

type Party = Awaited<ReturnType<typeof parties>>;
async function parties() {
  const co = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
  // the company's wallet pays the fee into escrow at acceptance (decision 0022)
  await fundWallet(t.app.ctx.db, { userId: co.user.id, userType: 'company', cents: 1_000_000 });
  const inf = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash }, isApproved: true, status: 'active' });
  return { co, inf, c: await login(co.user.email), i: await login(inf.user.email) };
}

/** a deal of `p` completed an hour ago (by the clock) with no review yet: its window's job is planned */
async function completedDeal(p: Party) {
  const { deal } = await makeReviewedDeal(t.app.ctx.db, {
    companyId: p.co.company.id,
    influencerId: p.inf.influencer.id,
    completedAt: new Date(clock.nowMs() - H),
    now: clock.now(),
  });
  return deal;
}

const write = (c: Client, dealId: string, rating: unknown = 5, comment: unknown = '合作愉快，推荐！') =>
  c.post(`/api/deals/${dealId}/review`, { rating, comment });
const reply = (c: Client, reviewId: string, text: unknown = '谢谢！') => c.post(`/api/reviews/${reviewId}/reply`, { reply: text });
const view = async (c: Client, dealId: string) => (await c.get(`/api/deals/${dealId}`)).json().reviews;
const influencerRow = async (id: string) => (await t.app.ctx.db.select().from(influencers).where(eq(influencers.id, id)))[0];
const companyRow = async (id: string) => (await t.app.ctx.db.select().from(companies).where(eq(companies.id, id)))[0];
const notesOf = async (userId: string, type: string) =>
  t.app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
const influencerPage = async (id: string) => (await new Client(t.app).get(`/api/influencers/${id}`)).json();
const companyPage = async (id: string) => (await new Client(t.app).get(`/api/companies/${id}`)).json();

describe('completion opens the review window', () => {
  it('the complete event plans deal.reviews_close 14 days later; the deal page shows the open window', async () => {
    const p = await parties();
    const cat = await makeTaskCategory(t.app.ctx.db);
    const task = (
      await p.c.post('/api/tasks', { title: '评价测试任务', description: '直播推广', categoryId: cat.id, budgetMinCents: 100_000, budgetMaxCents: 300_000 })
    ).json().task;
    const applied = (await p.i.post('/api/task-applications', { taskId: task.id, proposedRateCents: 200_000 })).json();
    expect((await p.c.post(`/api/task-applications/${applied.application.id}/accept`)).statusCode).toBe(200);
    const [deal] = await t.app.ctx.db.select().from(deals).where(eq(deals.taskId, task.id));
    // before completion: nothing to write
    expect(await view(p.i, deal.id)).toEqual({
      windowEndsAt: null,
      open: false,
      canWrite: false,
      byCompany: null,
      byInfluencer: null,
      companyWrote: false,
      influencerWrote: false,
    });
    expect(errorOf(await write(p.i, deal.id))).toMatchObject({ status: 409, code: 'REVIEW_DEAL_NOT_COMPLETED' });
    const fire = (c: Client, e: string, body: unknown = {}) => c.post(`/api/deals/${deal.id}/events/${e}`, body);
    const start = clock.nowMs() + 2 * H;
    expect(
      (
        await fire(p.c, 'propose_schedule', {
          start: new Date(start).toISOString(),
          end: new Date(start + 2 * H).toISOString(),
          roomUrl: 'https://live.douyin.com/1',
        })
      ).statusCode,
    ).toBe(200);
    expect((await fire(p.i, 'confirm_schedule')).statusCode).toBe(200);
    clock.advance(5 * H);
    const rep = {
      replayUrl: 'https://www.douyin.com/1',
      startedAt: new Date(start).toISOString(),
      endedAt: new Date(start + 2 * H).toISOString(),
      views: 10,
      peakViewers: 5,
      orders: 1,
      gmvCents: 100,
    };
    expect((await fire(p.i, 'report_live', rep)).statusCode).toBe(200);
    expect((await fire(p.c, 'confirm')).statusCode).toBe(200);
    const planned = (await pendingJobs(t.app.ctx.db, 'deal.reviews_close')).filter((j) => j.payload.dealId === deal.id);
    expect(planned).toHaveLength(1);
    expect(planned[0].runAt.getTime()).toBe(clock.nowMs() + REVIEW_WINDOW_DAYS * DAY);
    const state = await view(p.c, deal.id);
    expect(state).toMatchObject({ open: true, canWrite: true, byCompany: null, byInfluencer: null, companyWrote: false, influencerWrote: false });
    expect(new Date(state.windowEndsAt).getTime()).toBe(clock.nowMs() + REVIEW_WINDOW_DAYS * DAY);
  });
});

describe('writing', () => {
  it('is for the two parties only: a visitor 401, an admin 403, other companies and influencers 404', async () => {
    const p = await parties();
    const deal = await completedDeal(p);
    const other = await parties();
    const admin = await makeAdmin(t.app.ctx.db);
    expect(errorOf(await write(new Client(t.app), deal.id)).status).toBe(401);
    expect(errorOf(await write(await login(admin.email), deal.id)).status).toBe(403);
    expect(errorOf(await write(other.c, deal.id))).toMatchObject({ status: 404, code: 'DEAL_NOT_FOUND' });
    expect(errorOf(await write(other.i, deal.id))).toMatchObject({ status: 404, code: 'DEAL_NOT_FOUND' });
    expect(errorOf(await write(p.c, '00000000-0000-4000-8000-000000000000'))).toMatchObject({ status: 404, code: 'DEAL_NOT_FOUND' });
    expect(errorOf(await write(p.c, 'not-a-uuid'))).toMatchObject({ status: 404, code: 'DEAL_NOT_FOUND' });
    expect(await t.app.ctx.db.select().from(reviews).where(eq(reviews.dealId, deal.id))).toEqual([]);
  });

  it('takes 1–5 whole stars and a comment', async () => {
    const p = await parties();
    const deal = await completedDeal(p);
    for (const rating of [0, 6, 4.5, '5', null])
      expect(errorOf(await write(p.c, deal.id, rating)), String(rating)).toMatchObject({ status: 400, code: 'REVIEW_RATING_INVALID' });
    expect(errorOf(await write(p.c, deal.id, 5, '   '))).toMatchObject({ status: 400, code: 'REVIEW_COMMENT_REQUIRED', message: '请填写评价内容' });
    expect(errorOf(await write(p.c, deal.id, 5, 'x'.repeat(1001))).code).toBe('TEXT_TOO_LONG');
    expect(await t.app.ctx.db.select().from(reviews).where(eq(reviews.dealId, deal.id))).toEqual([]);
  });

  it('is blind until both have written; the second reveals both and the pages’ ratings follow', async () => {
    const p = await parties();
    const video = await makeVideo(t.app.ctx.db, { influencerId: p.inf.influencer.id, influencerRating: 4.9 });
    const deal = await completedDeal(p);
    const written = await write(p.c, deal.id, 4, '  讲解专业，转化不错。 ');
    expect(written.statusCode).toBe(200);
    expect(errorOf(await write(p.c, deal.id, 5))).toMatchObject({ status: 409, code: 'REVIEW_ALREADY_WRITTEN', message: '您已评价过该订单' });

    // the author reads their own review; the other side only that it exists — writing answered the same
    const mine = await view(p.c, deal.id);
    expect(written.json()).toEqual(mine);
    expect(mine).toMatchObject({
      canWrite: false,
      companyWrote: true,
      influencerWrote: false,
      byCompany: { rating: 4, comment: '讲解专业，转化不错。', revealedAt: null, canReply: false },
      byInfluencer: null,
    });
    const theirs = await view(p.i, deal.id);
    expect(theirs).toMatchObject({ canWrite: true, companyWrote: true, influencerWrote: false, byCompany: null, byInfluencer: null });
    expect(await notesOf(p.inf.user.id, 'deal_review_written')).toHaveLength(1);
    // nothing published yet: the ratings have not moved (the video's stale copy neither)
    expect(await influencerRow(p.inf.influencer.id)).toMatchObject({ rating: 0, totalReviews: 0 });
    expect((await influencerPage(p.inf.influencer.id)).reviews).toEqual([]);

    const second = await write(p.i, deal.id, 3, '结算慢了一点。');
    expect(second.statusCode).toBe(200);
    const both = await view(p.i, deal.id);
    expect(second.json()).toEqual(both);
    expect(both).toMatchObject({ canWrite: false, byCompany: { rating: 4, canReply: true }, byInfluencer: { rating: 3, canReply: false } });
    expect(both.byCompany.revealedAt).toBe(clock.now().toISOString());
    expect(both.byInfluencer.revealedAt).toBe(clock.now().toISOString());
    expect((await view(p.c, deal.id)).byInfluencer).toMatchObject({ rating: 3, comment: '结算慢了一点。', canReply: true });
    expect(await notesOf(p.co.user.id, 'deal_reviews_revealed')).toHaveLength(1);

    expect(await influencerRow(p.inf.influencer.id)).toMatchObject({ rating: 4, totalReviews: 1 });
    expect((await companyRow(p.co.company.id)).avgRating).toBe(3);
    expect((await t.app.ctx.db.select().from(videos).where(eq(videos.id, video.id)))[0].influencerRating).toBe(4);
    const ip = await influencerPage(p.inf.influencer.id);
    expect(ip.influencer).toMatchObject({ rating: 4, totalReviews: 1 });
    expect(ip.reviewSummary).toEqual({ average: 4, count: 1 });
    expect(ip.reviews).toEqual([
      expect.objectContaining({
        rating: 4,
        comment: '讲解专业，转化不错。',
        authorName: p.co.company.companyName,
        companyName: p.co.company.companyName,
        reply: null,
      }),
    ]);
    const cp = await companyPage(p.co.company.id);
    expect(cp.company.avgRating).toBe(3);
    expect(cp.reviewSummary).toEqual({ average: 3, count: 1 });
    expect(cp.reviews).toEqual([expect.objectContaining({ rating: 3, comment: '结算慢了一点。', authorName: p.inf.influencer.nickname })]);
  });

  it('a rating is the average of the published reviews, rounded to one decimal', async () => {
    const p = await parties();
    for (const [byCompany, byInfluencer] of [
      [5, 4],
      [4, 5],
      [4, 4],
    ]) {
      const deal = await completedDeal(p);
      expect((await write(p.c, deal.id, byCompany)).statusCode).toBe(200);
      expect((await write(p.i, deal.id, byInfluencer)).statusCode).toBe(200);
    }
    expect(await influencerRow(p.inf.influencer.id)).toMatchObject({ rating: 4.3, totalReviews: 3 });
    expect((await companyRow(p.co.company.id)).avgRating).toBe(4.3);
    expect((await influencerPage(p.inf.influencer.id)).reviewSummary).toEqual({ average: 4.3, count: 3 });
    expect((await companyPage(p.co.company.id)).reviewSummary).toEqual({ average: 4.3, count: 3 });
  });
});

describe('the window closes', () => {
  it('the job reveals a lone review after 14 days; later writes are refused; the reviewed side can reply', async () => {
    const p = await parties();
    const deal = await completedDeal(p);
    expect((await write(p.i, deal.id, 2, '沟通不顺畅。')).statusCode).toBe(200);
    clock.advance(REVIEW_WINDOW_DAYS * DAY - 2 * H); // an hour before the end: still blind
    await runDueJobs(t.app.ctx);
    expect((await view(p.c, deal.id)).byInfluencer).toBeNull();
    clock.advance(H);
    // the window is over even before the job has run
    expect(errorOf(await write(p.c, deal.id))).toMatchObject({ status: 409, code: 'REVIEW_WINDOW_CLOSED' });
    await runDueJobs(t.app.ctx);
    const after = await view(p.c, deal.id);
    expect(after).toMatchObject({
      open: false,
      canWrite: false,
      companyWrote: false,
      influencerWrote: true,
      byCompany: null,
      byInfluencer: { rating: 2, canReply: true },
    });
    expect(after.byInfluencer.revealedAt).toBe(clock.now().toISOString());
    expect((await companyRow(p.co.company.id)).avgRating).toBe(2);
    expect(await influencerRow(p.inf.influencer.id)).toMatchObject({ rating: 0, totalReviews: 0 });
    expect(await notesOf(p.co.user.id, 'deal_reviews_revealed')).toHaveLength(1);
    expect(await notesOf(p.inf.user.id, 'deal_reviews_revealed')).toHaveLength(1);
    // a second round does nothing more
    expect(await pendingJobs(t.app.ctx.db, 'deal.reviews_close').then((j) => j.filter((x) => x.payload.dealId === deal.id))).toEqual([]);
    const replied = await reply(p.c, after.byInfluencer.id, '我们会改进沟通流程。');
    expect(replied.statusCode).toBe(200);
    expect(replied.json().byInfluencer).toMatchObject({ reply: '我们会改进沟通流程。', canReply: false });
    expect(replied.json()).toEqual(await view(p.c, deal.id));
    expect((await companyPage(p.co.company.id)).reviews[0]).toMatchObject({ reply: '我们会改进沟通流程。' });
  });

  it('with nothing written, the job reveals nothing and changes no rating', async () => {
    const p = await parties();
    const deal = await completedDeal(p);
    clock.advance(REVIEW_WINDOW_DAYS * DAY);
    await runDueJobs(t.app.ctx);
    expect(await view(p.c, deal.id)).toMatchObject({ open: false, canWrite: false, companyWrote: false, influencerWrote: false });
    expect(await notesOf(p.co.user.id, 'deal_reviews_revealed')).toEqual([]);
  });
});

describe('replies', () => {
  it('the reviewed side replies once after reveal; the author, strangers, visitors and admins cannot', async () => {
    const p = await parties();
    const deal = await completedDeal(p);
    expect((await write(p.c, deal.id, 5, '非常好')).statusCode).toBe(200);
    const [byCompany] = await t.app.ctx.db.select().from(reviews).where(eq(reviews.dealId, deal.id));
    expect(errorOf(await reply(p.i, byCompany.id))).toMatchObject({ status: 409, code: 'REVIEW_NOT_REVEALED' });
    expect((await write(p.i, deal.id, 5, '很好')).statusCode).toBe(200);
    const other = await parties();
    const admin = await makeAdmin(t.app.ctx.db);
    expect(errorOf(await reply(new Client(t.app), byCompany.id)).status).toBe(401);
    expect(errorOf(await reply(await login(admin.email), byCompany.id)).status).toBe(403);
    expect(errorOf(await reply(other.i, byCompany.id))).toMatchObject({ status: 404, code: 'REVIEW_NOT_FOUND' });
    expect(errorOf(await reply(other.c, byCompany.id))).toMatchObject({ status: 404, code: 'REVIEW_NOT_FOUND' });
    expect(errorOf(await reply(p.c, byCompany.id))).toMatchObject({ status: 403, code: 'REVIEW_NOT_SUBJECT' });
    expect(errorOf(await reply(p.i, '00000000-0000-4000-8000-000000000000'))).toMatchObject({ status: 404, code: 'REVIEW_NOT_FOUND' });
    expect(errorOf(await reply(p.i, byCompany.id, ' '))).toMatchObject({ status: 400, code: 'REVIEW_REPLY_REQUIRED' });
    expect((await reply(p.i, byCompany.id, '感谢认可！')).statusCode).toBe(200);
    expect(errorOf(await reply(p.i, byCompany.id, '再说一次'))).toMatchObject({ status: 409, code: 'REVIEW_ALREADY_REPLIED' });
    expect((await view(p.c, deal.id)).byCompany).toMatchObject({ reply: '感谢认可！', canReply: false });
    expect((await influencerPage(p.inf.influencer.id)).reviews[0]).toMatchObject({ reply: '感谢认可！' });
    expect(await notesOf(p.co.user.id, 'deal_review_replied')).toHaveLength(1);
  });
});

describe('moderation (评价管理)', () => {
  it('an admin with 内容管理 hides an abusive review with a reason and shows it again: ratings follow, audited, the author told', async () => {
    const p = await parties();
    const kind = await completedDeal(p);
    const rude = await completedDeal(p);
    for (const [d, stars] of [
      [kind, 5],
      [rude, 2],
    ] as const) {
      expect((await write(p.c, d.id, stars, stars === 2 ? '垃圾主播！！' : '很棒')).statusCode).toBe(200);
      expect((await write(p.i, d.id, 5)).statusCode).toBe(200);
    }
    expect(await influencerRow(p.inf.influencer.id)).toMatchObject({ rating: 3.5, totalReviews: 2 });
    const [target] = await t.app.ctx.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.dealId, rude.id), eq(reviews.authorSide, 'company')));
    const a = await makeAdmin(t.app.ctx.db, { permissions: ['content_moderation'] });
    const admin = await login(a.email);

    const listed = (await admin.get('/api/admin/reviews?status=published&limit=100')).json();
    expect(listed.items.find((r: { id: string }) => r.id === target.id)).toMatchObject({
      rating: 2,
      comment: '垃圾主播！！',
      authorSide: 'company',
      hiddenAt: null,
      taskTitle: expect.any(String),
    });
    expect(errorOf(await admin.post(`/api/admin/reviews/${target.id}/hide`, { reason: '' }))).toMatchObject({
      status: 400,
      code: 'REVIEW_HIDE_REASON_REQUIRED',
    });
    expect(errorOf(await admin.post('/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide', { reason: 'x' }))).toMatchObject({
      status: 404,
      code: 'REVIEW_NOT_FOUND',
    });
    const hideAnswer = await admin.post(`/api/admin/reviews/${target.id}/hide`, { reason: '人身攻击' });
    expect(hideAnswer.statusCode).toBe(200);
    // it answers the review as 评价管理 lists it now (decision 0056)
    expect(hideAnswer.json().review).toMatchObject({ id: target.id, hiddenAt: expect.any(String), hiddenReason: '人身攻击' });
    expect(errorOf(await admin.post(`/api/admin/reviews/${target.id}/hide`, { reason: '再次' }))).toMatchObject({ status: 409, code: 'REVIEW_ALREADY_HIDDEN' });

    expect(await influencerRow(p.inf.influencer.id)).toMatchObject({ rating: 5, totalReviews: 1 });
    const page = await influencerPage(p.inf.influencer.id);
    expect(page.reviews.map((r: { comment: string }) => r.comment)).toEqual(['很棒']);
    expect(page.reviewSummary).toEqual({ average: 5, count: 1 });
    // the parties still see it on the deal, marked hidden with the reason; the reviewed side cannot reply to it
    expect((await view(p.i, rude.id)).byCompany).toMatchObject({ hiddenReason: '人身攻击', canReply: false });
    expect(errorOf(await reply(p.i, target.id))).toMatchObject({ status: 409, code: 'REVIEW_HIDDEN' });
    const [hidden] = await notesOf(p.co.user.id, 'review_hidden');
    expect(hidden.body).toContain('人身攻击');
    const [log] = await t.app.ctx.db
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.targetId, target.id), eq(adminLogs.actionType, 'review_hide')));
    expect(log).toMatchObject({ adminId: a.id, targetType: 'review', before: { hiddenAt: null, hiddenReason: null }, after: { hiddenReason: '人身攻击' } });
    expect((await admin.get('/api/admin/reviews?status=hidden')).json().items.map((r: { id: string }) => r.id)).toContain(target.id);

    const shown = await admin.post(`/api/admin/reviews/${target.id}/unhide`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().review).toMatchObject({ id: target.id, hiddenAt: null, hiddenReason: null });
    expect(errorOf(await admin.post(`/api/admin/reviews/${target.id}/unhide`))).toMatchObject({ status: 409, code: 'REVIEW_NOT_HIDDEN' });
    expect(await influencerRow(p.inf.influencer.id)).toMatchObject({ rating: 3.5, totalReviews: 2 });
    const [unhideLog] = await t.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.targetId, target.id)).orderBy(desc(adminLogs.createdAt)).limit(1);
    expect(unhideLog.actionType).toBe('review_unhide');
  });

  it('lists blind reviews too (admins are not a party); an admin with 任务管理 reads both on the deal', async () => {
    const p = await parties();
    const deal = await completedDeal(p);
    expect((await write(p.i, deal.id, 4, '等待公开')).statusCode).toBe(200);
    const mod = await login((await makeAdmin(t.app.ctx.db, { permissions: ['content_moderation'] })).email);
    const waiting = (await mod.get('/api/admin/reviews?status=waiting&limit=100')).json().items;
    expect(waiting.find((r: { dealId: string }) => r.dealId === deal.id)).toMatchObject({ comment: '等待公开', revealedAt: null });
    const ops = await login((await makeAdmin(t.app.ctx.db, { permissions: ['task_management'] })).email);
    expect(await view(ops, deal.id)).toMatchObject({ canWrite: false, byInfluencer: { comment: '等待公开', revealedAt: null }, influencerWrote: true });
    expect(errorOf(await ops.get('/api/admin/reviews'))).toMatchObject({ status: 403, code: 'ADMIN_PERMISSION_MISSING' });
  });
});
