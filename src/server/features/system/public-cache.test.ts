/**
 * The shared cache of public lists through the real routes (PUBLIC_CACHE_SECONDS=5), on the platform clock: a
 * loaded machine taking more than 5 s between two requests must not turn the second into a miss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaskCategory } from '../../db/factories';
import { ManualClock } from '../../platform/clock';
import { Client, createTestApp, signupCompany, type TestApp } from '../../test/harness';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_SECONDS: '5' }, { clock });
});
afterAll(async () => {
  await t?.close();
});

describe('public lists', () => {
  it('anonymous repeats are hits with the same ETag; If-None-Match answers 304; after 5 s a miss; members bypass', async () => {
    for (const url of ['/api/tasks', '/api/influencers', '/api/videos?limit=4&sort=latest', '/api/categories']) {
      const c = new Client(t.app);
      const first = await c.get(url);
      const second = await c.get(url);
      expect(first.headers['x-cache'], url).toBe('miss');
      expect(second.headers['x-cache'], url).toBe('hit');
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.body).toBe(first.body);
      const notModified = await c.get(url, { 'if-none-match': String(first.headers.etag) });
      expect(notModified.statusCode, url).toBe(304);
      expect(notModified.body).toBe('');
    }
    // five seconds later the answer is made anew
    clock.advance(5_001);
    expect((await new Client(t.app).get('/api/tasks')).headers['x-cache']).toBe('miss');
    const { client } = await signupCompany(t.app);
    const member = await client.get('/api/tasks');
    expect(member.headers['x-cache']).toBe('bypass');
    expect(member.headers['cache-control']).toBe('private, no-cache');
  });

  it('a published task shows at once in the hall (the write invalidates)', async () => {
    const visitor = new Client(t.app);
    const before = (await visitor.get('/api/tasks')).json().total as number;
    expect((await visitor.get('/api/tasks')).headers['x-cache']).toBe('hit');
    const cat = await makeTaskCategory(t.app.ctx.db);
    const { client } = await signupCompany(t.app);
    await client.request({ method: 'PUT', url: '/api/companies/me', payload: { companyName: '缓存测试企业', contactPerson: '张三' } });
    const res = await client.post('/api/tasks', { title: '缓存失效测试', description: 'd', categoryId: cat.id, budgetMinCents: 100, budgetMaxCents: 200 });
    expect(res.statusCode, res.body).toBe(200);
    const after = await visitor.get('/api/tasks');
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().total).toBe(before + 1);
  });
});
