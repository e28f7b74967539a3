// `npm start`: builds the web app if no build exists, then serves it and the API on one port.
// The server migrates the database and seeds demo data into an empty embedded database.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { register } from 'tsx/esm/api';

if (!existsSync('dist/web/index.html')) {
  console.log('No web build found: building (npm run build)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
register();
await import('../src/server/main.ts');
