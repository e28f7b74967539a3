/**
 * The one CSV writer of the product (decision 0027): every export (数据分析's tables, the wallet
 * statement) builds its file here, with `csv-stringify`:
 *
 * - RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled; rows end
 *   with CRLF; the file starts with a BOM so that Excel and WPS read the UTF-8 (Chinese) text.
 * - Formula injection (CSV injection, OWASP): text that a spreadsheet would run as a formula — it
 *   starts with = + - @, a tab or a carriage return, or their full-width forms ＝ ＋ － ＠ — gets a
 *   leading apostrophe and is read as text (csv-stringify's `escape_formulas`). We add one case: such
 *   a character after leading spaces. Names people choose (nicknames, company, category and bank
 *   names) reach the exports, so every text field goes through this; numbers are written as numbers,
 *   negative ones included.
 */
import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | null;
type Options = {
  /** columns (0-based) of amounts: numbers written with two decimals (12.3 → 12.30) */
  twoDecimals?: readonly number[];
};

// spaces, then a formula's first character: csv-stringify looks at the very first character only
const SPACED_FORMULA = /^[ \u3000]+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** the file: a BOM, then the rows (CRLF after each) */
export function toCsv(rows: readonly (readonly CsvValue[])[], opts: Options = {}): string {
  const decimals = new Set(opts.twoDecimals ?? []);
  for (const row of rows) {
    for (const v of row) if (typeof v === 'number' && !Number.isFinite(v)) throw new Error('toCsv: not a finite number');
  }
  return stringify(
    rows.map((r) => r.map((v) => (typeof v === 'string' && SPACED_FORMULA.test(v) ? `'${v}` : v))),
    {
      bom: true,
      record_delimiter: 'windows',
      escape_formulas: true,
      // a lone line feed or carriage return breaks the row too (csv-stringify quotes only the whole CRLF)
      quoted_match: /[\r\n]/,
      cast: { number: (n, ctx) => (decimals.has(ctx.index) ? n.toFixed(2) : String(n)) },
    },
  );
}

/** one field as it appears in a file (tests and callers that check a single value) */
export function csvField(v: CsvValue): string {
  return toCsv([[v]]).slice(1, -2);
}
