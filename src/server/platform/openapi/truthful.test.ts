/**
 * Truthful answers (issue 38 item 5, decision 0052): an unknown address is 404 whoever asks, every answer to an API key
 * carries RateLimit-*, the outside fuzzer's five causes (a 20 KB address, a wrong Accept on the event stream, a body too
 * large, an unsupported media type, a multipart body without its boundary) answer declared 4xx statuses in the product's
 * error body, and the document says who may call each operation. Every inject also passes the harness's contract check
 * (its status declared, its body the declared schema).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../db/factories';
import { hashPassword } from '../../features/auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { ContractChecker } from './contract';

type Operation = { operationId?: string; security?: Record<string, string[]>[]; 'x-scopes'?: string[]; responses: Record<string, unknown> };
type Doc = {
  info: { version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content: unknown }> };
};

const PUBLIC_URL = 'https://market.example.cn';
const LIMIT = 50;
let t: TestApp;
let doc: Doc;
let secret: string;
let company: Client;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0', API_KEY_RATE_LIMIT: String(LIMIT), PUBLIC_URL });
  const co = await makeCompany(t.app.ctx.db, { user: { passwordHash: await hashPassword('secret123') } });
  company = await signedIn(t.app, co.user.email);
  const res = await company.post('/api/me/api-keys', { name: 'ERP', scopes: ['tasks:read'] });
  expect(res.statusCode, res.body).toBe(200);
  secret = (res.json() as { secret: string }).secret;
  doc = (await new Client(t.app).get('/api/docs/json')).json() as Doc;
});
afterAll(async () => {
  await t?.close();
});

const withKey = (key = secret) => ({ authorization: `Bearer ${key}` });
const rateLimitOf = (headers: Record<string, unknown>) => ({
  limit: headers['ratelimit-limit'],
  remaining: headers['ratelimit-remaining'],
  reset: headers['ratelimit-reset'],
});
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, method, op })));
/** the body of an answer matches the document's ErrorBody (the harness checks declared answers; this one any) */
const checker = () => new ContractChecker(doc as unknown as Record<string, unknown>);

describe('answers to an API key', () => {
  it('an unknown address is 404 NOT_FOUND with RateLimit-*, as it is without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-path', headers: withKey() });
    expect(errorOf(res)).toEqual({ status: 404, code: 'NOT_FOUND', message: '请求的资源不存在' });
    const rl = rateLimitOf(res.headers);
    expect(rl.limit).toBe(String(LIMIT));
    expect(Number(rl.remaining)).toBeLessThan(LIMIT);
    expect(Number(rl.reset)).toBeGreaterThan(0);
    // the same without a key, and with a key that is no key
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-path' })).statusCode).toBe(404);
    const unknownKey = await t.app.inject({ method: 'POST', url: '/api/no/such/path', headers: withKey(`lc_live_${'x'.repeat(43)}`) });
    expect(errorOf(unknownKey).code).toBe('NOT_FOUND');
    expect(unknownKey.headers['ratelimit-limit']).toBeUndefined();
  });

  it('an operation open to keys, one that is not, and an over-long address all carry RateLimit-*, counting down', async () => {
    const allowed = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: withKey() });
    expect(allowed.statusCode).toBe(200);
    const notAllowed = await t.app.inject({ method: 'GET', url: '/api/me/api-keys', headers: withKey() });
    expect(errorOf(notAllowed)).toMatchObject({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    const long = await t.app.inject({ method: 'GET', url: `/api/tasks?search=${'a'.repeat(9000)}`, headers: withKey() });
    expect(errorOf(long)).toMatchObject({ status: 414, code: 'URI_TOO_LONG' });
    const remaining = [allowed, notAllowed, long].map((r) => Number(r.headers['ratelimit-remaining']));
    for (const r of [allowed, notAllowed, long]) expect(r.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(remaining[1]).toBe(remaining[0]! - 1);
    expect(remaining[2]).toBe(remaining[1]! - 1);
  });
});

describe('the outside fuzzer’s five causes: declared 4xx in the product’s error body', () => {
  it('a 20 KB address is 431 HEADERS_TOO_LARGE in the error body, declared on every operation', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET /api/tasks?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      let out = '';
      socket.on('data', (d) => (out += d.toString()));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 431 /);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ error: { code: 'HEADERS_TOO_LARGE', message: '请求头过大' } });
    expect(checker().check({ method: 'GET', url: '/api/tasks', status: 431, contentType: 'application/json; charset=utf-8', body })).toEqual([]);
    for (const { where, op } of operations()) {
      expect(op.responses['431'], where).toEqual({ $ref: '#/components/responses/HeadersTooLarge' });
      expect(op.responses['414'], where).toEqual({ $ref: '#/components/responses/UriTooLong' });
    }
  });

  it('the event stream asked for JSON is 406 NOT_ACCEPTABLE (declared), not Fastify’s body', async () => {
    const res = await company.get('/api/events', { accept: 'application/json' });
    expect(errorOf(res)).toEqual({ status: 406, code: 'NOT_ACCEPTABLE', message: '无法以请求的格式（Accept）答复' });
    expect(doc.paths['/api/events'].get.responses['406']).toEqual({ $ref: '#/components/responses/NotAcceptable' });
  });

  it('a body over 1 MB is 413 and an unreadable media type 415, on an operation without a body too', async () => {
    const c = new Client(t.app);
    const big = await c.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: JSON.stringify({ x: 'a'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(errorOf(big)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const xml = await c.request({ method: 'POST', url: '/api/auth/logout', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(errorOf(xml)).toMatchObject({ status: 415, code: 'MEDIA_TYPE_UNSUPPORTED' });
    const form = await c.request({ method: 'POST', url: '/api/contact', payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(errorOf(form)).toMatchObject({ status: 415, code: 'MEDIA_TYPE_UNSUPPORTED' });
    // every operation that takes a body declares both, once, as shared answers
    for (const { where, method, op } of operations()) {
      if (method === 'get') continue;
      expect(op.responses['413'], where).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
      expect(op.responses['415'], where).toEqual({ $ref: '#/components/responses/UnsupportedMediaType' });
    }
  });

  it('a multipart body without its boundary is 400 MULTIPART_INVALID (was a 500), to the upload and to a JSON operation', async () => {
    const upload = await company.request({
      method: 'POST',
      url: '/api/uploads?purpose=avatar',
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(errorOf(upload)).toMatchObject({ status: 400, code: 'MULTIPART_INVALID' });
    const contact = await new Client(t.app).request({
      method: 'POST',
      url: '/api/contact',
      payload: 'abc',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(errorOf(contact)).toMatchObject({ status: 400, code: 'MULTIPART_INVALID' });
  });
});

describe('the document', () => {
  it('is versioned as the product, names PUBLIC_URL as its server', () => {
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.info.version).not.toBe('0.1.0');
    expect(doc.servers).toEqual([{ url: PUBLIC_URL, description: expect.any(String) }]);
  });

  it('declares who may call every operation and webhook: the bearer key first where a key may, `[]` where anyone may', () => {
    for (const { where, op } of operations()) {
      expect(Array.isArray(op.security), where).toBe(true);
      if (op['x-scopes']) expect(op.security?.[0], where).toEqual({ bearerAuth: [] });
      else expect(JSON.stringify(op.security), where).not.toContain('bearerAuth');
    }
    const security = (method: string, path: string) => doc.paths[path]![method]!.security;
    expect(security('get', '/api/tasks')).toEqual([{ bearerAuth: [] }, { session: [] }, {}]);
    expect(security('post', '/api/tasks')).toEqual([{ bearerAuth: [] }, { session: [] }]);
    expect(security('get', '/api/me/api-keys')).toEqual([{ session: [] }]);
    expect(security('get', '/api/influencers')).toEqual([]);
    expect(security('get', '/api/health')).toEqual([]);
    for (const [name, item] of Object.entries(doc.webhooks)) {
      expect(item.post!.security, name).toEqual([]);
      expect(item.post!.operationId, name).toMatch(/^webhook[A-Z][A-Za-z]+$/);
    }
  });

  it('describes the bodies the upload and the provider’s webhook read themselves', () => {
    const body = (path: string) => (doc.paths[path]!.post as unknown as { requestBody: { required: boolean; content: Record<string, unknown> } }).requestBody;
    expect(body('/api/uploads')).toEqual({ required: true, content: { 'multipart/form-data': { schema: { $ref: '#/components/schemas/UploadRequest' } } } });
    expect(body('/api/payments/webhook/sandbox').content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/SandboxWebhookBody' } } });
  });

  it('has one shared answer per error status, in ErrorBody, and no schema named like a built-in type', () => {
    for (const name of ['NotAcceptable', 'PayloadTooLarge', 'UnsupportedMediaType', 'HeadersTooLarge', 'UriTooLong']) {
      expect(doc.components.responses[name]?.content, name).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } });
    }
    const builtins = [
      'Error',
      'Object',
      'Array',
      'String',
      'Number',
      'Boolean',
      'Date',
      'Map',
      'Set',
      'Promise',
      'Record',
      'Function',
      'Symbol',
      'RegExp',
      'File',
      'Blob',
      'Response',
      'Request',
    ];
    for (const name of builtins) expect(Object.keys(doc.components.schemas), name).not.toContain(name);
  });
});
