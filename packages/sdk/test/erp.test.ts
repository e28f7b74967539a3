/**
 * An ERP publishing through the SDK (issue 38, decision 0053): every amount is integer cents, both ways. A task of
 * $1,234.56 goes out as 123456 and comes back as 123456 — from the task, the hall (its cent ranges) and the
 * company's list; dollars sent by mistake as a fraction are refused, never published 100× off.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeTaskCategory } from '../../../src/server/db/factories';
import { hashPassword } from '../../../src/server/features/auth';
import { ManualClock } from '../../../src/server/platform/clock';
import { buildApiDocument } from '../../../src/server/platform/openapi/build';
import { createTestApp, signedIn, type TestApp } from '../../../src/server/test/harness';
import { createClient, isApiError, type LiveCommerceClient, type Schema } from '../src/index';

const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let lc: LiveCommerceClient;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  categoryId = (await makeTaskCategory(t.app.ctx.db, { name: '美妆', nameEn: 'Beauty' })).id;
  const co = await makeCompany(t.app.ctx.db, { user: { passwordHash: await hashPassword('secret123') } });
  const session = await signedIn(t.app, co.user.email);
  const res = await session.post('/api/me/api-keys', { name: 'ERP', scopes: ['tasks:read', 'tasks:write'] });
  expect(res.statusCode, res.body).toBe(200);
  lc = createClient({ baseUrl, apiKey: (res.json() as { secret: string }).secret });
});
afterAll(async () => {
  await t?.close();
});

/** what an ERP holds: a price in cents, as its own ledger keeps it */
const erpTask = (priceCents: number): Schema<'TaskCreateRequest'> => ({
  title: 'ERP 同步任务：精华液专场',
  description: '由 ERP 通过开放 API 发布',
  categoryId,
  budgetMinCents: priceCents,
  budgetMaxCents: priceCents,
  liveDate: new Date(clock.nowMs() + 7 * 24 * 3600_000).toISOString(),
});

describe('an ERP publishes in cents', () => {
  it('publishes $1,234.56 as 123456 cents and reads 123456 back everywhere', async () => {
    const { task } = await lc.POST('/api/tasks', { body: erpTask(123_456) });
    expect(task).toMatchObject({ budgetMinCents: 123_456, budgetMaxCents: 123_456 });

    const detail = await lc.GET('/api/task-detail', { params: { query: { id: task.id } } });
    expect(detail.task).toMatchObject({ budgetMinCents: 123_456, budgetMaxCents: 123_456 });

    // the hall's budget ranges are cents too: $1,000 – $5,000 holds it, $0 – $1,000 does not
    const inRange = await lc.GET('/api/tasks', { params: { query: { budgetCents: '100000-500000' } } });
    expect(inRange.items.map((x) => x.id)).toContain(task.id);
    const below = await lc.GET('/api/tasks', { params: { query: { budgetCents: '0-100000' } } });
    expect(below.items.map((x) => x.id)).not.toContain(task.id);

    const mine = await lc.GET('/api/my/tasks');
    expect(mine.items.find((x) => x.id === task.id)).toMatchObject({ budgetMinCents: 123_456, budgetMaxCents: 123_456 });
  });

  it('refuses dollars with a fraction (1234.56) instead of publishing a task 100× off, and stores nothing', async () => {
    const before = (await lc.GET('/api/my/tasks')).items.length;
    const err = await lc.POST('/api/tasks', { body: erpTask(1234.56) }).catch((e: unknown) => e);
    expect(isApiError(err, 'TASK_BUDGET_REQUIRED')).toBe(true);
    expect(err).toMatchObject({ status: 400 });
    expect((await lc.GET('/api/my/tasks')).items.length).toBe(before);
  });

  it('the document says the unit of every amount it takes', async () => {
    type Prop = { description?: string; anyOf?: Prop[] };
    const doc = (await buildApiDocument()) as { components: { schemas: Record<string, { properties?: Record<string, Prop> }> } };
    const props = doc.components.schemas.TaskCreateRequest?.properties ?? {};
    // a nullable field carries its description on the number inside anyOf
    const described = (p: Prop | undefined) => p?.description ?? p?.anyOf?.find((x) => x.description)?.description ?? '';
    for (const name of ['budgetMinCents', 'budgetMaxCents', 'paidAmountCents', 'depositAmountCents'])
      expect(described(props[name]), name).toMatch(/integer cents \(USD\)/);
    expect(described(props.commissionBps)).toMatch(/basis points/);
  });
});
