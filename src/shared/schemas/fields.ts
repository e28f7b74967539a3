/**
 * Field builders every request schema uses, so that a value reaches a service only when it fits
 * its column: text without NUL or other control characters, numbers that are numbers (never "",
 * null, true or "12" in a JSON body) inside the range of their column, dates that exist and lie in
 * a sane range. Each refusal carries an error code from ../errors (zh + en text).
 *
 * Column limits (src/server/db/schema.ts): integer columns are int4 (≤ 2 147 483 647);
 * numeric(p, s) holds at most p − s integer digits and s decimals.
 */
import { z } from 'zod';
import { DATE_YEARS, dateTimeProblem, dayProblem, rangeProblem, type DateProblem } from '../dates';
import type { ErrorCode } from '../errors';

export const INT4_MAX = 2_147_483_647;

/** C0 control characters and DEL. Multi-line fields keep tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const hasInvalidChars = (s: string, multiline = false) => (multiline ? CONTROL_MULTILINE : CONTROL).test(s);

type TextOptions = {
  /** tab and line breaks allowed (descriptions, bios, messages) */
  multiline?: boolean;
  /** the code when the value is missing, blank or not a string */
  required?: ErrorCode;
};

/**
 * Text: a string, trimmed, without NUL or other control characters (TEXT_INVALID_CHARS), at most
 * `max` characters (TEXT_TOO_LONG); with `required`, not blank.
 */
export function text(max: number, opts: TextOptions = {}) {
  const s = z
    .string({ error: opts.required ?? 'BAD_REQUEST' })
    .trim()
    .refine((v) => !hasInvalidChars(v, opts.multiline), { error: 'TEXT_INVALID_CHARS' })
    .refine((v) => v.length <= max, { error: 'TEXT_TOO_LONG', params: { max } });
  return opts.required ? s.refine((v) => v.length > 0, { error: opts.required }) : s;
}

/** Optional text: missing, null or blank → null. */
export const optionalText = (max: number, opts: Omit<TextOptions, 'required'> = {}) =>
  text(max, opts)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

type NumberCodes = {
  /** not a number at all (also "", null, true, "12") */
  invalid: ErrorCode;
  /** below `min` */
  tooSmall?: ErrorCode;
  /** above `max` */
  tooLarge?: ErrorCode;
  /** a fraction where a whole number is needed (default NUMBER_NOT_INTEGER) */
  notInt?: ErrorCode;
};

/** A whole number in [min, max]; JSON numbers only (no coercion from strings, booleans or null). */
export function int(min: number, max: number, codes: NumberCodes) {
  if (max > INT4_MAX) throw new Error('int(): max above the int4 column range');
  return z
    .number({ error: codes.invalid })
    .int({ error: codes.notInt ?? 'NUMBER_NOT_INTEGER' })
    .min(min, { error: codes.tooSmall ?? codes.invalid })
    .max(max, { error: codes.tooLarge ?? codes.tooSmall ?? codes.invalid });
}

/** True when `v` has at most `places` decimals (1.5 has 1; 0.1 + 0.2 counts as 0.3). */
export const hasDecimals = (v: number, places: number) => {
  const scaled = v * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** A number in [min, max] with at most `places` decimals (a numeric(p, places) column). */
export function decimal(min: number, max: number, places: number, codes: NumberCodes) {
  return z
    .number({ error: codes.invalid })
    .min(min, { error: codes.tooSmall ?? codes.invalid })
    .max(max, { error: codes.tooLarge ?? codes.tooSmall ?? codes.invalid })
    .refine((v) => hasDecimals(v, places), { error: codes.invalid });
}

/** A measure in [min, max] (not money) rounded to `places` decimals, the step of its numeric column. */
export function rounded(min: number, max: number, places: number, codes: NumberCodes) {
  return z
    .number({ error: codes.invalid })
    .min(min, { error: codes.tooSmall ?? codes.invalid })
    .max(max, { error: codes.tooLarge ?? codes.tooSmall ?? codes.invalid })
    .transform((v) => Math.round(v * 10 ** places) / 10 ** places);
}

/**
 * A whole number from a query string: only a string of digits is read (no "", " 5", "1e1", "0x10",
 * "-1", "1.5"), then checked like `int`.
 */
export function queryInt(min: number, max: number, code: ErrorCode = 'BAD_REQUEST') {
  return (
    z
      .string({ error: code })
      .regex(/^\d{1,10}$/, { error: code })
      .transform(Number)
      .pipe(int(min, max, { invalid: code }))
      // what the API document says: an integer parameter in [min, max] (its digits are what the query carries)
      .meta({ type: 'integer', minimum: min, maximum: max })
  );
}

/**
 * A keyset cursor in a query (a ledger sequence number, bigint in the database): 1 to 15 digits, read as a
 * number; an integer parameter in the API document.
 */
export function queryCursor(code: ErrorCode = 'BAD_REQUEST') {
  return z
    .string({ error: code })
    .regex(/^[1-9]\d{0,14}$/, { error: code })
    .transform(Number)
    .meta({ type: 'integer', minimum: 1, maximum: 999_999_999_999_999 });
}

export { DATE_YEARS, parseIsoDateTime } from '../dates';

type DateCodes = {
  /** not a date at all, or no such day (2026-02-30, 2026-13-45) */
  invalid: ErrorCode;
  /** a real day outside DATE_YEARS (0599-01-01) */
  outOfRange: ErrorCode;
};
/** One code for both (a form field's own message), or DATE_INVALID / DATE_OUT_OF_RANGE. */
const dateCodes = (code?: ErrorCode): DateCodes => (code ? { invalid: code, outOfRange: code } : { invalid: 'DATE_INVALID', outOfRange: 'DATE_OUT_OF_RANGE' });

function dateField(
  problemOf: (v: string) => DateProblem,
  code: ErrorCode | undefined,
  doc: { format: 'date' | 'date-time'; description: string; example: string },
) {
  const c = dateCodes(code);
  // no trimming: " 2026-01-05" is not how a date is written
  return z
    .string({ error: c.invalid })
    .superRefine((v, ctx) => {
      const problem = problemOf(v);
      if (problem === 'invalid') ctx.addIssue({ code: 'custom', message: c.invalid });
      else if (problem === 'range') ctx.addIssue({ code: 'custom', message: c.outOfRange, params: { min: DATE_YEARS.min, max: DATE_YEARS.max } });
    })
    .meta({ format: doc.format, description: doc.description, examples: [doc.example] });
}

/**
 * A calendar day, YYYY-MM-DD: a day that exists, in DATE_YEARS. Every date parameter of the API (query
 * or body) is this field; `code` names the field's own message, else DATE_INVALID / DATE_OUT_OF_RANGE.
 */
export const calendarDay = (code?: ErrorCode) =>
  dateField(dayProblem, code, { format: 'date', description: `A calendar day, YYYY-MM-DD, in ${DATE_YEARS.min}–${DATE_YEARS.max}`, example: '2026-10-01' });

/** An ISO date-time with an offset (kept as sent), checked like calendarDay and with a real zone (±14:00 at most). */
export const isoDateTime = (code?: ErrorCode) =>
  dateField(dateTimeProblem, code, {
    format: 'date-time',
    description: `ISO 8601 with a zone (Z or ±hh:mm, at most ±14:00), in ${DATE_YEARS.min}–${DATE_YEARS.max}`,
    example: '2026-10-01T20:00:00+08:00',
  });

/**
 * The range rule of a query with `from` and `to` days (either may be missing: the service fills it
 * in and checks again with rangeProblem): forwards, and at most `maxDays` long when given.
 */
export function dayRangeRule(maxDays?: number) {
  return (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
    if (!v.from || !v.to || dayProblem(v.from) || dayProblem(v.to)) return;
    const problem = rangeProblem(v.from, v.to, maxDays);
    if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem.code, ...(problem.params ? { params: problem.params } : {}) });
  };
}

// ---------------------------------------------------------------------------------------------
// money and rates in the API (decision 0053): every amount is integer cents of US dollars named `…Cents`,
// every percentage integer basis points named `…Bps` (20 % = 2000), both ways; each says so in the document.

/** the largest amount any request may carry: $100,000,000.00, stored in bigint columns */
export const CENTS_MAX = 10_000_000_000;

/** An amount in a response: integer cents (USD); `what` says what it is (the document's description). */
export const centsOut = (what: string) => z.number().int().describe(`${what}, in integer cents (USD): 123456 is $1,234.56`);
/** A percentage in a response: integer basis points (1 % = 100, 100 % = 10000). */
export const bpsOut = (what: string) => z.number().int().describe(`${what}, in integer basis points: 2000 is 20 %, 10000 is 100 %`);

/** An amount in a request: a JSON integer of cents (USD) in [min, max] (never dollars, never a fraction). */
export function centsIn(min: number, max: number, codes: NumberCodes, what: string) {
  if (max > CENTS_MAX) throw new Error('centsIn(): max above CENTS_MAX');
  return z
    .number({ error: codes.invalid })
    .int({ error: codes.notInt ?? codes.invalid })
    .min(min, { error: codes.tooSmall ?? codes.invalid })
    .max(max, { error: codes.tooLarge ?? codes.tooSmall ?? codes.invalid })
    .describe(`${what}, in integer cents (USD): 123456 is $1,234.56; ${min}–${max}`);
}

/**
 * A percentage in a request: integer basis points in [min, max]; `step` keeps a coarser rule of the product
 * (100: whole percents only, 10: one decimal) and refuses anything between with `codes.invalid`.
 */
export function bpsIn(min: number, max: number, step: number, codes: NumberCodes, what: string) {
  const rule = step === 100 ? 'whole percents only (a multiple of 100)' : step === 10 ? 'one decimal of a percent at most (a multiple of 10)' : 'any integer';
  return z
    .number({ error: codes.invalid })
    .int({ error: codes.notInt ?? codes.invalid })
    .min(min, { error: codes.tooSmall ?? codes.invalid })
    .max(max, { error: codes.tooLarge ?? codes.tooSmall ?? codes.invalid })
    .refine((v) => v % step === 0, { error: codes.invalid })
    .describe(`${what}, in integer basis points (2000 is 20 %): ${min}–${max}, ${rule}`);
}
