/**
 * Email codes: made on the server, hashed, 6 digits, 10-minute expiry, 5 tries, 60 s cool-down,
 * rate limits per address and per IP, never in a response, and single use.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, users, verificationCodes } from '../../db/schema';
import type { Mailer } from '../../platform/mail';
import { Client, createTestApp, errorOf, lastCode, nextIp, type TestApp } from '../../test/harness';

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

let n = 0;
const freshEmail = (p = 'code') => `${p}-${++n}@example.com`;

async function send(c: Client, email: string) {
  const res = await c.post('/api/auth/email-code', { email });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t.app, email);
}
const verify = (c: Client, email: string, code: string) => c.post('/api/auth/email-code/verify', { email, code });
/** A 6-digit code that is not `code`. */
const other = (code: string) => (code === '123456' ? '654321' : '123456');
/** Moves every code of `email` `seconds` into the past, as if time had passed (the cool-down reads created_at). */
async function age(email: string, seconds: number) {
  await t.app.ctx.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(verificationCodes.target, email));
}
/** Makes the newest code of `email` look sent `seconds` ago (by this process's clock, which the cool-down uses). */
async function sentSecondsAgo(email: string, seconds: number) {
  const [newest] = await rows(email);
  await t.app.ctx.db
    .update(verificationCodes)
    .set({ createdAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(verificationCodes.id, newest.id));
}
const rows = (email: string) =>
  t.app.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.target, email)).orderBy(desc(verificationCodes.createdAt));

describe('sending', () => {
  it('mails a random 6-digit code (100000–999999); the response tells only the cool-down and validity', async () => {
    const c = new Client(t.app);
    const email = freshEmail();
    const res = await c.post('/api/auth/email-code', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, cooldownSeconds: 60, expiresInSeconds: 600 });
    const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, email));
    const code = await lastCode(t.app, email);
    expect(code).toMatch(/^[1-9]\d{5}$/);
    expect(mail).toMatchObject({ channel: 'email', subject: expect.stringContaining('注册验证码') });
    expect(mail.body).toContain(`您的注册验证码是 ${code}，10 分钟内有效`);
    expect(JSON.stringify(res.headers)).not.toContain(code);
    expect(res.body).not.toContain(code);
  });

  it('stores only a keyed hash of the code, expiring 10 minutes after it was made', async () => {
    const c = new Client(t.app);
    const email = freshEmail();
    const before = Date.now();
    const code = await send(c, email);
    const [row] = await rows(email);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 600_000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(row).toMatchObject({ attempts: 0, verifiedAt: null, consumedAt: null, purpose: 'signup_email' });
  });

  it('a second request within 60 s is refused with the seconds left (429), then allowed; only the newest code is valid', async () => {
    const c = new Client(t.app);
    const email = freshEmail();
    const first = await send(c, email);
    const again = await c.post('/api/auth/email-code', { email });
    expect(again.statusCode).toBe(429);
    const { code, message, params } = again.json().error;
    expect(code).toBe('CODE_COOLDOWN');
    expect(params.seconds).toBeGreaterThan(0);
    expect(params.seconds).toBeLessThanOrEqual(60);
    expect(message).toBe(`请${params.seconds}秒后再重新发送`);
    expect(again.headers['retry-after']).toBe(String(params.seconds));
    // the cool-down is per address, and a different case is the same address
    expect((await c.post('/api/auth/email-code', { email: email.toUpperCase() })).statusCode).toBe(429);
    expect((await c.post('/api/auth/email-code', { email: freshEmail() })).statusCode).toBe(200);

    // sent 45 s ago: at most 15 s to wait (fewer if this machine is slow between the two lines)
    await sentSecondsAgo(email, 45);
    const later = await c.post('/api/auth/email-code', { email });
    expect(later.statusCode).toBe(429);
    expect(later.json().error.params.seconds).toBeGreaterThan(0);
    expect(later.json().error.params.seconds).toBeLessThanOrEqual(15);
    let second: string;
    // (codes are random: in the rare case the new code equals the old one, send once more)
    do {
      await age(email, 61);
      second = await send(c, email);
    } while (second === first);
    expect(errorOf(await verify(c, email, first))).toEqual({ status: 400, code: 'CODE_INVALID', message: '验证码错误，请重试' });
    expect((await verify(c, email, second)).statusCode).toBe(200);
    const all = await rows(email);
    expect(all.filter((r) => r.consumedAt === null)).toHaveLength(1);
  });

  it('at most 6 codes per address per requesting IP per hour (429 with a clear message), other addresses and IPs unaffected', async () => {
    const email = freshEmail('per-address');
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      // a new browser each time from one IP: the address and the IP are the same
      await send(new Client(t.app, { ip }), email);
      await age(email, 61);
    }
    const seventh = await new Client(t.app, { ip }).post('/api/auth/email-code', { email });
    expect(errorOf(seventh)).toEqual({ status: 429, code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' });
    expect(Number(seventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(seventh.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await new Client(t.app, { ip }).post('/api/auth/email-code', { email: freshEmail() })).statusCode).toBe(200);
    // someone else (another IP) asking for this address is not held by that quota (item 4: no lock-out by strangers)
    expect((await new Client(t.app).post('/api/auth/email-code', { email })).statusCode).toBe(200);
  });

  it('at most 30 codes per IP per hour, whatever the addresses (429); another IP is unaffected', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      expect((await new Client(t.app, { ip }).post('/api/auth/email-code', { email: freshEmail('ip') })).statusCode).toBe(200);
    }
    const over = await new Client(t.app, { ip }).post('/api/auth/email-code', { email: freshEmail('ip') });
    expect(errorOf(over)).toEqual({ status: 429, code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' });
    expect((await new Client(t.app).post('/api/auth/email-code', { email: freshEmail('ip') })).statusCode).toBe(200);
  });

  it('a code that could not be delivered is void (502 发送失败)', async () => {
    const c = new Client(t.app);
    const email = freshEmail('undeliverable');
    const real = t.app.ctx.mailer;
    let sent = '';
    const failing: Mailer = {
      kind: 'smtp',
      send: async (msg) => {
        sent = msg.body;
        throw new Error('smtp down');
      },
    };
    t.app.ctx.mailer = failing;
    try {
      expect(errorOf(await c.post('/api/auth/email-code', { email }))).toEqual({ status: 502, code: 'SEND_FAILED', message: '发送失败' });
    } finally {
      t.app.ctx.mailer = real;
    }
    const code = sent.match(/\d{6}/)![0];
    expect(errorOf(await verify(c, email, code))).toEqual({ status: 400, code: 'CODE_NOT_SENT', message: '请先发送验证码' });
  });
});

describe('checking', () => {
  it('refuses a missing, malformed, unsent or wrong code with the spec messages', async () => {
    const c = new Client(t.app);
    const email = freshEmail();
    expect(errorOf(await c.post('/api/auth/email-code/verify', { email }))).toEqual({ status: 400, code: 'CODE_REQUIRED', message: '请输入验证码' });
    expect(errorOf(await verify(c, email, '12ab56'))).toEqual({ status: 400, code: 'CODE_INVALID', message: '验证码错误，请重试' });
    expect(errorOf(await verify(c, email, '123456'))).toEqual({ status: 400, code: 'CODE_NOT_SENT', message: '请先发送验证码' });
    const code = await send(c, email);
    expect(errorOf(await verify(c, email, other(code)))).toEqual({ status: 400, code: 'CODE_INVALID', message: '验证码错误，请重试' });
    const ok = await verify(c, ` ${email.toUpperCase()} `, ` ${code} `);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ verified: true, signupToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(ok.body).not.toContain(code);
    expect(JSON.stringify(ok.headers)).not.toContain(code);
  });

  it("a code is bound to its address: another address's code does not verify it", async () => {
    const c = new Client(t.app);
    const [a, b] = [freshEmail(), freshEmail()];
    const codeA = await send(c, a);
    const codeB = await send(c, b);
    if (codeA !== codeB) {
      expect(errorOf(await verify(c, b, codeA))).toMatchObject({ code: 'CODE_INVALID' });
    }
    expect(errorOf(await verify(c, freshEmail(), codeA))).toMatchObject({ code: 'CODE_NOT_SENT' });
    expect((await verify(c, b, codeB)).statusCode).toBe(200);
  });

  it('5 tries: the 5th wrong try voids the code (429), even for the right code afterwards', async () => {
    const c = new Client(t.app);
    const email = freshEmail('brute');
    const code = await send(c, email);
    for (let i = 1; i <= 4; i++) {
      expect(errorOf(await verify(c, email, other(code)))).toEqual({ status: 400, code: 'CODE_INVALID', message: '验证码错误，请重试' });
    }
    const exceeded = { status: 429, code: 'CODE_ATTEMPTS_EXCEEDED', message: '验证码错误次数过多，请重新获取' };
    expect(errorOf(await verify(c, email, other(code)))).toEqual(exceeded);
    expect(errorOf(await verify(c, email, code))).toEqual(exceeded);
    expect(errorOf(await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' }))).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    });
    // a new code (after the cool-down) starts again
    await age(email, 61);
    const fresh = await send(c, email);
    expect((await verify(c, email, fresh)).statusCode).toBe(200);
  });

  it('the right code on the 5th try still verifies', async () => {
    const c = new Client(t.app);
    const email = freshEmail('fifth');
    const code = await send(c, email);
    for (let i = 1; i <= 4; i++) expect((await verify(c, email, other(code))).statusCode).toBe(400);
    expect((await verify(c, email, code)).statusCode).toBe(200);
  });

  it('expires 10 minutes after it was sent (验证码已过期，请重新获取)', async () => {
    const c = new Client(t.app);
    const [early, late] = [freshEmail('early'), freshEmail('late')];
    const beforeEarly = Date.now();
    const earlyCode = await send(c, early);
    const lateCode = await send(c, late);
    const afterLate = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    // 9 min 50 s after it was sent at the earliest: still valid
    vi.setSystemTime(beforeEarly + 9 * 60_000 + 50_000);
    expect((await verify(c, early, earlyCode)).statusCode).toBe(200);
    // 10 min 1 s after it was sent at the latest: expired
    vi.setSystemTime(afterLate + 10 * 60_000 + 1_000);
    expect(errorOf(await verify(c, late, lateCode))).toEqual({ status: 400, code: 'CODE_EXPIRED', message: '验证码已过期，请重新获取' });
  });

  it('sets an httpOnly, SameSite=Lax sign-up cookie for /api that lasts 30 minutes and holds no code', async () => {
    const c = new Client(t.app);
    const email = freshEmail();
    const code = await send(c, email);
    const res = await verify(c, email, code);
    const ticket = (
      res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; maxAge?: number; secure?: boolean }[]
    ).find((x) => x.name === 'signup_ticket');
    expect(ticket).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api', maxAge: 1800 });
    expect(ticket?.secure).toBeFalsy();
    expect(ticket!.value).not.toContain(code);
    expect(ticket!.value.length).toBeGreaterThanOrEqual(43);
  });

  it('a verified email must be used for sign-up within 30 minutes', async () => {
    const c = new Client(t.app);
    const email = freshEmail('stale');
    const code = await send(c, email);
    expect((await verify(c, email, code)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect(errorOf(await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' }))).toEqual({
      status: 400,
      code: 'EMAIL_NOT_VERIFIED',
      message: '请先完成邮箱验证',
    });
  });
});

describe('single use', () => {
  it('a code used for a sign-up cannot be used again, nor can its verification', async () => {
    const c = new Client(t.app);
    const email = freshEmail('used');
    const code = await send(c, email);
    expect((await verify(c, email, code)).statusCode).toBe(200);
    const res = await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(code);
    const [row] = await rows(email);
    expect(row.consumedAt).not.toBeNull();

    const again = new Client(t.app);
    expect(errorOf(await verify(again, email, code))).toEqual({ status: 400, code: 'CODE_NOT_SENT', message: '请先发送验证码' });
    expect(errorOf(await again.post('/api/auth/signup', { email, password: 'other-pass', userType: 'company' }))).toEqual({
      status: 400,
      code: 'EMAIL_NOT_VERIFIED',
      message: '请先完成邮箱验证',
    });
    // still exactly one account, with the first password
    const accounts = await t.app.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.email, email)));
    expect(accounts).toHaveLength(1);
    expect((await again.post('/api/auth/login', { email, password: 'secret1' })).statusCode).toBe(200);
  });
});
