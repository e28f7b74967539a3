/**
 * Production runs the built server (decision 0050): scripts/build-api.mjs (`npm run build:api`, the last step of
 * `npm run build`) bundles it into one JavaScript file, and plain `node <that file>` — no TypeScript loader — finds
 * the migrations from where it lies, migrates a fresh embedded database, answers GET /api/health 200 and exits 0
 * within 10 s of SIGTERM. It starts no other process, so `kill -9` of its PID (the one a supervisor holds) leaves
 * nothing behind: the port is free at once and the next start on the same DATA_DIR and port takes the data
 * directory's lock over and serves.
 *
 * The bundle is built here, from the current sources, under dist/ (dist/.test-api-*, removed after): a few seconds.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const LIMIT_MS = 10_000;

let outDir = '';
let dataDir = '';
let port = 0;
let build: SpawnSyncReturns<string>;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  outDir = mkdtempSync(path.join(root, 'dist', '.test-api-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-built-'));
  port = await freePort();
  build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outdir', outDir], { cwd: root, encoding: 'utf8' });
}, 60_000);

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function health(): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.setTimeout(2000, () => req.destroy());
  });
}

/** The processes whose parent is `pid` (Linux: /proc/<pid>/stat's fourth field). */
function childrenOf(pid: number): number[] {
  const kids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count from the last ')'
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) kids.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return kids;
}

/** `node <bundle>` as a supervisor starts it (NODE_ENV=production, the embedded database); resolves once healthy. */
async function startBuilt() {
  const child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: Date.now() });
    }),
  );
  const deadline = Date.now() + 150_000;
  for (;;) {
    const res = await health();
    if (res.status === 200) {
      const body = JSON.parse(res.body) as { migrations: { applied: number; expected: number }; version: string };
      return { child, exited, body, output: () => output };
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the built server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the built server (node dist/api/main.js)', () => {
  it('builds into one module that imports only packages and Node built-ins', () => {
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    const code = readFileSync(path.join(outDir, 'main.js'), 'utf8');
    // every file of our own is inside the bundle: no relative import is left for Node to load (nor any .ts file)
    expect(code).not.toMatch(/\bfrom\s*["']\.{1,2}\//);
    expect(code).not.toMatch(/\bfrom\s*["'][^"']*\.tsx?["']/);
    expect(code).not.toMatch(/\bfrom\s*["']tsx/);
  });

  it('serves on a fresh embedded database, starts no other process and stops within 10 s of SIGTERM', async () => {
    const server = await startBuilt();
    // the migrations were found from the bundle's own place (dist/…/main.js) and all applied
    expect(server.body.migrations.applied).toBe(server.body.migrations.expected);
    expect(server.body.migrations.applied).toBeGreaterThan(0);
    // package.json's version, though no npm started it (no npm_package_version in its environment)
    expect(server.body.version).toBe((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version);
    expect(childrenOf(server.child.pid!)).toEqual([]);
    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect({ code: exit.code, signal: exit.signal }, server.output()).toEqual({ code: 0, signal: null });
    expect(exit.at - sentAt).toBeLessThan(LIMIT_MS);
  }, 200_000);

  it('kill -9 of its PID leaves nothing: the port is free and the next start on the same DATA_DIR serves', async () => {
    const first = await startBuilt();
    expect(childrenOf(first.child.pid!)).toEqual([]);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // nothing holds the port any more
    expect((await health()).status).toBe(0);
    // the lock left by the killed process is taken over; same port, same data
    const second = await startBuilt();
    expect(second.body.migrations.applied).toBe(second.body.migrations.expected);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 200_000);
});
