/**
 * Moving the embedded database to PostgreSQL (`npm run data:to-postgres`, issue 27, decision 0039): the target
 * gets this version's migrations (the same schema and the same migration history as the source), then every row
 * of every table is copied table by table inside one transaction, the sequences set to the source's values, and the
 * copy verified: row counts, every row's fields (a hash of each row compared as a set), sequences, migrations, and
 * the ledger check. The source is only read.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { migrationsFolder, queryRows, type Database, type DbOrTx } from './client';

export class MoveError extends Error {}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** rows per statement: one JSON document per batch */
const BATCH = 1000;

type Table = { name: string; columns: string[]; insertable: string[]; identityAlways: boolean };
export type TableReport = { table: string; rows: number };
export type MoveReport = { migrations: number; tables: TableReport[]; sequences: number; rows: number; ms: { migrate: number; copy: number } };

/** The migrations applied to a database (their hashes, oldest first), or null when it has no migration history. */
export async function migrationHashes(db: DbOrTx): Promise<string[] | null> {
  const [t] = await queryRows<{ t: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!t?.t) return null;
  const rows = await queryRows<{ hash: string }>(db, sql`select hash from drizzle.__drizzle_migrations order by created_at, id`);
  return rows.map((r) => r.hash);
}

async function publicTables(db: DbOrTx): Promise<Table[]> {
  const rows = await queryRows<{ table: string; column: string; generated: string; identity: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column", a.attgenerated::text as generated, a.attidentity::text as identity
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  for (const r of rows) {
    let t = tables.get(r.table);
    if (!t) tables.set(r.table, (t = { name: r.table, columns: [], insertable: [], identityAlways: false }));
    t.columns.push(r.column);
    // generated columns are computed again by the target
    if (!r.generated) t.insertable.push(r.column);
    if (r.identity === 'a') t.identityAlways = true;
  }
  return [...tables.values()];
}

/** Refuses a target that holds anything: a table, a view, a sequence, in any schema. */
export async function assertEmptyTarget(target: DbOrTx, command = 'data:to-postgres'): Promise<void> {
  const rows = await queryRows<{ name: string }>(
    target,
    sql`select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
        order by 1 limit 6`,
  );
  if (rows.length > 0) {
    throw new MoveError(
      `the target database is not empty (${rows.map((r) => r.name).join(', ')}${rows.length > 5 ? ', …' : ''}): ` +
        `${command} writes only into an empty database` +
        ' (createdb a new one and point DATABASE_URL at it)',
    );
  }
}

/** The source must carry exactly this version's migrations (the target gets the same). */
export async function assertSourceMigrations(source: DbOrTx): Promise<number> {
  const expected = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
  const got = await migrationHashes(source);
  if (!got) throw new MoveError('the embedded database has no migration history: it is not a database of this product (or the server never started on it)');
  const same = got.length === expected.length && got.every((h, i) => h === expected[i]);
  if (!same) {
    throw new MoveError(
      got.length < expected.length
        ? `the embedded database has ${got.length} of this version's ${expected.length} migrations: start the server once on it (npm start), stop it, then move`
        : `the embedded database's migrations (${got.length}) are not this version's (${expected.length}): move with the version that last ran on it`,
    );
  }
  return got.length;
}

/**
 * Copies every row of the source into the (empty) target. The target is migrated first (`target.migrate()`),
 * then in one transaction: what the migrations inserted is emptied, the foreign keys are dropped, every table
 * is copied in batches (JSON rows, read back through each column's own type), the foreign keys are added again
 * (which checks every reference), and each sequence is set to the source's state. Nothing is left half copied:
 * any failure rolls the data back (the migrated, empty schema stays; drop the database before trying again).
 */
export async function copyDatabase(source: Database, target: Database, log: (line: string) => void = () => undefined): Promise<MoveReport> {
  const src = source.db;
  const migrations = await assertSourceMigrations(src);
  await assertEmptyTarget(target.db);
  let started = performance.now();
  await target.migrate();
  const migrateMs = Math.round(performance.now() - started);
  log(`migrations: ${migrations} applied to the target (${migrateMs} ms)`);

  await src.execute(sql`set timezone to 'UTC'`);
  const tables = await publicTables(src);
  const targetTables = new Set((await publicTables(target.db)).map((t) => t.name));
  const missing = tables.filter((t) => !targetTables.has(t.name)).map((t) => t.name);
  if (missing.length) throw new MoveError(`the target lacks the tables ${missing.join(', ')} after migrating`);
  const sequences = await queryRows<{ name: string; last: string | null; start: string }>(
    src,
    sql`select sequencename as name, last_value::text as last, start_value::text as start from pg_sequences where schemaname = 'public'`,
  );

  started = performance.now();
  const report: TableReport[] = [];
  await target.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const fks = await queryRows<{ tbl: string; name: string; def: string }>(
      tx,
      sql`select c.relname as tbl, k.conname as name, pg_get_constraintdef(k.oid) as def
          from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
          where k.contype = 'f' and n.nspname = 'public'`,
    );
    for (const fk of fks) await tx.execute(sql.raw(`alter table public.${q(fk.tbl)} drop constraint ${q(fk.name)}`));
    // rows the migrations inserted (defaults) give way to the source's own
    if (tables.length) await tx.execute(sql.raw(`truncate table ${tables.map((t) => `public.${q(t.name)}`).join(', ')}`));
    for (const t of tables) {
      const cols = t.insertable.map(q).join(', ');
      let after = '(0,0)';
      let rows = 0;
      for (;;) {
        const batch = await queryRows<{ c: string; j: string }>(
          src,
          sql`select ctid::text as c, row_to_json(t)::text as j from ${sql.raw(`public.${q(t.name)}`)} t where ctid > ${after}::tid order by ctid limit ${BATCH}`,
        );
        if (batch.length === 0) break;
        await tx.execute(
          sql`insert into ${sql.raw(`public.${q(t.name)}`)} (${sql.raw(cols)}) ${sql.raw(t.identityAlways ? 'overriding system value' : '')}
              select ${sql.raw(cols)} from json_populate_recordset(null::${sql.raw(`public.${q(t.name)}`)}, ${`[${batch.map((b) => b.j).join(',')}]`}::json)`,
        );
        rows += batch.length;
        after = batch[batch.length - 1]!.c;
        if (batch.length < BATCH) break;
      }
      report.push({ table: t.name, rows });
    }
    // the deferred checks (each ledger entry sums to zero) run now, before the tables are altered again
    await tx.execute(sql`set constraints all immediate`);
    for (const fk of fks) await tx.execute(sql.raw(`alter table public.${q(fk.tbl)} add constraint ${q(fk.name)} ${fk.def}`));
    for (const s of sequences) {
      const name = `public.${q(s.name)}`;
      await tx.execute(sql`select setval(${name}::regclass, ${s.last ?? s.start}::bigint, ${s.last !== null})`);
    }
  });
  const copyMs = Math.round(performance.now() - started);
  const total = report.reduce((a, r) => a + r.rows, 0);
  log(`rows: ${total} in ${report.length} tables, ${sequences.length} sequences (${copyMs} ms)`);
  return { migrations, tables: report, sequences: sequences.length, rows: total, ms: { migrate: migrateMs, copy: copyMs } };
}

type TableDigest = { rows: number; digest: string };

/** Row count and a digest of every row's fields (each row as JSON, hashed, the hashes sorted): equal sets of rows, equal digests. */
async function digest(db: DbOrTx, table: string): Promise<TableDigest> {
  const [r] = await queryRows<{ n: number; d: string }>(
    db,
    sql`select count(*)::int as n, md5(coalesce(string_agg(h, '' order by h collate "C"), '')) as d
        from (select md5(row_to_json(t)::text) as h from ${sql.raw(`public.${q(table)}`)} t) x`,
  );
  return { rows: Number(r?.n ?? 0), digest: r?.d ?? '' };
}

/** Every public table's row count and row digest: equal before and after shows a database was not changed. */
export async function databaseDigest(db: DbOrTx): Promise<Record<string, TableDigest>> {
  await db.execute(sql`set timezone to 'UTC'`);
  const out: Record<string, TableDigest> = {};
  for (const t of await publicTables(db)) out[t.name] = await digest(db, t.name);
  return out;
}

export type Verification = { problems: string[]; tables: { table: string; rows: number; same: boolean }[]; ms: number };

/**
 * Compares the target with the source: the migration history, every table's row count and rows (every field of
 * every row), each sequence, and the ledger check (`checkLedger`, passed in) on the target.
 */
export async function verifyCopy(source: Database, target: Database, ledgerCheck: (db: DbOrTx) => Promise<string[]>): Promise<Verification> {
  const started = performance.now();
  const problems: string[] = [];
  const [a, b] = [await migrationHashes(source.db), await migrationHashes(target.db)];
  if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`migrations differ: source ${a?.length ?? 0}, target ${b?.length ?? 0}`);
  const tables: Verification['tables'] = [];
  await target.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    await source.db.execute(sql`set timezone to 'UTC'`);
    for (const t of await publicTables(source.db)) {
      const [s, d] = [await digest(source.db, t.name), await digest(tx, t.name)];
      const same = s.rows === d.rows && s.digest === d.digest;
      tables.push({ table: t.name, rows: s.rows, same });
      if (s.rows !== d.rows) problems.push(`${t.name}: ${s.rows} rows in the source, ${d.rows} in the target`);
      else if (!same) problems.push(`${t.name}: the same number of rows (${s.rows}) but not the same rows`);
    }
  });
  const seqs = async (db: DbOrTx) =>
    JSON.stringify(await queryRows(db, sql`select sequencename, last_value::text as v from pg_sequences where schemaname = 'public' order by sequencename`));
  if ((await seqs(source.db)) !== (await seqs(target.db))) problems.push('the sequences differ');
  for (const p of await ledgerCheck(target.db)) problems.push(`ledger on the target: ${p}`);
  return { problems, tables, ms: Math.round(performance.now() - started) };
}
