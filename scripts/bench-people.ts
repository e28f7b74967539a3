/**
 * Directory and showcase benchmark: `npm run bench:people`.
 *
 * 1. A fresh PostgreSQL database `bench_people_<random>` on BENCH_ADMIN_URL (default
 *    postgres://postgres@127.0.0.1:5432/postgres), migrated, dropped at the end (KEEP_DB=1 keeps it).
 * 2. Seeds BENCH_ROWS (100k) approved influencers (Chinese nicknames, bios, tags, locations, the 8
 *    directory categories and product categories) and BENCH_ROWS active videos with bulk SQL, then
 *    VACUUM ANALYZE.
 * 3. Starts the real app twice in this process (NODE_ENV=production, pool of 50, no per-IP limit):
 *    once with the shared cache of public lists (PUBLIC_CACHE_SECONDS=5, what production runs) and
 *    once without it (0: every request queries), and loads each scenario with autocannon (50
 *    connections, BENCH_DURATION seconds) from a child process, beside GET /api/health.
 * 4. Calls the service functions directly (no HTTP) with 50 concurrent callers: the "direct SQL" limit.
 * 5. Writes the table to docs/performance.md between <!-- bench:people:start --> and <!-- bench:people:end -->.
 *
 * Knobs: BENCH_DURATION (s, default 5), BENCH_CONNECTIONS (50), BENCH_ROWS (100000), BENCH_NO_DOC=1.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { influencerListQuery } from '../src/shared/schemas/people';
import { videoListQuery } from '../src/shared/schemas/videos';
import { buildApp, type App } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { listInfluencers } from '../src/server/features/people/service';
import { listVideos } from '../src/server/features/videos';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = fileURLToPath(import.meta.url);
const DOC = path.join(root, 'docs', 'performance.md');
const START = '<!-- bench:people:start -->';
const END = '<!-- bench:people:end -->';
const intEnv = (name: string, def: number) => {
  const n = Number(process.env[name] ?? def);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
};

type LoadRequest = { type: 'run'; url: string; connections: number; duration: number };
type LoadResult = { type: 'result'; rps: number; p50: number; p99: number; non2xx: number; errors: number };

if (process.argv.includes('--load-worker')) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: LoadRequest) => {
    autocannon({ url: m.url, connections: m.connections, duration: m.duration, timeout: 30 }, (err, r) => {
      if (err) throw err;
      const msg: LoadResult = {
        type: 'result',
        rps: r.requests.total / r.duration,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      };
      process.send?.(msg);
    });
  });
} else {
  await main();
}

function loader() {
  const child: ChildProcess = fork(SCRIPT, ['--load-worker'], { execArgv: process.execArgv, stdio: 'inherit' });
  return {
    run: (req: Omit<LoadRequest, 'type'>) =>
      new Promise<LoadResult>((resolve) => {
        child.once('message', (m) => resolve(m as LoadResult));
        child.send({ type: 'run', ...req });
      }),
    close: () => child.connected && child.disconnect(),
  };
}

async function seed(c: pg.Client, rows: number) {
  const t0 = Date.now();
  await c.query(`set synchronous_commit = off`);
  await c.query(`select setseed(0.7)`);
  await c.query(`insert into users (email, password_hash) select 'bench-inf-' || g || '@bench.test', 'x' from generate_series(1, $1) g`, [rows]);
  await c.query(`insert into user_profiles (user_id, user_type) select id, 'influencer' from users where email like 'bench-inf-%'`);
  await c.query(
    `insert into influencers (user_id, nickname, bio, location, categories, tags, hourly_rate_cents, experience_years, followers_count, rating, is_approved, status)
     select u.id,
            (array['小美','阿杰','田田','可可','大鹏','晓晓','阿明','琳琳'])[1 + (n % 8)] || '的直播间' || n,
            (array['美妆博主，专注真实测评','男装穿搭达人，擅长通勤风格','美食探店与零食测评','数码产品深度开箱','健身教练，分享训练日常','宝妈分享母婴好物','家居收纳与清洁好物','读书分享与教育直播'])[1 + (n % 8)],
            (array['上海','杭州','成都','广州','北京','深圳','武汉','西安'])[1 + (n / 8 % 8)::int],
            case when n % 3 = 0 then array[(array['beauty','kitchen','food-drink','digital-accessories','jewelry','pets','cleaning','body-care'])[1 + (n % 8)]]
                 else array[(array['美妆护肤','时尚穿搭','美食生活','数码科技','健身运动','母婴用品','家居生活','图书教育'])[1 + (n % 8)]] end,
            array[(array['成分党','通勤','零食','开箱','减脂','辅食','收纳','绘本'])[1 + (n % 8)], '直播'],
            100 + (random() * 2000)::int, round((random() * 10)::numeric, 1), (random() * 3000000)::int,
            round((3 + random() * 2)::numeric, 1), true, 'active'
     from (select id, row_number() over (order by id) n from users where email like 'bench-inf-%') u`,
  );
  await c.query(
    `insert into video_categories (name, name_en, sort_order) select x, x, i from unnest(array['美妆','服饰','数码','生活','美食','旅行']) with ordinality t(x, i)`,
  );
  await c.query(
    `insert into videos (title, description, category_id, video_url, duration, views_count, likes_count, influencer_name, influencer_rating, tags, created_at)
     select (array['秋冬护肤全攻略','一周通勤穿搭','降噪耳机开箱','厨房收纳好物','零食测评大合集','海岛旅行vlog'])[1 + (g % 6)] || ' 第' || g || '期',
            '直播精选片段 ' || g, 1 + (g % 6), '/demo/clip-' || (1 + g % 6) || '.mp4', '0:06',
            (random() * 2000000)::bigint, (random() * 50000)::bigint, '达人' || (g % 5000),
            round((3 + random() * 2)::numeric, 1), array[(array['护肤','穿搭','耳机','收纳','零食','旅行'])[1 + (g % 6)]],
            now() - random() * interval '365 days'
     from generate_series(1, $1) g`,
    [rows],
  );
  await c.query('vacuum analyze');
  return (Date.now() - t0) / 1000;
}

type Row = { name: string; cached: LoadResult; uncached: LoadResult; direct: number; directFailed: number };

async function main() {
  const rows = intEnv('BENCH_ROWS', 100_000);
  const duration = intEnv('BENCH_DURATION', 5);
  const connections = intEnv('BENCH_CONNECTIONS', 50);
  const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_people_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataDirs: string[] = [];
  const apps: App[] = [];
  const load = loader();
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await database.migrate();
    await database.close();
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    console.log(`seeding ${rows} influencers and ${rows} videos…`);
    const seedSeconds = await seed(c, rows);
    const pgVersion = (await c.query<{ v: string }>(`select current_setting('server_version') v`)).rows[0].v;
    await c.end();

    const start = async (cacheSeconds: number) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1:3000',
        SECRET_KEY: randomBytes(32).toString('hex'),
        DATABASE_POOL_SIZE: String(connections),
        RATE_LIMIT_MAX: '0',
        SEED_DEMO: 'false',
        PUBLIC_CACHE_SECONDS: String(cacheSeconds),
      });
      const app = await buildApp(config, { serveWeb: false });
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return { app, base: `http://127.0.0.1:${address.port}` };
    };
    const cached = await start(5);
    const uncached = await start(0);

    const scenarios: { name: string; path: string; direct: () => Promise<unknown> }[] = [];
    const inf = (name: string, q: Record<string, string>) => {
      const query = influencerListQuery.parse(q);
      scenarios.push({
        name: `directory: ${name}`,
        path: `/api/influencers?${new URLSearchParams(q)}`,
        direct: () => listInfluencers(cached.app.ctx.db, query, null),
      });
    };
    const vid = (name: string, q: Record<string, string>) => {
      const query = videoListQuery.parse(q);
      scenarios.push({ name: `showcase: ${name}`, path: `/api/videos?${new URLSearchParams(q)}`, direct: () => listVideos(cached.app.ctx, query) });
    };
    inf('default (rating)', {});
    inf('category 家居生活', { category: '家居生活' });
    inf('search 上海 (2 chars)', { search: '上海' });
    inf('search 穿搭达人 (4 chars)', { search: '穿搭达人' });
    inf('sort=followers', { sort: 'followers' });
    inf('page 500', { page: '500' });
    vid('default (latest)', {});
    vid('category 5', { category: '5' });
    vid('search 耳机', { search: '耳机' });
    vid('sort=popular', { sort: 'popular' });
    vid('sort=trending', { sort: 'trending' });
    vid('page 500', { page: '500' });

    // warm both apps' pools, then measure /api/health beside the scenarios
    await load.run({ url: `${cached.base}/api/health`, connections, duration: 1 });
    await load.run({ url: `${uncached.base}/api/influencers`, connections, duration: 1 });
    const health = await load.run({ url: `${cached.base}/api/health`, connections, duration });
    console.log(`health: ${health.rps.toFixed(0)} req/s p99 ${health.p99} ms`);
    const results: Row[] = [];
    for (const s of scenarios) {
      const a = await load.run({ url: cached.base + s.path, connections, duration });
      const b = await load.run({ url: uncached.base + s.path, connections, duration });
      // direct: concurrent callers of the service function for `duration` seconds (each call runs two
      // queries at once, so half as many callers as pool connections)
      let done = 0;
      let failed = 0;
      const until = Date.now() + duration * 1000;
      await Promise.all(
        Array.from({ length: Math.max(1, Math.floor(connections / 2)) }, async () => {
          while (Date.now() < until) {
            try {
              await s.direct();
              done += 1;
            } catch {
              failed += 1;
            }
          }
        }),
      );
      const row = { name: s.name, cached: a, uncached: b, direct: done / duration, directFailed: failed };
      results.push(row);
      console.log(
        `${s.name}: cached ${a.rps.toFixed(0)} req/s p99 ${a.p99} ms · uncached ${b.rps.toFixed(0)} req/s p99 ${b.p99} ms · direct ${row.direct.toFixed(0)}/s${a.non2xx + b.non2xx ? ` · NON-2XX ${a.non2xx + b.non2xx}` : ''}`,
      );
    }

    const pct = (r: LoadResult) => `${((100 * r.rps) / health.rps).toFixed(0)}%`;
    const lines = [
      START,
      `## Directory and showcase at ${rows.toLocaleString('en')} influencers and videos (PostgreSQL)`,
      '',
      `Measured by \`npm run bench:people\` (scripts/bench-people.ts), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: PostgreSQL ${pgVersion},`,
      `${connections} connections, ${duration} s per scenario, seed ${seedSeconds.toFixed(0)} s, on this machine (${os.cpus().length} cores).`,
      `"cached" is production (anonymous requests share the answer for PUBLIC_CACHE_SECONDS=5); "no TTL" keeps nothing`,
      `(PUBLIC_CACHE_SECONDS=0) but identical requests in flight still share one load (single flight); "direct" calls the`,
      `service function without HTTP from ${Math.floor(connections / 2)} callers (two queries each, nothing shared): the database's own rate.`,
      `GET /api/health beside them: ${health.rps.toFixed(0)} req/s, p99 ${health.p99} ms.`,
      '',
      '| scenario | cached req/s | vs health | p99 ms | no TTL req/s | p99 ms | direct calls/s |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.cached.rps.toFixed(0)} | ${pct(r.cached)} | ${r.cached.p99} | ${r.uncached.rps.toFixed(0)} | ${r.uncached.p99} | ${r.direct.toFixed(0)}${r.directFailed ? ` (${r.directFailed} timed out)` : ''} |`,
      ),
      '',
      'Target (issue 8): the default pages at ≥ 70% of /api/health throughput with p99 under 50 ms, cached.',
      END,
    ].join('\n');
    console.log(lines);
    if (process.env.BENCH_NO_DOC !== '1') {
      const doc = readFileSync(DOC, 'utf8');
      const next = doc.includes(START) ? doc.replace(new RegExp(`${START}[\\s\\S]*?${END}`), lines) : `${doc.trimEnd()}\n\n${lines}\n`;
      writeFileSync(DOC, next);
    }
  } finally {
    load.close();
    for (const app of apps) await app.close().catch(() => undefined);
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    if (process.env.KEEP_DB === '1') console.log(`kept ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
