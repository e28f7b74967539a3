#!/usr/bin/env node
/**
 * Bundle-size budget: `npm run size` (after `npm run build`).
 *
 * The home page's initial JavaScript = the module script(s) that dist/web/index.html loads, the
 * chunks it preloads (<link rel="modulepreload">), and everything those import statically,
 * followed transitively. Chunks reached only through dynamic import() (lazy routes, dialogs,
 * i18n namespaces) are not counted. Each file is gzipped with zlib (level 9, like a static
 * pre-compressor; the server's on-the-fly level would be similar or a little larger).
 *
 * Writes the section "Home page initial JavaScript (gzip)" of docs/performance.md and exits
 * non-zero when the total is over the budget.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const BUDGET_KB = Number(process.env.SIZE_BUDGET_KB ?? 250);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist', 'web');
const indexHtml = path.join(dist, 'index.html');
const doc = path.join(root, 'docs', 'performance.md');
const HEADING = '## Home page initial JavaScript (gzip)';

if (!existsSync(indexHtml)) {
  console.error('size: dist/web/index.html is missing; run `npm run build` first');
  process.exit(2);
}

const html = readFileSync(indexHtml, 'utf8');
const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
const isLocal = (url) => !/^(?:[a-z]+:)?\/\//i.test(url) && !url.startsWith('data:');

/** A URL from index.html (absolute from the site root or relative to it) to a file in dist/web. */
const fromHtml = (url) => path.join(dist, url.split(/[?#]/)[0].replace(/^\//, ''));

const seeds = [];
for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
  const tag = m[0];
  const src = attr(tag, 'src');
  if (src && isLocal(src) && /type\s*=\s*["']module["']/i.test(tag)) seeds.push({ file: fromHtml(src), via: 'entry script' });
  else if (src && isLocal(src)) seeds.push({ file: fromHtml(src), via: 'script' });
}
for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
  const tag = m[0];
  const rel = attr(tag, 'rel');
  const href = attr(tag, 'href');
  if (rel && /modulepreload/i.test(rel) && href && isLocal(href)) seeds.push({ file: fromHtml(href), via: 'modulepreload' });
}
if (seeds.length === 0) {
  console.error('size: no module script found in dist/web/index.html');
  process.exit(2);
}

/**
 * Static import specifiers of a built ES module. Minified output writes them as
 * `import{a as b}from"./x.js"`, `import*as c from"./x.js"`, `import"./x.js"` and re-exports
 * `export{a}from"./x.js"`; dynamic `import("./x.js")` has a parenthesis and is skipped.
 */
function staticImports(code) {
  const out = new Set();
  const patterns = [
    /(?<![\w$.])import\s*(["'])([^"'\n]+)\1/g, // import"./x.js"
    /(?<![\w$.])(?:import|export)\s*[^;"'()=]*?\bfrom\s*(["'])([^"'\n]+)\1/g, // import{a}from"./x.js"
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) out.add(m[2]);
  // only chunk files of this build count (drops look-alikes inside string literals)
  return [...out].filter((s) => /^(?:\.{1,2}\/|\/)[^?#]*\.m?js$/.test(s));
}

const files = new Map(); // absolute path -> { via }
const queue = [...seeds];
while (queue.length > 0) {
  const { file, via } = queue.shift();
  if (files.has(file)) continue;
  if (!existsSync(file)) {
    if (via.startsWith('imported by')) continue; // a look-alike in a string, not a real import
    console.error(`size: ${path.relative(dist, file)} is referenced (${via}) but missing`);
    process.exit(2);
  }
  files.set(file, { via });
  for (const spec of staticImports(readFileSync(file, 'utf8'))) {
    if (!isLocal(spec)) continue;
    const target = spec.startsWith('/') ? path.join(dist, spec.slice(1)) : path.resolve(path.dirname(file), spec);
    queue.push({ file: target, via: `imported by ${path.basename(file)}` });
  }
}

const kb = (bytes) => bytes / 1024;
const rows = [...files].map(([file, { via }]) => {
  const raw = readFileSync(file);
  const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
  return { name: path.relative(dist, file).split(path.sep).join('/'), via, raw: raw.length, gz: gz.length };
});
rows.sort((a, b) => b.gz - a.gz);
const totalGz = rows.reduce((s, r) => s + r.gz, 0);
const totalRaw = rows.reduce((s, r) => s + r.raw, 0);
const over = kb(totalGz) > BUDGET_KB;

const pad = (s, n) => String(s).padEnd(n);
console.log('Home page initial JavaScript (gzip):');
for (const r of rows) console.log(`  ${pad(r.name, 48)} ${kb(r.gz).toFixed(1).padStart(7)} KB  (raw ${kb(r.raw).toFixed(1)} KB, ${r.via})`);
console.log(
  `  ${pad('total', 48)} ${kb(totalGz).toFixed(1).padStart(7)} KB  (raw ${kb(totalRaw).toFixed(1)} KB) — budget ${BUDGET_KB} KB: ${over ? 'OVER BUDGET' : 'ok'}`,
);

const section = [
  HEADING,
  '',
  `Measured by \`npm run size\` (scripts/size.mjs) after \`npm run build\`, ${new Date().toISOString().slice(0, 10)}.`,
  'Counted: the module script(s) in `dist/web/index.html`, its `modulepreload` links and their static imports,',
  'followed transitively; lazy chunks (route pages, dialogs, i18n namespaces loaded with `import()`) are not.',
  'Each file is gzipped with zlib level 9.',
  '',
  '| file | gzip | raw | why loaded |',
  '|---|---:|---:|---|',
  ...rows.map((r) => `| \`${r.name}\` | ${kb(r.gz).toFixed(1)} KB | ${kb(r.raw).toFixed(1)} KB | ${r.via} |`),
  `| **total** | **${kb(totalGz).toFixed(1)} KB** | ${kb(totalRaw).toFixed(1)} KB | |`,
  '',
  `Budget: **${BUDGET_KB} KB** gzip — ${over ? `**over budget by ${(kb(totalGz) - BUDGET_KB).toFixed(1)} KB**` : `within budget (${(BUDGET_KB - kb(totalGz)).toFixed(1)} KB to spare)`}. CI (\`.ci/run\`) fails when the total is over it.`,
  '',
].join('\n');

let text = existsSync(doc) ? readFileSync(doc, 'utf8') : '# Performance\n\nMeasurements and budgets of the web app and the API.\n\n';
const start = text.indexOf(HEADING);
if (start >= 0) {
  const next = text.slice(start + HEADING.length).search(/\n## /);
  const end = next >= 0 ? start + HEADING.length + next + 1 : text.length;
  text = text.slice(0, start) + section + (end < text.length ? '\n' + text.slice(end) : '');
} else {
  text = text.replace(/\n*$/, '\n\n') + section;
}
mkdirSync(path.dirname(doc), { recursive: true });
writeFileSync(doc, text.replace(/\n{3,}/g, '\n\n'));
console.log(`updated ${path.relative(root, doc)}`);

if (over) {
  console.error(`size: home page initial JavaScript is ${kb(totalGz).toFixed(1)} KB gzip, over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
