import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { storedValuesOf } from '../../../shared/directory';
import type { Settings } from '../../../shared/schemas/accounts';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/accounts';
import {
  SIMILAR_INFLUENCERS,
  type CompanyDetailResponse,
  type FollowResponse,
  type InfluencerDetailResponse,
  type InfluencerListQuery,
  type InfluencerListResponse,
  type Review,
} from '../../../shared/schemas/people';
import { escapeLike, type Db, type DbOrTx } from '../../db/client';
import { agencyBadgeOf } from '../agencies';
import { companies, companyFollows, conversations, influencers, reviews, taskApplications, tasks, users, userSettings } from '../../db/schema';
import { deliveredResults } from '../deals';
import { PUBLISHED } from '../reviews';
import { storeMessage } from '../messages';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { AuthUser } from '../../platform/session';
import { canSeeContact, canSeeProfile } from '../accounts';
import { cardColumns, LISTED, toCard, visibleTo, type Viewer } from './cards';
import { similarInfluencers } from '../matching';
import { addNotifications, type NewNotification } from '../notifications';

/** Directory totals are counted up to this many (the same cap as the task hall's). */
export const TOTAL_CAP = 10_000;

/** Search like the task hall's: substring of the lower-cased search_text; 1–2 characters use search_grams. */
function searchCondition(term: string): SQL[] {
  const out = [sql`${influencers.searchText} like '%' || lower(${escapeLike(term)}) || '%'`];
  if ([...term].length <= 2) out.push(sql`search_grams(${influencers.searchText}) @> search_gram_key(lower(${term}))`);
  return out;
}

/** ORDER BY written to match the influencers_listed_* partial indexes. */
function order(sort: InfluencerListQuery['sort']): SQL[] {
  switch (sort) {
    case 'followers':
      return [sql`${influencers.followersCount} desc nulls last`, asc(influencers.id)];
    case 'price':
      return [asc(influencers.hourlyRateCents), asc(influencers.id)];
    case 'experience':
      return [sql`${influencers.experienceYears} desc nulls last`, asc(influencers.id)];
    default:
      return [sql`${influencers.rating} desc nulls last`, asc(influencers.id)];
  }
}

/** GET /api/influencers: approved, active influencers whose profile the viewer may see; all in SQL. */
export async function listInfluencers(db: Db, q: InfluencerListQuery, viewer: Viewer): Promise<InfluencerListResponse> {
  const where: SQL[] = [LISTED, visibleTo(viewer)];
  if (q.category) where.push(sql`${influencers.categories} && ${sql.param(storedValuesOf(q.category))}::text[]`);
  if (q.search) where.push(...searchCondition(q.search));
  const cond = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(cardColumns)
      .from(influencers)
      .leftJoin(userSettings, eq(userSettings.userId, influencers.userId))
      .where(cond)
      .orderBy(...order(q.sort))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    // counted up to TOTAL_CAP (the page shows 10000+): a deep count stays cheap at any size
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(influencers)
        .leftJoin(userSettings, eq(userSettings.userId, influencers.userId))
        .where(cond)
        .limit(TOTAL_CAP)
        .as('capped'),
    ),
  ]);
  return { items: rows.map((r) => toCard(r, viewer)), total, page: q.page, limit: q.limit };
}

const settingsOf = (row: { pv: string | null; cv: string | null; am: boolean | null }): Settings => ({
  ...DEFAULT_SETTINGS,
  profileVisibility: (row.pv ?? DEFAULT_SETTINGS.profileVisibility) as Settings['profileVisibility'],
  contactInfoVisibility: (row.cv ?? DEFAULT_SETTINGS.contactInfoVisibility) as Settings['contactInfoVisibility'],
  allowMessages: row.am ?? DEFAULT_SETTINGS.allowMessages,
});

const settingsColumns = { pv: userSettings.profileVisibility, cv: userSettings.contactInfoVisibility, am: userSettings.allowMessages };

/** published reviews (decision 0015): revealed, not hidden; the pages show nothing else */
function reviewSelect(db: DbOrTx) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      taskId: reviews.taskId,
      taskTitle: tasks.title,
      companyName: companies.companyName,
      authorName: sql<string | null>`case when ${reviews.authorSide} = 'company' then ${companies.companyName} else ${influencers.nickname} end`,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
    })
    .from(reviews)
    .leftJoin(tasks, eq(tasks.id, reviews.taskId))
    .leftJoin(companies, eq(companies.id, reviews.companyId))
    .leftJoin(influencers, eq(influencers.id, reviews.influencerId));
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewSelect>['execute']>>[number];
const toReview = (r: ReviewRow): Review => ({ ...r, createdAt: r.createdAt.toISOString(), repliedAt: r.repliedAt?.toISOString() ?? null });

/** the published reviews about an influencer (by companies) or about a company (by influencers) */
const reviewsOf = (side: 'influencer' | 'company', id: string) =>
  side === 'influencer'
    ? and(eq(reviews.influencerId, id), eq(reviews.authorSide, 'company'), PUBLISHED)
    : and(eq(reviews.companyId, id), eq(reviews.authorSide, 'influencer'), PUBLISHED);

/** their average (rounded as the stored ratings are) and count */
const reviewSummaryOf = (db: DbOrTx, side: 'influencer' | 'company', id: string) =>
  db
    .select({ average: sql<number>`coalesce(round(avg(${reviews.rating}), 1), 0)::float8`, count: count() })
    .from(reviews)
    .where(reviewsOf(side, id));

/**
 * Who sees an influencer's page: anyone for an approved, active profile their privacy setting shows them;
 * otherwise only the owner and admins. GET /api/influencers/{id} and the page's HTTP status (seo) both ask.
 */
function influencerShownTo(i: { userId: string; isApproved: boolean; status: string }, settings: Settings, viewer: Viewer): boolean {
  if (viewer?.id === i.userId || viewer?.userType === 'admin') return true;
  return i.isApproved && i.status === 'active' && canSeeProfile(settings, viewer, i.userId);
}

/** Who sees a company's page: as its privacy setting allows; a suspended (or deleted) company only admins. */
function companyShownTo(c: { userId: string; suspendedAt: Date | null }, settings: Settings, viewer: Viewer): boolean {
  if (c.suspendedAt && viewer?.userType !== 'admin') return false;
  return canSeeProfile(settings, viewer, c.userId);
}

/** Whether /influencer/{id} shows a profile to this viewer (the rule of GET /api/influencers/{id}, one row read). */
export async function influencerPageShown(db: DbOrTx, id: string, viewer: Viewer): Promise<boolean> {
  const [row] = await db
    .select({ userId: influencers.userId, isApproved: influencers.isApproved, status: influencers.status, ...settingsColumns })
    .from(influencers)
    .leftJoin(userSettings, eq(userSettings.userId, influencers.userId))
    .where(eq(influencers.id, id))
    .limit(1);
  return row ? influencerShownTo(row, settingsOf(row), viewer) : false;
}

/** Whether /company/{id} shows a company to this viewer (the rule of GET /api/companies/:id, one row read). */
export async function companyPageShown(db: DbOrTx, id: string, viewer: Viewer): Promise<boolean> {
  const [row] = await db
    .select({ userId: companies.userId, suspendedAt: users.suspendedAt, ...settingsColumns })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .leftJoin(userSettings, eq(userSettings.userId, companies.userId))
    .where(eq(companies.id, id))
    .limit(1);
  return row ? companyShownTo(row, settingsOf(row), viewer) : false;
}

/**
 * GET /api/influencers/{id}: the profile (masked for the viewer), reviews with their average, completed
 * work and 3 similar influencers. Not approved, inactive or hidden by privacy: only the owner and admins;
 * for anyone else it does not exist (404).
 */
export async function getInfluencerDetail(db: Db, id: string, viewer: Viewer): Promise<InfluencerDetailResponse> {
  const [row] = await db
    .select({ i: influencers, email: users.email, ...settingsColumns })
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .leftJoin(userSettings, eq(userSettings.userId, influencers.userId))
    .where(eq(influencers.id, id))
    .limit(1);
  if (!row) throw new AppError('INFLUENCER_NOT_FOUND');
  const i = row.i;
  const settings = settingsOf(row);
  const isOwner = viewer?.id === i.userId;
  if (!influencerShownTo(i, settings, viewer)) throw new AppError('INFLUENCER_NOT_FOUND');
  const contact = canSeeContact(settings, viewer, { id: i.userId, userType: 'influencer' });

  const [reviewRows, [summary], work, similar, delivered] = await Promise.all([
    reviewSelect(db).where(reviewsOf('influencer', id)).orderBy(desc(reviews.revealedAt), desc(reviews.id)).limit(50),
    reviewSummaryOf(db, 'influencer', id),
    db
      .select({
        taskId: tasks.id,
        title: tasks.title,
        companyName: companies.companyName,
        completedAt: tasks.updatedAt,
        proposedRateCents: taskApplications.proposedRateCents,
      })
      .from(taskApplications)
      .innerJoin(tasks, eq(tasks.id, taskApplications.taskId))
      .leftJoin(companies, eq(companies.id, tasks.companyId))
      .where(and(eq(taskApplications.influencerId, id), eq(taskApplications.status, 'accepted'), eq(tasks.status, 'completed')))
      .orderBy(desc(tasks.updatedAt))
      .limit(50),
    // the same scoring as 推荐达人, with this influencer as the target (decision 0019)
    similarInfluencers(db, i, viewer, SIMILAR_INFLUENCERS),
    deliveredResults(db, id),
  ]);
  const agency = await agencyBadgeOf(db, id);

  const card = toCard(i, viewer);
  return {
    influencer: {
      ...card,
      bio: i.bio,
      isApproved: i.isApproved,
      totalLiveCount: i.totalLiveCount,
      avgViews: i.avgViews,
      languages: i.languages,
      agency,
      tiktokAccount: viewer ? i.tiktokAccount : null,
      contactEmail: contact ? row.email : null,
      contactPhone: contact ? i.phoneNumber : null,
      acceptsMessages: settings.allowMessages,
      isOwner,
      createdAt: i.createdAt.toISOString(),
    },
    reviews: reviewRows.map(toReview),
    reviewSummary: { average: Number(summary.average), count: summary.count },
    completedWork: work.map((w) => ({ ...w, completedAt: w.completedAt.toISOString() })),
    similar,
    delivered,
  };
}

async function influencerIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [r] = await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
  return r?.id ?? null;
}

async function companyIdOf(db: DbOrTx, userId: string): Promise<{ id: string; name: string } | null> {
  const [r] = await db.select({ id: companies.id, name: companies.companyName }).from(companies).where(eq(companies.userId, userId)).limit(1);
  return r ?? null;
}

const PAST_STATUSES = ['in_progress', 'completed'];

/** GET /api/companies/:id: the company page (contact details by the owner's privacy settings). */
export async function getCompanyDetail(db: Db, id: string, viewer: Viewer): Promise<CompanyDetailResponse> {
  const [row] = await db
    .select({ c: companies, email: users.email, suspendedAt: users.suspendedAt, ...settingsColumns })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .leftJoin(userSettings, eq(userSettings.userId, companies.userId))
    .where(eq(companies.id, id))
    .limit(1);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  const c = row.c;
  const settings = settingsOf(row);
  if (!companyShownTo({ userId: c.userId, suspendedAt: row.suspendedAt }, settings, viewer)) throw new AppError('COMPANY_NOT_FOUND');
  const contact = canSeeContact(settings, viewer, { id: c.userId, userType: 'company' });
  const viewerInfluencer = viewer?.userType === 'influencer' ? await influencerIdOf(db, viewer.id) : null;

  const taskColumns = {
    id: tasks.id,
    title: tasks.title,
    status: tasks.status,
    budgetMinCents: tasks.budgetMinCents,
    budgetMaxCents: tasks.budgetMaxCents,
    liveDate: tasks.liveDate,
    createdAt: tasks.createdAt,
  };
  const [[followers], following, open, past, reviewRows, [summary]] = await Promise.all([
    db.select({ n: count() }).from(companyFollows).where(eq(companyFollows.companyId, id)),
    viewerInfluencer
      ? db
          .select({ n: count() })
          .from(companyFollows)
          .where(and(eq(companyFollows.companyId, id), eq(companyFollows.influencerId, viewerInfluencer)))
      : Promise.resolve([{ n: 0 }]),
    db
      .select(taskColumns)
      .from(tasks)
      .where(and(eq(tasks.companyId, id), eq(tasks.status, 'open')))
      .orderBy(desc(tasks.createdAt))
      .limit(50),
    db
      .select(taskColumns)
      .from(tasks)
      .where(and(eq(tasks.companyId, id), inArray(tasks.status, PAST_STATUSES)))
      .orderBy(desc(tasks.createdAt))
      .limit(50),
    reviewSelect(db).where(reviewsOf('company', id)).orderBy(desc(reviews.revealedAt), desc(reviews.id)).limit(50),
    reviewSummaryOf(db, 'company', id),
  ]);
  const toTask = (t: (typeof open)[number]) => ({ ...t, liveDate: t.liveDate?.toISOString() ?? null, createdAt: t.createdAt.toISOString() });
  return {
    company: {
      id: c.id,
      companyName: c.companyName,
      industry: c.industry,
      companySize: c.companySize,
      logoUrl: c.logoUrl,
      description: c.description,
      website: c.website,
      address: c.address,
      isVerified: c.isVerified,
      avgRating: Number(c.avgRating),
      totalTasks: c.totalTasks,
      completedTasks: c.completedTasks,
      followersCount: followers.n,
      following: following[0].n > 0,
      contactPerson: contact ? c.contactPerson : null,
      contactEmail: contact ? (c.contactEmail ?? row.email) : null,
      contactPhone: contact ? c.contactPhone : null,
      isOwner: viewer?.id === c.userId,
      createdAt: c.createdAt.toISOString(),
    },
    openTasks: open.map(toTask),
    pastTasks: past.map(toTask),
    reviews: reviewRows.map(toReview),
    reviewSummary: { average: Number(summary.average), count: summary.count },
  };
}

/** POST/DELETE /api/companies/:id/follow (influencers only); idempotent. */
export async function setFollow(db: Db, companyId: string, user: AuthUser, follow: boolean): Promise<FollowResponse> {
  if (user.userType !== 'influencer') throw new AppError('FOLLOW_INFLUENCER_ONLY');
  const influencerId = await influencerIdOf(db, user.id);
  if (!influencerId) throw new AppError('PROFILE_NOT_FOUND');
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  if (follow) await db.insert(companyFollows).values({ companyId, influencerId }).onConflictDoNothing();
  else await db.delete(companyFollows).where(and(eq(companyFollows.companyId, companyId), eq(companyFollows.influencerId, influencerId)));
  const [{ n }] = await db.select({ n: count() }).from(companyFollows).where(eq(companyFollows.companyId, companyId));
  return { following: follow, followersCount: n };
}

/**
 * Inside the task-publishing transaction: a notification for every influencer who follows the company
 * (one select, one multi-row insert). Returns them to be mailed after the commit.
 */
export async function notifyFollowers(tx: DbOrTx, company: { id: string; name: string }, task: { id: string; title: string }) {
  const followers = await tx
    .select({ userId: influencers.userId })
    .from(companyFollows)
    .innerJoin(influencers, eq(influencers.id, companyFollows.influencerId))
    .where(eq(companyFollows.companyId, company.id));
  const list: NewNotification[] = followers.map((f) => ({
    userId: f.userId,
    type: 'followed_company_task',
    params: { company: company.name, task: task.title },
    link: `/task/${task.id}`,
  }));
  return addNotifications(tx, list, { mail: true });
}

export const CONTACT_LIMIT = { perHour: 20 } as const;

/**
 * POST /api/influencers/:id/contact: a company writes to an influencer. The conversation of the pair is
 * found or created (race-safe on its unique index), the message stored and the influencer notified, in
 * one transaction; the mail goes out after the commit.
 */
export async function contactInfluencer(ctx: AppContext, user: AuthUser, influencerId: string, message: string) {
  const company = await companyIdOf(ctx.db, user.id);
  if (!company) throw new AppError('COMPANY_PROFILE_REQUIRED');
  const [target] = await ctx.db
    .select({ userId: influencers.userId, approved: influencers.isApproved, status: influencers.status, ...settingsColumns })
    .from(influencers)
    .leftJoin(userSettings, eq(userSettings.userId, influencers.userId))
    .where(eq(influencers.id, influencerId))
    .limit(1);
  if (!target || !target.approved || target.status !== 'active' || !canSeeProfile(settingsOf(target), user, target.userId)) {
    throw new AppError('INFLUENCER_NOT_FOUND');
  }
  if (!settingsOf(target).allowMessages) throw new AppError('MESSAGES_DISABLED');
  const budget = await ctx.limiter.hit(`contact:company:${company.id}`, CONTACT_LIMIT.perHour, 3600);
  if (!budget.allowed) throw new AppError('RATE_LIMITED');

  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [conv] = await tx
      .insert(conversations)
      .values({ companyId: company.id, influencerId, createdAt: now, lastMessageAt: now })
      .onConflictDoUpdate({ target: [conversations.companyId, conversations.influencerId], targetWhere: sql`deal_id is null`, set: { lastMessageAt: now } })
      .returning({ id: conversations.id });
    await storeMessage(ctx, tx, {
      conversationId: conv.id,
      senderId: user.id,
      recipientId: target.userId,
      senderName: company.name,
      body: message,
      images: [],
    });
    return { conversationId: conv.id };
  });
}
