import { describe, expect, it } from 'vitest';
import { dollars, formatCents, parseDollars } from './money';

describe('dollars to cents by string handling', () => {
  it('parses what people type', () => {
    expect(parseDollars('1,234.56')).toBe(123456);
    expect(parseDollars('1234.56')).toBe(123456);
    expect(parseDollars(' $12 ')).toBe(1200);
    expect(parseDollars('0.5')).toBe(50);
    expect(parseDollars('0.07')).toBe(7);
    expect(parseDollars('100.10')).toBe(10010);
    expect(parseDollars('1,000,000')).toBe(100_000_000);
    // 0.1 + 0.2 style float traps do not exist here
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars('1.15')).toBe(115);
  });
  it('refuses everything else', () => {
    for (const bad of ['', ' ', '-1', '+1', '1e3', '1.234', '12,34', '1,2345', 'abc', '1.', '.5', 'NaN', 'Infinity', '1 000', '12345678901234567890']) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });
  it('formats cents', () => {
    expect(formatCents(123456)).toBe('1,234.56');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-50)).toBe('-0.50');
    expect(formatCents(100_000_000)).toBe('1,000,000.00');
    expect(dollars(123456)).toBe('$1,234.56');
    expect(dollars(-250)).toBe('-$2.50');
    expect(dollars(250, { sign: true })).toBe('+$2.50');
    expect(() => formatCents(1.5)).toThrow();
  });
});
