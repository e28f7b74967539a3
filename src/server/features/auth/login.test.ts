/** Sign-in for every role: trimmed, case-insensitive, no account enumeration, failed attempts rate-limited. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeInfluencer, makeUser } from '../../db/factories';
import { userProfiles } from '../../db/schema';
import { Client, createTestApp, errorOf, nextIp, signupCompany, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const invalid = { status: 401, code: 'INVALID_CREDENTIALS', message: '邮箱或密码错误，请检查后重试' };
const limited = { status: 429, code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' };
const login = (c: Client, email: string, password: string) => c.post('/api/auth/login', { email, password });

describe('sign-in', () => {
  it('each kind of account signs in and gets its own user back with a session', async () => {
    const company = await makeUser(t.app.ctx.db, { userType: 'company' });
    const { user: influencer } = await makeInfluencer(t.app.ctx.db, { nickname: '小红' });
    const admin = await makeUser(t.app.ctx.db, { userType: 'admin' });
    const ordinary = await makeUser(t.app.ctx.db, { userType: null });
    for (const [u, userType, displayName] of [
      [company, 'company', null],
      [influencer, 'influencer', '小红'],
      [admin, 'admin', null],
      [ordinary, null, null],
    ] as const) {
      const c = new Client(t.app);
      const res = await login(c, u.email, u.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toEqual({
        id: u.id,
        email: u.email,
        userType,
        phone: null,
        createdAt: expect.any(String),
        displayName,
        avatarUrl: null,
        agencyStaff: null,
      });
      expect(c.cookies.get('sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await c.get('/api/auth/me')).json().user.id).toBe(u.id);
    }
  });

  it('email and password are trimmed; the email is case-insensitive', async () => {
    const { email } = await signupCompany(t.app);
    const c = new Client(t.app);
    expect((await login(c, `  ${email.toUpperCase()}\t`, ' secret123  ')).statusCode).toBe(200);
  });

  it('a wrong password and an unknown email get the same answer (no account enumeration)', async () => {
    const u = await makeUser(t.app.ctx.db, { userType: 'company' });
    const c = new Client(t.app);
    const wrong = await login(c, u.email, 'wrong-password');
    const unknown = await login(c, `nobody-${u.id}@example.com`, 'wrong-password');
    expect(errorOf(wrong)).toEqual(invalid);
    expect(errorOf(unknown)).toEqual(invalid);
    // the same body but for the request's own id
    const withoutId = (b: { error: { requestId?: string } }) => ({ ...b, error: { ...b.error, requestId: undefined } });
    expect(withoutId(wrong.json())).toEqual(withoutId(unknown.json()));
    expect(c.cookies.has('sid')).toBe(false);
    // a password that would be too short for sign-up is simply wrong here
    expect(errorOf(await login(c, u.email, '123'))).toEqual(invalid);
  });

  it('empty fields get the form messages (请输入邮箱地址, 请输入密码)', async () => {
    const c = new Client(t.app);
    expect(errorOf(await login(c, '  ', 'secret123'))).toEqual({ status: 400, code: 'EMAIL_REQUIRED', message: '请输入邮箱地址' });
    expect(errorOf(await login(c, 'a@b.co', '   '))).toEqual({ status: 400, code: 'PASSWORD_REQUIRED', message: '请输入密码' });
    expect(errorOf(await c.post('/api/auth/login', {}))).toMatchObject({ status: 400, code: 'EMAIL_REQUIRED' });
  });

  it('role fields sent with a sign-in are ignored', async () => {
    const u = await makeUser(t.app.ctx.db, { userType: 'company' });
    const c = new Client(t.app);
    const res = await c.post('/api/auth/login', { email: u.email, password: u.password, userType: 'admin', isAdmin: true, role: 'admin' });
    expect(res.json().user.userType).toBe('company');
    const [p] = await t.app.ctx.db.select().from(userProfiles).where(eq(userProfiles.userId, u.id));
    expect(p.userType).toBe('company');
  });
});

describe('failed sign-ins are rate-limited', () => {
  it('10 failures for one email within 15 minutes block it (429), even with the right password; other emails still sign in', async () => {
    const u = await makeUser(t.app.ctx.db, { userType: 'influencer' });
    const bystander = await makeUser(t.app.ctx.db, { userType: 'company' });
    for (let i = 0; i < 10; i++) {
      // from different addresses: the per-email limit does not depend on the IP
      expect(errorOf(await login(new Client(t.app), u.email, `wrong-${i}`))).toEqual(invalid);
    }
    const blocked = await login(new Client(t.app), u.email, u.password);
    expect(errorOf(blocked)).toEqual(limited);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.cookies).toEqual([]);
    // the address in another case is the same address
    expect(errorOf(await login(new Client(t.app), u.email.toUpperCase(), u.password))).toEqual(limited);
    expect((await login(new Client(t.app), bystander.email, bystander.password)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
    expect((await login(new Client(t.app), u.email, u.password)).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures of that email', async () => {
    const u = await makeUser(t.app.ctx.db, { userType: 'company' });
    const c = new Client(t.app);
    for (let i = 0; i < 9; i++) expect((await login(c, u.email, 'nope-nope')).statusCode).toBe(401);
    expect((await login(c, u.email, u.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(c, u.email, 'nope-nope')).statusCode).toBe(401);
    expect((await login(c, u.email, u.password)).statusCode).toBe(200);
  });

  it('50 failures from one IP block that IP for every account (429); other IPs are unaffected', async () => {
    const ip = nextIp();
    const u = await makeUser(t.app.ctx.db, { userType: 'company' });
    for (let i = 0; i < 50; i++) {
      // 50 different addresses, so no per-email limit is reached
      expect((await login(new Client(t.app, { ip }), `guess-${i}@example.com`, 'guess-pass')).statusCode).toBe(401);
    }
    expect(errorOf(await login(new Client(t.app, { ip }), u.email, u.password))).toEqual(limited);
    expect((await login(new Client(t.app), u.email, u.password)).statusCode).toBe(200);
  });
});
