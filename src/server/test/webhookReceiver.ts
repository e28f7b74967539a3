/**
 * A webhook receiver on 127.0.0.1 for the webhooks tests: it records every request and answers the statuses queued
 * in `answers` (then 200). It checks every delivery on arrival, as a customer's receiver would, with the Standard
 * Webhooks specification's own npm library (`standardwebhooks`, decision 0051) and the signing secrets its address
 * was given (`trust`): `verified` says whether any of them verified it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = { headers: http.IncomingHttpHeaders; body: string; path: string; verified: boolean };
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** The three Standard Webhooks headers of a request, as the library takes them. */
export function webhookHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const v = h[name];
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}

/** Whether the `standardwebhooks` library verifies the delivery with any of the secrets (its clock, its 5 minutes). */
export function libraryVerifies(secrets: readonly string[], body: string, headers: http.IncomingHttpHeaders): boolean {
  return secrets.some((secret) => {
    try {
      new Webhook(secret).verify(body, webhookHeaders(headers));
      return true;
    } catch {
      return false;
    }
  });
}

export async function startWebhookReceiver() {
  const got: Received[] = [];
  const answers: number[] = [];
  const secrets: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body, path: req.url ?? '', verified: libraryVerifies(secrets, body, req.headers) });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  const url = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
  );
  return {
    url,
    got,
    answers,
    /** a signing secret this receiver holds from now on (an endpoint's, or its rotated one) */
    trust: (secret: string) => void secrets.push(secret),
    events: () => got.map((g) => JSON.parse(g.body) as { id: string; type: string; createdAt: string; data: Record<string, unknown> }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
