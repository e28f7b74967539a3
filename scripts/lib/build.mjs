/**
 * What the runners that start the built server share (scripts/e2e.mjs, scripts/lib/prodServer.mjs, e2e/ownServer.ts): a free
 * loopback port, and a snapshot of the build in a directory of its own — dist/web and the web app's server entry
 * dist/server (decision 0034), which finds its packages through a node_modules link — so a rebuild meanwhile
 * cannot swap what is running.
 */
import { cpSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Copies the build of `root` into `dir` (the server then runs with `dir` as its working directory). */
export function snapshotBuild(root, dir) {
  cpSync(path.join(root, 'dist', 'web'), path.join(dir, 'dist', 'web'), { recursive: true });
  cpSync(path.join(root, 'dist', 'server'), path.join(dir, 'dist', 'server'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}
