/**
 * What the runners that start the built server share (scripts/start.mjs, scripts/e2e.mjs, scripts/lib/prodServer.mjs,
 * scripts/bench-start.mjs, e2e/ownServer.ts): a free loopback port, whether the build is missing or older than its
 * sources, and a snapshot of the build in a directory of its own — dist/web, the web app's server entry dist/server
 * (decision 0034), the server itself dist/api (decision 0050) with the migrations and package.json it reads, finding their packages
 * through a node_modules link — so a rebuild meanwhile cannot swap what is running.
 */
import { cpSync, existsSync, readdirSync, statSync, symlinkSync } from 'node:fs';
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

/** The built server production runs (`node dist/api/main.js`), relative to the root. */
export const API_MAIN = path.join('dist', 'api', 'main.js');
const WEB_BUILT = [path.join('dist', 'web', 'index.html'), path.join('dist', 'server', 'entry-server.js')];

/** The newest modification time of the files under `dir` (0 when it does not exist). */
function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why `built` (files under root) must be made again from `dirs` and `files`, or null. */
function staleness(root, built, dirs, files, what) {
  const full = built.map((f) => path.join(root, f));
  if (!full.every((f) => existsSync(f))) return `${what} is missing`;
  // CI builds once before its test streams (.ci/run); files it writes meanwhile (the API types) are not news
  if (process.env.CI) return null;
  const madeAt = Math.min(...full.map((f) => statSync(f).mtimeMs));
  const present = files.map((f) => path.join(root, f)).filter((f) => existsSync(f));
  const newest = Math.max(...dirs.map((d) => newestIn(path.join(root, d))), ...present.map((f) => statSync(f).mtimeMs));
  return newest > madeAt ? `the sources of ${what} changed since it was built` : null;
}

/**
 * Why the web build (dist/web and dist/server) must be made again, or null: it is missing, or a source it is made from
 * (the web app, the shared code, the build's configuration, the installed packages) changed after it was made — a
 * test of old code would pass or fail for nothing.
 */
export function webBuildIsStale(root) {
  return staleness(root, WEB_BUILT, ['src/web', 'src/shared'], ['vite.config.ts', 'package-lock.json', 'tsconfig.json'], 'the web build');
}

/** The same for the server's bundle (dist/api/main.js): the server and shared sources, its build script, the packages. */
export function apiBuildIsStale(root) {
  return staleness(root, [API_MAIN], ['src/server', 'src/shared'], ['scripts/build-api.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'], API_MAIN);
}

/** Copies the build of `root` into `dir` (the server then runs `dir`/dist/api/main.js with `dir` as its working directory). */
export function snapshotBuild(root, dir) {
  // the server finds the migrations and package.json (its version) above its own file, as in the repository
  for (const part of [path.join('dist', 'web'), path.join('dist', 'server'), path.join('dist', 'api'), 'drizzle', 'package.json']) {
    cpSync(path.join(root, part), path.join(dir, part), { recursive: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}
