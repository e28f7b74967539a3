/**
 * The embedded installation's backups inside the server (decision 0049): a backup about every day into BACKUP_DIR
 * (looked for at start and every hour: one is taken when the newest archive there is 23 hours old or more, by the
 * platform clock), keeping the newest BACKUP_KEEP; and the answers to `npm run backup` (handshake.ts). One backup at
 * a time. With DATABASE_URL nothing runs here: the database has its own backups, and `npm run backup` runs pg_dump.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';
import { serveBackupRequests } from './handshake';
import { archiveTime, takeBackup, type BackupResult } from './take';

/** a daily backup is due when the newest archive is this old */
export const DAILY_DUE_MS = 23 * 3600_000;
const LOOK_EVERY_MS = 3600_000;
/** the first look after start: not in the middle of the start's own work */
const FIRST_LOOK_MS = 60_000;

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'log'>;

/** The archives in `dir`, oldest first. */
export async function archivesIn(dir: string): Promise<{ name: string; at: Date }[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names
    .map((name) => ({ name, at: archiveTime(name) }))
    .filter((a): a is { name: string; at: Date } => a.at !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.name < b.name ? -1 : 1));
}

/**
 * Removes all but the newest `keep` archives of `dir`, and what a backup cut off a day ago or more left (its
 * `.partial` archive, its database copy); other files are left alone. Returns the archives removed.
 */
export async function rotate(dir: string, keep: number, now: number): Promise<string[]> {
  const all = await archivesIn(dir);
  const gone = all.slice(0, Math.max(0, all.length - keep)).map((a) => a.name);
  for (const name of gone) await rm(path.join(dir, name), { force: true });
  for (const name of await readdir(dir)) {
    if (!name.startsWith('.snapshot-') && !name.startsWith('.pg_dump-') && !(archiveTime(name.replace(/\.partial$/, '')) && name.endsWith('.partial')))
      continue;
    const at = await stat(path.join(dir, name)).catch(() => null);
    if (at && now - at.mtimeMs >= 24 * 3600_000) await rm(path.join(dir, name), { recursive: true, force: true });
  }
  return gone;
}

export class BackupRunner {
  private chain: Promise<unknown> = Promise.resolve();
  constructor(private ctx: Ctx) {}

  /** One backup into `outDir`, after any under way. */
  take(outDir: string): Promise<BackupResult> {
    const run = this.chain.then(() => takeBackup(this.ctx.config, this.ctx.database, outDir, this.ctx.clock.now()));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The daily backup if one is due (BACKUP_DIR set, the newest archive 23 h old or more), then the rotation. */
  async dailyIfDue(): Promise<BackupResult | null> {
    const { dir, keep } = this.ctx.config.backup;
    if (!dir) return null;
    const newest = (await archivesIn(dir)).at(-1);
    if (newest && this.ctx.clock.nowMs() - newest.at.getTime() < DAILY_DUE_MS) return null;
    const result = await this.take(dir);
    const gone = await rotate(dir, keep, Date.now());
    this.ctx.log.info({ file: result.file, ms: result.ms, files: result.manifest.files.length, removed: gone.length }, 'daily backup written');
    return result;
  }

  /** waits for the backup under way, if any */
  async idle(): Promise<void> {
    await this.chain;
  }
}

/** Whether this installation's backups are taken by its server: the embedded database on disk. */
export const servesBackups = (ctx: Ctx) =>
  ctx.database.kind === 'pglite' && Boolean(ctx.database.snapshot) && ctx.config.database.kind === 'pglite' && ctx.config.database.dataDir !== 'memory://';

/**
 * Starts the daily backups and the answers to `npm run backup` for an embedded installation (nothing otherwise).
 * Returns stop(), which waits for a backup under way.
 */
export function startBackups(ctx: Ctx): () => Promise<void> {
  if (!servesBackups(ctx)) return async () => undefined;
  const runner = new BackupRunner(ctx);
  const requests = serveBackupRequests(
    ctx.config.dataDir,
    async (outDir) => {
      const r = await runner.take(outDir);
      ctx.log.info({ file: r.file, ms: r.ms, files: r.manifest.files.length }, 'backup written (asked by npm run backup)');
      return r.file;
    },
    (message) => ctx.log.error({ err: message }, 'backup failed'),
  );
  const daily = () =>
    void runner.dailyIfDue().catch((err: unknown) => ctx.log.error({ err: err instanceof Error ? err.message : String(err) }, 'daily backup failed'));
  const first = setTimeout(daily, FIRST_LOOK_MS);
  first.unref();
  const timer = setInterval(daily, LOOK_EVERY_MS);
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await requests.stop();
    await runner.idle();
  };
}
