/**
 * Request header names shared by the server and the web client. Kept out of the zod schemas so a web
 * chunk that only needs a name does not pull zod in (decision 0021).
 */

/** A task creation's idempotency key: a retried publish creates the task once (schemas/tasks.ts). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
