/**
 * Matching (issue 14, decision 0019): each reason moves an influencer up against a twin who lacks only
 * that feature; the exclusions; who may ask; masking; and the influencer's side (为你推荐).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskApplications, taskInvitations, userSettings } from '../../db/schema';
import { makeCompany, makeDeal, makeInfluencer, makeReviewedDeal, makeTask, makeTaskCategory } from '../../db/factories';
import { Client, createTestApp, errorOf, type TestApp } from '../../test/harness';
import { categoryValues, languagesAskedIn, reasonsOf } from './service';

let t: TestApp;
const db = () => t.app.ctx.db;
type Item = { id: string; nickname: string; reasons: string[]; score: number; followersCount: number | null; hourlyRateCents: number | null };

async function signIn(email: string, password = 'secret123') {
  const c = new Client(t.app);
  const res = await c.post('/api/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return c;
}

const DAY = 24 * 3600_000;
let owner: Awaited<ReturnType<typeof makeCompany>>;
let other: Awaited<ReturnType<typeof makeCompany>>;
let beauty: Awaited<ReturnType<typeof makeTaskCategory>>;
let digital: Awaited<ReturnType<typeof makeTaskCategory>>;
let task: Awaited<ReturnType<typeof makeTask>>;
let liveDate: Date;

/**
 * An approved, active influencer of the task's category whose rate fits, elsewhere, without reviews: the
 * twins of each test differ from it (and from each other) in one feature. Being of the category keeps every
 * twin among the candidates (the category slices), whatever the order of the ties.
 */
const BASE = {
  isApproved: true,
  status: 'active',
  categories: ['beauty'],
  hourlyRateCents: 100_000,
  location: '杭州',
  rating: 0,
  totalReviews: 0,
  followersCount: 1000,
};
const mk = (nickname: string, o: Parameters<typeof makeInfluencer>[1] = {}) => makeInfluencer(db(), { nickname, ...BASE, ...o });

beforeAll(async () => {
  t = await createTestApp();
  liveDate = new Date(t.app.ctx.clock.now().getTime() + 10 * DAY);
  owner = await makeCompany(db(), { companyName: '推荐测试企业' });
  other = await makeCompany(db(), { companyName: '别家企业' });
  beauty = await makeTaskCategory(db(), { name: '美妆', nameEn: 'Beauty' });
  digital = await makeTaskCategory(db(), { name: '数码配件', nameEn: 'Digital accessories' });
  // 2 hours, $1,000–$3,000: an hourly rate of $500–$1,500 fits; in 上海; asks for English
  task = await makeTask(db(), {
    companyId: owner.company.id,
    title: '新品口红直播',
    description: '需要英语讲解',
    categoryId: beauty.id,
    budgetMinCents: 100_000,
    budgetMaxCents: 300_000,
    durationHours: 2,
    location: '上海',
    liveDate,
  });
});
afterAll(async () => {
  await t?.close();
});

async function recommended(c: Client, taskId = task.id) {
  const res = await c.get(`/api/tasks/${taskId}/recommended-influencers?limit=30`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { open: boolean; items: Item[] };
}

describe('pure parts', () => {
  it('maps task categories to the influencer categories they fit, and finds asked languages', () => {
    expect(categoryValues({ name: '美妆', nameEn: 'Beauty' })).toEqual({ exact: ['beauty', '美妆护肤'], near: ['body-care'] });
    expect(categoryValues({ name: '健身运动', nameEn: null }).exact).toEqual(['健身运动']);
    expect(categoryValues({ name: '自定义', nameEn: null })).toEqual({ exact: [], near: [] });
    expect(languagesAskedIn('需要英语讲解，日语更好')).toEqual(['english', 'japanese']);
    expect(languagesAskedIn('Bilingual host')).toEqual(['english']);
  });

  it('names at most three reasons, strongest first, only above their bar', () => {
    const f = { category: 1, rate: 1, rating: 0.9, delivered: 1, reliable: 0.9, location: 1, language: 1, free: 1 };
    expect(reasonsOf(f)).toEqual(['category', 'rate', 'rating']);
    expect(reasonsOf({ ...f, category: 0, rate: 0.5, rating: 0.2 })).toEqual(['delivered', 'location', 'language']);
    expect(reasonsOf({ ...f, category: 0, rate: 0, rating: 0, delivered: 0, location: 1 }, { location: false })).toEqual(['language', 'reliable', 'free']);
  });
});

describe('recommended influencers for a task', () => {
  let company: Client;
  beforeAll(async () => {
    company = await signIn(owner.user.email);
  });

  /** the pair's order in the list, and the first one's reasons */
  async function pair(a: string, b: string) {
    const { items } = await recommended(company);
    const ia = items.findIndex((i) => i.nickname === a);
    const ib = items.findIndex((i) => i.nickname === b);
    expect(ia, `${a} listed`).toBeGreaterThanOrEqual(0);
    expect(ib, `${b} listed`).toBeGreaterThanOrEqual(0);
    return { before: ia < ib, reasons: items[ia].reasons, scoreA: items[ia].score, scoreB: items[ib].score };
  }

  it('category fit moves up', async () => {
    await mk('类目-有');
    await mk('类目-近', { categories: ['body-care'] }); // 个人护理: a sibling of 美妆 (0.5)
    const r = await pair('类目-有', '类目-近');
    expect(r.before).toBe(true);
    expect(r.reasons).toContain('category');
  });

  it('a rate that fits the budget for the duration moves up', async () => {
    await mk('报价-合适', { hourlyRateCents: 120_000 }); // 2 h × $1,200 = $2,400, inside $1,000–$3,000
    await mk('报价-太高', { hourlyRateCents: 200_000 }); // $4,000
    const r = await pair('报价-合适', '报价-太高');
    expect(r.before).toBe(true);
    expect(r.reasons).toContain('rate');
  });

  it('rating with reviews moves up', async () => {
    await mk('评分-高', { rating: 4.9, totalReviews: 30 });
    await mk('评分-低', { rating: 3.1, totalReviews: 30 });
    const r = await pair('评分-高', '评分-低');
    expect(r.before).toBe(true);
    expect(r.reasons).toContain('rating');
  });

  it('results delivered on the platform move up (same number of completed deals, with and without live reports)', async () => {
    const a = await mk('战绩-有');
    const b = await mk('战绩-无');
    for (let k = 0; k < 3; k++) {
      await makeReviewedDeal(db(), { companyId: other.company.id, influencerId: a.influencer.id, byCompany: null, byInfluencer: null });
      await makeReviewedDeal(db(), {
        companyId: other.company.id,
        influencerId: b.influencer.id,
        byCompany: null,
        byInfluencer: null,
        deal: { reportedAt: null },
      });
    }
    const r = await pair('战绩-有', '战绩-无');
    expect(r.before).toBe(true);
    expect(r.reasons).toContain('delivered');
  });

  it('reliability (deals completed rather than cancelled) moves up', async () => {
    const a = await mk('靠谱-是');
    const b = await mk('靠谱-否');
    for (let k = 0; k < 3; k++) {
      await makeReviewedDeal(db(), {
        companyId: other.company.id,
        influencerId: a.influencer.id,
        byCompany: null,
        byInfluencer: null,
        deal: { reportedAt: null },
      });
      await makeReviewedDeal(db(), {
        companyId: other.company.id,
        influencerId: b.influencer.id,
        byCompany: null,
        byInfluencer: null,
        task: { status: 'cancelled' },
        deal: { status: 'cancelled', reportedAt: null, completedAt: null, cancelledAt: new Date(), cancelledBy: 'company' },
      });
    }
    const r = await pair('靠谱-是', '靠谱-否');
    expect(r.before).toBe(true);
    expect(r.reasons).toContain('reliable');
  });

  it('answering invitations (rather than letting them expire) counts as reliable', async () => {
    const a = await mk('回复-是');
    const b = await mk('回复-否');
    const now = t.app.ctx.clock.now();
    for (let k = 0; k < 4; k++) {
      const old = await makeTask(db(), {
        companyId: other.company.id,
        title: `旧任务 ${k}`,
        description: '旧',
        budgetMinCents: 100,
        budgetMaxCents: 200,
        status: 'cancelled',
      });
      for (const [who, status] of [
        [a, k % 2 ? 'accepted' : 'declined'],
        [b, 'expired'],
      ] as const) {
        await db().insert(taskInvitations).values({
          taskId: old.id,
          influencerId: who.influencer.id,
          message: '邀请',
          offeredRateCents: 100,
          status,
          createdAt: now,
          expiresAt: now,
          respondedAt: now,
        });
      }
    }
    const r = await pair('回复-是', '回复-否');
    expect(r.before).toBe(true);
    expect(r.reasons).toContain('reliable');
  });

  it('the task’s location moves up those who are there', async () => {
    await mk('地点-上海', { location: '上海市' });
    await mk('地点-杭州');
    const r = await pair('地点-上海', '地点-杭州');
    expect(r.before).toBe(true);
    expect(r.reasons).toContain('location');
  });

  it('a language the task asks for moves up', async () => {
    await mk('语言-英语', { languages: ['chinese', 'english'] });
    await mk('语言-中文', { languages: ['chinese'] });
    const r = await pair('语言-英语', '语言-中文');
    expect(r.before).toBe(true);
    expect(r.reasons).toContain('language');
  });

  it('leaves out who applied, who has another deal during the live session, the unapproved, the inactive and private profiles', async () => {
    const applied = await mk('排除-已申请', { categories: ['beauty'] });
    await db().insert(taskApplications).values({ taskId: task.id, influencerId: applied.influencer.id, proposedRateCents: 200_000 });
    const busy = await mk('排除-档期冲突', { categories: ['beauty'] });
    const free = await mk('档期-不冲突', { categories: ['beauty'] });
    const elsewhere = await makeTask(db(), { companyId: other.company.id, liveDate, durationHours: 2, status: 'in_progress' });
    const later = await makeTask(db(), {
      companyId: other.company.id,
      liveDate: new Date(liveDate.getTime() + 3 * DAY),
      durationHours: 2,
      status: 'in_progress',
    });
    for (const [who, tk, start] of [
      [busy, elsewhere, new Date(liveDate.getTime() + 3600_000)],
      [free, later, new Date(liveDate.getTime() + 3 * DAY)],
    ] as const) {
      const [app] = await db()
        .insert(taskApplications)
        .values({ taskId: tk.id, influencerId: who.influencer.id, proposedRateCents: 200_000, status: 'accepted' })
        .returning();
      await makeDeal(db(), {
        task: tk,
        applicationId: app.id,
        influencerId: who.influencer.id,
        rateCents: 200_000,
        status: 'scheduled',
        scheduleStart: start,
        scheduleEnd: new Date(start.getTime() + 2 * 3600_000),
      });
    }
    await mk('排除-未审核', { categories: ['beauty'], isApproved: false });
    await mk('排除-停用', { categories: ['beauty'], status: 'inactive' });
    const priv = await mk('排除-隐私', { categories: ['beauty'] });
    await db().insert(userSettings).values({ userId: priv.user.id, profileVisibility: 'private' });
    const reg = await mk('会员可见', { categories: ['beauty'] });
    await db().insert(userSettings).values({ userId: reg.user.id, profileVisibility: 'registered' });

    const { items } = await recommended(company);
    const names = items.map((i) => i.nickname);
    for (const n of ['排除-已申请', '排除-档期冲突', '排除-未审核', '排除-停用', '排除-隐私']) expect(names).not.toContain(n);
    expect(names).toContain('档期-不冲突');
    expect(names).toContain('会员可见');
    // the live date is known and they are free then
    expect(items.find((i) => i.nickname === '档期-不冲突')?.reasons.length).toBeGreaterThan(0);
  });

  it('the owning company sees followers and rates (signed-in masking), scores best first, limit respected', async () => {
    const { items, open } = await recommended(company);
    expect(open).toBe(true);
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((i) => i.followersCount !== null && i.hourlyRateCents !== null)).toBe(true);
    const scores = items.map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const res = await company.get(`/api/tasks/${task.id}/recommended-influencers?limit=2`);
    expect(res.json().items).toHaveLength(2);
    expect(errorOf(await company.get(`/api/tasks/${task.id}/recommended-influencers?limit=0`)).status).toBe(400);
  });

  it('a task that no longer recruits has no recommendations', async () => {
    const closed = await makeTask(db(), { companyId: owner.company.id, status: 'cancelled', categoryId: beauty.id });
    expect(await recommended(company, closed.id)).toEqual({ open: false, items: [], total: 0, page: 1, limit: 30 });
  });

  it('refuses visitors (401), influencers (403) and other companies (404, also for a task that does not exist)', async () => {
    const url = `/api/tasks/${task.id}/recommended-influencers`;
    expect(errorOf(await new Client(t.app).get(url)).status).toBe(401);
    const inf = await mk('角色-达人');
    expect(errorOf(await (await signIn(inf.user.email)).get(url)).status).toBe(403);
    const stranger = await signIn(other.user.email);
    expect(errorOf(await stranger.get(url))).toMatchObject({ status: 404, code: 'TASK_NOT_FOUND' });
    expect(errorOf(await company.get('/api/tasks/00000000-0000-4000-8000-000000000000/recommended-influencers')).status).toBe(404);
  });

  it('the similar block of an influencer page uses the same scoring and is masked for visitors', async () => {
    const me = await mk('相似-本人', { categories: ['beauty'], hourlyRateCents: 100_000, location: '上海' });
    await mk('相似-同城同类', { categories: ['beauty'], hourlyRateCents: 110_000, location: '上海', rating: 4.8, totalReviews: 10 });
    const res = await new Client(t.app).get(`/api/influencers/${me.influencer.id}`);
    expect(res.statusCode).toBe(200);
    const similar = res.json().similar as Item[];
    expect(similar[0].nickname).toBe('相似-同城同类');
    expect(similar.map((s) => s.nickname)).not.toContain('相似-本人');
    expect(similar.every((s) => s.followersCount === null && s.hourlyRateCents === null)).toBe(true);
  });
});

describe('recommended tasks for an influencer', () => {
  it('ranks fitting open tasks first with reasons; leaves out applied and overlapping ones; influencers only', async () => {
    const me = await mk('为你-达人', { categories: ['digital-accessories'], hourlyRateCents: 50_000, location: '深圳', languages: ['chinese'] });
    const fit = await makeTask(db(), {
      companyId: other.company.id,
      title: '耳机直播',
      categoryId: digital.id,
      budgetMinCents: 80_000,
      budgetMaxCents: 150_000,
      durationHours: 2,
      location: '深圳',
      liveDate,
    });
    const offCategory = await makeTask(db(), {
      companyId: other.company.id,
      title: '口红直播',
      categoryId: beauty.id,
      budgetMinCents: 80_000,
      budgetMaxCents: 150_000,
      durationHours: 2,
      location: '深圳',
      liveDate,
    });
    const appliedTask = await makeTask(db(), {
      companyId: other.company.id,
      title: '已申请的',
      categoryId: digital.id,
      budgetMinCents: 80_000,
      budgetMaxCents: 150_000,
      durationHours: 2,
    });
    await db().insert(taskApplications).values({ taskId: appliedTask.id, influencerId: me.influencer.id, proposedRateCents: 100_000 });
    const clash = await makeTask(db(), {
      companyId: other.company.id,
      title: '撞档期',
      categoryId: digital.id,
      budgetMinCents: 80_000,
      budgetMaxCents: 150_000,
      durationHours: 2,
      liveDate: new Date(liveDate.getTime() + 5 * DAY),
    });
    const dealTask = await makeTask(db(), { companyId: owner.company.id, liveDate: new Date(liveDate.getTime() + 5 * DAY), status: 'in_progress' });
    const [app] = await db()
      .insert(taskApplications)
      .values({ taskId: dealTask.id, influencerId: me.influencer.id, proposedRateCents: 100_000, status: 'accepted' })
      .returning();
    await makeDeal(db(), { task: dealTask, applicationId: app.id, influencerId: me.influencer.id, rateCents: 100_000, status: 'accepted' });
    await makeTask(db(), { companyId: other.company.id, title: '已结束', categoryId: digital.id, status: 'completed' });

    const c = await signIn(me.user.email);
    const res = await c.get('/api/me/recommended-tasks');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: string; title: string; reasons: string[] }[];
    const ids = items.map((i) => i.id);
    expect(ids[0]).toBe(fit.id);
    expect(items[0].reasons).toEqual(expect.arrayContaining(['category', 'rate']));
    expect(items[0].reasons).toContain('location');
    expect(ids.indexOf(offCategory.id)).toBeGreaterThan(0);
    expect(ids).not.toContain(appliedTask.id);
    expect(ids).not.toContain(clash.id);
    expect(items.map((i) => i.title)).not.toContain('已结束');

    expect(errorOf(await new Client(t.app).get('/api/me/recommended-tasks')).status).toBe(401);
    expect(errorOf(await (await signIn(owner.user.email)).get('/api/me/recommended-tasks')).status).toBe(403);
  });
});
