import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDay, dayRangeRule, decimal, int, isoDateTime, parseIsoDateTime, queryInt, text } from './fields';
import { dayProblem, rangeProblem } from '../dates';
import { liveDateInWindow, taskCreateRequest } from './tasks';
import { materialsUpdate } from './profiles';

const codes = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('text()', () => {
  it('trims, refuses NUL and control characters, keeps line breaks only where multi-line', () => {
    const line = text(10, { required: 'FIELD_REQUIRED' });
    expect(line.parse('  ab  ')).toBe('ab');
    expect(codes(line.safeParse('a\u0000b'))).toEqual([':TEXT_INVALID_CHARS']);
    expect(codes(line.safeParse('a\u001bb'))).toEqual([':TEXT_INVALID_CHARS']);
    expect(codes(line.safeParse('a\nb'))).toEqual([':TEXT_INVALID_CHARS']);
    expect(codes(line.safeParse('   '))).toEqual([':FIELD_REQUIRED']);
    expect(codes(line.safeParse(null))).toEqual([':FIELD_REQUIRED']);
    expect(codes(line.safeParse('x'.repeat(11)))).toEqual([':TEXT_TOO_LONG']);
    const lines = text(100, { multiline: true });
    expect(lines.parse('a\n\tb\r\nc')).toBe('a\n\tb\r\nc');
    expect(codes(lines.safeParse('a\u0000b'))).toEqual([':TEXT_INVALID_CHARS']);
  });
});

describe('numbers', () => {
  it('int() and decimal() take JSON numbers only, in range', () => {
    const n = int(0, 100, { invalid: 'NUMBER_INVALID', tooLarge: 'NUMBER_TOO_LARGE' });
    for (const bad of ['', null, true, '12', [], {}, Number.NaN]) expect(codes(n.safeParse(bad)), String(bad)).toEqual([':NUMBER_INVALID']);
    expect(codes(n.safeParse(1.5))).toEqual([':NUMBER_NOT_INTEGER']);
    expect(codes(n.safeParse(101))).toEqual([':NUMBER_TOO_LARGE']);
    expect(() => int(0, 2 ** 31, { invalid: 'NUMBER_INVALID' })).toThrow();
    const money = decimal(0, 1000, 2, { invalid: 'NUMBER_INVALID' });
    expect(money.parse(99.5)).toBe(99.5);
    expect(money.parse(0.1 + 0.2)).toBeCloseTo(0.3);
    expect(codes(money.safeParse(1.555))).toEqual([':NUMBER_INVALID']);
  });
  it('queryInt() reads a string of digits and nothing else', () => {
    const q = queryInt(1, 50);
    expect(q.parse('12')).toBe(12);
    for (const bad of ['', ' 5', '1e1', '0x10', '-1', '1.5', '0', '51', '99999999999', 'abc']) expect(q.safeParse(bad).success, bad).toBe(false);
  });
});

describe('dates', () => {
  it('parseIsoDateTime() accepts real dates with an offset within 1970–2100', () => {
    expect(parseIsoDateTime('2026-06-01T20:00:00.000Z')?.toISOString()).toBe('2026-06-01T20:00:00.000Z');
    expect(parseIsoDateTime('2026-06-01T20:00+08:00')?.toISOString()).toBe('2026-06-01T12:00:00.000Z');
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '+010000-01-01T00:00:00.000Z',
      '2026-02-30T10:00:00Z',
      '2026-06-01T24:00:00Z',
      '2026-06-01',
      '2026-06-01T20:00:00',
      'x',
    ]) {
      expect(parseIsoDateTime(bad), bad).toBeNull();
    }
  });
  it('parseIsoDateTime() wants a zone that exists: ±14:00 at most, minutes below 60', () => {
    expect(parseIsoDateTime('2026-06-01T20:00:00+14:00')?.toISOString()).toBe('2026-06-01T06:00:00.000Z');
    expect(parseIsoDateTime('2026-06-01T20:00:00-12:00')?.toISOString()).toBe('2026-06-02T08:00:00.000Z');
    for (const bad of [
      '2026-06-01T20:00:00+14:01',
      '2026-06-01T20:00:00-23:59',
      '2026-06-01T20:00:00+08:60',
      '2026-06-01T20:00:00+0800',
      '2026-06-01T20:00:00 UTC',
    ]) {
      expect(parseIsoDateTime(bad), bad).toBeNull();
    }
  });
  it('calendarDay(): YYYY-MM-DD of a day that exists in 1970–2100, its own code for each problem', () => {
    const day = calendarDay();
    expect(day.parse('2028-02-29')).toBe('2028-02-29');
    expect(day.parse('2000-02-29')).toBe('2000-02-29');
    for (const bad of ['2026-13-45', '2026-02-31', '2026-02-29', '2100-02-29', '2026-1-05', ' 2026-01-05', '2026-01-05T00:00:00Z', '99999-01-01', '', 'x']) {
      expect(codes(day.safeParse(bad)), bad).toEqual([':DATE_INVALID']);
    }
    for (const far of ['0599-01-01', '1969-12-31', '2101-01-01']) expect(codes(day.safeParse(far)), far).toEqual([':DATE_OUT_OF_RANGE']);
    expect(codes(day.safeParse(20260105))).toEqual([':DATE_INVALID']);
    // a field's own code stands for both
    expect(codes(calendarDay('SETTING_HOLIDAYS_INVALID').safeParse('0599-01-01'))).toEqual([':SETTING_HOLIDAYS_INVALID']);
    expect(codes(isoDateTime('DEAL_SCHEDULE_INVALID').safeParse('2026-02-30T10:00:00Z'))).toEqual([':DEAL_SCHEDULE_INVALID']);
    expect(codes(isoDateTime().safeParse('1969-12-31T23:00:00Z'))).toEqual([':DATE_OUT_OF_RANGE']);
    expect(dayProblem('0099-01-01')).toBe('range'); // not read as 1999 (Date.UTC's two-digit years)
  });
  it('a range of days runs forwards and is at most as long as allowed', () => {
    expect(rangeProblem('2026-01-01', '2026-01-01', 1)).toBeNull();
    expect(rangeProblem('2026-01-02', '2026-01-01')).toEqual({ code: 'DATE_RANGE_REVERSED' });
    expect(rangeProblem('2025-01-01', '2026-01-01', 366)).toBeNull(); // 366 days, both ends counted
    expect(rangeProblem('2024-12-31', '2026-01-01', 366)).toEqual({ code: 'DATE_RANGE_TOO_LONG', params: { max: 366 } });
    const query = z.object({ from: calendarDay().optional(), to: calendarDay().optional() }).superRefine(dayRangeRule(31));
    expect(codes(query.safeParse({ from: '2026-03-01', to: '2026-02-01' }))).toEqual(['from:DATE_RANGE_REVERSED']);
    expect(codes(query.safeParse({ from: '2026-01-01', to: '2026-02-01' }))).toEqual(['from:DATE_RANGE_TOO_LONG']);
    expect(query.safeParse({ from: '2026-03-01' }).success).toBe(true);
  });
  it('liveDateInWindow(): from now (5 minutes of grace) to one year ahead', () => {
    const now = new Date('2026-03-10T08:00:00Z');
    expect(liveDateInWindow(new Date('2026-03-10T07:56:00Z'), now)).toBe(true);
    expect(liveDateInWindow(new Date('2026-03-10T07:54:00Z'), now)).toBe(false);
    expect(liveDateInWindow(new Date('2027-03-10T08:00:00Z'), now)).toBe(true);
    expect(liveDateInWindow(new Date('2027-03-10T08:00:01Z'), now)).toBe(false);
  });
});

describe('the forms see the server messages', () => {
  const task = { title: '直播', description: '描述', categoryId: '00000000-0000-4000-8000-000000000000', budgetMinCents: 10_000, budgetMaxCents: 300_000 };
  it('publish form: amounts above 0 and at most the maximum budget', () => {
    expect(codes(taskCreateRequest.safeParse({ ...task, isAdvancePaid: true, paidAmountCents: 300_001 }))).toEqual([
      'paidAmountCents:TASK_PREPAYMENT_OVER_BUDGET',
    ]);
    // integer cents only (decision 0053): dollars with a fraction are refused, never taken 100× off
    expect(codes(taskCreateRequest.safeParse({ ...task, isAdvancePaid: true, paidAmountCents: 3000.5 }))).toEqual(['paidAmountCents:TASK_PREPAYMENT_INVALID']);
    expect(codes(taskCreateRequest.safeParse({ ...task, requiresDeposit: true, depositAmountCents: 0 }))).toEqual(['depositAmountCents:TASK_DEPOSIT_INVALID']);
    expect(codes(taskCreateRequest.safeParse({ ...task, budgetMinCents: '' }))).toEqual(['budgetMinCents:TASK_BUDGET_REQUIRED']);
    expect(codes(taskCreateRequest.safeParse({ ...task, liveDate: '0000-01-01T00:00:00Z' }))).toEqual(['liveDate:TASK_LIVE_DATE_INVALID']);
    expect(codes(taskCreateRequest.safeParse({ ...task, title: '口红\u0000' }))).toEqual(['title:TEXT_INVALID_CHARS']);
  });
  it('publish form: the online location typed in either language (or left blank) is stored as 线上, a place as typed', () => {
    const location = (v: unknown) => {
      const r = taskCreateRequest.safeParse(v === undefined ? task : { ...task, location: v });
      return r.success ? r.data.location : null;
    };
    for (const online of [undefined, '', '  ', '线上', 'Online', ' online ', 'ONLINE']) expect(location(online)).toBe('线上');
    expect(location('上海')).toBe('上海');
    expect(location(' Shanghai ')).toBe('Shanghai');
    expect(location('Online shop in Hangzhou')).toBe('Online shop in Hangzhou');
  });
  it('supplement form: the follower count is a whole number, not "" or a string', () => {
    const base = { firstName: '王', lastName: '明', phoneNumber: '13800138000', nickname: 'n', tiktokAccount: 'a', tiktokProfileUrl: 'https://t.example/a' };
    expect(materialsUpdate.safeParse({ ...base, tiktokFollowersCount: 52000 }).success).toBe(true);
    expect(codes(materialsUpdate.safeParse({ ...base, tiktokFollowersCount: '' }))).toEqual(['tiktokFollowersCount:FIELD_REQUIRED']);
    expect(codes(materialsUpdate.safeParse({ ...base, tiktokFollowersCount: 2147483648 }))).toEqual(['tiktokFollowersCount:NUMBER_TOO_LARGE']);
  });
});
