/**
 * Issue 10, item 14: 忘记密码. A 6-digit code by mail (10 minutes, 5 tries, limited like the other
 * codes), a new password, every session of the account ended, the owner told by mail; the same
 * answers whether the address is registered or not.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../db/factories';
import { outbox, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { Client, createTestApp, errorOf, lastCode, nextIp, type TestApp } from '../../test/harness';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const freshEmail = (p = 'reset') => `${p}-${++n}-${randomBytes(3).toString('hex')}@example.com`;
const request = (c: Client, email: string) => c.post('/api/auth/password-reset/request', { email });
const confirm = (c: Client, email: string, code: string, password = 'brand-new-1', confirmPassword = password) =>
  c.post('/api/auth/password-reset/confirm', { email, code, password, confirmPassword });
const login = (c: Client, email: string, password: string) => c.post('/api/auth/login', { email, password });
const mails = (to: string) => t.app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
const other = (code: string) => (code === '123456' ? '654321' : '123456');
const wrongCode = { status: 400, code: 'CODE_INVALID', message: '验证码错误，请重试' };

async function account() {
  return makeUser(t.app.ctx.db, { userType: 'company', email: freshEmail('owner') });
}

describe('requesting a reset code', () => {
  it('answers the same for a registered and an unknown address; only the owner gets a code', async () => {
    const u = await account();
    const unknown = freshEmail('unknown');
    const a = await request(new Client(t.app), u.email);
    const b = await request(new Client(t.app), unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({ ok: true, cooldownSeconds: 60, expiresInSeconds: 600 });
    const [mail] = await mails(u.email);
    expect(mail.subject).toContain('重置密码');
    expect(mail.body).toMatch(/您的重置密码验证码是 \d{6}，10 分钟内有效/);
    expect(a.body).not.toContain(await lastCode(t.app, u.email));
    // the unknown address is told that there is no account, without a code
    const [notice] = await mails(unknown);
    expect(notice.body).toContain('没有与此邮箱关联的账号');
    expect(notice.body).not.toMatch(/\b\d{6}\b/);
  });

  it('bad input gets the form messages', async () => {
    expect(errorOf(await request(new Client(t.app), ''))).toMatchObject({ status: 400, code: 'EMAIL_REQUIRED' });
    expect(errorOf(await request(new Client(t.app), 'not-an-email'))).toMatchObject({ status: 400, code: 'EMAIL_INVALID' });
  });

  it('is limited like the other codes: 60 s cool-down, per-IP limit', async () => {
    const u = await account();
    const c = new Client(t.app);
    expect((await request(c, u.email)).statusCode).toBe(200);
    expect(errorOf(await request(c, u.email))).toMatchObject({ status: 429, code: 'CODE_COOLDOWN' });
    const unknown = freshEmail('unknown');
    expect((await request(c, unknown)).statusCode).toBe(200);
    expect(errorOf(await request(c, unknown))).toMatchObject({ status: 429, code: 'CODE_COOLDOWN' });
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await request(new Client(t.app, { ip }), freshEmail('many'))).statusCode).toBe(200);
    expect(errorOf(await request(new Client(t.app, { ip }), freshEmail('many')))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });
});

describe('confirming', () => {
  it('sets the new password, ends every session of the account, tells the owner by mail; the requester signs in afterwards', async () => {
    const u = await account();
    const phone = new Client(t.app);
    const laptop = new Client(t.app);
    expect((await login(phone, u.email, u.password)).statusCode).toBe(200);
    expect((await login(laptop, u.email, u.password)).statusCode).toBe(200);

    const c = laptop; // the requester's own session ends too
    expect((await request(c, u.email)).statusCode).toBe(200);
    const code = await lastCode(t.app, u.email);
    const res = await confirm(c, u.email, code, 'brand-new-1');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(res.cookies.find((x) => x.name === 'sid' && x.value)).toBeUndefined();

    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await login(new Client(t.app), u.email, u.password)).statusCode).toBe(401);
    expect((await login(new Client(t.app), u.email, 'brand-new-1')).statusCode).toBe(200);
    const [stored] = await t.app.ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, u.id));
    expect(stored.h).toMatch(/^\$argon2id\$/);

    const [changed] = await mails(u.email);
    expect(changed.body).toContain('您的密码已重置');
    expect(changed.body).not.toContain('brand-new-1');
    expect(changed.body).not.toContain(code);

    // the code is used up
    expect(errorOf(await confirm(new Client(t.app), u.email, code, 'another-1'))).toMatchObject({ status: 400 });
    expect((await login(new Client(t.app), u.email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('a wrong code, an unknown address and a code never requested fail alike; 5 tries per code', async () => {
    const u = await account();
    const c = new Client(t.app);
    const unknown = freshEmail('unknown');
    expect(errorOf(await confirm(c, u.email, '123456'))).toMatchObject({ status: 400, code: 'CODE_NOT_SENT' });
    expect(errorOf(await confirm(c, unknown, '123456'))).toMatchObject({ status: 400, code: 'CODE_NOT_SENT' });
    await request(c, u.email);
    await request(c, unknown);
    const code = await lastCode(t.app, u.email);
    for (let i = 0; i < 4; i++) {
      expect(errorOf(await confirm(c, u.email, other(code)))).toEqual(wrongCode);
      expect(errorOf(await confirm(c, unknown, other(code)))).toEqual(wrongCode);
    }
    const exceeded = { status: 429, code: 'CODE_ATTEMPTS_EXCEEDED', message: '验证码错误次数过多，请重新获取' };
    expect(errorOf(await confirm(c, u.email, other(code)))).toEqual(exceeded);
    expect(errorOf(await confirm(c, unknown, other(code)))).toEqual(exceeded);
    expect(errorOf(await confirm(c, u.email, code))).toEqual(exceeded);
    expect((await login(new Client(t.app), u.email, u.password)).statusCode).toBe(200);
  });

  it('the code expires after 10 minutes (server clock)', async () => {
    const u = await account();
    const c = new Client(t.app);
    await request(c, u.email);
    const code = await lastCode(t.app, u.email);
    clock.advance(9 * 60_000 + 50_000);
    expect(errorOf(await confirm(c, u.email, other(code)))).toEqual(wrongCode);
    clock.advance(11_000);
    expect(errorOf(await confirm(c, u.email, code))).toMatchObject({ status: 400, code: 'CODE_EXPIRED' });
    expect((await login(new Client(t.app), u.email, u.password)).statusCode).toBe(200);
  });

  it('checks the new password before using the code', async () => {
    const u = await account();
    const c = new Client(t.app);
    await request(c, u.email);
    const code = await lastCode(t.app, u.email);
    expect(errorOf(await confirm(c, u.email, code, 'abc', 'abc'))).toMatchObject({ status: 400, code: 'NEW_PASSWORD_TOO_SHORT' });
    expect(errorOf(await confirm(c, u.email, code, 'brand-new-1', 'brand-new-2'))).toMatchObject({ status: 400, code: 'PASSWORD_CONFIRM_MISMATCH' });
    expect(
      errorOf(await c.post('/api/auth/password-reset/confirm', { email: u.email, password: 'brand-new-1', confirmPassword: 'brand-new-1' })),
    ).toMatchObject({
      status: 400,
      code: 'CODE_REQUIRED',
    });
    // none of these used a try or the code
    expect((await confirm(c, u.email, code, 'brand-new-1')).statusCode).toBe(204);
  });

  it('a reset clears the failed sign-ins of the address', async () => {
    const u = await account();
    for (let i = 0; i < 11; i++) await login(new Client(t.app), u.email, 'wrong-pass');
    expect((await login(new Client(t.app), u.email, u.password)).statusCode).toBe(429);
    const c = new Client(t.app);
    await request(c, u.email);
    expect((await confirm(c, u.email, await lastCode(t.app, u.email), 'brand-new-1')).statusCode).toBe(204);
    expect((await login(new Client(t.app), u.email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('a sign-up code is not a reset code', async () => {
    const u = await account();
    const c = new Client(t.app);
    // a sign-up code request for a taken address makes no code at all; a reset code for it is separate
    expect((await c.post('/api/auth/email-code', { email: u.email })).statusCode).toBe(200);
    expect(errorOf(await confirm(c, u.email, '123456'))).toMatchObject({ code: 'CODE_NOT_SENT' });
  });
});
