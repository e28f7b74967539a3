/**
 * verifyWebhook against the Standard Webhooks specification (decision 0051), signed here two independent ways: by
 * hand with node:crypto from the specification's text (`v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`,
 * the key the base64 after `whsec_`, decoded), and by the specification's own npm library (`standardwebhooks`), which
 * must also agree with verifyWebhook on what it refuses.
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError, type WebhookFailure } from '../src/index';

const KEY = Buffer.from('the endpoint secret, 32 bytes!!!');
const NEW_KEY = Buffer.from('the rotated secret of the endpoint');
const SECRET = 'whsec_' + KEY.toString('base64');
const NEW_SECRET = 'whsec_' + NEW_KEY.toString('base64');
const NOW = new Date('2026-12-01T02:00:00Z');
const TS = Math.floor(NOW.getTime() / 1000);
const event = {
  id: '0b9f4c1e-5d0a-4f7e-9a53-6c2f1d7e8a90',
  type: 'application.created',
  createdAt: NOW.toISOString(),
  data: { applicationId: 'a1', taskId: 't1', title: '新品口红直播' },
};
const body = JSON.stringify(event);
/** the specification's signature, by hand */
const sign = (key: Buffer, ts: number, raw: string | Buffer, id = event.id) =>
  `v1,${createHmac('sha256', key).update(`${id}.${ts}.`).update(raw).digest('base64')}`;
const headersFor = (signature: string, ts = TS, id = event.id) => ({ 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signature });

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
    expect(verifyWebhook(body, headersFor(sign(KEY, TS, body)), SECRET, { now: NOW })).toEqual(event);
    const bytes = Buffer.from(body);
    expect(verifyWebhook(bytes, new Headers(headersFor(sign(KEY, TS, bytes))), SECRET, { now: NOW.getTime() })).toEqual(event);
    // header names in any case (a framework that keeps the sender's case)
    const mixed = { 'Webhook-Id': event.id, 'Webhook-Timestamp': String(TS), 'Webhook-Signature': sign(KEY, TS, body) };
    expect(verifyWebhook(body, mixed, SECRET, { now: NOW }).type).toBe('application.created');
  });

  it('agrees with the standardwebhooks library: what it signs verifies here, and the hand-made signature is its own', () => {
    const lib = new Webhook(SECRET);
    const signature = lib.sign(event.id, new Date(TS * 1000), body);
    expect(signature).toBe(sign(KEY, TS, body));
    expect(verifyWebhook(body, headersFor(signature), SECRET, { now: NOW })).toEqual(event);
    // and the library verifies what verifyWebhook accepts (its own clock: a fresh timestamp)
    const fresh = Math.floor(Date.now() / 1000);
    const headers = headersFor(sign(KEY, fresh, body), fresh);
    expect(lib.verify(body, headers)).toEqual(event);
    expect(verifyWebhook(body, headers, SECRET)).toEqual(event);
  });

  it('accepts the rotation double header with either secret; a receiver may hold both secrets', () => {
    const both = `${sign(NEW_KEY, TS, body)} ${sign(KEY, TS, body)}`;
    expect(verifyWebhook(body, headersFor(both), SECRET, { now: NOW }).id).toBe(event.id);
    expect(verifyWebhook(body, headersFor(both), NEW_SECRET, { now: NOW }).id).toBe(event.id);
    expect(verifyWebhook(body, headersFor(sign(NEW_KEY, TS, body)), [SECRET, NEW_SECRET], { now: NOW }).id).toBe(event.id);
    // an entry of another version (v1a is the specification's asymmetric one) or malformed is skipped, not an error
    expect(verifyWebhook(body, headersFor(`v1a,abc= v1,zz ${sign(KEY, TS, body)}`), SECRET, { now: NOW }).id).toBe(event.id);
  });

  it('reads a secret made before decision 0051 (the same key bytes in base64url)', () => {
    // 0xfb 0xff … encodes with '-' and '_' in base64url, '+' and '/' in base64
    const key = Buffer.from('fbff' + 'fe'.repeat(30), 'hex');
    const old = 'whsec_' + key.toString('base64url');
    expect(old).toMatch(/[-_]/);
    const signature = sign(key, TS, body);
    expect(verifyWebhook(body, headersFor(signature), old, { now: NOW }).id).toBe(event.id);
    expect(verifyWebhook(body, headersFor(signature), 'whsec_' + key.toString('base64'), { now: NOW }).id).toBe(event.id);
  });

  it('refuses a wrong secret', () => {
    const other = Buffer.from('somebody else entirely, 32 bytes');
    expect(refusal(() => verifyWebhook(body, headersFor(sign(other, TS, body)), SECRET, { now: NOW }))).toBe('SIGNATURE_MISMATCH');
    // the key is the decoded base64, not the secret string: signed with the string's bytes does not match
    expect(refusal(() => verifyWebhook(body, headersFor(sign(Buffer.from(SECRET), TS, body)), SECRET, { now: NOW }))).toBe('SIGNATURE_MISMATCH');
  });

  it('refuses a changed webhook-id, timestamp or body — as the standardwebhooks library does', () => {
    const fresh = Math.floor(Date.now() / 1000);
    const signature = sign(KEY, fresh, body);
    const lib = new Webhook(SECRET);
    const cases: [string, string, ReturnType<typeof headersFor>][] = [
      ['another id (a captured delivery sent again as a new event)', body, headersFor(signature, fresh, '7d0c1e2f-0000-4000-8000-000000000000')],
      ['a timestamp moved by a second', body, headersFor(signature, fresh - 1)],
      ['a changed body', body.replace('"t1"', '"t2"'), headersFor(signature, fresh)],
      ['a trailing space', `${body} `, headersFor(signature, fresh)],
    ];
    for (const [what, raw, headers] of cases) {
      expect(
        refusal(() => verifyWebhook(raw, headers, SECRET)),
        what,
      ).toBe('SIGNATURE_MISMATCH');
      expect(() => lib.verify(raw, headers), what).toThrow(/No matching signature/);
    }
  });

  it('refuses the pre-0051 signature (hex over "timestamp.body" with the whole secret string)', () => {
    const legacy = `v1=${createHmac('sha256', Buffer.from(SECRET)).update(`${TS}.${body}`).digest('hex')}`;
    expect(refusal(() => verifyWebhook(body, headersFor(legacy), SECRET, { now: NOW }))).toBe('SIGNATURE_MISMATCH');
  });

  it('refuses an old timestamp (and one far ahead) outside the tolerance, accepts inside it', () => {
    const old = TS - 301;
    expect(refusal(() => verifyWebhook(body, headersFor(sign(KEY, old, body), old), SECRET, { now: NOW }))).toBe('TIMESTAMP_TOO_OLD');
    const edge = TS - 300;
    expect(verifyWebhook(body, headersFor(sign(KEY, edge, body), edge), SECRET, { now: NOW }).id).toBe(event.id);
    expect(verifyWebhook(body, headersFor(sign(KEY, old, body), old), SECRET, { now: NOW, toleranceSeconds: 600 }).id).toBe(event.id);
    const ahead = TS + 301;
    expect(refusal(() => verifyWebhook(body, headersFor(sign(KEY, ahead, body), ahead), SECRET, { now: NOW }))).toBe('TIMESTAMP_IN_FUTURE');
    // default now: the real clock
    const fresh = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(body, headersFor(sign(KEY, fresh, body), fresh), SECRET).id).toBe(event.id);
  });

  it('says what is missing or malformed', () => {
    const signature = sign(KEY, TS, body);
    expect(refusal(() => verifyWebhook(body, { 'webhook-id': event.id, 'webhook-timestamp': String(TS) }, SECRET, { now: NOW }))).toBe('HEADER_MISSING');
    expect(refusal(() => verifyWebhook(body, { 'webhook-timestamp': String(TS), 'webhook-signature': signature }, SECRET, { now: NOW }))).toBe(
      'HEADER_MISSING',
    );
    expect(refusal(() => verifyWebhook(body, { ...headersFor(signature), 'webhook-timestamp': 'yesterday' }, SECRET))).toBe('TIMESTAMP_INVALID');
    const notEvent = '{"hello":"world"}';
    expect(refusal(() => verifyWebhook(notEvent, headersFor(sign(KEY, TS, notEvent)), SECRET, { now: NOW }))).toBe('BODY_INVALID');
    // programming mistakes are TypeErrors with the fix in the message
    expect(() => verifyWebhook(event as unknown as string, headersFor(signature), SECRET)).toThrow(/raw request body/);
    expect(() => verifyWebhook(body, headersFor(signature), SECRET.slice(6))).toThrow(/whsec_/);
    expect(() => verifyWebhook(body, headersFor(signature), 'whsec_not base64!')).toThrow(/whsec_/);
    expect(() => verifyWebhook(body, headersFor(signature), [])).toThrow(/whsec_/);
  });
});
