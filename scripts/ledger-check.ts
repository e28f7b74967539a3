/**
 * npm run ledger:check — the ledger's invariants (decision 0018) on a live database: DATABASE_URL, or the
 * embedded database in DATA_DIR (stop the server first: the embedded database serves one process).
 * Every entry and all lines sum to zero, each cached balance equals its lines, no user balance is below
 * zero, each top-up moved money exactly when it succeeded, and each payout's entries match it (a Stripe payout's
 * transfer and reversal too, decision 0058). Exit code 1 when anything is broken.
 * Demo money (decision 0032) is reported on its own lines: what the seed made up (world_demo), what demo
 * accounts hold, demo fees in the platform's revenue, and real wallets paid out of demo money.
 */
import { loadConfig } from '../src/server/config';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { checkLedger } from '../src/server/features/money';
import { demoBalances } from '../src/server/features/demo';
import { dollars } from '../src/shared/money';

const config = loadConfig(process.env);
const database = await openDatabase(config.database);
try {
  // read-only: a database the server has not migrated yet is reported, never changed
  const [t] = await queryRows<{ t: string | null }>(database.db, sql`select to_regclass('public.ledger_lines')::text as t`);
  if (!t?.t) {
    console.error('ledger: this database has no ledger tables yet (start the server once to apply the migrations)');
    process.exit(2);
  }
  const started = performance.now();
  const problems = await checkLedger(database.db);
  const ms = Math.round(performance.now() - started);
  if (problems.length === 0) {
    console.log(`ledger: ok (${ms} ms)`);
  } else {
    console.error(`ledger: ${problems.length} problem(s) (${ms} ms)`);
    for (const p of problems) console.error(`- ${p}`);
    process.exitCode = 1;
  }
  const demo = await demoBalances(database.db);
  if (demo.accounts > 0 || demo.grantedCents !== 0 || demo.realUsers.length > 0) {
    console.log(
      `demo money (not real, never paid out): ${dollars(demo.grantedCents)} made up by the demo seed (world_demo); ` +
        `${demo.accounts} demo account(s) hold ${dollars(demo.heldByDemoCents)}; demo fees in the platform's revenue ${dollars(demo.platformFeeCents)}`,
    );
    for (const r of demo.realUsers) console.log(`- real user ${r.userId} holds ${dollars(r.cents)} paid out of demo money (cannot be withdrawn)`);
  } else {
    console.log('demo money: none');
  }
} finally {
  await database.close();
}
