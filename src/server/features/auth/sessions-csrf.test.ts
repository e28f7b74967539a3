/**
 * Sessions (httpOnly SameSite=Lax cookie, server-side rows, logout, expiry, isolation between users)
 * and the cross-origin refusal of state-changing requests.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, sessions, uploads } from '../../db/schema';
import { registerOriginCheck } from '../../platform/csrf';
import { sha256 } from '../../platform/crypto';
import { registerErrorHandling } from '../../platform/errors';
import { Client, createTestApp, errorOf, multipart, pngBytes, signupCompany, signupInfluencer, verifyEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; maxAge?: number; secure?: boolean; expires?: Date };
const cookieOf = (res: { cookies: unknown }, name: string) => (res.cookies as Cookie[]).find((c) => c.name === name);
const unauthenticated = { status: 401, code: 'UNAUTHENTICATED', message: '用户未登录' };
const crossOrigin = { status: 403, code: 'CROSS_ORIGIN', message: '跨站请求已被拒绝' };
const sessionRow = async (token: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(token)))
  )[0];
const meWith = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { sid: token } });

describe('session cookie and row', () => {
  it('is httpOnly, SameSite=Lax, for the whole site, 30 days, not Secure outside production', async () => {
    const { email } = await signupCompany(t.app);
    const c = new Client(t.app);
    const res = await c.post('/api/auth/login', { email, password: 'secret123' }, { 'user-agent': 'vitest-browser/1.0' });
    const sid = cookieOf(res, 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(sid?.secure).toBeFalsy();
    // the database keeps only a hash of the token
    const row = await sessionRow(sid!.value);
    expect(row).toMatchObject({ userId: res.json().user.id, userAgent: 'vitest-browser/1.0', ip: c.ip });
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.id, sid!.value))).toEqual([]);
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('/api/auth/me is 401 for visitors and not cached', async () => {
    const res = await new Client(t.app).get('/api/auth/me');
    expect(errorOf(res)).toEqual(unauthenticated);
    const { client } = await signupCompany(t.app);
    expect((await client.get('/api/auth/me')).headers['cache-control']).toBe('no-store');
  });
});

describe('isolation between users', () => {
  it('/api/auth/me only ever returns the caller, whatever the query or headers say', async () => {
    const a = await signupCompany(t.app);
    const b = await signupInfluencer(t.app);
    const meA = await a.client.get(`/api/auth/me?id=${b.user.id}&userId=${b.user.id}&email=${encodeURIComponent(b.email)}`);
    expect(meA.json().user).toMatchObject({ id: a.user.id, email: a.email, userType: 'company' });
    expect(meA.body).not.toContain(b.user.id);
    expect(meA.body).not.toContain(b.email);
    const meB = await b.client.get('/api/auth/me', { 'x-user-id': a.user.id });
    expect(meB.json().user).toMatchObject({ id: b.user.id, email: b.email, userType: 'influencer' });
    expect(meB.body).not.toContain(a.user.id);
  });

  it('a forged, altered or borrowed-looking cookie exposes nobody', async () => {
    const { client } = await signupCompany(t.app);
    const token = client.cookies.get('sid')!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [flipped, sha256(token), '', 'x'.repeat(101), `${token}x`, token.toUpperCase()]) {
      expect(errorOf(await meWith(bad)), bad).toEqual(unauthenticated);
    }
    expect((await meWith(token)).statusCode).toBe(200);
  });

  it('signing in as B in a browser signed in as A ends A’s session there', async () => {
    const a = await signupCompany(t.app);
    const b = await signupCompany(t.app);
    const tokenA = a.client.cookies.get('sid')!;
    expect((await a.client.post('/api/auth/login', { email: b.email, password: 'secret123' })).statusCode).toBe(200);
    expect((await a.client.get('/api/auth/me')).json().user.id).toBe(b.user.id);
    expect(await sessionRow(tokenA)).toBeUndefined();
    expect(errorOf(await meWith(tokenA))).toEqual(unauthenticated);
  });

  it('signing up a new account in a browser signed in as A ends A’s session there too', async () => {
    const a = await signupCompany(t.app);
    const tokenA = a.client.cookies.get('sid')!;
    const email = `second-account-${Date.now()}@example.com`;
    await verifyEmail(t.app, a.client, email);
    const res = await a.client.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' });
    expect(res.statusCode).toBe(200);
    expect((await a.client.get('/api/auth/me')).json().user.email).toBe(email);
    expect(await sessionRow(tokenA)).toBeUndefined();
    expect(errorOf(await meWith(tokenA))).toEqual(unauthenticated);
  });
});

describe('logout', () => {
  it('ends the session on the server and clears the cookie; other sessions and users are untouched', async () => {
    const a = await signupCompany(t.app);
    const b = await signupCompany(t.app);
    const laptop = a.client;
    const phone = new Client(t.app);
    expect((await phone.post('/api/auth/login', { email: a.email, password: 'secret123' })).statusCode).toBe(200);
    const laptopToken = laptop.cookies.get('sid')!;

    const res = await laptop.post('/api/auth/logout');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = cookieOf(res, 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime() ?? 0).toBeLessThan(Date.now());
    expect(await sessionRow(laptopToken)).toBeUndefined();
    // replaying the old cookie does not bring the session back
    expect(errorOf(await meWith(laptopToken))).toEqual(unauthenticated);
    expect(errorOf(await laptop.get('/api/auth/me'))).toEqual(unauthenticated);
    expect((await phone.get('/api/auth/me')).json().user.id).toBe(a.user.id);
    expect((await b.client.get('/api/auth/me')).json().user.id).toBe(b.user.id);
  });

  it('a visitor may log out too (ok, nothing happens)', async () => {
    const res = await new Client(t.app).post('/api/auth/logout');
    expect(res.statusCode).toBe(204);
  });
});

describe('expiry', () => {
  it('an expired session is refused', async () => {
    const { client } = await signupCompany(t.app);
    const token = client.cookies.get('sid')!;
    await t.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sha256(token)));
    expect(errorOf(await client.get('/api/auth/me'))).toEqual(unauthenticated);
  });

  it('use extends a session (sliding 30 days, written at most daily)', async () => {
    const { client } = await signupCompany(t.app);
    const id = sha256(client.cookies.get('sid')!);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const soon = new Date(Date.now() + 86_400_000);
    await t.app.ctx.db.update(sessions).set({ lastSeenAt: twoDaysAgo, expiresAt: soon }).where(eq(sessions.id, id));
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
    // within a day nothing is written
    const recent = new Date(Date.now() - 3_600_000);
    await t.app.ctx.db.update(sessions).set({ lastSeenAt: recent, expiresAt: soon }).where(eq(sessions.id, id));
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const [unchanged] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(unchanged.expiresAt.getTime()).toBe(soon.getTime());
  });
});

describe('cross-origin requests', () => {
  const evil = { origin: 'https://evil.example' };

  it('every state-changing endpoint refuses another origin (403 CROSS_ORIGIN) and does nothing', async () => {
    const victim = await signupCompany(t.app);
    const token = victim.client.cookies.get('sid')!;
    const email = `csrf-${Date.now()}@example.com`;
    const avatar = multipart(await pngBytes(), 'a.png', 'image/png');
    const attempts = [
      victim.client.post('/api/auth/logout', undefined, evil),
      victim.client.post('/api/auth/email-code', { email }, evil),
      victim.client.post('/api/auth/email-code/verify', { email, code: '123456' }, evil),
      victim.client.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' }, evil),
      victim.client.post('/api/auth/login', { email: victim.email, password: 'secret123' }, evil),
      victim.client.request({ method: 'POST', url: '/api/uploads?purpose=avatar', payload: avatar.payload, headers: { ...avatar.headers, ...evil } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(errorOf(res)).toEqual(crossOrigin);
      expect(res.cookies).toEqual([]);
    }
    // the session survived the forged logout, no mail was sent, nothing was stored
    expect((await meWith(token)).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, email))).toEqual([]);
    expect(await t.app.ctx.db.select().from(uploads).where(eq(uploads.ownerUserId, victim.user.id))).toEqual([]);
    // the same upload from this site works
    expect((await victim.client.request({ method: 'POST', url: '/api/uploads?purpose=avatar', ...avatar })).statusCode).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site and Origin: null; allows this site, same-site fetches and non-browser clients', async () => {
    const { email } = await signupCompany(t.app);
    const c = new Client(t.app);
    const body = { email, password: 'secret123' };
    expect(errorOf(await c.post('/api/auth/login', body, { 'sec-fetch-site': 'cross-site' }))).toEqual(crossOrigin);
    expect(errorOf(await c.post('/api/auth/login', body, { origin: 'null' }))).toEqual(crossOrigin);
    expect(errorOf(await c.post('/api/auth/login', body, { origin: 'http://localhost:8080', host: 'localhost:3000' }))).toEqual(crossOrigin);
    expect(errorOf(await c.post('/api/auth/login', body, { origin: 'http://localhost.evil.example', host: 'localhost' }))).toEqual(crossOrigin);
    const allowed: Record<string, string>[] = [
      { origin: 'http://shop.example:3000', host: 'shop.example:3000' },
      { origin: 'https://shop.example', host: 'shop.example' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of allowed) {
      expect((await c.post('/api/auth/login', body, headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('reading is not state-changing: GET with another origin still answers (CORS keeps the body from that site)', async () => {
    const { client } = await signupCompany(t.app);
    expect((await client.get('/api/auth/me', evil)).statusCode).toBe(200);
    expect(client.cookies.has('sid')).toBe(true);
  });

  it('a portfolio upload from another origin is refused before anything is stored', async () => {
    const c = new Client(t.app);
    await verifyEmail(t.app, c, `csrf-upload-${Date.now()}@example.com`);
    const mp = multipart(await pngBytes(), 'p.png', 'image/png');
    const res = await c.request({ method: 'POST', url: '/api/uploads?purpose=portfolio', payload: mp.payload, headers: { ...mp.headers, ...evil } });
    expect(errorOf(res)).toEqual(crossOrigin);
  });

  it('PUBLIC_URL names the site when the Host header is an internal name (behind a proxy)', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    registerOriginCheck(app, 'https://shop.example.com');
    app.post('/x', async () => ({ ok: true }));
    app.get('/x', async () => ({ ok: true }));
    try {
      const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/x', headers });
      expect((await post({ origin: 'https://shop.example.com', host: '10.0.0.5:3000' })).statusCode).toBe(200);
      expect((await post({ origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' })).statusCode).toBe(200);
      expect(errorOf(await post({ origin: 'https://shop.example.com.evil.io', host: '10.0.0.5:3000' }))).toEqual(crossOrigin);
      expect(errorOf(await post({ origin: 'http://shop.example.com', host: '10.0.0.5:3000' }))).toEqual(crossOrigin);
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        expect(errorOf(await app.inject({ method, url: '/x', headers: { origin: 'https://evil.example' } }))).toEqual(crossOrigin);
      }
      expect((await app.inject({ method: 'GET', url: '/x', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
