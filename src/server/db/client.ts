import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { checkDatabaseDir, ensureWritableDir, lockDataDir, makeDirs } from '../platform/datadir';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  migrate(): Promise<void>;
  /**
   * Receives NOTIFY payloads sent on `channel` by any connection (of any instance on the same
   * PostgreSQL); returns the unsubscribe. A NOTIFY inside a transaction arrives only if it commits.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * The embedded database on disk only: copies its data directory into `into` (which must not exist) while this process
   * serves. The copy is made with every query and transaction held back (PGlite's own locks), so it is the state
   * between two transactions, every committed one in it; requests wait only for the file copy (decision 0049).
   */
  snapshot?(into: string): Promise<void>;
  /**
   * PostgreSQL: the connection pool now (for /metrics, decision 0048) — open connections, how many of them are idle,
   * requests waiting for one, and the most it opens. Absent on PGlite (one in-process connection, nothing to pool).
   */
  pool?: () => PoolStats;
  close(): Promise<void>;
};

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const MIGRATION_LOCK = 727_411;

/** The extensions every embedded database loads (the migrations create them). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The embedded server's settings. PostgreSQL's default 128 MB of shared buffers live in PGlite's
 * WebAssembly heap, which never shrinks: with 16 MB an idle server holds ~150 MB less and an upload
 * flood stays under the 700 MB target (docs/performance.md). The files stay in the OS page cache.
 */
export const PGLITE_CONF = ['shared_buffers=16MB'];

/** Wraps an open PGlite (e.g. one started from a dumped data directory, as the test harness does). */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** `loadDataDir`: an embedded database only, whose directory is empty: start it from this snapshot (a restore). */
export async function openDatabase(cfg: Config['database'], opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (cfg.kind === 'pglite') {
    const { loadDataDir } = opts;
    if (cfg.dataDir === 'memory://') {
      return pgliteDatabase(new PGlite(cfg.dataDir, { extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF, loadDataDir }));
    }
    // refuse rather than lose data: an unusable directory, a directory that is not a database, or a
    // second server on the same directory (see platform/datadir.ts)
    ensureWritableDir(path.dirname(cfg.dataDir));
    checkDatabaseDir(cfg.dataDir);
    const lock = lockDataDir(`${cfg.dataDir}.lock`);
    try {
      makeDirs(cfg.dataDir);
      const client = new PGlite(cfg.dataDir, { extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF, loadDataDir });
      const database = await pgliteDatabase(client);
      const dataDir = cfg.dataDir;
      return {
        ...database,
        snapshot: async (into) => {
          // a checkpoint first: the copy then needs little or no recovery when it is opened
          await client.exec('checkpoint');
          // inside a transaction of ours (no other transaction runs meanwhile) and the query lock (no statement either)
          await client.transaction(() => client.runExclusive(() => cp(dataDir, into, { recursive: true, errorOnExist: true, force: false })));
        },
        close: async () => {
          try {
            await database.close();
          } finally {
            lock.release();
          }
        },
      };
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  // a database that does not answer fails the request (503) within seconds instead of holding it
  const pool = new pg.Pool({ ...customPlans(cfg.url), max: cfg.poolSize, connectionTimeoutMillis: cfg.connectTimeoutMs ?? 5000 });
  pool.on('error', () => {
    /* an idle client failing is reported to the next query; keep the process alive */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new PgListener(cfg.url);
  return {
    kind: 'postgres',
    db,
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: cfg.poolSize }),
    migrate: async () => {
      // several instances may start at once: one migrates, the others wait
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        conn.release();
      }
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** A quoted identifier (channel names are ours, but LISTEN cannot take a parameter). */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One dedicated connection (outside the pool) that LISTENs for every subscribed channel. When it drops
 * it reconnects with a growing delay and LISTENs again; notifications sent while it was down are lost,
 * so subscribers treat them as hints (the browser refetches on reconnect), never as the only record.
 */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(private url: string) {}

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const c = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
      c.on('notification', (msg) => {
        for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      c.on('error', () => this.drop(c));
      c.on('end', () => this.drop(c));
      try {
        await c.connect();
        for (const channel of this.handlers.keys()) await c.query(`LISTEN ${ident(channel)}`);
      } catch (err) {
        await c.end().catch(() => undefined);
        throw err;
      } finally {
        this.connecting = null;
      }
      this.client = c;
      this.failures = 0;
      return c;
    })();
    return this.connecting;
  }

  private drop(c: pg.Client) {
    if (this.client !== c) return;
    this.client = null;
    void c.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.retry || this.handlers.size === 0) return;
    const delay = Math.min(500 * 2 ** this.failures, 30_000);
    this.failures += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => this.scheduleReconnect());
    }, delay);
    this.retry.unref();
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    const c = await this.connect();
    if (first && this.client === c) await c.query(`LISTEN ${ident(channel)}`);
    return async () => {
      const s = this.handlers.get(channel);
      if (!s) return;
      s.delete(onPayload);
      if (s.size > 0) return;
      this.handlers.delete(channel);
      if (this.client) await this.client.query(`UNLISTEN ${ident(channel)}`).catch(() => undefined);
    };
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.client ?? (this.connecting ? await this.connecting.catch(() => null) : null);
    this.client = null;
    this.handlers.clear();
    if (c) await c.end().catch(() => undefined);
  }
}

/**
 * Connection settings with plan_cache_mode=force_custom_plan: the hall's prepared statements
 * (features/tasks/hall.ts, detail.ts) are then planned for their values on every run, never switched to a
 * generic plan (which is far slower for a search). Unnamed statements are unaffected. An `options`
 * parameter already in the URL is kept.
 */
export function customPlans(url: string): { connectionString: string; options: string } {
  const own = '-c plan_cache_mode=force_custom_plan';
  if (!/[?&]options=/.test(url)) return { connectionString: url, options: own };
  const u = new URL(url);
  const given = u.searchParams.get('options');
  u.searchParams.delete('options');
  return { connectionString: u.toString(), options: `${given} ${own}` };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw `db.execute(sql...)` result; both drivers return `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: Parameters<Db['execute']>[0]): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** A unique-index violation (23505), whether raised by pg or PGlite, directly or wrapped by Drizzle. */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Escapes LIKE wildcards so user input matches literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
