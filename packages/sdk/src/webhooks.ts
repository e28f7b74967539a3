/**
 * Verifying a webhook delivery. Deliveries follow the Standard Webhooks specification (decisions 0043 and 0051;
 * https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md):
 * - `webhook-id`: the event's id; `webhook-timestamp`: Unix seconds when it was signed;
 * - `webhook-signature`: `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>`, two entries
 *   separated by a space while the endpoint's secret is being rotated (any one matching is enough);
 * - the key is the secret's base64 after `whsec_`, decoded; the body is `{"id","type","createdAt","data"}`.
 * Verify the raw bytes exactly as received: a body parsed and serialised again is not what was signed.
 * Any Standard Webhooks library verifies the same deliveries, e.g. the npm package `standardwebhooks`:
 * `new Webhook(secret).verify(rawBody, headers)`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { webhooks } from './generated/api.js';

/** an event as every delivery carries it */
export type GenericWebhookEvent = { id: string; type: string; createdAt: string; data: unknown };
/** the events the API document describes under `webhooks` (none yet: then every event is a GenericWebhookEvent) */
type DocumentedEvent = {
  [K in keyof webhooks]: [webhooks[K]] extends [never]
    ? never
    : webhooks[K] extends { post: { requestBody?: { content: { 'application/json': infer B } } } }
      ? B
      : never;
}[keyof webhooks];
export type WebhookEvent = [DocumentedEvent] extends [never] ? GenericWebhookEvent : DocumentedEvent;

export type WebhookFailure =
  | 'HEADER_MISSING' // a webhook-id, webhook-timestamp or webhook-signature header is absent
  | 'TIMESTAMP_INVALID' // webhook-timestamp is not Unix seconds
  | 'TIMESTAMP_TOO_OLD' // signed more than toleranceSeconds ago: a replay, or a clock far off
  | 'TIMESTAMP_IN_FUTURE' // signed more than toleranceSeconds ahead of this clock
  | 'SIGNATURE_MISMATCH' // no v1 signature matches: a wrong secret, a changed id, timestamp or body, or not from us
  | 'BODY_INVALID'; // signed, but not the event's JSON

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookFailure,
    message: string,
  ) {
    super(`webhook refused (${reason}): ${message}`);
  }
}

/** a Fetch `Headers`, or Node's `IncomingHttpHeaders` / any record (names in any case) */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export type VerifyOptions = {
  /** how far the timestamp may be from now, either way (default 300 s) */
  toleranceSeconds?: number;
  /** the time to check against (a Date or milliseconds since 1970), default now */
  now?: Date | number;
};

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v.join(' ') : v;
  }
  return undefined;
}

const SECRET_PREFIX = 'whsec_';
const SECRET_HINT = 'verifyWebhook: the secret is the whole signing secret shown on /developers: whsec_ followed by base64';

/**
 * The HMAC key of a signing secret: the base64 after `whsec_`, decoded (Standard Webhooks). Secrets made before
 * decision 0051 are the same kind of key written in base64url; both alphabets are read.
 */
function signingKey(secret: unknown): Buffer {
  if (typeof secret !== 'string' || !secret.startsWith(SECRET_PREFIX)) throw new TypeError(SECRET_HINT);
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) throw new TypeError(SECRET_HINT);
  return Buffer.from(encoded, 'base64');
}

/**
 * Checks a delivery and returns its event, or throws a WebhookVerificationError naming why not.
 * `body`: the raw request body (a string or the bytes, e.g. a Buffer); `secret`: the endpoint's signing secret
 * (`whsec_…`), or several while you rotate it. Checks the signature (constant-time), then that the timestamp is
 * within `toleranceSeconds` of now (default 5 minutes, as the specification's libraries), then the body.
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): WebhookEvent {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new TypeError('verifyWebhook: pass the raw request body (a string or a Buffer), not a parsed object: the signature covers the exact bytes');
  }
  const keys = (typeof secret === 'string' ? [secret] : [...secret]).map(signingKey);
  if (keys.length === 0) throw new TypeError(SECRET_HINT);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signature) throw new WebhookVerificationError('HEADER_MISSING', 'webhook-id, webhook-timestamp and webhook-signature are required');
  if (!/^\d{1,15}$/.test(timestamp.trim())) throw new WebhookVerificationError('TIMESTAMP_INVALID', 'webhook-timestamp is not Unix seconds');
  const signedAt = Number(timestamp.trim());

  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // space-separated `v1,<base64>` entries; other versions (e.g. `v1a,` asymmetric) never equal a `v1,` one
  const candidates = signature
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => Buffer.from(entry, 'utf8'));
  const signedContent = Buffer.concat([Buffer.from(`${id}.${signedAt}.`, 'utf8'), bytes]);
  const matches = keys.some((key) => {
    const expected = Buffer.from(`v1,${createHmac('sha256', key).update(signedContent).digest('base64')}`, 'utf8');
    // compared with every entry (no early exit on a byte or an entry): timingSafeEqual over equal lengths
    return candidates.reduce((found, c) => (c.length === expected.length && timingSafeEqual(c, expected)) || found, false);
  });
  if (!matches) throw new WebhookVerificationError('SIGNATURE_MISMATCH', 'no v1 signature matches this id, timestamp and body with this secret');

  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime()) / 1000);
  const age = nowSeconds - signedAt;
  if (age > tolerance) throw new WebhookVerificationError('TIMESTAMP_TOO_OLD', `signed ${age} s ago (tolerance ${tolerance} s)`);
  if (age < -tolerance) throw new WebhookVerificationError('TIMESTAMP_IN_FUTURE', `signed ${-age} s ahead of this clock (tolerance ${tolerance} s)`);

  let event: unknown;
  try {
    event = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('BODY_INVALID', 'the body is not JSON');
  }
  const e = event as Partial<GenericWebhookEvent> | null;
  if (typeof e !== 'object' || e === null || typeof e.id !== 'string' || typeof e.type !== 'string' || typeof e.createdAt !== 'string' || !('data' in e)) {
    throw new WebhookVerificationError('BODY_INVALID', 'the body is not an event {id, type, createdAt, data}');
  }
  return event as WebhookEvent;
}
