/**
 * A redis-server of the test's own, on a free port, that the test stops and starts (decision 0033) —
 * never the shared one. Nothing is written to disk (--save "", --appendonly no), so a restart starts empty.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort } from './ports';

/** why the Redis outage tests cannot run here, or null when they can */
export function redisServerMissing(): string | null {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return r.error || r.status !== 0 ? 'redis-server is not installed (apt-get install redis-server): the Redis outage tests are skipped' : null;
}

/** one PING over a raw socket: true when the server answers PONG */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(500, () => done(false));
    s.once('error', () => done(false));
    s.connect(port, '127.0.0.1', () => s.write('PING\r\n'));
    s.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** polls `check` every 50 ms until it holds, at most `timeoutMs` (waiting for a process, not for a rule's time) */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export class RedisServer {
  private proc: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    if (this.proc) return;
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until(() => pings(this.port), `redis-server on port ${this.port}`);
  }

  /** stops the server (SIGTERM) and waits until the process has exited */
  async stop() {
    const proc = this.proc;
    if (!proc) return;
    this.proc = null;
    if (proc.exitCode === null && proc.signalCode === null) {
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      });
    }
  }

  /** freezes the server (SIGSTOP): connections stay open, nothing is answered */
  freeze() {
    this.proc?.kill('SIGSTOP');
  }
  thaw() {
    this.proc?.kill('SIGCONT');
  }
}
