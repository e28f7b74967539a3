/**
 * The webhook outbox (decision 0042) and the signature (Standard Webhooks, decision 0051). `emitWebhookEvent(tx, …)`
 * is called inside the transaction of the change: it writes one delivery row per subscribed, active endpoint of each
 * party account, so an event exists exactly when its change committed, and a crash after the commit loses nothing
 * (the worker delivers it later).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { WEBHOOK_SECRET_PREFIX, type WebhookEventData, type WebhookEventType } from '../../../shared/schemas/webhooks';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { sealer } from '../../platform/sealed';

/** The body of a delivery, with its keys in the documented order; the same bytes on every attempt. */
export function eventBody(e: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: e.id, type: e.type, createdAt: e.createdAt.toISOString(), data: e.data });
}

export type WebhookEvent<T extends WebhookEventType = WebhookEventType> = {
  /** the accounts (user ids) the event concerns: each one's subscribed endpoints get it, nobody else's */
  accountIds: (string | null | undefined)[];
  type: T;
  data: WebhookEventData<T>;
  /** the deal it belongs to: a deal's events reach an endpoint in the order they happened */
  dealId?: string;
  /** when it happened (the platform clock) */
  at: Date;
};

/** Writes the event's deliveries in the caller's transaction. Returns how many endpoints will get it. */
export async function emitWebhookEvent<T extends WebhookEventType>(tx: DbOrTx, e: WebhookEvent<T>): Promise<number> {
  const accounts = [...new Set(e.accountIds.filter((a): a is string => Boolean(a)))];
  if (accounts.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.userId, accounts), eq(webhookEndpoints.state, 'active'), sql`${e.type} = any(${webhookEndpoints.eventTypes})`));
  if (endpoints.length === 0) return 0;
  const id = randomUUID();
  const payload = eventBody({ id, type: e.type, createdAt: e.at, data: e.data });
  await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((ep) => ({ endpointId: ep.id, eventId: id, type: e.type, payload, orderingKey: e.dealId ?? null, nextAttemptAt: e.at, createdAt: e.at })),
    );
  return endpoints.length;
}

// ------------------------------------------------------------------------------------------------
// signing

/** the sealing purpose of signing secrets (the endpoint's id is the additional data) */
export const secretSealer = (secretKey: string) => sealer(secretKey, 'webhook-signing-secret');

/**
 * The HMAC key of a signing secret (Standard Webhooks): the base64 after `whsec_`, decoded. Secrets made since
 * decision 0051 are standard base64 (padded); older ones are base64url of the same 32 random bytes — Node's decoder
 * reads both alphabets, so an old secret keeps its key (decision 0051 says how its holder uses it with a library).
 */
export function signingKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('webhook signing secret has no key bytes');
  return key;
}

/** A new signing secret: `whsec_` + standard base64 of 32 random bytes (Standard Webhooks asks for 24 to 64). */
export const newSigningSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>` — a Standard Webhooks symmetric signature. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: the current secret's signature, then the previous one's during a rotation's overlap, space-separated. */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((s) => sign(s, id, timestamp, body)).join(' ');
}
