/**
 * The API as a contract (issue 22, decision 0031): the document names every operation and schema once,
 * every status an operation answers is declared, and the answers the issue found outside the document
 * (over-long ids, bad URLs and bodies, wrong media types, bad enums, a closed deal's `waitingFor: null`)
 * are declared 4xx in the product's error body. Every inject below also passes the harness's contract
 * check (the response must match the schema the document declares for its status).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAdmin, makeCompany, makeDeal, makeInfluencer, makeTask } from '../../db/factories';
import { hashPassword } from '../../features/auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { ContractChecker } from './contract';

let t: TestApp;
let hash: string;
type Doc = {
  info: { description?: string; contact?: unknown };
  servers?: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        tags?: string[];
        parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content?: Record<string, unknown> }> };
};
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' });
  hash = await hashPassword('secret123');
  doc = (await new Client(t.app).get('/api/docs/json')).json() as Doc;
});
afterAll(async () => {
  await t?.close();
});

const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('the document', () => {
  it('names every operation once (camelCase operationId) under one declared tag, with info, contact and servers', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(140);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][a-zA-Z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(doc.tags.map((tag) => tag.name));
    expect(doc.tags.every((tag) => (tag.description ?? '').length > 10)).toBe(true);
    for (const o of ops) expect(o.op.tags?.length === 1 && tags.has(o.op.tags[0]), `${o.method} ${o.path}`).toBe(true);
    expect(doc.tags[0].name).toBe('system');
    expect(doc.info.description).toMatch(/integer cents/);
    expect(doc.info.contact).toBeTruthy();
    expect(doc.servers?.length).toBe(1);
    for (const [id, op] of [
      ['listTasks', 'get /api/tasks'],
      ['getTask', 'get /api/tasks/{id}'],
      ['acceptApplication', 'post /api/task-applications/{id}/accept'],
      ['requestPayout', 'post /api/wallet/payouts'],
    ]) {
      const [method, path] = op.split(' ');
      expect(doc.paths[path][method].operationId).toBe(id);
    }
  });

  it('holds each schema once: the error body and the list of error codes are components, referenced everywhere', () => {
    const text = JSON.stringify(doc);
    expect(text.length).toBeLessThan(600 * 1024);
    // the codes are listed once, in ErrorCode
    expect(text.split('"PAYOUT_REJECT_REASON_REQUIRED"').length - 1).toBe(1);
    expect(doc.components.schemas.ErrorBody).toBeTruthy();
    // an error answer is one shared response, its body the ErrorBody schema
    expect(doc.paths['/api/tasks'].get.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    expect(doc.components.responses.BadRequest.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } });
    expect(doc.paths['/api/tasks'].get.responses['200'].content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/TaskListResponse' } } });
    // only the schemas an operation reaches
    const refs = new Set([...text.matchAll(/"#\/components\/schemas\/([A-Za-z0-9]+)"/g)].map((m) => m[1]));
    for (const id of Object.keys(doc.components.schemas)) expect(refs.has(id), id).toBe(true);
  });

  it('declares integer query parameters as integers and nullable enums with null', () => {
    const page = doc.paths['/api/tasks'].get.parameters?.find((p) => p.name === 'page');
    expect(page?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100_000 });
    const summary = doc.components.schemas.DealSummary as { properties: { waitingFor: unknown } };
    expect(summary.properties.waitingFor).toEqual({ anyOf: [{ type: 'string', enum: expect.any(Array) }, { type: 'null' }] });
  });

  it('gives each deal event its own operation with its own form', () => {
    const body = (event: string) => doc.paths[`/api/deals/{id}/events/${event}`]?.post.requestBody?.content['application/json'].schema;
    expect(doc.paths['/api/deals/{id}/events/propose_schedule'].post.operationId).toBe('postDealEventProposeSchedule');
    expect(body('propose_schedule')).toEqual({ $ref: '#/components/schemas/ScheduleForm' });
    expect(body('report_live')).toEqual({ $ref: '#/components/schemas/ReportForm' });
    expect(body('resolve_partial')).toEqual({ $ref: '#/components/schemas/ResolutionForm' });
    expect(doc.paths['/api/deals/{id}/events/auto_confirm']).toBeUndefined();
    expect(doc.paths['/api/deals/{id}/events/{event}']).toBeUndefined();
  });

  it('declares the media types of the CSV, event-stream and file answers', () => {
    expect(Object.keys(doc.paths['/api/wallet/statement.csv'].get.responses['200'].content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(doc.paths['/api/admin/analytics.csv'].get.responses['200'].content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(doc.paths['/api/events'].get.responses['200'].content ?? {})).toEqual(['text/event-stream']);
    expect(Object.keys(doc.paths['/api/deal-files/{id}'].get.responses['200'].content ?? {})).toEqual(['image/*']);
  });

  it('declares the statuses the guards, inputs and limits produce', () => {
    const statuses = (method: string, path: string) => Object.keys(doc.paths[path][method].responses);
    expect(statuses('post', '/api/wallet/topups')).toEqual(expect.arrayContaining(['400', '401', '403', '413', '414', '415', '429', '5XX']));
    expect(statuses('get', '/api/wallet/statement.csv')).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(statuses('get', '/api/deal-files/{id}')).toEqual(expect.arrayContaining(['200', '401', '404', '414']));
    expect(statuses('get', '/api/deals')).toEqual(expect.arrayContaining(['400']));
    // a public read is not said to need a session; one open to API keys answers 401 to a bad key (decision 0038)
    expect(statuses('get', '/api/influencers')).not.toContain('401');
    expect(statuses('get', '/api/tasks')).toContain('401');
  });
});

describe('answers outside the happy path are declared, in the product error body', () => {
  it('an over-long path parameter is 414 URI_TOO_LONG, not Fastify’s own body', async () => {
    const res = await new Client(t.app).get(`/api/deals/${'a'.repeat(120)}`);
    expect(res.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: '请求地址过长', requestId: expect.any(String) } });
    expect(res.statusCode).toBe(414);
  });

  it('a malformed address is 400 ADDRESS_INVALID', async () => {
    expect(errorOf(await new Client(t.app).get('/api/tasks/%E0%A4%A/view'))).toEqual({ status: 400, code: 'ADDRESS_INVALID', message: '请求地址无效' });
  });

  it('bad JSON, an empty JSON body and an unsupported media type have their own codes', async () => {
    const c = new Client(t.app);
    const post = (payload: string, type: string) => c.request({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': type } });
    expect(errorOf(await post('{bad', 'application/json'))).toMatchObject({ status: 400, code: 'JSON_INVALID' });
    expect(errorOf(await post('', 'application/json'))).toMatchObject({ status: 400, code: 'BODY_EMPTY' });
    expect(errorOf(await post('<a/>', 'application/xml'))).toMatchObject({ status: 415, code: 'MEDIA_TYPE_UNSUPPORTED' });
    expect(errorOf(await post(JSON.stringify({ email: 'x'.repeat(1_100_000) }), 'application/json'))).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('an upload that is not multipart is a declared 400 (请选择要上传的文件)', async () => {
    const inf = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
    const c = await signedIn(t.app, inf.user.email);
    const res = await c.request({ method: 'POST', url: '/api/uploads?purpose=avatar', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'FILE_REQUIRED' });
  });

  it('a bad enum in a query is 400; the CSV statement and a deal file refuse visitors and strangers', async () => {
    const co = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
    const c = await signedIn(t.app, co.user.email);
    expect(errorOf(await c.get('/api/deals?status=bad')).status).toBe(400);
    const visitor = new Client(t.app);
    expect(errorOf(await visitor.get('/api/wallet/statement.csv')).status).toBe(401);
    const admin = await makeAdmin(t.app.ctx.db);
    expect(errorOf(await (await signedIn(t.app, admin.email)).get('/api/wallet/statement.csv')).status).toBe(403);
    const statement = await c.get('/api/wallet/statement.csv');
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toMatch(/^text\/csv/);
    expect(errorOf(await visitor.get('/api/deal-files/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect(errorOf(await c.get('/api/deal-files/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('a closed deal waits for nobody (waitingFor: null) and the admin user list says waiting: null — both in the contract', async () => {
    const co = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
    const inf = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
    const task = await makeTask(t.app.ctx.db, { companyId: co.company.id, status: 'cancelled' });
    await makeDeal(t.app.ctx.db, {
      task,
      applicationId: (await applicationFor(task.id, inf.influencer.id)).id,
      influencerId: inf.influencer.id,
      rateCents: 10_000,
      status: 'cancelled',
    });
    const closed = await (await signedIn(t.app, co.user.email)).get('/api/deals?status=closed');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().items[0].waitingFor).toBeNull();
    const admin = await signedIn(t.app, (await makeAdmin(t.app.ctx.db)).email);
    const users = await admin.get('/api/admin/users');
    expect(users.statusCode).toBe(200);
    expect((users.json() as { items: { waiting: unknown }[] }).items.some((u) => u.waiting === null)).toBe(true);
  });

  it('a visitor over the payout limit gets 429 (declared) before 401', async () => {
    const c = new Client(t.app);
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i += 1) last = (await c.post('/api/wallet/payouts', {})).statusCode;
    expect(last).toBe(429);
  });
});

describe('the contract check itself', () => {
  const checker = () => new ContractChecker(doc as unknown as Record<string, unknown>);
  const json = 'application/json; charset=utf-8';

  it('refuses an undeclared status, a wrong media type and a body off its schema', () => {
    const k = checker();
    expect(k.check({ method: 'GET', url: '/api/influencers?page=1', status: 401, contentType: json, body: '{}' })[0]).toMatch(/does not declare/);
    expect(k.check({ method: 'GET', url: '/api/wallet/statement.csv', status: 200, contentType: json, body: '{}' })[0]).toMatch(/declared: text\/csv/);
    expect(
      k.check({ method: 'GET', url: '/api/categories', status: 200, contentType: json, body: '{"items":[{"id":1}],"total":1,"page":1,"limit":100}' })[0],
    ).toMatch(/does not match/);
    expect(k.check({ method: 'GET', url: '/api/categories', status: 200, contentType: json, body: '{"items":[],"total":0,"page":1,"limit":100}' })).toEqual([]);
    expect(k.check({ method: 'GET', url: '/api/tasks', status: 400, contentType: json, body: '{"error":{"code":"NO_SUCH_CODE","message":"x"}}' })[0]).toMatch(
      /does not match/,
    );
  });

  it('answers outside any operation must be errors in the product body', () => {
    const k = checker();
    expect(k.check({ method: 'GET', url: '/api/nothing-here', status: 404, contentType: json, body: '{"error":{"code":"NOT_FOUND","message":"x"}}' })).toEqual(
      [],
    );
    expect(k.check({ method: 'GET', url: '/api/nothing-here', status: 404, contentType: json, body: '{"message":"Not Found"}' })).toHaveLength(1);
    expect(k.check({ method: 'GET', url: '/api/nothing-here', status: 200, contentType: json, body: '{}' })).toHaveLength(1);
  });
});

describe('API_CONTRACT_LOG (the browser suite’s server)', () => {
  it('appends each response that breaks the document, and nothing for those that keep it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-contract-'));
    const file = path.join(dir, 'violations.log');
    const own = await createTestApp({ API_CONTRACT_LOG: file }, { contract: false });
    try {
      own.app.get(
        '/api/contract-probe',
        { schema: { operationId: 'contractProbe', tags: ['system'], response: { 200: z.object({ ok: z.boolean() }) } } },
        async (_request, reply) => reply.code(418 as 200).send({ ok: true }),
      );
      const c = new Client(own.app);
      expect((await c.get('/api/categories')).statusCode).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect((await c.get('/api/contract-probe')).statusCode).toBe(418);
      expect(readFileSync(file, 'utf8')).toMatch(/GET \/api\/contract-probe \(contractProbe\): answered 418, which the document does not declare/);
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function applicationFor(taskId: string, influencerId: string) {
  const { taskApplications } = await import('../../db/schema');
  const [row] = await t.app.ctx.db.insert(taskApplications).values({ taskId, influencerId, proposedRateCents: 10_000, status: 'accepted' }).returning();
  return row;
}
