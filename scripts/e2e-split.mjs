#!/usr/bin/env node
/**
 * The browser tests' halves for CI, balanced by measured time (decision 0041).
 *
 *   node scripts/e2e-split.mjs 1/2           prints the spec files of part 1 of 2, one per line
 *   node scripts/e2e-split.mjs --update a.json [b.json …]
 *                                            writes e2e/durations.json from Playwright JSON reports
 *                                            (e2e/artifacts/runs/<run>/results.json)
 *
 * Playwright's own `--shard=i/n` cuts by test count: in CI one half ended five minutes after the other. Here
 * whole spec files (a file's tests share set-up and run in order) go, longest first, to the part with the least
 * time so far. A spec file missing from e2e/durations.json (a new one) counts as the median file, so it always
 * runs somewhere; a file listed there that no longer exists is ignored.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationsFile = path.join(root, 'e2e', 'durations.json');

function specFiles() {
  return readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
}

function readDurations() {
  return existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
}

/** Longest first into the lightest part; ties by name, so every part computes the same split. */
export function split(files, durations, parts) {
  const known = files
    .map((f) => durations[f])
    .filter((s) => typeof s === 'number')
    .sort((a, b) => a - b);
  const fallback = known.length > 0 ? known[Math.floor(known.length / 2)] : 60;
  const weight = (f) => (typeof durations[f] === 'number' ? durations[f] : fallback);
  const ordered = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const bins = Array.from({ length: parts }, () => ({ seconds: 0, files: [] }));
  for (const f of ordered) {
    const lightest = bins.reduce((best, bin) => (bin.seconds < best.seconds ? bin : best));
    lightest.files.push(f);
    lightest.seconds += weight(f);
  }
  return bins;
}

function collect(suite, file, out) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) for (const r of t.results ?? []) out[file] = (out[file] ?? 0) + (r.duration ?? 0) / 1000;
  }
  for (const child of suite.suites ?? []) collect(child, file, out);
}

const args = process.argv.slice(2);
if (args[0] === '--update') {
  const measured = {};
  for (const report of args.slice(1)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    for (const suite of json.suites ?? []) collect(suite, path.basename(suite.file ?? suite.title), measured);
  }
  const merged = { ...readDurations(), ...Object.fromEntries(Object.entries(measured).map(([f, s]) => [f, Math.round(s)])) };
  const existing = new Set(specFiles());
  const kept = Object.fromEntries(
    Object.entries(merged)
      .filter(([f]) => existing.has(f))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(durationsFile, `${JSON.stringify(kept, null, 2)}\n`);
  process.stdout.write(`e2e/durations.json: ${Object.keys(measured).length} files measured, ${Object.keys(kept).length} listed\n`);
} else {
  const m = /^(\d+)\/(\d+)$/.exec(args[0] ?? '');
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) {
    process.stderr.write('usage: node scripts/e2e-split.mjs <part>/<parts> | --update <results.json …>\n');
    process.exit(2);
  }
  const bins = split(specFiles(), readDurations(), Number(m[2]));
  const bin = bins[Number(m[1]) - 1];
  process.stderr.write(`[e2e-split] part ${m[1]}/${m[2]}: ${bin.files.length} files, ~${Math.round(bin.seconds)} s measured\n`);
  process.stdout.write(bin.files.map((f) => `e2e/${f}`).join('\n') + '\n');
}
