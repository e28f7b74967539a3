/**
 * Verifying a webhook delivery (decision 0043; the contract of the webhooks feature):
 * - `webhook-id`: the event's id; `webhook-timestamp`: Unix seconds when it was signed;
 * - `webhook-signature`: `v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`, possibly several entries separated
 *   by spaces while the endpoint's secret is being rotated (any one matching is enough);
 * - the HMAC key is the whole secret (`whsec_…`) as UTF-8 bytes; the body is `{"id","type","createdAt","data"}`.
 * Verify the raw bytes exactly as received: a body parsed and serialised again is not what was signed.
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
  | 'SIGNATURE_MISMATCH' // no v1 signature matches: a wrong secret, a changed body, or not from us
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

/**
 * Checks a delivery and returns its event, or throws a WebhookVerificationError naming why not.
 * `body`: the raw request body (a string or the bytes, e.g. a Buffer); `secret`: the endpoint's signing secret
 * (`whsec_…`), or several while you rotate it.
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
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || !s.startsWith('whsec_'))) {
    throw new TypeError('verifyWebhook: the secret is the whole signing secret shown on /developers, starting with whsec_');
  }
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signature) throw new WebhookVerificationError('HEADER_MISSING', 'webhook-id, webhook-timestamp and webhook-signature are required');
  if (!/^\d{1,15}$/.test(timestamp.trim())) throw new WebhookVerificationError('TIMESTAMP_INVALID', 'webhook-timestamp is not Unix seconds');

  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const candidates = signature
    .split(/[\s,]+/) // space-separated; a proxy joining repeated headers adds commas
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3))
    .filter((hex) => /^[0-9a-fA-F]{64}$/.test(hex))
    .map((hex) => Buffer.from(hex, 'hex'));
  const matches = secrets.some((s) => {
    const expected = createHmac('sha256', Buffer.from(s, 'utf8')).update(`${timestamp.trim()}.`).update(bytes).digest();
    // compare with every candidate (no early exit on a byte): timingSafeEqual over equal lengths
    return candidates.reduce((found, c) => timingSafeEqual(expected, c) || found, false);
  });
  if (!matches) throw new WebhookVerificationError('SIGNATURE_MISMATCH', 'no v1 signature matches this body with this secret');

  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime()) / 1000);
  const age = nowSeconds - Number(timestamp.trim());
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
