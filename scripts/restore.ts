/**
 * npm run restore -- ARCHIVE — puts an archive of `npm run backup` back (decision 0049): into an empty (or absent)
 * DATA_DIR, or with DATABASE_URL into its empty database (the uploads and the secret key into DATA_DIR). Refuses a
 * target that holds anything. Runs the ledger check at the end. Exit 0 restored and the ledger is sound, 1 failed (or
 * the ledger check found problems: the data is restored, see them), 2 refused (nothing changed).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { checkLedger } from '../src/server/features/money';
import { ArchiveError } from '../src/server/platform/backup/archive';
import { restoreBackup, RestoreRefused } from '../src/server/platform/backup/restore';
import { BackupError } from '../src/server/platform/backup/take';
import { DataDirError } from '../src/server/platform/datadir';

const archive = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!archive) {
  console.error('restore: name the archive: npm run restore -- /path/to/livecommerce-backup-….tar.gz');
  process.exit(2);
}
let config;
try {
  config = loadConfig(process.env, { createSecretKey: false });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
const target = config.database.kind === 'postgres' ? `${new URL(config.database.url).host}${new URL(config.database.url).pathname}` : config.dataDir;
console.log(`restore: ${path.resolve(archive)} → ${target}`);
try {
  const r = await restoreBackup(path.resolve(archive), config, {
    ledgerCheck: checkLedger,
    secretKeyEnv: process.env.SECRET_KEY || undefined,
    log: (line) => console.log(`- ${line}`),
  });
  if (r.ledgerProblems.length) {
    console.error(`ledger: ${r.ledgerProblems.length} problem(s) in the restored data:`);
    for (const p of r.ledgerProblems) console.error(`  - ${p}`);
    process.exitCode = 1;
  } else {
    console.log('ledger: ok');
  }
  console.log(
    `restore: done in ${(r.ms / 1000).toFixed(1)} s — the installation as it was at ${r.manifest.createdAt}. ` +
      'Start the server on it; anything written after that time is not in the archive.',
  );
} catch (err) {
  if (err instanceof RestoreRefused || err instanceof ArchiveError || err instanceof DataDirError) {
    console.error(`restore: ${err.message}`);
    process.exitCode = 2;
  } else {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    console.error(err instanceof BackupError ? 'Nothing was left in the target; fix the cause and run it again.' : 'What this restore wrote was removed.');
    process.exitCode = 1;
  }
}
