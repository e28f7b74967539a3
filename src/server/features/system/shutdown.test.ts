/**
 * A server that is told to stop, stops (decision 0027): the real server process — started as
 * `src/server/main.ts` and as `npm start` runs it — with a signed-in user's live event streams open
 * (`GET /api/events`), a request whose body is still arriving and an idle keep-alive connection,
 * exits within 10 seconds of SIGTERM (and of SIGINT) with code 0, the streams ended first, and leaves
 * no process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports';

const ADMIN = { email: 'stop-admin@example.com', password: 'stop-secret-123' };
const STREAMS = 5;
const LIMIT_MS = 10_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0)) f();
});
/** a data directory a server left after a clean stop (migrated, the admin created): later starts copy it, skipping the slow first migration */
let template: string | null = null;
afterAll(() => {
  if (template) rmSync(template, { recursive: true, force: true });
});

/** Starts the server process: `node --import tsx src/server/main.ts`, or `npm start -- --no-build` (own process group). */
async function startServer(how: 'main' | 'npm') {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-stop-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    SECRET_KEY: 'stop-test-secret-key-0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_MAX: '0',
    npm_config_update_notifier: 'false',
  };
  const child =
    how === 'main'
      ? spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('npm', ['start', '--silent', '--', '--no-build'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  cleanups.push(() => {
    try {
      if (how === 'npm' && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      /* gone already */
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  // ready once /api/health answers 200 (migrations applied)
  const deadline = Date.now() + 150_000;
  for (;;) {
    const status = await request(port, { path: '/api/health' }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // a clean stop leaves a data directory the next start can begin from
  void exited.then(({ code }) => {
    if (code === 0 && !template) {
      template = mkdtempSync(path.join(os.tmpdir(), 'lc-stop-template-'));
      cpSync(dataDir, template, { recursive: true });
    }
  });
  return { child, port, exited, output: () => output };
}

function request(
  port: number,
  o: { path: string; method?: string; body?: unknown; cookie?: string },
): Promise<{ status: number; body: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: o.path,
        method: o.method ?? 'GET',
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(o.cookie ? { cookie: o.cookie } : {}) },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cookies: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A signed-in admin's cookie (the account comes from ADMIN_EMAIL / ADMIN_PASSWORD). */
async function signIn(port: number): Promise<string> {
  const res = await request(port, { path: '/api/auth/login', method: 'POST', body: ADMIN });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${res.body}`);
  return res.cookies.map((c) => c.split(';')[0]).join('; ');
}

type Stream = { ended: Promise<number> };
/** Opens `GET /api/events` and waits for its `ready` event; `ended` resolves with the time the server closed it. */
function openStream(port: number, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/events', agent: false, headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
      let seen = '';
      let ready = false;
      const ended = new Promise<number>((done) => {
        res.on('close', () => done(Date.now()));
        res.on('error', () => done(Date.now()));
      });
      res.on('data', (d: Buffer) => {
        seen += d.toString();
        if (!ready && seen.includes('event: ready')) {
          ready = true;
          resolve({ ended });
        }
      });
    });
    req.on('error', reject);
  });
}

/** A request whose body is still coming in: a byte every 300 ms, never complete. */
function slowRequest(port: number): { socket: net.Socket; closed: Promise<number> } {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{"name":"`);
  const drip = setInterval(() => socket.writable && socket.write('x'), 300);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.on('error', () => undefined);
  void closed.then(() => clearInterval(drip));
  cleanups.push(() => {
    clearInterval(drip);
    socket.destroy();
  });
  return { socket, closed };
}

/** An idle keep-alive connection (a finished request, the socket kept open). */
async function idleConnection(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.on('error', () => undefined);
  cleanups.push(() => socket.destroy());
  return socket;
}

/** Whether any process of the group is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Where the time between the signal and the exit went (the server's own log times), for a failure's message. */
function timeline(output: string, sentAt: number, exitAt: number): string {
  const at = (msg: string) => {
    const m = new RegExp(`"time":(\\d+)[^\\n]*"msg":"${msg}`).exec(output);
    return m ? `+${Number(m[1]) - sentAt} ms` : 'not logged';
  };
  return `signal sent; the server logged "shutting down" ${at('shutting down')}, "stopped" ${at('stopped')}; the process exited +${exitAt - sentAt} ms\n${output}`;
}

async function busyServerStops(how: 'main' | 'npm', signal: NodeJS.Signals) {
  const server = await startServer(how);
  const cookie = await signIn(server.port);
  const streams = await Promise.all(Array.from({ length: STREAMS }, () => openStream(server.port, cookie)));
  const slow = slowRequest(server.port);
  await idleConnection(server.port);
  // the slow request is in flight: the server has its headers and waits for the body
  await new Promise((r) => setTimeout(r, 500));
  const sentAt = Date.now();
  (server.child as ChildProcess).kill(signal);
  const exit = await Promise.race([server.exited, new Promise<null>((r) => setTimeout(() => r(null), LIMIT_MS + 5_000))]);
  expect(exit, `still running ${LIMIT_MS + 5_000} ms after ${signal}:\n${server.output()}`).not.toBeNull();
  expect(exit!.at - sentAt, timeline(server.output(), sentAt, exit!.at)).toBeLessThan(LIMIT_MS);
  expect({ code: exit!.code, signal: exit!.signal }, server.output()).toEqual({ code: 0, signal: null });
  // every stream and the slow request were closed by the server, the streams before it went away
  const ends = await Promise.all(streams.map((s) => s.ended));
  for (const end of ends) expect(end).toBeLessThanOrEqual(exit!.at + 100);
  expect(await slow.closed).toBeLessThanOrEqual(exit!.at + 1000);
  return { ...server, sentAt };
}

describe('stopping the server (SIGTERM, SIGINT)', () => {
  it('node src/server/main.ts: SIGTERM with event streams, a slow request and an idle connection open → exit 0 within 10 s', async () => {
    await busyServerStops('main', 'SIGTERM');
  }, 200_000);

  it('SIGINT (Ctrl-C) the same', async () => {
    await busyServerStops('main', 'SIGINT');
  }, 200_000);

  it('npm start: the signal reaches the server through npm and the start script; nothing is left running', async () => {
    const server = await busyServerStops('npm', 'SIGTERM');
    const pgid = server.child.pid!;
    // npm's shell and the server process are gone too, not only npm: all within the 10 s of the signal
    const { sentAt } = server;
    while (groupAlive(pgid) && Date.now() < sentAt + LIMIT_MS) await new Promise((r) => setTimeout(r, 100));
    expect(groupAlive(pgid), server.output()).toBe(false);
  }, 200_000);
});
