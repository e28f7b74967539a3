import { describe, expect, it } from 'vitest';
import { addWorkingDays, EMPTY_CALENDAR, isCalendarDay, isWorkingDay, normaliseDays, payoutWindow, shanghaiDay, workCalendar } from './workingDays';

const none = EMPTY_CALENDAR;
/** a calendar with these holidays (and these make-up working days) */
const off = (holidays: string[], workdays: string[] = []) => workCalendar({ holidays, workdays });

describe('working days (decision 0020)', () => {
  it('0, 3 and 5 working days from a Tuesday, with no weekend or holiday in the way', () => {
    expect(addWorkingDays('2026-12-01', 0, none)).toBe('2026-12-01');
    expect(addWorkingDays('2026-12-01', 3, none)).toBe('2026-12-04'); // Friday
    expect(addWorkingDays('2026-12-01', 5, none)).toBe('2026-12-08'); // over the weekend to Tuesday
  });

  it('skips weekends, also when the start day is one', () => {
    expect(addWorkingDays('2026-11-27', 1, none)).toBe('2026-11-30'); // Friday → Monday
    expect(addWorkingDays('2026-11-28', 1, none)).toBe('2026-11-30'); // Saturday → Monday
    expect(addWorkingDays('2026-11-29', 5, none)).toBe('2026-12-04'); // Sunday → Friday
    expect(isWorkingDay('2026-11-28', none)).toBe(false);
    expect(isWorkingDay('2026-11-30', none)).toBe(true);
  });

  it('skips holidays; a holiday on a weekend changes nothing', () => {
    // 国庆: Thursday 1 Oct 2026 to Wednesday 7 Oct, with Saturday the 3rd listed too
    const golden = off(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-05', '2026-10-06', '2026-10-07']);
    expect(addWorkingDays('2026-09-30', 1, golden)).toBe('2026-10-08');
    expect(addWorkingDays('2026-09-30', 5, golden)).toBe('2026-10-14');
    expect(isWorkingDay('2026-10-01', golden)).toBe(false);
    // a Saturday holiday on its own: the same answer as without it
    expect(addWorkingDays('2026-10-02', 3, off(['2026-10-03']))).toBe(addWorkingDays('2026-10-02', 3, none));
  });

  it('crosses the year end (Christmas and New Year as holidays)', () => {
    const h = off(['2026-12-25', '2027-01-01']);
    expect(addWorkingDays('2026-12-24', 5, h)).toBe('2027-01-04'); // 28, 29, 30, 31 Dec, then Monday 4 Jan
    expect(addWorkingDays('2026-12-31', 3, h)).toBe('2027-01-06');
    expect(addWorkingDays('2028-02-28', 1, none)).toBe('2028-02-29'); // a leap day is a day like any other
  });

  it('the platform day is Shanghai’s, and a payout arrives between the 3rd and 5th working day after it', () => {
    expect(shanghaiDay(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(shanghaiDay(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    // requested Friday 27 Nov at 23:00 Beijing time
    expect(payoutWindow(new Date('2026-11-27T15:00:00Z'), none)).toEqual({ earliest: '2026-12-02', latest: '2026-12-04' });
    // one minute later it is Saturday in Beijing: counted from Saturday
    expect(payoutWindow(new Date('2026-11-27T16:01:00Z'), off(['2026-12-01']))).toEqual({ earliest: '2026-12-03', latest: '2026-12-07' });
  });

  it('a make-up working day (调休上班) counts, also on a weekend; own days win over the official ones', () => {
    // 国庆 2026 as published: 1–7 Oct off, Sunday 20 Sep and Saturday 10 Oct worked
    const official = { holidays: ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07'], workdays: ['2026-09-20', '2026-10-10'] };
    const cal = workCalendar(official);
    expect(isWorkingDay('2026-10-10', cal)).toBe(true);
    expect(isWorkingDay('2026-10-11', cal)).toBe(false);
    expect(addWorkingDays('2026-09-30', 3, cal)).toBe('2026-10-10');
    expect(addWorkingDays('2026-09-30', 5, cal)).toBe('2026-10-13');
    // the platform cancels the make-up Saturday and works on 7 Oct
    const own = workCalendar(official, { holidays: ['2026-10-10'], workdays: ['2026-10-07'] });
    expect(isWorkingDay('2026-10-10', own)).toBe(false);
    expect(isWorkingDay('2026-10-07', own)).toBe(true);
    expect(addWorkingDays('2026-09-30', 5, own)).toBe('2026-10-13'); // 7, 8, 9, 12, 13
    // a day in both own lists is left to the official calendar
    expect(isWorkingDay('2026-10-10', workCalendar(official, { holidays: ['2026-10-10'], workdays: ['2026-10-10'] }))).toBe(true);
  });

  it('holidays are stored as real days, deduplicated and sorted; bad input is refused', () => {
    expect(normaliseDays(['2027-01-01', '2026-10-01', ' 2026-10-01', '2026-02-30', 'tomorrow'])).toEqual(['2026-10-01', '2027-01-01']);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-1-01')).toBe(false);
    expect(() => addWorkingDays('2027-02-30', 1, none)).toThrow(/calendar day/);
    expect(() => addWorkingDays('2027-01-04', -1, none)).toThrow();
    expect(() => addWorkingDays('2027-01-04', 1.5, none)).toThrow();
  });
});
