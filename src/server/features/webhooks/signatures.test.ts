/**
 * The signature of a delivery is Standard Webhooks' (decision 0051): real deliveries, sent by the worker to a
 * receiver on 127.0.0.1, verify with the specification's own npm library (`standardwebhooks`) and with the SDK's
 * verifyWebhook; a delivery whose webhook-id, timestamp or body was changed is refused by both; a rotation's two
 * signatures verify with either secret; a secret made before 0051 keeps its key.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../db/factories';
import { webhookEndpoints } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { startWebhookReceiver, webhookHeaders, type Received, type WebhookReceiver } from '../../test/webhookReceiver';
import { verifyWebhook, WebhookVerificationError } from '../../../../packages/sdk/src/index';
import { deliverWebhooks } from './delivery';
import { secretSealer } from './outbox';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  hash = await hashPassword('secret123');
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await t?.close();
});

/** a company's endpoint on a fresh receiver that holds its secret; `ping()` sends it a test event through the worker */
async function endpointOnReceiver() {
  const co = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
  const c = await signedIn(t.app, co.user.email);
  const r = await startWebhookReceiver();
  receivers.push(r);
  const res = await c.post('/api/me/webhook-endpoints', { url: r.url, eventTypes: ['application.created'] });
  expect(res.statusCode, res.body).toBe(200);
  const { endpoint, secret } = res.json() as { endpoint: { id: string }; secret: string };
  r.trust(secret);
  /** a test event to this endpoint, delivered now; the receiver's last request */
  const ping = async (): Promise<Received> => {
    const before = r.got.length;
    expect((await c.post(`/api/me/webhook-endpoints/${endpoint.id}/test`)).statusCode).toBe(200);
    // nothing leaves before the worker runs (after the commit)
    expect(r.got).toHaveLength(before);
    await deliverWebhooks(t.app.ctx);
    expect(r.got).toHaveLength(before + 1);
    return r.got.at(-1)!;
  };
  return { c, r, endpointId: endpoint.id, secret, ping };
}

/** the specification's signature, by hand: the key is the base64 after whsec_, decoded; the content id.timestamp.body */
const specSignature = (secret: string, id: string, ts: string, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${ts}.${body}`)
    .digest('base64')}`;

/** the library's and the SDK's verdicts on a (possibly changed) delivery */
function verdicts(secret: string, body: string, headers: Record<string, string>) {
  const lib = (() => {
    try {
      new Webhook(secret).verify(body, headers);
      return 'ok';
    } catch (err) {
      return (err as Error).message;
    }
  })();
  const sdk = (() => {
    try {
      verifyWebhook(body, headers, secret);
      return 'ok';
    } catch (err) {
      return err instanceof WebhookVerificationError ? err.reason : String(err);
    }
  })();
  return { lib, sdk };
}

describe('Standard Webhooks signatures', () => {
  it('a new secret is whsec_ and the standard base64 of 32 random bytes', async () => {
    const { secret } = await endpointOnReceiver();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });

  it('a real delivery: its headers and body, the specification’s signature, verified by the library and the SDK', async () => {
    const { r, endpointId, secret, ping } = await endpointOnReceiver();
    const g = await ping();
    expect(g.headers['content-type']).toBe('application/json');
    expect(g.headers['user-agent']).toBe('LiveCommerce-Webhooks/1');
    const body = JSON.parse(g.body);
    expect(Object.keys(body)).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(body).toMatchObject({ type: 'ping', data: { endpointId } });
    const h = webhookHeaders(g.headers);
    expect(h['webhook-id']).toBe(body.id);
    // integer seconds of the machine's clock (the receiver's replay window), whatever the platform clock says
    expect(h['webhook-timestamp']).toMatch(/^\d+$/);
    expect(Math.abs(Number(h['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(h['webhook-signature']).toBe(specSignature(secret, h['webhook-id']!, h['webhook-timestamp']!, g.body));
    // the receiver checked it on arrival with the library; here again, and the SDK returns the event
    expect(g.verified).toBe(true);
    expect(new Webhook(secret).verify(g.body, h)).toEqual(body);
    expect(verifyWebhook(g.body, g.headers, secret)).toEqual(body);
    expect(r.got.every((x) => x.verified)).toBe(true);
  });

  it('a delivery whose webhook-id, timestamp or body was changed is refused by the library and the SDK', async () => {
    const { secret, ping } = await endpointOnReceiver();
    const g = await ping();
    const h = webhookHeaders(g.headers);
    expect(verdicts(secret, g.body, h)).toEqual({ lib: 'ok', sdk: 'ok' });
    const refused = { lib: 'No matching signature found', sdk: 'SIGNATURE_MISMATCH' };
    // a captured delivery sent again under a new id (a receiver deduplicating on the id would take it as new)
    expect(verdicts(secret, g.body, { ...h, 'webhook-id': '7d0c1e2f-0000-4000-8000-000000000000' })).toEqual(refused);
    expect(verdicts(secret, g.body, { ...h, 'webhook-timestamp': String(Number(h['webhook-timestamp']) - 1) })).toEqual(refused);
    expect(verdicts(secret, g.body.replace('"ping"', '"pong"'), h)).toEqual(refused);
    // the same delivery as a second endpoint's secret sees it
    const other = (await endpointOnReceiver()).secret;
    expect(verdicts(other, g.body, h)).toEqual(refused);
  });

  it('rotating: two signatures for 24 hours, each secret verifies; then the new one only', async () => {
    const { c, r, endpointId, secret: old, ping } = await endpointOnReceiver();
    const rotated = await c.post(`/api/me/webhook-endpoints/${endpointId}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(old);
    r.trust(fresh);
    const a = await ping();
    const ha = webhookHeaders(a.headers);
    const [id, ts] = [ha['webhook-id']!, ha['webhook-timestamp']!];
    expect(ha['webhook-signature']).toBe(`${specSignature(fresh, id, ts, a.body)} ${specSignature(old, id, ts, a.body)}`);
    expect(verdicts(old, a.body, ha)).toEqual({ lib: 'ok', sdk: 'ok' });
    expect(verdicts(fresh, a.body, ha)).toEqual({ lib: 'ok', sdk: 'ok' });
    expect(verifyWebhook(a.body, a.headers, [old, fresh]).type).toBe('ping');

    clock.advance(24 * H);
    const b = await ping();
    const hb = webhookHeaders(b.headers);
    expect(hb['webhook-signature']).toBe(specSignature(fresh, hb['webhook-id']!, hb['webhook-timestamp']!, b.body));
    expect(verdicts(fresh, b.body, hb)).toEqual({ lib: 'ok', sdk: 'ok' });
    expect(verdicts(old, b.body, hb)).toEqual({ lib: 'No matching signature found', sdk: 'SIGNATURE_MISMATCH' });
    expect(r.got.every((x) => x.verified)).toBe(true);
  });

  it('an endpoint whose secret was made before 0051 (base64url) keeps its key: its old secret verifies with the SDK', async () => {
    const { r, endpointId, ping } = await endpointOnReceiver();
    // the form secrets had: whsec_ and the base64url of 32 random bytes (these encode with '-' and '_')
    const key = Buffer.from('fbff' + 'fe'.repeat(30), 'hex');
    const legacy = 'whsec_' + key.toString('base64url');
    expect(legacy).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(legacy).toMatch(/[-_]/);
    await t.app.ctx.db
      .update(webhookEndpoints)
      .set({ secretSealed: secretSealer(t.app.ctx.config.secretKey).seal(legacy, endpointId) })
      .where(eq(webhookEndpoints.id, endpointId));
    const g = await ping();
    const h = webhookHeaders(g.headers);
    expect(verifyWebhook(g.body, g.headers, legacy).type).toBe('ping');
    // the library reads standard base64 only: the same key written so (decision 0051 tells holders how) verifies
    const standard = 'whsec_' + key.toString('base64');
    expect(verdicts(standard, g.body, h)).toEqual({ lib: 'ok', sdk: 'ok' });
    expect(() => new Webhook(legacy)).toThrow();
    // the receiver held the endpoint's first secret, which no longer signs
    expect(r.got.at(-1)!.verified).toBe(false);
  });
});
