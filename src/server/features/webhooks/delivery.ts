/**
 * Delivering the webhook outbox (decision 0042), run by the job worker of every instance after the timed jobs and
 * the mail. Due rows are claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, then a lease), sent outside any
 * transaction, then marked. A row waits while an earlier row of the same endpoint and deal is undelivered (in order
 * per deal). Failures (non-2xx, a redirect, a timeout of 10 s, a refused address) are tried again with a growing
 * delay; an endpoint failing for 3 days is disabled and its owner mailed.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { WEBHOOK_GIVE_UP_HOURS } from '../../../shared/schemas/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { addNotifications } from '../notifications';
import { secretSealer, signatureHeader } from './outbox';
import { resolveWebhookUrl } from './urls';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** a claimed row is this instance's this long (more than a timeout) before another may take it */
const LEASE_MS = 60_000;
const GIVE_UP_MS = WEBHOOK_GIVE_UP_HOURS * 3600_000;
/** the delay after `attempts` failures: 30 s, 1 min, 2 min … at most 6 h — about 20 tries in 3 days */
export const webhookRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

type Row = typeof webhookDeliveries.$inferSelect;
type Endpoint = typeof webhookEndpoints.$inferSelect;
export type AttemptResult = { ok: boolean; status: number | null; latencyMs: number; error: string | null };

/** Delivers the due outbox rows, at most `limit`. Safe on several instances at once. */
export async function deliverWebhooks(ctx: AppContext, limit = 50): Promise<{ delivered: number; failed: number }> {
  const out = { delivered: 0, failed: 0 };
  while (out.delivered + out.failed < limit) {
    const batch = await claim(ctx, Math.min(10, limit - out.delivered - out.failed));
    if (batch.length === 0) break;
    // the rows of one batch are heads of different chains: they may go out side by side
    const results = await Promise.all(batch.map((row) => attemptRow(ctx, row)));
    for (const ok of results) out[ok ? 'delivered' : 'failed'] += 1;
    // a failed row is due later: the loop ends when nothing is due now
  }
  return out;
}

/** Due rows of active endpoints whose earlier rows for the same deal are all delivered, leased to this instance. */
async function claim(ctx: AppContext, n: number): Promise<Row[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx.execute<{ id: string }>(sql`
      select d.id from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id
      where d.status = 'pending' and e.state = 'active' and d.next_attempt_at <= ${now}
        and (d.locked_until is null or d.locked_until <= ${now})
        and (d.ordering_key is null or not exists (
          select 1 from ${webhookDeliveries} p
          where p.endpoint_id = d.endpoint_id and p.ordering_key = d.ordering_key and p.status = 'pending' and p.seq < d.seq))
      order by d.seq
      limit ${n}
      for update of d skip locked`);
    const ids = rowsOf<{ id: string }>(due).map((r) => r.id);
    if (ids.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(webhookDeliveries.id, ids))
      .returning();
  });
}

/** drizzle's execute answers rows (node-postgres: {rows}; PGlite: {rows}) */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** One attempt of one claimed row; true when delivered. */
async function attemptRow(ctx: AppContext, row: Row): Promise<boolean> {
  const [ep] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId));
  if (!ep) return false;
  const result = await send(ctx, ep, row).catch((err: unknown): AttemptResult => ({
    ok: false,
    status: null,
    latencyMs: 0,
    error: err instanceof Error ? err.message : String(err),
  }));
  await record(ctx, ep, row, result);
  return result.ok;
}

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
function signingSecrets(ctx: AppContext, ep: Endpoint, now: Date): string[] {
  const open = secretSealer(ctx.config.secretKey);
  const secrets = [open.open(ep.secretSealed, ep.id)];
  if (ep.previousSecretSealed && ep.previousSecretExpiresAt && ep.previousSecretExpiresAt.getTime() > now.getTime()) {
    secrets.push(open.open(ep.previousSecretSealed, ep.id));
  }
  return secrets;
}

/** Sends a row's body, signed, to the checked address of its endpoint. */
async function send(ctx: AppContext, ep: Endpoint, row: Row): Promise<AttemptResult> {
  let target;
  try {
    // resolved and checked again now: the name may point elsewhere than when the endpoint was saved
    target = await resolveWebhookUrl(ep.url, { allowLocal: ctx.config.webhookAllowLocal });
  } catch {
    return { ok: false, status: null, latencyMs: 0, error: 'address not allowed or not resolvable' };
  }
  // the time of sending, from the machine's clock, not the platform's (a moved development clock): the receiver
  // compares it with its own clock to refuse replays. Signed with the id and the body (Standard Webhooks, decision 0051).
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'LiveCommerce-Webhooks/1',
    'webhook-id': row.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(signingSecrets(ctx, ep, ctx.clock.now()), row.eventId, timestamp, row.payload),
  };
  return post(target, headers, row.payload);
}

/** One POST to the checked address (the name only for TLS and the Host header); redirects are not followed. */
export function post(target: { url: URL; hostname: string; address: string; family: 4 | 6 }, headers: Record<string, string>, body: string) {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const lib = target.url.protocol === 'https:' ? https : http;
  const started = performance.now();
  return new Promise<AttemptResult>((resolve) => {
    let done = false;
    const finish = (r: Omit<AttemptResult, 'latencyMs'>) => {
      if (done) return;
      done = true;
      resolve({ ...r, latencyMs: Math.round(performance.now() - started) });
    };
    const req = lib.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        servername: target.hostname,
        timeout: DELIVERY_TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // the receiver's answer is not kept: read and dropped (at most what arrives before the timeout)
        res.on('data', () => {});
        res.on('end', () => finish({ ok: status >= 200 && status < 300, status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }));
        res.on('error', () => finish({ ok: false, status, error: 'response interrupted' }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout'));
    }, DELIVERY_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      finish({
        ok: false,
        status: null,
        error: err.message === 'timeout' ? 'timeout after 10 s' : `connection failed (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      }),
    );
    req.on('close', () => {
      clearTimeout(timer);
      finish({ ok: false, status: null, error: 'connection closed' });
    });
    req.end(body);
  });
}

/** Writes an attempt's outcome; an endpoint failing for 3 days is disabled and its owner mailed, in one transaction. */
async function record(ctx: AppContext, ep: Endpoint, row: Row, r: AttemptResult) {
  const now = ctx.clock.now();
  const attempts = row.attempts + 1;
  const common = { attempts, lastAttemptAt: now, lastStatusCode: r.status, latencyMs: r.latencyMs, lockedUntil: null };
  if (r.ok) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ ...common, status: 'delivered', deliveredAt: now, lastError: null })
        .where(eq(webhookDeliveries.id, row.id));
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, ep.id), sql`${webhookEndpoints.failingSince} is not null`));
    });
    return;
  }
  const firstFailedAt = row.firstFailedAt ?? now;
  const rowGivesUp = now.getTime() - firstFailedAt.getTime() >= GIVE_UP_MS;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        ...common,
        firstFailedAt,
        lastError: (r.error ?? 'failed').slice(0, 300),
        nextAttemptAt: new Date(now.getTime() + webhookRetryDelayMs(attempts)),
        status: rowGivesUp ? 'failed' : 'pending',
      })
      .where(eq(webhookDeliveries.id, row.id));
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: now })
      .where(and(eq(webhookEndpoints.id, ep.id), isNull(webhookEndpoints.failingSince)));
    const failingSince = ep.failingSince ?? now;
    if (now.getTime() - failingSince.getTime() < GIVE_UP_MS) return;
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ state: 'disabled', disabledReason: 'failing', disabledAt: now, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, ep.id), eq(webhookEndpoints.state, 'active')))
      .returning({ id: webhookEndpoints.id });
    if (!disabled) return;
    await addNotifications(tx, [{ userId: ep.userId, type: 'webhook_endpoint_disabled', params: { url: ep.url }, link: '/developers' }], { mail: 'always' });
    ctx.log.warn({ endpoint: ep.id }, 'webhook endpoint failed for 3 days and is disabled');
  });
}
