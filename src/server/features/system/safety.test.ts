/**
 * Issue 10 items 5, 6, 10: one server per data directory, a directory that is not a database is never
 * wiped, an unusable DATA_DIR is a clear error; 500s log no values; 431 and 414 answer JSON.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { checkDatabaseDir, DataDirError, ensureWritableDir, lockDataDir } from '../../platform/datadir';
import { safeErrorLog, statementName } from '../../platform/errors';
import { Client, createTestApp, type TestApp } from '../../test/harness';
import { makeUser } from '../../db/factories';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'lc-safety-'));

describe('the data directory (items 5 and 6)', () => {
  it('a second server on the same DATA_DIR refuses to start; the first keeps working; a stale lock is taken over', async () => {
    const dir = tmp();
    const first = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    try {
      await first.migrate();
      await expect(openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') })).rejects.toThrow(/Another server .* is using/);
      await first.db.execute(sql`create table kept (v int)`);
      await first.db.execute(sql`insert into kept values (42)`);
    } finally {
      await first.close();
    }
    // closed: the lock is gone and the data is there for the next server
    const again = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    try {
      const res = (await again.db.execute(sql`select v from kept`)) as unknown as { rows: { v: number }[] };
      expect(res.rows).toEqual([{ v: 42 }]);
    } finally {
      await again.close();
    }
    // a lock left by a process that no longer runs (kill -9) does not block the next start
    writeFileSync(path.join(dir, 'db.lock'), `999999999@${os.hostname()}`);
    const lock = lockDataDir(path.join(dir, 'db.lock'));
    expect(readFileSync(path.join(dir, 'db.lock'), 'utf8')).toBe(`${process.pid}@${os.hostname()}`);
    lock.release();
    rmSync(dir, { recursive: true, force: true });
  }, 180_000);

  it('a database directory without PG_VERSION is refused and left exactly as it was', async () => {
    const dir = tmp();
    const dbDir = path.join(dir, 'db');
    mkdirSync(path.join(dbDir, 'base'), { recursive: true });
    writeFileSync(path.join(dbDir, 'base', 'important'), 'do not delete');
    await expect(openDatabase({ kind: 'pglite', dataDir: dbDir })).rejects.toThrow(DataDirError);
    expect(() => checkDatabaseDir(dbDir)).toThrow(/PG_VERSION is missing.*Nothing was changed/);
    expect(readdirSync(dbDir)).toEqual(['base']);
    expect(readFileSync(path.join(dbDir, 'base', 'important'), 'utf8')).toBe('do not delete');
    // absent or empty directories are fine (a new database)
    expect(() => checkDatabaseDir(path.join(dir, 'absent'))).not.toThrow();
    mkdirSync(path.join(dir, 'empty'));
    expect(() => checkDatabaseDir(path.join(dir, 'empty'))).not.toThrow();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an unusable DATA_DIR is a clear error, not a hang', () => {
    expect(() => ensureWritableDir('/proc/x')).toThrow(/DATA_DIR \/proc\/x cannot be used/);
    const file = path.join(tmp(), 'a-file');
    writeFileSync(file, '');
    expect(() => ensureWritableDir(file)).toThrow(DataDirError);
    expect(() => loadConfig({ DATA_DIR: '/proc/x' })).toThrow(/cannot be used/);
  });

  it('the server process exits with the message (DATA_DIR=/proc/x, and a non-database db/)', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
          env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve({ code, stderr });
        });
      });
    const proc = await run({ DATA_DIR: '/proc/x' });
    expect(proc.code).toBe(73);
    expect(proc.stderr).toMatch(/DATA_DIR \/proc\/x cannot be used/);
    const dir = tmp();
    mkdirSync(path.join(dir, 'db'));
    writeFileSync(path.join(dir, 'db', 'stray'), 'x');
    const notDb = await run({ DATA_DIR: dir, SECRET_KEY: 'k'.repeat(40) });
    expect(notDb.code).toBe(78);
    expect(notDb.stderr).toContain(path.join(dir, 'db'));
    expect(readdirSync(path.join(dir, 'db'))).toEqual(['stray']);
    rmSync(dir, { recursive: true, force: true });
  }, 150_000);
});

describe('logs and early errors (item 10)', () => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    t = await createTestApp({}, { logStream: stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a database error logs its SQLSTATE and statement, never the values (an email here)', async () => {
    const email = 'private-person@example.com';
    await makeUser(t.app.ctx.db, { email });
    let caught: unknown;
    try {
      await t.app.ctx.db.execute(sql`insert into users (email, password_hash) values (${email}, 'x')`);
    } catch (err) {
      caught = err;
    }
    const fields = safeErrorLog(caught);
    expect(fields).toMatchObject({ kind: 'database', sqlState: '23505', statement: 'insert into users' });
    expect(JSON.stringify(fields)).not.toContain(email);
    expect(statementName('select "id", "email" from "users" where "email" = $1')).toBe('select from "users"');
    expect(statementName('update "tasks" set "title" = $1')).toBe('update "tasks"');
  });

  it('an unhandled 500 through a route leaves no value in the log', async () => {
    const email = 'another-private@example.com';
    const real = t.app.ctx.db;
    // a failing statement that carries a personal value, thrown as Drizzle does (message + params)
    const err = Object.assign(new Error(`Failed query: select * from "users" where "email" = $1\nparams: ${email}`), {
      query: 'select * from "users" where "email" = $1',
      params: [email],
      cause: Object.assign(new Error(`duplicate key (email)=(${email})`), { code: '23505', detail: `Key (email)=(${email}) already exists.` }),
    });
    t.app.ctx.db = new Proxy(real, {
      get: (target, prop) =>
        prop === 'select' || prop === 'execute' || prop === 'transaction'
          ? () => {
              throw err;
            }
          : Reflect.get(target, prop),
    });
    try {
      const res = await new Client(t.app).get('/api/tasks');
      expect(res.statusCode).toBe(500);
    } finally {
      t.app.ctx.db = real;
    }
    expect(log).toContain('unhandled error');
    expect(log).toContain('23505');
    expect(log).not.toContain(email);
  });

  it('431 (headers too large) and 414 (address too long) answer the JSON error body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let out = '';
        socket.on('data', (d) => (out += d.toString()));
        socket.on('end', () => resolve(out));
        socket.on('close', () => resolve(out));
        socket.on('error', reject);
      });
    const big = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1.1 431/);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'HEADERS_TOO_LARGE', message: '请求头过大' } });

    const long = await fetch(`http://127.0.0.1:${port}/api/tasks?search=${'a'.repeat(9000)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: '请求地址过长', requestId: expect.any(String) } });
  });
});
