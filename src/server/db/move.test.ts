/**
 * npm run data:to-postgres (issue 27): the demo data on an embedded database moved into a fresh PostgreSQL database
 * (made by this test, dropped after): every row, the sequences and the migration history arrive, the verification
 * passes (ledger included) and notices a changed row, a non-empty target is refused, the source is unchanged, and a
 * demo user signs in on the moved data with the same password. Needs a PostgreSQL server (MOVE_TEST_DATABASE_URL, or
 * the local one at 127.0.0.1:5432); skipped, saying so, without one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { checkLedger } from '../features/money';
import { freshPglite } from '../test/harness';
import { openDatabase, queryRows, type Database } from './client';
import { copyDatabase, databaseDigest, MoveError, verifyCopy } from './move';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed';

// the source is always an embedded database, so the move runs once: in the PGlite pass (npm test), against the
// local server; the PostgreSQL pass (TEST_DATABASE_URL set) would repeat the same work
const onPgPass = Boolean(process.env.TEST_DATABASE_URL);
const serverUrl = process.env.MOVE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reachable = onPgPass
  ? false
  : await (async () => {
      const c = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
      try {
        await c.connect();
        await c.end();
        return true;
      } catch {
        return false;
      }
    })();
if (onPgPass) console.warn('data:to-postgres test skipped in the PostgreSQL pass: it runs in npm test (its source is always PGlite)');
else if (!reachable) console.warn(`data:to-postgres test skipped: no PostgreSQL server answers at ${new URL(serverUrl).host} (set MOVE_TEST_DATABASE_URL)`);

const adminQuery = async (text: string) => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};

describe.skipIf(!reachable)('moving the embedded database to PostgreSQL', () => {
  const name = `move_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-move-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789' });
  let source: Database;
  let target: Database;
  let sourceApp: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    source = await freshPglite();
    sourceApp = await buildApp(config, { database: source });
    await seedDemo(sourceApp.ctx);
    await adminQuery(`create database ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    target = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 4 });
  }, 120_000);
  afterAll(async () => {
    await target?.close();
    await sourceApp?.close();
    await source?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every row, sequence and migration, verifies it, refuses a second copy, and leaves the source as it was', async () => {
    const before = await databaseDigest(source.db);
    const [users] = await queryRows<{ n: number }>(source.db, sql`select count(*)::int as n from users`);
    const lines: string[] = [];
    const report = await copyDatabase(source, target, (l) => lines.push(l));
    expect(report.rows).toBeGreaterThan(100);
    expect(report.tables.find((t) => t.table === 'users')?.rows).toBe(users!.n);
    expect(report.tables.find((t) => t.table === 'ledger_lines')?.rows).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(/migrations: \d+ applied/);

    const v = await verifyCopy(source, target, checkLedger);
    expect(v.problems).toEqual([]);
    expect(v.tables.every((t) => t.same)).toBe(true);

    // a second copy into the same (now full) database is refused, and nothing changes
    await expect(copyDatabase(source, target)).rejects.toThrow(MoveError);
    await expect(copyDatabase(source, target)).rejects.toThrow(/not empty/);
    expect((await verifyCopy(source, target, checkLedger)).problems).toEqual([]);
    expect(await databaseDigest(source.db)).toEqual(before);

    // the verification can fail: one changed field in one row is found
    await target.db.execute(sql`update users set email = 'changed-' || email where id = (select id from users order by id limit 1)`);
    expect((await verifyCopy(source, target, checkLedger)).problems).toEqual([
      expect.stringMatching(/^users: the same number of rows \(\d+\) but not the same rows$/),
    ]);
    await target.db.execute(sql`update users set email = substr(email, 9) where email like 'changed-%'`);
  });

  it('the moved data serves: a demo user signs in on PostgreSQL with the same password, and identity rows continue from the source', async () => {
    const app = await buildApp(config, { database: target });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_ACCOUNTS.company, password: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(200);
      const [src] = await queryRows<{ m: string | null }>(source.db, sql`select max(id)::text as m from ledger_lines`);
      const [next] = await queryRows<{ v: string }>(target.db, sql`select nextval('ledger_lines_id_seq')::text as v`);
      expect(BigInt(next!.v)).toBeGreaterThan(BigInt(src!.m ?? '0'));
    } finally {
      await app.close();
    }
  });
});
