/**
 * Cross-cutting contract: health, OpenAPI docs, the one error shape, the global rate limit, security
 * headers, and what differs in production (no dev outbox or test uploads, Secure cookies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { Client, createTestApp, errorOf, lastCode, nextIp, pngBytes, upload, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Runs `fn` with the app's database replaced by one that fails every query. */
async function withBrokenDatabase(fn: () => Promise<void>) {
  const real = t.app.ctx.db;
  const fail = () => {
    throw new Error('connection refused: secret-host:5432');
  };
  const broken = new Proxy(real, { get: (target, prop) => (prop === 'execute' || prop === 'select' ? fail : Reflect.get(target, prop)) });
  t.app.ctx.db = broken as Db;
  try {
    await fn();
  } finally {
    t.app.ctx.db = real;
  }
}

describe('GET /api/health', () => {
  it('is ok once the database answers, names the database, and is not cached', async () => {
    const res = await new Client(t.app).get('/api/health');
    expect(res.statusCode).toBe(200);
    const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(res.json()).toEqual({
      status: 'ok',
      database: kind,
      migrations: { applied: expect.any(Number), expected: expect.any(Number) },
      // each dependency (issue 30); no REDIS_URL here: limits in memory, nothing down
      dependencies: {
        database: { status: 'up', kind },
        redis: { status: 'not_configured', limits: 'memory' },
        storage: { status: 'up', driver: 'local' },
        mail: { status: 'up', kind: 'outbox' },
      },
      uptimeSeconds: expect.any(Number),
      version: expect.any(String),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is degraded (200) when storage or mail is down: the instance still serves', async () => {
    const { storage, mailer } = t.app.ctx;
    const realCheck = storage.check.bind(storage);
    storage.check = async () => {
      throw new Error('EACCES: permission denied');
    };
    try {
      const res = await new Client(t.app).get('/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'degraded', dependencies: { storage: { status: 'down' }, mail: { status: 'up' } } });
    } finally {
      storage.check = realCheck;
    }
    mailer.check = async () => {
      throw new Error('ECONNREFUSED');
    };
    try {
      const res = await new Client(t.app).get('/api/health');
      expect(res.json()).toMatchObject({ status: 'degraded', dependencies: { storage: { status: 'up' }, mail: { status: 'down' } } });
    } finally {
      delete mailer.check;
    }
  });

  it('GET /api/health/live answers 200 whatever the database says (liveness)', async () => {
    await withBrokenDatabase(async () => {
      const res = await new Client(t.app).get('/api/health/live');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number), version: expect.any(String) });
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  it('is 503 with the error shape when the database does not answer', async () => {
    await withBrokenDatabase(async () => {
      const res = await new Client(t.app).get('/api/health');
      expect(errorOf(res)).toEqual({ status: 503, code: 'UNAVAILABLE', message: '服务暂时不可用，请稍后重试' });
      expect(res.body).not.toContain('secret-host');
    });
  });

  it('reports the migration state, and is 503 while a migration is pending (item 7)', async () => {
    const body = (await new Client(t.app).get('/api/health')).json();
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(5);
    // pretend the newest migration has not run yet
    const [last] = await queryRows<{ id: number }>(t.app.ctx.db, sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const saved = await queryRows<Record<string, unknown>>(t.app.ctx.db, sql`select * from drizzle.__drizzle_migrations where id = ${last.id}`);
    await t.app.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await new Client(t.app).get('/api/health');
      expect(errorOf(res)).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      const r = saved[0];
      await t.app.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${r.id}, ${r.hash}, ${r.created_at})`);
    }
  });
});

describe('database down (item 7)', () => {
  it('requests answer 503 with the JSON error and Retry-After, not 500; the log names no values', async () => {
    const real = t.app.ctx.db;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const fail = () => {
      throw refused;
    };
    t.app.ctx.db = new Proxy(real, {
      get: (target, prop) => (prop === 'execute' || prop === 'select' || prop === 'transaction' ? fail : Reflect.get(target, prop)),
    }) as Db;
    try {
      const res = await new Client(t.app).get('/api/tasks');
      expect(errorOf(res)).toEqual({ status: 503, code: 'UNAVAILABLE', message: '服务暂时不可用，请稍后重试' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      t.app.ctx.db = real;
    }
  });
});

describe('OpenAPI', () => {
  it('serves the swagger UI at /api/docs', async () => {
    const res = await new Client(t.app).get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui');
    // its scripts are files of this site, so the CSP (script-src 'self') lets them run
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const init = await new Client(t.app).get('/api/docs/static/swagger-initializer.js');
    expect(init.statusCode).toBe(200);
  });

  it('serves the JSON at /api/docs/json with the fixed contract and its error responses', async () => {
    const res = await new Client(t.app).get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/auth/email-code', 'post'],
      ['/api/auth/email-code/verify', 'post'],
      ['/api/auth/signup', 'post'],
      ['/api/auth/login', 'post'],
      ['/api/auth/logout', 'post'],
      ['/api/auth/me', 'get'],
      ['/api/uploads', 'post'],
      ['/api/videos', 'get'],
      ['/api/stats/home', 'get'],
      ['/api/dev/outbox', 'get'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/auth/signup'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '409', '429']));
    expect(Object.keys(doc.paths['/api/auth/me'].get.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(Object.keys(doc.paths['/api/uploads'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413']));
  });
});

describe('the one error shape', () => {
  it('unknown /api routes and methods are 404 JSON', async () => {
    const c = new Client(t.app);
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/auth'],
      ['POST', '/api/auth/me'],
      ['DELETE', '/api/auth/me'],
      ['GET', '/api/auth/signup'],
      ['GET', '/uploads/nothing/here.webp'],
    ] as const) {
      const res = await c.request({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: '请求的资源不存在', requestId: expect.any(String) } });
    }
  });

  it('bad JSON is 400 JSON_INVALID (its own code, decision 0031); a JSON body over 1 MB is 413 (not a file message)', async () => {
    const c = new Client(t.app);
    const bad = await c.request({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(errorOf(bad)).toEqual({ status: 400, code: 'JSON_INVALID', message: '请求内容不是有效的 JSON' });
    const big = await c.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(errorOf(big)).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: '请求内容过大' });
  });

  it('validation errors name the first problem and list every field', async () => {
    const res = await new Client(t.app).post('/api/auth/signup', { email: 'bad', password: '1', userType: 'root' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'EMAIL_INVALID',
        message: '请输入有效的邮箱地址',
        fields: { email: 'EMAIL_INVALID', password: 'PASSWORD_TOO_SHORT', userType: 'USER_TYPE_REQUIRED' },
        requestId: res.headers['x-request-id'],
      },
    });
  });

  it('an unexpected failure is 500 操作失败，请重试 and tells nothing about the cause', async () => {
    await withBrokenDatabase(async () => {
      const res = await new Client(t.app).get('/api/videos');
      expect(errorOf(res)).toEqual({ status: 500, code: 'INTERNAL', message: '操作失败，请重试' });
      expect(res.body).not.toContain('secret-host');
      expect(res.body).not.toContain('connection refused');
    });
  });

  it('too many requests from one address: 429 with the error shape; health stays available', async () => {
    const ip = nextIp();
    const c = new Client(t.app, { ip });
    let last = await c.get('/api/stats/home');
    let count = 1;
    while (last.statusCode === 200 && count < 700) {
      last = await c.get('/api/stats/home');
      count += 1;
    }
    expect(count).toBe(601);
    expect(errorOf(last)).toEqual({ status: 429, code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await c.get('/api/health')).statusCode).toBe(200);
    expect((await new Client(t.app).get('/api/stats/home')).statusCode).toBe(200);
  });

  it('API responses carry the security headers', async () => {
    const res = await new Client(t.app).get('/api/stats/home');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
    });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('GET /api/dev/outbox (development and test)', () => {
  it('lists the mail sent to an address, newest first, whatever its case; needs ?to=', async () => {
    const c = new Client(t.app, { ip: '127.0.0.1' });
    const email = 'outbox-reader@example.com';
    expect((await c.post('/api/auth/email-code', { email })).statusCode).toBe(200);
    const res = await c.get(`/api/dev/outbox?to=${encodeURIComponent(' Outbox-Reader@Example.com ')}`);
    expect(res.statusCode).toBe(200);
    const { items: messages } = res.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email', to: email, subject: expect.stringContaining('注册验证码') });
    expect(messages[0].body).toContain(await lastCode(t.app, email));
    expect((await c.get('/api/dev/outbox?to=nobody@example.com')).json()).toEqual({ items: [], total: 0, page: 1, limit: 50 });
    expect(errorOf(await c.get('/api/dev/outbox'))).toMatchObject({ status: 400, code: 'EMAIL_REQUIRED' });
  });

  it('answers only this machine (item 13): other clients get 404, whatever X-Forwarded-For says', async () => {
    for (const ip of ['10.9.8.7', '192.168.1.20', '::ffff:10.0.0.1']) {
      const c = new Client(t.app, { ip });
      expect(errorOf(await c.get('/api/dev/outbox?to=a@example.com'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect((await c.get('/api/dev/outbox?to=a@example.com', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
      expect((await c.post('/api/dev/sms-code', { phone: '13912345678' })).statusCode).toBe(404);
    }
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await new Client(t.app, { ip }).get('/api/dev/outbox?to=a@example.com')).statusCode).toBe(200);
    }
  });
});

describe('production (NODE_ENV=production)', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('has no dev outbox and no image test uploads (404 JSON)', async () => {
    const c = new Client(prod.app);
    expect((await c.post('/api/auth/email-code', { email: 'prod@example.com' })).statusCode).toBe(200);
    const res = await c.get('/api/dev/outbox?to=prod@example.com');
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: '请求的资源不存在', requestId: expect.any(String) } });
    expect(res.statusCode).toBe(404);
    expect(errorOf(await upload(c, 'image-test', await pngBytes()))).toEqual({ status: 404, code: 'NOT_FOUND', message: '请求的资源不存在' });
    const docs = (await c.get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(docs.paths['/api/dev/outbox']).toBeUndefined();
  });

  it('session and sign-up cookies are Secure; HSTS is on', async () => {
    const c = new Client(prod.app);
    const email = 'secure@example.com';
    expect((await c.post('/api/auth/email-code', { email })).statusCode).toBe(200);
    const verify = await c.post('/api/auth/email-code/verify', { email, code: await lastCode(prod.app, email) });
    const cookies = (r: { cookies: unknown }) => r.cookies as { name: string; secure?: boolean; httpOnly?: boolean; sameSite?: string }[];
    expect(cookies(verify).find((x) => x.name === 'signup_ticket')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const signup = await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' });
    expect(signup.statusCode).toBe(200);
    expect(cookies(signup).find((x) => x.name === 'sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const login = await new Client(prod.app).post('/api/auth/login', { email, password: 'secret1' });
    expect(cookies(login).find((x) => x.name === 'sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(signup.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
