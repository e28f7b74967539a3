/**
 * Every date and time parameter of the API (decision 0027): impossible dates, years out of range,
 * unknown zones and reversed or too long ranges are a declared 400 with their own code — never a 500,
 * never an impossible date echoed or silently moved (2026-02-31 → 3 March) — and a refused write
 * stores nothing. One table per kind of parameter: calendar days (query and body) and date-times (body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany, makeDeal, makeInfluencer, makeTask, makeTaskCategory } from '../db/factories';
import { taskApplications } from '../db/schema';
import { ManualClock } from '../platform/clock';
import { Client, createTestApp, signedIn, tablesFingerprint, type TestApp } from '../test/harness';

// 2026-11-20 12:00 in Shanghai
const NOW = new Date('2026-11-20T04:00:00Z');
const clock = new ManualClock(NOW);
const H = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let admin: Client;
let company: Client;
let influencer: Client;
let categoryId: string;
let dealId: string;
let settings: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  const db = t.app.ctx.db;
  const a = await makeAdmin(db);
  admin = await signedIn(t.app, a.email);
  const co = await makeCompany(db);
  const inf = await makeInfluencer(db);
  company = await signedIn(t.app, co.user.email);
  influencer = await signedIn(t.app, inf.user.email);
  categoryId = (await makeTaskCategory(db, { name: '美妆' })).id;
  // a deal whose live is over (scheduled two hours ago): both the schedule and the report forms apply
  const task = await makeTask(db, {
    companyId: co.company.id,
    categoryId,
    status: 'in_progress',
    selectedInfluencerId: inf.influencer.id,
    currentApplicants: 1,
  });
  const [app] = await db
    .insert(taskApplications)
    .values({ taskId: task.id, influencerId: inf.influencer.id, proposedRateCents: 250_000, status: 'accepted', respondedAt: new Date(NOW.getTime() - 48 * H) })
    .returning();
  const deal = await makeDeal(db, {
    task,
    applicationId: app.id,
    influencerId: inf.influencer.id,
    rateCents: 250_000,
    status: 'scheduled',
    scheduleStart: new Date(NOW.getTime() - 3 * H),
    scheduleEnd: new Date(NOW.getTime() - H),
    roomUrl: 'https://live.douyin.com/1',
    scheduleProposedBy: 'company',
    scheduleConfirmedAt: new Date(NOW.getTime() - 24 * H),
  });
  dealId = deal.id;
  settings = (await admin.get('/api/admin/settings')).json().settings;
});
afterAll(async () => {
  await t?.close();
});

type Res = { statusCode: number; body: string };

/**
 * Sends a request that must be refused: `expected` status and code, an error message, and (for
 * writes) the same rows in every table afterwards.
 */
async function refused(failures: string[], label: string, send: () => Promise<Res>, code: string, write: boolean) {
  const before = write ? await tablesFingerprint(t.app.ctx.db) : '';
  const res = await send();
  let body: { error?: { code?: string; message?: string } } = {};
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    /* not JSON (a CSV that should not have been sent): reported below */
  }
  if (res.statusCode !== 400 || body.error?.code !== code || !body.error.message) {
    failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 140)} (expected 400 ${code})`);
  } else if (write && (await tablesFingerprint(t.app.ctx.db)) !== before) {
    failures.push(`${label} → 400 but something was stored`);
  }
}

// ---- calendar days ------------------------------------------------------------------------------

/** not a day at all, or no such day: the field's invalid code */
const IMPOSSIBLE_DAYS = [
  '2026-13-45',
  '0599-67-94',
  '2026-02-31',
  '2026-02-29', // 2026 is no leap year
  '2100-02-29', // nor is 2100
  '2026-04-31',
  '2026-00-10',
  '2026-01-00',
  '2026-1-5',
  '20260105',
  '2026/01/05',
  '２０２６-01-05',
  '99999-01-01',
  '+02026-01-05',
  '2026-01-05T00:00:00Z',
  'yesterday',
  '',
];
/** real days outside 1970–2100 */
const FAR_DAYS = ['0599-01-01', '1969-12-31', '2101-01-01', '9999-12-31'];

type DayParam = { label: string; send: (value: string) => Promise<Res>; invalid: string; outOfRange: string; write: boolean };
const q = (v: string) => encodeURIComponent(v);
const putSettings = (patch: Record<string, unknown>) => admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { ...settings, ...patch } });

/** days with spaces: refused in a query, trimmed in a list a person typed (系统设置) */
const PADDED_DAYS = [' 2026-01-05', '2026-01-05 ', '2026-01-05%20'];

const DAY_PARAMS: DayParam[] = [
  {
    label: 'GET /api/admin/analytics from',
    send: (v) => admin.get(`/api/admin/analytics?from=${q(v)}&to=2026-11-20`),
    invalid: 'DATE_INVALID',
    outOfRange: 'DATE_OUT_OF_RANGE',
    write: false,
  },
  {
    label: 'GET /api/admin/analytics to',
    send: (v) => admin.get(`/api/admin/analytics?to=${q(v)}`),
    invalid: 'DATE_INVALID',
    outOfRange: 'DATE_OUT_OF_RANGE',
    write: false,
  },
  {
    label: 'GET /api/admin/analytics.csv from',
    send: (v) => admin.get(`/api/admin/analytics.csv?chart=daily&from=${q(v)}`),
    invalid: 'DATE_INVALID',
    outOfRange: 'DATE_OUT_OF_RANGE',
    write: false,
  },
  {
    label: 'GET /api/admin/analytics.csv to',
    send: (v) => admin.get(`/api/admin/analytics.csv?chart=topInfluencers&to=${q(v)}`),
    invalid: 'DATE_INVALID',
    outOfRange: 'DATE_OUT_OF_RANGE',
    write: false,
  },
  {
    label: 'GET /api/admin/finance/entries from',
    send: (v) => admin.get(`/api/admin/finance/entries?from=${q(v)}`),
    invalid: 'DATE_INVALID',
    outOfRange: 'DATE_OUT_OF_RANGE',
    write: false,
  },
  {
    label: 'GET /api/admin/finance/entries to',
    send: (v) => admin.get(`/api/admin/finance/entries?from=2026-11-01&to=${q(v)}`),
    invalid: 'DATE_INVALID',
    outOfRange: 'DATE_OUT_OF_RANGE',
    write: false,
  },
  {
    label: 'PUT /api/admin/settings holidays[]',
    send: (v) => putSettings({ holidays: ['2026-12-03', v] }),
    invalid: 'SETTING_HOLIDAYS_INVALID',
    outOfRange: 'SETTING_HOLIDAYS_INVALID',
    write: true,
  },
  {
    label: 'PUT /api/admin/settings workdays[]',
    send: (v) => putSettings({ workdays: ['2026-12-05', v] }),
    invalid: 'SETTING_WORKDAYS_INVALID',
    outOfRange: 'SETTING_WORKDAYS_INVALID',
    write: true,
  },
];

describe('calendar days (YYYY-MM-DD)', () => {
  it('every day parameter accepts a real day', async () => {
    for (const p of DAY_PARAMS) {
      const res = await p.send('2026-11-02');
      expect(res.statusCode, `${p.label}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    expect((await putSettings({ holidays: [], workdays: [] })).statusCode).toBe(200);
  });

  it('an impossible day is 400 with the parameter’s code, never 500, and stores nothing', async () => {
    const failures: string[] = [];
    for (const p of DAY_PARAMS) {
      const values = p.write ? IMPOSSIBLE_DAYS : [...IMPOSSIBLE_DAYS, ...PADDED_DAYS];
      for (const v of values) await refused(failures, `${p.label}=${JSON.stringify(v)}`, () => p.send(v), p.invalid, p.write);
    }
    expect(failures).toEqual([]);
  });

  it('a real day outside 1970–2100 is 400 (DATE_OUT_OF_RANGE names the years)', async () => {
    const failures: string[] = [];
    for (const p of DAY_PARAMS) {
      for (const v of FAR_DAYS) await refused(failures, `${p.label}=${v}`, () => p.send(v), p.outOfRange, p.write);
    }
    expect(failures).toEqual([]);
    const res = await admin.get('/api/admin/analytics?from=0599-01-01');
    expect(res.json().error).toMatchObject({ code: 'DATE_OUT_OF_RANGE', params: { min: 1970, max: 2100 } });
  });

  it('a value that is not one string (the parameter twice, a number in a body) is refused too', async () => {
    const failures: string[] = [];
    await refused(failures, 'analytics from twice', () => admin.get('/api/admin/analytics?from=2026-11-01&from=2026-11-02'), 'DATE_INVALID', false);
    await refused(failures, 'holidays [20261203]', () => putSettings({ holidays: [20261203] }), 'SETTING_HOLIDAYS_INVALID', true);
    await refused(failures, 'workdays [null]', () => putSettings({ workdays: [null] }), 'SETTING_WORKDAYS_INVALID', true);
    expect(failures).toEqual([]);
  });
});

describe('ranges of days', () => {
  it('the analytics range: reversed and too long each say so; what the server fills in is checked the same way', async () => {
    const failures: string[] = [];
    for (const url of ['/api/admin/analytics', '/api/admin/analytics.csv']) {
      const chart = url.endsWith('.csv') ? 'chart=daily&' : '';
      await refused(failures, `${url} reversed`, () => admin.get(`${url}?${chart}from=2026-11-20&to=2026-11-01`), 'DATE_RANGE_REVERSED', false);
      await refused(failures, `${url} 367 days`, () => admin.get(`${url}?${chart}from=2025-11-18&to=2026-11-19`), 'DATE_RANGE_TOO_LONG', false);
      // `to` defaults to today (2026-11-20): a later `from` is reversed, one more than 366 days back too long
      await refused(failures, `${url} from tomorrow`, () => admin.get(`${url}?${chart}from=2026-11-21`), 'DATE_RANGE_REVERSED', false);
      await refused(failures, `${url} from 2024`, () => admin.get(`${url}?${chart}from=2024-01-01`), 'DATE_RANGE_TOO_LONG', false);
    }
    expect(failures).toEqual([]);
    expect((await admin.get('/api/admin/analytics?from=2025-11-18&to=2026-11-19')).json().error).toMatchObject({
      code: 'DATE_RANGE_TOO_LONG',
      params: { max: 366 },
    });
    // the longest range and a one-day range are fine, and the answer names the days asked
    const longest = await admin.get('/api/admin/analytics?from=2025-11-19&to=2026-11-19');
    expect(longest.statusCode).toBe(200);
    expect(longest.json()).toMatchObject({ from: '2025-11-19', to: '2026-11-19' });
    expect(longest.json().daily).toHaveLength(366);
    expect((await admin.get('/api/admin/analytics?from=2026-02-28&to=2026-02-28')).json().daily).toHaveLength(1);
    // a range in the future is asked for nothing that exists, but it is a real range
    expect((await admin.get('/api/admin/analytics?from=2027-01-01&to=2027-01-31')).statusCode).toBe(200);
  });

  it('the ledger search: a reversed range says so', async () => {
    const failures: string[] = [];
    await refused(failures, 'entries reversed', () => admin.get('/api/admin/finance/entries?from=2026-11-20&to=2026-11-01'), 'DATE_RANGE_REVERSED', false);
    expect(failures).toEqual([]);
    expect((await admin.get('/api/admin/finance/entries?from=2026-11-20&to=2026-11-20')).statusCode).toBe(200);
  });
});

// ---- date-times ---------------------------------------------------------------------------------

/** malformed, impossible or in no real zone */
const IMPOSSIBLE_DATE_TIMES: unknown[] = [
  '2026-13-45T10:00:00Z',
  '0599-67-94T10:00:00Z',
  '2026-02-31T10:00:00+08:00',
  '2026-02-29T10:00:00Z',
  '2026-06-01T24:00:00Z',
  '2026-06-01T10:60:00Z',
  '2026-06-01T10:00:60Z',
  '2026-06-01T10:00:00+14:30',
  '2026-06-01T10:00:00-23:59',
  '2026-06-01T10:00:00+08:60',
  '2026-06-01T10:00:00+0800',
  '2026-06-01T10:00:00', // no zone: whose 10 o'clock?
  '2026-06-01T10:00:00 GMT+8',
  '2026-06-01T10:00:00+08:00[Asia/Shanghai]',
  '2026-06-01',
  'Mon, 01 Jun 2026 10:00:00 GMT',
  '+099999-01-01T00:00:00Z',
  '99999-01-01T00:00:00Z',
  '0599-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '2101-01-01T00:00:00Z',
  1_780_000_000_000,
  '',
];

type DateTimeParam = { label: string; send: (value: unknown) => Promise<Res>; code: string };
const liveStart = () => NOW.getTime() + 48 * H;
const taskBody = (liveDate: unknown) => ({
  title: '口红新品直播',
  description: '新品口红直播推广',
  categoryId,
  budgetMinCents: 100_000,
  budgetMaxCents: 300_000,
  liveDate,
});
const scheduleBody = (o: Record<string, unknown>) => ({
  start: iso(liveStart()),
  end: iso(liveStart() + 2 * H),
  roomUrl: 'https://live.douyin.com/123456',
  ...o,
});
const reportBody = (o: Record<string, unknown>) => ({
  replayUrl: 'https://www.douyin.com/video/1',
  startedAt: iso(NOW.getTime() - 3 * H),
  endedAt: iso(NOW.getTime() - H),
  views: 52000,
  peakViewers: 3100,
  orders: 1240,
  gmvCents: 18_600_000,
  ...o,
});
const fire = (c: Client, event: string, body: unknown) => c.post(`/api/deals/${dealId}/events/${event}`, body);

const DATE_TIME_PARAMS: DateTimeParam[] = [
  { label: 'POST /api/tasks liveDate', send: (v) => company.post('/api/tasks', taskBody(v)), code: 'TASK_LIVE_DATE_INVALID' },
  { label: 'propose_schedule start', send: (v) => fire(company, 'propose_schedule', scheduleBody({ start: v })), code: 'DEAL_SCHEDULE_INVALID' },
  { label: 'propose_schedule end', send: (v) => fire(company, 'propose_schedule', scheduleBody({ end: v })), code: 'DEAL_SCHEDULE_INVALID' },
  { label: 'report_live startedAt', send: (v) => fire(influencer, 'report_live', reportBody({ startedAt: v })), code: 'DEAL_REPORT_TIME_INVALID' },
  { label: 'report_live endedAt', send: (v) => fire(influencer, 'report_live', reportBody({ endedAt: v })), code: 'DEAL_REPORT_TIME_INVALID' },
];

describe('date-times (ISO 8601 with a zone)', () => {
  it('an impossible date-time is 400 with the field’s code, never 500, and stores nothing', async () => {
    const failures: string[] = [];
    for (const p of DATE_TIME_PARAMS) {
      for (const v of IMPOSSIBLE_DATE_TIMES) await refused(failures, `${p.label}=${JSON.stringify(v)}`, () => p.send(v), p.code, true);
    }
    expect(failures).toEqual([]);
  });

  it('reversed times are refused the same way', async () => {
    const failures: string[] = [];
    await refused(
      failures,
      'schedule end before start',
      () => fire(company, 'propose_schedule', scheduleBody({ end: iso(liveStart() - H) })),
      'DEAL_SCHEDULE_INVALID',
      true,
    );
    await refused(
      failures,
      'report end before start',
      () => fire(influencer, 'report_live', reportBody({ endedAt: iso(NOW.getTime() - 4 * H) })),
      'DEAL_REPORT_TIME_INVALID',
      true,
    );
    expect(failures).toEqual([]);
  });

  it('any real zone is read as the instant it names (+08:00, -05:00, +14:00, Z)', async () => {
    // the same instant in four zones: the live date stored is that instant
    const at = new Date(liveStart());
    const zones = ['2026-11-22T12:00:00+08:00', '2026-11-21T23:00:00-05:00', '2026-11-22T18:00:00+14:00', '2026-11-22T04:00:00.000Z'];
    for (const z of zones) expect(new Date(z).getTime(), z).toBe(at.getTime());
    for (const z of zones) {
      const res = await company.post('/api/tasks', taskBody(z));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().task.liveDate).toBe(at.toISOString());
    }
  });
});
