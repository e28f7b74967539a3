/**
 * Working days (decisions 0020, 0027): calendar days of the platform (Asia/Shanghai, UTC+8 all year)
 * written 'YYYY-MM-DD'. A day is a working day when the calendar says so: Monday to Friday unless it is
 * a holiday, a weekend day only when it is a make-up working day (调休上班). Pure functions on day
 * strings and a calendar given as data (no Date in local time, no time zone of the machine, no
 * calendar package): the server computes a payout's expected date with them, and the admin console
 * previews it with the same functions on the days the server sent.
 */
import { BUSINESS } from './business';
import { isCalendarDay } from './dates';

export { isCalendarDay } from './dates';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** the most days one override list of 系统设置 may hold */
export const CALENDAR_OVERRIDES_MAX = 400;

/** the days where a calendar departs from "Monday to Friday" */
export type CalendarDays = {
  /** days off: public holidays (on weekdays; a weekend one changes nothing) */
  holidays: readonly string[];
  /** working days on a weekend (or on a day that would be a holiday): 调休上班 */
  workdays: readonly string[];
};

/** A calendar ready to ask: its days off and its working days as sets that never share a day. */
export type WorkCalendar = { readonly off: ReadonlySet<string>; readonly on: ReadonlySet<string> };

export const EMPTY_CALENDAR: WorkCalendar = { off: new Set(), on: new Set() };

/**
 * The official calendar with the platform's own days on top (系统设置 wins): one of its holidays is a
 * day off even where the official calendar works (a make-up day cancelled), one of its working days is
 * worked even on an official holiday or a weekend.
 */
export function workCalendar(official: CalendarDays, own: CalendarDays = { holidays: [], workdays: [] }): WorkCalendar {
  // a day in both own lists is left to the official calendar (the settings' schema refuses that anyway)
  const listedOff = new Set(own.holidays);
  const listedOn = new Set(own.workdays);
  const ownOff = new Set(own.holidays.filter((d) => !listedOn.has(d)));
  const ownOn = new Set(own.workdays.filter((d) => !listedOff.has(d)));
  const off = new Set([...official.holidays, ...ownOff].filter((d) => !ownOn.has(d)));
  const on = new Set([...official.workdays, ...ownOn].filter((d) => !ownOff.has(d)));
  return { off, on };
}

/** the platform's calendar day of an instant: 2026-12-31T16:30Z → '2027-01-01' */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

const toUtc = (day: string) => {
  if (!isCalendarDay(day)) throw new Error(`not a calendar day: ${day}`);
  return Date.parse(`${day}T00:00:00Z`);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Saturday or Sunday */
export const isWeekend = (day: string) => {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** a make-up working day of the calendar, else Monday to Friday and not a holiday */
export function isWorkingDay(day: string, calendar: WorkCalendar): boolean {
  if (calendar.on.has(day)) return true;
  return !isWeekend(day) && !calendar.off.has(day);
}

/**
 * The `n`th working day after `day` (`day` itself does not count; n = 0 answers `day`). The days off
 * are finite, so the walk always ends.
 */
export function addWorkingDays(day: string, n: number, calendar: WorkCalendar): string {
  if (!Number.isInteger(n) || n < 0) throw new Error('addWorkingDays: n is a whole number of days, 0 or more');
  let ms = toUtc(day);
  for (let left = n; left > 0;) {
    ms += DAY_MS;
    if (isWorkingDay(fromUtc(ms), calendar)) left -= 1;
  }
  return fromUtc(ms);
}

/**
 * When a payout requested at `at` should arrive: between the 3rd and the 5th working day after that
 * (Shanghai) day. The one computation of the payout window, on the server and in the browser.
 */
export function payoutWindow(at: Date, calendar: WorkCalendar): { earliest: string; latest: string } {
  const day = shanghaiDay(at);
  const { min, max } = BUSINESS.payoutWorkingDays;
  return { earliest: addWorkingDays(day, min, calendar), latest: addWorkingDays(day, max, calendar) };
}

/** a list of days as stored: real days only, no repeats, in order */
export function normaliseDays(days: readonly string[]): string[] {
  return [...new Set(days.map((d) => d.trim()))].filter(isCalendarDay).sort();
}
