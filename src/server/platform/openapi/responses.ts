/**
 * Which statuses an operation can answer, derived in one place from what the route declares (decision
 * 0031): its guard, its inputs, its method, plus what every API route can answer. A route lists only the
 * statuses its service decides (a 404 of a missing row, a 409 of a state that does not allow the change);
 * `completeResponses` adds the rest, each with the product's one error body.
 */
import type { Readable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas/errorBody';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body the route reads itself (a multipart stream, raw bytes to check a signature over): described in
     * the document as the body of this media type, never validated by Fastify (decision 0052).
     */
    documentedBody?: { mediaType: string; schema: z.ZodType };
  }
}

/** What a guard can answer before the route runs: 401 for a visitor, 403 for a wrong role or permission. */
const GUARD_STATUSES = new WeakMap<object, readonly number[]>();

/** Marks a preValidation guard with the statuses it answers (platform/session.ts, platform/admin.ts). */
export function markGuard<T extends object>(fn: T, statuses: readonly number[]): T {
  GUARD_STATUSES.set(fn, statuses);
  return fn;
}

/** Marks an onRequest hook that answers 404 to clients it refuses (platform/loopback.ts). */
export const markHidingHook = <T extends object>(fn: T): T => markGuard(fn, [404]);

/** The error statuses every /api/ operation can answer:
 * 403 an API key sent to an operation not open to keys (API_KEY_NOT_ALLOWED, platform/apiKeyAuth.ts);
 * 414 an address over 8 KB or a path segment over 100 characters; 431 a request line and headers over 16 KB (Node
 * refuses it before routing, app.ts's clientErrorHandler answers the error body); 429 the per-address limit;
 * 500 a fault, 503 the database unreachable (both in the error body). */
export const GLOBAL_STATUSES = [403, 414, 429, 431, 500, 503] as const;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const hooksOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v ? [v] : []);

type Schema = {
  hide?: boolean;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
};

/** Whether a route's guard refuses visitors (it answers 401): the operation needs somebody signed in. */
export function requiresSignIn(route: Pick<RouteOptions, 'preValidation' | 'onRequest' | 'preHandler'>): boolean {
  return [...hooksOf(route.onRequest), ...hooksOf(route.preValidation), ...hooksOf(route.preHandler)].some(
    (hook) => typeof hook === 'function' && (GUARD_STATUSES.get(hook) ?? []).includes(401),
  );
}

/** The error statuses of a route, derived from its declaration (see the module comment). */
export function derivedStatuses(route: Pick<RouteOptions, 'method' | 'preValidation' | 'onRequest' | 'preHandler' | 'schema'>): number[] {
  const out = new Set<number>(GLOBAL_STATUSES);
  for (const hook of [...hooksOf(route.onRequest), ...hooksOf(route.preValidation), ...hooksOf(route.preHandler)]) {
    for (const s of (typeof hook === 'function' && GUARD_STATUSES.get(hook)) || []) out.add(s);
  }
  const schema = (route.schema ?? {}) as Schema;
  // a path parameter names a resource: malformed (400) or missing (404)
  if (schema.params) {
    out.add(400);
    out.add(404);
  }
  if (schema.querystring || schema.headers) out.add(400);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => MUTATING.has(String(m)))) {
    // the cross-site check (platform/csrf.ts) refuses a foreign Origin
    out.add(403);
    // Fastify reads a body sent to these methods whether or not the route takes one (decision 0052): not JSON, or a
    // multipart without its boundary (400); over the body limit (413); a media type no parser reads (415)
    out.add(400);
    out.add(413);
    out.add(415);
  }
  if (schema.body) {
    // empty or not the declared shape (400)
    out.add(400);
  }
  return [...out].sort((a, b) => a - b);
}

/** Fills the route's response map: every derived status (and every declared one) answers the error body. */
export function completeResponses(route: RouteOptions, extra: readonly number[] = []) {
  const schema = route.schema as Schema | undefined;
  if (!schema || schema.hide) return;
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  for (const status of [...derivedStatuses(route), ...extra]) {
    // the unexpected server errors are one range (an operation's own 5xx, e.g. 502 SEND_FAILED, stays as declared)
    const key = status >= 500 ? '5xx' : String(status);
    if (!(key in response)) response[key] = errorBody;
  }
  schema.response = response;
}

/** Text or bytes sent as they are (a string, a Buffer or a stream); in the document a string. */
const rawBody = z.custom<string | Buffer | Readable>(() => true).meta({ type: 'string' });

/** A 200 that is not JSON (CSV, an event stream, a file): the document names its media type. */
export const mediaResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: rawBody } },
});

/** The 304 of a public list served from the shared cache (platform/publicCache.ts) when If-None-Match holds. */
export const notModified = z.undefined().describe('Not modified: the list is still the one of the ETag sent in If-None-Match');
