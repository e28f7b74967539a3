/**
 * npm run backup -- [--out DIR] — one archive of everything this installation needs to come back (decision 0049): the
 * database (the embedded one copied by the server that holds it, while it serves; or by this command when no server
 * runs; with DATABASE_URL pg_dump), the local uploads and the secret key. DIR defaults to BACKUP_DIR. The archive's
 * path is the last line printed. Exit 1 when the backup failed, 2 when it cannot be taken as asked.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { askServer, HandshakeError } from '../src/server/platform/backup/handshake';
import { BackupError, takeBackup } from '../src/server/platform/backup/take';
import { DataDirError, lockOwner } from '../src/server/platform/datadir';

const started = performance.now();
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const fail = (message: string, code: 1 | 2): never => {
  console.error(`backup: ${message}`);
  process.exit(code);
};
let config;
try {
  config = loadConfig(process.env, { createSecretKey: false });
} catch (err) {
  if (err instanceof ConfigError) fail(err.message, 2);
  throw err;
}
const outArg = outAt >= 0 ? args[outAt + 1] : undefined;
if (outAt >= 0 && !outArg) fail('--out needs a directory', 2);
const outDir = path.resolve(outArg ?? config.backup.dir ?? fail('say where: --out DIR (BACKUP_DIR is off)', 2));

let file: string;
let database: Database | null = null;
try {
  if (config.database.kind === 'postgres') {
    const u = new URL(config.database.url);
    console.log(`backup: PostgreSQL ${u.host}${u.pathname} (pg_dump) → ${outDir}`);
    database = await openDatabase(config.database);
    file = (await takeBackup(config, database, outDir)).file;
  } else {
    const dbDir = config.database.dataDir;
    if (!existsSync(path.join(dbDir, 'PG_VERSION'))) fail(`there is no embedded database in ${dbDir} (DATA_DIR=${config.dataDir})`, 2);
    const owner = lockOwner(`${dbDir}.lock`);
    if (owner && !owner.sameHost) {
      fail(`the server holding ${config.dataDir} runs on ${owner.host}: run npm run backup there`, 2);
    }
    if (owner) {
      console.log(`backup: the server (pid ${owner.pid}) holds ${dbDir}: asking it for a snapshot while it serves → ${outDir}`);
      file = await askServer(config.dataDir, outDir, owner.alive);
    } else {
      console.log(`backup: no server holds ${dbDir}: copying it here (a server cannot start on it meanwhile) → ${outDir}`);
      database = await openDatabase(config.database);
      file = (await takeBackup(config, database, outDir)).file;
    }
  }
} catch (err) {
  if (err instanceof DataDirError || err instanceof HandshakeError || err instanceof BackupError) fail(err.message, err instanceof DataDirError ? 2 : 1);
  fail(`failed: ${err instanceof Error ? err.message : String(err)}`, 1);
  throw err;
} finally {
  await database?.close();
}
console.log(
  `backup: done in ${((performance.now() - started) / 1000).toFixed(1)} s. Keep the archive secret: it holds the secret key (and every user's data).`,
);
console.log(file);
