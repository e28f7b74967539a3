import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Health } from '../../../shared/schemas/stats';
import { migrationsFolder, queryRows } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { TrackedMailer } from '../../platform/mail';
import { FailoverLimiter } from '../../platform/redis';
import { PRODUCT_VERSION } from '../../platform/version';

/**
 * GET /api/health (readiness, decision 0033): the database decides whether this instance can serve
 * (503 when it does not answer or a migration is pending, naming it: `params.dependency` `database`); Redis,
 * storage and mail are reported, and a dependency down among them makes the answer `degraded`, still 200 —
 * the instance serves, with rate limits in memory (Redis), without uploads (storage) or without sending mail.
 * Mail is `down` when the SMTP server does not answer its probe, and `degraded` while it answers but recent
 * sends fail (decision 0047: three in a row, the last within 5 minutes; `up` again after a success).
 */
const startedAt = Date.now();
/** how many migrations this version ships (drizzle's journal) */
const expectedMigrations = (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** A probe that takes longer than this counts as down (health answers within about a second). */
const PROBE_TIMEOUT_MS = 1000;
/** Remote probes (an S3 bucket, an SMTP server) are asked at most this often; a load balancer asks every few seconds. */
const REMOTE_PROBE_EVERY_MS = 30_000;

export const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);
export const appVersion = PRODUCT_VERSION;

async function probe(run: (signal: AbortSignal) => Promise<void>): Promise<'up' | 'down'> {
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ac.abort();
      reject(new Error('timed out'));
    }, PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(ac.signal), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Remembers a remote probe's answer for REMOTE_PROBE_EVERY_MS per instance (by the app's clock). */
const remembered = new WeakMap<object, { at: number; state: 'up' | 'down' }>();
async function rememberedProbe(ctx: AppContext, owner: object, run: (signal: AbortSignal) => Promise<void>) {
  const now = ctx.clock.nowMs();
  const last = remembered.get(owner);
  if (last && now - last.at < REMOTE_PROBE_EVERY_MS && now >= last.at) return last.state;
  const state = await probe(run);
  remembered.set(owner, { at: now, state });
  return state;
}

async function databaseReady(ctx: AppContext): Promise<number> {
  let applied: number;
  try {
    const [row] = await queryRows<{ n: number | string }>(ctx.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    applied = Number(row?.n ?? 0);
  } catch {
    throw new AppError('UNAVAILABLE', { dependency: 'database' }, undefined, { 'retry-after': '5' });
  }
  // fewer: another instance is still migrating (or this one failed to): not ready yet
  if (applied < expectedMigrations) throw new AppError('UNAVAILABLE', { dependency: 'database', migrations: 'pending' }, undefined, { 'retry-after': '5' });
  return applied;
}

export async function health(ctx: AppContext): Promise<Health> {
  const { limiter, storage, mailer } = ctx;
  const mailCheck = mailer.check?.bind(mailer);
  const [applied, redis, storageState, mailState] = await Promise.all([
    databaseReady(ctx),
    limiter instanceof FailoverLimiter ? limiter.check() : Promise.resolve('not_configured' as const),
    storage.driver === 'local' ? probe((signal) => storage.check(signal)) : rememberedProbe(ctx, storage, (signal) => storage.check(signal)),
    mailCheck ? rememberedProbe(ctx, mailer, () => mailCheck()) : Promise.resolve('up' as const),
  ]);
  // the server answers its probe but refuses what is sent: degraded (a probe that fails says more: down)
  const mailStatus = mailState === 'up' && mailer instanceof TrackedMailer && mailer.sending() === 'failing' ? 'degraded' : mailState;
  const dependencies: Health['dependencies'] = {
    database: { status: 'up', kind: ctx.database.kind },
    redis: { status: redis, limits: limiter instanceof FailoverLimiter && limiter.usingRedis ? 'shared' : 'memory' },
    storage: { status: storageState, driver: storage.driver },
    mail: { status: mailStatus, kind: mailer.kind },
  };
  const degraded = redis === 'down' || storageState === 'down' || mailStatus !== 'up';
  return {
    status: degraded ? 'degraded' : 'ok',
    database: ctx.database.kind,
    migrations: { applied, expected: expectedMigrations },
    dependencies,
    uptimeSeconds: uptimeSeconds(),
    version: PRODUCT_VERSION,
  };
}
