import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, lastCode, signupCompany, signupInfluencer, verifyEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-up with an emailed code', () => {
  it('sends a code that is never in the response, and the code signs up a company', async () => {
    const c = new Client(t.app);
    const sent = await c.post('/api/auth/email-code', { email: '  Boss@Example.COM ' });
    expect(sent.statusCode).toBe(200);
    const code = await lastCode(t.app, 'boss@example.com');
    expect(sent.body).not.toContain(code);
    const v = await c.post('/api/auth/email-code/verify', { email: 'boss@example.com', code });
    expect(v.statusCode).toBe(200);
    expect(v.body).not.toContain(code);
    const res = await c.post('/api/auth/signup', { email: 'boss@example.com', password: ' secret1 ', confirmPassword: 'secret1', userType: 'company' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'boss@example.com', userType: 'company' });
    const me = await c.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('boss@example.com');
  });

  it('refuses sign-up without a verified email (请先完成邮箱验证)', async () => {
    const c = new Client(t.app);
    const res = await c.post('/api/auth/signup', { email: 'nov@example.com', password: 'secret1', userType: 'company' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: '请先完成邮箱验证' });
  });

  it('a used code cannot be used again, and a second sign-up of the same email (any case) is 409', async () => {
    const { client, email } = await signupCompany(t.app, 'dup@example.com');
    expect(client.cookies.has('sid')).toBe(true);
    const again = new Client(t.app);
    const sent = await again.post('/api/auth/email-code', { email: 'DUP@example.com' });
    expect(sent.statusCode).toBe(409);
    const res = await again.post('/api/auth/signup', { email: email.toUpperCase(), password: 'secret1', userType: 'company' });
    expect([400, 409]).toContain(res.statusCode);
  });

  it('signs up an influencer with the talent questionnaire', async () => {
    const { client } = await signupInfluencer(t.app);
    const me = await client.get('/api/auth/me');
    expect(me.json().user.userType).toBe('influencer');
  });

  it('five wrong codes void the code', async () => {
    const c = new Client(t.app);
    await c.post('/api/auth/email-code', { email: 'brute@example.com' });
    const code = await lastCode(t.app, 'brute@example.com');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i++) {
      const r = await c.post('/api/auth/email-code/verify', { email: 'brute@example.com', code: wrong });
      expect(r.json().error).toMatchObject({ code: 'CODE_INVALID', message: '验证码错误，请重试' });
    }
    const fifth = await c.post('/api/auth/email-code/verify', { email: 'brute@example.com', code: wrong });
    expect(fifth.statusCode).toBe(429);
    const right = await c.post('/api/auth/email-code/verify', { email: 'brute@example.com', code });
    expect(right.statusCode).toBe(429);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in, and logout ends the session on the server', async () => {
    const { email } = await signupCompany(t.app);
    const c = new Client(t.app);
    const bad = await c.post('/api/auth/login', { email, password: 'wrong-pass' });
    expect(bad.statusCode).toBe(401);
    const ok = await c.post('/api/auth/login', { email: ` ${email.toUpperCase()} `, password: 'secret123' });
    expect(ok.statusCode).toBe(200);
    const sid = c.cookies.get('sid')!;
    expect((await c.post('/api/auth/logout')).statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${sid}` } });
    expect(stale.statusCode).toBe(401);
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN');
  });

  it('verifyEmail helper keeps an upload ticket cookie', async () => {
    const c = new Client(t.app);
    await verifyEmail(t.app, c, 'ticket@example.com');
    expect(c.cookies.has('signup_ticket')).toBe(true);
  });
});
