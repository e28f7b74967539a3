/** 系统设置 (settings the product reads) and 数据分析 contracts. */
import { z } from 'zod';
import { emailField } from './common';
import { decimal, int, optionalText } from './fields';
import { isCalendarDay, normaliseHolidays } from '../workingDays';

export const ANNOUNCEMENT_TONES = ['info', 'warning'] as const;

/** Every setting with its rules; the server fills defaults for settings never saved. */
export const platformSettings = z.object({
  /** platform service fee, percent of the deal amount (0–50, one decimal) */
  platformFeePercent: decimal(0, 50, 1, { invalid: 'SETTING_FEE_INVALID' }),
  /** automatic settlement after a live session without dispute, hours */
  settlementHours: int(1, 720, { invalid: 'SETTING_SETTLEMENT_INVALID' }),
  /** where /contact messages are mailed */
  supportEmail: emailField,
  /** sign-up open per account type */
  signupOpen: z.object({ influencer: z.boolean(), company: z.boolean() }),
  /** the banner shown on every page */
  announcement: z.object({
    enabled: z.boolean(),
    textZh: optionalText(200),
    textEn: optionalText(200),
    tone: z.enum(ANNOUNCEMENT_TONES),
  }),
  /** the smallest payout, cents ($1.00 to $100,000.00) */
  payoutMinCents: int(100, 10_000_000, { invalid: 'SETTING_PAYOUT_MIN_INVALID' }),
  /** invitations (邀请) one task may send in 24 hours */
  invitationDailyLimit: int(1, 200, { invalid: 'SETTING_INVITATION_LIMIT_INVALID' }),
  /** days without payout processing besides weekends (YYYY-MM-DD), stored sorted and without repeats */
  holidays: z
    .array(z.string({ error: 'SETTING_HOLIDAYS_INVALID' }).trim().refine(isCalendarDay, { error: 'SETTING_HOLIDAYS_INVALID' }), { error: 'SETTING_HOLIDAYS_INVALID' })
    .max(400, { error: 'SETTING_HOLIDAYS_INVALID' })
    .transform(normaliseHolidays),
});
export type PlatformSettings = z.infer<typeof platformSettings>;
export type PlatformSettingsInput = z.input<typeof platformSettings>;

/** the settings as answered (plain values: a response schema has no transforms) */
export const platformSettingsOut = z.object({
  platformFeePercent: z.number(),
  settlementHours: z.number(),
  supportEmail: z.string(),
  signupOpen: z.object({ influencer: z.boolean(), company: z.boolean() }),
  announcement: z.object({ enabled: z.boolean(), textZh: z.string().nullable(), textEn: z.string().nullable(), tone: z.enum(ANNOUNCEMENT_TONES) }),
  payoutMinCents: z.number(),
  invitationDailyLimit: z.number(),
  holidays: z.array(z.string()),
});

export const settingsResponse = z.object({
  settings: platformSettingsOut,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** GET /api/site-settings: what every visitor may know */
export const siteSettings = z.object({
  platformFeePercent: z.number(),
  settlementHours: z.number(),
  signupOpen: z.object({ influencer: z.boolean(), company: z.boolean() }),
  announcement: z
    .object({ textZh: z.string(), textEn: z.string().nullable(), tone: z.enum(ANNOUNCEMENT_TONES), version: z.string() })
    .nullable(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

// ---------------------------------------------------------------- 数据分析

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'ANALYTICS_RANGE_INVALID' });
export const analyticsQuery = z.object({ from: day.optional(), to: day.optional() });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;
export const ANALYTICS_CHARTS = ['daily', 'categories', 'funnel', 'topInfluencers', 'topCompanies'] as const;
export const analyticsCsvQuery = analyticsQuery.extend({ chart: z.enum(ANALYTICS_CHARTS) });
export const ANALYTICS_MAX_DAYS = 366;

export const analyticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  daily: z.array(
    z.object({
      date: z.string(),
      newInfluencers: z.number(),
      newCompanies: z.number(),
      tasks: z.number(),
      applications: z.number(),
      accepted: z.number(),
    }),
  ),
  /** accepted / applications over the range (null without applications) */
  acceptanceRate: z.number().nullable(),
  categories: z.array(z.object({ name: z.string(), nameEn: z.string().nullable(), tasks: z.number() })),
  funnel: z.object({ published: z.number(), applied: z.number(), accepted: z.number(), completed: z.number() }),
  topInfluencers: z.array(z.object({ id: z.string(), nickname: z.string(), accepted: z.number(), completed: z.number() })),
  topCompanies: z.array(z.object({ id: z.string(), name: z.string(), tasks: z.number(), completed: z.number() })),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
