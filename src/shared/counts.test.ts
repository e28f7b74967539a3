import { describe, expect, it } from 'vitest';
import { displayCount, formatCount, parseCount } from './counts';

describe('counts', () => {
  it('reads counts as people write them', () => {
    expect(parseCount('12.5万')).toBe(125_000);
    expect(parseCount('1.2亿')).toBe(120_000_000);
    expect(parseCount('8,932')).toBe(8932);
    expect(parseCount('3k')).toBe(3000);
    expect(parseCount('2.5M')).toBe(2_500_000);
    expect(parseCount('')).toBeNull();
    expect(parseCount('很多')).toBeNull();
    expect(parseCount(42)).toBe(42);
  });
  it('shows them in the reader’s language', () => {
    expect(formatCount(125_000, 'zh')).toBe('12.5万');
    expect(formatCount(125_000, 'en')).toBe('125K');
    expect(formatCount(120_000_000, 'zh')).toBe('1.2亿');
    expect(formatCount(120_000_000, 'en')).toBe('120M');
    expect(formatCount(8932, 'en')).toBe('8,932');
    expect(formatCount(10_000, 'zh')).toBe('1万');
    expect(displayCount('12.5万', 'en')).toBe('125K');
    expect(displayCount('很多', 'en')).toBe('很多');
    expect(displayCount(null, 'zh')).toBe('0');
  });
});
