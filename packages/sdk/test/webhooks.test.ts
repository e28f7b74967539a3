/**
 * verifyWebhook against the signature contract of the webhooks feature (decision 0043), signed here independently:
 * `webhook-signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`, several entries while a secret rotates.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError, type WebhookFailure } from '../src/index';

const SECRET = 'whsec_' + Buffer.from('the endpoint secret, 32 bytes!!!').toString('base64url');
const NEW_SECRET = 'whsec_' + Buffer.from('the rotated secret of the endpoint').toString('base64url');
const NOW = new Date('2026-12-01T02:00:00Z');
const TS = Math.floor(NOW.getTime() / 1000);
const event = {
  id: '0b9f4c1e-5d0a-4f7e-9a53-6c2f1d7e8a90',
  type: 'application.created',
  createdAt: NOW.toISOString(),
  data: { applicationId: 'a1', taskId: 't1', title: '新品口红直播' },
};
const body = JSON.stringify(event);
const sign = (secret: string, ts: number, raw: string | Buffer) =>
  `v1=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${ts}.`).update(raw).digest('hex')}`;
const headersFor = (signature: string, ts = TS) => ({ 'webhook-id': event.id, 'webhook-timestamp': String(ts), 'webhook-signature': signature });

function refusal(fn: () => unknown): WebhookFailure {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as WebhookVerificationError).reason;
  }
  throw new Error('verifyWebhook accepted it');
}

describe('verifyWebhook', () => {
  it('accepts a correct signature and returns the parsed event (string or Buffer body, record or Headers)', () => {
    expect(verifyWebhook(body, headersFor(sign(SECRET, TS, body)), SECRET, { now: NOW })).toEqual(event);
    const bytes = Buffer.from(body);
    expect(verifyWebhook(bytes, new Headers(headersFor(sign(SECRET, TS, bytes))), SECRET, { now: NOW.getTime() })).toEqual(event);
    // header names in any case (a framework that keeps the sender's case)
    const mixed = { 'Webhook-Id': event.id, 'Webhook-Timestamp': String(TS), 'Webhook-Signature': sign(SECRET, TS, body) };
    expect(verifyWebhook(body, mixed, SECRET, { now: NOW }).type).toBe('application.created');
  });

  it('accepts the rotation double header with either secret; a receiver may hold both secrets', () => {
    const both = `${sign(SECRET, TS, body)} ${sign(NEW_SECRET, TS, body)}`;
    expect(verifyWebhook(body, headersFor(both), SECRET, { now: NOW }).id).toBe(event.id);
    expect(verifyWebhook(body, headersFor(both), NEW_SECRET, { now: NOW }).id).toBe(event.id);
    expect(verifyWebhook(body, headersFor(sign(NEW_SECRET, TS, body)), [SECRET, NEW_SECRET], { now: NOW }).id).toBe(event.id);
    // the same entries joined with a comma (a proxy merging repeated headers) still verify
    expect(verifyWebhook(body, headersFor(`${sign(NEW_SECRET, TS, body)}, ${sign(SECRET, TS, body)}`), SECRET, { now: NOW }).id).toBe(event.id);
    // an entry of another version or malformed is skipped, not an error
    expect(verifyWebhook(body, headersFor(`v2=abc v1=zz ${sign(SECRET, TS, body)}`), SECRET, { now: NOW }).id).toBe(event.id);
  });

  it('refuses a wrong secret', () => {
    const other = 'whsec_' + Buffer.from('somebody else').toString('base64url');
    expect(refusal(() => verifyWebhook(body, headersFor(sign(other, TS, body)), SECRET, { now: NOW }))).toBe('SIGNATURE_MISMATCH');
    // the key is the whole secret string: signed with the secret without its prefix does not match
    expect(refusal(() => verifyWebhook(body, headersFor(sign(SECRET.slice(6), TS, body)), SECRET, { now: NOW }))).toBe('SIGNATURE_MISMATCH');
  });

  it('refuses a tampered body, and a timestamp changed after signing', () => {
    const signature = sign(SECRET, TS, body);
    const tampered = body.replace('"t1"', '"t2"');
    expect(refusal(() => verifyWebhook(tampered, headersFor(signature), SECRET, { now: NOW }))).toBe('SIGNATURE_MISMATCH');
    expect(refusal(() => verifyWebhook(`${body} `, headersFor(signature), SECRET, { now: NOW }))).toBe('SIGNATURE_MISMATCH');
    expect(refusal(() => verifyWebhook(body, headersFor(signature, TS + 1), SECRET, { now: NOW }))).toBe('SIGNATURE_MISMATCH');
  });

  it('refuses an old timestamp (and one far ahead) outside the tolerance, accepts inside it', () => {
    const old = TS - 301;
    expect(refusal(() => verifyWebhook(body, headersFor(sign(SECRET, old, body), old), SECRET, { now: NOW }))).toBe('TIMESTAMP_TOO_OLD');
    const edge = TS - 300;
    expect(verifyWebhook(body, headersFor(sign(SECRET, edge, body), edge), SECRET, { now: NOW }).id).toBe(event.id);
    expect(verifyWebhook(body, headersFor(sign(SECRET, old, body), old), SECRET, { now: NOW, toleranceSeconds: 600 }).id).toBe(event.id);
    const ahead = TS + 301;
    expect(refusal(() => verifyWebhook(body, headersFor(sign(SECRET, ahead, body), ahead), SECRET, { now: NOW }))).toBe('TIMESTAMP_IN_FUTURE');
    // default now: the real clock (this delivery was signed in 2026-12)
    const fresh = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(body, headersFor(sign(SECRET, fresh, body), fresh), SECRET).id).toBe(event.id);
  });

  it('says what is missing or malformed', () => {
    const signature = sign(SECRET, TS, body);
    expect(refusal(() => verifyWebhook(body, { 'webhook-id': event.id, 'webhook-timestamp': String(TS) }, SECRET, { now: NOW }))).toBe('HEADER_MISSING');
    expect(refusal(() => verifyWebhook(body, { ...headersFor(signature), 'webhook-timestamp': 'yesterday' }, SECRET))).toBe('TIMESTAMP_INVALID');
    const notEvent = '{"hello":"world"}';
    expect(refusal(() => verifyWebhook(notEvent, headersFor(sign(SECRET, TS, notEvent)), SECRET, { now: NOW }))).toBe('BODY_INVALID');
    // programming mistakes are TypeErrors with the fix in the message
    expect(() => verifyWebhook(event as unknown as string, headersFor(signature), SECRET)).toThrow(/raw request body/);
    expect(() => verifyWebhook(body, headersFor(signature), SECRET.slice(6))).toThrow(/whsec_/);
  });
});
