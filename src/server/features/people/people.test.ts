/**
 * The people pages' API (issue 8): the directory, influencer and company detail, masking and privacy
 * decided on the server (checked on the JSON), following, contacting and conversations.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFollows, conversationMessages, conversations, notifications, outbox, userSettings } from '../../db/schema';
import { makeCompany, makeInfluencer, makeTask, makeTaskCategory, makeUser } from '../../db/factories';
import { Client, createTestApp, errorOf, type TestApp, delivered } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signIn(email: string, password = 'secret123') {
  const c = new Client(t.app);
  const res = await c.post('/api/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return c;
}

const db = () => t.app.ctx.db;
type Card = { id: string; nickname: string; followersCount: number | null; hourlyRateCents: number | null; categories: string[] };
const names = (body: { items: Card[] }) => body.items.map((i) => i.nickname);

describe('the directory and detail', () => {
  let star: Awaited<ReturnType<typeof makeInfluencer>>;
  let company: Awaited<ReturnType<typeof makeCompany>>;
  let admin: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    const mk = (nickname: string, o: Parameters<typeof makeInfluencer>[1] = {}) => makeInfluencer(db(), { nickname, isApproved: true, status: 'active', ...o });
    star = await mk('星光小美', {
      categories: ['美妆护肤'],
      tags: ['成分党'],
      location: '上海',
      bio: '专注护肤测评',
      rating: 4.9,
      followersCount: 1_250_000,
      hourlyRateCents: 80_000,
      experienceYears: 4.5,
      tiktokAccount: '@star',
      phoneNumber: '13800000000',
    });
    await mk('厨房达人阿强', { categories: ['kitchen'], rating: 4.2, followersCount: 90_000, hourlyRateCents: 30_000, experienceYears: 8, location: '成都' });
    await mk('护理小周', { categories: ['body-care'], rating: 4.5, followersCount: 500_000, hourlyRateCents: 20_000, experienceYears: 1 });
    await mk('未审核的人', { categories: ['美妆护肤'], isApproved: false, rating: 5 });
    await mk('停用的人', { categories: ['美妆护肤'], status: 'suspended', rating: 5 });
    const priv = await mk('隐身达人', { categories: ['美妆护肤'], rating: 5 });
    await db().insert(userSettings).values({ userId: priv.user.id, profileVisibility: 'private' });
    const reg = await mk('仅会员可见', { categories: ['美妆护肤'], rating: 3 });
    await db().insert(userSettings).values({ userId: reg.user.id, profileVisibility: 'registered' });
    company = await makeCompany(db(), { companyName: '花语美妆' });
    admin = await makeUser(db(), { userType: 'admin' });
  });

  it('a visitor sees approved, active, public influencers, best rated first, followers and rate masked', async () => {
    const res = await new Client(t.app).get('/api/influencers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(['星光小美', '护理小周', '厨房达人阿强']);
    expect(body).toMatchObject({ total: 3, page: 1, limit: 12 });
    for (const item of body.items as Card[]) {
      expect(item.followersCount).toBeNull();
      expect(item.hourlyRateCents).toBeNull();
    }
    expect(JSON.stringify(body)).not.toContain('1250000');
    expect(res.headers['cache-control']).toBe('public, max-age=5');
  });

  it('a signed-in company also sees registered-only profiles and the real figures', async () => {
    const c = await signIn(company.user.email);
    const body = (await c.get('/api/influencers')).json();
    expect(names(body)).toEqual(['星光小美', '护理小周', '厨房达人阿强', '仅会员可见']);
    expect(body.items[0]).toMatchObject({ followersCount: 1_250_000, hourlyRateCents: 80_000 });
  });

  it('sorts by followers, price and experience; pages', async () => {
    const c = new Client(t.app);
    expect(names((await c.get('/api/influencers?sort=followers')).json())).toEqual(['星光小美', '护理小周', '厨房达人阿强']);
    expect(names((await c.get('/api/influencers?sort=price')).json())).toEqual(['护理小周', '厨房达人阿强', '星光小美']);
    expect(names((await c.get('/api/influencers?sort=experience')).json())).toEqual(['厨房达人阿强', '星光小美', '护理小周']);
    const p2 = (await c.get('/api/influencers?limit=2&page=2')).json();
    expect(names(p2)).toEqual(['厨房达人阿强']);
    expect(p2.total).toBe(3);
  });

  it('a directory category also finds influencers who chose its product categories on /materials', async () => {
    const c = new Client(t.app);
    const beauty = (await c.get(`/api/influencers?category=${encodeURIComponent('美妆护肤')}`)).json();
    expect(names(beauty)).toEqual(['星光小美', '护理小周']);
    expect(beauty.items[1].categories).toEqual(['美妆护肤']);
    expect(names((await c.get(`/api/influencers?category=${encodeURIComponent('家居生活')}`)).json())).toEqual(['厨房达人阿强']);
    expect((await c.get('/api/influencers?category=nope')).statusCode).toBe(400);
  });

  it('searches nickname, bio, tags and location (Chinese, 1–2 characters too)', async () => {
    const c = new Client(t.app);
    const s = async (q: string) => names((await c.get(`/api/influencers?search=${encodeURIComponent(q)}`)).json());
    expect(await s('成都')).toEqual(['厨房达人阿强']);
    expect(await s('成分党')).toEqual(['星光小美']);
    expect(await s('测评')).toEqual(['星光小美']);
    expect(await s('周')).toEqual(['护理小周']);
    expect(await s('隐身')).toEqual([]);
    expect(await s('%')).toEqual([]);
    expect((await c.get(`/api/influencers?search=${'长'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('detail: a visitor gets the masked profile, reviews summary and similar influencers', async () => {
    const res = await new Client(t.app).get(`/api/influencers/${star.influencer.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.influencer).toMatchObject({ nickname: '星光小美', followersCount: null, hourlyRateCents: null, tiktokAccount: null, isOwner: false });
    // contact details: 'contacts' by default, which a visitor is not
    expect(body.influencer.contactEmail).toBeNull();
    expect(body.influencer.contactPhone).toBeNull();
    expect(body.reviewSummary).toEqual({ average: 0, count: 0 });
    expect(body.similar.map((s: Card) => s.nickname)).toEqual(['护理小周']);
    expect(JSON.stringify(body)).not.toMatch(/@star|13800000000|1250000/);
  });

  it('detail: a company sees figures and the TikTok account, and contact details under the default setting', async () => {
    const c = await signIn(company.user.email);
    const body = (await c.get(`/api/influencers/${star.influencer.id}`)).json();
    expect(body.influencer).toMatchObject({ followersCount: 1_250_000, hourlyRateCents: 80_000, tiktokAccount: '@star', contactPhone: '13800000000' });
    expect(body.influencer.contactEmail).toBe(star.user.email);
  });

  it('detail: contact visibility private hides the details from companies, not from the owner or admins', async () => {
    await db()
      .insert(userSettings)
      .values({ userId: star.user.id, contactInfoVisibility: 'private' })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { contactInfoVisibility: 'private' },
      });
    try {
      const co = await signIn(company.user.email);
      expect((await co.get(`/api/influencers/${star.influencer.id}`)).json().influencer.contactPhone).toBeNull();
      const owner = await signIn(star.user.email);
      const own = (await owner.get(`/api/influencers/${star.influencer.id}`)).json().influencer;
      expect(own).toMatchObject({ isOwner: true, contactPhone: '13800000000' });
      const adm = await signIn(admin.email);
      expect((await adm.get(`/api/influencers/${star.influencer.id}`)).json().influencer.contactPhone).toBe('13800000000');
    } finally {
      await db().update(userSettings).set({ contactInfoVisibility: 'contacts' }).where(eq(userSettings.userId, star.user.id));
    }
  });

  it('detail: unapproved profiles exist only for their owner and admins; unknown and malformed ids are 404', async () => {
    const pending = await makeInfluencer(db(), { nickname: '待审核', isApproved: false });
    const url = `/api/influencers/${pending.influencer.id}`;
    expect(errorOf(await new Client(t.app).get(url))).toEqual({ status: 404, code: 'INFLUENCER_NOT_FOUND', message: '达人不存在' });
    expect(errorOf(await (await signIn(company.user.email)).get(url)).status).toBe(404);
    const owner = (await (await signIn(pending.user.email)).get(url)).json();
    expect(owner.influencer).toMatchObject({ isApproved: false, isOwner: true });
    expect((await (await signIn(admin.email)).get(url)).statusCode).toBe(200);
    expect(errorOf(await new Client(t.app).get('/api/influencer-detail?id=00000000-0000-4000-8000-000000000000')).code).toBe('INFLUENCER_NOT_FOUND');
    expect(errorOf(await new Client(t.app).get('/api/influencer-detail?id=abc')).code).toBe('INFLUENCER_NOT_FOUND');
  });
});

describe('company detail and following', () => {
  it('shows the company, its open and past tasks, follower count; contact details by privacy', async () => {
    const { company, user } = await makeCompany(db(), { companyName: '潮衣坊', contactPhone: '021-1234', description: '原创女装' });
    const cat = await makeTaskCategory(db());
    await makeTask(db(), { companyId: company.id, title: '开放任务', categoryId: cat.id, budgetMinCents: 10_000, budgetMaxCents: 20_000 });
    await makeTask(db(), {
      companyId: company.id,
      title: '已完成任务',
      categoryId: cat.id,
      budgetMinCents: 10_000,
      budgetMaxCents: 20_000,
      status: 'completed',
    });
    await makeTask(db(), {
      companyId: company.id,
      title: '取消的任务',
      categoryId: cat.id,
      budgetMinCents: 10_000,
      budgetMaxCents: 20_000,
      status: 'cancelled',
    });
    const visitor = (await new Client(t.app).get(`/api/companies/${company.id}`)).json();
    expect(visitor.company).toMatchObject({ companyName: '潮衣坊', followersCount: 0, following: false, contactPhone: null, contactPerson: null });
    expect(visitor.openTasks.map((x: { title: string }) => x.title)).toEqual(['开放任务']);
    expect(visitor.pastTasks.map((x: { title: string }) => x.title)).toEqual(['已完成任务']);
    const inf = await makeInfluencer(db(), { isApproved: true });
    const c = await signIn(inf.user.email);
    expect((await c.get(`/api/companies/${company.id}`)).json().company.contactPhone).toBe('021-1234');
    const owner = await signIn(user.email);
    expect((await owner.get(`/api/companies/${company.id}`)).json().company.isOwner).toBe(true);
    expect(errorOf(await new Client(t.app).get('/api/companies/00000000-0000-4000-8000-000000000000'))).toEqual({
      status: 404,
      code: 'COMPANY_NOT_FOUND',
      message: '公司信息不存在',
    });
  });

  it('influencers follow and unfollow (idempotent); others are refused; followers hear of new tasks', async () => {
    const { company, user: coUser } = await makeCompany(db(), { companyName: '极客数码' });
    const cat = await makeTaskCategory(db());
    const fan = await makeInfluencer(db(), { isApproved: true });
    const c = await signIn(fan.user.email);
    const url = `/api/companies/${company.id}/follow`;
    expect((await c.post(url)).json()).toEqual({ following: true, followersCount: 1 });
    expect((await c.post(url)).json()).toEqual({ following: true, followersCount: 1 });
    expect((await c.get(`/api/companies/${company.id}`)).json().company).toMatchObject({ following: true, followersCount: 1 });

    expect(errorOf(await new Client(t.app).post(url)).status).toBe(401);
    const otherCo = await makeCompany(db());
    expect(errorOf(await (await signIn(otherCo.user.email)).post(url))).toMatchObject({ status: 403, code: 'FOLLOW_INFLUENCER_ONLY' });
    const adm = await makeUser(db(), { userType: 'admin' });
    expect(errorOf(await (await signIn(adm.email)).post(url)).status).toBe(403);

    // the company publishes: the follower is notified in the product and by mail
    const co = await signIn(coUser.email);
    const pub = await co.post('/api/tasks', {
      title: '新品发布直播',
      description: '新款耳机直播带货',
      categoryId: cat.id,
      budgetMinCents: 10_000,
      budgetMaxCents: 50_000,
      maxApplicants: 5,
    });
    expect(pub.statusCode, pub.body).toBe(200);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, fan.user.id));
    expect(notes.map((n) => n.type)).toEqual(['followed_company_task']);
    expect(notes[0].body).toContain('极客数码');
    expect(notes[0].link).toBe(`/task/${pub.json().task.id}`);
    const mails = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, fan.user.email));
    expect(mails.some((m) => m.body.includes('新品发布直播'))).toBe(true);

    expect((await c.request({ method: 'DELETE', url })).json()).toEqual({ following: false, followersCount: 0 });
    expect((await c.request({ method: 'DELETE', url })).json()).toEqual({ following: false, followersCount: 0 });
    expect(errorOf(await c.post('/api/companies/00000000-0000-4000-8000-000000000000/follow')).code).toBe('COMPANY_NOT_FOUND');
  });
});

describe('contacting an influencer and conversations', () => {
  it('a company writes; the influencer is notified; both read the conversation; strangers cannot', async () => {
    const { influencer, user: infUser } = await makeInfluencer(db(), { nickname: '被联系的达人', isApproved: true });
    const { user: coUser } = await makeCompany(db(), { companyName: '田园鲜' });
    const co = await signIn(coUser.email);
    const url = `/api/influencers/${influencer.id}/contact`;

    expect(errorOf(await new Client(t.app).post(url, { message: 'hi' }))).toEqual({ status: 401, code: 'COMPANY_LOGIN_REQUIRED', message: '请先登录企业账号' });
    const otherInf = await makeInfluencer(db(), { isApproved: true });
    expect(errorOf(await (await signIn(otherInf.user.email)).post(url, { message: 'hi' }))).toMatchObject({
      status: 403,
      code: 'COMPANY_ACCOUNT_REQUIRED',
      message: '请先登录企业账号',
    });
    expect(errorOf(await co.post(url, { message: '   ' }))).toMatchObject({ status: 400, code: 'MESSAGE_REQUIRED', message: '请输入消息内容' });
    expect(errorOf(await co.post(url, { message: 'x'.repeat(2001) })).code).toBe('MESSAGE_TOO_LONG');
    expect(await db().select().from(conversations).where(eq(conversations.influencerId, influencer.id))).toEqual([]);

    const first = await co.post(url, { message: '您好，想邀请您直播我们的新品' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await co.post(url, { message: '期待回复' });
    expect(again.json().conversationId).toBe(first.json().conversationId);
    const convId = first.json().conversationId as string;

    // one bell notification for a run of unread messages; mail waits until the reader has been away (messages.test.ts)
    const notes = await db().select().from(notifications).where(eq(notifications.userId, infUser.id));
    expect(notes.map((n) => n.type)).toEqual(['message_received']);
    expect(notes[0].link).toBe(`/messages/${convId}`);
    expect((await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, infUser.email))).length).toBe(0);

    const inf = await signIn(infUser.email);
    const list = (await inf.get('/api/conversations')).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: convId, unread: 2, lastMessage: '期待回复', company: { name: '田园鲜' } });
    const conv = (await inf.get(`/api/conversations/${convId}`)).json();
    expect(conv.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ['您好，想邀请您直播我们的新品', false],
      ['期待回复', false],
    ]);
    expect((await inf.get('/api/conversations')).json().items[0].unread).toBe(0);

    // the influencer replies; the company is notified
    expect((await inf.post(`/api/conversations/${convId}/messages`, { message: '可以，请发样品' })).statusCode).toBe(200);
    const coList = (await co.get('/api/conversations')).json().items;
    expect(coList[0]).toMatchObject({ id: convId, unread: 1, lastMessage: '可以，请发样品' });

    // nobody else reads or writes it
    for (const stranger of [await signIn(otherInf.user.email), await signIn((await makeCompany(db())).user.email)]) {
      expect(errorOf(await stranger.get(`/api/conversations/${convId}`)).code).toBe('CONVERSATION_NOT_FOUND');
      expect(errorOf(await stranger.post(`/api/conversations/${convId}/messages`, { message: 'x' })).code).toBe('CONVERSATION_NOT_FOUND');
      expect((await stranger.get('/api/conversations')).json().items.some((x: { id: string }) => x.id === convId)).toBe(false);
    }
    expect(errorOf(await new Client(t.app).get(`/api/conversations/${convId}`)).status).toBe(401);
    const adm = await makeUser(db(), { userType: 'admin' });
    expect(errorOf(await (await signIn(adm.email)).get('/api/conversations')).status).toBe(403);
  });

  it('respects allowMessages and the hourly limit; an unapproved influencer cannot be contacted', async () => {
    const quiet = await makeInfluencer(db(), { isApproved: true });
    await db().insert(userSettings).values({ userId: quiet.user.id, allowMessages: false });
    const { user: coUser } = await makeCompany(db());
    const co = await signIn(coUser.email);
    expect(errorOf(await co.post(`/api/influencers/${quiet.influencer.id}/contact`, { message: 'hi' })).code).toBe('MESSAGES_DISABLED');
    const pending = await makeInfluencer(db(), { isApproved: false });
    expect(errorOf(await co.post(`/api/influencers/${pending.influencer.id}/contact`, { message: 'hi' })).code).toBe('INFLUENCER_NOT_FOUND');

    const open = await makeInfluencer(db(), { isApproved: true });
    const results: number[] = [];
    for (let i = 0; i < 22; i++) results.push((await co.post(`/api/influencers/${open.influencer.id}/contact`, { message: `m${i}` })).statusCode);
    expect(results.filter((s) => s === 200)).toHaveLength(20);
    expect(results.slice(20)).toEqual([429, 429]);
    const [conv] = await db().select().from(conversations).where(eq(conversations.influencerId, open.influencer.id));
    expect((await db().select().from(conversationMessages).where(eq(conversationMessages.conversationId, conv.id))).length).toBe(20);
  });

  it('two first messages of one pair at once make one conversation', async () => {
    const target = await makeInfluencer(db(), { isApproved: true });
    const { user: coUser } = await makeCompany(db());
    const co = await signIn(coUser.email);
    const res = await Promise.all([1, 2, 3, 4].map((i) => co.post(`/api/influencers/${target.influencer.id}/contact`, { message: `并发${i}` })));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(res.map((r) => r.json().conversationId)).size).toBe(1);
    expect(await db().select().from(companyFollows).where(eq(companyFollows.influencerId, target.influencer.id))).toEqual([]);
  });
});
