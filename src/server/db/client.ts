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
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const MIGRATION_LOCK = 727_411;

/** The extensions every embedded database loads (the migrations create them). */
export const PGLITE_EXTENSIONS = { pg_trgm };

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
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function openDatabase(cfg: Config['database']): Promise<Database> {
  if (cfg.kind === 'pglite') {
    if (cfg.dataDir === 'memory://') return pgliteDatabase(new PGlite(cfg.dataDir, { extensions: PGLITE_EXTENSIONS }));
    // refuse rather than lose data: an unusable directory, a directory that is not a database, or a
    // second server on the same directory (see platform/datadir.ts)
    ensureWritableDir(path.dirname(cfg.dataDir));
    checkDatabaseDir(cfg.dataDir);
    const lock = lockDataDir(`${cfg.dataDir}.lock`);
    try {
      makeDirs(cfg.dataDir);
      const database = await pgliteDatabase(new PGlite(cfg.dataDir, { extensions: PGLITE_EXTENSIONS }));
      return {
        ...database,
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
  const pool = new pg.Pool({ ...customPlans(cfg.url), max: cfg.poolSize, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    /* an idle client failing is reported to the next query; keep the process alive */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
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
      await pool.end();
    },
  };
}

/**
 * Connection settings with plan_cache_mode=force_custom_plan: the hall's prepared statements
 * (features/tasks/service.ts) are then planned for their values on every run, never switched to a
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
