/**
 * The production server for the benchmarks (`npm run bench:web`, `npm run bench:pages`): builds the app when its
 * build is missing (BENCH_BUILD=1 always builds; only the server, in seconds, when its bundle is older than its
 * sources), then starts the built server as production does (`node dist/api/main.js`, decision 0050;
 * `NODE_ENV=production`, 127.0.0.1, no per-address limit, a fresh temporary DATA_DIR with the demo seed) from a
 * snapshot of the build — dist/web, the web app's server entry dist/server, dist/api and the migrations, which find
 * their packages through a node_modules link — so a rebuild meanwhile cannot swap what is measured.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_MAIN, apiBuildIsStale, freePort, snapshotBuild } from './build.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function waitForHealth(url, child, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not become healthy');
}

/** Starts the server; `extraEnv` adds to its environment. Returns its base URL and `stop()` (which also removes the snapshot). */
export async function startProductionServer(log, extraEnv = {}) {
  const built = existsSync(path.join(root, 'dist', 'web', 'index.html')) && existsSync(path.join(root, 'dist', 'server', 'entry-server.js'));
  if (process.env.BENCH_BUILD === '1' || !built) {
    log('building the app');
    const b = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
    if (b.status !== 0) throw new Error('build failed');
  } else if (apiBuildIsStale(root)) {
    log(`building the server (${apiBuildIsStale(root)})`);
    const b = spawnSync('npm', ['run', 'build:api'], { stdio: 'inherit', cwd: root });
    if (b.status !== 0) throw new Error('server build failed');
  }
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-'));
  snapshotBuild(root, runDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL', 'STORAGE_DRIVER', 'SEED_DEMO', 'DEV_CLOCK', 'SSR_ENTRY']) delete env[k];
  Object.assign(env, {
    NODE_ENV: 'production',
    // required in production (every link in mail starts with it; decision 0040)
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(runDir, 'data'),
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
    JOBS_POLL_MS: '0',
    // production seeds nothing unless told (decision 0032): the benchmarks measure the demo data's pages
    SEED_DEMO: 'true',
    ...extraEnv,
  });
  const serverLog = createWriteStream(path.join(runDir, 'server.log'));
  const server = spawn(process.execPath, [path.join(runDir, API_MAIN)], {
    cwd: runDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout.pipe(serverLog);
  server.stderr.pipe(serverLog);
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        server.kill('SIGTERM');
      }
      await exited;
    }
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    log(`starting the production server on ${base} (seeding a fresh embedded database)`);
    await waitForHealth(base, server);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, stop, pid: server.pid };
}

/**
 * Puts `lines` (which start with `start` and end with `end`) into docs/performance.md in place of the previous
 * figures between the same markers, or under `heading` at the end; BENCH_NO_DOC=1 only prints.
 */
export function writePerformanceSection(log, start, end, heading, lines) {
  console.log(lines);
  if (process.env.BENCH_NO_DOC === '1') return;
  const file = path.join(root, 'docs', 'performance.md');
  const doc = readFileSync(file, 'utf8');
  const next = doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), lines) : `${doc.trimEnd()}\n\n## ${heading}\n\n${lines}\n`;
  writeFileSync(file, next);
  log(`updated ${path.relative(root, file)}`);
}
