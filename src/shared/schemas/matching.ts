import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { centsOut } from './fields';
import { influencerCard } from './people';

/**
 * Matching (issue 14, decision 0019): recommended influencers for a task (推荐达人, the owning company
 * only) and recommended open tasks for an influencer (为你推荐). Each item carries its score and the two
 * or three strongest reasons as codes; the web app translates the codes.
 */

/** why an item ranked where it did; translated per side in the web app (match.reason.<side>.<code>) */
export const MATCH_REASONS = ['category', 'rate', 'rating', 'delivered', 'free', 'language', 'location', 'reliable'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export const MATCH_LIMIT_DEFAULT = 10;
export const MATCH_LIMIT_MAX = 30;

/** the ranking is the best MATCH_LIMIT_MAX; `page` and `limit` page through it (decision 0054) */
export const matchQuery = pageQuery(MATCH_LIMIT_DEFAULT, MATCH_LIMIT_MAX);
export type MatchQuery = z.infer<typeof matchQuery>;

/** a directory card (masked for the viewer as the directory masks it) with the score and its reasons */
export const recommendedInfluencer = influencerCard.extend({
  score: z.number(),
  reasons: z.array(z.enum(MATCH_REASONS)),
});
export type RecommendedInfluencer = z.infer<typeof recommendedInfluencer>;

export const recommendedInfluencersResponse = listOf(recommendedInfluencer).extend({
  /** false when the task no longer recruits (not open): the list is then empty */
  open: z.boolean(),
});
export type RecommendedInfluencersResponse = z.infer<typeof recommendedInfluencersResponse>;

export const recommendedTask = z.object({
  id: z.string().uuid(),
  title: z.string(),
  companyName: z.string(),
  budgetMinCents: centsOut('The lowest budget'),
  budgetMaxCents: centsOut('The highest budget'),
  durationHours: z.number(),
  liveDate: z.string().nullable(),
  location: z.string(),
  isUrgent: z.boolean(),
  score: z.number(),
  reasons: z.array(z.enum(MATCH_REASONS)),
});
export type RecommendedTask = z.infer<typeof recommendedTask>;

export const recommendedTasksResponse = listOf(recommendedTask);
export type RecommendedTasksResponse = z.infer<typeof recommendedTasksResponse>;
