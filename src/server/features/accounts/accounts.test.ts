import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { makeInfluencer } from '../../db/factories';
import { influencers, sessions, uploads } from '../../db/schema';
import { Client, createTestApp, lastCode, multipart, pngBytes, signupCompany, signupInfluencer, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('who may open which profile', () => {
  it('visitors get 请先登录后再访问个人中心 / 请先登录后再访问账号设置', async () => {
    const v = new Client(t.app);
    expect((await v.get('/api/influencers/me')).json().error).toMatchObject({ code: 'LOGIN_REQUIRED_PROFILE', message: '请先登录后再访问个人中心' });
    expect((await v.get('/api/companies/me')).statusCode).toBe(401);
    expect((await v.get('/api/account')).json().error).toMatchObject({ code: 'LOGIN_REQUIRED_SETTINGS', message: '请先登录后再访问账号设置' });
  });
  it('wrong roles get the page messages', async () => {
    const co = await signupCompany(t.app);
    const inf = await signupInfluencer(t.app);
    const a = await co.client.get('/api/influencers/me');
    expect(a.statusCode).toBe(403);
    expect(a.json().error.message).toBe('只有达人用户可以访问此页面');
    const b = await inf.client.request({ method: 'PUT', url: '/api/companies/me', payload: { companyName: 'x', contactPerson: 'y' } });
    expect(b.statusCode).toBe(403);
    expect(b.json().error.message).toBe('只有企业用户可以访问此页面');
  });
});

describe('influencer profile', () => {
  it('saves the profile, refuses owner-set admin fields, duplicate tags and empty nickname', async () => {
    const { client, user } = await signupInfluencer(t.app);
    const ok = await client.request({
      method: 'PUT',
      url: '/api/influencers/me',
      payload: {
        nickname: ' 小王 ',
        categories: ['美妆护肤'],
        tags: ['好物', ' '],
        hourlyRateCents: 30_000,
        experienceYears: 2.5,
        isApproved: true,
        rating: 5,
        followersCount: 999,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({
      nickname: '小王',
      tags: ['好物'],
      hourlyRateCents: 30_000,
      experienceYears: 2.5,
      isApproved: false,
      rating: 0,
      followersCount: 0,
    });
    const dup = await client.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: 'a', tags: ['x', 'x'] } });
    expect(dup.json().error).toMatchObject({ code: 'TAG_DUPLICATE', message: '该标签已存在' });
    const dupCat = await client.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: 'a', categories: ['美妆护肤', '美妆护肤'] } });
    expect(dupCat.json().error.message).toBe('该分类已存在');
    const empty = await client.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: '  ' } });
    expect(empty.json().error).toMatchObject({ code: 'NICKNAME_REQUIRED', message: '昵称不能为空' });
    const neg = await client.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: 'a', hourlyRateCents: -1 } });
    expect(neg.statusCode).toBe(400);
    const [row] = await t.app.ctx.db.select().from(influencers).where(eq(influencers.userId, user.id));
    expect(row.nickname).toBe('小王');
  });

  it('replacing the avatar deletes the old file and its record', async () => {
    const { client, user } = await signupInfluencer(t.app);
    const up = async () =>
      (await client.request({ method: 'POST', url: '/api/uploads?purpose=avatar', ...multipart(await pngBytes(), 'a.png', 'image/png') })).json();
    const first = await up();
    await client.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: 'n', avatarUploadId: first.id } });
    const second = await up();
    const res = await client.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: 'n', avatarUploadId: second.id } });
    expect(res.json().profile.avatarUrl).toBe(second.url);
    const rows = await t.app.ctx.db.select().from(uploads).where(eq(uploads.ownerUserId, user.id));
    expect(rows.map((r) => r.url)).not.toContain(first.url);
    expect((await client.get(first.url)).statusCode).toBe(404);
    // another user's upload cannot be used
    const other = await signupInfluencer(t.app);
    const theirs = (
      await other.client.request({ method: 'POST', url: '/api/uploads?purpose=avatar', ...multipart(await pngBytes(), 'b.png', 'image/png') })
    ).json();
    const steal = await client.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: 'n', avatarUploadId: theirs.id } });
    expect(steal.statusCode).toBe(400);
  });

  it('supplement form: required fields and success', async () => {
    const { client } = await signupInfluencer(t.app);
    const bad = await client.request({ method: 'PUT', url: '/api/influencers/me/materials', payload: { nickname: 'x' } });
    expect(bad.statusCode).toBe(400);
    const res = await client.request({
      method: 'PUT',
      url: '/api/influencers/me/materials',
      payload: {
        firstName: '王',
        lastName: '小明',
        phoneNumber: '13800138000',
        nickname: '小明直播',
        tiktokAccount: '@xm',
        tiktokProfileUrl: 'https://www.tiktok.com/@xm',
        tiktokFollowersCount: 12000,
        avgEngagementRate: 3.456,
        categories: ['beauty', 'pets'],
        languages: ['chinese', 'english'],
        liveVenue: 'home',
        weeklySchedule: '周二, 20:00-24:00',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ realName: '王小明', avgEngagementRate: 3.46, tiktokFollowersCount: 12000, liveVenue: 'home' });
    const url = await client.request({
      method: 'PUT',
      url: '/api/influencers/me/materials',
      payload: {
        firstName: '王',
        lastName: '明',
        phoneNumber: '138',
        nickname: 'a',
        tiktokAccount: 'a',
        tiktokProfileUrl: 'not a url',
        tiktokFollowersCount: 1,
      },
    });
    expect(url.statusCode).toBe(400);
  });
});

describe('the follower count of /materials is the 粉丝数 of the profile (issue 10 item 17)', () => {
  it('saving the supplement form sets followersCount to the TikTok follower count, and a new count replaces it', async () => {
    const { client } = await signupInfluencer(t.app);
    expect((await client.get('/api/influencers/me')).json().profile.followersCount).toBe(0);
    const form = {
      firstName: '王',
      lastName: '小明',
      phoneNumber: '13800138000',
      nickname: '小明直播',
      tiktokAccount: '@xm',
      tiktokProfileUrl: 'https://www.tiktok.com/@xm',
      tiktokFollowersCount: 52000,
    };
    const saved = await client.request({ method: 'PUT', url: '/api/influencers/me/materials', payload: form });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({ tiktokFollowersCount: 52000, followersCount: 52000 });
    expect((await client.get('/api/influencers/me')).json().profile).toMatchObject({ tiktokFollowersCount: 52000, followersCount: 52000 });
    await client.request({ method: 'PUT', url: '/api/influencers/me/materials', payload: { ...form, tiktokFollowersCount: 1_250_000 } });
    expect((await client.get('/api/influencers/me')).json().profile.followersCount).toBe(1_250_000);
    // the edit mode of /influencer-profile does not touch it
    await client.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: '小明' } });
    expect((await client.get('/api/influencers/me')).json().profile.followersCount).toBe(1_250_000);
  });
});

describe('migration 0008 backfills 粉丝数 for rows saved before the rule', () => {
  it('copies a declared TikTok count into a followers_count of 0 and leaves other rows alone', async () => {
    const db = t.app.ctx.db;
    const before = await makeInfluencer(db, { tiktokFollowersCount: 5000, followersCount: 0 });
    const seeded = await makeInfluencer(db, { tiktokFollowersCount: null, followersCount: 430_000 });
    const both = await makeInfluencer(db, { tiktokFollowersCount: 7, followersCount: 9 });
    const file = path.join(migrationsFolder, '0008_followers_from_tiktok.sql');
    await db.execute(sql.raw(readFileSync(file, 'utf8')));
    const count = async (id: string) => (await db.select().from(influencers).where(eq(influencers.id, id)))[0].followersCount;
    expect(await count(before.influencer.id)).toBe(5000);
    expect(await count(seeded.influencer.id)).toBe(430_000);
    expect(await count(both.influencer.id)).toBe(9);
  });
});

describe('company profile and verification', () => {
  it('creates the profile on first save, and applying for verification makes one pending request', async () => {
    const { client } = await signupCompany(t.app);
    expect((await client.get('/api/companies/me')).json()).toEqual({
      profile: null,
      verification: null,
      verificationState: 'unverified',
      verificationLapsed: false,
    });
    const missing = await client.request({ method: 'PUT', url: '/api/companies/me', payload: { companyName: '  ', contactPerson: '李' } });
    expect(missing.json().error).toMatchObject({ code: 'COMPANY_REQUIRED_FIELDS', message: '公司名称和联系人不能为空' });
    const badUrl = await client.request({ method: 'PUT', url: '/api/companies/me', payload: { companyName: 'A', contactPerson: 'B', website: 'nope' } });
    expect(badUrl.statusCode).toBe(400);
    const ok = await client.request({
      method: 'PUT',
      url: '/api/companies/me',
      payload: { companyName: '好物公司', contactPerson: '李', industry: 'beauty', companySize: '11-50', website: 'https://a.example.com', isVerified: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({ companyName: '好物公司', isVerified: false });
    // a request carries the business licence and the 统一社会信用代码 (decision 0028; verification.test.ts)
    expect((await client.post('/api/companies/me/verification-requests')).statusCode).toBe(400);
    const licence = await client.request({
      method: 'POST',
      url: '/api/uploads?purpose=business-license',
      ...multipart(await pngBytes(), 'licence.png', 'image/png'),
    });
    const body = { creditCode: '91110000600037341L', licenseUploadId: licence.json().id };
    const apply = await client.post('/api/companies/me/verification-requests', body);
    expect(apply.json().verification).toMatchObject({ status: 'pending' });
    const again = await client.post('/api/companies/me/verification-requests', body);
    expect(again.statusCode).toBe(409);
  });
});

describe('account settings', () => {
  it('phone change needs a verified 4-digit code', async () => {
    const { client } = await signupCompany(t.app);
    expect((await client.post('/api/account/phone/code', { phone: '' })).json().error.message).toBe('请输入手机号码');
    expect((await client.post('/api/account/phone/code', { phone: '12345678901' })).json().error.message).toBe('请输入正确的手机号码格式');
    expect((await client.request({ method: 'PUT', url: '/api/account/phone', payload: { phone: '13912345678' } })).json().error.message).toBe(
      '请先验证手机号码',
    );
    expect((await client.post('/api/account/phone/verify', { phone: '13912345678', code: '1234' })).json().error.message).toBe('请先发送验证码');
    expect((await client.post('/api/account/phone/code', { phone: '13912345678' })).statusCode).toBe(200);
    const code = await lastCode(t.app, '13912345678');
    expect(code).toHaveLength(4);
    const wrong = code === '1111' ? '2222' : '1111';
    expect((await client.post('/api/account/phone/verify', { phone: '13912345678', code: wrong })).json().error.message).toBe('验证码错误，请重新输入');
    const verified = await client.post('/api/account/phone/verify', { phone: '13912345678', code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ phone: '13912345678', verified: true, saveWithinSeconds: expect.any(Number) });
    const saved = await client.request({ method: 'PUT', url: '/api/account/phone', payload: { phone: '13912345678' } });
    expect(saved.json().account.phone).toBe('13912345678');
    // the verification is used up by the save
    expect((await client.request({ method: 'PUT', url: '/api/account/phone', payload: { phone: '13912345678' } })).statusCode).toBe(400);
  });

  it('password change checks the current password and ends the other sessions', async () => {
    const { client, email } = await signupCompany(t.app);
    const other = new Client(t.app);
    await other.post('/api/auth/login', { email, password: 'secret123' });
    expect((await other.get('/api/auth/me')).statusCode).toBe(200);
    const mismatch = await client.post('/api/account/password', { currentPassword: 'secret123', newPassword: 'newpass1', confirmPassword: 'newpass2' });
    expect(mismatch.json().error.message).toBe('两次输入的新密码不一致');
    const short = await client.post('/api/account/password', { currentPassword: 'secret123', newPassword: '123', confirmPassword: '123' });
    expect(short.json().error.message).toBe('新密码长度不能少于6位');
    const wrong = await client.post('/api/account/password', { currentPassword: 'nope-nope', newPassword: 'newpass1', confirmPassword: 'newpass1' });
    expect(wrong.json().error.code).toBe('CURRENT_PASSWORD_WRONG');
    const ok = await client.post('/api/account/password', { currentPassword: 'secret123', newPassword: 'newpass1', confirmPassword: 'newpass1' });
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    const [{ id }] = await t.app.ctx.db.select({ id: sessions.id }).from(sessions).limit(1);
    expect(id).toBeTruthy();
    expect((await new Client(t.app).post('/api/auth/login', { email, password: 'secret123' })).statusCode).toBe(401);
    expect((await new Client(t.app).post('/api/auth/login', { email, password: 'newpass1' })).statusCode).toBe(200);
  });

  it('settings are saved; deletion needs confirmation and is recorded once', async () => {
    const { client } = await signupCompany(t.app);
    const s = await client.request({ method: 'PUT', url: '/api/account/settings', payload: { profileVisibility: 'private', emailNotifications: false } });
    expect(s.json()).toMatchObject({ profileVisibility: 'private', emailNotifications: false, contactInfoVisibility: 'contacts' });
    expect((await client.get('/api/account')).json().account.settings.profileVisibility).toBe('private');
    expect((await client.post('/api/account/deletion-request', { confirm: false })).statusCode).toBe(400);
    const del = await client.post('/api/account/deletion-request', { confirm: true, reason: '不再使用' });
    expect(del.json().account).toMatchObject({ status: 'deletion_pending' });
    expect((await client.post('/api/account/deletion-request', { confirm: true })).statusCode).toBe(409);
    const cancel = await client.request({ method: 'DELETE', url: '/api/account/deletion-request' });
    expect(cancel.json().account.status).toBe('normal');
  });
});
