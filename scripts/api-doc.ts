/**
 * The API document as a contract (decision 0031).
 *   npm run lint:api   — builds the document from the code (no server needed) and fails on any
 *                        swagger-parser error, any Spectral `spectral:oas` error or warning, any redocly
 *                        (`recommended`, redocly.yaml) error or warning, a size over 600 KB, or a breaking
 *                        change from the last release's document (docs/api/openapi-<version>.json) that
 *                        docs/api-changelog.md does not list under the document's version (decision 0052).
 *   npm run api:diff   — the breaking changes alone, one line each, and whether the changelog lists them.
 *   npm run api:types  — writes the TypeScript types of the document (openapi-typescript) to
 *                        src/web/lib/apiTypes.ts; CI regenerates them and fails on a difference.
 *   tsx scripts/api-doc.ts json FILE — writes the document itself.
 *   tsx scripts/api-doc.ts sdk — writes the SDK's types (packages/sdk/src/generated/api.ts: the operations an API key
 *                        may call, decision 0043); `npm run sdk:build` runs it, then tsc. lint:api fails when the
 *                        committed file is not what the document gives.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import { checkContract, compareVersions, suggestRules } from '../src/server/platform/openapi/breaking';
import { buildApiDocument } from '../src/server/platform/openapi/build';
import { sdkDocument } from './sdkDocument';

// CommonJS packages: their named exports are read from the default export
const { Document, Spectral } = spectralCore;
const { Json } = spectralParsers;
const { oas } = spectralRulesets;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TYPES_FILE = path.join(root, 'src/web/lib/apiTypes.ts');
export const SDK_TYPES_FILE = path.join(root, 'packages/sdk/src/generated/api.ts');
const MAX_BYTES = 600 * 1024;
const RELEASES_DIR = path.join(root, 'docs/api');
const CHANGELOG = path.join(root, 'docs/api-changelog.md');
const SEVERITY = ['error', 'warning', 'info', 'hint'];

async function lint(doc: Record<string, unknown>): Promise<number> {
  const text = JSON.stringify(doc, null, 2);
  let problems = 0;
  const bytes = Buffer.byteLength(JSON.stringify(doc));
  console.log(`document: ${Object.keys(doc.paths as object).length} paths, ${(bytes / 1024).toFixed(1)} KB (limit ${MAX_BYTES / 1024} KB)`);
  if (bytes > MAX_BYTES) {
    console.error(`  the document is over ${MAX_BYTES / 1024} KB`);
    problems += 1;
  }
  try {
    await SwaggerParser.validate(structuredClone(doc) as never);
    console.log('swagger-parser: valid');
  } catch (err) {
    console.error(`swagger-parser: ${err instanceof Error ? err.message : String(err)}`);
    problems += 1;
  }
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas as never] });
  const results = await spectral.run(new Document(text, Json, 'openapi.json'));
  const counts = [0, 0, 0, 0];
  for (const r of results) {
    counts[r.severity] += 1;
    if (r.severity <= 1) console.error(`  ${SEVERITY[r.severity]} ${r.code}: ${r.message} at ${r.path.join('.')}`);
  }
  console.log(`spectral (spectral:oas): ${counts[0]} errors, ${counts[1]} warnings, ${counts[2]} infos, ${counts[3]} hints`);
  return problems + counts[0] + counts[1] + redocly(text);
}

type RedoclyProblem = { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] };

/** redocly lint with the recommended ruleset (redocly.yaml): every error and warning counts. */
function redocly(text: string): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-redocly-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, text);
  let out: string;
  try {
    const bin = path.join(root, 'node_modules/.bin/redocly');
    const args = ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=json', '--max-problems=1000'];
    try {
      out = execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
    } catch (err) {
      // a non-zero exit when it finds errors: its report is still on stdout
      out = String((err as { stdout?: unknown }).stdout ?? '');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  let report: { problems: RedoclyProblem[] };
  try {
    report = JSON.parse(out.slice(out.indexOf('{'))) as { problems: RedoclyProblem[] };
  } catch {
    console.error('redocly: no report (is @redocly/cli installed?)');
    return 1;
  }
  const counted = report.problems.filter((p) => p.severity === 'error' || p.severity === 'warn');
  for (const p of counted) console.error(`  ${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? ''}`);
  const errors = counted.filter((p) => p.severity === 'error').length;
  console.log(`redocly (recommended): ${errors} errors, ${counted.length - errors} warnings`);
  return counted.length;
}

/** The last release's document: the highest docs/api/openapi-<version>.json below the current version. */
function lastRelease(version: string): { version: string; file: string } | null {
  const releases = (existsSync(RELEASES_DIR) ? readdirSync(RELEASES_DIR) : [])
    .map((f) => /^openapi-(\d+\.\d+\.\d+)\.json$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: m[1]!, file: path.join(RELEASES_DIR, m[0]) }))
    .filter((r) => compareVersions(r.version, version) < 0)
    .sort((a, b) => compareVersions(b.version, a.version));
  return releases[0] ?? null;
}

/** The breaking changes since the last release, each listed in the changelog under the current version (decision 0052). */
function contract(doc: Record<string, unknown>, verbose: boolean): number {
  const version = (doc.info as { version: string }).version;
  const base = lastRelease(version);
  if (!base) {
    console.log(`contract: no release before ${version} in docs/api/: nothing to compare`);
    return 0;
  }
  const report = checkContract(
    JSON.parse(readFileSync(base.file, 'utf8')) as Record<string, unknown>,
    doc,
    existsSync(CHANGELOG) ? readFileSync(CHANGELOG, 'utf8') : '',
    version,
  );
  if (verbose) for (const line of report.breaking) console.log(`  ${report.unlisted.includes(line) ? 'UNLISTED' : 'listed  '} ${line}`);
  for (const rule of report.unusedRules) console.log(`  note: the changelog's rule \`${rule}\` covers no breaking change`);
  console.log(
    `contract: ${report.breaking.length} breaking change(s) from ${base.version} to ${version}, ${report.unlisted.length} not in docs/api-changelog.md`,
  );
  if (report.unlisted.length === 0) return 0;
  if (report.rules === null) console.error(`  docs/api-changelog.md has no section \`## ${version}\``);
  console.error(
    `  add these list items (each line, or a rule covering several: see the top of docs/api-changelog.md) under \`## ${version}\` in docs/api-changelog.md:`,
  );
  for (const rule of suggestRules(report.unlisted)) console.error(`- \`${rule}\``);
  return report.unlisted.length;
}

async function types(doc: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(structuredClone(doc) as never, { alphabetize: false, defaultNonNullable: false });
  return [
    '// Generated by `npm run api:types` from the API document (GET /api/docs/json); do not edit by hand.',
    '// CI regenerates it and fails when it differs (decision 0031).',
    '',
    astToString(ast),
  ].join('\n');
}

/** the SDK's types: the key's operations and the webhooks, with the document's version */
async function sdkTypes(doc: Record<string, unknown>): Promise<string> {
  const part = sdkDocument(doc);
  const ast = await openapiTS(part as never, { alphabetize: false, defaultNonNullable: false });
  const version = (doc.info as { version: string }).version;
  return [
    '// Generated by `npm run sdk:build` from the API document (GET /api/docs/json): the operations an API key may call.',
    '// Do not edit by hand; `npm run lint:api` fails when it differs from what the document gives (decision 0043).',
    '',
    '/** The version of the API document these types were generated from (`info.version`). */',
    `export const API_VERSION = ${JSON.stringify(version)};`,
    '',
    astToString(ast),
  ].join('\n');
}

const [command = 'lint', file] = process.argv.slice(2);
const doc = await buildApiDocument();
/** Writes a generated file only when its text changed: an unchanged file keeps its time (builds compare times). */
function writeIfChanged(file: string, text: string) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) {
    console.log(`${path.relative(root, file)} is current`);
    return;
  }
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(root, file)}`);
}

if (command === 'lint') {
  let problems = (await lint(doc)) + contract(doc, false);
  const current = existsSync(SDK_TYPES_FILE) ? readFileSync(SDK_TYPES_FILE, 'utf8') : '';
  if (current !== (await sdkTypes(doc))) {
    console.error(`${path.relative(root, SDK_TYPES_FILE)} is stale: run npm run sdk:build and commit it`);
    problems += 1;
  } else console.log('sdk: the generated types are current');
  if (problems > 0) {
    console.error(`lint:api: ${problems} problem(s)`);
    process.exit(1);
  }
  console.log('lint:api: the document is clean');
} else if (command === 'diff') {
  if (contract(doc, true) > 0) process.exit(1);
} else if (command === 'types') {
  writeIfChanged(TYPES_FILE, await types(doc));
} else if (command === 'sdk') {
  writeIfChanged(SDK_TYPES_FILE, await sdkTypes(doc));
} else if (command === 'json') {
  writeFileSync(file ?? 'openapi.json', `${JSON.stringify(doc, null, 2)}\n`);
} else {
  console.error('usage: tsx scripts/api-doc.ts lint | diff | types | sdk | json FILE');
  process.exit(2);
}
