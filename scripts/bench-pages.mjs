#!/usr/bin/env node
/**
 * Rendered pages against their own JSON API: `npm run bench:pages` (issue 23, decision 0034).
 *
 * 1. Starts the production server from a snapshot of the build (scripts/lib/prodServer.mjs: NODE_ENV=production,
 *    embedded database with the demo seed, PUBLIC_CACHE_SECONDS at its default of 5, no per-address limit).
 * 2. For each public list and detail page, loads the rendered page (what a visitor's browser asks: the HTML,
 *    brotli) and then the API call its first render makes, each with autocannon — BENCH_CONNECTIONS (20)
 *    connections for BENCH_DURATION (10) seconds, one after the other, in a child process beside the server.
 *    A third row per page: the same page with a session cookie (rendered for that reader, never shared).
 * 3. Writes the table to docs/performance.md between <!-- bench:pages:start --> and <!-- bench:pages:end -->
 *    (BENCH_NO_DOC=1 only prints). Target: each visitor page at ≥ 50 % of its API's throughput, p99 < 100 ms.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startProductionServer, writePerformanceSection } from './lib/prodServer.mjs';

const START = '<!-- bench:pages:start -->';
const END = '<!-- bench:pages:end -->';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const log = (m) => process.stdout.write(`[bench:pages] ${m}\n`);
const HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json' };

if (process.argv.includes('--load-worker')) {
  // the load generator runs in its own process, so its work is not counted against the server's event loop
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m) => {
    autocannon({ url: m.url, connections: m.connections, duration: m.duration, headers: m.headers, timeout: 30 }, (err, r) => {
      if (err) throw err;
      process.send?.({ rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

function load(worker, url, headers) {
  return new Promise((resolve) => {
    worker.once('message', resolve);
    worker.send({ url, connections: CONNECTIONS, duration: DURATION, headers: { ...HEADERS, ...headers } });
  });
}

async function main() {
  const { base, stop } = await startProductionServer(log);
  const worker = fork(fileURLToPath(import.meta.url), ['--load-worker'], { stdio: 'inherit' });
  try {
    const get = async (p) => (await fetch(`${base}${p}`)).json();
    const task = (await get('/api/tasks')).items[0].id;
    const influencer = (await get('/api/influencers')).items[0].id;
    const video = (await get('/api/videos')).items[0].id;
    // the page and the API call its first render makes (the same query the web app sends)
    const pages = [
      ['/tasks', '/tasks', '/api/tasks'],
      ['/task/{id}', `/task/${task}`, `/api/tasks/${task}`],
      ['/influencers', '/influencers', '/api/influencers'],
      ['/influencer/{id}', `/influencer/${influencer}`, `/api/influencers/${influencer}`],
      ['/videos', '/videos', '/api/videos?sort=latest&limit=12'],
      ['/video/{id}', `/video/${video}`, `/api/videos/${video}`],
    ];
    const loadBefore = os.loadavg();
    const started = new Date();
    const rows = [];
    for (const [label, page, api] of pages) {
      for (const u of [page, api]) await fetch(`${base}${u}`); // warm: first queries, the page's modules
      const html = await load(worker, `${base}${page}`);
      const json = await load(worker, `${base}${api}`);
      const session = await load(worker, `${base}${page}`, { cookie: 'sid=not-a-real-session' });
      log(
        `${label}: page ${html.rps.toFixed(0)} req/s (p99 ${html.p99} ms), API ${json.rps.toFixed(0)} req/s (p99 ${json.p99} ms), with a session ${session.rps.toFixed(0)} req/s`,
      );
      rows.push({ label, api, html, json, session });
    }
    const loadAfter = os.loadavg();
    const cpus = os.cpus();
    const fmt = (r) => `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`;
    const met = (r) => r.html.rps >= 0.5 * r.json.rps && r.html.p99 < 100 && !r.html.non2xx && !r.html.errors;
    const lines = [
      START,
      `Measured by \`npm run bench:pages\` (scripts/bench-pages.mjs), ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC: the production server`,
      '(`NODE_ENV=production`, demo seed, embedded database, rendered visitor pages shared for 5 s) on 127.0.0.1, autocannon',
      `from a separate process, ${CONNECTIONS} connections, ${DURATION} s per row, \`Accept-Encoding: br, gzip\`. Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'},`,
      `Node ${process.version}; load average (1 / 5 / 15 min) ${loadBefore.map((x) => x.toFixed(2)).join(' / ')} before, ${loadAfter.map((x) => x.toFixed(2)).join(' / ')} after.`,
      '',
      '| page | rendered page (visitor) | its API call | page / API | rendered with a session cookie | target |',
      '|---|---:|---:|---:|---:|---|',
      ...rows.map(
        (r) =>
          `| \`${r.label}\` | ${fmt(r.html)} | ${fmt(r.json)} \`${r.api.replace(/\?.*/, '')}\` | ${Math.round((100 * r.html.rps) / r.json.rps)} % | ${fmt(r.session)} | ${met(r) ? 'met' : 'missed'} |`,
      ),
      '',
      "Target (issue 23): a visitor's rendered page at ≥ 50 % of its own API call's throughput with p99 < 100 ms. The",
      "session column is rendered per request (no data: the page as the app's first render shows it) and never shared.",
      END,
    ].join('\n');
    writePerformanceSection(log, START, END, 'Rendered pages against their API (`npm run bench:pages`)', lines);
  } finally {
    worker.kill();
    await stop();
  }
}
