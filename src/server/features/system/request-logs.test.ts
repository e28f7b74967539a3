/**
 * Logs that do not leak, and request ids (issue 37, decision 0047): a request's query string never reaches the
 * log (an admin's search for an e-mail address); an ordinary request writes one `debug` line and nothing at
 * `info`; `X-Request-Id` comes back on every answer (errors, 404s, framework errors) and is in the request's
 * log lines and the error body's `requestId`; an id that is not sane is replaced by a UUID.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '../../db/factories';
import { Client, createTestApp, type TestApp } from '../../test/harness';

type Line = Record<string, unknown> & { level: number; msg?: string; reqId?: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let raw = '';
const lines = (): Line[] =>
  raw
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
let admin: Client;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString();
      done();
    },
  });
  // debug: every line a request can write is there to be checked, not only those at the default level
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: stream });
  const a = await makeAdmin(t.app.ctx.db, { email: 'log-admin@example.com' });
  admin = new Client(t.app);
  const res = await admin.post('/api/admin/login', { email: a.email, password: 'secret123' });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('request logs', () => {
  it("an admin's search for an e-mail address: one debug line with the path only, nothing at info, no trace of the address", async () => {
    raw = '';
    const res = await admin.get('/api/admin/users?search=someone@example.com', { 'x-request-id': 'abc-123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(raw).not.toContain('someone');
    expect(raw).not.toContain('search=');
    expect(lines().filter((l) => l.reqId === 'abc-123')).toEqual([
      expect.objectContaining({ level: 20, msg: 'request', method: 'GET', url: '/api/admin/users', route: '/api/admin/users', status: 200 }),
    ]);
    // at the default level (info) an ordinary request writes nothing
    expect(lines().filter((l) => l.level >= 30)).toEqual([]);
  });

  it('a 500: the header, the error body and every log line of the request carry its id; no query value is logged', async () => {
    raw = '';
    const real = t.app.ctx.db;
    const err = Object.assign(new Error('Failed query: select …'), { query: 'select * from "tasks" where "title" like $1', cause: { code: '57014' } });
    t.app.ctx.db = new Proxy(real, {
      get: (target, prop) =>
        prop === 'select' || prop === 'execute' || prop === 'transaction'
          ? () => {
              throw err;
            }
          : Reflect.get(target, prop),
    });
    let res;
    try {
      res = await new Client(t.app).get('/api/tasks?search=someone@example.com', { 'x-request-id': 'abc-123' });
    } finally {
      t.app.ctx.db = real;
    }
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: expect.any(String), requestId: 'abc-123' } });
    const mine = lines().filter((l) => l.reqId === 'abc-123');
    expect(mine.map((l) => [l.level, l.msg])).toEqual([
      [50, 'unhandled error'],
      [40, 'request failed'],
    ]);
    expect(mine[1]).toMatchObject({ url: '/api/tasks', status: 500 });
    expect(raw).not.toContain('someone');
    // nothing of the request is logged without its id
    expect(lines().filter((l) => l.reqId === undefined)).toEqual([]);
  });

  it('a 400, a 404, a page address and a malformed address answer X-Request-Id, the error bodies its requestId', async () => {
    const c = new Client(t.app);
    const cases = [
      { url: '/api/tasks?page=-1&search=someone@example.com', status: 400 },
      { url: '/api/no-such-thing?who=someone@example.com', status: 404 },
      { url: '/no-such-page?who=someone@example.com', status: 404 },
      { url: '/api/tasks/%E0%A4%A', status: 400 },
    ];
    for (const { url, status } of cases) {
      raw = '';
      const res = await c.get(url, { 'x-request-id': `id-${status}` });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-request-id'], url).toBe(`id-${status}`);
      expect((res.json() as { error: { requestId?: string } }).error.requestId, url).toBe(`id-${status}`);
      expect(raw, url).not.toContain('someone');
      expect(
        lines().filter((l) => l.level >= 30),
        url,
      ).toEqual([]);
    }
  });

  it("a service's own line (ctx.log) written while serving the request carries its id", async () => {
    raw = '';
    const real = t.app.ctx.mailer;
    t.app.ctx.mailer = {
      kind: 'smtp',
      send: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
    };
    let res;
    try {
      // a JSON body: the handler runs after the body is read, from the socket's events
      res = await new Client(t.app).post('/api/auth/email-code', { email: 'scoped@example.com' }, { 'x-request-id': 'mail-1' });
    } finally {
      t.app.ctx.mailer = real;
    }
    expect(res.statusCode).toBe(502);
    expect(lines().find((l) => l.msg === 'code delivery failed')).toMatchObject({ level: 40, reqId: 'mail-1' });
    expect(raw).not.toContain('scoped@example.com');
    // outside a request, ctx.log is the app's logger: no id
    t.app.ctx.log.info('outside any request');
    expect(lines().find((l) => l.msg === 'outside any request')?.reqId).toBeUndefined();
  });

  it('no X-Request-Id, or one that is not sane: a UUID of its own, answered and logged', async () => {
    const c = new Client(t.app);
    for (const given of [undefined, 'a'.repeat(129), 'x y', '"><script>']) {
      raw = '';
      const res = await c.get('/api/health/live', given === undefined ? {} : { 'x-request-id': given });
      const id = res.headers['x-request-id'];
      expect(id, String(given)).toMatch(UUID);
      expect(lines().map((l) => l.reqId)).toEqual([id]);
    }
  });
});
