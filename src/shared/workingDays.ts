/**
 * Working days (decision 0020): calendar days of the platform (Asia/Shanghai, UTC+8 all year) written
 * 'YYYY-MM-DD'; Saturdays, Sundays and the holidays of 系统设置 are not working days. Pure functions on
 * day strings (no Date in local time, no time zone of the machine), used by the server to store a
 * payout's expected date and by the browser to explain it.
 */
import { BUSINESS } from './business';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** the platform's calendar day of an instant: 2026-12-31T16:30Z → '2027-01-01' */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** true for a real calendar day written YYYY-MM-DD (2026-02-29 is not one) */
export function isCalendarDay(day: string): boolean {
  const m = DAY_RE.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === day;
}

const toUtc = (day: string) => {
  if (!isCalendarDay(day)) throw new Error(`not a calendar day: ${day}`);
  return Date.parse(`${day}T00:00:00Z`);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Monday to Friday and not a holiday */
export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/**
 * The `n`th working day after `day` (`day` itself does not count; n = 0 answers `day`). A holiday on
 * a weekend changes nothing; the holidays list is finite, so the walk always ends.
 */
export function addWorkingDays(day: string, n: number, holidays: Iterable<string>): string {
  if (!Number.isInteger(n) || n < 0) throw new Error('addWorkingDays: n is a whole number of days, 0 or more');
  const off = holidays instanceof Set ? (holidays as Set<string>) : new Set(holidays);
  let ms = toUtc(day);
  for (let left = n; left > 0; ) {
    ms += DAY_MS;
    if (isWorkingDay(fromUtc(ms), off)) left -= 1;
  }
  return fromUtc(ms);
}

/** When a payout requested at `at` should arrive: between the 3rd and the 5th working day after that day. */
export function payoutWindow(at: Date, holidays: Iterable<string>): { earliest: string; latest: string } {
  const day = shanghaiDay(at);
  const off = new Set(holidays);
  const { min, max } = BUSINESS.payoutWorkingDays;
  return { earliest: addWorkingDays(day, min, off), latest: addWorkingDays(day, max, off) };
}

/** a holidays list as stored: real days only, no repeats, in order */
export function normaliseHolidays(days: readonly string[]): string[] {
  return [...new Set(days.map((d) => d.trim()))].filter(isCalendarDay).sort();
}
