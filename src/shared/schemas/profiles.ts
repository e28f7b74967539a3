import { z } from 'zod';
import {
  COMPANY_INDUSTRIES,
  COMPANY_SIZES,
  INFLUENCER_CATEGORIES,
  INFLUENCER_STATUSES,
  LANGUAGES,
  LIVE_VENUES,
  TASK_CATEGORY_OPTIONS,
  values,
} from '../options';

/** Categories an influencer may hold: the profile's fixed list and the supplement form's 10 options. */
export const INFLUENCER_CATEGORY_VALUES: readonly string[] = [
  ...INFLUENCER_CATEGORIES.map((o) => o.value),
  ...TASK_CATEGORY_OPTIONS.map((o) => o.value),
];

const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const url = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), { error: 'URL_INVALID' });
const optUrl = url
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** No duplicates, no empties (trimmed); duplicates are refused with the spec's alert text. */
const uniqueList = (item: z.ZodType<string>, dupCode: 'CATEGORY_DUPLICATE' | 'TAG_DUPLICATE', max: number) =>
  z
    .array(item)
    .max(max)
    .transform((list) => list.filter((s) => s.length > 0))
    .superRefine((list, ctx) => {
      if (new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', message: dupCode });
    });

export const categoriesField = uniqueList(
  z
    .string()
    .trim()
    .refine((v) => v === '' || INFLUENCER_CATEGORY_VALUES.includes(v), { error: 'CATEGORY_INVALID' }),
  'CATEGORY_DUPLICATE',
  18,
);
export const tagsField = uniqueList(z.string().trim().max(20), 'TAG_DUPLICATE', 20);

const nickname = z.string({ error: 'NICKNAME_REQUIRED' }).trim().min(1, { error: 'NICKNAME_REQUIRED' }).max(40);
const hourlyRate = z.coerce.number({ error: 'RATE_INVALID' }).int({ error: 'RATE_INVALID' }).min(0, { error: 'RATE_INVALID' }).max(1_000_000);
const experienceYears = z.coerce
  .number({ error: 'EXPERIENCE_INVALID' })
  .min(0, { error: 'EXPERIENCE_INVALID' })
  .max(80, { error: 'EXPERIENCE_INVALID' })
  .transform((v) => Math.round(v * 10) / 10);

/** The influencer's own full profile (GET /api/influencers/me). */
export const influencerProfile = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  nickname: z.string(),
  realName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  tiktokAccount: z.string().nullable(),
  tiktokProfileUrl: z.string().nullable(),
  tiktokFollowersCount: z.number().nullable(),
  avgPlayCount: z.number().nullable(),
  avgEngagementRate: z.number().nullable(),
  hasTiktokShop: z.boolean(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  hourlyRate: z.number(),
  experienceYears: z.number(),
  liveVenue: z.string().nullable(),
  weeklySchedule: z.string().nullable(),
  bilingualLive: z.boolean(),
  languages: z.array(z.string()),
  avatarUrl: z.string().nullable(),
  followersCount: z.number(),
  totalLiveCount: z.number(),
  avgViews: z.number(),
  rating: z.number(),
  totalReviews: z.number(),
  isApproved: z.boolean(),
  isVerified: z.boolean(),
  status: z.enum(INFLUENCER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InfluencerProfile = z.infer<typeof influencerProfile>;
export const influencerProfileResponse = z.object({ profile: influencerProfile });

/** Edit mode of /influencer-profile. Admin-only fields (approval, rating, counters, status) are not accepted. */
export const influencerProfileUpdate = z.object({
  nickname,
  realName: optText(40),
  tiktokAccount: optText(60),
  bio: optText(1000),
  location: optText(60),
  categories: categoriesField.default([]),
  tags: tagsField.default([]),
  hourlyRate: hourlyRate.default(0),
  experienceYears: experienceYears.default(0),
  /** id from POST /api/uploads?purpose=avatar; replaces the current avatar */
  avatarUploadId: z.string().uuid().optional(),
});
export type InfluencerProfileUpdate = z.infer<typeof influencerProfileUpdate>;
export type InfluencerProfileUpdateInput = z.input<typeof influencerProfileUpdate>;

const required = (max: number) => z.string({ error: 'FIELD_REQUIRED' }).trim().min(1, { error: 'FIELD_REQUIRED' }).max(max);
const optInt = z.coerce
  .number({ error: 'NUMBER_INVALID' })
  .int({ error: 'NUMBER_INVALID' })
  .min(0, { error: 'NUMBER_INVALID' })
  .max(2_000_000_000)
  .optional()
  .nullable();

/** The supplement form /materials (part 1 §5): required and optional fields. */
export const materialsUpdate = z.object({
  firstName: required(20),
  lastName: required(20),
  phoneNumber: z
    .string({ error: 'PHONE_REQUIRED' })
    .trim()
    .min(1, { error: 'PHONE_REQUIRED' })
    .regex(/^\+?[0-9][0-9\s-]{4,19}$/, { error: 'PHONE_INVALID' }),
  nickname,
  tiktokAccount: required(60),
  tiktokProfileUrl: z.string({ error: 'FIELD_REQUIRED' }).trim().min(1, { error: 'FIELD_REQUIRED' }).pipe(url),
  tiktokFollowersCount: z.coerce
    .number({ error: 'FIELD_REQUIRED' })
    .int({ error: 'NUMBER_INVALID' })
    .min(0, { error: 'NUMBER_INVALID' })
    .max(2_000_000_000),
  location: optText(60),
  avgPlayCount: optInt,
  avgEngagementRate: z.coerce
    .number({ error: 'NUMBER_INVALID' })
    .min(0, { error: 'NUMBER_INVALID' })
    .max(100, { error: 'NUMBER_INVALID' })
    .transform((v) => Math.round(v * 100) / 100)
    .optional()
    .nullable(),
  hasTiktokShop: z.boolean().default(false),
  hourlyRate: hourlyRate.optional(),
  experienceYears: experienceYears.optional(),
  categories: categoriesField.default([]),
  tags: tagsField.default([]),
  liveVenue: z.enum(values(LIVE_VENUES)).optional().nullable(),
  weeklySchedule: optText(200),
  bilingualLive: z.boolean().default(false),
  languages: z.array(z.enum(values(LANGUAGES))).max(8).default([]),
});
export type MaterialsUpdate = z.infer<typeof materialsUpdate>;
export type MaterialsUpdateInput = z.input<typeof materialsUpdate>;

export const companyProfile = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  companyName: z.string(),
  contactPerson: z.string(),
  businessLicense: z.string().nullable(),
  industry: z.string().nullable(),
  companySize: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  totalTasks: z.number(),
  completedTasks: z.number(),
  avgRating: z.number(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

export const verificationRequestInfo = z.object({
  id: z.string().uuid(),
  status: z.enum(['pending', 'approved', 'rejected']),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type VerificationRequestInfo = z.infer<typeof verificationRequestInfo>;

/** `profile` is null until the company first saves it (spec: PGRST116 = no profile yet). */
export const companyProfileResponse = z.object({
  profile: companyProfile.nullable(),
  verification: verificationRequestInfo.nullable(),
});

const companyRequired = z.string({ error: 'COMPANY_REQUIRED_FIELDS' }).trim().min(1, { error: 'COMPANY_REQUIRED_FIELDS' });
export const companyProfileUpdate = z.object({
  companyName: companyRequired.max(100),
  contactPerson: companyRequired.max(40),
  businessLicense: optText(100),
  industry: z.enum(values(COMPANY_INDUSTRIES)).optional().nullable(),
  companySize: z.enum(values(COMPANY_SIZES)).optional().nullable(),
  website: optUrl,
  description: optText(2000),
  address: optText(200),
  contactPhone: optText(30),
  contactEmail: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'EMAIL_INVALID' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  /** id from POST /api/uploads?purpose=logo; replaces the current logo */
  logoUploadId: z.string().uuid().optional(),
});
export type CompanyProfileUpdate = z.infer<typeof companyProfileUpdate>;
export type CompanyProfileUpdateInput = z.input<typeof companyProfileUpdate>;

/** Completeness checklist of /company-profile: the five items of part 1 §2. */
export const COMPANY_CHECKLIST = ['description', 'industry', 'website', 'businessLicense', 'logoUrl'] as const;
