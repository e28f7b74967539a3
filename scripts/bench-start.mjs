#!/usr/bin/env node
/**
 * Start time and memory after start (`npm run bench:start`, decision 0050): the built server as production runs it
 * (`node dist/api/main.js`) against the TypeScript sources through the tsx loader (`node --import tsx
 * src/server/main.ts`, what `npm start` ran before), each as a supervisor starts it: NODE_ENV=production, 127.0.0.1,
 * the embedded database in a temporary DATA_DIR, no demo data (production's default), the web build served.
 *
 * 1. builds what is missing or older than its sources (scripts/lib/build.mjs),
 * 2. per run and per way, alternately: a first start on an empty DATA_DIR (the database created and migrated) and
 *    a restart on a migrated one (a copy of a DATA_DIR a clean stop left: what a supervisor's restart does),
 * 3. per start: the time from spawning the process to the first 200 of GET /api/health (polled every 50 ms), the
 *    resident memory (VmRSS of the process and of any process it started) then, BENCH_SETTLE_MS (30000) later and the
 *    lowest in between (sampled every 250 ms), the peak (VmHWM), and how many processes it started; then SIGTERM and
 *    the time to exit,
 * 4. writes the medians to docs/performance.md between <!-- bench:start:start --> and <!-- bench:start:end -->
 *    (BENCH_NO_DOC=1 only prints). BENCH_RUNS (3) starts per way and kind.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_MAIN, apiBuildIsStale, freePort, webBuildIsStale } from './lib/build.mjs';
import { root, writePerformanceSection } from './lib/prodServer.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 30000);
const START = '<!-- bench:start:start -->';
const END = '<!-- bench:start:end -->';
const log = (msg) => process.stdout.write(`[bench:start] ${msg}\n`);

const WAYS = {
  built: { label: '`node dist/api/main.js` (built)', args: [path.join(root, API_MAIN)] },
  tsx: { label: '`node --import tsx src/server/main.ts` (loader)', args: ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')] },
};

/** The processes whose parent is `pid` (/proc/<pid>/stat's fourth field), and theirs. */
function descendantsOf(pid) {
  const parent = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.pop();
    for (const [child, ppid] of parent) {
      if (ppid !== p || found.includes(child)) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** VmRSS / VmHWM of `pid` in MB (0 when gone). */
function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}
const treeRss = (pid) => memory(pid).rss + descendantsOf(pid).reduce((sum, p) => sum + memory(p).rss, 0);

async function healthy(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** One start of `way` on `dataDir`: its figures, after a clean stop. */
async function startOnce(way, dataDir) {
  const port = await freePort();
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'STORAGE_DRIVER', 'SEED_DEMO', 'DEV_CLOCK', 'SSR_ENTRY', 'NODE_OPTIONS']) delete env[k];
  Object.assign(env, {
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const started = performance.now();
  const child = spawn(process.execPath, WAYS[way].args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  while (!(await healthy(port))) {
    if (child.exitCode !== null) throw new Error(`${way}: the server exited (${child.exitCode}):\n${stderr}`);
    if (performance.now() - started > 300_000) throw new Error(`${way}: not healthy after 300 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  const rssReady = treeRss(child.pid);
  // sampled every 250 ms for SETTLE_MS: the garbage of the start is collected at some point in between
  let children = descendantsOf(child.pid).length;
  let rssLow = rssReady;
  let rssSettled = rssReady;
  for (let t = 0; t < SETTLE_MS; t += 250) {
    await new Promise((r) => setTimeout(r, 250));
    rssSettled = treeRss(child.pid);
    rssLow = Math.min(rssLow, rssSettled);
    children = Math.max(children, descendantsOf(child.pid).length);
  }
  const { hwm } = memory(child.pid);
  const stopAt = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`${way}: exit code ${code} after SIGTERM:\n${stderr}`);
  return { readyMs, rssReady, rssSettled, rssLow, hwm, children, stopMs: performance.now() - stopAt };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const webStale = webBuildIsStale(root);
  if (process.env.BENCH_BUILD === '1' || webStale) {
    log(`building the app (${webStale ?? 'BENCH_BUILD=1'})`);
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root }).status !== 0) throw new Error('build failed');
  } else if (apiBuildIsStale(root)) {
    log(`building the server (${apiBuildIsStale(root)})`);
    if (spawnSync('npm', ['run', 'build:api'], { stdio: 'inherit', cwd: root }).status !== 0) throw new Error('server build failed');
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-start-'));
  try {
    // a migrated data directory left by a clean stop: every restart begins from a copy of it
    const template = path.join(work, 'template');
    log('making a migrated data directory for the restarts');
    await startOnce('built', template);
    const loadBefore = os.loadavg();
    const results = { built: { first: [], restart: [] }, tsx: { first: [], restart: [] } };
    let n = 0;
    for (let run = 1; run <= RUNS; run++) {
      for (const way of run % 2 ? ['built', 'tsx'] : ['tsx', 'built']) {
        for (const kind of ['first', 'restart']) {
          const dir = path.join(work, `run-${(n += 1)}`);
          if (kind === 'restart') cpSync(template, dir, { recursive: true });
          const r = await startOnce(way, dir);
          rmSync(dir, { recursive: true, force: true });
          results[way][kind].push(r);
          log(
            `${way} ${kind} ${run}/${RUNS}: healthy after ${(r.readyMs / 1000).toFixed(2)} s, ${r.rssReady.toFixed(0)} MB then, ` +
              `${r.rssSettled.toFixed(0)} MB ${SETTLE_MS / 1000} s later (lowest ${r.rssLow.toFixed(0)} MB, peak ${r.hwm.toFixed(0)} MB), ${r.children} other processes, stopped in ${r.stopMs.toFixed(0)} ms`,
          );
        }
      }
    }
    const loadAfter = os.loadavg();
    const cpus = os.cpus();
    const f = (x) => x.toFixed(2);
    const row = (way, kind) => {
      const rs = results[way][kind];
      const m = (k) => median(rs.map((r) => r[k]));
      return `| ${WAYS[way].label} | ${kind === 'first' ? 'first start (empty DATA_DIR)' : 'restart (migrated DATA_DIR)'} | ${(m('readyMs') / 1000).toFixed(2)} s | ${m('rssReady').toFixed(0)} MB | ${m('rssSettled').toFixed(0)} MB | ${m('rssLow').toFixed(0)} MB | ${m('hwm').toFixed(0)} MB | ${Math.max(...rs.map((r) => r.children))} | ${(m('stopMs') / 1000).toFixed(2)} s |`;
    };
    const ratio = (kind, k) => median(results.built[kind].map((r) => r[k])) / median(results.tsx[kind].map((r) => r[k]));
    const lines = [
      START,
      `Measured by \`npm run bench:start\` (scripts/bench-start.mjs), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Each way`,
      `started ${RUNS} times on an empty and ${RUNS} times on a migrated temporary DATA_DIR (embedded PGlite), alternately, as a`,
      'supervisor starts it: one process, `NODE_ENV=production`, 127.0.0.1, no demo data, the web build served. Start: from',
      'spawning the process to the first 200 of `GET /api/health` (polled every 50 ms). Memory: VmRSS of the process (and of',
      `any process it started) at that moment, ${SETTLE_MS / 1000} s later and the lowest in between (sampled every 250 ms: the start's`,
      `garbage is collected at some point), and its peak (VmHWM) by then. Medians. Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'},`,
      `Node ${process.version}; load average (1 / 5 / 15 min) ${loadBefore.map(f).join(' / ')} before, ${loadAfter.map(f).join(' / ')} after (a shared`,
      'machine: the start times move with its load, the memory hardly).',
      '',
      `| way | start | healthy after | RSS then | RSS ${SETTLE_MS / 1000} s later | lowest RSS | peak RSS | other processes | SIGTERM to exit |`,
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
      row('built', 'first'),
      row('tsx', 'first'),
      row('built', 'restart'),
      row('tsx', 'restart'),
      '',
      `Built against the loader: start ${(ratio('restart', 'readyMs') * 100).toFixed(0)} % of the time on a restart (${(ratio('first', 'readyMs') * 100).toFixed(0)} % on an empty`,
      `DATA_DIR, where creating and migrating the database dominates); resident memory on a restart: ${(ratio('restart', 'rssReady') * 100).toFixed(0)} % when healthy,`,
      `${(ratio('restart', 'rssSettled') * 100).toFixed(0)} % ${SETTLE_MS / 1000} s later, ${(ratio('restart', 'rssLow') * 100).toFixed(0)} % at the lowest.`,
      END,
    ].join('\n');
    writePerformanceSection(log, START, END, 'Start time and memory after start (`npm run bench:start`)', lines);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`[bench:start] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
