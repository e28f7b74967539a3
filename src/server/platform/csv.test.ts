import { describe, expect, it } from 'vitest';
import { csvDecimal, csvField, toCsv } from './csv';

describe('the CSV writer (decision 0027)', () => {
  it('quotes what RFC 4180 needs quoted and leaves plain text and numbers bare', () => {
    expect(csvField('美妆')).toBe('美妆');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(0)).toBe('0');
    expect(csvField(-12)).toBe('-12');
    expect(csvField('2026-11-20')).toBe('2026-11-20');
    expect(() => csvField(Number.NaN)).toThrow();
  });

  it('writes anything a spreadsheet would run as text: an apostrophe first, quoted', () => {
    for (const [v, out] of [
      ['=1+1', `"'=1+1"`],
      ['+8613800138000', `"'+8613800138000"`],
      ['-2', `"'-2"`],
      ['@SUM(A1)', `"'@SUM(A1)"`],
      ['\tx', `"'\tx"`],
      ['\rx', `"'\rx"`],
      ['＝1+1', `"'＝1+1"`],
      ['＋1', `"'＋1"`],
      ['－1', `"'－1"`],
      ['＠A1', `"'＠A1"`],
      ['  =1+1', `"'  =1+1"`],
      ['\u3000=1+1', `"'\u3000=1+1"`],
      ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ] as const) {
      expect(csvField(v), JSON.stringify(v)).toBe(out);
    }
    // a formula character later in the text is harmless
    expect(csvField('a=1')).toBe('a=1');
    expect(csvField('王-2')).toBe('王-2');
  });

  it('decimals the server formatted stay numbers; anything else is refused', () => {
    expect(csvField(csvDecimal('-12.34'))).toBe('-12.34');
    expect(csvField(csvDecimal('1234.50'))).toBe('1234.50');
    for (const bad of ['=1', '1,234.50', '$1.00', '', '1e3']) expect(() => csvDecimal(bad), bad).toThrow();
    expect(toCsv([['a', csvDecimal('-1.00')], ['-b', 2]])).toBe(`\uFEFFa,-1.00\r\n"'-b",2\r\n`);
  });
});
