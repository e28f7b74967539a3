/**
 * Stopping on SIGTERM and SIGINT (decision 0027): the process ends within SHUTDOWN.forceMs of the
 * signal, every time. In order:
 *
 * 1. the forced exit is armed first, before anything that can fail or wait (exit code 1 if it fires);
 * 2. the server stops accepting connections and ends every live event stream (`GET /api/events`,
 *    app.ts's preClose hook), so browsers reconnect to another instance; idle keep-alive connections close;
 * 3. requests in flight get SHUTDOWN.graceMs to finish; whatever is still open then (a slow upload, a
 *    client that never sends its body) is cut;
 * 4. the job runner, the LISTEN connection and the database close (onClose hooks), and the process exits 0.
 *
 * A signal that arrives while the server is still starting (migrations, seeding) is kept: the server
 * closes as soon as it is built. A second signal changes nothing; the forced exit still stands.
 *
 * The forced exit is a timer of the event loop; a main thread that is blocked (a synchronous write to a pipe
 * nobody reads, a stuck native call) would never run it. So the signal also arms a watchdog on a thread of its
 * own (decision 0047): SHUTDOWN.killMs after the signal it sends the process SIGKILL — the exit status is then
 * 137 (128 + 9) in a shell, "killed by SIGKILL" to a supervisor — whatever the main thread is doing.
 */
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

export const SHUTDOWN = {
  /** how long requests in flight may take to finish */
  graceMs: 3_000,
  /** when the process exits whatever is still running (a stuck close), code 1 */
  forceMs: 9_000,
  /** when the watchdog thread kills the process (SIGKILL) if it is still there: the main thread is stuck */
  killMs: 9_500,
} as const;

/**
 * Arms a thread that sends this process SIGKILL `ms` from now unless the process is gone first. It needs
 * nothing from the main thread once started (its own event loop), and does not keep the process alive.
 */
export function armKillWatchdog(ms: number): { disarm(): void } {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), Math.max(0, workerData.at - Date.now()));`,
    // no inherited --import hooks (tsx in development): a bare thread that starts fast
    { eval: true, workerData: { pid: process.pid, at: Date.now() + ms }, stdout: true, stderr: true, execArgv: [] },
  );
  worker.unref();
  return { disarm: () => void worker.terminate() };
}

export type StopSignal = 'SIGTERM' | 'SIGINT';

type Options = {
  /** for tests: what happens at the end (process.exit in production) */
  exit?: (code: number) => void;
  /** for tests: shorter waits */
  graceMs?: number;
  forceMs?: number;
  killMs?: number;
  /**
   * the last resort when the main thread is blocked (default: armKillWatchdog at SHUTDOWN.killMs, and only
   * with the real process.exit — a test that passes `exit` gets none unless it passes one)
   */
  watchdog?: (() => { disarm(): void }) | null;
  /** before the app exists: where to say what happens (the app's logger afterwards) */
  write?: (line: string) => void;
  /** for tests: where the signals come from (the process) */
  signals?: Pick<NodeJS.Process, 'on' | 'off'>;
};

/**
 * Installs the SIGTERM and SIGINT handlers at once (before the app is built) and returns `serve`,
 * which hands the built app over: from then on a signal closes it. `serve` answers false when a
 * signal came first and the app is being closed already (do not listen then).
 */
export function stopOnSignals(opts: Options = {}) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const graceMs = opts.graceMs ?? SHUTDOWN.graceMs;
  const forceMs = opts.forceMs ?? SHUTDOWN.forceMs;
  const write = opts.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const armWatchdog = opts.watchdog !== undefined ? opts.watchdog : opts.exit ? null : () => armKillWatchdog(opts.killMs ?? SHUTDOWN.killMs);
  let watchdog: { disarm(): void } | null = null;
  let app: FastifyInstance | null = null;
  let signal: StopSignal | null = null;
  let closing = false;
  let force: NodeJS.Timeout | null = null;

  const close = async (instance: FastifyInstance) => {
    if (closing) return;
    closing = true;
    instance.log.info({ signal }, 'shutting down: closing event streams, waiting for requests in flight');
    // requests still running after the grace period are cut (their sockets destroyed)
    const cut = setTimeout(() => {
      instance.log.warn({ graceMs }, 'requests still open after the grace period: closing their connections');
      instance.server.closeAllConnections();
    }, graceMs);
    try {
      await instance.close();
      clearTimeout(cut);
      instance.log.info('stopped');
      exit(0);
    } catch (err) {
      clearTimeout(cut);
      instance.log.error({ kind: err instanceof Error ? err.name : typeof err }, 'error during shutdown');
      exit(1);
    }
  };

  const onSignal = (s: StopSignal) => {
    if (signal) return;
    signal = s;
    // armed before anything else: whatever hangs below, the process ends (a timer that keeps it alive until then),
    // and if the main thread itself is blocked, the watchdog thread kills it
    if (armWatchdog) {
      try {
        watchdog = armWatchdog();
      } catch {
        // no thread could be started (out of memory): the timer below still stands
      }
    }
    force = setTimeout(() => {
      write(`still not stopped ${forceMs} ms after ${s}: exiting now`);
      exit(1);
    }, forceMs);
    if (app) void close(app);
    else write(`${s} received while starting: stopping once the server is built`);
  };
  const term = () => onSignal('SIGTERM');
  const int = () => onSignal('SIGINT');
  const signals = opts.signals ?? process;
  signals.on('SIGTERM', term);
  signals.on('SIGINT', int);

  return {
    /** the app is built: a signal from now on closes it (one that came already, now) */
    serve(instance: FastifyInstance): boolean {
      app = instance;
      if (signal) {
        void close(instance);
        return false;
      }
      return true;
    },
    /** removes the handlers and the forced exit (tests) */
    dispose() {
      signals.off('SIGTERM', term);
      signals.off('SIGINT', int);
      if (force) clearTimeout(force);
      watchdog?.disarm();
    },
    /** the signal received, if any */
    get signal() {
      return signal;
    },
  };
}
