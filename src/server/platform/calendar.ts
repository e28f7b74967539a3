/**
 * Mainland China's official calendar of public holidays and make-up working days (调休上班), as the
 * State Council publishes it each year, read from the maintained `chinese-days` package (decision
 * 0027). Server only: the package and its data never reach a browser bundle; the admin console gets
 * the days it shows from the API.
 *
 * The package covers the years up to the last published schedule (2004–2026 in 1.5.7; next year's is
 * usually published in November). For a later year it knows no holidays: such a year counts as plain
 * weekends until the package is updated, and 系统设置 can add its holidays and make-up days meanwhile.
 */
import chineseDays from 'chinese-days';
import { workCalendar, type CalendarDays, type WorkCalendar } from '../../shared/workingDays';

/** one official day and the holiday it belongs to, in both languages */
export type OfficialDay = { date: string; nameZh: string; nameEn: string };

export type OfficialCalendar = CalendarDays & {
  /** the first and the last year the package has a schedule for */
  years: { from: number; to: number };
  /** the days with their holiday's name, for showing them */
  holidayDays: readonly OfficialDay[];
  workdayDays: readonly OfficialDay[];
};

const FIRST_YEAR = 2004;

function nameOf(date: string): { nameZh: string; nameEn: string } {
  // 'National Day,国庆节,3': English, Chinese, the holiday's number
  const [en = '', zh = ''] = chineseDays.getDayDetail(date).name.split(',');
  return { nameZh: zh || en, nameEn: en || zh };
}

const isWeekend = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
};

function load(): OfficialCalendar {
  const holidayDays: OfficialDay[] = [];
  const workdayDays: OfficialDay[] = [];
  let year = FIRST_YEAR;
  // the schedule's years are one run: the first year without a single holiday ends it
  for (; ; year++) {
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    const holidays = chineseDays.getHolidaysInRange(from, to, false);
    if (holidays.length === 0) break;
    for (const date of holidays) holidayDays.push({ date, ...nameOf(date) });
    for (const date of chineseDays.getWorkdaysInRange(from, to, true)) if (isWeekend(date)) workdayDays.push({ date, ...nameOf(date) });
  }
  return {
    years: { from: FIRST_YEAR, to: year - 1 },
    holidays: holidayDays.map((d) => d.date),
    workdays: workdayDays.map((d) => d.date),
    holidayDays,
    workdayDays,
  };
}

let official: OfficialCalendar | undefined;

/** The whole official calendar (read from the package once, about 50 ms, then kept). */
export function officialCalendar(): OfficialCalendar {
  official ??= load();
  return official;
}

/** The official days from `from` to `to` (both included, YYYY-MM-DD). */
export function officialDaysBetween(from: string, to: string): { holidays: OfficialDay[]; workdays: OfficialDay[] } {
  const c = officialCalendar();
  const inRange = (d: OfficialDay) => d.date >= from && d.date <= to;
  return { holidays: c.holidayDays.filter(inRange), workdays: c.workdayDays.filter(inRange) };
}

/**
 * The payout calendar in force: the official calendar with the holidays and working days of 系统设置
 * on top (they win where they differ). Every payout date the server computes or shows goes through it.
 */
export function payoutCalendar(own: CalendarDays): WorkCalendar {
  return workCalendar(officialCalendar(), own);
}
