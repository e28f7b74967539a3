#!/usr/bin/env node
/**
 * The server as plain JavaScript (decision 0050): `npm run build:api` (and the last step of `npm run build`) bundles
 * src/server/main.ts and everything it imports from src/server and src/shared into one ES module, dist/api/main.js,
 * with esbuild. Production runs it with plain Node (`node dist/api/main.js`): no TypeScript loader at run time.
 *
 * - Packages stay external: the bundle imports them from node_modules as the sources do (native add-ons such as
 *   sharp and argon2, PGlite's WebAssembly and data files stay where their packages expect them).
 * - Nothing is minified and a source map is written beside it (dist/api/main.js.map): stack traces name the
 *   functions, and `node --enable-source-maps` maps them to the TypeScript lines.
 * - What the server reads at run time stays outside the bundle and is found from where it runs: the migrations
 *   (drizzle/, the nearest such folder above the module: src/server/db/client.ts), package.json (its version:
 *   src/server/platform/version.ts, the same way) and the web build (dist/web, dist/server, relative to the working
 *   directory: src/server/config.ts).
 *
 * `--outdir DIR` writes elsewhere (the built-server test writes under dist/ so the migrations are still found above it).
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : path.join(root, 'dist', 'api');

const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // package.json's engines (Node 22.22 or newer)
  target: 'node22',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
const out = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('main.js'));
const kb = out ? Math.round(out[1].bytes / 1024) : 0;
console.log(
  `server built: ${path.relative(root, path.join(outdir, 'main.js'))} (${kb} KB, ${Object.keys(result.metafile.inputs).length} modules) in ${Date.now() - started} ms`,
);
