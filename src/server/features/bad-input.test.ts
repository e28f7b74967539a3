/**
 * Bad input never reaches the database (issue 10, item 8). Every JSON endpoint with a body, a query
 * or a path id is sent NUL and other control characters, numbers out of range, loose values (null,
 * "", true, numeric strings), wrong types and impossible dates, field by field. A value the field
 * does not accept must give 400 (404 for a malformed path id) and leave every table as it was;
 * nothing may give 500. A value the field does accept may give anything but 500.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INFLUENCER_CATEGORIES, LANGUAGES, LIVE_VENUES, COMPANY_INDUSTRIES, COMPANY_SIZES, values } from '../../shared/options';
import { queryRows, type DbOrTx } from '../db/client';
import { fundWallet, makeCompany, makeInfluencer, makeTask, makeTaskCategory, makeUser, makeVideo, makeVideoCategory } from '../db/factories';
import { ManualClock } from '../platform/clock';
import { dataExceptionState, registerErrorHandling } from '../platform/errors';
import { Client, createTestApp, multipart, pngBytes, signedIn, verifyEmail, type TestApp } from '../test/harness';
import { hashPassword } from './auth';

const NOW = new Date('2026-03-10T08:00:00.000Z');
const clock = new ManualClock(NOW);
const inDays = (d: number) => new Date(NOW.getTime() + d * 86_400_000).toISOString();

let t: TestApp;
let hash: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  hash = await hashPassword('secret123');
});
afterAll(async () => {
  await t?.close();
});

// ---- the values sent ---------------------------------------------------------------------------

/** Values put in every body field in turn (label → value). */
const BODY_VALUES: [string, unknown][] = [
  ['NUL', '\u0000'],
  ['NUL inside', 'ab\u0000cd'],
  ['control char', 'ab\u0001cd'],
  ['escape sequence', '\u001b[31mred'],
  ['DEL', 'ab\u007fcd'],
  ['very long text', 'x'.repeat(20_000)],
  ['null', null],
  ['empty string', ''],
  ['blank', '   '],
  ['true', true],
  ['false', false],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['1.555', 1.555],
  ['1e10', 1e10],
  ['2147483648', 2147483648],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['"12" (numeric string)', '12'],
  ['"1e3" (numeric string)', '1e3'],
  ['text', 'abc'],
  ['[]', []],
  ['[null]', [null]],
  ['[NUL]', ['\u0000']],
  ['{}', {}],
  ['year 0', '0000-01-01T00:00:00Z'],
  ['year 10000', '+010000-01-01T00:00:00.000Z'],
  ['impossible date', '2026-02-30T25:61:00Z'],
  ['past date', inDays(-2)],
  ['date in 2 years', inDays(730)],
  ['date next week', inDays(7)],
];

/** Values put in every query parameter in turn (already URL-encoded). */
const QUERY_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'ab%00cd'],
  ['control char', 'ab%01cd'],
  ['empty', ''],
  ['blank', '%20%20'],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['1e1', '1e1'],
  ['0x10', '0x10'],
  ['padded 5', '%205'],
  ['1e10', '10000000000'],
  ['2147483648', '2147483648'],
  ['huge', '9'.repeat(400)],
  ['true', 'true'],
  ['null', 'null'],
  ['text', 'abc'],
  ['very long', 'x'.repeat(5000)],
];

const PATH_IDS = ['x', '%00', 'ab%00cd', '1', '2147483648', 'null', '00000000-0000-0000-0000-00000000000g', `${'a'.repeat(40)}`];

// ---- what a field accepts ------------------------------------------------------------------------

type Ok = (v: unknown) => boolean;
// eslint-disable-next-line no-control-regex -- the characters the schemas refuse
const CTRL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const isStr = (v: unknown): v is string => typeof v === 'string';
const cleanText =
  (max: number, multiline = false) =>
  (v: unknown) =>
    isStr(v) && !CTRL.test(v) && (multiline || !/[\t\n\r]/.test(v)) && v.trim().length <= max;
const reqText =
  (max: number, multiline = false): Ok =>
  (v) =>
    cleanText(max, multiline)(v) && (v as string).trim().length > 0;
const optText =
  (max: number, multiline = false): Ok =>
  (v) =>
    v === null || cleanText(max, multiline)(v);
const bool: Ok = (v) => typeof v === 'boolean';
const int =
  (min: number, max: number): Ok =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const optInt =
  (min: number, max: number): Ok =>
  (v) =>
    v === null || int(min, max)(v);
const num =
  (min: number, max: number, decimals: number): Ok =>
  (v) =>
    typeof v === 'number' && v >= min && v <= max && Math.abs(Math.round(v * 10 ** decimals) - v * 10 ** decimals) < 1e-6;
/** a measure (not money): any number in range, rounded to the column's step */
const measure =
  (min: number, max: number): Ok =>
  (v) =>
    typeof v === 'number' && v >= min && v <= max;
const oneOf =
  (list: readonly unknown[]): Ok =>
  (v) =>
    list.includes(v);
const nothing: Ok = () => false;
const list =
  (item: Ok, max: number): Ok =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every(item) && new Set(v).size === v.length;
const liveDate: Ok = (v) => v === null || (isStr(v) && v === inDays(7));

type Who = 'visitor' | 'company' | 'influencer' | 'account' | 'password';
type BodyEndpoint = {
  method: 'POST' | 'PUT';
  url: string;
  who: Who;
  base: () => Record<string, unknown>;
  fields: Record<string, Ok>;
  /** run after a case the endpoint accepted (e.g. a sign-up that used up the verified email) */
  afterOk?: () => Promise<void>;
};
type QueryEndpoint = { url: string; who: Who; base: Record<string, string>; params: Record<string, (v: string) => boolean> };

// ---- the world the requests run in --------------------------------------------------------------

const clients = {} as Record<Who, Client>;
let taskId: string;
let categoryId: string;
let videoCategoryId: number;
let influencerEmail: string;
let companyUserId: string;
let licenseUploadId: string;
const signup = { client: undefined as unknown as Client, email: '', uploadId: '' };

const login = (email: string) => signedIn(t.app, email);

async function freshSignup() {
  signup.client = new Client(t.app);
  signup.email = `fuzz-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await verifyEmail(t.app, signup.client, signup.email);
  const up = await signup.client.request({
    method: 'POST',
    url: '/api/uploads?purpose=portfolio&talentType=live-host',
    ...multipart(await pngBytes(), 'c.png', 'image/png'),
  });
  if (up.statusCode !== 200) throw new Error(up.body);
  signup.uploadId = up.json().id;
}

beforeAll(async () => {
  const db = t.app.ctx.db;
  const co = await makeCompany(db, { user: { passwordHash: hash } });
  const inf = await makeInfluencer(db, { user: { passwordHash: hash } });
  influencerEmail = inf.user.email;
  companyUserId = co.user.id;
  categoryId = (await makeTaskCategory(db, { name: '美妆' })).id;
  taskId = (await makeTask(db, { companyId: co.company.id, categoryId, budgetMinCents: 100_000, budgetMaxCents: 300_000 })).id;
  videoCategoryId = (await makeVideoCategory(db)).id;
  await makeVideo(db, { categoryId: videoCategoryId });
  clients.visitor = new Client(t.app, { ip: '127.0.0.1' }); // loopback: the dev endpoints answer only this machine
  clients.company = await login(co.user.email);
  const licence = await clients.company.request({
    method: 'POST',
    url: '/api/uploads?purpose=business-license',
    ...multipart(await pngBytes(), 'l.png', 'image/png'),
  });
  if (licence.statusCode !== 200) throw new Error(licence.body);
  licenseUploadId = licence.json().id;
  clients.influencer = await login(inf.user.email);
  clients.account = await login((await makeUser(db, { passwordHash: hash, userType: null })).email);
  clients.password = await login((await makeUser(db, { passwordHash: hash, userType: null })).email);
  await freshSignup();
});

let tables: string[] | undefined;
/**
 * A fingerprint of every table a request could write (sessions excepted: reading one touches it): per table its
 * row count and the newest row version (`xmin`, the id of the transaction that wrote it). An insert changes the
 * count and the newest version, an update writes a new version with a newer id, a delete changes the count — so
 * any write shows, without reading every row's text (hashing each row was most of this file's time, decision
 * 0041, item 11).
 */
async function stateOf(db: DbOrTx = t.app.ctx.db): Promise<string> {
  tables ??= (
    await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`,
    )
  ).map((r) => r.table_name);
  const union = tables.map((name) => `select '${name}' as t, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as h from "${name}"`).join(' union all ');
  const rows = await queryRows<{ t: string; h: string }>(db, sql.raw(union));
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
}

/**
 * The next transaction id the database will hand out: every write (an insert, an update, a delete, committed or
 * rolled back) takes one, reading does not. While it has not moved, no row anywhere can have changed, so the
 * fingerprint above need not be read again; when it moved (a session touched, a job ran, or the request wrote),
 * the fingerprint decides.
 */
async function nextXid(): Promise<string> {
  const [row] = await queryRows<{ x: string }>(t.app.ctx.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  return row.x;
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
};

/**
 * The fingerprint read after the last refused request, while nothing else can have written since: the next refused
 * request's "before" (the fuzz sends runs of refused requests, so each costs one fingerprint instead of two).
 * Forgotten whenever an accepted request (which may write) or anything else ran in between.
 */
let lastState: { xid: string; rows: string } | undefined;
beforeEach(() => {
  lastState = undefined;
});

/** Sends one request; a refused value must be 400 (or `refused`) with nothing written; nothing may be 500. */
async function probe(
  failures: string[],
  label: string,
  send: () => Promise<{ statusCode: number; body: string }>,
  accepted: boolean,
  refused: number[] = [400],
) {
  const before = accepted ? undefined : (lastState ?? { xid: await nextXid(), rows: await stateOf() });
  lastState = undefined;
  const res = await send();
  if (res.statusCode >= 500) {
    failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    return res;
  }
  if (before) {
    const xid = await nextXid();
    const after = { xid, rows: xid === before.xid ? before.rows : await stateOf() };
    if (!refused.includes(res.statusCode)) failures.push(`${label} → ${res.statusCode} (expected ${refused.join('/')}) ${res.body.slice(0, 120)}`);
    else if (after.rows !== before.rows) failures.push(`${label} → ${res.statusCode} but the database changed`);
    else if (!(JSON.parse(res.body) as { error?: { code?: string; message?: string } }).error?.message) failures.push(`${label} → no error message`);
    // the rows as they are now, for the next refused request of the same run
    if (after.rows === before.rows) lastState = after;
  }
  return res;
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[keys[keys.length - 1]] = value;
}

async function fuzzBody(e: BodyEndpoint) {
  const failures: string[] = [];
  for (const payload of [null, [], 'x', 1, true]) {
    await probe(
      failures,
      `${e.method} ${e.url} body ${show(payload)}`,
      () => clients[e.who].request({ method: e.method, url: e.url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      false,
    );
  }
  for (const [field, ok] of Object.entries(e.fields)) {
    for (const [label, value] of BODY_VALUES) {
      const body = structuredClone(e.base());
      setPath(body, field, value);
      const accepted = ok(value);
      const res = await probe(
        failures,
        `${e.method} ${e.url} ${field}=${label}`,
        () => clients[e.who].request({ method: e.method, url: e.url, payload: body as never }),
        accepted,
      );
      if (accepted && res.statusCode === 200 && e.afterOk) await e.afterOk();
    }
  }
  return failures;
}

async function fuzzQuery(e: QueryEndpoint, refused: number[] = [400]) {
  const failures: string[] = [];
  const qs = (q: Record<string, string>) =>
    Object.entries(q)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
  for (const [param, ok] of Object.entries(e.params)) {
    for (const [label, value] of QUERY_VALUES) {
      const q = { ...e.base, [param]: value };
      await probe(failures, `GET ${e.url} ${param}=${label}`, () => clients[e.who].get(`${e.url}?${qs(q)}`), ok(decodeURIComponent(value)), refused);
    }
    // the parameter given twice (an array)
    await probe(failures, `GET ${e.url} ${param} twice`, () => clients[e.who].get(`${e.url}?${qs(e.base)}&${param}=1&${param}=2`), false, refused);
  }
  return failures;
}

// ---- the endpoints ------------------------------------------------------------------------------

const INFLUENCER_CATEGORY = values(INFLUENCER_CATEGORIES)[0];
const phone: Ok = (v) => isStr(v) && /^1[3-9]\d{9}$/.test(v.trim());
const email: Ok = nothing; // none of the values sent is an address

const bodyEndpoints: BodyEndpoint[] = [
  { method: 'POST', url: '/api/auth/email-code', who: 'visitor', base: () => ({ email: 'nobody@example.com' }), fields: { email } },
  {
    method: 'POST',
    url: '/api/auth/email-code/verify',
    who: 'visitor',
    base: () => ({ email: 'nobody@example.com', code: '123456' }),
    fields: { email, code: nothing },
  },
  {
    method: 'POST',
    url: '/api/auth/login',
    who: 'visitor',
    base: () => ({ email: influencerEmail, password: 'wrong-password' }),
    fields: { email, password: (v) => isStr(v) && v.trim().length > 0 && v.trim().length <= 128 },
  },
  {
    method: 'POST',
    url: '/api/auth/signup',
    who: 'visitor',
    base: () => ({
      email: signup.email,
      password: 'secret123',
      confirmPassword: 'secret123',
      userType: 'influencer',
      talent: {
        types: ['live-host'],
        details: { 'live-host': { experience: '1-3', portfolioFileIds: [signup.uploadId], achievement: '带货 100 万', portfolioLinks: [] } },
      },
    }),
    fields: {
      email,
      password: nothing, // the confirmation differs for every value
      userType: nothing,
      'talent.details.live-host.achievement': (v) => v === undefined || cleanText(1000, true)(v),
      'talent.details.live-host.portfolioLinks': (v) => Array.isArray(v) && v.length === 0,
      'talent.details.live-host.experience': nothing,
    },
    afterOk: freshSignup,
  },
  {
    method: 'PUT',
    url: '/api/influencers/me',
    who: 'influencer',
    base: () => ({
      nickname: '小美',
      realName: '王小美',
      tiktokAccount: 'xm',
      bio: '简介',
      location: '上海',
      categories: [INFLUENCER_CATEGORY],
      tags: ['测评'],
      hourlyRateCents: 10_000,
      experienceYears: 2.5,
    }),
    fields: {
      nickname: reqText(40),
      realName: optText(40),
      tiktokAccount: optText(60),
      bio: optText(1000, true),
      location: optText(60),
      categories: list(oneOf(values(INFLUENCER_CATEGORIES)), 18),
      tags: list(cleanText(20), 20),
      hourlyRateCents: int(0, 1_000_000),
      experienceYears: measure(0, 80),
      avatarUploadId: nothing,
    },
  },
  {
    method: 'PUT',
    url: '/api/influencers/me/materials',
    who: 'influencer',
    base: () => ({
      firstName: '王',
      lastName: '小美',
      phoneNumber: '13912345678',
      nickname: '小美',
      tiktokAccount: 'xm',
      tiktokProfileUrl: 'https://www.tiktok.com/@xm',
      tiktokFollowersCount: 50000,
      location: '上海',
      avgPlayCount: 1000,
      avgEngagementRate: 3.5,
      hasTiktokShop: true,
      hourlyRateCents: 10_000,
      experienceYears: 2,
      categories: [INFLUENCER_CATEGORY],
      tags: ['测评'],
      liveVenue: values(LIVE_VENUES)[0],
      weeklySchedule: '周二 20:00-24:00',
      bilingualLive: false,
      languages: [values(LANGUAGES)[0]],
    }),
    fields: {
      firstName: reqText(20),
      lastName: reqText(20),
      phoneNumber: (v) => isStr(v) && /^\+?[0-9][0-9\s-]{4,19}$/.test(v.trim()),
      nickname: reqText(40),
      tiktokAccount: reqText(60),
      tiktokProfileUrl: nothing,
      tiktokFollowersCount: int(0, 2_000_000_000),
      location: optText(60),
      avgPlayCount: optInt(0, 2_000_000_000),
      avgEngagementRate: (v) => v === null || measure(0, 100)(v),
      hasTiktokShop: bool,
      hourlyRateCents: int(0, 1_000_000),
      experienceYears: measure(0, 80),
      categories: list(oneOf(values(INFLUENCER_CATEGORIES)), 18),
      tags: list(cleanText(20), 20),
      liveVenue: (v) => v === null,
      weeklySchedule: optText(200),
      bilingualLive: bool,
      languages: list(oneOf(values(LANGUAGES)), 8),
    },
  },
  {
    method: 'PUT',
    url: '/api/companies/me',
    who: 'company',
    base: () => ({
      companyName: '测试企业',
      contactPerson: '张经理',
      businessLicense: '91110000600037341L',
      industry: values(COMPANY_INDUSTRIES)[0],
      companySize: values(COMPANY_SIZES)[0],
      website: 'https://example.com',
      description: '描述',
      address: '上海',
      contactPhone: '021-12345678',
      contactEmail: 'hr@example.com',
    }),
    fields: {
      companyName: reqText(100),
      contactPerson: reqText(40),
      // a 统一社会信用代码 or nothing (none of the values sent is a valid code)
      businessLicense: (v) => v === null || (isStr(v) && v.trim() === ''),
      industry: (v) => v === null,
      companySize: (v) => v === null,
      website: (v) => v === null || (isStr(v) && v.trim() === ''),
      description: optText(2000, true),
      address: optText(200),
      contactPhone: optText(30),
      contactEmail: (v) => v === null || (isStr(v) && v.trim() === ''),
      logoUploadId: nothing,
    },
  },
  {
    method: 'POST',
    url: '/api/companies/me/verification-requests',
    who: 'company',
    base: () => ({ creditCode: '91110000600037341L', licenseUploadId }),
    fields: { creditCode: nothing, licenseUploadId: nothing },
  },
  {
    method: 'POST',
    url: '/api/tasks',
    who: 'company',
    base: () => ({
      title: '口红新品直播',
      description: '新品口红直播推广',
      categoryId,
      productName: '口红',
      requirements: '粉丝1万以上\n美妆类目',
      budgetMinCents: 100_000,
      budgetMaxCents: 300_000,
      maxApplicants: 5,
      liveDate: inDays(7),
      durationHours: 2,
      location: '线上',
      isUrgent: false,
      isAdvancePaid: true,
      paidAmountCents: 50_000,
      requiresDeposit: true,
      depositAmountCents: 9950,
    }),
    fields: {
      title: reqText(100),
      description: reqText(5000, true),
      categoryId: nothing,
      productName: optText(100),
      requirements: (v) => (isStr(v) && cleanText(200, true)(v)) || list(cleanText(200), 30)(v),
      budgetMinCents: int(0, 300_000),
      budgetMaxCents: int(100_000, 10_000_000_000),
      maxApplicants: int(1, 1000),
      liveDate,
      durationHours: num(0.5, 24, 1),
      location: (v) => cleanText(100)(v),
      isUrgent: bool,
      isAdvancePaid: bool,
      paidAmountCents: (v) => int(1, 300_000)(v),
      requiresDeposit: bool,
      depositAmountCents: (v) => int(1, 300_000)(v),
    },
  },
  {
    method: 'POST',
    url: '/api/task-applications',
    who: 'influencer',
    base: () => ({ taskId, proposedRateCents: 200_000, message: '你好' }),
    fields: { taskId: nothing, proposedRateCents: int(1000, 3000), message: optText(1000, true) },
  },
  {
    method: 'PUT',
    url: '/api/account/settings',
    who: 'account',
    base: () => ({ emailNotifications: true }),
    fields: { emailNotifications: bool, smsNotifications: bool, profileVisibility: nothing, contactInfoVisibility: nothing, allowMessages: bool },
  },
  { method: 'POST', url: '/api/account/phone/code', who: 'account', base: () => ({ phone: '13912345678' }), fields: { phone } },
  { method: 'POST', url: '/api/account/phone/verify', who: 'account', base: () => ({ phone: '13912345678', code: '1234' }), fields: { phone, code: nothing } },
  { method: 'PUT', url: '/api/account/phone', who: 'account', base: () => ({ phone: '13912345678' }), fields: { phone } },
  { method: 'PUT', url: '/api/notifications/locale', who: 'account', base: () => ({ locale: 'en' }), fields: { locale: nothing } },
  { method: 'POST', url: '/api/dev/sms-code', who: 'visitor', base: () => ({ phone: '13912345678' }), fields: { phone } },
  { method: 'POST', url: '/api/dev/sms-code/verify', who: 'visitor', base: () => ({ phone: '13912345678', code: '1234' }), fields: { phone, code: nothing } },
  {
    method: 'POST',
    url: '/api/account/password',
    who: 'password',
    base: () => ({ currentPassword: 'wrong-password', newPassword: 'secret456', confirmPassword: 'secret456' }),
    fields: { currentPassword: (v) => isStr(v) && v.trim().length > 0 && v.trim().length <= 128, newPassword: nothing, confirmPassword: nothing },
  },
  {
    method: 'POST',
    url: '/api/account/deletion-request',
    who: 'password',
    base: () => ({ confirm: true, reason: '不再使用' }),
    fields: { confirm: (v) => v === true, reason: optText(500, true) },
  },
];

const digits = (min: number, max: number) => (v: string) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max;
const queryEndpoints: QueryEndpoint[] = [
  {
    url: '/api/tasks',
    who: 'visitor',
    base: { page: '1' },
    params: {
      search: (v) => !CTRL.test(v) && v.trim().length <= 50,
      category: () => false,
      budgetCents: () => false,
      sort: () => false,
      status: () => false,
      page: digits(1, 100_000),
      limit: digits(1, 50),
    },
  },
  {
    url: '/api/videos',
    who: 'visitor',
    base: { page: '1' },
    params: {
      page: digits(1, 10_000),
      limit: digits(1, 50),
      category: digits(1, 2_147_483_647),
      search: (v) => !CTRL.test(v) && v.trim().length <= 100,
      featured: (v) => ['all', 'true', 'false'].includes(v),
      sort: () => false,
    },
  },
  { url: '/api/task-applications', who: 'influencer', base: {}, params: { influencerId: () => false } },
  { url: '/api/task-applications', who: 'company', base: {}, params: { taskId: () => false } },
  {
    url: '/api/dev/outbox',
    who: 'visitor',
    base: { to: 'a@example.com' },
    params: { to: (v) => !CTRL.test(v) && v.trim().length > 0 && v.trim().length <= 254 },
  },
];

// each body endpoint is fuzzed with hundreds of requests, each checked against the stored rows: a few seconds alone,
// several times that when CI's four test streams share two cores (decision 0041)
const FUZZ_TIMEOUT_MS = 120_000;

describe('bad input gives 400 and writes nothing', () => {
  it('the fingerprint sees an insert, an update, a delete, and no change when a transaction rolls back', async () => {
    const db = t.app.ctx.db;
    const run = (q: string) => queryRows(db, sql.raw(q));
    // whether the transaction running `q` took a transaction id: asked inside that transaction, so writes of other
    // databases on a shared PostgreSQL server (the suite runs files side by side) cannot make it pass or fail
    const takesXid = async (q: string, read = false) =>
      db.transaction(async (tx) => {
        await queryRows(tx, sql.raw(q));
        if (read) await stateOf(tx);
        const [row] = await queryRows<{ x: string | null }>(tx, sql`select txid_current_if_assigned()::text as x`);
        return row.x !== null;
      });
    await run(`create table if not exists fp_probe (id int primary key, v text)`);
    tables = undefined; // read the table list again, with the probe table
    const steps: [string, string][] = [
      ['insert', `insert into fp_probe values (1, 'a'), (2, 'b')`],
      ['update', `update fp_probe set v = 'c' where id = 1`],
      ['delete', `delete from fp_probe where id = 1`],
      ['delete and insert', `with d as (delete from fp_probe where id = 2) insert into fp_probe values (3, 'x')`],
    ];
    for (const [what, q] of steps) {
      const before = await stateOf();
      expect(await takesXid(q), `${what} takes a transaction id`).toBe(true);
      expect(await stateOf(), what).not.toBe(before);
    }
    // reading (the fingerprint included) takes no transaction id: the shortcut of \`probe\` holds
    expect(await takesXid(`select count(*) from fp_probe`, true)).toBe(false);
    const before = await stateOf();
    let rolledBackTookXid = false;
    await db
      .transaction(async (tx) => {
        await queryRows(tx, sql.raw(`update fp_probe set v = 'y'`));
        const [row] = await queryRows<{ x: string | null }>(tx, sql`select txid_current_if_assigned()::text as x`);
        rolledBackTookXid = row.x !== null;
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await stateOf()).toBe(before);
    expect(rolledBackTookXid, 'a rolled-back write took an id too').toBe(true);
    await run(`drop table fp_probe`);
    tables = undefined;
  });

  for (const e of bodyEndpoints) {
    it(`${e.method} ${e.url}`, { timeout: FUZZ_TIMEOUT_MS }, async () => {
      expect(await fuzzBody(e)).toEqual([]);
    });
  }
  for (const e of queryEndpoints) {
    it(`GET ${e.url} as ${e.who}`, async () => {
      expect(await fuzzQuery(e)).toEqual([]);
    });
  }

  it('GET /api/task-detail: a missing id is 任务ID不存在, a malformed one 任务不存在', async () => {
    const v = clients.visitor;
    const failures: string[] = [];
    for (const [label, value] of QUERY_VALUES) {
      const refused = value === '' || value === '%20%20' ? [400] : [404];
      await probe(failures, `GET /api/task-detail id=${label}`, () => v.get(`/api/task-detail?id=${value}`), false, refused);
    }
    expect(failures).toEqual([]);
    expect((await v.get('/api/task-detail?id=')).json().error.message).toBe('任务ID不存在');
    expect((await v.get('/api/task-detail?id=abc')).json().error.message).toBe('任务不存在');
  });

  it('malformed path ids give 400 or 404, never 500', async () => {
    const failures: string[] = [];
    const calls: [Who, string][] = [
      ['visitor', '/api/tasks/:id/view'],
      ['company', '/api/tasks/:id/cancel'],
      ['company', '/api/tasks/:id/complete'],
      ['company', '/api/task-applications/:id/accept'],
      ['company', '/api/task-applications/:id/refuse'],
      ['influencer', '/api/task-applications/:id/withdraw'],
      ['account', '/api/notifications/:id/read'],
    ];
    for (const [who, url] of calls) {
      for (const id of PATH_IDS) {
        await probe(failures, `POST ${url} id=${id}`, () => clients[who].post(url.replace(':id', id)), false, [400, 404]);
      }
    }
    expect(failures).toEqual([]);
  });

  it('POST /api/uploads: a bad purpose or talent type is 400', async () => {
    const failures: string[] = [];
    const mp = multipart(await pngBytes(), 'a.png', 'image/png');
    for (const [param, base] of [
      ['purpose', 'talentType=live-host'],
      ['talentType', 'purpose=image-test'],
    ] as const) {
      for (const [label, value] of QUERY_VALUES) {
        await probe(
          failures,
          `POST /api/uploads ${param}=${label}`,
          () => clients.account.request({ method: 'POST', url: `/api/uploads?${base}&${param}=${value}`, ...mp }),
          false,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the messages of the task form (part 2 §5 and the limits of issue 10)', () => {
  const base = () => ({ title: '直播', description: '描述', categoryId, budgetMinCents: 100_000, budgetMaxCents: 300_000 });
  const post = (body: Record<string, unknown>) => clients.company.post('/api/tasks', body);

  it('prepayment and deposit must be above 0 and at most the maximum budget', async () => {
    expect((await post({ ...base(), isAdvancePaid: true, paidAmountCents: 0 })).json().error).toMatchObject({
      code: 'TASK_PREPAYMENT_INVALID',
      message: '请填写有效的预付金额',
    });
    expect((await post({ ...base(), requiresDeposit: true, depositAmountCents: null })).json().error).toMatchObject({
      code: 'TASK_DEPOSIT_INVALID',
      message: '请填写有效的保证金金额',
    });
    const paid = await post({ ...base(), isAdvancePaid: true, paidAmountCents: 300_001 });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().error).toMatchObject({ code: 'TASK_PREPAYMENT_OVER_BUDGET', message: '预付金额不能超过预算上限' });
    expect(paid.json().error.fields).toMatchObject({ paidAmountCents: 'TASK_PREPAYMENT_OVER_BUDGET' });
    const deposit = await post({ ...base(), requiresDeposit: true, depositAmountCents: 1e10 });
    expect(deposit.json().error).toMatchObject({ code: 'TASK_DEPOSIT_OVER_BUDGET', message: '保证金金额不能超过预算上限' });
    // a valid prepayment moves money: refused while the wallet is empty (nothing stored), accepted once funded
    expect(
      (await post({ ...base(), isAdvancePaid: true, paidAmountCents: 300_000, requiresDeposit: true, depositAmountCents: 50 })).json().error,
    ).toMatchObject({
      code: 'WALLET_INSUFFICIENT',
    });
    await fundWallet(t.app.ctx.db, { userId: companyUserId, userType: 'company', cents: 300_000 });
    expect((await post({ ...base(), isAdvancePaid: true, paidAmountCents: 300_000, requiresDeposit: true, depositAmountCents: 50 })).statusCode).toBe(200);
  });

  it('"" and null are not 0: a required number left empty is refused, not stored as 0', async () => {
    expect((await post({ ...base(), budgetMinCents: '' })).json().error.code).toBe('TASK_BUDGET_REQUIRED');
    expect((await post({ ...base(), budgetMinCents: null })).json().error.code).toBe('TASK_BUDGET_REQUIRED');
    expect((await post({ ...base(), budgetMinCents: true })).json().error.code).toBe('TASK_BUDGET_REQUIRED');
    expect((await post({ ...base(), budgetMaxCents: 214_748_364_800 })).json().error.code).toBe('TASK_BUDGET_TOO_LARGE');
  });

  it('the live date lies between now and one year ahead (by the platform clock)', async () => {
    const res = await post({ ...base(), liveDate: inDays(-1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'TASK_LIVE_DATE_RANGE', message: '直播日期需在今天到一年内' });
    expect((await post({ ...base(), liveDate: inDays(367) })).json().error.code).toBe('TASK_LIVE_DATE_RANGE');
    expect((await post({ ...base(), liveDate: '0000-01-01T00:00:00Z' })).json().error.code).toBe('TASK_LIVE_DATE_INVALID');
    expect((await post({ ...base(), liveDate: inDays(364) })).statusCode).toBe(200);
    // the clock moves: the same date is now in the past
    clock.set(new Date(NOW.getTime() + 400 * 86_400_000));
    try {
      expect((await post({ ...base(), liveDate: inDays(364) })).json().error.code).toBe('TASK_LIVE_DATE_RANGE');
    } finally {
      clock.set(NOW);
    }
  });

  it('text with NUL or control characters gets its own message', async () => {
    const res = await post({ ...base(), title: 'a\u0000b' });
    expect(res.json().error).toMatchObject({ code: 'TEXT_INVALID_CHARS', message: '内容包含无效字符' });
    expect(res.json().error.fields).toEqual({ title: 'TEXT_INVALID_CHARS' });
    // line breaks and tabs stay allowed where a field has several lines
    expect((await post({ ...base(), description: '第一行\n\t第二行\r\n第三行' })).statusCode).toBe(200);
  });
});

describe('the safety net: a data exception that still reaches the error handler', () => {
  const failing = {
    '22021 NUL in text': () => sql`select ${'a\u0000b'}::text as v`,
    '22003 out of int4': () => sql`select ${'2147483648'}::int4 as v`,
    '22P02 not a uuid': () => sql`select ${'x'}::uuid as v`,
    '22008 datetime out of range': () => sql`select ${'294277-01-01T00:00:00Z'}::timestamptz as v`,
  };

  it('every such statement fails with a class-22 SQLSTATE (pg and PGlite alike)', async () => {
    for (const [label, query] of Object.entries(failing)) {
      const err = await t.app.ctx.db.execute(query()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(dataExceptionState(err), label).toMatch(/^22/);
    }
    expect(dataExceptionState(new Error('x'))).toBeNull();
    expect(dataExceptionState({ code: '23505' })).toBeNull();
  });

  it('answers 400 BAD_REQUEST with the JSON error body, not 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/boom/:n', async (request) => {
      const n = Number((request.params as { n: string }).n);
      await t.app.ctx.db.execute(Object.values(failing)[n]());
      return { ok: true };
    });
    for (let n = 0; n < Object.keys(failing).length; n += 1) {
      const res = await app.inject({ method: 'GET', url: `/boom/${n}` });
      expect(res.statusCode, Object.keys(failing)[n]).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: '请求参数有误', requestId: expect.any(String) } });
    }
    await app.close();
  });
});
