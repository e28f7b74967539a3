// `npm start`: builds the web app if no build exists, then serves it and the API on one port, in this
// process (the server's own SIGTERM / SIGINT handling applies: src/server/platform/shutdown.ts).
// The server migrates the database and seeds demo data into an empty embedded database.
// `npm start -- --no-build` never builds (without a build the server answers the API only).
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { register } from 'tsx/esm/api';

if (!process.argv.includes('--no-build') && (!existsSync('dist/web/index.html') || !existsSync('dist/server/entry-server.js'))) {
  console.log('No web build found: building (npm run build)…');
  const code = await build();
  if (code !== 0) process.exit(code);
}
register();
await import('../src/server/main.ts');

/**
 * `npm run build` in its own process group. A stop signal while it runs ends the whole build (vite
 * and whatever it started) and this process, instead of leaving the build running without a parent.
 */
function build() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { stdio: 'inherit', detached: true });
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
