/**
 * A stop that always ends (issue 37, decision 0047): the real server process (`src/server/main.ts`) with its
 * stdout a pipe nobody reads (a named pipe, opened for reading and full before the server starts) and every
 * request logged (LOG_LEVEL=debug, the worst case), after a burst of requests at full speed from 10
 * connections, exits within 10 s of SIGTERM (exit code 0) — and its memory does not grow during the burst
 * (log lines that stdout cannot take are dropped, not queued; platform/logging.test.ts checks the bound itself).
 *
 * Runs STOP_RUNS times (default 3), each burst STOP_BURST_MS long (default 3000). The acceptance run:
 * `STOP_RUNS=20 STOP_BURST_MS=10000 npx vitest run src/server/features/system/stop-under-load.test.ts`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, cpSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const RUNS = Number(process.env.STOP_RUNS ?? 3);
const BURST_MS = Number(process.env.STOP_BURST_MS ?? 3000);
const CONNECTIONS = 10;
const LIMIT_MS = 10_000;
/** how much the server's resident memory may grow during the burst (after its first second) */
const RSS_GROWTH_LIMIT = 100 * 1024 * 1024;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0)) f();
});
/** a data directory left by the first clean stop (migrated): later starts copy it */
let template: string | null = null;
afterAll(() => {
  if (template) rmSync(template, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

function get(agent: http.Agent, port: number, p: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The resident memory of a process (Linux), in bytes; 0 when it cannot be read. */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * A named pipe that is opened for reading and never read, already full when the server gets it: from its first
 * line, every write to stdout finds no room (as with a log reader that hung). Returns the write end for the
 * server's stdout.
 */
function fullPipe(dir: string): number {
  const fifo = path.join(dir, 'stdout.fifo');
  execFileSync('mkfifo', [fifo]);
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  const chunk = Buffer.alloc(4096, 'x');
  for (;;) {
    try {
      writeSync(writer, chunk);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') break;
      throw err;
    }
  }
  cleanups.push(() => closeSync(reader));
  return writer;
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-burst-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // every request writes a line: the most a log can ask of stdout
    LOG_LEVEL: 'debug',
    SECRET_KEY: 'burst-test-secret-key-0123456789abcdef',
    RATE_LIMIT_MAX: '0',
  };
  const pipeDir = mkdtempSync(path.join(os.tmpdir(), 'lc-burst-pipe-'));
  const stdout = fullPipe(pipeDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', stdout, 'pipe'] });
  closeSync(stdout);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  cleanups.push(() => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pipeDir, { recursive: true, force: true });
  });
  const agent = new http.Agent({ keepAlive: false });
  const deadline = Date.now() + 150_000;
  for (;;) {
    const status = await get(agent, port, '/api/health').catch(() => 0);
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  void exited.then(({ code }) => {
    if (code === 0 && !template) {
      template = mkdtempSync(path.join(os.tmpdir(), 'lc-burst-template-'));
      cpSync(dataDir, template, { recursive: true });
    }
  });
  return { child, port, exited, stderr: () => stderr };
}

/** Requests from CONNECTIONS keep-alive connections, each sent as soon as the last answered, until stop(). */
function burst(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const paths = ['/api/health/live?who=someone@example.com', '/api/no-such-thing?q=1', '/robots.txt', '/api/health/live'];
  let running = true;
  let done = 0;
  const loops = Array.from({ length: CONNECTIONS }, async (_, i) => {
    for (let k = i; running; k += 1) {
      const status = await get(agent, port, paths[k % paths.length]!).catch(() => -1);
      if (status === -1) break;
      done += 1;
    }
  });
  return {
    get done() {
      return done;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

describe(`stopping after a burst, stdout a pipe nobody reads (${RUNS} runs, ${BURST_MS} ms bursts)`, () => {
  for (let run = 1; run <= RUNS; run += 1) {
    it(`run ${run}: SIGTERM ends the process within 10 s; memory stays bounded during the burst`, async () => {
      const server = await startServer();
      const pid = server.child.pid!;
      const load = burst(server.port);
      const started = Date.now();
      // the first second warms up (routes compiled on first use): memory is measured from then on
      await new Promise((r) => setTimeout(r, Math.min(1000, BURST_MS / 3)));
      const before = rssOf(pid);
      let most = before;
      while (Date.now() - started < BURST_MS) {
        await new Promise((r) => setTimeout(r, 200));
        most = Math.max(most, rssOf(pid));
      }
      const requests = load.done;
      const sentAt = Date.now();
      server.child.kill('SIGTERM');
      await load.stop();
      const exit = await Promise.race([server.exited, new Promise<null>((r) => setTimeout(() => r(null), LIMIT_MS + 5_000))]);
      expect(exit, `still running ${LIMIT_MS + 5_000} ms after SIGTERM:\n${server.stderr()}`).not.toBeNull();
      const detail = `exit ${exit!.code ?? exit!.signal} after ${exit!.at - sentAt} ms, ${requests} requests:\n${server.stderr()}`;
      expect(exit!.at - sentAt, detail).toBeLessThan(LIMIT_MS);
      expect({ code: exit!.code, signal: exit!.signal }, detail).toEqual({ code: 0, signal: null });
      // the burst was one (on a busy machine maybe only tens of requests a second), each logging a line stdout could not take
      expect(requests).toBeGreaterThan(50);
      if (before > 0) expect(most - before, `rss ${before} → ${most} after ${requests} requests`).toBeLessThan(RSS_GROWTH_LIMIT);
      process.stderr.write(
        `run ${run}: ${requests} requests in ${BURST_MS} ms, rss ${Math.round(before / 1048576)} → ${Math.round(most / 1048576)} MB, exit ${exit!.code} after ${exit!.at - sentAt} ms\n`,
      );
    }, 200_000);
  }
});
