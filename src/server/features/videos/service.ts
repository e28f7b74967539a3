import { and, asc, count, desc, eq, getTableColumns, like, ne, sql, type SQL } from 'drizzle-orm';
import type { VideoCard, VideoDetailResponse, VideoListQuery, VideoListResponse } from '../../../shared/schemas/videos';
import { RELATED_VIDEOS } from '../../../shared/schemas/videos';
import { escapeLike, type Db, type DbOrTx } from '../../db/client';
import { videoCategories, videos, videoViews } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

/** Showcase totals are counted up to this many (the same cap as the task hall's). */
export const TOTAL_CAP = 10_000;

/** Trending: the most views counted in this many days (ties: all-time views). */
export const TRENDING_DAYS = 7;
/** A visitor's views of one video count once per this many minutes (one visit). */
export const VIEW_WINDOW_MINUTES = 30;

// every column but search_text (the search copy of title, description and tags)
const { searchText: _searchText, ...videoColumns } = getTableColumns(videos);
type VideoRow = Omit<typeof videos.$inferSelect, 'searchText'>;

const cardColumns = { v: videoColumns, categoryName: videoCategories.name, categoryNameEn: videoCategories.nameEn };

/** Search like the task hall's: a substring of the lower-cased search_text; 1–2 characters use search_grams. */
function searchCondition(term: string): SQL[] {
  const out = [like(videos.searchText, sql`'%' || lower(${escapeLike(term)}) || '%'`)];
  if ([...term].length <= 2) out.push(sql`search_grams(${videos.searchText}) @> search_gram_key(lower(${term}))`);
  return out;
}

/** GET /api/videos: active videos, filtered, sorted and paginated in SQL on the videos_active_* indexes. */
export async function listVideos(ctx: AppContext, q: VideoListQuery): Promise<VideoListResponse> {
  const { db } = ctx;
  const where: SQL[] = [eq(videos.isActive, true)];
  if (q.category) where.push(eq(videos.categoryId, q.category));
  if (q.featured !== 'all') where.push(eq(videos.isFeatured, q.featured === 'true'));
  if (q.search) where.push(...searchCondition(q.search));
  const cond = and(...where);

  const since = new Date(ctx.clock.now().getTime() - TRENDING_DAYS * 24 * 3600 * 1000);
  const recent = db
    .select({ videoId: videoViews.videoId, n: sql<number>`count(*)::int`.as('n') })
    .from(videoViews)
    .where(sql`${videoViews.viewedAt} >= ${since.toISOString()}`)
    .groupBy(videoViews.videoId)
    .as('recent');

  const order: SQL[] =
    q.sort === 'popular'
      ? [sql`${videos.viewsCount} desc nulls last`, asc(videos.id)]
      : q.sort === 'trending'
        ? [sql`coalesce(${recent.n}, 0) desc`, sql`${videos.viewsCount} desc nulls last`, asc(videos.id)]
        : q.sort === 'rating'
          ? [sql`${videos.influencerRating} desc nulls last`, asc(videos.id)]
          : q.sort === 'sort_order'
            ? [asc(videos.sortOrder), sql`${videos.createdAt} desc nulls last`]
            : [sql`${videos.createdAt} desc nulls last`, asc(videos.id)];

  let list = db.select(cardColumns).from(videos).leftJoin(videoCategories, eq(videoCategories.id, videos.categoryId)).$dynamic();
  if (q.sort === 'trending') list = list.leftJoin(recent, eq(recent.videoId, videos.id));
  const [rows, [{ total }]] = await Promise.all([
    list
      .where(cond)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    // counted up to TOTAL_CAP (the page shows 10000+): a deep count stays cheap at any size
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(videos)
        .where(cond)
        .limit(TOTAL_CAP)
        .as('capped'),
    ),
  ]);
  return { items: rows.map((r) => toCard(r.v, r.categoryName, r.categoryNameEn)), total, page: q.page, limit: q.limit };
}

/** Whether /video/{id} shows a video (GET /api/videos/{id}'s rule: it exists and is active). */
export async function videoPageShown(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.isActive, true)))
    .limit(1);
  return Boolean(row);
}

/** GET /api/videos/{id}: an active video and up to 6 related ones (same category, newest first). */
export async function getVideoDetail(db: Db, id: string): Promise<VideoDetailResponse> {
  const [row] = await db
    .select(cardColumns)
    .from(videos)
    .leftJoin(videoCategories, eq(videoCategories.id, videos.categoryId))
    .where(and(eq(videos.id, id), eq(videos.isActive, true)))
    .limit(1);
  if (!row) throw new AppError('VIDEO_NOT_FOUND');
  const sameCategory = row.v.categoryId === null ? sql`${videos.categoryId} is null` : eq(videos.categoryId, row.v.categoryId);
  const related = await db
    .select(cardColumns)
    .from(videos)
    .leftJoin(videoCategories, eq(videoCategories.id, videos.categoryId))
    .where(and(eq(videos.isActive, true), sameCategory, ne(videos.id, id)))
    .orderBy(desc(videos.createdAt), asc(videos.id))
    .limit(RELATED_VIDEOS);
  return { video: toCard(row.v, row.categoryName, row.categoryNameEn), relatedVideos: related.map((r) => toCard(r.v, r.categoryName, r.categoryNameEn)) };
}

/** Counts one view per visitor per video per visit (30 minutes); the page calls it once per visit. */
export async function recordVideoView(ctx: AppContext, videoId: string, visitorKey: string): Promise<boolean> {
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - VIEW_WINDOW_MINUTES * 60_000);
  return ctx.db.transaction(async (tx) => {
    const [video] = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, videoId), eq(videos.isActive, true)))
      .limit(1);
    if (!video) throw new AppError('VIDEO_NOT_FOUND');
    const counted = await tx
      .insert(videoViews)
      .values({ videoId, visitorKey, viewedAt: now })
      .onConflictDoUpdate({
        target: [videoViews.videoId, videoViews.visitorKey],
        set: { viewedAt: now },
        setWhere: sql`${videoViews.viewedAt} < ${windowStart.toISOString()}`,
      })
      .returning({ videoId: videoViews.videoId });
    if (counted.length === 0) return false;
    await tx
      .update(videos)
      .set({ viewsCount: sql`${videos.viewsCount} + 1` })
      .where(eq(videos.id, videoId));
    return true;
  });
}

export function toCard(v: VideoRow, categoryName: string | null, categoryNameEn: string | null = null): VideoCard {
  return {
    id: v.id,
    title: v.title,
    description: v.description,
    videoUrl: v.videoUrl,
    posterUrl: v.posterUrl,
    duration: v.duration,
    categoryId: v.categoryId,
    categoryName,
    categoryNameEn,
    influencerId: v.influencerId,
    influencerName: v.influencerName,
    influencerAvatar: v.influencerAvatar,
    influencerFollowers: v.influencerFollowers,
    influencerRating: Number(v.influencerRating),
    viewsCount: Number(v.viewsCount),
    likesCount: Number(v.likesCount),
    commentsCount: Number(v.commentsCount),
    sharesCount: Number(v.sharesCount),
    tags: v.tags,
    isFeatured: v.isFeatured,
    createdAt: v.createdAt.toISOString(),
  };
}
