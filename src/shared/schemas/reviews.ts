/** Two-way reviews after a completed deal (decision 0015): forms, the deal page's review state, the admin queue. */
import { z } from 'zod';
import { listOf } from './common';
import { int, text } from './fields';

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;

/** POST /api/deals/:id/review — 1 to 5 stars and a comment */
export const reviewForm = z.object({
  rating: int(1, 5, { invalid: 'REVIEW_RATING_INVALID', notInt: 'REVIEW_RATING_INVALID' }),
  comment: text(REVIEW_COMMENT_MAX, { multiline: true, required: 'REVIEW_COMMENT_REQUIRED' }),
});
export type ReviewForm = z.infer<typeof reviewForm>;

/** POST /api/reviews/:id/reply — the reviewed side's one reply */
export const replyForm = z.object({ reply: text(REVIEW_REPLY_MAX, { multiline: true, required: 'REVIEW_REPLY_REQUIRED' }) });
export type ReplyForm = z.infer<typeof replyForm>;

/** POST /api/admin/reviews/:id/hide */
export const hideForm = z.object({ reason: text(500, { multiline: true, required: 'REVIEW_HIDE_REASON_REQUIRED' }) });

export const reviewParams = z.object({ id: z.string().uuid({ error: 'REVIEW_NOT_FOUND' }) });

export const REVIEW_SIDES = ['company', 'influencer'] as const;
export type ReviewSide = (typeof REVIEW_SIDES)[number];

/** one review on the deal page, as the viewer may see it */
export const dealReview = z.object({
  id: z.string().uuid(),
  /** who wrote it; the other side is the one reviewed */
  authorSide: z.enum(REVIEW_SIDES),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  /** null while blind (only its author, and admins, see it then) */
  revealedAt: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** hidden by the platform: kept off the public pages; both parties see the reason */
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  /** the viewer may reply now (the reviewed side, once, after reveal, not hidden) */
  canReply: z.boolean(),
});
export type DealReview = z.infer<typeof dealReview>;

/**
 * The reviews of a deal for the viewer. A party sees its own review always and the other side's once
 * revealed; before that only whether it was written. Admins see both.
 */
export const dealReviews = z.object({
  /** the end of the 14-day window (completed deals), else null */
  windowEndsAt: z.string().nullable(),
  /** the window is open now */
  open: z.boolean(),
  /** the viewer may write their review now */
  canWrite: z.boolean(),
  /** the company's review of the influencer, if the viewer may read it */
  byCompany: dealReview.nullable(),
  /** the influencer's review of the company, if the viewer may read it */
  byInfluencer: dealReview.nullable(),
  companyWrote: z.boolean(),
  influencerWrote: z.boolean(),
});
export type DealReviews = z.infer<typeof dealReviews>;

/** 评价管理 (admin console): every review, newest first */
export const adminReviewQuery = z.object({
  status: z.enum(['all', 'published', 'waiting', 'hidden']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuery>;

export const adminReview = z.object({
  id: z.string().uuid(),
  dealId: z.string().uuid(),
  taskTitle: z.string(),
  authorSide: z.enum(REVIEW_SIDES),
  company: z.object({ id: z.string().uuid(), name: z.string() }),
  influencer: z.object({ id: z.string().uuid(), name: z.string() }),
  rating: z.number().int(),
  comment: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  revealedAt: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewsResponse = listOf(adminReview);
/** what hiding and unhiding answer: the review as 评价管理 lists it now (decision 0056) */
export const adminReviewAnswer = z.object({ review: adminReview });
export type AdminReviewAnswer = z.infer<typeof adminReviewAnswer>;
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponse>;
