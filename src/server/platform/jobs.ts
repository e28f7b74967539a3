/**
 * Persistent timed jobs in the database (decision 0014). A job is a row with a kind, a unique key, a
 * payload and the time it is due. Each instance polls (config.jobsPollMs); a due job is claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED` and its handler runs inside that same transaction, which also marks
 * it done — so a job's effects commit exactly once, whichever instance claims it, and survive restarts.
 * A handler that throws is rolled back to a savepoint and retried later with a growing delay.
 * Due-ness is decided with the platform clock, so tests move a ManualClock and call runDueJobs().
 */
import { and, asc, count, eq, isNull, lte, min, sql } from 'drizzle-orm';
import type { Database, Tx, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import type { AppContext } from './context';
import { sendQueuedMail } from './mailQueue';

export type Job = { id: string; kind: string; key: string; payload: Record<string, string | number | null>; runAt: Date; attempts: number };
/** Runs inside the claiming transaction; may return work to do after the commit (mail). */
export type JobHandler = (ctx: AppContext, tx: Tx, job: Job) => Promise<(() => Promise<void>) | void>;

const handlers = new Map<string, JobHandler>();

export function registerJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

/** Schedules a job once: a second call with the same key changes nothing. */
export async function scheduleJob(tx: DbOrTx, job: { kind: string; key: string; runAt: Date; payload?: Job['payload'] }) {
  await tx
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })
    .onConflictDoNothing({ target: jobs.key });
}

/** jobs whose handler runs now, per app (its database): this instance's share of lc_jobs_running (decision 0048) */
const running = new WeakMap<Database, number>();

/** How many jobs this instance runs at this moment (0 or 1 per worker round). */
export const runningJobs = (database: Database): number => running.get(database) ?? 0;

/** after this many failures a job is given up (kept, with its last error, for an operator) */
export const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** attempts, 6 * 3600_000);

/**
 * Runs the jobs due now, one transaction each, until none is due or `limit` ran. Returns how many ran
 * (succeeded or failed). Safe to call from several instances at once.
 */
export async function runDueJobs(ctx: AppContext, limit = 50): Promise<number> {
  let ran = 0;
  for (; ran < limit; ran++) {
    const box: { after: (() => Promise<void>) | null } = { after: null };
    const claimed = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const [row] = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)))
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      const handler = handlers.get(row.kind);
      if (!handler) {
        await tx
          .update(jobs)
          .set({ doneAt: now, lastError: `no handler for ${row.kind}` })
          .where(eq(jobs.id, row.id));
        ctx.log.error({ job: row.id, kind: row.kind }, 'job kind has no handler');
        return true;
      }
      running.set(ctx.database, (running.get(ctx.database) ?? 0) + 1);
      try {
        box.after = (await tx.transaction(async (sp) => handler(ctx, sp, row))) ?? null;
        await tx
          .update(jobs)
          .set({ doneAt: now, attempts: row.attempts + 1 })
          .where(eq(jobs.id, row.id));
      } catch (err) {
        const attempts = row.attempts + 1;
        const message = err instanceof Error ? err.message : String(err);
        await tx
          .update(jobs)
          .set({
            attempts,
            lastError: message.slice(0, 2000),
            runAt: new Date(now.getTime() + backoffMs(attempts)),
            doneAt: attempts >= MAX_ATTEMPTS ? now : null,
          })
          .where(eq(jobs.id, row.id));
        ctx.log.error({ job: row.id, kind: row.kind, attempts, err: message }, 'job failed');
      } finally {
        running.set(ctx.database, (running.get(ctx.database) ?? 1) - 1);
      }
      return true;
    });
    if (!claimed) break;
    if (box.after) {
      try {
        await box.after();
      } catch (err) {
        ctx.log.error({ err: err instanceof Error ? err.message : String(err) }, 'job follow-up failed');
      }
    }
  }
  return ran;
}

/**
 * Polls for due jobs, then for queued mail (decision 0040), then runs each of `more` (the webhook outbox, decision
 * 0042), every `intervalMs` (never two rounds at once on one instance). Returns stop().
 */
export function startJobWorker(ctx: AppContext, intervalMs: number, more: ((ctx: AppContext) => Promise<unknown>)[] = []): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runDueJobs(ctx)
      .then(() => sendQueuedMail(ctx))
      .then(async () => {
        for (const run of more) await run(ctx);
      })
      .catch((err: unknown) => ctx.log.error({ err: err instanceof Error ? err.message : String(err) }, 'job round failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    if (running) await running;
  };
}

/** pending jobs (tests and the admin overview) */
export async function pendingJobs(db: DbOrTx, kind?: string) {
  return db
    .select({ id: jobs.id, kind: jobs.kind, key: jobs.key, runAt: jobs.runAt, payload: jobs.payload })
    .from(jobs)
    .where(kind ? and(isNull(jobs.doneAt), eq(jobs.kind, kind)) : isNull(jobs.doneAt))
    .orderBy(asc(jobs.runAt), sql`${jobs.key}`);
}

/**
 * The jobs due at `now` and not done (waiting for a worker, or running), and the oldest one's due time: for /metrics
 * (decision 0048). Read from the partial index of undone jobs by due time (jobs_due_idx).
 */
export async function jobBacklog(db: DbOrTx, now: Date): Promise<{ due: number; oldestDueAt: Date | null }> {
  const [row] = await db
    .select({ due: count(), oldestDueAt: min(jobs.runAt) })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)));
  return { due: row?.due ?? 0, oldestDueAt: row?.oldestDueAt ?? null };
}
