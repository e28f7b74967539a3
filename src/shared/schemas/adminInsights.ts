/** 系统设置 (settings the product reads) and 数据分析 contracts. */
import { z } from 'zod';
import { emailField } from './common';
import { bpsIn, bpsOut, calendarDay, centsIn, centsOut, dayRangeRule, int, optionalText } from './fields';
import type { ErrorCode } from '../errors';
import { CALENDAR_OVERRIDES_MAX, normaliseDays } from '../workingDays';

export const ANNOUNCEMENT_TONES = ['info', 'warning'] as const;

/**
 * A list of calendar days typed by a person: each trimmed, then a real day (the field's code); at most
 * CALENDAR_OVERRIDES_MAX; stored sorted without repeats.
 */
const dayList = (code: ErrorCode) =>
  z
    .array(z.string({ error: code }).trim().pipe(calendarDay(code)), { error: code })
    .max(CALENDAR_OVERRIDES_MAX, { error: code })
    .transform(normaliseDays);

/** Every setting with its rules; the server fills defaults for settings never saved. */
export const platformSettings = z
  .object({
    /** platform service fee in basis points of the deal amount (0–5000, i.e. 0–50 % with one decimal: a multiple of 10) */
    platformFeeBps: bpsIn(0, 5000, 10, { invalid: 'SETTING_FEE_INVALID' }, 'The platform service fee on what the influencer is paid'),
    /** automatic settlement after a live session without dispute, hours */
    settlementHours: int(1, 720, { invalid: 'SETTING_SETTLEMENT_INVALID' }),
    /** where /contact messages are mailed */
    supportEmail: emailField,
    /** sign-up open per account type (agency: decision 0044) */
    signupOpen: z.object({ influencer: z.boolean(), company: z.boolean(), agency: z.boolean() }),
    /** the banner shown on every page */
    announcement: z.object({
      enabled: z.boolean(),
      textZh: optionalText(200),
      textEn: optionalText(200),
      tone: z.enum(ANNOUNCEMENT_TONES),
    }),
    /** the smallest payout, cents ($1.00 to $100,000.00) */
    payoutMinCents: centsIn(100, 10_000_000, { invalid: 'SETTING_PAYOUT_MIN_INVALID' }, 'The smallest payout'),
    /** invitations (邀请) one task may send in 24 hours */
    invitationDailyLimit: int(1, 200, { invalid: 'SETTING_INVITATION_LIMIT_INVALID' }),
    /**
     * the payout calendar's own days off (YYYY-MM-DD), on top of weekends and mainland China's public
     * holidays: extra holidays, or an official make-up working day cancelled; stored sorted, without repeats
     */
    holidays: dayList('SETTING_HOLIDAYS_INVALID'),
    /** its own working days: a weekend or official holiday that is worked (调休上班); missing = none */
    workdays: dayList('SETTING_WORKDAYS_INVALID').default([]),
  })
  .superRefine((v, ctx) => {
    // one day cannot be both
    const off = new Set(v.holidays);
    const both = v.workdays.find((d) => off.has(d));
    if (both) ctx.addIssue({ code: 'custom', path: ['workdays'], message: 'SETTING_CALENDAR_CONFLICT', params: { day: both } });
  });
export type PlatformSettings = z.infer<typeof platformSettings>;
export type PlatformSettingsInput = z.input<typeof platformSettings>;

/** the settings as answered (plain values: a response schema has no transforms) */
export const platformSettingsOut = z.object({
  platformFeeBps: bpsOut('The platform service fee on what the influencer is paid'),
  settlementHours: z.number(),
  supportEmail: z.string(),
  signupOpen: z.object({ influencer: z.boolean(), company: z.boolean(), agency: z.boolean() }),
  announcement: z.object({ enabled: z.boolean(), textZh: z.string().nullable(), textEn: z.string().nullable(), tone: z.enum(ANNOUNCEMENT_TONES) }),
  payoutMinCents: centsOut('The smallest payout'),
  invitationDailyLimit: z.number(),
  holidays: z.array(z.string()),
  workdays: z.array(z.string()),
});

/** a day of the official calendar (mainland China, as the State Council publishes it) and its holiday */
export const officialDay = z.object({ date: z.string(), nameZh: z.string(), nameEn: z.string() });
export type OfficialDay = z.infer<typeof officialDay>;

export const settingsResponse = z.object({
  settings: platformSettingsOut,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** what the console needs to show and preview the payout calendar (the calendar data stays on the server) */
  payoutCalendar: z.object({
    /** the platform clock */
    now: z.string(),
    /** the years the official calendar covers; later years count weekends and 系统设置's days only */
    officialYears: z.object({ from: z.number().int(), to: z.number().int() }),
    /** official holidays and make-up working days from today to a year ahead */
    holidays: z.array(officialDay),
    workdays: z.array(officialDay),
  }),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** GET /api/site-settings: what every visitor may know */
export const siteSettings = z.object({
  platformFeeBps: bpsOut('The platform service fee on what the influencer is paid'),
  settlementHours: z.number(),
  signupOpen: z.object({ influencer: z.boolean(), company: z.boolean(), agency: z.boolean() }),
  announcement: z.object({ textZh: z.string(), textEn: z.string().nullable(), tone: z.enum(ANNOUNCEMENT_TONES), version: z.string() }).nullable(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

// ---------------------------------------------------------------- 数据分析

/** the longest range 数据分析 shows, days (both ends included) */
export const ANALYTICS_MAX_DAYS = 366;
/** Shanghai days; `to` defaults to today, `from` to 29 days before `to` (the service checks the range it fills in) */
const analyticsRange = { from: calendarDay().optional(), to: calendarDay().optional() };
export const analyticsQuery = z.object(analyticsRange).superRefine(dayRangeRule(ANALYTICS_MAX_DAYS));
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;
export const ANALYTICS_CHARTS = ['daily', 'categories', 'funnel', 'topInfluencers', 'topCompanies'] as const;
export const analyticsCsvQuery = z.object({ ...analyticsRange, chart: z.enum(ANALYTICS_CHARTS) }).superRefine(dayRangeRule(ANALYTICS_MAX_DAYS));

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
  acceptanceRate: z
    .number()
    .nullable()
    .describe('Accepted applications / applications over the range: a statistic (not money), a percentage 0–100 with one decimal (null without applications)'),
  categories: z.array(z.object({ name: z.string(), nameEn: z.string().nullable(), tasks: z.number() })),
  funnel: z.object({ published: z.number(), applied: z.number(), accepted: z.number(), completed: z.number() }),
  topInfluencers: z.array(z.object({ id: z.string(), nickname: z.string(), accepted: z.number(), completed: z.number() })),
  topCompanies: z.array(z.object({ id: z.string(), name: z.string(), tasks: z.number(), completed: z.number() })),
  /**
   * agencies (机构, issue 25 item 6): accounts by review state now, and the GMV through them over the range — the
   * reported GMV of deals completed in the range, of which those made under an agency (`deals.agency_id`); the share in
   * basis points (null without GMV)
   */
  agencies: z.object({
    approved: z.number().int(),
    pending: z.number().int(),
    gmvCents: centsOut('The GMV (gross merchandise value)'),
    agencyGmvCents: centsOut('The GMV of deals made under an agency'),
    agencyGmvShareBps: bpsOut('The share of the GMV made under an agency (null without GMV)').nullable(),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
