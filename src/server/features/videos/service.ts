import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { VideoCard, VideoListQuery, VideoListResponse } from '../../../shared/schemas/videos';
import { escapeLike, type Db } from '../../db/client';
import { videoCategories, videos } from '../../db/schema';

/**
 * Counts are free text as people write them ('12.5万', '8,932', '3k'): the first number, times the unit
 * (亿 10⁸, 万 10⁴, m 10⁶, k 10³). Text without a number counts as 0; nothing here can fail a cast.
 */
const numeric = (col: typeof videos.viewsCount) =>
  sql`(coalesce(substring(replace(${col}, ',', '') from '[0-9]+[.]?[0-9]*')::numeric, 0) * case
    when ${col} like '%亿%' then 100000000
    when ${col} like '%万%' then 10000
    when ${col} ~* '[0-9.][[:space:]]*m' then 1000000
    when ${col} ~* '[0-9.][[:space:]]*k' then 1000
    else 1 end)`;

/** GET /api/videos: active videos, filtered, sorted and paginated in SQL. */
export async function listVideos(db: Db, q: VideoListQuery): Promise<VideoListResponse> {
  const where: SQL[] = [eq(videos.isActive, true)];
  if (q.category) where.push(eq(videos.categoryId, q.category));
  if (q.featured !== 'all') where.push(eq(videos.isFeatured, q.featured === 'true'));
  if (q.search) {
    const term = `%${escapeLike(q.search)}%`;
    where.push(or(ilike(videos.title, term), ilike(videos.description, term), ilike(videos.influencerName, term))!);
  }
  const order =
    q.sort === 'popular' || q.sort === 'trending'
      ? [desc(numeric(videos.viewsCount)), desc(videos.createdAt)]
      : q.sort === 'rating'
        ? [desc(videos.influencerRating), desc(videos.createdAt)]
        : q.sort === 'sort_order'
          ? [asc(videos.sortOrder), desc(videos.createdAt)]
          : [desc(videos.createdAt), desc(videos.id)];
  const cond = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ v: videos, categoryName: videoCategories.name, categoryNameEn: videoCategories.nameEn })
      .from(videos)
      .leftJoin(videoCategories, eq(videoCategories.id, videos.categoryId))
      .where(cond)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(videos).where(cond),
  ]);
  return { videos: rows.map((r) => toCard(r.v, r.categoryName, r.categoryNameEn)), total, page: q.page, limit: q.limit };
}

export function toCard(v: typeof videos.$inferSelect, categoryName: string | null, categoryNameEn: string | null = null): VideoCard {
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
    influencerName: v.influencerName,
    influencerAvatar: v.influencerAvatar,
    influencerFollowers: v.influencerFollowers,
    influencerRating: Number(v.influencerRating),
    viewsCount: v.viewsCount,
    likesCount: v.likesCount,
    commentsCount: v.commentsCount,
    sharesCount: v.sharesCount,
    tags: v.tags,
    isFeatured: v.isFeatured,
    createdAt: v.createdAt.toISOString(),
  };
}
