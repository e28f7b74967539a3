/**
 * Test-data factories, shared by the tests and the demo seed. Each inserts real rows through the
 * same schema the app uses and returns what it made.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ADMIN_PERMISSIONS, type UserType } from '../../shared/options';
import { hashPassword } from '../features/auth';
import type { Db, DbOrTx } from './client';
import { accountFor, post } from '../features/money';
import { REVIEW_WINDOW_DAYS } from '../../shared/deals';
import { recomputeRatings, scheduleReviewsClose } from '../features/reviews';
import {
  adminPermissions,
  agencies,
  companies,
  conversations,
  dealEvents,
  deals,
  influencers,
  reviews,
  taskApplications,
  taskCategories,
  tasks,
  topups,
  userProfiles,
  users,
  videoCategories,
  videos,
} from './schema';

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(++seq).toString(36)}${randomBytes(2).toString('hex')}`;

export type MadeUser = { id: string; email: string; password: string; userType: UserType | null };

/**
 * One argon2 hash per password per process: a real hash (sign-in verifies it as for any account) but computed once —
 * test files make hundreds of accounts, nearly all with the same password, and each hash costs 20–40 ms of CPU.
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

export async function makeUser(
  db: DbOrTx,
  o: { email?: string; password?: string; userType?: UserType | null; passwordHash?: string; isDemo?: boolean } = {},
): Promise<MadeUser> {
  const email = (o.email ?? `user-${uniq()}@example.com`).toLowerCase();
  const password = o.password ?? 'secret123';
  const passwordHash = o.passwordHash ?? (await hashOnce(password));
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash, isDemo: o.isDemo ?? false })
    .returning({ id: users.id });
  const userType = o.userType === undefined ? 'influencer' : o.userType;
  await db.insert(userProfiles).values({ userId: u.id, userType });
  return { id: u.id, email, password, userType };
}

export async function makeInfluencer(db: DbOrTx, o: Partial<typeof influencers.$inferInsert> & { user?: Parameters<typeof makeUser>[1] } = {}) {
  const { user: userOpts, ...fields } = o;
  const user = await makeUser(db, { ...userOpts, userType: 'influencer' });
  const [row] = await db
    .insert(influencers)
    .values({ nickname: `达人${uniq().slice(-4)}`, ...fields, userId: user.id })
    .returning();
  return { user, influencer: row };
}

export async function makeCompany(db: DbOrTx, o: Partial<typeof companies.$inferInsert> & { user?: Parameters<typeof makeUser>[1] } = {}) {
  const { user: userOpts, ...fields } = o;
  const user = await makeUser(db, { ...userOpts, userType: 'company' });
  const [row] = await db
    .insert(companies)
    .values({ companyName: `测试企业${uniq().slice(-4)}`, contactPerson: '张经理', ...fields, userId: user.id })
    .returning();
  return { user, company: row };
}

/** An agency (机构, decision 0044), approved unless `status` says otherwise. */
export async function makeAgency(db: DbOrTx, o: Partial<typeof agencies.$inferInsert> & { user?: Parameters<typeof makeUser>[1] } = {}) {
  const { user: userOpts, ...fields } = o;
  const user = await makeUser(db, { ...userOpts, userType: 'agency' });
  const [row] = await db
    .insert(agencies)
    .values({
      name: `测试机构${uniq().slice(-4)}`,
      contactPerson: '王经理',
      phone: '13800000000',
      creditCode: '91330100716105852F',
      status: 'approved',
      ...fields,
      userId: user.id,
    })
    .returning();
  return { user, agency: row };
}

/** An admin account holding `permissions` (all of them by default). */
export async function makeAdmin(db: DbOrTx, o: { email?: string; password?: string; permissions?: readonly string[] } = {}) {
  const user = await makeUser(db, { email: o.email, password: o.password, userType: 'admin' });
  const permissions = o.permissions ?? ADMIN_PERMISSIONS;
  if (permissions.length) {
    await db.insert(adminPermissions).values(permissions.map((p) => ({ adminId: user.id, permissionName: p, grantedBy: user.id })));
  }
  return user;
}

export async function makeTaskCategory(db: DbOrTx, o: Partial<typeof taskCategories.$inferInsert> = {}) {
  const [row] = await db
    .insert(taskCategories)
    .values({ name: `分类${uniq().slice(-4)}`, ...o })
    .returning();
  return row;
}

export async function makeTask(db: DbOrTx, o: Partial<typeof tasks.$inferInsert> & { companyId: string }) {
  const [row] = await db
    .insert(tasks)
    .values({ title: `直播任务${uniq().slice(-4)}`, description: '任务描述', budgetMinCents: 100_000, budgetMaxCents: 300_000, ...o })
    .returning();
  return row;
}

export async function makeVideoCategory(db: DbOrTx, o: Partial<typeof videoCategories.$inferInsert> = {}) {
  const [row] = await db
    .insert(videoCategories)
    .values({ name: `视频分类${uniq().slice(-4)}`, ...o })
    .returning();
  return row;
}

export async function makeVideo(db: DbOrTx, o: Partial<typeof videos.$inferInsert> = {}) {
  const [row] = await db
    .insert(videos)
    .values({ title: `视频${uniq().slice(-4)}`, ...o })
    .returning();
  return row;
}

/**
 * A deal for an accepted application, with the task's terms (the seed's finished collaborations;
 * tests that need a deal in a given state without walking the API).
 */
export async function makeDeal(
  db: DbOrTx,
  o: { task: typeof tasks.$inferSelect; applicationId: string; influencerId: string; rateCents: number } & Partial<typeof deals.$inferInsert>,
) {
  const { task, applicationId, influencerId, rateCents, ...rest } = o;
  const [row] = await db
    .insert(deals)
    .values({
      taskId: task.id,
      applicationId,
      companyId: task.companyId,
      influencerId,
      rateCents,
      plannedLiveDate: task.liveDate,
      durationHours: task.durationHours,
      productName: task.productName,
      requirements: task.requirements,
      taskTitle: task.title,
      version: 1,
      ...rest,
    })
    .returning();
  await db
    .insert(dealEvents)
    .values({ dealId: row.id, version: 1, event: 'accept', actorRole: 'company', fromStatus: 'accepted', toStatus: row.status, data: {} });
  await db
    .insert(conversations)
    .values({ companyId: row.companyId, influencerId: row.influencerId, dealId: row.id, createdAt: row.createdAt, lastMessageAt: row.createdAt });
  return row;
}

/**
 * Money in a wallet, the way it arrives in the product: a succeeded top-up (a bank transfer, here
 * already confirmed) and its ledger entry — so `ledger:check` holds on seeded and test data.
 */
export async function fundWallet(db: Db, o: { userId: string; userType: 'company' | 'influencer'; cents: number; at?: Date }) {
  const at = o.at ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(topups)
      .values({
        userId: o.userId,
        amountCents: o.cents,
        method: 'bank_transfer',
        status: 'pending',
        bankReference: `LC-F${uniq().toUpperCase()}`,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const posted = await post(
      tx,
      {
        kind: 'topup',
        memo: `bank_transfer ${row.bankReference ?? ''}`,
        idempotencyKey: `topup:${row.id}`,
        lines: [
          { accountId: await accountFor(tx, 'world_payments_in', null), amountCents: -o.cents },
          { accountId: await accountFor(tx, o.userType === 'company' ? 'company_available' : 'influencer_available', o.userId), amountCents: o.cents },
        ],
      },
      at,
    );
    await tx.update(topups).set({ status: 'succeeded', entryId: posted.entryId, confirmedAt: at }).where(eq(topups.id, row.id));
    return row.id;
  });
}

type ReviewInput = { rating: number; comment: string; reply?: string };

/**
 * A finished collaboration: a completed task, its accepted application and a completed deal (with a live
 * report unless `deal` says otherwise), and the reviews the two sides wrote — the only source of the
 * ratings (decision 0015). Reviews are revealed when both exist or when the window has closed by
 * `now`; otherwise the review stays blind and the window's closing job is planned. The ratings of both
 * parties are recomputed from the published reviews, as the product does.
 */
export async function makeReviewedDeal(
  db: DbOrTx,
  o: {
    companyId: string;
    influencerId: string;
    byCompany?: ReviewInput | null;
    byInfluencer?: ReviewInput | null;
    completedAt?: Date;
    /** the clock's now (the window's state); default: the real time */
    now?: Date;
    rateCents?: number;
    task?: Partial<typeof tasks.$inferInsert>;
    deal?: Partial<typeof deals.$inferInsert>;
  },
) {
  const now = o.now ?? new Date();
  const completedAt = o.completedAt ?? new Date(now.getTime() - 3 * 24 * 3600_000);
  const liveStart = new Date(completedAt.getTime() - 8 * 3600_000);
  const liveEnd = new Date(liveStart.getTime() + 2 * 3600_000);
  const rateCents = o.rateCents ?? 300_000;
  const task = await makeTask(db, {
    companyId: o.companyId,
    status: 'completed',
    selectedInfluencerId: o.influencerId,
    currentApplicants: 1,
    liveDate: liveStart,
    createdAt: new Date(completedAt.getTime() - 10 * 24 * 3600_000),
    updatedAt: completedAt,
    ...o.task,
  });
  const [application] = await db
    .insert(taskApplications)
    .values({
      taskId: task.id,
      influencerId: o.influencerId,
      proposedRateCents: rateCents,
      message: '期待合作！',
      status: 'accepted',
      respondedAt: task.createdAt,
    })
    .returning();
  const deal = await makeDeal(db, {
    task,
    applicationId: application.id,
    influencerId: o.influencerId,
    rateCents,
    status: 'completed',
    scheduleStart: liveStart,
    scheduleEnd: liveEnd,
    roomUrl: 'https://live.douyin.com/',
    scheduleProposedBy: 'company',
    scheduleConfirmedAt: new Date(liveStart.getTime() - 3 * 24 * 3600_000),
    reportReplayUrl: 'https://www.douyin.com/',
    reportStartedAt: liveStart,
    reportEndedAt: liveEnd,
    reportViews: 20_000,
    reportPeakViewers: 1_500,
    reportOrders: 400,
    reportGmvCents: 3_000_000,
    reportedAt: new Date(liveEnd.getTime() + 3600_000),
    confirmedAt: completedAt,
    completedAt,
    createdAt: task.createdAt,
    updatedAt: completedAt,
    ...o.deal,
  });
  const [party] = await db
    .select({ companyUserId: companies.userId, influencerUserId: influencers.userId })
    .from(companies)
    .innerJoin(influencers, eq(influencers.id, o.influencerId))
    .where(eq(companies.id, o.companyId));
  const windowOver = now.getTime() >= completedAt.getTime() + REVIEW_WINDOW_DAYS * 24 * 3600_000;
  const written = [
    { side: 'company' as const, authorId: party.companyUserId, r: o.byCompany },
    { side: 'influencer' as const, authorId: party.influencerUserId, r: o.byInfluencer },
  ].filter((x): x is typeof x & { r: ReviewInput } => Boolean(x.r));
  const windowEnd = new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * 24 * 3600_000);
  // both written: revealed by the second; one written: revealed when the window closed
  const revealedAt = written.length === 2 ? new Date(completedAt.getTime() + 2 * 3600_000) : windowOver ? windowEnd : null;
  const made = [];
  for (const [i, w] of written.entries()) {
    const createdAt = new Date(completedAt.getTime() + (i + 1) * 3600_000);
    const [row] = await db
      .insert(reviews)
      .values({
        dealId: deal.id,
        authorSide: w.side,
        authorId: w.authorId,
        influencerId: o.influencerId,
        companyId: o.companyId,
        taskId: task.id,
        rating: w.r.rating,
        comment: w.r.comment,
        createdAt,
        revealedAt,
        reply: revealedAt && w.r.reply ? w.r.reply : null,
        repliedAt: revealedAt && w.r.reply ? revealedAt : null,
      })
      .returning();
    made.push(row);
  }
  if (!windowOver) await scheduleReviewsClose(db, deal.id, completedAt);
  await recomputeRatings(db, { influencerId: o.influencerId, companyId: o.companyId });
  return { task, deal, reviews: made };
}
