/**
 * Compression (issue 13, decision 0017): built assets are served from the .br / .gz siblings the build
 * writes (chosen by Accept-Encoding, plain when not asked), the HTML shell and JSON answers above 1 KB
 * are compressed on the fly; media, uploaded files and the event stream never are.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../vite.config';
import { makeInfluencer } from '../db/factories';
import { hashPassword } from '../features/auth';
import { Client, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let web: string;
/** path under the web root → its bytes */
const assets = new Map<string, Buffer>();

/** Repetitive but not trivial text, like minified code: compresses well, above the 1 KB threshold. */
const code = (name: string, kb: number) =>
  Array.from({ length: kb * 12 }, (_, i) => `function ${name}_${i}(a,b){return a*${i}+b.length/${(i % 7) + 1}}`).join(';');

beforeAll(async () => {
  web = mkdtempSync(path.join(os.tmpdir(), 'lc-web-'));
  copyFileSync(path.resolve('src/web/index.html'), path.join(web, 'index.html'));
  mkdirSync(path.join(web, 'assets'));
  mkdirSync(path.join(web, 'demo'));
  const put = (rel: string, body: Buffer | string) => {
    const buf = Buffer.from(body);
    writeFileSync(path.join(web, rel), buf);
    assets.set(`/${rel}`, buf);
  };
  put('assets/index-Ab12Cd34.js', code('main', 20));
  put('assets/HomePage-Ef56Gh78.js', code('home', 4));
  put('assets/index-Ij90Kl12.css', Array.from({ length: 400 }, (_, i) => `.c${i}{margin:${i}px;color:#${(i * 99).toString(16).padStart(3, '0')}}`).join(''));
  put('assets/tiny-Mn34Op56.js', 'export const a=1;');
  put('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="1" cy="1" r="1"/>'.repeat(80)}</svg>`);
  put('demo/clip-1.mp4', randomBytes(8000));
  // the build's own step (vite.config.ts) writes the siblings
  precompressDir(web);
  t = await createTestApp({}, { webDist: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** The body as the browser sees it after undoing Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.rawPayload);
  if (enc === 'gzip') return gunzipSync(res.rawPayload);
  expect(enc ?? 'identity').toBe('identity');
  return res.rawPayload;
}

describe('built assets (precompressed at build time)', () => {
  it('the build writes a .br and a .gz beside every text file above 1 KB, not beside small files or media', () => {
    for (const rel of ['assets/index-Ab12Cd34.js', 'assets/HomePage-Ef56Gh78.js', 'assets/index-Ij90Kl12.css', 'favicon.svg']) {
      expect(existsSync(path.join(web, `${rel}.br`)), rel).toBe(true);
      expect(existsSync(path.join(web, `${rel}.gz`)), rel).toBe(true);
    }
    expect(existsSync(path.join(web, 'assets/tiny-Mn34Op56.js.br'))).toBe(false);
    expect(existsSync(path.join(web, 'demo/clip-1.mp4.gz'))).toBe(false);
  });

  it('every asset is served brotli, gzip or plain as asked, always with the right type and bytes', async () => {
    for (const [url, original] of assets) {
      const compressible = !url.endsWith('.mp4') && original.length >= 1024;
      const cases: [string | undefined, string | undefined][] = [
        ['gzip, deflate, br, zstd', compressible ? 'br' : undefined], // what Chromium sends
        ['br', compressible ? 'br' : undefined],
        ['gzip', compressible ? 'gzip' : undefined],
        [undefined, undefined],
        ['identity', undefined],
        ['deflate', undefined],
      ];
      for (const [accept, expected] of cases) {
        const res = await get(url, accept);
        const what = `${url} with Accept-Encoding: ${accept ?? '(none)'}`;
        expect(res.statusCode, what).toBe(200);
        // a small file without siblings may be compressed on the fly when asked; never when not asked
        if (compressible || !accept || url.endsWith('.mp4')) expect(res.headers['content-encoding'], what).toBe(expected);
        // a compressed answer is the file the build wrote, not a new compression
        if (expected) expect(res.rawPayload.equals(readFileSync(path.join(web, `${url}.${expected === 'br' ? 'br' : 'gz'}`))), what).toBe(true);
        expect(decoded(res).equals(original), what).toBe(true);
        const type = String(res.headers['content-type']);
        if (url.endsWith('.js')) expect(type, what).toMatch(/^(?:text|application)\/javascript/);
        if (url.endsWith('.css')) expect(type, what).toMatch(/^text\/css/);
        if (url.endsWith('.svg')) expect(type, what).toMatch(/^image\/svg\+xml/);
        if (url.endsWith('.mp4')) expect(type, what).toBe('video/mp4');
        if (compressible) expect(String(res.headers.vary), what).toMatch(/accept-encoding/i);
        if (expected) expect(res.rawPayload.length, what).toBeLessThan(original.length / 2);
        if (url.startsWith('/assets/')) expect(res.headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
        else expect(res.headers['cache-control'], what).toBe('no-cache');
      }
    }
  });

  it('a missing asset is a plain 404, whatever the encoding asked', async () => {
    const res = await get('/assets/missing-00000000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('HTML and JSON (compressed on the fly)', () => {
  it('the HTML shell of every page is compressed when asked, plain when not, and revalidated', async () => {
    for (const url of ['/', '/tasks', '/influencers', '/videos', '/task/00000000-0000-4000-8000-000000000000', '/no-such-page']) {
      for (const [accept, expected] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        const what = `${url} with ${accept ?? '(none)'}`;
        // a missing task and an unknown address answer 404 with the not-found page (decision 0030), compressed alike
        expect(res.statusCode, what).toBe(url.startsWith('/task/') || url === '/no-such-page' ? 404 : 200);
        expect(res.headers['content-type'], what).toBe('text/html; charset=utf-8');
        expect(res.headers['content-encoding'], what).toBe(expected);
        expect(res.headers['cache-control'], what).toBe('no-cache');
        const html = decoded(res).toString('utf8');
        // the public pages carry their first paint in the root (decision 0024)
        expect(html, what).toContain('<div id="root"');
        expect(html, what).toContain('<meta property="og:title"');
      }
    }
  });

  it('JSON above 1 KB is compressed; small JSON is sent as it is', async () => {
    const big = await get('/api/docs/json', 'gzip, deflate, br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(big).toString('utf8'))).toHaveProperty('openapi');
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');

    const small = await get('/api/health', 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('status');
  });

  it('request bodies are not inflated: a gzip-encoded body is refused, never decompressed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('never compressed', () => {
  it('uploaded files go out as stored, even a compressible one', async () => {
    const dir = t.config.storage.driver === 'local' ? t.config.storage.dir : '';
    mkdirSync(dir, { recursive: true });
    const text = Buffer.from(code('upload', 4));
    writeFileSync(path.join(dir, 'note.txt'), text);
    const res = await get('/uploads/note.txt', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(text)).toBe(true);
    expect(readFileSync(path.join(dir, 'note.txt')).equals(text)).toBe(true);
  });

  it('the event stream (GET /api/events) is neither compressed nor buffered', async () => {
    const { user } = await makeInfluencer(t.app.ctx.db, { isApproved: true, user: { passwordHash: await hashPassword('secret123') } });
    const c = new Client(t.app);
    expect((await c.post('/api/auth/login', { email: user.email, password: 'secret123' })).statusCode).toBe(200);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ac = new AbortController();
    try {
      const res = await fetch(`${address}/api/events`, {
        headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br', cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        signal: ac.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      // the first event arrives while the stream stays open: nothing holds it back
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('event: ready')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended before the ready event');
        text += new TextDecoder().decode(value);
      }
      expect(text).toContain('event: ready');
    } finally {
      ac.abort();
      t.app.ctx.realtime.closeStreams();
    }
  });
});
