import type { z } from 'zod';
import type { ErrorParams } from '@shared/errors';

/** A field problem: an error code from @shared/errors (zod issue messages are codes) and its params. */
export type FieldError = { code: string; params?: ErrorParams };
export type FieldErrors = Record<string, FieldError>;

/** Dotted path as the server uses it in error.fields (list indexes dropped: the field is the list). */
export const pathKey = (path: readonly PropertyKey[]) =>
  path
    .filter((p) => typeof p !== 'number')
    .map(String)
    .join('.');

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = pathKey(issue.path);
    if (out[key]) continue;
    const params = issue.code === 'custom' ? (issue.params as ErrorParams | undefined) : undefined;
    out[key] = { code: issue.message, params };
  }
  return out;
}

export function serverFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  if (!fields) return out;
  for (const [k, code] of Object.entries(fields)) {
    // error.fields carries codes only: the talent type of 请选择{type}的经验 is in the path
    const type = /^talent\.details\.([^.]+)\./.exec(k)?.[1];
    out[k.replace(/\.\d+(?=\.|$)/g, '')] = type ? { code, params: { type } } : { code };
  }
  return out;
}

/** Drops the errors at `prefix` and below (a field changed, its old server error no longer applies). */
export function withoutPrefix(errors: FieldErrors, prefix: string): FieldErrors {
  let changed = false;
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) {
    if (k === prefix || k.startsWith(`${prefix}.`)) changed = true;
    else out[k] = v;
  }
  return changed ? out : errors;
}
