import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  companyVerificationState,
  VERIFICATION_REQUEST_STATUSES,
  type CompanyProfile,
  type CompanyProfileResponse,
  type CompanyProfileUpdate,
  type InfluencerProfile,
  type InfluencerProfileUpdate,
  type MaterialsUpdate,
  type VerificationRequestInfo,
} from '../../../shared/schemas/profiles';
import type { DbOrTx } from '../../db/client';
import { companies, companyVerificationRequests, influencers, uploads } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { deleteUploadByUrl, privateUploadUrl } from '../uploads';

type InfluencerRow = typeof influencers.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

export function toInfluencerProfile(r: InfluencerRow): InfluencerProfile {
  return {
    id: r.id,
    userId: r.userId,
    nickname: r.nickname,
    realName: r.realName,
    firstName: r.firstName,
    lastName: r.lastName,
    phoneNumber: r.phoneNumber,
    tiktokAccount: r.tiktokAccount,
    tiktokProfileUrl: r.tiktokProfileUrl,
    tiktokFollowersCount: r.tiktokFollowersCount,
    avgPlayCount: r.avgPlayCount,
    avgEngagementRate: r.avgEngagementRate === null ? null : Number(r.avgEngagementRate),
    hasTiktokShop: r.hasTiktokShop,
    bio: r.bio,
    location: r.location,
    categories: r.categories,
    tags: r.tags,
    hourlyRateCents: r.hourlyRateCents,
    experienceYears: Number(r.experienceYears),
    liveVenue: r.liveVenue,
    weeklySchedule: r.weeklySchedule,
    bilingualLive: r.bilingualLive,
    languages: r.languages,
    avatarUrl: r.avatarUrl,
    followersCount: r.followersCount,
    totalLiveCount: r.totalLiveCount,
    avgViews: r.avgViews,
    rating: Number(r.rating),
    totalReviews: r.totalReviews,
    isApproved: r.isApproved,
    isVerified: r.isVerified,
    status: (['active', 'inactive', 'suspended'] as const).find((s) => s === r.status) ?? 'inactive',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toCompanyProfile(r: CompanyRow): CompanyProfile {
  return {
    id: r.id,
    userId: r.userId,
    companyName: r.companyName,
    contactPerson: r.contactPerson,
    businessLicense: r.businessLicense,
    industry: r.industry,
    companySize: r.companySize,
    website: r.website,
    description: r.description,
    logoUrl: r.logoUrl,
    address: r.address,
    contactPhone: r.contactPhone,
    contactEmail: r.contactEmail,
    totalTasks: r.totalTasks,
    completedTasks: r.completedTasks,
    avgRating: Number(r.avgRating),
    isVerified: r.isVerified,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** An upload of `userId` made for `purpose` and not yet used; throws if it is not theirs. */
async function ownUpload(db: DbOrTx, id: string, userId: string, purpose: 'avatar' | 'logo') {
  const [row] = await db
    .select({ id: uploads.id, url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerUserId, userId), inArray(uploads.purpose, [purpose])))
    .limit(1);
  if (!row) throw new AppError('UPLOAD_NOT_FOUND');
  return row;
}

export async function getOwnInfluencer(db: DbOrTx, userId: string): Promise<InfluencerRow> {
  const [row] = await db.select().from(influencers).where(eq(influencers.userId, userId)).limit(1);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return row;
}

/** Saves the edit mode of /influencer-profile. The previous avatar file is removed when replaced. */
export async function updateInfluencerProfile(ctx: AppContext, userId: string, input: InfluencerProfileUpdate) {
  const { row, oldAvatar } = await ctx.db.transaction(async (tx) => {
    const current = await getOwnInfluencer(tx, userId);
    const avatar = input.avatarUploadId ? await ownUpload(tx, input.avatarUploadId, userId, 'avatar') : null;
    const [updated] = await tx
      .update(influencers)
      .set({
        nickname: input.nickname,
        realName: input.realName,
        tiktokAccount: input.tiktokAccount,
        bio: input.bio,
        location: input.location,
        categories: input.categories,
        tags: input.tags,
        hourlyRateCents: input.hourlyRateCents,
        experienceYears: input.experienceYears,
        ...(avatar ? { avatarUrl: avatar.url } : {}),
        updatedAt: new Date(),
      })
      .where(eq(influencers.userId, userId))
      .returning();
    return { row: updated, oldAvatar: avatar && current.avatarUrl !== avatar.url ? current.avatarUrl : null };
  });
  if (oldAvatar) await deleteUploadByUrl(ctx, oldAvatar, userId);
  return toInfluencerProfile(row);
}

/** Saves the supplement form /materials (part 1 §7: the fields it updates by user_id). */
export async function updateMaterials(ctx: AppContext, userId: string, input: MaterialsUpdate) {
  await getOwnInfluencer(ctx.db, userId);
  const [row] = await ctx.db
    .update(influencers)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      // 姓 + 名, the Chinese order (first_name holds the surname on this form)
      realName: `${input.firstName}${input.lastName}`,
      phoneNumber: input.phoneNumber,
      nickname: input.nickname,
      location: input.location,
      tiktokAccount: input.tiktokAccount,
      tiktokProfileUrl: input.tiktokProfileUrl,
      tiktokFollowersCount: input.tiktokFollowersCount,
      // the profile's 粉丝数 (stats card, applicants panel, the list's followers sort) is the TikTok
      // follower count the influencer declares here: the platform has no other source of followers
      followersCount: input.tiktokFollowersCount,
      avgPlayCount: input.avgPlayCount ?? null,
      avgEngagementRate: input.avgEngagementRate ?? null,
      hasTiktokShop: input.hasTiktokShop,
      categories: input.categories,
      tags: input.tags,
      ...(input.hourlyRateCents !== undefined ? { hourlyRateCents: input.hourlyRateCents } : {}),
      ...(input.experienceYears !== undefined ? { experienceYears: input.experienceYears } : {}),
      liveVenue: input.liveVenue ?? null,
      weeklySchedule: input.weeklySchedule,
      bilingualLive: input.bilingualLive,
      languages: input.languages,
      updatedAt: new Date(),
    })
    .where(eq(influencers.userId, userId))
    .returning();
  return toInfluencerProfile(row);
}

export async function findOwnCompany(db: DbOrTx, userId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.userId, userId)).limit(1);
  return row ?? null;
}

type VerificationRow = typeof companyVerificationRequests.$inferSelect;

export function toVerificationInfo(v: VerificationRow): VerificationRequestInfo {
  return {
    id: v.id,
    status: VERIFICATION_REQUEST_STATUSES.find((s) => s === v.status) ?? 'pending',
    submittedAt: v.submittedAt.toISOString(),
    decidedAt: v.decidedAt?.toISOString() ?? null,
    note: v.note,
    creditCode: v.creditCode,
    companyName: v.companyName,
    licenseUrl: v.licenseUploadId ? privateUploadUrl('business-license', v.licenseUploadId) : null,
  };
}

async function latestVerification(db: DbOrTx, companyId: string): Promise<VerificationRequestInfo | null> {
  const [v] = await db
    .select()
    .from(companyVerificationRequests)
    .where(eq(companyVerificationRequests.companyId, companyId))
    .orderBy(desc(companyVerificationRequests.submittedAt))
    .limit(1);
  return v ? toVerificationInfo(v) : null;
}

/** GET /api/companies/me: the profile, its latest verification request and the state the page shows. */
export async function getCompanyProfile(db: DbOrTx, userId: string): Promise<CompanyProfileResponse> {
  const row = await findOwnCompany(db, userId);
  const verification = row ? await latestVerification(db, row.id) : null;
  const { state, lapsed } = companyVerificationState(row?.isVerified ?? false, verification?.status ?? null);
  return { profile: row ? toCompanyProfile(row) : null, verification, verificationState: state, verificationLapsed: lapsed };
}

/**
 * Creates the company profile on first save, updates it afterwards (part 1 §7). The company row is
 * locked, as an approval locks it: a new legal name or 统一社会信用代码 ends a verification (the badge
 * lapses, a waiting request is withdrawn) in the same transaction (decision 0028).
 */
export async function saveCompanyProfile(ctx: AppContext, userId: string, input: CompanyProfileUpdate) {
  const { oldLogo } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(companies).where(eq(companies.userId, userId)).for('update');
    const logo = input.logoUploadId ? await ownUpload(tx, input.logoUploadId, userId, 'logo') : null;
    const now = ctx.clock.now();
    // a new legal name or code: the verification no longer vouches for this profile
    const identityChanged = current !== undefined && (current.companyName !== input.companyName || (current.businessLicense ?? null) !== input.businessLicense);
    if (current && identityChanged) {
      await tx
        .update(companyVerificationRequests)
        .set({ status: 'withdrawn', decidedAt: now })
        .where(and(eq(companyVerificationRequests.companyId, current.id), eq(companyVerificationRequests.status, 'pending')));
    }
    const values = {
      companyName: input.companyName,
      contactPerson: input.contactPerson,
      businessLicense: input.businessLicense,
      industry: input.industry ?? null,
      companySize: input.companySize ?? null,
      website: input.website,
      description: input.description,
      address: input.address,
      contactPhone: input.contactPhone,
      contactEmail: input.contactEmail,
      ...(logo ? { logoUrl: logo.url } : {}),
      ...(identityChanged && current?.isVerified ? { isVerified: false, verifiedCreditCode: null } : {}),
      updatedAt: now,
    };
    if (current) {
      await tx.update(companies).set(values).where(eq(companies.id, current.id));
    } else {
      await tx
        .insert(companies)
        .values({ ...values, userId })
        .onConflictDoUpdate({ target: companies.userId, set: values });
    }
    return { oldLogo: logo && current?.logoUrl && current.logoUrl !== logo.url ? current.logoUrl : null };
  });
  if (oldLogo) await deleteUploadByUrl(ctx, oldLogo, userId);
  return getCompanyProfile(ctx.db, userId);
}
