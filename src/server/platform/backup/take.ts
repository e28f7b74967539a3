/**
 * Taking a backup (decision 0049): the database first — the embedded one as a snapshot of its data directory taken
 * inside the process that holds it, PostgreSQL with pg_dump (one consistent transaction) — then the local uploads
 * (after the database, so every file the copied rows name is there: uploads are only ever added under new keys), then
 * the secret key, then the manifest. Used by the server (daily, or asked by `npm run backup`) and by the command
 * itself when no server holds the embedded database, or with DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { migrationsFolder, type Database } from '../../db/client';
import { migrationHashes } from '../../db/move';
import { ensureWritableDir } from '../datadir';
import { isSafeKey } from '../storage';
import { ArchiveWriter, FORMAT, FORMAT_VERSION, PG_DUMP_FILE, PGLITE_DIR, SECRET_KEY_FILE, UPLOADS_PREFIX, type Manifest } from './archive';

export class BackupError extends Error {}

export type BackupResult = { file: string; manifest: Manifest; ms: number };

/** the archives' names: `livecommerce-backup-20261204T210000Z.tar.gz` (UTC; sorting by name sorts by time) */
export const ARCHIVE_PATTERN = /^livecommerce-backup-(\d{8}T\d{6}Z)(?:-(\d+))?\.tar\.gz$/;

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** When an archive's name says it was made (null: not an archive name). */
export function archiveTime(name: string): Date | null {
  const m = ARCHIVE_PATTERN.exec(name);
  if (!m) return null;
  const s = m[1]!;
  return new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(migrationsFolder, '..', 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Every directory and regular file under `root`, as relative POSIX paths, parents before children, sorted. Names that
 * are not storage keys are left out (`strict`: refused instead).
 */
async function tree(root: string, strict: boolean): Promise<{ rel: string; file: string; dir: boolean }[]> {
  const out: { rel: string; file: string; dir: boolean }[] = [];
  const walk = async (dir: string, prefix: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const rel = prefix + e.name;
      const file = path.join(dir, e.name);
      if (!isSafeKey(rel) || !(e.isDirectory() || e.isFile())) {
        if (strict) throw new BackupError(`${file} cannot be archived (an odd name or not a plain file)`);
        continue;
      }
      if (e.isDirectory()) {
        out.push({ rel, file, dir: true });
        await walk(file, `${rel}/`);
      } else out.push({ rel, file, dir: false });
    }
  };
  await walk(root, '');
  return out;
}

/** `pg_dump --format=custom` of `url` into `file`; the password goes through the environment, never the command line. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<string> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  // libpq reads the URL; `options` (our plan_cache_mode) is a server setting it passes on, harmless for a dump
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${u.toString()}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${tool} is not installed: install the PostgreSQL client tools of your server's major version (e.g. apt-get install postgresql-client)`
            : `${tool} could not be started (${err.message})`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}

/** A name in `dir` that is not taken yet. */
function freshName(dir: string, at: Date): string {
  const base = `livecommerce-backup-${stamp(at)}`;
  for (let i = 1; ; i++) {
    const name = i === 1 ? `${base}.tar.gz` : `${base}-${i}.tar.gz`;
    if (!existsSync(path.join(dir, name)) && !existsSync(path.join(dir, `${name}.partial`))) return name;
  }
}

/**
 * Writes one archive of the installation into `outDir` (created if needed) and returns its path. The embedded
 * database must be open in this process (`database.snapshot`); with PostgreSQL pg_dump is run.
 */
export async function takeBackup(config: Config, database: Database, outDir: string, at: Date = new Date()): Promise<BackupResult> {
  const started = performance.now();
  ensureWritableDir(outDir, 'The backup directory');
  if (!config.secretKey) throw new BackupError(`there is no secret key (${path.join(config.dataDir, '.secret-key')} is missing and SECRET_KEY is not set)`);
  const file = path.join(outDir, freshName(outDir, at));
  const writer = new ArchiveWriter(file);
  let tmpDump: string | null = null;
  let snapshotDir: string | null = null;
  try {
    const migrations = (await migrationHashes(database.db)) ?? [];
    let dbFile: string;
    if (database.kind === 'pglite') {
      if (!database.snapshot) throw new BackupError('this embedded database is not on disk: there is nothing to back up');
      snapshotDir = path.join(outDir, `.snapshot-${randomBytes(6).toString('hex')}`);
      await database.snapshot(snapshotDir);
      dbFile = PGLITE_DIR;
      await writer.addDirectory(PGLITE_DIR);
      for (const e of await tree(snapshotDir, true)) {
        const name = `${PGLITE_DIR}/${e.rel}`;
        if (e.dir) await writer.addDirectory(name);
        else if (!(await writer.addFile(name, e.file))) throw new BackupError(`${e.file} vanished from the snapshot`);
      }
    } else {
      if (config.database.kind !== 'postgres') throw new BackupError('a PostgreSQL database without DATABASE_URL');
      tmpDump = path.join(outDir, `.pg_dump-${randomBytes(6).toString('hex')}`);
      await runPgTool('pg_dump', config.database.url, ['--format=custom', `--file=${tmpDump}`]);
      dbFile = PG_DUMP_FILE;
      await writer.addFile(dbFile, tmpDump);
    }
    let files = 0;
    let bytes = 0;
    if (config.storage.driver === 'local') {
      for (const u of (await tree(config.storage.dir, false)).filter((e) => !e.dir)) {
        // a file removed between the listing and its copy (an unclaimed upload purged) is left out
        if (!(await writer.addFile(UPLOADS_PREFIX + u.rel, u.file))) continue;
        files += 1;
        bytes += writer.files[writer.files.length - 1]!.size;
      }
    }
    const keyFile = path.join(config.dataDir, '.secret-key');
    const fromFile = existsSync(keyFile) && readFileSync(keyFile, 'utf8').trim() === config.secretKey;
    await writer.addBuffer(SECRET_KEY_FILE, Buffer.from(config.secretKey, 'utf8'));
    const manifest = await writer.finish({
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      app: { version: appVersion() },
      createdAt: at.toISOString(),
      kind: database.kind === 'pglite' ? 'embedded' : 'postgres',
      migrations,
      database: { file: dbFile, format: database.kind === 'pglite' ? 'pglite-datadir' : 'pg_dump-custom' },
      uploads: { driver: config.storage.driver, files, bytes },
      secretKey: { file: SECRET_KEY_FILE, source: fromFile ? 'file' : 'env' },
    });
    return { file, manifest, ms: Math.round(performance.now() - started) };
  } catch (err) {
    await writer.abort();
    throw err;
  } finally {
    if (tmpDump) await rm(tmpDump, { force: true });
    if (snapshotDir) await rm(snapshotDir, { recursive: true, force: true });
  }
}
