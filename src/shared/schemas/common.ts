import { z } from 'zod';
import { queryInt } from './fields';

/** A 204 answer: done, nothing to say (a DELETE, signing out, a changed password). */
export const noContent = z.undefined().describe('Done; no body');
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

/**
 * The one list shape (decision 0054): every list operation takes `page` (from 1) and `limit` and answers
 * `{ items, total, page, limit }` — `items` the page's entries, `total` how many there are in all
 * (some lists count up to a cap, said in their description). A list may add fields about the whole
 * list next to them (unreadCount, perDay, …).
 */
export const pageQuery = (defaultLimit = 20, maxLimit = 100) =>
  z.object({
    page: queryInt(1, 100_000).default(1),
    limit: queryInt(1, maxLimit).default(defaultLimit),
  });
export type PageQuery = { page: number; limit: number };
export const pageFields = {
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
};
/** `{ items: T[], total, page, limit }` */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), ...pageFields });
export type ListOf<T> = { items: T[]; total: number; page: number; limit: number };
/** One page of a list already read whole (a list that is small and bounded by the rules: categories, keys, …). */
export function pageOfAll<T>(all: T[], q: PageQuery): ListOf<T> {
  const start = (q.page - 1) * q.limit;
  return { items: all.slice(start, start + q.limit), total: all.length, page: q.page, limit: q.limit };
}
