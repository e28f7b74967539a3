/**
 * Money benchmark and crash test: `npm run bench:money` (decision 0022).
 *
 * A fresh PostgreSQL database (BENCH_MONEY_URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * migrated and seeded in SQL with a ledger of BENCH_LINES (1M) lines — top-ups into 100 company
 * wallets, with running balances — and BENCH_DEALS (10k) money-tracked deals whose live report's
 * confirmation window is over: each holds its $1,000 slot fee in escrow, reports $5,000 GMV at 10 %
 * commission, and has its automatic-confirmation job due. Then:
 *   1. the statement page (GET /api/wallet's query) of a company with ~10k lines: p99 of BENCH_RUNS;
 *   2. `checkLedger()` on the whole ledger: its time;
 *   3. settlement throughput: the first half of the deals settled by the job worker in this process
 *      (BENCH_WORKERS concurrent rounds, as several instances would run);
 *   4. the crash test: the second half settled by a child process (scripts/money-worker.ts) that is
 *      killed with SIGKILL part way through and started again — afterwards every deal is settled once:
 *      one settle entry and one commission entry per deal, checkLedger() clean, every wallet matches.
 * Results go to docs/performance.md between <!-- bench:money:start --> and <!-- bench:money:end -->.
 * The database is dropped at the end (KEEP_DB=1 keeps it). Exit code 1 when the crash test fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { checkLedger } from '../src/server/features/money';
import { readWallet } from '../src/server/features/money';
import { runDueJobs } from '../src/server/platform/jobs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = path.join(root, 'docs', 'performance.md');
const START = '<!-- bench:money:start -->';
const END = '<!-- bench:money:end -->';
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const DEALS = Number(process.env.BENCH_DEALS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const COMPANIES = 100;
const INFLUENCERS = 1000;
const FEE = 100_000;
const GMV = 500_000;
const SECRET = 'bench-secret-key-0123456789abcdef0123456789';

async function seed(c: pg.Client) {
  const t0 = Date.now();
  // bulk rows: the triggers (entry balance, append-only) are skipped while seeding; checkLedger() verifies the result
  await c.query(`set session_replication_role = replica`);
  await c.query(`insert into users (email, password_hash) select 'money-' || g || '@bench.test', 'x' from generate_series(1, $1) g`, [COMPANIES + INFLUENCERS]);
  await c.query(
    `insert into user_profiles (user_id, user_type)
     select id, case when split_part(split_part(email, '@', 1), '-', 2)::int <= $1 then 'company' else 'influencer' end from users where email like 'money-%'`,
    [COMPANIES],
  );
  await c.query(
    `insert into companies (user_id, company_name, contact_person) select p.user_id, '企业' || left(p.user_id::text, 6), '联系人' from user_profiles p where p.user_type = 'company'`,
  );
  await c.query(
    `insert into influencers (user_id, nickname, is_approved) select p.user_id, '达人' || left(p.user_id::text, 6), true from user_profiles p where p.user_type = 'influencer'`,
  );
  await c.query(`insert into ledger_accounts (kind, owner_id) select 'company_available', user_id from companies`);
  await c.query(`insert into ledger_accounts (kind, owner_id) values ('world_payments_in', null)`);

  // the ledger: LINES / 2 top-ups of $100.00–$109.99 into the company wallets, in order, with running balances
  const entries = Math.floor(LINES / 2);
  await c.query(
    `insert into ledger_entries (id, kind, memo, idempotency_key, created_at)
     select md5('bench-entry-' || g)::uuid, 'topup', 'bench', 'bench:' || g, now() - interval '30 days' + g * interval '1 second' from generate_series(1, $1) g`,
    [entries],
  );
  await c.query(
    `with co as (select a.id, row_number() over (order by a.id) - 1 as n from ledger_accounts a where a.kind = 'company_available'),
          w as (select id from ledger_accounts where kind = 'world_payments_in'),
          raw as (
            select g, side, md5('bench-entry-' || g)::uuid as entry_id,
                   case when side = 0 then (select id from w) else (select id from co where n = g % ${COMPANIES}) end as account_id,
                   case when side = 0 then -(10000 + g % 1000) else 10000 + g % 1000 end as amount,
                   now() - interval '30 days' + g * interval '1 second' as at
              from generate_series(1, $1) g cross join (values (0), (1)) s(side))
     insert into ledger_lines (entry_id, account_id, amount_cents, balance_after_cents, created_at)
     select entry_id, account_id, amount, sum(amount) over (partition by account_id order by g, side), at from raw order by g, side`,
    [entries],
  );

  // the deals: reported two days ago, fee in escrow, the automatic confirmation due
  await c.query(`insert into task_categories (name, sort_order) values ('美妆', 0)`);
  await c.query(
    `with co as (select id, row_number() over (order by id) - 1 as n from companies), inf as (select id, row_number() over (order by id) - 1 as n from influencers)
     insert into tasks (id, company_id, title, description, budget_min_cents, budget_max_cents, status, pricing_model, commission_bps, selected_influencer_id, current_applicants)
     select md5('bench-task-' || g)::uuid, (select id from co where n = g % ${COMPANIES}), '直播任务 ' || g, '新品直播', 500, 2000, 'in_progress', 'slot_commission', 1000,
            (select id from inf where n = g % ${INFLUENCERS}), 1
       from generate_series(1, $1) g`,
    [DEALS],
  );
  await c.query(
    `insert into task_applications (id, task_id, influencer_id, proposed_rate_cents, status, responded_at)
     select md5('bench-app-' || t.id)::uuid, t.id, t.selected_influencer_id, ${FEE / 100}, 'accepted', now() - interval '5 days' from tasks t where t.title like '直播任务 %'`,
  );
  await c.query(
    `insert into deals (id, task_id, application_id, company_id, influencer_id, status, version, rate_cents, pricing_model, commission_bps, platform_fee_bps,
                        money_tracked, fee_funded_at, duration_hours, task_title, schedule_start, schedule_end, schedule_proposed_by, schedule_confirmed_at,
                        report_replay_url, report_started_at, report_ended_at, report_views, report_peak_viewers, report_orders, report_gmv_cents, reported_at)
     select md5('bench-deal-' || t.id)::uuid, t.id, md5('bench-app-' || t.id)::uuid, t.company_id, t.selected_influencer_id, 'reported', 1, ${FEE}, 'slot_commission', 1000, 1000,
            true, now() - interval '5 days', 2, t.title, now() - interval '50 hours', now() - interval '48 hours', 'company', now() - interval '4 days',
            'https://www.douyin.com/video/1', now() - interval '50 hours', now() - interval '48 hours', 1000, 100, 50, ${GMV}, now() - interval '47 hours'
       from tasks t where t.title like '直播任务 %'`,
  );
  await c.query(
    `insert into deal_events (deal_id, version, event, actor_role, from_status, to_status) select id, 1, 'report_live', 'influencer', 'scheduled', 'reported' from deals`,
  );
  await c.query(
    `insert into ledger_accounts (kind, owner_id, ref_id) select 'escrow', co.user_id, d.id from deals d join companies co on co.id = d.company_id`,
  );
  await c.query(
    `insert into ledger_entries (id, kind, memo, idempotency_key, created_at) select md5('bench-fee-' || d.id)::uuid, 'deal_fee', 'bench', 'deal:' || d.id || ':fee', now() - interval '5 days' from deals d`,
  );
  // world_payments_in keeps its running balance: the fee lines come after the top-ups
  await c.query(
    `with w as (select id, balance from (select a.id, (select l.balance_after_cents from ledger_lines l where l.account_id = a.id order by l.id desc limit 1) balance
                                           from ledger_accounts a where a.kind = 'world_payments_in') x),
          raw as (select d.id as deal_id, row_number() over (order by d.id) as k from deals d)
     insert into ledger_lines (entry_id, account_id, amount_cents, balance_after_cents, created_at)
     select md5('bench-fee-' || raw.deal_id)::uuid, x.account_id, x.amount, x.after, now() - interval '5 days'
       from raw cross join lateral (values
         ((select id from w), -${FEE}, (select balance from w) - ${FEE} * raw.k, 0),
         ((select a.id from ledger_accounts a where a.kind = 'escrow' and a.ref_id = raw.deal_id), ${FEE}, ${FEE}, 1)) x(account_id, amount, after, side)
      order by raw.k, x.side`,
  );
  await c.query(
    `update ledger_accounts a set balance_cents = s.total from (select account_id, sum(amount_cents) total from ledger_lines group by account_id) s where s.account_id = a.id`,
  );
  await c.query(
    `insert into jobs (kind, key, payload, run_at) select 'deal.auto_confirm', 'deal:' || id || ':auto_confirm:bench', jsonb_build_object('dealId', id::text), now() - interval '1 hour' from deals`,
  );
  await c.query(`set session_replication_role = origin`);
  await c.query('vacuum analyze');
  return (Date.now() - t0) / 1000;
}

const pctl = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * p))];

async function settledCount(c: pg.Client | pg.Pool) {
  return Number((await c.query<{ n: string }>(`select count(*)::text n from deals where settled_at is not null`)).rows[0].n);
}

function worker(url: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'money-worker.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SECRET_KEY: SECRET,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'silent',
      JOBS_POLL_MS: '10',
    },
    stdio: 'inherit',
  });
}

async function main() {
  const adminUrl = process.env.BENCH_MONEY_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_money_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-money-'));
  let failed = false;
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await database.migrate();
    await database.close();
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    console.log(`seeding ${LINES.toLocaleString('en')} ledger lines and ${DEALS.toLocaleString('en')} deals…`);
    const seedSeconds = await seed(c);
    const pgVersion = (await c.query<{ v: string }>(`select current_setting('server_version') v`)).rows[0].v;
    const lines = Number((await c.query<{ n: string }>(`select count(*)::text n from ledger_lines`)).rows[0].n);

    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      SECRET_KEY: SECRET,
      DATABASE_POOL_SIZE: String(WORKERS + 2),
    });
    const app = await buildApp(config, { serveWeb: false });
    const ctx = app.ctx;

    // 1. a company's statement page (its wallet has ~LINES / 2 / 100 lines)
    const companyUser = (await c.query<{ id: string }>(`select user_id id from companies order by id limit 1`)).rows[0].id;
    const me = { id: companyUser, email: 'x', userType: 'company' as const, sessionId: 'x' };
    const page = await readWallet(ctx, me, {});
    const statement: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const before = i % 2 === 0 ? undefined : (page.statement.nextBefore ?? undefined);
      const t0 = performance.now();
      await readWallet(ctx, me, { before, limit: 20 });
      statement.push(performance.now() - t0);
    }
    console.log(`statement page p50 ${pctl(statement, 0.5).toFixed(1)} ms, p99 ${pctl(statement, 0.99).toFixed(1)} ms`);

    // 2. the invariant check on the seeded books
    let t0 = performance.now();
    const seededProblems = await checkLedger(ctx.db);
    const checkMs = performance.now() - t0;
    console.log(`checkLedger on ${lines.toLocaleString('en')} lines: ${checkMs.toFixed(0)} ms, ${seededProblems.length} problems`);
    if (seededProblems.length) {
      console.error(seededProblems.slice(0, 10));
      failed = true;
    }

    // 3. settlement throughput in this process: WORKERS concurrent job rounds until half the deals are settled
    const half = Math.floor(DEALS / 2);
    const counter = new pg.Pool({ connectionString: url.toString(), max: WORKERS });
    t0 = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while ((await settledCount(counter)) < half) {
          if ((await runDueJobs(ctx, 25)) === 0) break;
        }
      }),
    );
    const settleSeconds = (performance.now() - t0) / 1000;
    await counter.end();
    const firstHalf = await settledCount(c);
    const throughput = firstHalf / settleSeconds;
    console.log(`settled ${firstHalf} deals in ${settleSeconds.toFixed(1)} s: ${throughput.toFixed(0)} deals/s with ${WORKERS} concurrent workers`);
    await app.close();

    // 4. the crash test: a worker process settles the rest and is killed with SIGKILL on the way
    let child = worker(url.toString(), dataDir);
    const killAt = firstHalf + Math.floor((DEALS - firstHalf) / 3);
    while ((await settledCount(c)) < killAt) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const atKill = await settledCount(c);
    console.log(`killed the worker (SIGKILL) with ${atKill} of ${DEALS} deals settled; starting it again`);
    if (atKill >= DEALS) console.warn('warning: the worker had settled every deal before the kill landed; the crash tested nothing this time');
    child = worker(url.toString(), dataDir);
    const deadline = Date.now() + 30 * 60_000;
    while ((await settledCount(c)) < DEALS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));

    const q = async (s: string) => Number((await c.query<{ n: string }>(s)).rows[0].n);
    const settled = await settledCount(c);
    const settleEntries = await q(`select count(*)::text n from ledger_entries where kind = 'deal_settle'`);
    const commissionEntries = await q(`select count(*)::text n from ledger_entries where kind = 'deal_commission'`);
    const duplicates = await q(`select count(*)::text n from (select idempotency_key from ledger_entries group by 1 having count(*) > 1) x`);
    const influencerTotal = await q(`select coalesce(sum(balance_cents), 0)::text n from ledger_accounts where kind = 'influencer_available'`);
    // each deal: fee 1,000 less 10 % + commission 500 less 10 % = 1,350.00 to its influencer
    const expectedInfluencer = DEALS * (FEE - FEE / 10 + GMV / 10 - GMV / 100);
    const problems = await (async () => {
      const d2 = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
      try {
        return await checkLedger(d2.db);
      } finally {
        await d2.close();
      }
    })();
    const crashOk =
      settled === DEALS &&
      settleEntries === DEALS &&
      commissionEntries === DEALS &&
      duplicates === 0 &&
      influencerTotal === expectedInfluencer &&
      problems.length === 0;
    console.log(
      `after the crash: ${settled}/${DEALS} settled, ${settleEntries} settle and ${commissionEntries} commission entries, ${duplicates} duplicate keys, influencers hold ${influencerTotal} (expected ${expectedInfluencer}), checkLedger ${problems.length} problems → ${crashOk ? 'OK' : 'FAILED'}`,
    );
    if (!crashOk) {
      console.error(problems.slice(0, 10));
      failed = true;
    }
    await c.end();

    const table = [
      START,
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores, shared with other work while it ran), PostgreSQL ${pgVersion}; ${lines.toLocaleString('en')} ledger lines and ${DEALS.toLocaleString('en')} reported deals (slot fee + 10 % commission) seeded in ${seedSeconds.toFixed(0)} s.`,
      '',
      '| measure | result |',
      '|---|---:|',
      `| statement page (20 lines, keyset) of a wallet with ${Math.round(LINES / 2 / COMPANIES).toLocaleString('en')} lines, p50 / p99 of ${RUNS} | ${pctl(statement, 0.5).toFixed(1)} ms / ${pctl(statement, 0.99).toFixed(1)} ms |`,
      `| \`checkLedger()\` (every invariant) on ${lines.toLocaleString('en')} lines | ${(checkMs / 1000).toFixed(1)} s |`,
      `| settlement by the job worker, ${WORKERS} concurrent rounds (settle + commission + task, one transaction per deal) | ${throughput.toFixed(0)} deals/s |`,
      `| crash test: worker killed (SIGKILL) at ${atKill.toLocaleString('en')} settled, restarted | ${crashOk ? 'every deal settled once, books balance' : 'FAILED'} |`,
      END,
    ].join('\n');
    if (!process.env.BENCH_NO_DOC) {
      const doc = readFileSync(DOC, 'utf8');
      const next = doc.includes(START)
        ? doc.slice(0, doc.indexOf(START)) + table + doc.slice(doc.indexOf(END) + END.length)
        : `${doc.trimEnd()}\n\n## Money at 1M ledger lines (\`npm run bench:money\`)\n\n${table}\n`;
      writeFileSync(DOC, next);
      console.log('written to docs/performance.md');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.KEEP_DB === '1') console.log(`kept ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
  }
  if (failed) process.exit(1);
}

await main();
