/**
 * Safety of the data directory (DATA_DIR): the embedded database and uploaded files live there.
 * - it must be a directory this process can write to (checked with a probe file), else a clear error;
 * - a database directory that is not empty but is not a PostgreSQL data directory (no PG_VERSION) is
 *   never initialised over: starting would wipe it;
 * - one server at a time: a lock file (DATA_DIR/db.lock with the owner's pid) is taken at start; a
 *   second server on the same directory refuses to start instead of losing acknowledged writes.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** A data directory the server must not (or cannot) use; the message says which and what to do. */
export class DataDirError extends Error {
  constructor(
    message: string,
    /** process exit code: 73 cannot create/write, 75 in use (try later), 78 needs a person's decision */
    readonly exitCode: 73 | 75 | 78,
  ) {
    super(message);
  }
}

/**
 * mkdir -p one level at a time. Node's own `recursive: true` loops forever under some pseudo file
 * systems (mkdirSync('/proc/x', { recursive: true }) never returns), so it is not used here.
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (!existsSync(at)) {
    missing.unshift(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/** Creates `dir` if needed and proves it is a writable directory (a probe file written and removed). */
export function ensureWritableDir(dir: string, what = 'DATA_DIR'): void {
  try {
    makeDirs(dir);
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    const fd = openSync(probe, 'w');
    try {
      writeSync(fd, 'ok');
    } finally {
      closeSync(fd);
    }
    unlinkSync(probe);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new DataDirError(
      `${what} ${dir} cannot be used (${reason}): it must be a directory this user can create and write to. ` +
        'Set DATA_DIR to such a directory (or fix its permissions) and start again.',
      73,
    );
  }
}

/**
 * The embedded database directory: absent or empty is fine (a new database is created); a PostgreSQL
 * data directory (PG_VERSION present) is opened; anything else is refused, never overwritten.
 */
export function checkDatabaseDir(dbDir: string): void {
  if (!existsSync(dbDir)) return;
  let entries: string[];
  try {
    if (!statSync(dbDir).isDirectory()) throw new Error('not a directory');
    entries = readdirSync(dbDir);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new DataDirError(`The database directory ${dbDir} cannot be read (${reason}). Fix its permissions or set DATA_DIR elsewhere.`, 73);
  }
  if (entries.length === 0 || entries.includes('PG_VERSION')) return;
  throw new DataDirError(
    `The database directory ${dbDir} is not empty but holds no database (PG_VERSION is missing), so it was not opened: ` +
      'starting would overwrite it. Nothing was changed. If it is a damaged database, restore it from a backup; ' +
      'if its files belong to something else, move them away; to start with a new empty database, move the directory aside ' +
      '(e.g. `mv ' +
      dbDir +
      ' ' +
      dbDir +
      '.old`) or set DATA_DIR to another directory.',
    78,
  );
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export type DataDirLock = { file: string; release(): void };

/**
 * Takes the one-server lock of a data directory. A lock left by a process that no longer runs on this
 * host (a crash, kill -9) is taken over; a live owner makes this throw.
 */
export function lockDataDir(file: string): DataDirLock {
  const me = `${process.pid}@${hostname()}`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, me);
      } finally {
        closeSync(fd);
      }
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, 'utf8') === me) rmSync(file, { force: true });
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DataDirError(`Cannot create the lock file ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`, 73);
      }
      let owner = '';
      try {
        owner = readFileSync(file, 'utf8').trim();
      } catch {
        continue; // removed meanwhile: try again
      }
      const [pidText, host] = owner.split('@');
      const pid = Number(pidText);
      const sameHost = !host || host === hostname();
      if (sameHost && Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid)) {
        rmSync(file, { force: true }); // stale: its process is gone
        continue;
      }
      throw new DataDirError(
        `Another server (${owner || 'unknown process'}) is using ${path.dirname(file)}: the embedded database serves one server at a time. ` +
          'Stop that server first, or give this one its own DATA_DIR. To run several instances, use PostgreSQL (DATABASE_URL). ' +
          `If no such server runs, delete ${file}.`,
        75,
      );
    }
  }
  throw new DataDirError(`Could not take the lock ${file}; try again.`, 75);
}

/**
 * Who holds a data directory's lock: null when nobody does (no lock, or one left by a process that is gone on this
 * host); else its pid, host, whether that is this host, and `alive()` (checks again each call).
 */
export function lockOwner(file: string): { pid: number; host: string; sameHost: boolean; alive(): boolean } | null {
  let owner: string;
  try {
    owner = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  const [pidText, host = ''] = owner.split('@');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const sameHost = !host || host === hostname();
  if (sameHost && !alive(pid)) return null;
  return { pid, host, sameHost, alive: () => !sameHost || alive(pid) };
}
