/**
 * A server of a test's own (a fresh embedded database, its own settings), for what must not touch the
 * shared e2e server: the first-admin setup (no admin may exist) and the deal room's moved clock
 * (DEV_CLOCK=1: /api/dev/clock moves time forward for every request of that server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { API_MAIN, freePort, snapshotBuild } from '../scripts/lib/build.mjs';

export type OwnServer = { url: string; stop(): Promise<void> };

/** Starts the built app on a free port with `env` over a clean environment; resolves once /api/health answers. */
export async function startOwnServer(prefix: string, env: Record<string, string>): Promise<OwnServer> {
  // called from a beforeAll hook, whose limit is the config's 120 s whatever describe.configure says: the wait
  // below must fit in it
  test.info().setTimeout(Math.max(test.info().timeout, 300_000));
  const root = process.cwd();
  const dir = mkdtempSync(path.join(os.tmpdir(), `lc-e2e-${prefix}-`));
  // the same snapshot of the build as the shared e2e server's (scripts/lib/build.mjs)
  snapshotBuild(root, dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const full: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'DEV_CLOCK']) delete full[k];
  Object.assign(
    full,
    {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      // the site's origin (required in production: every link in mail starts with it; decision 0040)
      PUBLIC_URL: url,
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
    env,
  );
  // the built server, as production runs it (decision 0050); scripts/e2e.mjs made the build current
  // what it prints goes to a file of its own, shown when it does not come up
  const logFile = path.join(dir, 'server.log');
  const log = openSync(logFile, 'a');
  const server: ChildProcess = spawn(process.execPath, [path.join(dir, API_MAIN)], {
    cwd: dir,
    env: full,
    stdio: ['ignore', log, log],
    detached: true,
  });
  // a loaded two-core CI machine can take minutes to migrate and seed; a server that exits is reported at once
  const deadline = Date.now() + 240_000;
  for (;;) {
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (server.exitCode !== null || server.signalCode !== null || Date.now() > deadline) {
      const printed = readFileSync(logFile, 'utf8').slice(-4000);
      try {
        if (server.pid) process.kill(-server.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      throw new Error(`the ${prefix} server did not start (exit ${server.exitCode ?? server.signalCode ?? 'none: still starting'}):\n${printed}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: async () => {
      if (server.pid) {
        try {
          process.kill(-server.pid, 'SIGTERM');
        } catch {
          /* gone */
        }
        await new Promise((r) => setTimeout(r, 1500));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
