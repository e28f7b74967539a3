/** The admin console's 视频管理 and 联系消息 contracts (part 2 §2, §4, §5, §8). */
import { z } from 'zod';
import { toPlayable } from '../embed';
import { listOf, pageQuery, pagination } from './common';
import { INT4_MAX, decimal, int, optionalText, queryInt, text } from './fields';
import { videoCard } from './videos';

export const VIDEO_ADMIN_PAGE_SIZE = 20;

export const adminVideoQuery = pagination.extend({
  limit: queryInt(1, 100).default(VIDEO_ADMIN_PAGE_SIZE),
  search: text(100).optional(),
  category: queryInt(1, INT4_MAX).optional(),
  featured: z.enum(['all', 'true', 'false']).default('all'),
  active: z.enum(['all', 'true', 'false']).default('all'),
});
export type AdminVideoQuery = z.infer<typeof adminVideoQuery>;

export const adminVideo = videoCard.extend({ isActive: z.boolean(), sortOrder: z.number(), updatedAt: z.string() });
export type AdminVideo = z.infer<typeof adminVideo>;
export const adminVideosResponse = listOf(adminVideo).extend({
  /** the four counters of the page (all videos, not just the filtered ones) */
  counters: z.object({ total: z.number(), featured: z.number(), active: z.number(), inactive: z.number() }),
});
export type AdminVideosResponse = z.infer<typeof adminVideosResponse>;

const count = int(0, INT4_MAX, { invalid: 'NUMBER_INVALID', tooLarge: 'NUMBER_TOO_LARGE' }).default(0);

/**
 * The add/edit form (§5): title and a playable video URL required; sort_order integer default 0;
 * rating 0–5 step 0.1; tags comma-separated, trimmed, empties dropped; counts default 0. The cover
 * comes from an upload (purpose video-cover); picking a registered influencer copies their card.
 */
export const videoInput = z.object({
  title: text(100, { required: 'VIDEO_TITLE_REQUIRED' }),
  videoUrl: text(500, { required: 'VIDEO_URL_REQUIRED' }).refine((v) => toPlayable(v) !== null, { error: 'VIDEO_URL_UNPLAYABLE' }),
  description: optionalText(2000, { multiline: true }),
  categoryId: int(1, INT4_MAX, { invalid: 'VIDEO_CATEGORY_INVALID' }).nullable().optional(),
  duration: optionalText(10).refine((v) => v === null || /^\d{1,3}:[0-5]\d(:[0-5]\d)?$/.test(v), { error: 'VIDEO_DURATION_INVALID' }),
  sortOrder: int(0, 1_000_000, { invalid: 'SORT_ORDER_INVALID' }).default(0),
  /** a new cover: an upload of purpose video-cover */
  posterUploadId: z.string().uuid({ error: 'VIDEO_COVER_INVALID' }).optional(),
  /** drop the current cover (the default thumbnail shows) */
  removePoster: z.boolean().default(false),
  influencerId: z.string().uuid({ error: 'INFLUENCER_NOT_FOUND' }).nullable().optional(),
  influencerName: optionalText(40),
  influencerFollowers: optionalText(20),
  influencerRating: decimal(0, 5, 1, { invalid: 'VIDEO_RATING_INVALID' }).default(0),
  viewsCount: count,
  likesCount: count,
  commentsCount: count,
  sharesCount: count,
  tags: z
    .union([z.string(), z.array(z.string())], { error: 'BAD_REQUEST' })
    .default([])
    .transform((v) => (Array.isArray(v) ? v : v.split(/[,，]/)).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(text(20)).max(10, { error: 'VIDEO_TAGS_TOO_MANY' })),
  isFeatured: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type VideoInput = z.infer<typeof videoInput>;
export type VideoFormValues = z.input<typeof videoInput>;

export const videoToggle = z.object({ field: z.enum(['isActive', 'isFeatured']), value: z.boolean({ error: 'BAD_REQUEST' }) });
export type VideoToggle = z.infer<typeof videoToggle>;

export const videoCategoriesQuery = pageQuery(100, 100);
export const videoCategoryList = listOf(z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullable(), sortOrder: z.number() }));
export type VideoCategoryList = z.infer<typeof videoCategoryList>;

export const influencerPickerQuery = pageQuery(500, 500);
export const influencerPicker = listOf(
  z.object({
    id: z.string(),
    nickname: z.string(),
    avatarUrl: z.string().nullable(),
    followersCount: z.number(),
    rating: z.number(),
    isApproved: z.boolean(),
  }),
);
export type InfluencerPicker = z.infer<typeof influencerPicker>;

// ---------------------------------------------------------------- contact messages

export const CONTACT_STATUSES = ['new', 'read', 'replied', 'closed'] as const;
export const contactListQuery = pagination.extend({ status: z.enum(CONTACT_STATUSES).optional() });
export type ContactListQuery = z.infer<typeof contactListQuery>;
export const adminContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  userType: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessage>;
export const adminContactResponse = listOf(adminContactMessage);
export type AdminContactResponse = z.infer<typeof adminContactResponse>;
export const contactReply = z.object({ message: text(5000, { required: 'MESSAGE_REQUIRED', multiline: true }) });
