import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatMoney, formatMoneyDigits, joinList, toDate } from './format';

const AT = '2026-11-26T02:50:40Z'; // 10:50:40 in Beijing
const SH = 'Asia/Shanghai';

describe('dates: one numeric 24-hour form per language, in the given zone', () => {
  it('shows a moment with its time, the day, the time of day and with seconds', () => {
    expect(formatMoment(AT, 'zh', SH)).toBe('2026/11/26 10:50');
    expect(formatMoment(AT, 'en', SH)).toBe('11/26/2026, 10:50');
    expect(formatMoment(AT, 'zh', SH, 'date')).toBe('2026/11/26');
    expect(formatMoment(AT, 'en', SH, 'date')).toBe('11/26/2026');
    expect(formatMoment(AT, 'zh', SH, 'time')).toBe('10:50:40');
    expect(formatMoment(AT, 'zh', SH, 'seconds')).toBe('2026/11/26 10:50:40');
    expect(formatMoment(AT, 'en', SH, 'seconds')).toBe('11/26/2026, 10:50:40');
  });

  it('never says AM or PM, and five past midnight is 00:05 (not 24:05)', () => {
    const afternoon = '2026-11-26T08:05:00Z'; // 16:05 in Beijing
    const midnight = '2026-11-26T16:05:00Z'; // 00:05 on the 27th in Beijing
    for (const lang of ['zh', 'en'] as const) {
      for (const style of ['dateTime', 'time', 'seconds'] as const) {
        expect(formatMoment(afternoon, lang, SH, style)).not.toMatch(/AM|PM|上午|下午/);
        expect(formatMoment(midnight, lang, SH, style)).toMatch(/\b00:05/);
      }
    }
    expect(formatMoment(afternoon, 'en', SH)).toBe('11/26/2026, 16:05');
  });

  it('follows the zone it is given (the visitor’s, for the first paint)', () => {
    expect(formatMoment(AT, 'zh', 'UTC')).toBe('2026/11/26 02:50');
    expect(formatMoment(AT, 'zh', 'America/New_York')).toBe('2026/11/25 21:50');
  });

  it('reads ISO text, epoch milliseconds and dates; anything else is empty', () => {
    expect(formatMoment(Date.parse(AT), 'zh', SH)).toBe('2026/11/26 10:50');
    expect(formatMoment(new Date(AT), 'zh', SH)).toBe('2026/11/26 10:50');
    for (const bad of [null, undefined, '', 'not a date', Number.NaN]) expect(formatMoment(bad, 'zh', SH)).toBe('');
    expect(toDate('2026-13-45')).toBeNull();
  });
});

describe('calendar days', () => {
  it('shows a day kept as text in the language’s date form, in no zone', () => {
    expect(formatDay('2026-12-08', 'zh')).toBe('2026/12/08');
    expect(formatDay('2026-12-08', 'en')).toBe('12/08/2026');
    expect(formatDay('2026-12-08', 'en', 'monthDay')).toBe('12/08');
    expect(formatDay('2026-12-08', 'zh', 'monthDay')).toBe('12/08');
    expect(formatDay('2026-02-30', 'zh')).toBe('2026-02-30');
    expect(formatDay('soon', 'en')).toBe('soon');
  });
});

describe('money: cents always, the same in both languages', () => {
  it('shows integer cents as dollars with cents', () => {
    expect(formatMoney(150000)).toBe('$1,500.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-30000)).toBe('-$300.00');
    expect(formatMoney(30000, { sign: true })).toBe('+$300.00');
    expect(formatMoney(123456789012)).toBe('$1,234,567,890.12');
    expect(formatMoneyDigits(150000)).toBe('1,500.00');
  });

  it('shows every amount from integer cents: a budget, a quote, an hourly rate (decision 0053)', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(150000)).toBe('$1,500.00');
    expect(formatMoney(9950)).toBe('$99.50');
    expect(formatMoneyDigits(300000)).toBe('3,000.00');
  });
});

describe('lists', () => {
  it('joins with the enumeration comma in Chinese and a comma in English, without "and"', () => {
    expect(joinList(['美妆', '服饰', '食品'], 'zh')).toBe('美妆、服饰、食品');
    expect(joinList(['Beauty', 'Fashion', 'Food'], 'en')).toBe('Beauty, Fashion, Food');
    expect(joinList(['Beauty'], 'en')).toBe('Beauty');
    expect(joinList([], 'zh')).toBe('');
  });
});
