/**
 * 系统设置 (issue 9): validated, stored, audited with before/after, and really read by the product:
 * sign-up closed per type, the contact form's mail to the support address, /api/site-settings with the
 * fee, the settlement window and the announcement.
 */
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '../../db/factories';
import { adminLogs, outbox, platformSettings } from '../../db/schema';
import { Client, createTestApp, errorOf, verifyEmail, type TestApp, delivered } from '../../test/harness';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' });
  const a = await makeAdmin(t.app.ctx.db, { permissions: ['system_settings'] });
  admin = new Client(t.app);
  expect((await admin.post('/api/auth/login', { email: a.email, password: 'secret123' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const put = (payload: unknown) => admin.request({ method: 'PUT', url: '/api/admin/settings', payload: payload as never });

describe('系统设置', () => {
  it('answers the defaults, refuses bad values without storing anything', async () => {
    const res = (await admin.get('/api/admin/settings')).json();
    expect(res.settings).toEqual({
      platformFeeBps: 1000,
      settlementHours: 24,
      supportEmail: 'support@example.com',
      signupOpen: { influencer: true, company: true, agency: true },
      announcement: { enabled: false, textZh: null, textEn: null, tone: 'info' },
      payoutMinCents: 1000,
      invitationDailyLimit: 10,
      holidays: [],
      workdays: [],
    });
    const base = res.settings;
    for (const v of [0, 201]) expect(errorOf(await put({ ...base, invitationDailyLimit: v }))).toMatchObject({ code: 'SETTING_INVITATION_LIMIT_INVALID' });
    expect(errorOf(await put({ ...base, platformFeeBps: 5100 }))).toMatchObject({ code: 'SETTING_FEE_INVALID' });
    expect(errorOf(await put({ ...base, platformFeeBps: 1025 }))).toMatchObject({ code: 'SETTING_FEE_INVALID' });
    expect(errorOf(await put({ ...base, settlementHours: 0 }))).toMatchObject({ code: 'SETTING_SETTLEMENT_INVALID' });
    expect(errorOf(await put({ ...base, supportEmail: 'nope' }))).toMatchObject({ code: 'EMAIL_INVALID' });
    expect(errorOf(await put({ ...base, announcement: { ...base.announcement, enabled: true } }))).toMatchObject({ code: 'ANNOUNCEMENT_TEXT_REQUIRED' });
    const [{ n }] = await t.app.ctx.db.select({ n: count() }).from(platformSettings);
    expect(n).toBe(0);
  });

  it('saves, audits before/after, and the product reads it at once', async () => {
    const base = (await admin.get('/api/admin/settings')).json().settings;
    const next = {
      ...base,
      platformFeeBps: 850,
      settlementHours: 48,
      supportEmail: 'help@example.com',
      signupOpen: { influencer: true, company: false, agency: true },
      announcement: { enabled: true, textZh: '平台将于周日凌晨维护', textEn: 'Maintenance on Sunday night', tone: 'warning' },
      invitationDailyLimit: 25,
    };
    const saved = await put(next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual(next);
    const [log] = await t.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.actionType, 'settings_update')).orderBy(desc(adminLogs.createdAt)).limit(1);
    expect(log.before).toMatchObject({ platformFeeBps: 1000, settlementHours: 24 });
    expect(log.after).toMatchObject({ platformFeeBps: 850, settlementHours: 48, signupOpen: { company: false } });

    const site = (await new Client(t.app).get('/api/site-settings')).json();
    expect(site).toMatchObject({ platformFeeBps: 850, settlementHours: 48, signupOpen: { influencer: true, company: false, agency: true } });
    expect(site.announcement).toMatchObject({ textZh: '平台将于周日凌晨维护', textEn: 'Maintenance on Sunday night', tone: 'warning' });
    expect(site).not.toHaveProperty('supportEmail');

    // company sign-up is closed, influencer sign-up is not
    const c = new Client(t.app);
    const { signupToken } = await verifyEmail(t.app, c, 'closed-co@example.com');
    expect(
      errorOf(await c.post('/api/auth/signup', { email: 'closed-co@example.com', password: 'secret123', userType: 'company', signupToken })),
    ).toMatchObject({
      status: 403,
      code: 'SIGNUP_CLOSED',
    });

    // the contact form mails the new support address
    expect((await new Client(t.app).post('/api/contact', { name: '王', email: 'w@example.com', subject: '设置测试', message: '你好' })).statusCode).toBe(200);
    const [mail] = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, 'help@example.com')).limit(1);
    expect(mail?.subject).toContain('设置测试');

    // saving the same values again writes no audit row
    const before = (await t.app.ctx.db.select({ n: count() }).from(adminLogs).where(eq(adminLogs.actionType, 'settings_update')))[0].n;
    expect((await put(next)).statusCode).toBe(200);
    const after = (await t.app.ctx.db.select({ n: count() }).from(adminLogs).where(eq(adminLogs.actionType, 'settings_update')))[0].n;
    expect(after).toBe(before);
    // back to open for the other tests of this file
    expect((await put({ ...next, signupOpen: { influencer: true, company: true, agency: true } })).statusCode).toBe(200);
  });
});
