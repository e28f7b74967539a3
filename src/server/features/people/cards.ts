import { sql, type SQL } from 'drizzle-orm';
import { directoryCategoriesOf } from '../../../shared/directory';
import type { InfluencerCard } from '../../../shared/schemas/people';
import { influencers, userSettings } from '../../db/schema';
import type { AuthUser } from '../../platform/session';

/**
 * The influencer card as every list shows it (the directory, similar influencers, 推荐达人): which
 * profiles a viewer may see and what of them (decision 0010), decided here and nowhere else.
 */
export type Viewer = AuthUser | null;

export const LISTED = sql`${influencers.isApproved} and ${influencers.status} = 'active'`;
/** profile visibility as stored (no settings row = the default, public) */
const visibility = sql<string>`coalesce(${userSettings.profileVisibility}, 'public')`;

export function visibleTo(viewer: Viewer): SQL {
  return viewer ? sql`${visibility} in ('public', 'registered')` : sql`${visibility} = 'public'`;
}

export const cardColumns = {
  id: influencers.id,
  nickname: influencers.nickname,
  avatarUrl: influencers.avatarUrl,
  location: influencers.location,
  categories: influencers.categories,
  tags: influencers.tags,
  rating: influencers.rating,
  totalReviews: influencers.totalReviews,
  experienceYears: influencers.experienceYears,
  isVerified: influencers.isVerified,
  followersCount: influencers.followersCount,
  hourlyRateCents: influencers.hourlyRateCents,
};
export type CardRow = { [K in keyof typeof cardColumns]: (typeof influencers.$inferSelect)[K extends 'id' ? 'id' : K] };

/** Visitors never receive followers or the hourly rate (part 2 §2, §6): decided here, not in the page. */
export function toCard(r: CardRow, viewer: Viewer): InfluencerCard {
  return {
    id: r.id,
    nickname: r.nickname,
    avatarUrl: r.avatarUrl,
    location: r.location,
    categories: directoryCategoriesOf(r.categories),
    tags: r.tags,
    rating: Number(r.rating),
    totalReviews: r.totalReviews,
    experienceYears: Number(r.experienceYears),
    isVerified: r.isVerified,
    followersCount: viewer ? r.followersCount : null,
    hourlyRateCents: viewer ? r.hourlyRateCents : null,
  };
}
