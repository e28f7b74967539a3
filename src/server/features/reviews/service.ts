/**
 * Two-way reviews after a completed deal (decision 0015).
 *
 * - Each side reviews the other once, within REVIEW_WINDOW_DAYS of completion.
 * - Blind: a review is revealed when both are written (by the second write) or when the window closes
 *   (the `deal.reviews_close` job planned when the deal completes); before that only its author (and
 *   admins) read it, the other side learns only that it exists.
 * - The reviewed side replies once, after reveal. Admins (内容管理) hide and unhide, audited.
 * - influencers.rating / total_reviews, companies.avg_rating and videos.influencer_rating are
 *   recomputed from revealed, not hidden reviews in the transaction that changes them.
 *
 * Lock order: the deal row, then review rows, then the influencer row, then the company row — every
 * writer here takes them in that order, so two writers never wait on each other in a circle.
 */
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '../../../shared/deals';
import type {
  AdminReview,
  AdminReviewAnswer,
  AdminReviewQuery,
  AdminReviewsResponse,
  DealReview,
  DealReviews,
  ReplyForm,
  ReviewForm,
  ReviewSide,
} from '../../../shared/schemas/reviews';
import type { DbOrTx } from '../../db/client';
import { companies, deals, influencers, reviews, videos } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { registerJob, scheduleJob } from '../../platform/jobs';
import type { AuthUser } from '../../platform/session';
import { addNotifications, type NewNotification } from '../notifications';

const DAY = 24 * 3600_000;
type DealRow = typeof deals.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;
type Parties = { companyUserId: string; influencerUserId: string };

/** the end of a completed deal's review window */
export const reviewWindowEnd = (d: Pick<DealRow, 'completedAt' | 'updatedAt'>) => new Date((d.completedAt ?? d.updatedAt).getTime() + REVIEW_WINDOW_DAYS * DAY);

const isSide = (v: string): v is ReviewSide => v === 'company' || v === 'influencer';
const otherSide = (s: ReviewSide): ReviewSide => (s === 'company' ? 'influencer' : 'company');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** published: revealed and not hidden — the only reviews that count and that the public pages show */
export const PUBLISHED = sql`${reviews.revealedAt} is not null and ${reviews.hiddenAt} is null`;

/**
 * Called by the deal's `complete` event in its transaction: plans the closing of the review window
 * (which reveals whatever was written).
 */
export async function scheduleReviewsClose(tx: DbOrTx, dealId: string, completedAt: Date) {
  await scheduleJob(tx, {
    kind: 'deal.reviews_close',
    key: `deal:${dealId}:reviews_close`,
    runAt: new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY),
    payload: { dealId },
  });
}

/**
 * Recomputes the influencer's rating and count, the copies on their videos, and the company's average,
 * from published reviews. Locks the influencer row, then the company row, before reading, so a
 * concurrent writer's committed reviews are counted (each statement after the lock sees them). The
 * locks are NO KEY UPDATE: a review insert holds KEY SHARE on both rows (its foreign keys), which
 * FOR UPDATE would wait for — two writers of two deals of one influencer would deadlock.
 */
export async function recomputeRatings(tx: DbOrTx, p: { influencerId: string; companyId: string }) {
  await tx.select({ id: influencers.id }).from(influencers).where(eq(influencers.id, p.influencerId)).for('no key update');
  const ofInfluencer = sql`${reviews.influencerId} = ${p.influencerId} and ${reviews.authorSide} = 'company' and ${PUBLISHED}`;
  await tx
    .update(influencers)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating}), 1) from ${reviews} where ${ofInfluencer}), 0)`,
      totalReviews: sql`(select count(*) from ${reviews} where ${ofInfluencer})::int`,
    })
    .where(eq(influencers.id, p.influencerId));
  await tx
    .update(videos)
    .set({ influencerRating: sql`(select ${influencers.rating} from ${influencers} where ${influencers.id} = ${p.influencerId})` })
    .where(eq(videos.influencerId, p.influencerId));
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, p.companyId)).for('no key update');
  await tx
    .update(companies)
    .set({
      avgRating: sql`coalesce((select round(avg(${reviews.rating}), 1) from ${reviews} where ${reviews.companyId} = ${p.companyId} and ${reviews.authorSide} = 'influencer' and ${PUBLISHED}), 0)`,
    })
    .where(eq(companies.id, p.companyId));
}

/** the public lists that show ratings (anonymous answers are cached for a few seconds) */
function invalidateRatingCaches(ctx: AppContext) {
  ctx.publicCache.invalidate('influencers');
  ctx.publicCache.invalidate('videos');
}

async function partiesOf(db: DbOrTx, d: Pick<DealRow, 'companyId' | 'influencerId'>): Promise<Parties> {
  const [row] = await db
    .select({ companyUserId: companies.userId, influencerUserId: influencers.userId })
    .from(companies)
    .innerJoin(influencers, eq(influencers.id, d.influencerId))
    .where(eq(companies.id, d.companyId));
  if (!row) throw new AppError('DEAL_NOT_FOUND');
  return row;
}

/** the viewer's side of the deal, or null (a stranger) */
function sideOf(user: AuthUser, p: Parties): ReviewSide | null {
  if (user.userType === 'company' && p.companyUserId === user.id) return 'company';
  if (user.userType === 'influencer' && p.influencerUserId === user.id) return 'influencer';
  return null;
}

const userOfSide = (p: Parties, s: ReviewSide) => (s === 'company' ? p.companyUserId : p.influencerUserId);

/** Reveals the blind reviews of a deal (the caller holds the deal row lock). Returns how many. */
async function revealBlind(tx: DbOrTx, dealId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(reviews)
    .set({ revealedAt: now })
    .where(and(eq(reviews.dealId, dealId), isNull(reviews.revealedAt)))
    .returning({ id: reviews.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// the deal page

/**
 * The reviews of a deal for its viewer (GET /api/deals/:id). A party reads its own review and the other
 * side's once revealed (before that only that it was written); an admin reads both.
 */
export async function dealReviewState(db: DbOrTx, d: DealRow, role: 'company' | 'influencer' | 'admin', now: Date): Promise<DealReviews> {
  const completed = d.status === 'completed';
  const rows = completed ? await db.select().from(reviews).where(eq(reviews.dealId, d.id)) : [];
  const end = completed ? reviewWindowEnd(d) : null;
  const open = Boolean(end && now.getTime() < end.getTime());
  const bySide = (s: ReviewSide) => rows.find((r) => r.authorSide === s) ?? null;
  const view = (r: ReviewRow | null): DealReview | null => {
    if (!r || !isSide(r.authorSide)) return null;
    const mayRead = role === 'admin' || role === r.authorSide || r.revealedAt !== null;
    if (!mayRead) return null;
    return {
      id: r.id,
      authorSide: r.authorSide,
      rating: r.rating,
      comment: r.comment ?? '',
      createdAt: r.createdAt.toISOString(),
      revealedAt: iso(r.revealedAt),
      reply: r.reply,
      repliedAt: iso(r.repliedAt),
      hiddenAt: iso(r.hiddenAt),
      hiddenReason: r.hiddenReason,
      canReply: role === otherSide(r.authorSide) && r.revealedAt !== null && r.reply === null && r.hiddenAt === null,
    };
  };
  const company = bySide('company');
  const influencer = bySide('influencer');
  return {
    windowEndsAt: iso(end),
    open,
    canWrite: open && role !== 'admin' && bySide(role) === null,
    byCompany: view(company),
    byInfluencer: view(influencer),
    companyWrote: company !== null,
    influencerWrote: influencer !== null,
  };
}

// ---------------------------------------------------------------------------------------------
// writing, replying

/**
 * POST /api/deals/:id/review — a party of a completed deal, within the window, once. The second review
 * of a deal reveals both (the deal row lock makes one of two simultaneous writers the second).
 */
export async function writeReview(ctx: AppContext, user: AuthUser, dealId: string, form: ReviewForm): Promise<DealReviews> {
  const out = await ctx.db.transaction(async (tx) => {
    const [d] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
    if (!d) throw new AppError('DEAL_NOT_FOUND');
    const parties = await partiesOf(tx, d);
    const side = sideOf(user, parties);
    if (!side) throw new AppError('DEAL_NOT_FOUND');
    if (d.status !== 'completed') throw new AppError('REVIEW_DEAL_NOT_COMPLETED');
    const now = ctx.clock.now();
    if (now.getTime() >= reviewWindowEnd(d).getTime()) throw new AppError('REVIEW_WINDOW_CLOSED');
    const [mine] = await tx
      .insert(reviews)
      .values({
        dealId: d.id,
        authorSide: side,
        authorId: user.id,
        influencerId: d.influencerId,
        companyId: d.companyId,
        taskId: d.taskId,
        rating: form.rating,
        comment: form.comment,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [reviews.dealId, reviews.authorSide] })
      .returning({ id: reviews.id });
    if (!mine) throw new AppError('REVIEW_ALREADY_WRITTEN');
    const [theirs] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.dealId, d.id), eq(reviews.authorSide, otherSide(side))));
    const link = `/deal/${d.id}`;
    const other = userOfSide(parties, otherSide(side));
    let notes: NewNotification[];
    if (theirs) {
      await revealBlind(tx, d.id, now);
      await recomputeRatings(tx, d);
      notes = [{ userId: other, type: 'deal_reviews_revealed', params: { task: d.taskTitle }, link }];
    } else {
      notes = [{ userId: other, type: 'deal_review_written', params: { task: d.taskTitle }, link }];
    }
    await addNotifications(tx, notes, { mail: true });
    // the deal's reviews as the writer now sees them (read inside the write: its own review, revealed or not)
    return { revealed: Boolean(theirs), answer: await dealReviewState(tx, d, side, now) };
  });
  if (out.revealed) invalidateRatingCaches(ctx);
  return out.answer;
}

/** POST /api/reviews/:id/reply — the reviewed side, once, after reveal, not on a hidden review. */
export async function replyToReview(ctx: AppContext, user: AuthUser, reviewId: string, form: ReplyForm): Promise<DealReviews> {
  return ctx.db.transaction(async (tx) => {
    const [ref] = await tx.select({ dealId: reviews.dealId }).from(reviews).where(eq(reviews.id, reviewId));
    if (!ref) throw new AppError('REVIEW_NOT_FOUND');
    // the deal row first (the lock order of every review write), then the review
    const [d] = await tx.select().from(deals).where(eq(deals.id, ref.dealId)).for('update');
    const [r] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!d || !r || !isSide(r.authorSide)) throw new AppError('REVIEW_NOT_FOUND');
    const parties = await partiesOf(tx, d);
    const side = sideOf(user, parties);
    // a stranger cannot learn that the review exists
    if (!side) throw new AppError('REVIEW_NOT_FOUND');
    if (side === r.authorSide) throw new AppError('REVIEW_NOT_SUBJECT');
    if (r.revealedAt === null) throw new AppError('REVIEW_NOT_REVEALED');
    if (r.hiddenAt !== null) throw new AppError('REVIEW_HIDDEN');
    const now = ctx.clock.now();
    const [done] = await tx
      .update(reviews)
      .set({ reply: form.reply, repliedAt: now })
      .where(and(eq(reviews.id, r.id), isNull(reviews.reply)))
      .returning({ id: reviews.id });
    if (!done) throw new AppError('REVIEW_ALREADY_REPLIED');
    const list: NewNotification[] = [
      { userId: userOfSide(parties, r.authorSide), type: 'deal_review_replied', params: { task: d.taskTitle }, link: `/deal/${d.id}` },
    ];
    await addNotifications(tx, list, { mail: true });
    return dealReviewState(tx, d, side, now);
  });
}

// ---------------------------------------------------------------------------------------------
// the window's end

registerJob('deal.reviews_close', async (ctx, tx, job) => {
  const dealId = String(job.payload.dealId);
  const [d] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
  if (!d || d.status !== 'completed') return;
  const now = ctx.clock.now();
  // planned at completion; a deal completed again later (never today) would have a later end
  if (now.getTime() < reviewWindowEnd(d).getTime()) {
    await scheduleJob(tx, {
      kind: 'deal.reviews_close',
      key: `deal:${d.id}:reviews_close:${reviewWindowEnd(d).toISOString()}`,
      runAt: reviewWindowEnd(d),
      payload: { dealId: d.id },
    });
    return;
  }
  const blind = await tx
    .select({ authorSide: reviews.authorSide })
    .from(reviews)
    .where(and(eq(reviews.dealId, d.id), isNull(reviews.revealedAt)));
  if (blind.length === 0) return;
  await revealBlind(tx, d.id, now);
  await recomputeRatings(tx, d);
  const parties = await partiesOf(tx, d);
  // the reviewed side learns of the review about them, the author that it is published
  await addNotifications(
    tx,
    [parties.companyUserId, parties.influencerUserId].map((userId) => ({
      userId,
      type: 'deal_reviews_revealed' as const,
      params: { task: d.taskTitle },
      link: `/deal/${d.id}`,
    })),
  );
  return async () => {
    invalidateRatingCaches(ctx);
  };
});

// ---------------------------------------------------------------------------------------------
// 评价管理 (admin console, 内容管理)

const STATUS_WHERE: Record<AdminReviewQuery['status'], SQL | undefined> = {
  all: undefined,
  published: PUBLISHED,
  waiting: sql`${reviews.revealedAt} is null and ${reviews.hiddenAt} is null`,
  hidden: sql`${reviews.hiddenAt} is not null`,
};

/** GET /api/admin/reviews: every review newest first (blind ones too: admins are not a party), filtered by state. */
const adminReviewSelect = (db: DbOrTx) =>
  db
    .select({ r: reviews, taskTitle: deals.taskTitle, companyName: companies.companyName, nickname: influencers.nickname })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .innerJoin(companies, eq(companies.id, reviews.companyId))
    .innerJoin(influencers, eq(influencers.id, reviews.influencerId));

export async function listAdminReviews(db: DbOrTx, q: AdminReviewQuery): Promise<AdminReviewsResponse> {
  const where = STATUS_WHERE[q.status];
  const rows = await adminReviewSelect(db)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ total }] = await db.select({ total: count() }).from(reviews).where(where);
  return { items: rows.flatMap(adminReviewView), total, page: q.page, limit: q.limit };
}

type AdminReviewRow = Awaited<ReturnType<ReturnType<typeof adminReviewSelect>['execute']>>[number];
const adminReviewView = ({ r, taskTitle, companyName, nickname }: AdminReviewRow): AdminReview[] =>
  isSide(r.authorSide)
    ? [
        {
          id: r.id,
          dealId: r.dealId,
          taskTitle,
          authorSide: r.authorSide,
          company: { id: r.companyId, name: companyName },
          influencer: { id: r.influencerId, name: nickname },
          rating: r.rating,
          comment: r.comment ?? '',
          reply: r.reply,
          createdAt: r.createdAt.toISOString(),
          revealedAt: iso(r.revealedAt),
          hiddenAt: iso(r.hiddenAt),
          hiddenReason: r.hiddenReason,
        },
      ]
    : [];

/**
 * POST /api/admin/reviews/:id/hide|unhide: one transaction with the ratings it changes and the audit
 * row; hiding tells the author why.
 */
export async function setReviewHidden(
  ctx: AppContext,
  adminId: string,
  id: string,
  hide: { reason: string } | null,
  meta: { ip: string },
): Promise<AdminReviewAnswer> {
  const out = await ctx.db.transaction(async (tx) => {
    const [ref] = await tx.select({ dealId: reviews.dealId }).from(reviews).where(eq(reviews.id, id));
    if (!ref) throw new AppError('REVIEW_NOT_FOUND');
    const [d] = await tx.select().from(deals).where(eq(deals.id, ref.dealId)).for('update');
    const [r] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!d || !r) throw new AppError('REVIEW_NOT_FOUND');
    const now = ctx.clock.now();
    if (hide) {
      if (r.hiddenAt) throw new AppError('REVIEW_ALREADY_HIDDEN');
      await tx
        .update(reviews)
        .set({ hiddenAt: now, hiddenBy: adminId, hiddenReason: hide.reason })
        .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)));
    } else {
      if (!r.hiddenAt) throw new AppError('REVIEW_NOT_HIDDEN');
      await tx
        .update(reviews)
        .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
        .where(and(eq(reviews.id, id), isNotNull(reviews.hiddenAt)));
    }
    if (r.revealedAt) await recomputeRatings(tx, d);
    await audit(tx, {
      adminId,
      action: hide ? 'review_hide' : 'review_unhide',
      description: `${hide ? '隐藏' : '恢复'}评价：订单「${d.taskTitle}」${r.authorSide === 'company' ? '企业对达人' : '达人对企业'}的评价（${r.rating}星）`,
      targetType: 'review',
      targetId: id,
      before: { hiddenAt: iso(r.hiddenAt), hiddenReason: r.hiddenReason },
      after: hide ? { hiddenAt: now.toISOString(), hiddenReason: hide.reason } : { hiddenAt: null, hiddenReason: null },
      ip: meta.ip,
    });
    let notes: NewNotification[] = [];
    if (hide && r.authorId) {
      notes = await addNotifications(
        tx,
        [{ userId: r.authorId, type: 'review_hidden', params: { task: d.taskTitle, reason: hide.reason }, link: `/deal/${d.id}` }],
        { mail: true },
      );
    }
    return { notes, changedRatings: r.revealedAt !== null };
  });
  if (out.changedRatings) invalidateRatingCaches(ctx);
  // the review as 评价管理 lists it now (decision 0056)
  const [review] = (await adminReviewSelect(ctx.db).where(eq(reviews.id, id)).limit(1)).flatMap(adminReviewView);
  if (!review) throw new AppError('REVIEW_NOT_FOUND');
  return { review };
}
