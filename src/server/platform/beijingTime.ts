/**
 * The platform's time of day: Asia/Shanghai, UTC+8 all year (no daylight saving). The admin console's
 * "today", the finance figures' days and the dates written into notifications all count from here.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = 8 * HOUR_MS;

/** the platform's day (Asia/Shanghai, UTC+8 all year) */
export function businessDay(now: Date) {
  const start = new Date(Math.floor((now.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS);
  const date = (d: Date) => new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 10);
  const yesterdayStart = new Date(start.getTime() - DAY_MS);
  return { start, date: date(start), yesterdayStart, yesterday: date(yesterdayStart) };
}

/** the platform's month of an instant (Asia/Shanghai), YYYY-MM */
export function beijingMonth(d: Date): string {
  return new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 7);
}

/** the first instant of the platform month `back` months before the one of `now` */
export function beijingMonthStart(now: Date, back = 0): Date {
  const [y, m] = beijingMonth(now).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - back, 1) - OFFSET_MS);
}

/** Beijing time, as the product shows dates in notifications: 2026-12-01 20:00 */
export function beijing(d: Date): string {
  const s = new Date(d.getTime() + 8 * HOUR_MS).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
}

/** the first instant of a platform day given as YYYY-MM-DD (Asia/Shanghai) */
export function beijingDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}
