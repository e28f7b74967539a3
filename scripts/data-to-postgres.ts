/**
 * npm run data:to-postgres — copies the embedded database of DATA_DIR into the empty PostgreSQL database named by
 * DATABASE_URL (issue 27, decision 0039): this version's migrations, every row of every table, the sequences; then
 * verifies (row counts and every row per table, sequences, migrations, the ledger check on the target) and prints
 * what it did and how long it took. Stop the server first: the embedded database serves one process (and is
 * locked). The embedded database is only read. Exit 1 when the copy or its verification failed, 2 when refused.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { copyDatabase, MoveError, verifyCopy } from '../src/server/db/move';
import { checkLedger } from '../src/server/features/money';
import { DataDirError } from '../src/server/platform/datadir';

const started = performance.now();
let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
if (config.database.kind !== 'postgres') {
  console.error('data:to-postgres: set DATABASE_URL to the new, empty PostgreSQL database (e.g. postgres://user:pass@host:5432/livecommerce)');
  process.exit(2);
}
const dbDir = path.join(config.dataDir, 'db');
if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
  console.error(`data:to-postgres: there is no embedded database in ${dbDir} (DATA_DIR=${config.dataDir})`);
  process.exit(2);
}
const target_ = new URL(config.database.url);
console.log(`data:to-postgres: ${dbDir} → postgres://${target_.host}${target_.pathname}`);

let source: Database | null = null;
let target: Database | null = null;
try {
  source = await openDatabase({ kind: 'pglite', dataDir: dbDir });
  target = await openDatabase(config.database);
  const report = await copyDatabase(source, target, (line) => console.log(`- ${line}`));
  for (const t of report.tables) console.log(`  ${t.table.padEnd(36)} ${String(t.rows).padStart(9)} rows`);
  const v = await verifyCopy(source, target, checkLedger);
  const same = v.tables.filter((t) => t.same).length;
  console.log(
    `- verified (${v.ms} ms): ${same} of ${v.tables.length} tables hold the same rows, field by field; sequences; migrations; ledger check on the target`,
  );
  if (v.problems.length) {
    console.error(`data:to-postgres: the copy differs from the source (${v.problems.length} problem(s)):`);
    for (const p of v.problems) console.error(`  - ${p}`);
    console.error('Drop the target database, create it empty again and rerun; the embedded database is unchanged.');
    process.exitCode = 1;
  } else {
    console.log(
      `data:to-postgres: done in ${((performance.now() - started) / 1000).toFixed(1)} s — ${report.rows} rows in ${report.tables.length} tables. ` +
        `The embedded database in ${dbDir} is unchanged; keep it until the new setup has run for a while.`,
    );
    if (!process.env.SECRET_KEY) {
      console.log(
        `Next: give every instance SECRET_KEY=<the contents of ${path.join(config.dataDir, '.secret-key')}> (sealed values in the database need it).`,
      );
    }
  }
} catch (err) {
  if (err instanceof MoveError || err instanceof DataDirError) {
    console.error(`data:to-postgres: ${err.message}`);
    process.exitCode = 2;
  } else {
    console.error(`data:to-postgres failed: ${err instanceof Error ? err.message : String(err)}`);
    console.error('Nothing was copied (the copy is one transaction); drop the target database and create it empty again before retrying.');
    process.exitCode = 1;
  }
} finally {
  await target?.close();
  await source?.close();
}
