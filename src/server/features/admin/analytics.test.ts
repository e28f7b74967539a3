/**
 * 数据分析 (issue 9): figures counted from factory data on known days (a controllable clock), the
 * range limits, CSV quoting and its BOM.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeAgency, makeCompany, makeDeal, makeInfluencer, makeTask, makeTaskCategory } from '../../db/factories';
import { taskApplications, tasks, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { Client, createTestApp, errorOf, type TestApp } from '../../test/harness';
import { csvField, toCsv } from '../../platform/csv';

let t: TestApp;
let admin: Client;
// 2026-11-20 12:00 in Shanghai
const clock = new ManualClock(new Date('2026-11-20T04:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const a = await makeAdmin(t.app.ctx.db, { permissions: ['data_analytics'] });
  admin = new Client(t.app);
  expect((await admin.post('/api/auth/login', { email: a.email, password: 'secret123' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('数据分析', () => {
  it('counts per Shanghai day, the funnel, categories and the tops', async () => {
    const db = t.app.ctx.db;
    const at = (iso: string) => new Date(iso);
    const inf = await makeInfluencer(db, { nickname: '统计达人' });
    const co = await makeCompany(db, { companyName: '统计企业' });
    // 2026-11-18 23:30 Shanghai = 15:30Z, still the 18th there
    await db
      .update(users)
      .set({ createdAt: at('2026-11-18T15:30:00Z') })
      .where(eq(users.id, inf.user.id));
    // 2026-11-19 00:30 Shanghai = 2026-11-18T16:30Z: the 19th there
    await db
      .update(users)
      .set({ createdAt: at('2026-11-18T16:30:00Z') })
      .where(eq(users.id, co.user.id));
    const cat = await makeTaskCategory(db, { name: '美妆, "特价"' });
    const t1 = await makeTask(db, {
      companyId: co.company.id,
      categoryId: cat.id,
      createdAt: at('2026-11-19T02:00:00Z'),
      status: 'completed',
      selectedInfluencerId: inf.influencer.id,
    });
    await makeTask(db, { companyId: co.company.id, createdAt: at('2026-11-19T03:00:00Z') });
    await db.insert(taskApplications).values({
      taskId: t1.id,
      influencerId: inf.influencer.id,
      proposedRateCents: 10_000,
      status: 'accepted',
      appliedAt: at('2026-11-19T02:30:00Z'),
      respondedAt: at('2026-11-19T05:00:00Z'),
    });
    const res = await admin.get('/api/admin/analytics?from=2026-11-18&to=2026-11-20');
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.daily).toEqual([
      { date: '2026-11-18', newInfluencers: 1, newCompanies: 0, tasks: 0, applications: 0, accepted: 0 },
      { date: '2026-11-19', newInfluencers: 0, newCompanies: 1, tasks: 2, applications: 1, accepted: 1 },
      { date: '2026-11-20', newInfluencers: 0, newCompanies: 0, tasks: 0, applications: 0, accepted: 0 },
    ]);
    expect(a.acceptanceRate).toBe(100);
    expect(a.funnel).toEqual({ published: 2, applied: 1, accepted: 1, completed: 1 });
    expect(a.categories).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '美妆, "特价"', tasks: 1 }), expect.objectContaining({ name: '未分类', tasks: 1 })]),
    );
    expect(a.topInfluencers[0]).toMatchObject({ nickname: '统计达人', accepted: 1, completed: 1 });
    expect(a.topCompanies[0]).toMatchObject({ name: '统计企业', tasks: 2, completed: 1 });
    // the default range: the 30 days up to today (the clock's)
    const def = (await admin.get('/api/admin/analytics')).json();
    expect(def).toMatchObject({ from: '2026-10-22', to: '2026-11-20' });
    expect(def.daily).toHaveLength(30);

    const csv = await admin.get('/api/admin/analytics.csv?chart=categories&from=2026-11-18&to=2026-11-20');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('categories-2026-11-18-2026-11-20.csv');
    expect(csv.body.startsWith('\uFEFFcategory,category_en,tasks\r\n')).toBe(true);
    expect(csv.body).toContain('"美妆, ""特价""",,1');
    void tasks;
  });

  it('counts agencies by review state and the share of GMV through agencies (deals completed in the range)', async () => {
    const db = t.app.ctx.db;
    const co = await makeCompany(db);
    const inf = await makeInfluencer(db);
    const ag = await makeAgency(db);
    await makeAgency(db, { status: 'pending' });
    await makeAgency(db, { status: 'rejected' });
    const deal = async (o: { gmv: number; completedAt: string; agency: boolean; status?: string }) => {
      const task = await makeTask(db, { companyId: co.company.id });
      const [app] = await db
        .insert(taskApplications)
        .values({ taskId: task.id, influencerId: inf.influencer.id, proposedRateCents: 10_000, status: 'accepted' })
        .returning();
      await makeDeal(db, {
        task,
        applicationId: app.id,
        influencerId: inf.influencer.id,
        rateCents: 10_000,
        status: o.status ?? 'completed',
        reportGmvCents: o.gmv,
        completedAt: new Date(o.completedAt),
        ...(o.agency ? { agencyId: ag.agency.id, agencySharePercent: 20 } : {}),
      });
    };
    await deal({ gmv: 30_000, completedAt: '2026-11-19T05:00:00Z', agency: true });
    await deal({ gmv: 70_000, completedAt: '2026-11-20T01:00:00Z', agency: false });
    // outside the range (2026-11-17 23:59 in Shanghai), and one not completed: neither counts
    await deal({ gmv: 99_999, completedAt: '2026-11-17T15:59:00Z', agency: true });
    await deal({ gmv: 55_555, completedAt: '2026-11-19T05:00:00Z', agency: true, status: 'reported' });
    const a = (await admin.get('/api/admin/analytics?from=2026-11-18&to=2026-11-20')).json();
    expect(a.agencies).toEqual({ approved: 1, pending: 1, gmvCents: 100_000, agencyGmvCents: 30_000, agencyGmvShareBps: 3000 });
    // a range without completed deals: no share
    expect((await admin.get('/api/admin/analytics?from=2026-10-01&to=2026-10-02')).json().agencies).toMatchObject({ gmvCents: 0, agencyGmvShareBps: null });
    // other admins and members are refused as for the rest of 数据分析
    const other = await makeAdmin(db, { permissions: ['user_management'] });
    const c = new Client(t.app);
    expect((await c.post('/api/auth/login', { email: other.email, password: 'secret123' })).statusCode).toBe(200);
    expect(errorOf(await c.get('/api/admin/analytics'))).toMatchObject({ status: 403 });
    expect(errorOf(await new Client(t.app).get('/api/admin/analytics'))).toMatchObject({ status: 401 });
  });

  it('refuses a reversed or too long range', async () => {
    // each problem has its own code (every date parameter is swept in features/dates.test.ts)
    expect(errorOf(await admin.get('/api/admin/analytics?from=2026-11-20&to=2026-11-01'))).toMatchObject({ status: 400, code: 'DATE_RANGE_REVERSED' });
    expect(errorOf(await admin.get('/api/admin/analytics?from=2024-01-01&to=2026-11-01'))).toMatchObject({ status: 400, code: 'DATE_RANGE_TOO_LONG' });
    expect(errorOf(await admin.get('/api/admin/analytics?from=yesterday'))).toMatchObject({ status: 400, code: 'DATE_INVALID' });
  });

  it('quotes CSV fields with commas, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(toCsv([['x', 1]])).toBe('\uFEFFx,1\r\n');
    // a formula is written as text (the exports themselves: features/csvExports.test.ts)
    expect(csvField('=1+1')).toBe(`'=1+1`);
    expect(csvField('-2')).toBe(`'-2`);
    expect(csvField(-2)).toBe('-2');
  });
});
