/**
 * Admin console benchmark: `npm run bench:admin`.
 *
 * A fresh PostgreSQL database (BENCH_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * migrated, seeded with BENCH_ROWS (100k) users — 60 % influencers (a fifth waiting for approval),
 * 40 % companies (some with a pending verification request) — BENCH_ROWS tasks and BENCH_ROWS
 * applications over the last 90 days, then VACUUM ANALYZE. Each admin list / figure is then asked
 * through its service function (the same SQL the routes run) BENCH_RUNS times; the median and the
 * slowest are written to docs/performance.md between <!-- bench:admin:start --> and <!-- bench:admin:end -->.
 * The database is dropped at the end (KEEP_DB=1 keeps it).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminUsersQuery } from '../src/shared/schemas/admin';
import { adminTaskListQuery } from '../src/shared/schemas/adminTasks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { getAnalytics } from '../src/server/features/admin';
import { getOverview, listAudit } from '../src/server/features/admin';
import { listAdminTasks } from '../src/server/features/admin';
import { listUsers } from '../src/server/features/admin';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = path.join(root, 'docs', 'performance.md');
const START = '<!-- bench:admin:start -->';
const END = '<!-- bench:admin:end -->';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function seed(c: pg.Client, n: number) {
  const t0 = Date.now();
  const inf = Math.round(n * 0.6);
  const co = n - inf;
  await c.query(
    `insert into users (email, password_hash, created_at)
     select 'bench-' || g || '@bench.test', 'x', now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute' from generate_series(1, $1) g`,
    [n],
  );
  await c.query(
    `insert into user_profiles (user_id, user_type)
     select id, case when split_part(split_part(email, '@', 1), '-', 2)::int <= $1 then 'influencer' else 'company' end from users where email like 'bench-%'`,
    [inf],
  );
  await c.query(
    `insert into influencers (user_id, nickname, is_approved, created_at, updated_at)
     select u.id, '达人' || substr(u.email, 7, 8), (row_number() over ()) % 5 <> 0, u.created_at, u.created_at
     from users u join user_profiles p on p.user_id = u.id where p.user_type = 'influencer' and u.email like 'bench-%'`,
  );
  await c.query(
    `insert into companies (user_id, company_name, contact_person, is_verified, created_at)
     select u.id, '企业' || substr(u.email, 7, 8), '联系人', (row_number() over ()) % 3 = 0, u.created_at
     from users u join user_profiles p on p.user_id = u.id where p.user_type = 'company' and u.email like 'bench-%'`,
  );
  await c.query(
    `insert into company_verification_requests (company_id, submitted_at)
     select id, created_at + interval '1 hour' from companies where not is_verified and (hashtext(id::text) % 10) = 0`,
  );
  await c.query(`insert into task_categories (name, sort_order) select x, i from unnest(array['美妆','服饰','数码','食品','家居']) with ordinality t(x, i)`);
  await c.query(
    `with co as (select id, row_number() over () rn from companies), cat as (select id, row_number() over () rn from task_categories)
     insert into tasks (company_id, title, description, category_id, budget_min_cents, budget_max_cents, status, created_at)
     select (select id from co where rn = 1 + (g % $2)), '直播任务 ' || g, '新品直播带货', (select id from cat where rn = 1 + (g % 5)),
            100 + g % 900, 1000 + g % 9000, (array['open','open','in_progress','completed','cancelled'])[1 + g % 5], now() - (g % 90) * interval '1 day'
     from generate_series(1, $1) g`,
    [n, co],
  );
  await c.query(
    `with t as (select id, created_at, row_number() over () rn from tasks), i as (select id, row_number() over () rn from influencers)
     insert into task_applications (task_id, influencer_id, proposed_rate_cents, status, applied_at, responded_at)
     select t.id, (select id from i where rn = 1 + (g * 7 % $2)), 500, case when g % 4 = 0 then 'accepted' else 'pending' end, t.created_at + interval '2 hours',
            case when g % 4 = 0 then t.created_at + interval '5 hours' end
     from generate_series(1, $1) g join t on t.rn = g`,
    [n, inf],
  );
  await c.query('vacuum analyze');
  return (Date.now() - t0) / 1000;
}

async function time(fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], max: ms[ms.length - 1] };
}

async function main() {
  const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_admin_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-admin-'));
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await database.migrate();
    await database.close();
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    console.log(`seeding ${ROWS} users, tasks and applications…`);
    const seedSeconds = await seed(c, ROWS);
    const pgVersion = (await c.query<{ v: string }>(`select current_setting('server_version') v`)).rows[0].v;
    await c.end();

    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    });
    const app = await buildApp(config, { serveWeb: false });
    const ctx = app.ctx;
    const users = (q: Record<string, string>) => listUsers(ctx.db, adminUsersQuery.parse(q));
    const tasksQ = (q: Record<string, string>) => listAdminTasks(ctx.db, adminTaskListQuery.parse(q));
    const cases: [string, () => Promise<unknown>][] = [
      ['用户管理: all users, page 1', () => users({})],
      ['用户管理: page 200', () => users({ page: '200' })],
      ['用户管理: review queue (oldest first)', () => users({ filter: 'queue' })],
      ['用户管理: email search "bench-4242"', () => users({ search: 'bench-4242' })],
      ['用户管理: type company, approved', () => users({ type: 'company', filter: 'approved' })],
      ['任务管理: all tasks, page 1', () => tasksQ({})],
      ['任务管理: status completed, page 50', () => tasksQ({ status: 'completed', page: '50' })],
      ['任务管理: search "直播任务 777"', () => tasksQ({ search: '直播任务 777' })],
      ['概览 (seven cards, waiting, recent log)', () => getOverview(ctx)],
      ['数据分析: last 30 days', () => getAnalytics(ctx, {})],
      ['数据分析: 360 days', () => getAnalytics(ctx, { from: new Date(Date.now() - 359 * 86400000).toISOString().slice(0, 10) })],
      ['审计日志: page 1', () => listAudit(ctx.db, { page: 1, limit: 20 })],
    ];
    const results: [string, { median: number; max: number }][] = [];
    for (const [name, fn] of cases) {
      await fn(); // warm
      const r = await time(fn);
      results.push([name, r]);
      console.log(`${name.padEnd(44)} median ${r.median.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`);
    }
    await app.close();

    const table = [
      START,
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores), PostgreSQL ${pgVersion}, ${ROWS.toLocaleString('en')} users (60 % influencers, a fifth unapproved; 40 % companies), ${ROWS.toLocaleString('en')} tasks and ${ROWS.toLocaleString('en')} applications over 90 days (seeded in ${seedSeconds.toFixed(0)} s). Each row: the service function the route calls, ${RUNS} runs after a warm-up.`,
      '',
      '| admin list / figure | median | slowest |',
      '|---|---:|---:|',
      ...results.map(([n, r]) => `| ${n} | ${r.median.toFixed(1)} ms | ${r.max.toFixed(1)} ms |`),
      END,
    ].join('\n');
    if (!process.env.BENCH_NO_DOC) {
      const doc = readFileSync(DOC, 'utf8');
      const next = doc.includes(START)
        ? doc.slice(0, doc.indexOf(START)) + table + doc.slice(doc.indexOf(END) + END.length)
        : `${doc.trimEnd()}\n\n## Admin console at 100k (\`npm run bench:admin\`)\n\n${table}\n`;
      writeFileSync(DOC, next);
      console.log('written to docs/performance.md');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.KEEP_DB === '1') console.log(`kept ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

await main();
