import { z } from 'zod';
import { listOf } from './common';
import { LIMITS } from '../limits';
import { INFLUENCER_CATEGORIES } from '../options';
import { centsOut, queryInt, text } from './fields';

/**
 * The public people pages (issue 8): the influencer directory, influencer and company detail,
 * following a company, contacting an influencer. Fields a viewer may not see are `null` in the JSON
 * (masking is decided on the server); the page shows *** for them.
 */

export const INFLUENCER_SORTS = ['rating', 'followers', 'price', 'experience'] as const;
export type InfluencerSort = (typeof INFLUENCER_SORTS)[number];
export const INFLUENCER_PAGE_SIZE = 12;
export const SIMILAR_INFLUENCERS = LIMITS.similarInfluencers;
export const CONTACT_MESSAGE_MAX = LIMITS.contactMessageMax;

/** the directory's 8 categories (part 2 §2), by their stored value */
export const directoryCategory = z.enum(INFLUENCER_CATEGORIES.map((c) => c.value) as [string, ...string[]]);

export const influencerListQuery = z.object({
  page: queryInt(1, 10_000).default(1),
  limit: queryInt(1, 50).default(INFLUENCER_PAGE_SIZE),
  category: directoryCategory.optional(),
  search: text(100).optional(),
  sort: z.enum(INFLUENCER_SORTS).default('rating'),
});
export type InfluencerListQuery = z.infer<typeof influencerListQuery>;

/** What may be hidden from a viewer is nullable; `masked` lists the fields the viewer may not see. */
export const influencerCard = z.object({
  id: z.string().uuid(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  /** directory categories (at most what the card shows is decided by the page) */
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  rating: z.number(),
  totalReviews: z.number().int(),
  experienceYears: z.number(),
  isVerified: z.boolean(),
  /** null for visitors */
  followersCount: z.number().int().nullable(),
  /** null for visitors */
  hourlyRateCents: centsOut('The influencer’s hourly rate').nullable(),
});
export type InfluencerCard = z.infer<typeof influencerCard>;

export const influencerListResponse = listOf(influencerCard);
export type InfluencerListResponse = z.infer<typeof influencerListResponse>;

export const detailIdQuery = z.object({
  /** a uuid; anything else is 达人ID不存在 / 公司ID不存在 (the page checks before calling) */
  id: z.string().uuid(),
});

export const review = z.object({
  id: z.string().uuid(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.string(),
  taskId: z.string().uuid().nullable(),
  taskTitle: z.string().nullable(),
  /** the deal's company */
  companyName: z.string().nullable(),
  /** who wrote it: the company (influencer page) or the influencer (company page) */
  authorName: z.string().nullable(),
  /** the reviewed side's one reply */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type Review = z.infer<typeof review>;

export const completedWork = z.object({
  taskId: z.string().uuid(),
  title: z.string(),
  companyName: z.string().nullable(),
  completedAt: z.string(),
  proposedRateCents: centsOut('The influencer’s quote').nullable(),
});

export const influencerDetail = influencerCard.extend({
  bio: z.string().nullable(),
  isApproved: z.boolean(),
  totalLiveCount: z.number().int(),
  avgViews: z.number().int(),
  languages: z.array(z.string()),
  /** null unless the viewer may see it (signed in) */
  tiktokAccount: z.string().nullable(),
  /** contact details: null unless the owner's privacy settings allow this viewer */
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** false when the influencer turned off messages */
  acceptsMessages: z.boolean(),
  /** the viewer is the owner */
  isOwner: z.boolean(),
  createdAt: z.string(),
  /** 签约机构: the approved agency of the influencer's current roster membership (decision 0044) */
  agency: z.object({ id: z.string().uuid(), name: z.string(), logoUrl: z.string().nullable() }).nullable(),
});
export type InfluencerDetail = z.infer<typeof influencerDetail>;

/** what the platform saw delivered: confirmed live reports of completed deals (never mixed with the self-declared figures) */
export const deliveredResults = z.object({
  lives: z.number().int(),
  avgViews: z.number().int(),
  avgGmvCents: centsOut('Average GMV per live'),
  totalGmvCents: centsOut('Total GMV'),
});
export type DeliveredResults = z.infer<typeof deliveredResults>;

export const influencerDetailResponse = z.object({
  influencer: influencerDetail,
  delivered: deliveredResults,
  reviews: z.array(review),
  reviewSummary: z.object({ average: z.number(), count: z.number().int() }),
  completedWork: z.array(completedWork),
  similar: z.array(influencerCard),
});
export type InfluencerDetailResponse = z.infer<typeof influencerDetailResponse>;

export const companyTaskItem = z.object({
  id: z.string().uuid(),
  title: z.string(),
  status: z.string(),
  budgetMinCents: centsOut('The lowest budget'),
  budgetMaxCents: centsOut('The highest budget'),
  liveDate: z.string().nullable(),
  createdAt: z.string(),
});

export const companyDetail = z.object({
  id: z.string().uuid(),
  companyName: z.string(),
  industry: z.string().nullable(),
  companySize: z.string().nullable(),
  logoUrl: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  isVerified: z.boolean(),
  avgRating: z.number(),
  totalTasks: z.number().int(),
  completedTasks: z.number().int(),
  followersCount: z.number().int(),
  /** the viewer (an influencer) follows this company */
  following: z.boolean(),
  /** contact details: null unless the owner's privacy settings allow this viewer */
  contactPerson: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

export const companyDetailResponse = z.object({
  company: companyDetail,
  openTasks: z.array(companyTaskItem),
  pastTasks: z.array(companyTaskItem),
  /** published reviews of this company by the influencers it worked with (decision 0015) */
  reviews: z.array(review),
  reviewSummary: z.object({ average: z.number(), count: z.number().int() }),
});
export type CompanyDetailResponse = z.infer<typeof companyDetailResponse>;

export const followResponse = z.object({ following: z.boolean(), followersCount: z.number().int() });
export type FollowResponse = z.infer<typeof followResponse>;

export const contactInfluencerRequest = z.object({
  message: z.string({ error: 'MESSAGE_REQUIRED' }).trim().min(1, { error: 'MESSAGE_REQUIRED' }).max(CONTACT_MESSAGE_MAX, { error: 'MESSAGE_TOO_LONG' }),
});
export type ContactInfluencerRequest = z.infer<typeof contactInfluencerRequest>;

export const contactInfluencerResponse = z.object({ conversationId: z.string().uuid() });
