/**
 * Restoring a backup archive (decision 0049) into an empty installation: the embedded database into an empty (or
 * absent) DATA_DIR, or a pg_dump into the empty database of DATABASE_URL; the uploads into DATA_DIR/uploads; the
 * secret key into DATA_DIR/.secret-key. The archive is extracted into DATA_DIR and checked against its manifest before
 * anything is put in place; the database is brought to this version's migrations (as a start would) and the ledger
 * check runs at the end. A target that holds anything is refused, and a failed restore removes what it made.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Config } from '../../config';
import { migrationsFolder, openDatabase, PGLITE_CONF, PGLITE_EXTENSIONS, pgliteDatabase, type Database, type DbOrTx } from '../../db/client';
import { assertEmptyTarget, MoveError } from '../../db/move';
import { ensureWritableDir, lockDataDir } from '../datadir';
import { extractArchive, PG_DUMP_FILE, PGLITE_DIR, SECRET_KEY_FILE, UPLOADS_PREFIX, type Manifest } from './archive';
import { runPgTool } from './take';

/** The target or the archive does not fit: nothing was changed. */
export class RestoreRefused extends Error {}

export type RestoreOptions = {
  /** the ledger's invariants (features/money's checkLedger), run on the restored database */
  ledgerCheck: (db: DbOrTx) => Promise<string[]>;
  /** SECRET_KEY as set for the restored installation, if it is */
  secretKeyEnv?: string;
  log?: (line: string) => void;
};

export type RestoreResult = { manifest: Manifest; ledgerProblems: string[]; migrated: number; ms: number };

/** Entries of a directory that make it "not empty" (a file system's lost+found does not). */
const entriesOf = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((e) => e !== 'lost+found') : []);

function assertEmptyDir(dir: string, what: string) {
  const entries = entriesOf(dir);
  if (entries.length > 0) {
    throw new RestoreRefused(
      `${what} ${dir} is not empty (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}): restore writes only into an empty one. ` +
        'Point DATA_DIR at a new directory (or move this one aside) and run it again; nothing was changed.',
    );
  }
}

export async function restoreBackup(archive: string, config: Config, opts: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  if (!existsSync(archive)) throw new RestoreRefused(`${archive} does not exist`);
  const dataDir = config.dataDir;
  const embedded = config.database.kind === 'pglite';
  // the target first, before anything is written: an installation that holds anything is refused
  if (embedded) assertEmptyDir(dataDir, 'DATA_DIR');
  else if (config.storage.driver === 'local') assertEmptyDir(config.storage.dir, 'The uploads directory');
  let target: Database | null = null;
  if (!embedded) {
    target = await openDatabase(config.database);
    try {
      await assertEmptyTarget(target.db, 'restore');
    } catch (err) {
      await target.close();
      if (err instanceof MoveError) throw new RestoreRefused(err.message);
      throw err;
    }
  }
  const dataDirExisted = existsSync(dataDir);
  ensureWritableDir(dataDir);
  const lock = embedded ? lockDataDir(path.join(dataDir, 'db.lock')) : null;
  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  const made: string[] = [staging];
  let database: Database | null = null;
  let ok = false;
  try {
    log(`reading ${archive}`);
    const manifest = await extractArchive(archive, staging);
    log(`archive: ${manifest.kind} installation, made ${manifest.createdAt} by version ${manifest.app.version}, ${manifest.files.length} files checked`);
    if ((manifest.kind === 'embedded') !== embedded) {
      throw new RestoreRefused(
        manifest.kind === 'embedded'
          ? 'the archive holds an embedded database: restore it without DATABASE_URL (then `npm run data:to-postgres` moves it)'
          : 'the archive holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it into',
      );
    }
    const known = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
    if (manifest.migrations.length > known.length || manifest.migrations.some((h, i) => known[i] !== h)) {
      throw new RestoreRefused(
        `the archive's database has migrations this version does not know (${manifest.migrations.length} applied, this version has ${known.length}): restore it with the version that made it (${manifest.app.version})`,
      );
    }
    const archiveKey = readFileSync(path.join(staging, SECRET_KEY_FILE), 'utf8').trim();
    if (opts.secretKeyEnv && opts.secretKeyEnv !== archiveKey) {
      throw new RestoreRefused(
        "SECRET_KEY is set and is not the key in the archive: sealed values (bank account numbers, webhook secrets) would be unreadable. Unset it (the archive's key is then written to DATA_DIR/.secret-key) or set it to the installation's key.",
      );
    }
    const keyFile = path.join(dataDir, '.secret-key');
    if (!opts.secretKeyEnv && existsSync(keyFile) && readFileSync(keyFile, 'utf8').trim() !== archiveKey) {
      throw new RestoreRefused(`${keyFile} holds another key than the archive's: move it aside (or set SECRET_KEY to the archive's key)`);
    }

    // the database
    if (embedded) {
      const dbDir = path.join(dataDir, 'db');
      await rename(path.join(staging, ...PGLITE_DIR.split('/')), dbDir);
      made.push(dbDir);
      database = await pgliteDatabase(new PGlite(dbDir, { extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF }));
      log(`database: embedded, into ${dbDir}`);
    } else {
      if (config.database.kind !== 'postgres') throw new Error('unreachable');
      const dump = path.join(staging, ...PG_DUMP_FILE.split('/'));
      // an extension's comment needs its owner (a superuser): left out, so a database owner can restore
      const list = (await runPgTool('pg_restore', config.database.url, ['--list', dump]).catch(() => null)) ?? null;
      const listFile = path.join(staging, 'restore.list');
      if (list !== null)
        await writeFile(
          listFile,
          list
            .split('\n')
            .filter((l) => !/^\d+;.* COMMENT - EXTENSION /.test(l))
            .join('\n'),
        );
      await runPgTool('pg_restore', config.database.url, [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '--no-privileges',
        ...(list !== null ? [`--use-list=${listFile}`] : []),
        dump,
      ]);
      database = target;
      log(`database: PostgreSQL, restored into ${new URL(config.database.url).pathname.slice(1)}`);
    }
    if (!database) throw new Error('unreachable');
    await database.migrate();
    const migrated = known.length - manifest.migrations.length;
    if (migrated > 0) log(`migrations: ${migrated} newer migration(s) of this version applied`);

    // the uploads
    const uploads = path.join(staging, ...UPLOADS_PREFIX.split('/'));
    if (existsSync(uploads)) {
      const dest = path.join(dataDir, 'uploads');
      if (existsSync(dest)) await rmdir(dest); // empty (checked above)
      await rename(uploads, dest);
      made.push(dest);
      log(`uploads: ${manifest.uploads.files} files (${manifest.uploads.bytes} bytes) into ${dest}`);
      if (config.storage.driver === 's3') log('uploads: STORAGE_DRIVER=s3 is set — copy them into the bucket with `npm run uploads:to-s3`');
    } else if (manifest.uploads.driver === 's3') {
      log("uploads: the archive has none (they were in the bucket, which keeps its own copies: restore the bucket's objects there)");
    }

    // the secret key
    if (!opts.secretKeyEnv && !existsSync(keyFile)) {
      await writeFile(keyFile, archiveKey, { mode: 0o600 });
      made.push(keyFile);
      log(`secret key: into ${keyFile}`);
    } else {
      log('secret key: the same as SECRET_KEY');
    }
    if (manifest.secretKey.source === 'env' && !opts.secretKeyEnv) {
      log('secret key: the installation had SECRET_KEY set; give the restored instances the same SECRET_KEY (its value is in DATA_DIR/.secret-key now)');
    }

    const ledgerProblems = await opts.ledgerCheck(database.db);
    ok = true;
    return { manifest, ledgerProblems, migrated, ms: Math.round(performance.now() - started) };
  } finally {
    await database?.close();
    if (target && target !== database) await target.close();
    await rm(staging, { recursive: true, force: true });
    if (!ok) {
      // leave the target as it was: empty (what this restore put there is removed)
      for (const p of made.slice(1)) await rm(p, { recursive: true, force: true });
      if (!dataDirExisted && existsSync(dataDir) && (await readdir(dataDir)).filter((e) => e !== 'db.lock').length === 0) {
        lock?.release();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
    lock?.release();
  }
}
