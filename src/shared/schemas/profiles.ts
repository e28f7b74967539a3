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
import { checkCreditCode, normalizeCreditCode } from '../creditCode';
import { centsIn, centsOut, int, optionalText, rounded, text } from './fields';

/** Categories an influencer may hold: the profile's fixed list and the supplement form's 10 options. */
export const INFLUENCER_CATEGORY_VALUES: readonly string[] = [...INFLUENCER_CATEGORIES.map((o) => o.value), ...TASK_CATEGORY_OPTIONS.map((o) => o.value)];

const optText = optionalText;

const url = text(500).refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), { error: 'URL_INVALID' });
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
    .string({ error: 'CATEGORY_INVALID' })
    .trim()
    .refine((v) => v === '' || INFLUENCER_CATEGORY_VALUES.includes(v), { error: 'CATEGORY_INVALID' }),
  'CATEGORY_DUPLICATE',
  18,
);
export const tagsField = uniqueList(text(20), 'TAG_DUPLICATE', 20);

const nickname = text(40, { required: 'NICKNAME_REQUIRED' });
/** hourly_rate_cents int4: integer cents per hour, at most $1,000,000.00 (decision 0053) */
const hourlyRateCents = centsIn(0, 100_000_000, { invalid: 'RATE_INVALID', tooLarge: 'NUMBER_TOO_LARGE' }, 'The influencer’s hourly rate');
/** experience_years numeric(4,1): step 0.1 (part 1 §5) */
const experienceYears = rounded(0, 80, 1, { invalid: 'EXPERIENCE_INVALID' });

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
  avgEngagementRate: z
    .number()
    .nullable()
    .describe('Average engagement rate of the TikTok account: a statistic (not money), a percentage 0–100 with up to two decimals'),
  hasTiktokShop: z.boolean(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  hourlyRateCents: centsOut('The influencer’s hourly rate'),
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
  bio: optText(1000, { multiline: true }),
  location: optText(60),
  categories: categoriesField.default([]),
  tags: tagsField.default([]),
  hourlyRateCents: hourlyRateCents.default(0),
  experienceYears: experienceYears.default(0),
  /** id from POST /api/uploads?purpose=avatar; replaces the current avatar */
  avatarUploadId: z.string().uuid().optional(),
});
export type InfluencerProfileUpdate = z.infer<typeof influencerProfileUpdate>;
export type InfluencerProfileUpdateInput = z.input<typeof influencerProfileUpdate>;

const required = (max: number) => text(max, { required: 'FIELD_REQUIRED' });
/** a count in an int4 column */
const count = (invalid: 'FIELD_REQUIRED' | 'NUMBER_INVALID') => int(0, 2_000_000_000, { invalid, tooSmall: 'NUMBER_INVALID', tooLarge: 'NUMBER_TOO_LARGE' });
const optInt = count('NUMBER_INVALID').optional().nullable();

/** The supplement form /materials (part 1 §5): required and optional fields. */
export const materialsUpdate = z.object({
  firstName: required(20),
  lastName: required(20),
  phoneNumber: z
    .string({ error: 'PHONE_REQUIRED' })
    .trim()
    .min(1, { error: 'PHONE_REQUIRED' })
    .regex(/^\+?[0-9][0-9 -]{4,19}$/, { error: 'PHONE_INVALID' }),
  nickname,
  tiktokAccount: required(60),
  tiktokProfileUrl: required(500).pipe(url),
  /** also the profile's 粉丝数 (followers_count): see updateMaterials */
  tiktokFollowersCount: count('FIELD_REQUIRED'),
  location: optText(60),
  avgPlayCount: optInt,
  /** avg_engagement_rate numeric(6,2), percent, step 0.01 */
  avgEngagementRate: rounded(0, 100, 2, { invalid: 'NUMBER_INVALID' })
    .optional()
    .nullable()
    .describe('Average engagement rate of the TikTok account: a statistic (not money), a percentage 0–100 with up to two decimals'),
  hasTiktokShop: z.boolean().default(false),
  hourlyRateCents: hourlyRateCents.optional(),
  experienceYears: experienceYears.optional(),
  categories: categoriesField.default([]),
  tags: tagsField.default([]),
  liveVenue: z.enum(values(LIVE_VENUES)).optional().nullable(),
  weeklySchedule: optText(200),
  bilingualLive: z.boolean().default(false),
  languages: z
    .array(z.enum(values(LANGUAGES)))
    .max(8)
    .default([]),
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

export const VERIFICATION_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type VerificationRequestStatus = (typeof VERIFICATION_REQUEST_STATUSES)[number];

export const verificationRequestInfo = z.object({
  id: z.string().uuid(),
  status: z.enum(VERIFICATION_REQUEST_STATUSES),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** the reviewer's reason of a rejection */
  note: z.string().nullable(),
  /** the evidence the request carried (null on requests from before it was required) */
  creditCode: z.string().nullable(),
  companyName: z.string().nullable(),
  /** the licence image, read through GET /api/company-licenses/{id} by the company and admins with 用户管理 */
  licenseUrl: z.string().nullable(),
});
export type VerificationRequestInfo = z.infer<typeof verificationRequestInfo>;

/**
 * What the company's profile and 用户管理 say (decision 0028): 未认证 (never asked, withdrawn, or the
 * badge lapsed after a new name or code), 待审核, 未通过 (with the reason), 已认证.
 */
export const VERIFICATION_STATES = ['unverified', 'pending', 'rejected', 'verified'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export function companyVerificationState(isVerified: boolean, latest: VerificationRequestStatus | null): { state: VerificationState; lapsed: boolean } {
  if (isVerified) return { state: 'verified', lapsed: false };
  if (latest === 'pending') return { state: 'pending', lapsed: false };
  if (latest === 'rejected') return { state: 'rejected', lapsed: false };
  // the last request was approved but the badge is gone: the name or the code changed since
  return { state: 'unverified', lapsed: latest === 'approved' };
}

/** `profile` is null until the company first saves it (spec: PGRST116 = no profile yet). */
export const companyProfileResponse = z.object({
  profile: companyProfile.nullable(),
  verification: verificationRequestInfo.nullable(),
  verificationState: z.enum(VERIFICATION_STATES),
  /** 未认证 because the verified name or code was changed: the page says the badge lapsed */
  verificationLapsed: z.boolean(),
});
export type CompanyProfileResponse = z.infer<typeof companyProfileResponse>;

const creditCodeIssue = (v: string, ctx: z.RefinementCtx) => {
  const result = checkCreditCode(v);
  if (result !== 'ok') ctx.addIssue({ code: 'custom', message: result === 'format' ? 'CREDIT_CODE_INVALID' : 'CREDIT_CODE_CHECK' });
};

/**
 * 统一社会信用代码 as people type it (spaces, dashes, lower case), stored normalised; 18 symbols in the
 * code's shape (CREDIT_CODE_INVALID) with a matching check character (CREDIT_CODE_CHECK, GB 32100-2015).
 */
export const creditCodeField = z
  .string({ error: 'CREDIT_CODE_REQUIRED' })
  .max(60, { error: 'CREDIT_CODE_INVALID' })
  .transform(normalizeCreditCode)
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: 'CREDIT_CODE_REQUIRED' });
    else creditCodeIssue(v, ctx);
  });

/** The profile's 营业执照号: optional (missing, null or blank → null), otherwise a valid code. */
const optionalCreditCode = z
  .string({ error: 'CREDIT_CODE_INVALID' })
  .max(60, { error: 'CREDIT_CODE_INVALID' })
  .optional()
  .nullable()
  .transform((v) => (v ? normalizeCreditCode(v) || null : null))
  .superRefine((v, ctx) => {
    if (v !== null) creditCodeIssue(v, ctx);
  });

/** POST /api/companies/me/verification-requests: the code and the licence image (POST /api/uploads?purpose=business-license). */
export const verificationRequestBody = z.object({
  creditCode: creditCodeField,
  licenseUploadId: z.string({ error: 'LICENSE_REQUIRED' }).uuid({ error: 'UPLOAD_NOT_FOUND' }),
});
export type VerificationRequestBody = z.infer<typeof verificationRequestBody>;

export const companyProfileUpdate = z.object({
  companyName: text(100, { required: 'COMPANY_REQUIRED_FIELDS' }),
  contactPerson: text(40, { required: 'COMPANY_REQUIRED_FIELDS' }),
  /** 营业执照号 = the 统一社会信用代码; a verified company that changes it (or companyName) loses the badge */
  businessLicense: optionalCreditCode,
  industry: z.enum(values(COMPANY_INDUSTRIES)).optional().nullable(),
  companySize: z.enum(values(COMPANY_SIZES)).optional().nullable(),
  website: optUrl,
  description: optText(2000, { multiline: true }),
  address: optText(200),
  contactPhone: optText(30),
  contactEmail: text(254)
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
