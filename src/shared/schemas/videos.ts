import { z } from 'zod';
import { listOf } from './common';
import { INT4_MAX, queryInt, text } from './fields';

export const VIDEO_SORTS = ['latest', 'popular', 'trending', 'rating', 'sort_order'] as const;

export const videoListQuery = z.object({
  page: queryInt(1, 10_000).default(1),
  limit: queryInt(1, 50).default(20),
  /** video_categories.id (serial, int4) */
  category: queryInt(1, INT4_MAX).optional(),
  search: text(100).optional(),
  featured: z.enum(['all', 'true', 'false']).default('all'),
  sort: z.enum(VIDEO_SORTS).default('latest'),
});
export type VideoListQuery = z.infer<typeof videoListQuery>;

export const videoCard = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string().nullable(),
  videoUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  duration: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  /** the category's English name (null: show categoryName) */
  categoryNameEn: z.string().nullable(),
  /** the registered influencer the video belongs to (links to /influencer/{id}); null for others */
  influencerId: z.string().uuid().nullable(),
  influencerName: z.string().nullable(),
  influencerAvatar: z.string().nullable(),
  influencerFollowers: z.string().nullable(),
  influencerRating: z.number(),
  viewsCount: z.number().int(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  sharesCount: z.number().int(),
  tags: z.array(z.string()),
  isFeatured: z.boolean(),
  createdAt: z.string(),
});
export type VideoCard = z.infer<typeof videoCard>;

export const videoListResponse = listOf(videoCard);
export type VideoListResponse = z.infer<typeof videoListResponse>;

export const videoDetailQuery = z.object({ id: z.string().uuid({ error: 'VIDEO_NOT_FOUND' }) });
export const RELATED_VIDEOS = 6;
export const videoDetailResponse = z.object({ video: videoCard, relatedVideos: z.array(videoCard) });
export type VideoDetailResponse = z.infer<typeof videoDetailResponse>;
export const videoViewResponse = z.object({ counted: z.boolean() });
