import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { INVITATION_EXPIRY_HOURS, TASK_CATEGORY_OPTIONS } from '../../../shared/options';
import { parseCount } from '../../../shared/counts';
import type { AppContext } from '../../platform/context';
import { hashPassword } from '../../features/auth';
import { makeAgency, makeCompany, makeInfluencer, makeReviewedDeal, makeTask, makeTaskCategory, makeUser, makeVideo, makeVideoCategory } from '../factories';
import { companyVerificationRequests, deals, taskInvitations, uploads, users } from '../schema';
import type { AuthUser } from '../../platform/session';
import { answerRosterInvitation, inviteToRoster } from '../../features/agencies';
import { acceptApplication, applyOnce } from '../../features/tasks';
import { fireDealEvent } from '../../features/deals';
import { privateUploadUrl } from '../../features/uploads';
import { scheduleJob } from '../../platform/jobs';
import { grantDemoMoney } from '../../features/demo';
import { makeAvatar, makeLicense, makePoster } from './posters';

/** Demo accounts (README lists them). Only ever seeded into an empty database. */
export const DEMO_PASSWORD = 'demo123456';
export const DEMO_ACCOUNTS = {
  admin: 'admin@demo.test',
  company: 'company@demo.test',
  influencer: 'influencer@demo.test',
  agency: 'agency@demo.test',
} as const;

/**
 * Verified demo companies carry what verification needs (decision 0028): a 统一社会信用代码 with a valid
 * check character (made up for the demo) and a licence image (marked 演示样本), approved by the demo admin.
 * 极客数码 never asked: 未认证.
 */
const COMPANIES = [
  {
    companyName: '花语美妆科技有限公司',
    contactPerson: '林晓',
    industry: 'beauty',
    companySize: '51-100',
    website: 'https://huayu.example.com',
    description: '专注天然植物护肤的国货品牌，线上销售覆盖全国。',
    creditCode: '91310115MA1H5Y2Q0H',
  },
  {
    companyName: '潮衣坊服饰',
    contactPerson: '周航',
    industry: 'fashion',
    companySize: '11-50',
    website: 'https://chaoyi.example.com',
    description: '原创设计女装，每周上新，工厂直供。',
    creditCode: '91330106MA2B7K3L14',
  },
  {
    companyName: '极客数码旗舰店',
    contactPerson: '王磊',
    industry: 'digital',
    companySize: '101-500',
    description: '手机配件与智能穿戴设备品牌商。',
    creditCode: null,
  },
  {
    companyName: '田园鲜食品有限公司',
    contactPerson: '陈静',
    industry: 'food',
    companySize: '101-500',
    description: '产地直发的休闲零食与农产品。',
    creditCode: '91510104MA6C9R4T2H',
  },
];

const INFLUENCERS = [
  {
    nickname: '小美爱分享',
    categories: ['美妆护肤'],
    tags: ['成分党', '敏感肌'],
    followersCount: 1_250_000,
    totalLiveCount: 320,
    avgViews: 86_000,
    hourlyRateCents: 80_000,
    experienceYears: 4.5,
    location: '上海',
    bio: '美妆博主，专注真实测评与护肤知识分享。',
  },
  {
    nickname: '穿搭阿杰',
    categories: ['时尚穿搭'],
    tags: ['男装', '通勤'],
    followersCount: 560_000,
    totalLiveCount: 210,
    avgViews: 42_000,
    hourlyRateCents: 50_000,
    experienceYears: 3,
    location: '杭州',
    bio: '男装穿搭达人，擅长通勤与街头风格。',
  },
  {
    nickname: '吃货小田',
    categories: ['美食生活'],
    tags: ['零食', '探店'],
    followersCount: 890_000,
    totalLiveCount: 410,
    avgViews: 65_000,
    hourlyRateCents: 60_000,
    experienceYears: 5,
    location: '成都',
    bio: '美食探店与零食测评，直播氛围轻松有趣。',
  },
  {
    nickname: '数码老张',
    categories: ['数码科技'],
    tags: ['开箱', '评测'],
    followersCount: 430_000,
    totalLiveCount: 150,
    avgViews: 38_000,
    hourlyRateCents: 70_000,
    experienceYears: 6,
    location: '深圳',
    bio: '十年数码爱好者，讲解专业、转化稳定。',
  },
  {
    nickname: '健身Lily',
    categories: ['健身运动'],
    tags: ['瑜伽', '减脂'],
    followersCount: 320_000,
    totalLiveCount: 95,
    avgViews: 21_000,
    hourlyRateCents: 40_000,
    experienceYears: 2.5,
    location: '北京',
    bio: '认证健身教练，分享居家训练与运动装备。',
  },
  {
    nickname: '宝妈日记',
    categories: ['母婴用品'],
    tags: ['育儿', '好物'],
    followersCount: 670_000,
    totalLiveCount: 260,
    avgViews: 48_000,
    hourlyRateCents: 55_000,
    experienceYears: 4,
    location: '广州',
    bio: '两个孩子的妈妈，推荐安心好用的母婴产品。',
  },
  {
    nickname: '家居控小林',
    categories: ['家居生活'],
    tags: ['收纳', '好物'],
    followersCount: 210_000,
    totalLiveCount: 120,
    avgViews: 16_000,
    hourlyRateCents: 30_000,
    experienceYears: 2,
    location: '南京',
    bio: '家居收纳与清洁好物分享。',
  },
  {
    nickname: '书香阿敏',
    categories: ['图书教育'],
    tags: ['读书', '亲子阅读'],
    followersCount: 150_000,
    totalLiveCount: 80,
    avgViews: 12_000,
    hourlyRateCents: 26_000,
    experienceYears: 3.5,
    location: '武汉',
    bio: '阅读推广人，擅长图书与教育产品直播。',
  },
];

const VIDEO_CATEGORIES = [
  { zh: '美妆', en: 'Beauty' },
  { zh: '服饰', en: 'Fashion' },
  { zh: '数码', en: 'Tech' },
  { zh: '生活', en: 'Lifestyle' },
  { zh: '美食', en: 'Food' },
  { zh: '旅行', en: 'Travel' },
];

const VIDEOS = [
  { title: '秋冬护肤全攻略：敏感肌也能放心用', cat: 1, views: '12.5万', likes: '8,932', tags: ['护肤', '敏感肌'] },
  { title: '一周通勤穿搭不重样', cat: 2, views: '8.3万', likes: '5,120', tags: ['穿搭', '通勤'] },
  { title: '新款降噪耳机深度开箱', cat: 3, views: '6.1万', likes: '3,488', tags: ['开箱', '耳机'] },
  { title: '厨房收纳好物合集', cat: 4, views: '4.7万', likes: '2,904', tags: ['收纳', '家居'] },
  { title: '产地直发：高山脐橙现场试吃', cat: 5, views: '9.8万', likes: '7,311', tags: ['水果', '产地直播'] },
  { title: '带货主播的一天：直播间幕后', cat: 6, views: '3.2万', likes: '1,877', tags: ['幕后', 'Vlog'] },
  { title: '口红试色：十款秋冬热门色号', cat: 1, views: '15.2万', likes: '11,024', tags: ['口红', '试色'] },
  { title: '平价运动装备推荐', cat: 2, views: '2.9万', likes: '1,502', tags: ['运动', '平价'] },
];

const TASKS = [
  {
    title: '国货护肤新品直播推广',
    cat: 'beauty',
    product: '植物精华水',
    minCents: 300_000,
    maxCents: 800_000,
    urgent: true,
    reqs: ['粉丝量10万以上', '美妆类目优先', '直播时长不少于2小时', '需提前试用产品'],
  },
  {
    title: '秋冬女装上新专场',
    cat: 'fashion-accessories',
    product: '羊毛大衣系列',
    minCents: 500_000,
    maxCents: 1_200_000,
    urgent: false,
    reqs: ['女装类目经验', '身高165cm以上优先'],
  },
  {
    title: '智能手表首发直播',
    cat: 'digital-accessories',
    product: '运动智能手表',
    minCents: 800_000,
    maxCents: 2_000_000,
    urgent: true,
    reqs: ['数码类目达人', '熟悉产品参数讲解', '需真人出镜'],
  },
  { title: '休闲零食礼盒带货', cat: 'food-drink', product: '坚果礼盒', minCents: 100_000, maxCents: 300_000, urgent: false, reqs: ['美食类目优先'] },
  {
    title: '母婴用品专场合作',
    cat: 'other',
    product: '婴儿推车',
    minCents: 600_000,
    maxCents: 1_500_000,
    urgent: false,
    reqs: ['母婴类目', '有带货案例', '可接受寄样'],
  },
  { title: '家居收纳好物直播', cat: 'kitchen', product: '收纳箱套装', minCents: 80_000, maxCents: 200_000, urgent: false, reqs: ['家居类目'] },
  {
    title: '品牌周年庆大促',
    cat: 'other',
    product: '全店商品',
    minCents: 5_000_000,
    maxCents: 8_000_000,
    urgent: true,
    reqs: ['粉丝量100万以上', '历史GMV证明', '双人主播', '需提前彩排', '晚间黄金档'],
  },
  {
    title: '新锐咖啡品牌试饮直播',
    cat: 'food-drink',
    product: '冷萃咖啡液',
    minCents: 200_000,
    maxCents: 500_000,
    urgent: false,
    reqs: ['生活类目', '镜头表现力强'],
  },
];

/**
 * The stars each demo influencer received, one completed deal per entry (the demo influencer, first,
 * is the best rated: 5.0). Their ratings are these averages, nothing else.
 */
const REVIEWS: number[][] = [[5, 5], [5, 4], [5, 4, 5], [4, 5], [4], [5, 4, 5], [4, 4], [5, 4]];
/** what the influencers gave the companies, in turn */
const INFLUENCER_STARS = [5, 4, 5, 5, 4];
const COMPANY_COMMENTS: Record<number, string[]> = {
  5: ['直播效果很好，转化超出预期。', '讲解专业，节奏把控得很好，下次还合作。', '准备充分，数据真实，非常满意。'],
  4: ['整体不错，互动可以再多一些。', '按时开播，效果符合预期。'],
  3: ['表现一般，希望下次更用心。'],
  2: ['与预期差距较大。'],
  1: ['非常不满意。'],
};
const INFLUENCER_COMMENTS = [
  '样品寄送及时，沟通顺畅，结算爽快。',
  '需求清晰，产品质量好，合作愉快。',
  '对接人很专业，期待再次合作。',
  '资料给得很全，就是确认稍慢。',
];
/** the first collaboration of the first three influencers, with the figures of their live reports */
const CASES = [
  { title: '夏季防晒专场', cat: 'body-care', views: 52_000, peak: 3_100, orders: 1_240, gmvCents: 18_600_000 },
  { title: '618大促直播', cat: 'other', views: 138_000, peak: 9_800, orders: 3_560, gmvCents: 71_200_000 },
  { title: '新品零食试吃', cat: 'food-drink', views: 24_500, peak: 1_650, orders: 610, gmvCents: 4_880_000 },
];

/** Fills an empty database with demo data; does nothing when any user exists. */
export async function seedIfEmpty(ctx: AppContext): Promise<boolean> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(users);
  const adminOnly = ctx.config.admin?.password ? 1 : 0;
  if (n > adminOnly) return false;
  ctx.log.info('seeding demo data');
  await seedDemo(ctx);
  return true;
}

export async function seedDemo(ctx: AppContext) {
  const { db, storage } = ctx;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // accounts that the README lists
  const admin = await makeUser(db, { email: DEMO_ACCOUNTS.admin, passwordHash, userType: 'admin', isDemo: true });
  const { promoteToAdmin } = await import('../../features/auth');
  await promoteToAdmin(db, admin.id, null, 'admin_seeded', '演示数据：创建演示管理员');

  const cats = new Map<string, Awaited<ReturnType<typeof makeTaskCategory>>>();
  for (const [i, o] of TASK_CATEGORY_OPTIONS.entries()) {
    cats.set(o.value, await makeTaskCategory(db, { name: o.zh, nameEn: o.en, description: `${o.zh}类直播任务`, sortOrder: i, icon: 'Tag' }));
  }
  const categoryId = (value: string) => cats.get(value)?.id ?? null;
  const vcats = [];
  for (const [i, c] of VIDEO_CATEGORIES.entries()) vcats.push(await makeVideoCategory(db, { name: c.zh, nameEn: c.en, sortOrder: i }));

  const companyRows = [];
  for (const [i, { creditCode, ...c }] of COMPANIES.entries()) {
    const { company, user } = await makeCompany(db, {
      ...c,
      businessLicense: creditCode,
      isVerified: creditCode !== null,
      verifiedCreditCode: creditCode,
      user: { email: i === 0 ? DEMO_ACCOUNTS.company : `company${i + 1}@demo.test`, passwordHash, isDemo: true },
      contactEmail: i === 0 ? DEMO_ACCOUNTS.company : `company${i + 1}@demo.test`,
      totalTasks: 2,
    });
    if (creditCode) {
      const file = await makeLicense(storage, user.id, c.companyName, creditCode);
      const licenseUploadId = randomUUID();
      await db.insert(uploads).values({
        id: licenseUploadId,
        ownerUserId: user.id,
        purpose: 'business-license',
        storageKey: file.key,
        url: privateUploadUrl('business-license', licenseUploadId),
        kind: 'image',
        mime: 'image/webp',
        size: file.size,
        width: file.width,
        height: file.height,
        originalName: '营业执照.webp',
        claimed: true,
      });
      const submittedAt = new Date(Date.now() - (40 + i) * 24 * 3_600_000);
      await db.insert(companyVerificationRequests).values({
        companyId: company.id,
        status: 'approved',
        submittedAt,
        decidedAt: new Date(submittedAt.getTime() + 20 * 3_600_000),
        decidedBy: admin.id,
        creditCode,
        companyName: c.companyName,
        licenseUploadId,
      });
    }
    companyRows.push(company);
  }

  const influencerRows = [];
  for (const [i, inf] of INFLUENCERS.entries()) {
    const avatarUrl = await makeAvatar(storage, i);
    const { influencer } = await makeInfluencer(db, {
      ...inf,
      avatarUrl,
      isApproved: true,
      isVerified: i % 2 === 0,
      status: 'active',
      tiktokAccount: `@demo_${i + 1}`,
      user: { email: i === 0 ? DEMO_ACCOUNTS.influencer : `influencer${i + 1}@demo.test`, passwordHash, isDemo: true },
    });
    influencerRows.push(influencer);
  }

  for (const [i, v] of VIDEOS.entries()) {
    const inf = influencerRows[i % influencerRows.length];
    await makeVideo(db, {
      title: v.title,
      description: `${v.title} —— 来自 ${inf.nickname} 的精选直播片段。`,
      categoryId: vcats[v.cat - 1].id,
      posterUrl: await makePoster(storage, i),
      // the demo clips shipped in src/web/public/demo (6 s each), served from this site
      videoUrl: `/demo/clip-${(i % 6) + 1}.mp4`,
      duration: '0:06',
      sortOrder: i,
      influencerId: inf.id,
      influencerName: inf.nickname,
      influencerAvatar: inf.avatarUrl,
      influencerFollowers: `${Math.round(inf.followersCount / 10_000)}万`,
      influencerRating: inf.rating,
      viewsCount: parseCount(v.views) ?? 0,
      likesCount: parseCount(v.likes) ?? 0,
      commentsCount: 120 + i * 37,
      sharesCount: 40 + i * 11,
      tags: v.tags,
      isFeatured: i < 4,
      // newest first on the home page: stagger creation times
      createdAt: new Date(Date.now() - i * 3_600_000),
    });
  }

  const day = 24 * 3_600_000;
  const taskRows = [];
  for (const [i, t] of TASKS.entries()) {
    const row = await makeTask(db, {
      companyId: companyRows[i % companyRows.length].id,
      categoryId: categoryId(t.cat),
      title: t.title,
      description: `${t.title}：诚邀优质达人合作，产品为「${t.product}」，欢迎报名。`,
      productName: t.product,
      requirements: t.reqs,
      budgetMinCents: t.minCents,
      budgetMaxCents: t.maxCents,
      isUrgent: t.urgent,
      liveDate: new Date(Date.now() + (i + 3) * day),
      createdAt: new Date(Date.now() - i * 5 * 3_600_000),
      // the demo company's first task recruits three influencers (已招 0/3, decision 0025)
      ...(i === 0 ? { slots: 3, maxApplicants: 8 } : {}),
    });
    taskRows.push(row);
  }
  // the demo company has invited the demo influencer to its second task (收到的邀请 on /influencer-tasks)
  const demoCompanyId: string = companyRows[0].id;
  const invitedTo = taskRows.find((row, i) => i > 0 && row.companyId === demoCompanyId);
  if (invitedTo) {
    const createdAt = new Date(Date.now() - 2 * 3_600_000);
    const [inv] = await db
      .insert(taskInvitations)
      .values({
        taskId: invitedTo.id,
        influencerId: influencerRows[0].id,
        message: '您的直播风格很适合我们的新品，诚邀合作！',
        offeredRateCents: Math.round((invitedTo.budgetMinCents + invitedTo.budgetMaxCents) / 2),
        status: 'pending',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + INVITATION_EXPIRY_HOURS * 3_600_000),
      })
      .returning();
    await scheduleJob(db, { kind: 'invitation.expire', key: `invitation:${inv.id}:expire`, runAt: inv.expiresAt, payload: { invitationId: inv.id } });
  }
  // finished collaborations: the "success cases" of the stats strip. Every rating on the site comes
  // from these reviews (decision 0015): influencers[i] is reviewed by companies with REVIEWS[i] stars.
  const now = Date.now();
  let k = 0;
  for (const [i, stars] of REVIEWS.entries()) {
    for (const [j, rating] of stars.entries()) {
      const company = companyRows[k % companyRows.length];
      const first = j === 0 && i < CASES.length ? CASES[i] : null;
      const completedAt = new Date(now - (20 + k * 3) * day);
      await makeReviewedDeal(db, {
        companyId: company.id,
        influencerId: influencerRows[i].id,
        completedAt,
        now: new Date(now),
        rateCents: 400_000,
        task: {
          categoryId: categoryId(first?.cat ?? 'other'),
          title: first?.title ?? `${influencerRows[i].nickname} × ${company.companyName} 专场直播`,
          description: '已完成的合作案例。',
          budgetMinCents: 200_000,
          budgetMaxCents: 600_000,
        },
        deal: {
          reportViews: first?.views ?? 15_000 + k * 2_300,
          reportPeakViewers: first?.peak ?? 900 + k * 140,
          reportOrders: first?.orders ?? 300 + k * 45,
          reportGmvCents: first?.gmvCents ?? 2_500_000 + k * 410_000,
        },
        byCompany: { rating, comment: COMPANY_COMMENTS[rating][k % COMPANY_COMMENTS[rating].length], reply: k === 0 ? '感谢认可，期待下次合作！' : undefined },
        byInfluencer: { rating: INFLUENCER_STARS[k % INFLUENCER_STARS.length], comment: INFLUENCER_COMMENTS[k % INFLUENCER_COMMENTS.length] },
      });
      k++;
    }
  }
  // demo money (decision 0032): booked against world_demo, never as a top-up, and it cannot be withdrawn.
  // The demo company has $500,000.00: accepting an application pays the fee into escrow at once, as a real
  // company's would; one demo influencer (influencer4@demo.test) has $1,500.00 to see the wallet with a balance
  await grantDemoMoney(db, { userId: companyRows[0].userId, userType: 'company', cents: 50_000_000 }, new Date());
  await grantDemoMoney(db, { userId: influencerRows[3].userId, userType: 'influencer', cents: 150_000 }, new Date());

  await seedDemoAgency(ctx, {
    passwordHash,
    company: companyRows[0],
    influencers: [influencerRows[1], influencerRows[2], influencerRows[4]],
    categoryId: categoryId('beauty'),
  });
}

/**
 * The demo agency (decision 0044): 星耀MCN with three roster influencers at 20, 25 and 30 %, and one settled deal of
 * the first with the demo company — made through the product's own services (invitation and acceptance, the
 * application, every deal event, the confirmation), so the split in both wallets is the one a real settlement books.
 */
async function seedDemoAgency(
  ctx: AppContext,
  o: {
    passwordHash: string;
    company: { id: string; userId: string };
    influencers: { id: string; userId: string }[];
    categoryId: string | null;
  },
) {
  const { db } = ctx;
  const { user: agencyUser } = await makeAgency(db, {
    name: '星耀MCN机构',
    contactPerson: '赵敏',
    phone: '13900001111',
    creditCode: '91310000MA1FL8XQ37',
    description: '专注美妆与生活方式的达人经纪机构，签约达人覆盖抖音、快手、小红书。',
    city: '上海',
    status: 'approved',
    reviewedAt: new Date(),
    user: { email: DEMO_ACCOUNTS.agency, passwordHash: o.passwordHash, isDemo: true },
  });
  for (const [i, inf] of o.influencers.entries()) {
    const invitation = await inviteToRoster(ctx, agencyUser.id, { influencerId: inf.id, shareBps: [2000, 2500, 3000][i] });
    await answerRosterInvitation(ctx, inf.userId, invitation.id, 'accept');
  }
  const as = async (userId: string, userType: 'company' | 'influencer'): Promise<AuthUser> => {
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    return { id: u.id, email: u.email, userType, sessionId: '' };
  };
  const companyUser = await as(o.company.userId, 'company');
  const influencerUser = await as(o.influencers[0].userId, 'influencer');
  const task = await makeTask(db, {
    companyId: o.company.id,
    categoryId: o.categoryId,
    title: '秋冬保湿面霜专场直播',
    description: '秋冬保湿面霜专场直播：诚邀美妆达人合作（已完成的机构合作案例）。',
    productName: '保湿面霜',
    budgetMinCents: 200_000,
    budgetMaxCents: 600_000,
    liveDate: new Date(Date.now() + 3 * 24 * 3_600_000),
  });
  const application = await applyOnce(ctx, influencerUser.id, { taskId: task.id, proposedRateCents: 400_000, message: '机构签约达人，美妆专场经验丰富。' });
  await acceptApplication(ctx, companyUser.id, application.id);
  const [deal] = await db.select().from(deals).where(eq(deals.taskId, task.id));
  const meta = { ip: '127.0.0.1' };
  const start = new Date(Date.now() + 2 * 3_600_000);
  await fireDealEvent(ctx, companyUser, deal.id, 'ship_samples', { carrier: '顺丰速运', trackingNo: 'SF1402938475' }, meta);
  await fireDealEvent(ctx, influencerUser, deal.id, 'receive_samples', {}, meta);
  await fireDealEvent(
    ctx,
    influencerUser,
    deal.id,
    'propose_schedule',
    { start: start.toISOString(), end: new Date(start.getTime() + 2 * 3_600_000).toISOString(), roomUrl: 'https://live.douyin.com/880012' },
    meta,
  );
  await fireDealEvent(ctx, companyUser, deal.id, 'confirm_schedule', {}, meta);
  // the live took place: the agreed slot moved to the past (the seed cannot wait for it)
  const liveStart = new Date(Date.now() - 5 * 3_600_000);
  const liveEnd = new Date(liveStart.getTime() + 2 * 3_600_000);
  await db.update(deals).set({ scheduleStart: liveStart, scheduleEnd: liveEnd }).where(eq(deals.id, deal.id));
  await fireDealEvent(
    ctx,
    influencerUser,
    deal.id,
    'report_live',
    {
      replayUrl: 'https://www.douyin.com/video/880012',
      startedAt: liveStart.toISOString(),
      endedAt: liveEnd.toISOString(),
      views: 36_800,
      peakViewers: 2_150,
      orders: 820,
      gmvCents: 9_860_000,
    },
    meta,
  );
  await fireDealEvent(ctx, companyUser, deal.id, 'confirm', {}, meta);
}
