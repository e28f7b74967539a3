/**
 * 系统设置: settings the product reads (fee, settlement window, support address, sign-up per type, the
 * announcement banner, the smallest payout, the payout calendar's own holidays and working days). Stored one row per key in platform_settings; read through a short in-process
 * cache (this instance's writes clear it at once; other instances see a change within CACHE_MS).
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { BUSINESS } from '../../../shared/business';
import { INVITATION_DAILY_LIMIT_DEFAULT } from '../../../shared/options';
import type { PlatformSettings, SettingsResponse, SiteSettings } from '../../../shared/schemas/adminInsights';
import type { DbOrTx } from '../../db/client';
import { platformSettings, users } from '../../db/schema';
import { audit } from '../../platform/admin';
import { addDays } from '../../../shared/dates';
import { shanghaiDay } from '../../../shared/workingDays';
import { officialCalendar, officialDaysBetween } from '../../platform/calendar';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

type Key = keyof PlatformSettings;
const KEYS: Key[] = [
  'platformFeeBps',
  'settlementHours',
  'supportEmail',
  'signupOpen',
  'announcement',
  'payoutMinCents',
  'invitationDailyLimit',
  'holidays',
  'workdays',
];
const CACHE_MS = 5_000;

export function defaultSettings(ctx: AppContext): PlatformSettings {
  return {
    platformFeeBps: BUSINESS.platformFeePercent * 100,
    settlementHours: BUSINESS.settlementHours,
    supportEmail: ctx.config.mail.support,
    signupOpen: { influencer: true, company: true, agency: true },
    announcement: { enabled: false, textZh: null, textEn: null, tone: 'info' },
    payoutMinCents: BUSINESS.payoutMinCents,
    invitationDailyLimit: INVITATION_DAILY_LIMIT_DEFAULT,
    holidays: [],
    workdays: [],
  };
}

type Cached = { at: number; value: PlatformSettings; updatedAt: Date | null; updatedBy: string | null };
const cache = new WeakMap<AppContext, Cached>();

async function load(ctx: AppContext, db: DbOrTx = ctx.db): Promise<Cached> {
  const rows = await db
    .select({ key: platformSettings.key, value: platformSettings.value, updatedAt: platformSettings.updatedAt, updatedBy: users.email })
    .from(platformSettings)
    .leftJoin(users, eq(users.id, platformSettings.updatedBy))
    .where(inArray(platformSettings.key, KEYS))
    .orderBy(desc(platformSettings.updatedAt));
  const value = defaultSettings(ctx) as Record<Key, unknown>;
  for (const r of rows) value[r.key as Key] = r.value;
  // a signupOpen saved before agencies existed (decision 0044) leaves their sign-up open
  value.signupOpen = { ...defaultSettings(ctx).signupOpen, ...(value.signupOpen as object) };
  return { at: ctx.clock.now().getTime(), value: value as PlatformSettings, updatedAt: rows[0]?.updatedAt ?? null, updatedBy: rows[0]?.updatedBy ?? null };
}

/** The settings in force, read through `db` (inside a transaction: its own connection; no cache). */
export async function readSettings(ctx: AppContext, db: DbOrTx): Promise<PlatformSettings> {
  return (await load(ctx, db)).value;
}

/** The settings in force (cached for a few seconds). */
export async function getSettings(ctx: AppContext): Promise<PlatformSettings> {
  const hit = cache.get(ctx);
  if (hit && ctx.clock.now().getTime() - hit.at < CACHE_MS) return hit.value;
  const fresh = await load(ctx);
  cache.set(ctx, fresh);
  return fresh.value;
}

/** How far ahead the console lists the official holidays and make-up days (and previews a payout with them). */
const CALENDAR_AHEAD_DAYS = 366;

export async function getSettingsForAdmin(ctx: AppContext): Promise<SettingsResponse> {
  const fresh = await load(ctx);
  cache.set(ctx, fresh);
  const now = ctx.clock.now();
  const today = shanghaiDay(now);
  const official = officialCalendar();
  return {
    settings: fresh.value,
    updatedAt: fresh.updatedAt?.toISOString() ?? null,
    updatedBy: fresh.updatedBy,
    payoutCalendar: { now: now.toISOString(), officialYears: official.years, ...officialDaysBetween(today, addDays(today, CALENDAR_AHEAD_DAYS)) },
  };
}

/** PUT /api/admin/settings: validated by the schema, stored and audited (the changed keys, before and after) in one transaction. */
export async function updateSettings(ctx: AppContext, adminId: string, next: PlatformSettings, meta: { ip: string }) {
  if (next.announcement.enabled && !next.announcement.textZh) {
    throw new AppError('ANNOUNCEMENT_TEXT_REQUIRED', undefined, { 'announcement.textZh': 'ANNOUNCEMENT_TEXT_REQUIRED' });
  }
  await ctx.db.transaction(async (tx) => {
    const current = (await load(ctx, tx)).value;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const now = ctx.clock.now();
    for (const key of KEYS) {
      if (canonical(current[key]) === canonical(next[key])) continue;
      before[key] = current[key];
      after[key] = next[key];
      await tx
        .insert(platformSettings)
        .values({ key, value: next[key], updatedBy: adminId, updatedAt: now })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value: next[key], updatedBy: adminId, updatedAt: now } });
    }
    if (Object.keys(after).length === 0) return;
    await audit(tx, {
      adminId,
      action: 'settings_update',
      description: `修改系统设置：${Object.keys(after).join('、')}`,
      targetType: 'setting',
      before,
      after,
      ip: meta.ip,
    });
  });
  cache.delete(ctx);
  ctx.publicCache.invalidate('site-settings');
  return getSettingsForAdmin(ctx);
}

/** What every visitor may know (GET /api/site-settings). */
export async function getSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  const s = await getSettings(ctx);
  const a = s.announcement;
  return {
    platformFeeBps: s.platformFeeBps,
    settlementHours: s.settlementHours,
    signupOpen: s.signupOpen,
    announcement:
      a.enabled && a.textZh ? { textZh: a.textZh, textEn: a.textEn, tone: a.tone, version: String(Math.abs(hash(`${a.textZh}|${a.textEn ?? ''}`))) } : null,
  };
}

/** JSON with sorted keys (jsonb does not keep the key order of what was stored) */
function canonical(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** a short stable id of the announcement text (a visitor who closed it sees a new one again) */
function hash(s: string) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}
