/**
 * `GET /metrics` in the Prometheus text format (decision 0048), for the operator's scraper, never the public API.
 * Open only with `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN nothing is collected and there is no
 * such route; with it, a missing or wrong token gets what any unknown address gets (the not-found answer), so the
 * endpoint's existence is not told to whoever lacks the token.
 *
 * One prom-client Registry per app (tests build many apps in one process: the library's global registry would
 * collide). What it answers:
 * - `http_request_duration_seconds{method,route,status_code}`: every answered request by its route pattern
 *   (`/api/tasks/:id`, never the address itself, whose values are unbounded; a request no route matched is
 *   `route="unmatched"`, as is a request to /metrics without the token). Its `_count` is the request count. The
 *   scrapes themselves are left out.
 * - prom-client's default process metrics: CPU, memory, heap, handles, GC, event-loop lag
 *   (`nodejs_eventloop_lag_p99_seconds`, … sampled every 10 ms and reset at each scrape).
 * - `lc_db_pool_*` (PostgreSQL only; PGlite has one in-process connection and nothing to pool).
 * - `lc_jobs_due`, `lc_jobs_running`, `lc_jobs_oldest_due_age_seconds`; `lc_mail_queue_pending`,
 *   `lc_mail_queue_failed`, `lc_mail_queue_oldest_pending_age_seconds`; `lc_webhook_outbox_pending`,
 *   `lc_webhook_outbox_oldest_pending_age_seconds`: read at scrape time with indexed counts (the same for every
 *   instance: they describe the shared database), except jobs running, which is this instance's.
 * - `lc_sse_streams_open`: this instance's open event streams (`GET /api/events`).
 * - `lc_database_up`: 1 when this scrape's queue queries answered; 0 when they failed, and the queue figures are
 *   then NaN (unknown) rather than a stale or a false zero.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, PoolStats } from '../db/client';
import { bearerOf } from './apiKeyAuth';
import type { AppContext } from './context';
import { safeErrorLog } from './errors';
import { jobBacklog, runningJobs } from './jobs';
import { mailBacklog } from './mailQueue';

export const METRICS_PATH = '/metrics';
/** the route label of a request no route matched (labelled by its address, the series would be unbounded) */
export const UNMATCHED_ROUTE = 'unmatched';
/** seconds: from a fast read of the hall to a slow export; slower still lands in +Inf */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the platform cannot read itself: a feature's backlog, passed in by app.ts (features sit above platform). */
export type MetricsSources = {
  /** the webhook outbox (features/webhooks): pending deliveries and the oldest one's event time */
  webhookOutbox: (db: Db) => Promise<{ pending: number; oldestPendingAt: Date | null }>;
};

const digest = (token: string) => createHash('sha256').update(token).digest();

/** Seconds from `at` to `now` (0 when there is nothing waiting, or it is dated after now). */
const ageSeconds = (now: Date, at: Date | null) => (at ? Math.max(0, (now.getTime() - at.getTime()) / 1000) : 0);

/**
 * Adds the request metrics hook and GET /metrics when METRICS_TOKEN is set. The hook is the root's, so it sees every
 * route whenever it is added; call it after the compression plugin, which compresses only routes registered after it.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, sources: MetricsSources): void {
  const token = ctx.config.metricsToken;
  if (!token) return;
  // compared as digests: equal lengths whatever is sent, so the comparison's time tells nothing about the token
  const expected = digest(token);
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status (its _count is the request count).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? undefined : request.routeOptions?.url;
    if (route === METRICS_PATH) return;
    requests.observe({ method: request.method, route: route ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const pool = ctx.database.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool()));
        },
      });
    poolGauge('lc_db_pool_connections', 'PostgreSQL connections this instance holds open (busy and idle).', (s) => s.total);
    poolGauge('lc_db_pool_idle_connections', 'Open PostgreSQL connections no query uses now.', (s) => s.idle);
    poolGauge('lc_db_pool_waiting_requests', 'Queries waiting for a PostgreSQL connection (the pool is at its maximum).', (s) => s.waiting);
    poolGauge('lc_db_pool_max_connections', 'The most PostgreSQL connections this instance opens (DATABASE_POOL_SIZE).', (s) => s.max);
  }
  new Gauge({
    name: 'lc_sse_streams_open',
    help: 'Server-sent event streams (GET /api/events) open on this instance.',
    registers,
    collect() {
      this.set(ctx.realtime.connections);
    },
  });
  new Gauge({
    name: 'lc_jobs_running',
    help: 'Timed jobs this instance runs at this moment.',
    registers,
    collect() {
      this.set(runningJobs(ctx.database));
    },
  });

  const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
  const databaseUp = gauge('lc_database_up', "1 when this scrape's queue queries answered, 0 when they failed (the queue figures are then NaN).");
  const jobsDue = gauge('lc_jobs_due', 'Timed jobs due and not done (waiting for a worker, or running).');
  const jobsOldest = gauge('lc_jobs_oldest_due_age_seconds', 'How long the longest-waiting due job has been due (0: none due).');
  const mailPending = gauge('lc_mail_queue_pending', 'Queued mail not sent yet (new, or retried after a failure).');
  const mailFailed = gauge('lc_mail_queue_failed', 'Mail given up after 24 hours of failed sends, until an admin resends it.');
  const mailOldest = gauge('lc_mail_queue_oldest_pending_age_seconds', 'Age of the oldest mail not sent yet (0: none).');
  const outboxPending = gauge('lc_webhook_outbox_pending', 'Webhook deliveries not delivered yet (new, or retried for up to 3 days).');
  const outboxOldest = gauge('lc_webhook_outbox_oldest_pending_age_seconds', 'Age of the oldest undelivered webhook event (0: none).');
  const queueGauges = [jobsDue, jobsOldest, mailPending, mailFailed, mailOldest, outboxPending, outboxOldest];

  /** The queue figures, read now (three indexed aggregates; they run side by side on PostgreSQL). */
  const readQueues = async (log: FastifyInstance['log']) => {
    const now = ctx.clock.now();
    try {
      const [jobs, mail, outbox] = await Promise.all([jobBacklog(ctx.db, now), mailBacklog(ctx.db), sources.webhookOutbox(ctx.db)]);
      jobsDue.set(jobs.due);
      jobsOldest.set(ageSeconds(now, jobs.oldestDueAt));
      mailPending.set(mail.pending);
      mailFailed.set(mail.failed);
      mailOldest.set(ageSeconds(now, mail.oldestPendingAt));
      outboxPending.set(outbox.pending);
      outboxOldest.set(ageSeconds(now, outbox.oldestPendingAt));
      databaseUp.set(1);
    } catch (err) {
      for (const g of queueGauges) g.set(Number.NaN);
      databaseUp.set(0);
      log.warn(safeErrorLog(err), 'metrics: the queue figures could not be read');
    }
  };

  app.get(METRICS_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const given = bearerOf(request);
    if (given === null || !timingSafeEqual(digest(given), expected)) return reply.callNotFound();
    await readQueues(request.log);
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
