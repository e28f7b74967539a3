/**
 * The one CSV writer of the product (decision 0027): every export (数据分析's tables, the wallet
 * statement) builds its file here.
 *
 * - RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled; rows end
 *   with CRLF; the file starts with a BOM so that Excel and WPS read the UTF-8 (Chinese) text.
 * - Formula injection (CSV injection, OWASP): text that a spreadsheet would read as a formula — it
 *   starts with = + - @, a tab or a carriage return, their full-width forms (＝ ＋ － ＠), or spaces
 *   before one of them — is written as text: a leading apostrophe, and the field quoted. Names people
 *   choose (nicknames, company, category and bank names) reach the exports, so every text field is
 *   treated this way; only numbers are written bare, negative ones included.
 */

/** A decimal the server wrote itself ("-12.34"): written bare like a number, never neutralised. */
export type CsvDecimal = { readonly decimal: string };
export type CsvValue = string | number | null | CsvDecimal;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** marks a decimal string (an amount formatted from cents) as a number of the file */
export function csvDecimal(text: string): CsvDecimal {
  if (!DECIMAL.test(text)) throw new Error('csvDecimal: not a decimal number');
  return { decimal: text };
}

// a formula's first character, maybe after spaces: = + - @ (ASCII and full-width), tab, carriage return
const FORMULA_START = /^[ \u3000]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** one field of a row */
export function csvField(v: CsvValue): string {
  if (v === null) return '';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('csvField: not a finite number');
    return String(v);
  }
  if (typeof v === 'object') return v.decimal;
  if (FORMULA_START.test(v)) return `"'${v.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** the file: a BOM, then the rows joined by CRLF, ending with one */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return '\uFEFF' + rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
