import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dollars, formatCents } from '@shared/money';
import { intlLocale, shortLang, type ShortLang } from '../i18n/lang';
import { useTimeZone } from './timeZone';

/**
 * The one place the web app turns moments and amounts into text (decision 0029). Every page uses it — directly
 * or through its feature's format hook, which only adds its own fallback text — so a date reads the same on
 * the wallet as on the deal page, and an amount always shows its cents.
 *
 * Dates: numeric, 24-hour, in the reader's language (2026/11/26 14:05 in Chinese, 11/26/2026, 14:05 in
 * English) and in the device's zone. The server's first paint renders the same components in Node and gives
 * the visitor's zone through TimeZoneContext (lib/timeZone.ts), so its picture is the app's.
 *
 * Money: integer cents, shown as US dollars with cents always ($1,500.00) — the same text in both languages.
 */

/** How a moment is shown: with the time (the default), the day only, the time of day (with seconds), the day and the time with seconds, or month and day (a chart's axis). */
export type DateStyle = 'dateTime' | 'date' | 'time' | 'seconds' | 'monthDay' | 'weekDay';

// `hourCycle: 'h23'`, never `hour12: false` (which gives 24:05 for five past midnight in en-US)
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { ...DAY, ...TIME },
  date: DAY,
  time: { ...TIME, second: '2-digit' },
  seconds: { ...DAY, ...TIME, second: '2-digit' },
  /** a chart's axis: 11/26 */
  monthDay: { month: '2-digit', day: '2-digit' },
  /** a day in a calendar list: 10月1日周四 / Thu, Oct 1 */
  weekDay: { month: 'short', day: 'numeric', weekday: 'short' },
};

// Intl's formatters are costly to make (every card asks): one per language, zone and style
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: ShortLang, timeZone: string | undefined, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone ?? ''}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(lang), { ...STYLES[style], timeZone });
    formatters.set(key, f);
  }
  return f;
}

export type Moment = string | number | Date | null | undefined;

/** A moment (ISO text, epoch ms or Date) as a Date; null when missing or unreadable. */
export function toDate(value: Moment): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A moment as text in `lang` and `timeZone` (undefined: the device's); '' when missing or unreadable. */
export function formatMoment(value: Moment, lang: ShortLang, timeZone: string | undefined, style: DateStyle = 'dateTime'): string {
  const d = toDate(value);
  return d ? formatter(lang, timeZone, style).format(d) : '';
}

/**
 * A calendar day kept as text ('2026-12-08': a payout's expected day, a day of a chart), shown as a date of the
 * reader's language; it is a day, not a moment, so no zone moves it. Anything else is returned as it is.
 */
export function formatDay(day: string, lang: ShortLang, style: 'date' | 'monthDay' | 'weekDay' = 'date'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) ? formatter(lang, 'UTC', style).format(d) : day;
}

/** Integer cents as dollars with cents: 150000 → "$1,500.00", -50 → "-$0.50"; `sign` adds + to a positive amount. */
export function formatMoney(cents: number, opts: { sign?: boolean } = {}): string {
  return dollars(Math.round(cents), opts);
}

/** Integer cents as a number without the dollar sign (for texts that carry their own $): 150000 → "1,500.00". */
export const formatMoneyDigits = (cents: number): string => formatCents(Math.round(cents));

/** Dates and money in the current language and zone: what components call. Missing dates give `fallback` (default ''). */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = shortLang(i18n.language);
  const timeZone = useTimeZone();
  return useMemo(() => {
    const at =
      (style: DateStyle) =>
      (value: Moment, fallback = ''): string =>
        formatMoment(value, lang, timeZone, style) || fallback;
    return {
      lang,
      timeZone,
      dateTime: at('dateTime'),
      date: at('date'),
      time: at('time'),
      seconds: at('seconds'),
      /** a calendar day kept as text ('2026-12-08') */
      day: (day: string) => formatDay(day, lang),
      /** a calendar day kept as text, as month and day (a chart's axis): 11/26 */
      monthDay: (day: string) => formatDay(day, lang, 'monthDay'),
      /** how a date picker shows and reads a day (dayjs tokens), the same form as the dates shown */
      dayInput: lang === 'en' ? 'MM/DD/YYYY' : 'YYYY/MM/DD',
      /** integer cents (every amount, decision 0053): 123456 → "$1,234.56" */
      money: formatMoney,
      /** a budget in integer cents: "$1,000.00 - $3,000.00" */
      moneyRange: (minCents: number, maxCents: number) => `${formatMoney(minCents)} - ${formatMoney(maxCents)}`,
      /** items in a list: 美妆、服饰 / Beauty, Fashion */
      list: (items: readonly string[]) => joinList(items, lang),
    };
  }, [lang, timeZone]);
}

/** A list as one text in the reader's language: 美妆、服饰、食品 / Beauty, Fashion, Food (Intl's narrow conjunction: no "and"). */
export function joinList(items: readonly string[], lang: ShortLang): string {
  let f = listFormatters.get(lang);
  if (!f) {
    f = new Intl.ListFormat(intlLocale(lang), { style: 'narrow', type: 'conjunction' });
    listFormatters.set(lang, f);
  }
  return f.format(items);
}
const listFormatters = new Map<ShortLang, Intl.ListFormat>();
