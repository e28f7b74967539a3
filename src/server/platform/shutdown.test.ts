import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { stopOnSignals } from './shutdown';

/** A stand-in for the app: close() resolves when told to (or never), closeAllConnections is counted. */
function fakeApp(closeResolves: 'at once' | 'when cut' | 'never') {
  let cut = 0;
  let release: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (release = resolve));
  const app = {
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    server: {
      closeAllConnections: () => {
        cut += 1;
        if (closeResolves === 'when cut') release();
      },
    },
    close: async () => {
      if (closeResolves === 'at once') return;
      await closed;
    },
  };
  return { app: app as unknown as FastifyInstance, cuts: () => cut };
}

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});

function setup(o: { graceMs?: number; forceMs?: number } = {}) {
  const signals = new EventEmitter();
  const exits: { code: number; at: number }[] = [];
  const lines: string[] = [];
  const start = Date.now();
  const s = stopOnSignals({
    signals: signals as unknown as NodeJS.Process,
    exit: (code) => exits.push({ code, at: Date.now() - start }),
    write: (l) => lines.push(l),
    graceMs: o.graceMs ?? 50,
    forceMs: o.forceMs ?? 400,
  });
  disposers.push(() => s.dispose());
  return { s, signals, exits, lines };
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('stopping on a signal (decision 0027)', () => {
  it('closes the app and exits 0; a second signal changes nothing', async () => {
    const { s, signals, exits } = setup();
    const { app } = fakeApp('at once');
    expect(s.serve(app)).toBe(true);
    signals.emit('SIGTERM');
    signals.emit('SIGINT');
    await wait(20);
    expect(exits).toEqual([{ code: 0, at: expect.any(Number) }]);
    expect(s.signal).toBe('SIGTERM');
  });

  it('a signal during the start is kept: the app is closed as soon as it is built, and never listens', async () => {
    const { s, signals, exits, lines } = setup();
    signals.emit('SIGINT');
    expect(lines[0]).toMatch(/SIGINT received while starting/);
    const { app } = fakeApp('at once');
    expect(s.serve(app)).toBe(false);
    await wait(20);
    expect(exits.map((e) => e.code)).toEqual([0]);
  });

  it('requests still open after the grace period are cut, then it exits 0', async () => {
    const { s, signals, exits } = setup({ graceMs: 50 });
    const { app, cuts } = fakeApp('when cut');
    s.serve(app);
    signals.emit('SIGTERM');
    await wait(20);
    expect(exits).toEqual([]);
    await wait(80);
    expect(cuts()).toBe(1);
    expect(exits.map((e) => e.code)).toEqual([0]);
  });

  it('whatever hangs, the forced exit armed at the signal ends the process (code 1)', async () => {
    const { s, signals, exits, lines } = setup({ graceMs: 50, forceMs: 150 });
    const { app } = fakeApp('never');
    s.serve(app);
    signals.emit('SIGTERM');
    await wait(250);
    expect(exits.map((e) => e.code)).toEqual([1]);
    expect(exits[0].at).toBeGreaterThanOrEqual(140);
    expect(lines.at(-1)).toMatch(/still not stopped 150 ms after SIGTERM/);
  });

  it('a main thread blocked for good is killed by the watchdog thread (SIGKILL), the event loop never running again', async () => {
    // a real process: the signal handler, the app's close blocking the main thread (as a synchronous write to a
    // pipe nobody reads did: Atomics.wait), the forced-exit timer that can then never fire
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-watchdog-'));
    const script = path.join(dir, 'blocked.ts');
    writeFileSync(
      script,
      `import { stopOnSignals } from ${JSON.stringify(path.resolve('src/server/platform/shutdown.ts'))};
const stopper = stopOnSignals({ killMs: 400, write: () => undefined });
const blocked = {
  log: { info: () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0), warn: () => undefined, error: () => undefined },
  server: { closeAllConnections: () => undefined },
  close: async () => undefined,
};
stopper.serve(blocked as never);
process.stderr.write('ready\\n');
setInterval(() => undefined, 1000);
`,
    );
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
      );
      for (let i = 0; i < 300 && !err.includes('ready'); i += 1) await wait(50);
      expect(err).toContain('ready');
      const sentAt = Date.now();
      child.kill('SIGTERM');
      const exit = await Promise.race([exited, wait(8000).then(() => null)]);
      if (!exit) child.kill('SIGKILL');
      expect(exit, 'the blocked process was still alive 8 s after SIGTERM').not.toBeNull();
      expect({ code: exit!.code, signal: exit!.signal }).toEqual({ code: null, signal: 'SIGKILL' });
      expect(exit!.at - sentAt).toBeGreaterThanOrEqual(350);
      expect(exit!.at - sentAt).toBeLessThan(5000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('a test that passes its own exit gets no watchdog (it would kill the test runner)', async () => {
    const { s, signals, exits } = setup({ graceMs: 10, forceMs: 50 });
    s.serve(fakeApp('at once').app);
    signals.emit('SIGTERM');
    await wait(30);
    expect(exits.map((e) => e.code)).toEqual([0]);
  });
});
