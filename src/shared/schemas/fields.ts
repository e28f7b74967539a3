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

/** The years an ISO date-time may name (anything else is a typo or an attack, not a date). */
export const DATE_YEARS = { min: 1970, max: 2100 } as const;

/** Parses an ISO 8601 date-time with an offset; null when malformed, impossible (2月30日) or out of DATE_YEARS. */
export function parseIsoDateTime(v: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.exec(v);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0'] = m;
  const year = Number(y);
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return null;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  // the day must exist in that month (2026-02-30 does not)
  const daysInMonth = new Date(Date.UTC(year, Number(mo), 0)).getUTCDate();
  if (Number(d) < 1 || Number(d) > daysInMonth) return null;
  const date = new Date(v);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An ISO date-time string (kept as sent) that parseIsoDateTime accepts. */
export const isoDateTime = (code: ErrorCode = 'DATE_INVALID') =>
  z.string({ error: code }).trim().refine((v) => parseIsoDateTime(v) !== null, { error: code });
