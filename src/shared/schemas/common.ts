import { z } from 'zod';
import { ERRORS } from '../errors';
import { queryInt } from './fields';

const codes = Object.keys(ERRORS) as [keyof typeof ERRORS, ...(keyof typeof ERRORS)[]];

/** Every error code (src/shared/errors.ts): one enum, named once in the API document. */
export const errorCode = z.enum(codes);

export const errorBody = z.object({
  error: z.object({
    code: errorCode,
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    fields: z.record(z.string(), errorCode).optional(),
    /** the request's id, as in the X-Request-Id header of the answer and in the server's log lines */
    requestId: z.string().optional(),
  }),
});

export const okBody = z.object({ ok: z.literal(true) });
export const idParam = z.object({ id: z.string().uuid() });

/** Email: trimmed, lower-cased, required, well-formed (part 1 §5). */
export const emailField = z
  .string({ error: 'EMAIL_REQUIRED' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'EMAIL_REQUIRED' })
  .max(254, { error: 'EMAIL_INVALID' })
  .pipe(z.email({ error: 'EMAIL_INVALID' }));

/** Password: trimmed, required, 6..128 characters (part 1 §5). */
export const passwordField = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .trim()
  .min(1, { error: 'PASSWORD_REQUIRED' })
  .min(6, { error: 'PASSWORD_TOO_SHORT' })
  .max(128, { error: 'PASSWORD_TOO_LONG' });

/** For sign-in only presence is checked: a short password simply does not match. */
export const loginPasswordField = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .trim()
  .min(1, { error: 'PASSWORD_REQUIRED' })
  .max(128, { error: 'PASSWORD_TOO_LONG' });

export const pagination = z.object({
  page: queryInt(1, 100_000).default(1),
  limit: queryInt(1, 100).default(20),
});
