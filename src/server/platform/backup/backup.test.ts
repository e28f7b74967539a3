/**
 * Backups and restore (issue 37, decision 0049), through the commands as an operator runs them:
 * - an embedded installation with the demo data and its uploads serves requests while `npm run backup` (another
 *   process) asks it for a snapshot; `npm run restore` puts the archive into a fresh DATA_DIR; the restored
 *   database holds the same rows, every upload the same bytes, the same secret key; `npm run ledger:check` passes; a
 *   server on it signs the demo company in and answers the same wallet; mail sent before the backup is not sent
 *   again; a timed job that fell due while it was down runs once;
 * - restore refuses a target that holds anything, and an archive cut short, changing nothing;
 * - the daily backup is taken once a day (the platform clock) and BACKUP_DIR keeps the newest BACKUP_KEEP;
 * - the same on PostgreSQL (pg_dump / pg_restore into databases this test creates; only with TEST_DATABASE_URL).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig, type Config } from '../../config';
import { openDatabase, queryRows, type Database } from '../../db/client';
import { databaseDigest } from '../../db/move';
import { mailQueue } from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed';
import { Client, filesUnder, migratedPgliteSnapshot } from '../../test/harness';
import { ManualClock } from '../clock';
import { pendingJobs, registerJob, runDueJobs, scheduleJob } from '../jobs';
import { queueMail, sendQueuedMail } from '../mailQueue';
import { checkLedger } from '../../features/money';
import { restoreBackup, RestoreRefused } from './restore';
import { BackupRunner } from './service';

const repo = path.resolve(import.meta.dirname, '../../../..');
const onPgPass = Boolean(process.env.TEST_DATABASE_URL);

/** Runs `scripts/<script>` as `npm run …` would (tsx), with `env`; resolves with its exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', script), ...args], {
      cwd: repo,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

/** Sign-ins and wallet reads, one after another, until `until` settles: requests that come in during a backup. */
async function trafficUntil(app: App, until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => (done = true));
  let n = 0;
  while (!done) {
    const c = new Client(app);
    const login = await c.post('/api/auth/login', { email: DEMO_ACCOUNTS.company, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await c.get('/api/wallet')).statusCode).toBe(200);
    expect((await c.get('/api/tasks')).statusCode).toBe(200);
    n += 1;
  }
  return n;
}

async function walletOf(app: App): Promise<unknown> {
  const c = new Client(app);
  const login = await c.post('/api/auth/login', { email: DEMO_ACCOUNTS.company, password: DEMO_PASSWORD });
  expect(login.statusCode).toBe(200);
  const wallet = await c.get('/api/wallet');
  expect(wallet.statusCode).toBe(200);
  return wallet.json();
}

let ticks = 0;
registerJob('backup_test.tick', async () => {
  ticks += 1;
});

describe.skipIf(onPgPass)('backups of the embedded installation', () => {
  const root = path.join(os.tmpdir(), `lc-backup-${randomBytes(6).toString('hex')}`);
  const dataDir = path.join(root, 'data');
  const outDir = path.join(root, 'out');
  const restoredDir = path.join(root, 'restored');
  let config: Config;
  let database: Database;
  let app: App;
  let stopBackups: () => Promise<void>;
  let archive = '';
  let restoreOut = '';
  let before: Awaited<ReturnType<typeof databaseDigest>>;
  let after: Awaited<ReturnType<typeof databaseDigest>>;
  let wallet: unknown;
  let dueAt: Date;

  beforeAll(async () => {
    mkdirSync(root, { recursive: true });
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', BACKUP_DIR: 'off' });
    // the on-disk database, started from the migrated empty one the harness keeps (faster than migrating)
    database = await openDatabase(config.database, { loadDataDir: await migratedPgliteSnapshot() });
    app = await buildApp(config, { database });
    await seedDemo(app.ctx);
    const { startBackups } = await import('./service');
    stopBackups = startBackups(app.ctx);
    // a mail delivered before the backup, and a timed job due an hour after it
    const [company] = await queryRows<{ id: string }>(database.db, sql`select id from users where email = ${DEMO_ACCOUNTS.company}`);
    await queueMail(database.db, {
      direct: { kind: 'backup_test', to: DEMO_ACCOUNTS.company, locale: 'en', title: 'Before the backup', body: 'sent once', userId: company!.id },
    });
    await sendQueuedMail(app.ctx);
    dueAt = new Date(Date.now() + 3600_000);
    await scheduleJob(database.db, { kind: 'backup_test.tick', key: `backup_test:${randomBytes(4).toString('hex')}`, runAt: dueAt });
    wallet = await walletOf(app);
  }, 300_000);

  afterAll(async () => {
    await stopBackups?.();
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  // the limits are hang guards: on a two-core CI machine running five suites, the backup and the restore (each a tsx
  // process of its own) took over three minutes (decision 0064, second round)
  it('npm run backup asks the running server for a snapshot while requests come in; npm run restore puts it into a fresh DATA_DIR', async () => {
    before = await databaseDigest(database.db);
    const backup = runScript('backup.ts', ['--out', outDir], { DATA_DIR: dataDir });
    const requests = await trafficUntil(app, backup);
    const b = await backup;
    after = await databaseDigest(database.db);
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    expect(b.stdout).toMatch(/asking it for a snapshot while it serves/);
    expect(requests).toBeGreaterThan(0);
    archive = lastLine(b.stdout);
    expect(path.dirname(archive)).toBe(outDir);
    expect(path.basename(archive)).toMatch(/^livecommerce-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    // the server answered and cleaned up: no request, answer or partial file is left
    expect(readdirSync(path.join(dataDir, 'backup-requests'))).toEqual([]);
    expect(readdirSync(outDir)).toEqual([path.basename(archive)]);

    const r = await runScript('restore.ts', [archive], { DATA_DIR: restoredDir });
    restoreOut = r.stdout;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ledger: ok$/m);
  }, 480_000);

  it('the restored installation has the same rows, uploads (byte for byte) and secret key, and npm run ledger:check passes', async () => {
    expect(restoreOut).not.toBe('');
    expect(readFileSync(path.join(restoredDir, '.secret-key'), 'utf8')).toBe(readFileSync(path.join(dataDir, '.secret-key'), 'utf8'));
    expect(statSync(path.join(restoredDir, '.secret-key')).mode & 0o777).toBe(0o600);
    const files = filesUnder(path.join(dataDir, 'uploads'));
    expect(files.length).toBeGreaterThan(5); // the demo's posters and avatars
    expect(filesUnder(path.join(restoredDir, 'uploads'))).toEqual(files);
    for (const f of files) expect(readFileSync(path.join(restoredDir, 'uploads', f)).equals(readFileSync(path.join(dataDir, 'uploads', f)))).toBe(true);

    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(restoredDir, 'db') });
    try {
      const got = await databaseDigest(restored.db);
      // every table the requests during the backup did not write holds exactly the same rows
      const still = Object.keys(before).filter((t) => JSON.stringify(before[t]) === JSON.stringify(after[t]));
      expect(still).toEqual(expect.arrayContaining(['users', 'ledger_lines', 'ledger_entries', 'tasks', 'deals', 'mail_queue', 'jobs', 'uploads']));
      for (const t of still) expect({ table: t, ...got[t] }).toEqual({ table: t, ...before[t] });
      // the sign-ins during the backup: as many sessions as at some instant between before and after
      expect(got.sessions!.rows).toBeGreaterThanOrEqual(before.sessions!.rows);
      expect(got.sessions!.rows).toBeLessThanOrEqual(after.sessions!.rows);
    } finally {
      await restored.close();
    }
    const check = await runScript('ledger-check.ts', [], { DATA_DIR: restoredDir });
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^ledger: ok/m);
  }, 300_000);

  it('a server on the restored data signs the demo company in with the same wallet, serves the uploads, sends no mail again and runs the job that fell due once', async () => {
    const clock = new ManualClock(Date.now());
    const restoredConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: restoredDir, LOG_LEVEL: 'silent', BACKUP_DIR: 'off' });
    const restored = await buildApp(restoredConfig, { clock });
    try {
      expect(await walletOf(restored)).toEqual(wallet);
      for (const f of filesUnder(path.join(dataDir, 'uploads'))
        .filter((f) => !f.startsWith('private'))
        .slice(0, 8)) {
        const res = await restored.inject({ method: 'GET', url: `/uploads/${f}` });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(readFileSync(path.join(dataDir, 'uploads', f)))).toBe(true);
      }
      // the mail delivered before the backup is marked so in the copy: nothing is sent again
      const [mail] = await restored.ctx.db.select().from(mailQueue).where(eq(mailQueue.kind, 'backup_test'));
      expect(mail?.status).toBe('sent');
      const sent = await sendQueuedMail(restored.ctx);
      expect(sent.sent).toBe(0);
      // the job due while the installation was down runs once
      ticks = 0;
      clock.set(dueAt.getTime() + 60_000);
      await runDueJobs(restored.ctx);
      await runDueJobs(restored.ctx);
      expect(ticks).toBe(1);
      expect((await pendingJobs(restored.ctx.db, 'backup_test.tick')).length).toBe(0);
    } finally {
      await restored.close();
    }
  }, 300_000);

  it('restore refuses a target that holds anything, and an archive cut short, changing nothing', async () => {
    expect(archive).not.toBe('');
    // a non-empty DATA_DIR: the source itself, and one with a single stray file
    const stray = path.join(root, 'stray');
    mkdirSync(stray);
    writeFileSync(path.join(stray, 'notes.txt'), 'mine');
    const opts = { ledgerCheck: checkLedger };
    for (const dir of [stray, restoredDir]) {
      const listing = readdirSync(dir).sort();
      const target = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' }, { createSecretKey: false });
      await expect(restoreBackup(archive, target, opts)).rejects.toThrow(RestoreRefused);
      await expect(restoreBackup(archive, target, opts)).rejects.toThrow(/is not empty .*nothing was changed/);
      expect(readdirSync(dir).sort()).toEqual(listing);
    }
    expect(readFileSync(path.join(stray, 'notes.txt'), 'utf8')).toBe('mine');
    // an archive cut short: refused, and the empty target stays empty
    const cut = path.join(root, 'cut.tar.gz');
    copyFileSync(archive, cut);
    truncateSync(cut, Math.floor(statSync(cut).size / 2));
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    const emptyConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: empty, LOG_LEVEL: 'silent' }, { createSecretKey: false });
    await expect(restoreBackup(cut, emptyConfig, opts)).rejects.toThrow(/cannot be read as a backup archive|has no manifest/);
    expect(readdirSync(empty)).toEqual([]);
    // a SECRET_KEY that is not the archive's: refused (sealed values would be unreadable), nothing left behind
    await expect(restoreBackup(archive, emptyConfig, { ...opts, secretKeyEnv: 'x'.repeat(40) })).rejects.toThrow(/SECRET_KEY is set and is not the key/);
    expect(readdirSync(empty)).toEqual([]);
    // the command says so with exit 2
    const r = await runScript('restore.ts', [archive], { DATA_DIR: stray });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^restore: DATA_DIR .* is not empty/);
  }, 120_000);
});

describe.skipIf(onPgPass)('the daily backup', () => {
  const root = path.join(os.tmpdir(), `lc-backup-daily-${randomBytes(6).toString('hex')}`);
  let database: Database;
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('defaults to DATA_DIR’s sibling, is off with BACKUP_DIR=off, and keeps 7', () => {
    const c = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'x', 'data'), SECRET_KEY: 'k'.repeat(32) });
    expect(c.backup).toEqual({ dir: path.join(root, 'x', 'data-backups'), keep: 7 });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: root, SECRET_KEY: 'k'.repeat(32), BACKUP_DIR: 'off' }).backup.dir).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: root, SECRET_KEY: 'k'.repeat(32), BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('is taken once a day by the platform clock, and BACKUP_DIR keeps the newest BACKUP_KEEP', async () => {
    const dir = path.join(root, 'backups');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'data'), SECRET_KEY: 's'.repeat(40), BACKUP_DIR: dir, BACKUP_KEEP: '2' });
    database = await openDatabase(config.database, { loadDataDir: await migratedPgliteSnapshot() });
    const clock = new ManualClock(Date.parse('2026-03-01T02:00:00Z'));
    const logs: string[] = [];
    const log = { info: (o: unknown, m: string) => logs.push(m) } as unknown as App['ctx']['log'];
    const runner = new BackupRunner({ config, database, clock, log });
    // a file of the operator's beside the archives is never rotated away
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'README.txt'), 'keep me');

    expect(await runner.dailyIfDue()).not.toBeNull();
    expect(await runner.dailyIfDue()).toBeNull(); // the same day: none
    clock.advance(22 * 3600_000);
    expect(await runner.dailyIfDue()).toBeNull();
    clock.advance(3600_000); // 23 h after the first
    expect(await runner.dailyIfDue()).not.toBeNull();
    clock.advance(24 * 3600_000);
    expect(await runner.dailyIfDue()).not.toBeNull();
    clock.advance(24 * 3600_000);
    const last = await runner.dailyIfDue();
    expect(last?.manifest.kind).toBe('embedded');
    expect(readdirSync(dir).sort()).toEqual(['README.txt', 'livecommerce-backup-20260303T010000Z.tar.gz', 'livecommerce-backup-20260304T010000Z.tar.gz']);
    expect(logs.filter((l) => l === 'daily backup written')).toHaveLength(4);

    // off: nothing is taken
    const off = new BackupRunner({ config: { ...config, backup: { dir: null, keep: 2 } }, database, clock, log });
    clock.advance(48 * 3600_000);
    expect(await off.dailyIfDue()).toBeNull();
    expect(existsSync(path.join(dir, 'livecommerce-backup-20260306T010000Z.tar.gz'))).toBe(false);
  }, 120_000);
});

// the PostgreSQL path: pg_dump of a database this test creates, restored with pg_restore into another it creates
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('backups on PostgreSQL', () => {
  const root = path.join(os.tmpdir(), `lc-backup-pg-${randomBytes(6).toString('hex')}`);
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const names = { source: `bk_src_${suffix}`, target: `bk_dst_${suffix}` };
  const urlOf = (name: string) => {
    const u = new URL(pgUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  const SECRET = `pg-backup-secret-${randomBytes(12).toString('hex')}`;
  let source: Database;
  let app: App;
  beforeAll(async () => {
    mkdirSync(root, { recursive: true });
    await admin(`create database ${names.source}`);
    await admin(`create database ${names.target}`);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(root, 'data'),
      LOG_LEVEL: 'silent',
      DATABASE_URL: urlOf(names.source),
      SECRET_KEY: SECRET,
    });
    source = await openDatabase(config.database);
    await source.migrate();
    app = await buildApp(config, { database: source });
    await seedDemo(app.ctx);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await source?.close();
    await admin(`drop database if exists ${names.source} with (force)`);
    await admin(`drop database if exists ${names.target} with (force)`);
    rmSync(root, { recursive: true, force: true });
  });

  it('pg_dump while requests come in, pg_restore into an empty database, the same rows, uploads and wallet; a database that holds anything is refused', async () => {
    const wallet = await walletOf(app);
    const env = { DATA_DIR: path.join(root, 'data'), DATABASE_URL: urlOf(names.source), SECRET_KEY: SECRET };
    const before = await databaseDigest(source.db);
    const backup = runScript('backup.ts', ['--out', path.join(root, 'out')], env);
    await trafficUntil(app, backup);
    const b = await backup;
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    const archive = lastLine(b.stdout);
    expect(existsSync(archive)).toBe(true);

    const restoredDir = path.join(root, 'restored');
    const r = await runScript('restore.ts', [archive], { DATA_DIR: restoredDir, DATABASE_URL: urlOf(names.target), SECRET_KEY: SECRET });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ledger: ok$/m);
    const files = filesUnder(path.join(root, 'data', 'uploads'));
    expect(files.length).toBeGreaterThan(5);
    expect(filesUnder(path.join(restoredDir, 'uploads'))).toEqual(files);
    for (const f of files) expect(readFileSync(path.join(restoredDir, 'uploads', f)).equals(readFileSync(path.join(root, 'data', 'uploads', f)))).toBe(true);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: restoredDir, LOG_LEVEL: 'silent', DATABASE_URL: urlOf(names.target), SECRET_KEY: SECRET });
    const target = await openDatabase(config.database);
    const restored = await buildApp(config, { database: target });
    try {
      const got = await databaseDigest(target.db);
      for (const t of ['users', 'ledger_lines', 'ledger_entries', 'tasks', 'deals', 'uploads']) expect({ t, ...got[t] }).toEqual({ t, ...before[t] });
      expect(await walletOf(restored)).toEqual(wallet);
    } finally {
      await restored.close();
      await target.close();
    }
    // again into the same (now full) database: refused
    const again = await runScript('restore.ts', [archive], { DATA_DIR: path.join(root, 'again'), DATABASE_URL: urlOf(names.target), SECRET_KEY: SECRET });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/not empty/);
    expect(existsSync(path.join(root, 'again', 'uploads'))).toBe(false);
  }, 240_000);
});
