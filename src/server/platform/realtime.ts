import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { liveEvent, type LiveEvent } from '../../shared/schemas/messages';
import type { Database, DbOrTx } from '../db/client';

/** The NOTIFY channel every instance listens on. */
export const REALTIME_CHANNEL = 'lc_realtime';

/**
 * Tells the given users' open pages that something changed (a message, a read receipt, a notification).
 * Sent with pg_notify inside the caller's transaction: PostgreSQL delivers it to every instance's
 * listener only when that transaction commits, so a page never hears of a message that was rolled back.
 * Payloads are small hints (ids, never message text); the page fetches what it is allowed to read.
 */
export async function publish(tx: DbOrTx, userIds: readonly string[], event: LiveEvent): Promise<void> {
  const to = [...new Set(userIds)];
  if (to.length === 0) return;
  // NOTIFY payloads are limited to 8000 bytes: a uuid list of ~200 users fits; split larger audiences
  for (let i = 0; i < to.length; i += 150) {
    await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ to: to.slice(i, i + 150), event })})`);
  }
}

type Subscriber = (event: LiveEvent) => void;
type Stream = { send: Subscriber; close: () => void };

/**
 * This instance's open event streams by user, fed by the database's notifications (one LISTEN
 * connection per instance on PostgreSQL; PGlite delivers its own NOTIFYs in-process).
 */
export class RealtimeHub {
  private subscribers = new Map<string, Set<Stream>>();
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private database: Database,
    private log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(REALTIME_CHANNEL, (payload) => this.dispatch(payload));
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    this.subscribers.clear();
    if (stop) await stop().catch(() => undefined);
  }

  /** Registers one open stream of a user (`close` ends it when the server shuts down); returns its removal. */
  subscribe(userId: string, send: Subscriber, close: () => void = () => undefined): () => void {
    let set = this.subscribers.get(userId);
    if (!set) this.subscribers.set(userId, (set = new Set()));
    const stream = { send, close };
    set.add(stream);
    return () => {
      const s = this.subscribers.get(userId);
      if (!s) return;
      s.delete(stream);
      if (s.size === 0) this.subscribers.delete(userId);
    };
  }

  /** Ends every open stream (before the server closes: open streams would otherwise hold it up). */
  closeStreams(): void {
    for (const set of [...this.subscribers.values()]) {
      for (const stream of [...set]) {
        try {
          stream.close();
        } catch {
          /* already gone */
        }
      }
    }
  }

  /** How many streams this user holds open on this instance. */
  connectionsOf(userId: string): number {
    return this.subscribers.get(userId)?.size ?? 0;
  }

  /** How many streams are open on this instance. */
  get connections(): number {
    let n = 0;
    for (const s of this.subscribers.values()) n += s.size;
    return n;
  }

  private dispatch(payload: string) {
    let parsed: { to: string[]; event: LiveEvent };
    try {
      const raw = JSON.parse(payload) as { to?: unknown; event?: unknown };
      const event = liveEvent.parse(raw.event);
      if (!Array.isArray(raw.to)) throw new Error('no recipients');
      parsed = { to: raw.to.filter((x): x is string => typeof x === 'string'), event };
    } catch {
      this.log.warn('ignored a malformed realtime notification');
      return;
    }
    for (const userId of parsed.to) {
      for (const stream of this.subscribers.get(userId) ?? []) {
        try {
          stream.send(parsed.event);
        } catch (err) {
          this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'a realtime subscriber failed');
        }
      }
    }
  }
}
