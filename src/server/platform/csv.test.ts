import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('the CSV writer (decision 0027)', () => {
  it('quotes what RFC 4180 needs quoted (a lone line feed too) and leaves plain text and numbers bare', () => {
    expect(csvField('美妆')).toBe('美妆');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(0)).toBe('0');
    expect(csvField(-12)).toBe('-12');
    expect(csvField('2026-11-20')).toBe('2026-11-20');
    expect(() => toCsv([[Number.NaN]])).toThrow();
  });

  it('writes anything a spreadsheet would run as text: an apostrophe first', () => {
    for (const [v, out] of [
      ['=1+1', `'=1+1`],
      ['+8613800138000', `'+8613800138000`],
      ['-2', `'-2`],
      ['@SUM(A1)', `'@SUM(A1)`],
      ['\tx', `'\tx`],
      ['\rx', `"'\rx"`],
      ['＝1+1', `'＝1+1`],
      ['＋1', `'＋1`],
      ['－1', `'－1`],
      ['＠A1', `'＠A1`],
      ['  =1+1', `'  =1+1`],
      ['\u3000=1+1', `'\u3000=1+1`],
      ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ] as const) {
      expect(csvField(v), JSON.stringify(v)).toBe(out);
    }
    // a formula character later in the text, or spaces before plain text, are harmless
    expect(csvField('a=1')).toBe('a=1');
    expect(csvField('王-2')).toBe('王-2');
    expect(csvField('  abc')).toBe('  abc');
  });

  it('the file: BOM, CRLF after each row, amounts with two decimals where asked', () => {
    expect(
      toCsv(
        [
          ['a', -1, 12.3],
          ['-b', 2, -0.01],
        ],
        { twoDecimals: [2] },
      ),
    ).toBe(`\uFEFFa,-1,12.30\r\n'-b,2,-0.01\r\n`);
    expect(toCsv([['x', 1]])).toBe('\uFEFFx,1\r\n');
  });
});
