#!/usr/bin/env node
/**
 * Browser tests: `npm run test:e2e [-- <playwright test args>]`.
 *
 * 1. builds the app (`npm run build`) when dist/web is missing or older than its sources (or E2E_BUILD=1), or only
 *    the server (`npm run build:api`, seconds) when dist/api/main.js is missing or older than the server's sources,
 * 2. starts the server as production runs it (`node dist/api/main.js`, decision 0050) on a free port with a fresh temporary
 *    DATA_DIR (embedded PGlite; the demo seed runs on the empty database), NODE_ENV=test so the
 *    dev outbox exists, and an admin account from ADMIN_EMAIL / ADMIN_PASSWORD,
 * 3. waits for GET /api/health, runs `playwright test` (playwright.config.ts) against it with
 *    Debian's Chromium — its headless shell when installed, else /usr/bin/chromium (playwright.config.ts; never a
 *    downloaded browser),
 * 4. stops the server (also on failure or Ctrl-C) and prints `N passed, N failed`.
 *
 * E2E_BASE_URL=http://host:port skips starting a server and tests that one instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_MAIN, apiBuildIsStale, freePort, snapshotBuild, webBuildIsStale } from './lib/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// each run keeps its own artifacts (server log, report, failure screenshots and traces), so two
// runs in one work tree never delete each other's files; the newest few runs are kept
const artifactsRoot = path.join(root, 'e2e', 'artifacts');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const artifacts = path.join(artifactsRoot, 'runs', `${stamp}-${process.pid}`);
mkdirSync(artifacts, { recursive: true });
const KEEP_RUNS = 5;
for (const old of readdirSync(path.join(artifactsRoot, 'runs')).sort().slice(0, -KEEP_RUNS)) {
  rmSync(path.join(artifactsRoot, 'runs', old), { recursive: true, force: true });
}

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@example.com';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-Passw0rd';
// the same choice as playwright.config.ts: Debian's headless shell when installed (decision 0041)
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

const log = (msg) => process.stdout.write(`[e2e] ${msg}\n`);

if (!existsSync(CHROMIUM)) {
  log(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium chromium-headless-shell fonts-noto-cjk)`);
  process.exit(2);
}

async function waitForHealth(url, child, timeoutMs = Number(process.env.E2E_START_TIMEOUT_S ?? 240) * 1000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return res.json();
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs / 1000}s (last: ${last})`);
}

let server = null;
let runDir = null;
/** where the server logs API responses that break the document (API_CONTRACT_LOG) */
let contractLog = null;
let serverLog = null;

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  try {
    process.kill(-server.pid, 'SIGTERM'); // the whole process group (the server starts no other process)
  } catch {
    server.kill('SIGTERM');
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

function cleanup() {
  if (runDir && !process.env.E2E_KEEP_DATA) rmSync(runDir, { recursive: true, force: true });
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    log(`${sig}: stopping`);
    await stopServer();
    cleanup();
    process.exit(130);
  });
}

function summarize(jsonFile) {
  try {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    const s = report.stats ?? {};
    return {
      passed: s.expected ?? 0,
      failed: s.unexpected ?? 0,
      flaky: s.flaky ?? 0,
      skipped: s.skipped ?? 0,
      seconds: Math.round((s.duration ?? 0) / 1000),
    };
  } catch {
    return null;
  }
}

async function main() {
  const started = Date.now();
  let baseURL = process.env.E2E_BASE_URL;

  if (!baseURL) {
    const stale = webBuildIsStale(root);
    const apiStale = apiBuildIsStale(root);
    if (process.env.E2E_BUILD === '1' || stale) {
      log(`building the app (${process.env.E2E_BUILD === '1' ? 'E2E_BUILD=1' : stale})`);
      const b = spawnSync('npm', ['run', 'build'], {
        stdio: 'inherit',
      });
      if (b.status !== 0) throw new Error('build failed');
    } else if (apiStale) {
      log(`building the server (${apiStale})`);
      const b = spawnSync('npm', ['run', 'build:api'], { stdio: 'inherit' });
      if (b.status !== 0) throw new Error('server build failed');
    }

    const port = await freePort();
    // the server runs in its own directory: DATA_DIR (a fresh embedded database) and a snapshot of the build
    // (dist/api/main.js, the migrations beside it; config.webDist is ./dist/web), so a rebuild during the run cannot
    // swap the server or the assets
    runDir = mkdtempSync(path.join(os.tmpdir(), 'lc-e2e-'));
    const dataDir = path.join(runDir, 'data');
    snapshotBuild(root, runDir);
    baseURL = `http://127.0.0.1:${port}`;
    const serverLogFile = path.join(artifacts, 'server.log');
    contractLog = path.join(artifacts, 'contract-violations.log');
    rmSync(contractLog, { force: true });
    serverLog = createWriteStream(serverLogFile);
    const env = { ...process.env };
    for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL', 'SECRET_KEY', 'STORAGE_DRIVER', 'SEED_DEMO']) delete env[k];
    Object.assign(env, {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // every API response is checked against the API document; mismatches land here (decision 0031)
      API_CONTRACT_LOG: contractLog,
    });
    log(`starting server on ${baseURL} (DATA_DIR=${dataDir}, log: ${path.relative(root, serverLogFile)})`);
    server = spawn(process.execPath, [path.join(runDir, API_MAIN)], {
      cwd: runDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    server.stdout.pipe(serverLog, { end: false });
    server.stderr.pipe(serverLog, { end: false });
    // stderr carries start-up failures (bad config, fatal errors): show it on the console too
    server.stderr.on('data', (d) => process.stderr.write(`[server] ${d}`));
    const health = await waitForHealth(baseURL, server);
    log(`server healthy after ${((Date.now() - started) / 1000).toFixed(1)}s: ${JSON.stringify(health)}`);
  } else {
    await waitForHealth(baseURL, null, 10_000);
    log(`testing the running server at ${baseURL}`);
  }

  const jsonFile = path.join(artifacts, 'results.json');
  rmSync(jsonFile, { force: true });
  const args = ['test', ...process.argv.slice(2)];
  log(`running: playwright ${args.join(' ')}`);
  const result = await new Promise((resolve) => {
    const child = spawn(bin('playwright'), args, {
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: baseURL,
        E2E_ADMIN_EMAIL: ADMIN_EMAIL,
        E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
        E2E_JSON_REPORT: jsonFile,
        E2E_OUTPUT_DIR: path.join(artifacts, 'test-results'),
        CHROMIUM_PATH: CHROMIUM,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        // the servers a test starts of its own (e2e/ownServer.ts) check their answers into the same file
        ...(contractLog ? { API_CONTRACT_LOG: contractLog } : {}),
      },
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0) }));
  });

  await stopServer();
  cleanup();

  const s = summarize(jsonFile);
  const total = ((Date.now() - started) / 1000).toFixed(0);
  if (s) {
    console.log(
      `\ne2e summary: ${s.passed} passed, ${s.failed} failed` +
        (s.flaky ? `, ${s.flaky} flaky` : '') +
        (s.skipped ? `, ${s.skipped} skipped` : '') +
        ` (tests ${s.seconds}s, total ${total}s; artifacts in ${path.relative(root, artifacts)})`,
    );
  } else {
    console.log(`\ne2e summary: no report (playwright exited with code ${result.code}); total ${total}s`);
  }
  // a response that does not match the API document fails the run, whatever the tests said (decision 0031)
  const violations = contractLog && existsSync(contractLog) ? readFileSync(contractLog, 'utf8').split('\n').filter(Boolean) : [];
  if (violations.length) {
    const distinct = [...new Set(violations)];
    console.log(`\ne2e: ${violations.length} API response(s) broke the API document (${path.relative(root, contractLog)}):`);
    for (const v of distinct.slice(0, 20)) console.log(`  - ${v}`);
    if (distinct.length > 20) console.log(`  … and ${distinct.length - 20} more`);
  } else if (contractLog) {
    log('every API response matched the API document');
  }
  const failed = result.code !== 0 || !s || s.failed > 0 || violations.length > 0;
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(`[e2e] ${err instanceof Error ? err.message : String(err)}`);
    if (serverLog) console.error(`[e2e] see ${path.relative(root, path.join(artifacts, 'server.log'))}`);
    await stopServer();
    cleanup();
    console.log('\ne2e summary: 0 passed, 1 failed (the run did not start: see the error above)');
    process.exit(1);
  },
);
