import { and, desc, eq, inArray } from 'drizzle-orm';
import type {
  CompanyProfile,
  CompanyProfileUpdate,
  InfluencerProfile,
  InfluencerProfileUpdate,
  MaterialsUpdate,
  VerificationRequestInfo,
} from '../../../shared/schemas/profiles';
import type { DbOrTx } from '../../db/client';
import { companies, companyVerificationRequests, influencers, uploads } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { deleteUploadByUrl } from '../uploads/service';

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
    hourlyRate: r.hourlyRate,
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
        hourlyRate: input.hourlyRate,
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
      ...(input.hourlyRate !== undefined ? { hourlyRate: input.hourlyRate } : {}),
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

async function latestVerification(db: DbOrTx, companyId: string): Promise<VerificationRequestInfo | null> {
  const [v] = await db
    .select()
    .from(companyVerificationRequests)
    .where(eq(companyVerificationRequests.companyId, companyId))
    .orderBy(desc(companyVerificationRequests.submittedAt))
    .limit(1);
  if (!v) return null;
  return {
    id: v.id,
    status: (['pending', 'approved', 'rejected'] as const).find((s) => s === v.status) ?? 'pending',
    submittedAt: v.submittedAt.toISOString(),
    decidedAt: v.decidedAt?.toISOString() ?? null,
    note: v.note,
  };
}

export async function getCompanyProfile(db: DbOrTx, userId: string) {
  const row = await findOwnCompany(db, userId);
  return { profile: row ? toCompanyProfile(row) : null, verification: row ? await latestVerification(db, row.id) : null };
}

/** Creates the company profile on first save, updates it afterwards (part 1 §7). */
export async function saveCompanyProfile(ctx: AppContext, userId: string, input: CompanyProfileUpdate) {
  const { oldLogo } = await ctx.db.transaction(async (tx) => {
    const current = await findOwnCompany(tx, userId);
    const logo = input.logoUploadId ? await ownUpload(tx, input.logoUploadId, userId, 'logo') : null;
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
      updatedAt: new Date(),
    };
    if (current) {
      await tx.update(companies).set(values).where(eq(companies.id, current.id));
    } else {
      await tx.insert(companies).values({ ...values, userId }).onConflictDoUpdate({ target: companies.userId, set: values });
    }
    return { oldLogo: logo && current?.logoUrl && current.logoUrl !== logo.url ? current.logoUrl : null };
  });
  if (oldLogo) await deleteUploadByUrl(ctx, oldLogo, userId);
  return getCompanyProfile(ctx.db, userId);
}

/** "Apply for verification": a real request, pending until an admin decides. One pending at a time. */
export async function requestCompanyVerification(ctx: AppContext, userId: string) {
  const company = await findOwnCompany(ctx.db, userId);
  if (!company) throw new AppError('PROFILE_NOT_FOUND');
  if (company.isVerified) throw new AppError('ALREADY_VERIFIED');
  const inserted = await ctx.db
    .insert(companyVerificationRequests)
    .values({ companyId: company.id })
    .onConflictDoNothing()
    .returning({ id: companyVerificationRequests.id });
  if (inserted.length === 0) throw new AppError('VERIFICATION_PENDING');
  return getCompanyProfile(ctx.db, userId);
}
