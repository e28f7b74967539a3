/**
 * The payout calendar (decision 0027): mainland China's public holidays and make-up working days
 * (调休上班) from the `chinese-days` package, with 系统设置's own holidays and working days on top.
 * Requests across 国庆 and 春节 of 2026 and 2027 on the platform clock, through the API: the expected
 * window shown on /wallet and the date stored with the payout.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer } from '../../db/factories';
import { platformSettings } from '../../db/schema';
import { addDays } from '../../../shared/dates';
import { officialCalendar } from '../../platform/calendar';
import { ManualClock } from '../../platform/clock';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';

/** 10:00 in Beijing on that day */
const beijing10 = (day: string) => new Date(`${day}T02:00:00Z`);
const clock = new ManualClock(beijing10('2026-09-30'));
let t: TestApp;
let settingsAdmin: Client;
let influencer: Client;
let bankAccountId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  const db = t.app.ctx.db;
  settingsAdmin = await signedIn(t.app, (await makeAdmin(db, { permissions: ['system_settings'] })).email);
  const inf = await makeInfluencer(db);
  await fundWallet(db, { userId: inf.user.id, userType: 'influencer', cents: 1_000_000 });
  influencer = await signedIn(t.app, inf.user.email);
  bankAccountId = (
    await influencer.post('/api/wallet/bank-accounts', { holderName: '王小雨', bankName: '招商银行', accountNumber: '6222021234567890123' })
  ).json().bankAccount.id;
});
afterAll(async () => {
  await t?.close();
});

const settingsNow = async () => (await settingsAdmin.get('/api/admin/settings')).json();
const putSettings = async (patch: Record<string, unknown>) =>
  settingsAdmin.request({ method: 'PUT', url: '/api/admin/settings', payload: { ...(await settingsNow()).settings, ...patch } });
/** the window /wallet shows for a payout requested now */
const expected = async () => (await influencer.get('/api/wallet/payouts')).json().expected as { earliest: string; latest: string };
/** a payout requested now: the 5th working day stored with it */
const requestPayout = async () => {
  const res = await influencer.post('/api/wallet/payouts', { amountCents: 1000, bankAccountId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payout.expectedBy as string;
};
/** requested at 10:00 Beijing time on `day` */
const at = async (day: string) => {
  clock.set(beijing10(day));
  return expected();
};

describe('the official calendar (chinese-days)', () => {
  it('covers 2004 to the last published year; its 2026 国庆 and 春节 as the State Council announced them', () => {
    const c = officialCalendar();
    // chinese-days 1.5.7 (the lockfile's): 2027's schedule is not published in it yet. Updating the
    // package moves this year — and the 2027 cases below then follow the official days (decision 0027).
    expect(c.years).toEqual({ from: 2004, to: 2026 });
    for (const d of ['2026-10-01', '2026-10-07', '2026-09-25', '2026-02-15', '2026-02-23']) expect(c.holidays, d).toContain(d);
    // 调休上班: Sunday 20 Sep, Saturday 10 Oct, Saturdays 14 and 28 Feb
    for (const d of ['2026-09-20', '2026-10-10', '2026-02-14', '2026-02-28']) expect(c.workdays, d).toContain(d);
    expect(c.holidayDays.find((d) => d.date === '2026-10-01')).toEqual({ date: '2026-10-01', nameZh: '国庆节', nameEn: 'National Day' });
    expect(c.workdays.some((d) => d.startsWith('2027'))).toBe(false);
  });
});

describe('payout dates across the holidays', () => {
  it('国庆 2026: a payout requested the day before lands after the holiday, the make-up Saturday counting', async () => {
    // Wed 30 Sep → 1–7 Oct off → Thu 8 (1), Fri 9 (2), Sat 10 调休上班 (3), Mon 12 (4), Tue 13 (5)
    expect(await at('2026-09-30')).toEqual({ earliest: '2026-10-10', latest: '2026-10-13' });
    expect(await requestPayout()).toBe('2026-10-13');
    // Fri 18 Sep → Sun 20 调休上班 (1), 21, 22, 23, 24 (5); Fri 25 is 中秋
    expect(await at('2026-09-18')).toEqual({ earliest: '2026-09-22', latest: '2026-09-24' });
    // Thu 24 Sep → 中秋 25–27 → Mon 28 (1), Tue 29, Wed 30 (3), then 国庆 → Thu 8 Oct (4), Fri 9 (5)
    expect(await at('2026-09-24')).toEqual({ earliest: '2026-09-30', latest: '2026-10-09' });
    // requested on a holiday (Sat 3 Oct): counted from that day
    expect(await at('2026-10-03')).toEqual({ earliest: '2026-10-10', latest: '2026-10-13' });
  });

  it('春节 2026: Friday 13 Feb, with the make-up Saturdays of 14 and 28 Feb', async () => {
    // Sat 14 调休上班 (1), 15–23 off, Tue 24 (2), 25 (3), 26 (4), 27 (5)
    expect(await at('2026-02-13')).toEqual({ earliest: '2026-02-25', latest: '2026-02-27' });
    // Thu 26 Feb → Fri 27 (1), Sat 28 调休上班 (2), Mon 2 Mar (3), Tue 3 (4), Wed 4 (5)
    expect(await at('2026-02-26')).toEqual({ earliest: '2026-03-02', latest: '2026-03-04' });
  });

  it('元旦 2027: the year ends on a Thursday; 2027 has no official days yet, only weekends', async () => {
    // Thu 31 Dec → Fri 1 Jan 2027 is no official holiday in the package yet: 1, 4, 5, 6, 7 Jan
    expect(await at('2026-12-31')).toEqual({ earliest: '2027-01-05', latest: '2027-01-07' });
  });

  it('春节 2027: 系统设置 adds the holidays and the make-up Saturday the package does not know yet', async () => {
    // what an admin would type for the Spring Festival of 2027 (an example schedule: 8–12 Feb off, Sat 20 Feb worked)
    const holidays = ['2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11', '2027-02-12'];
    // without them: Fri 5 Feb → 8, 9, 10, 11, 12 Feb
    expect(await at('2027-02-05')).toEqual({ earliest: '2027-02-10', latest: '2027-02-12' });
    expect((await putSettings({ holidays, workdays: ['2027-02-20'] })).statusCode).toBe(200);
    // with them: 15, 16, 17, 18, 19 Feb (Sat 20 worked only matters from Thursday 18 on)
    expect(await at('2027-02-05')).toEqual({ earliest: '2027-02-17', latest: '2027-02-19' });
    // Thu 18 Feb → Fri 19 (1), Sat 20 调休上班 (2), Mon 22 (3), Tue 23 (4), Wed 24 (5)
    expect(await at('2027-02-18')).toEqual({ earliest: '2027-02-22', latest: '2027-02-24' });
    expect(await requestPayout()).toBe('2027-02-24');
    expect((await putSettings({ holidays: [], workdays: [] })).statusCode).toBe(200);
  });
});

describe('系统设置 overrides the official calendar', () => {
  it('its holidays cancel an official make-up day; its working days win over an official holiday; the old `holidays` keeps working', async () => {
    expect(await at('2026-09-30')).toEqual({ earliest: '2026-10-10', latest: '2026-10-13' });
    // Saturday 10 Oct is not worked after all, and Wednesday 14 Oct is an extra holiday
    expect((await putSettings({ holidays: ['2026-10-10', '2026-10-14'] })).statusCode).toBe(200);
    // → Thu 8 (1), Fri 9 (2), Mon 12 (3), Tue 13 (4), Thu 15 (5)
    expect(await at('2026-09-30')).toEqual({ earliest: '2026-10-12', latest: '2026-10-15' });
    // Wednesday 7 Oct (an official holiday) and Sunday 11 Oct are worked
    expect((await putSettings({ holidays: [], workdays: ['2026-10-07', '2026-10-11'] })).statusCode).toBe(200);
    // → Wed 7 (1), Thu 8 (2), Fri 9 (3), Sat 10 (4, the official make-up day), Sun 11 (5)
    expect(await at('2026-09-30')).toEqual({ earliest: '2026-10-09', latest: '2026-10-11' });
    expect(await requestPayout()).toBe('2026-10-11');
    expect((await putSettings({ workdays: [] })).statusCode).toBe(200);
  });

  it('a day cannot be both; bad days are refused; nothing is stored then', async () => {
    const stored = async () => (await t.app.ctx.db.select().from(platformSettings).where(eq(platformSettings.key, 'workdays'))).map((r) => r.value);
    const before = await stored();
    const both = await putSettings({ holidays: ['2026-12-03'], workdays: ['2026-12-05', '2026-12-03'] });
    expect(errorOf(both)).toMatchObject({ status: 400, code: 'SETTING_CALENDAR_CONFLICT', message: '2026-12-03 不能同时是节假日和工作日' });
    expect(both.json().error.fields).toEqual({ workdays: 'SETTING_CALENDAR_CONFLICT' });
    expect(errorOf(await putSettings({ workdays: ['2026-02-30'] })).code).toBe('SETTING_WORKDAYS_INVALID');
    expect(errorOf(await putSettings({ workdays: '2026-12-05' })).code).toBe('SETTING_WORKDAYS_INVALID');
    expect(errorOf(await putSettings({ workdays: Array.from({ length: 401 }, (_, i) => addDays('2027-01-01', i)) })).code).toBe('SETTING_WORKDAYS_INVALID');
    expect(await stored()).toEqual(before);
    // saved sorted, deduplicated and trimmed, like the holidays
    const saved = await putSettings({ workdays: ['2026-12-12', ' 2026-12-05', '2026-12-12'] });
    expect(saved.json().settings.workdays).toEqual(['2026-12-05', '2026-12-12']);
    expect((await putSettings({ workdays: [] })).statusCode).toBe(200);
  });

  it('the console gets the official days of the coming year and the years covered — the calendar data stays on the server', async () => {
    clock.set(beijing10('2026-09-30'));
    const { payoutCalendar } = await settingsNow();
    expect(payoutCalendar.now).toBe('2026-09-30T02:00:00.000Z');
    expect(payoutCalendar.officialYears).toEqual({ from: 2004, to: 2026 });
    expect(payoutCalendar.holidays[0]).toEqual({ date: '2026-10-01', nameZh: '国庆节', nameEn: 'National Day' });
    expect(payoutCalendar.workdays).toEqual([{ date: '2026-10-10', nameZh: '国庆节', nameEn: 'National Day' }]);
    expect(payoutCalendar.holidays.every((d: { date: string }) => d.date >= '2026-09-30')).toBe(true);
  });

  it('only admins holding 系统设置 read or change it', async () => {
    const db = t.app.ctx.db;
    const body = { ...(await settingsNow()).settings, workdays: ['2026-12-05'] };
    const co = await makeCompany(db);
    const others: [Client, number][] = [
      [new Client(t.app), 401],
      [influencer, 403],
      [await signedIn(t.app, co.user.email), 403],
      [await signedIn(t.app, (await makeAdmin(db, { permissions: ['finance'] })).email), 403],
    ];
    for (const [c, status] of others) {
      expect((await c.get('/api/admin/settings')).statusCode).toBe(status);
      expect((await c.request({ method: 'PUT', url: '/api/admin/settings', payload: body })).statusCode).toBe(status);
    }
    expect((await settingsNow()).settings.workdays).toEqual([]);
  });
});
