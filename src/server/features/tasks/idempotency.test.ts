/**
 * Issue 10 #11: publishing twice with one click must not make two tasks. POST /api/tasks takes an
 * Idempotency-Key; the same key from the same account within 24 h answers with the same task,
 * sequentially and concurrently (the concurrent case is real on PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeTaskCategory } from '../../db/factories';
import { companies, tasks } from '../../db/schema';
import { hashPassword } from '../auth';
import { ManualClock } from '../../platform/clock';
import { Client, createTestApp, errorOf, type TestApp } from '../../test/harness';

let t: TestApp;
let hash: string;
let categoryId: string;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(t.app.ctx.db, { name: '美妆' })).id;
});
afterAll(async () => {
  await t?.close();
});

async function company() {
  const made = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
  const client = new Client(t.app);
  const res = await client.post('/api/auth/login', { email: made.user.email, password: 'secret123' });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { ...made, client };
}
const body = (title = '口红新品直播') => ({ title, description: '新品口红直播推广', categoryId, budgetMinCents: 100_000, budgetMaxCents: 300_000 });
const publish = (c: Client, payload: unknown, key?: string) => c.post('/api/tasks', payload, key === undefined ? undefined : { 'idempotency-key': key });
async function tasksOf(companyId: string) {
  return t.app.ctx.db.select().from(tasks).where(eq(tasks.companyId, companyId));
}

describe('Idempotency-Key on POST /api/tasks', () => {
  it('the same key twice gives the same task, once; another key or no key makes another', async () => {
    const co = await company();
    const first = await publish(co.client, body(), 'click-1');
    expect(first.statusCode).toBe(200);
    const again = await publish(co.client, body(), 'click-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await tasksOf(co.company.id)).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(companies).where(eq(companies.id, co.company.id));
    expect(row.totalTasks).toBe(1);

    expect((await publish(co.client, body(), 'click-2')).json().task.id).not.toBe(first.json().task.id);
    await publish(co.client, body());
    expect(await tasksOf(co.company.id)).toHaveLength(3);
  });

  it('concurrent requests with one key create one task and all answer with it', async () => {
    const co = await company();
    const results = await Promise.all(Array.from({ length: 8 }, () => publish(co.client, body('并发发布'), 'double-click')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(results.map((r) => r.json().task.id));
    expect(ids.size).toBe(1);
    expect(await tasksOf(co.company.id)).toHaveLength(1);
  });

  it('a key reused with another body is refused (409); keys are per account; bad keys are 400', async () => {
    const co = await company();
    expect((await publish(co.client, body('甲'), 'k')).statusCode).toBe(200);
    const reused = await publish(co.client, body('乙'), 'k');
    expect(errorOf(reused)).toEqual({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED', message: '该 Idempotency-Key 已用于内容不同的请求' });
    expect(await tasksOf(co.company.id)).toHaveLength(1);

    const other = await company();
    expect((await publish(other.client, body('甲'), 'k')).statusCode).toBe(200);
    expect(await tasksOf(other.company.id)).toHaveLength(1);

    for (const bad of ['', 'x'.repeat(201), 'has space', '中文']) {
      const res = await publish(co.client, body('丙'), bad);
      expect(errorOf(res), JSON.stringify(bad)).toMatchObject({ status: 400, code: 'IDEMPOTENCY_KEY_INVALID' });
    }
    expect((await publish(co.client, body('丙'), 'x'.repeat(200))).statusCode).toBe(200);
    expect(await tasksOf(co.company.id)).toHaveLength(2);
  });

  it('a failed request keeps no key; a key is remembered for 24 hours', async () => {
    const co = await company();
    const bad = await publish(co.client, { ...body(), categoryId: '00000000-0000-0000-0000-000000000000' }, 'retry-me');
    expect(bad.statusCode).toBe(400);
    const ok = await publish(co.client, body(), 'retry-me');
    expect(ok.statusCode).toBe(200);
    clock.advance(23 * 3600 * 1000);
    expect((await publish(co.client, body(), 'retry-me')).json().task.id).toBe(ok.json().task.id);
    clock.advance(2 * 3600 * 1000);
    const later = await publish(co.client, body(), 'retry-me');
    expect(later.statusCode).toBe(200);
    expect(later.json().task.id).not.toBe(ok.json().task.id);
    expect(await tasksOf(co.company.id)).toHaveLength(2);
  });
});
