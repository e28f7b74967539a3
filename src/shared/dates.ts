/**
 * Dates as the API takes them (decision 0027), as pure functions on strings — no Date in local time,
 * no time zone of the machine — so that the server, the web app and the schemas agree:
 *
 * - a calendar day is `YYYY-MM-DD`, a day that exists (2026-02-29 does not), in DATE_YEARS;
 * - a date-time is ISO 8601 / RFC 3339 with seconds optional and an offset (`Z` or ±hh:mm up to
 *   ±14:00, the widest zone in use); the same checks on its day, hours 00–23, minutes and seconds 00–59;
 * - a range of days runs forwards (from ≤ to) and spans at most the route's maximum, both days included.
 *
 * The zod fields built on these are in ./schemas/fields (calendarDay, isoDateTime).
 */
import type { ErrorCode } from './errors';

/** The years a date may name: anything else is a typo or an attack, not a date. */
export const DATE_YEARS = { min: 1970, max: 2100 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/i;

/** the widest offset of a time zone in use (Pacific/Kiritimati, UTC+14) */
const MAX_OFFSET_MINUTES = 14 * 60;

/** Why a string is no calendar date: 'invalid' (not YYYY-MM-DD, or no such day), 'range' (a real day outside DATE_YEARS), or null. */
export type DateProblem = 'invalid' | 'range' | null;

function dayParts(y: string, m: string, d: string): DateProblem {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12) return 'invalid';
  // the last day of that month (Date.UTC maps the years 0–99 to 1900–1999: use a year of the same leap kind)
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = new Date(Date.UTC(leap ? 2000 : 2001, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return 'invalid';
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return 'range';
  return null;
}

/** The problem of a calendar day written YYYY-MM-DD, or null when it is one. */
export function dayProblem(v: string): DateProblem {
  const m = DAY_RE.exec(v);
  return m ? dayParts(m[1], m[2], m[3]) : 'invalid';
}

/** true for a real calendar day written YYYY-MM-DD within DATE_YEARS (2026-02-29 is not one) */
export const isCalendarDay = (v: string): boolean => dayProblem(v) === null;

/** The problem of an ISO date-time with an offset, or null when it is one. */
export function dateTimeProblem(v: string): DateProblem {
  const m = DATE_TIME_RE.exec(v);
  if (!m) return 'invalid';
  const [, y, mo, d, h, mi, s = '0', sign, oh, om] = m;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return 'invalid';
  if (sign && (Number(om) > 59 || Number(oh) * 60 + Number(om) > MAX_OFFSET_MINUTES)) return 'invalid';
  const day = dayParts(y, mo, d);
  if (day) return day;
  return Number.isNaN(Date.parse(v)) ? 'invalid' : null;
}

/** Parses an ISO 8601 date-time with an offset; null when malformed, impossible (2月30日), in no real zone or out of DATE_YEARS. */
export function parseIsoDateTime(v: string): Date | null {
  return dateTimeProblem(v) === null ? new Date(v) : null;
}

/** Days from `from` to `to`, both counted (2026-01-01..2026-01-01 is 1; a reversed range is 0 or less). Both must be calendar days. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** `day` moved by `n` days (negative: back) */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * What is wrong with a range of calendar days: reversed (DATE_RANGE_REVERSED) or longer than
 * `maxDays` (DATE_RANGE_TOO_LONG, params { max }); null when it is fine.
 */
export function rangeProblem(from: string, to: string, maxDays?: number): { code: ErrorCode; params?: { max: number } } | null {
  const days = daysInRange(from, to);
  if (days < 1) return { code: 'DATE_RANGE_REVERSED' };
  if (maxDays !== undefined && days > maxDays) return { code: 'DATE_RANGE_TOO_LONG', params: { max: maxDays } };
  return null;
}
