// `npm start`: builds when no build exists (`npm run build`: the web app, its server entry and the server itself), or
// only the server (`npm run build:api`, seconds) when its bundle is older than its sources, then runs the built server
// (dist/api/main.js, decision 0050) in this process: the server's own SIGTERM / SIGINT handling applies
// (src/server/platform/shutdown.ts) and no other process is left running. A supervisor runs `node dist/api/main.js`
// itself instead (README: "Running at scale"): npm stays the parent of whatever it starts.
// The server migrates the database and seeds demo data into an empty embedded database (outside production).
// `npm start -- --no-build` never builds: it runs the server build there is, or without one the TypeScript sources
// through tsx (the API only, as `npm run serve`).
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_MAIN, apiBuildIsStale } from './lib/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, API_MAIN);

if (!process.argv.includes('--no-build')) {
  if (!existsSync(path.join(root, 'dist', 'web', 'index.html')) || !existsSync(path.join(root, 'dist', 'server', 'entry-server.js'))) {
    console.log('No web build found: building (npm run build)…');
    const code = await build('build');
    if (code !== 0) process.exit(code);
  } else {
    const stale = apiBuildIsStale(root);
    if (stale) {
      console.log(`Building the server (${stale}): npm run build:api…`);
      const code = await build('build:api');
      if (code !== 0) process.exit(code);
    }
  }
}
if (existsSync(main)) {
  await import(pathToFileURL(main).href);
} else {
  console.log(`No server build (${API_MAIN}) and --no-build: running the TypeScript sources through tsx (npm run build makes the build).`);
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server/main.ts');
}

/**
 * `npm run <script>` in its own process group. A stop signal while it runs ends the whole build (vite, esbuild and
 * whatever they started) and this process, instead of leaving the build running without a parent.
 */
function build(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: 'inherit', detached: true, cwd: root });
    let stopping = null;
    const stop = (signal) => {
      stopping = signal;
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    child.on('exit', (code) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      if (stopping) {
        console.log(`Stopped (${stopping}) before the build finished.`);
        process.exit(0);
      }
      resolve(code ?? 1);
    });
  });
}
