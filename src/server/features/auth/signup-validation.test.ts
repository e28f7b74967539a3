/**
 * Sign-up validation of part 1 §5, enforced by the server with the spec's messages, and what a
 * successful sign-up leaves in the database for each role.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { influencers, talentProfiles, talentTypeDetails, uploads, userProfiles, users } from '../../db/schema';
import { Client, createTestApp, errorOf, lastCode, pngBytes, upload, verifyEmail, type TestApp } from '../../test/harness';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await pngBytes();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const freshEmail = (p = 'sv') => `${p}-${++n}@example.com`;
const countUsers = async () => (await t.app.ctx.db.select({ c: sql<number>`count(*)::int` }).from(users))[0].c;

/** A browser holding a verified sign-up email. */
async function verified(email = freshEmail()) {
  const c = new Client(t.app);
  await verifyEmail(t.app, c, email);
  return { c, email };
}

async function portfolio(c: Client, type: string) {
  const r = await upload(c, 'portfolio', png, 'case.png', 'image/png', `&talentType=${type}`);
  expect(r.statusCode).toBe(200);
  return r.json() as { id: string; url: string };
}

describe('email (请输入邮箱地址, 请先完成邮箱验证)', () => {
  it('a code cannot be requested without an email', async () => {
    const c = new Client(t.app);
    for (const body of [{}, { email: '' }, { email: '   ' }, { email: null }]) {
      expect(errorOf(await c.post('/api/auth/email-code', body))).toEqual({ status: 400, code: 'EMAIL_REQUIRED', message: '请输入邮箱地址' });
    }
    expect(errorOf(await c.post('/api/auth/email-code', { email: 'no-at-sign' }))).toEqual({
      status: 400,
      code: 'EMAIL_INVALID',
      message: '请输入有效的邮箱地址',
    });
    expect(errorOf(await c.post('/api/auth/signup', { email: ' ', password: 'secret1', userType: 'company' }))).toEqual({
      status: 400,
      code: 'EMAIL_REQUIRED',
      message: '请输入邮箱地址',
    });
  });

  it('sign-up needs the email verified first: never sent, sent but not verified, or another address verified', async () => {
    const c = new Client(t.app);
    const notVerified = { status: 400, code: 'EMAIL_NOT_VERIFIED', message: '请先完成邮箱验证' };
    const email = freshEmail();
    expect(errorOf(await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' }))).toEqual(notVerified);
    expect((await c.post('/api/auth/email-code', { email })).statusCode).toBe(200);
    expect(errorOf(await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' }))).toEqual(notVerified);
    const other = freshEmail();
    await verifyEmail(t.app, c, other);
    expect(errorOf(await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' }))).toEqual(notVerified);
    expect(
      errorOf(await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'influencer', talent: { types: ['live-host'], details: {} } })),
    ).toMatchObject({ status: 400 });
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('the email is trimmed and lower-cased: the account is stored and signs in under the clean address', async () => {
    const c = new Client(t.app);
    await c.post('/api/auth/email-code', { email: '  Mixed.Case@Example.COM ' });
    const code = await lastCode(t.app, 'mixed.case@example.com');
    expect((await c.post('/api/auth/email-code/verify', { email: 'MIXED.case@example.com  ', code })).statusCode).toBe(200);
    const res = await c.post('/api/auth/signup', { email: ' Mixed.Case@EXAMPLE.com', password: 'secret1', userType: 'company' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'mixed.case@example.com', userType: 'company' });
    const [row] = await t.app.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, res.json().user.id));
    expect(row.email).toBe('mixed.case@example.com');
  });
});

describe('password (请输入密码, 密码至少需要6位字符, 密码不匹配)', () => {
  it('each rule is refused with its message, and a refused attempt neither creates an account nor spends the verification', async () => {
    const { c, email } = await verified();
    const before = await countUsers();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: '' }, 'PASSWORD_REQUIRED', '请输入密码'],
      [{ password: '      ' }, 'PASSWORD_REQUIRED', '请输入密码'],
      [{}, 'PASSWORD_REQUIRED', '请输入密码'],
      [{ password: '12345' }, 'PASSWORD_TOO_SHORT', '密码至少需要6位字符'],
      // 7 characters as typed, 5 once trimmed
      [{ password: ' 12345 ', confirmPassword: ' 12345 ' }, 'PASSWORD_TOO_SHORT', '密码至少需要6位字符'],
      [{ password: 'secret1', confirmPassword: 'secret2' }, 'PASSWORD_MISMATCH', '密码不匹配'],
      [{ password: 'secret1', confirmPassword: '' }, 'PASSWORD_MISMATCH', '密码不匹配'],
    ];
    for (const [fields, code, message] of cases) {
      const res = await c.post('/api/auth/signup', { email, userType: 'company', ...fields });
      expect(errorOf(res), JSON.stringify(fields)).toEqual({ status: 400, code, message });
    }
    expect(await countUsers()).toBe(before);
    // still verified: the same browser can now sign up; the password is trimmed and the confirmation compared trimmed
    const ok = await c.post('/api/auth/signup', { email, password: '  secret1 ', confirmPassword: 'secret1  ', userType: 'company' });
    expect(ok.statusCode).toBe(200);
    const fresh = new Client(t.app);
    expect((await fresh.post('/api/auth/login', { email, password: 'secret1' })).statusCode).toBe(200);
    expect((await fresh.post('/api/auth/login', { email, password: '\tsecret1 ' })).statusCode).toBe(200);
  });

  it('is stored as an argon2id hash, never as given', async () => {
    const { c, email } = await verified();
    const res = await c.post('/api/auth/signup', { email, password: 'plain-secret-9', userType: 'company' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('plain-secret-9');
    const [row] = await t.app.ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row.h).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(row.h).not.toContain('plain-secret-9');
  });
});

describe('influencer questionnaire (请至少选择一个达人类型, 请选择{type}的经验, 请上传{type}的相关案例)', () => {
  const labels = { 'live-host': '带货主播', 'account-manager': '账号运营', 'video-editor': '视频剪辑' } as const;

  it('at least one talent type', async () => {
    const { c, email } = await verified();
    const expected = { status: 400, code: 'TALENT_TYPE_REQUIRED', message: '请至少选择一个达人类型' };
    const base = { email, password: 'secret1', confirmPassword: 'secret1', userType: 'influencer' };
    expect(errorOf(await c.post('/api/auth/signup', base))).toEqual(expected);
    expect(errorOf(await c.post('/api/auth/signup', { ...base, talent: {} }))).toEqual(expected);
    expect(errorOf(await c.post('/api/auth/signup', { ...base, talent: { types: [], details: {} } }))).toEqual(expected);
  });

  it('for each chosen type: its experience, then at least one case file — named by the type in Chinese', async () => {
    const { c, email } = await verified();
    const base = { email, password: 'secret1', userType: 'influencer' };
    for (const type of Object.keys(labels) as (keyof typeof labels)[]) {
      const noExp = await c.post('/api/auth/signup', { ...base, talent: { types: [type], details: { [type]: {} } } });
      expect(errorOf(noExp)).toEqual({ status: 400, code: 'TALENT_EXPERIENCE_REQUIRED', message: `请选择${labels[type]}的经验` });
      // the web names the type in its own language from params
      expect(noExp.json().error.params).toEqual({ type });
      expect(noExp.json().error.fields).toMatchObject({ [`talent.details.${type}.experience`]: 'TALENT_EXPERIENCE_REQUIRED' });

      const noFiles = await c.post('/api/auth/signup', { ...base, talent: { types: [type], details: { [type]: { experience: '1-6' } } } });
      expect(errorOf(noFiles)).toEqual({ status: 400, code: 'TALENT_PORTFOLIO_REQUIRED', message: `请上传${labels[type]}的相关案例` });
      expect(noFiles.json().error.params).toEqual({ type });
    }
    // the first unanswered type is reported, in the order chosen
    const file = await portfolio(c, 'live-host');
    const second = await c.post('/api/auth/signup', {
      ...base,
      talent: { types: ['live-host', 'video-editor'], details: { 'live-host': { experience: '3+', portfolioFileIds: [file.id] } } },
    });
    expect(errorOf(second)).toEqual({ status: 400, code: 'TALENT_EXPERIENCE_REQUIRED', message: '请选择视频剪辑的经验' });
  });

  it('more than 3 case files for a type is refused (最多只能上传 3 个文件)', async () => {
    const { c, email } = await verified();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await portfolio(c, 'video-editor')).id);
    const res = await c.post('/api/auth/signup', {
      email,
      password: 'secret1',
      userType: 'influencer',
      talent: { types: ['video-editor'], details: { 'video-editor': { experience: 'newbie', portfolioFileIds: ids } } },
    });
    expect(errorOf(res)).toEqual({ status: 400, code: 'TOO_MANY_FILES', message: '最多只能上传 3 个文件' });
    // three are fine
    const ok = await c.post('/api/auth/signup', {
      email,
      password: 'secret1',
      userType: 'influencer',
      talent: { types: ['video-editor'], details: { 'video-editor': { experience: 'newbie', portfolioFileIds: ids.slice(0, 3) } } },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a complete sign-up stores the answers and file URLs (talent_profiles, talent_type_details) and a new, unapproved influencer', async () => {
    const { c, email } = await verified(freshEmail('host'));
    const host = [await portfolio(c, 'live-host'), await portfolio(c, 'live-host')];
    const manager = [await portfolio(c, 'account-manager')];
    const editor = [await portfolio(c, 'video-editor')];
    const res = await c.post('/api/auth/signup', {
      email,
      password: 'secret1',
      confirmPassword: 'secret1',
      userType: 'influencer',
      talent: {
        types: ['live-host', 'account-manager', 'video-editor'],
        details: {
          'live-host': {
            experience: '1-3',
            portfolioFileIds: host.map((f) => f.id),
            portfolioLinks: ['https://v.example.com/1'],
            categories: ['beauty', 'pet'],
            hostStyles: ['drama', 'knowledge'],
            achievement: '  单场GMV 10万  ',
          },
          'account-manager': {
            experience: '6-12',
            portfolioFileIds: manager.map((f) => f.id),
            operationCategories: ['food'],
            operationSkills: ['data', 'community'],
            successCases: '运营账号涨粉5万',
          },
          'video-editor': {
            experience: 'newbie',
            portfolioFileIds: editor.map((f) => f.id),
            editingSoftware: ['pr', 'fcpx'],
            editingStyles: ['short'],
          },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().user as { id: string; userType: string; email: string; displayName: string | null };
    expect(user).toMatchObject({ email, userType: 'influencer', displayName: email.split('@')[0] });
    // signed in at once; the sign-up ticket is gone
    expect(c.cookies.has('sid')).toBe(true);
    expect(c.cookies.has('signup_ticket')).toBe(false);
    expect((await c.get('/api/auth/me')).json().user.id).toBe(user.id);

    const db = t.app.ctx.db;
    expect((await db.select().from(userProfiles).where(eq(userProfiles.userId, user.id)))[0].userType).toBe('influencer');
    const [inf] = await db.select().from(influencers).where(eq(influencers.userId, user.id));
    expect(inf).toMatchObject({
      nickname: email.split('@')[0],
      followersCount: 0,
      isVerified: false,
      isApproved: false,
      rating: 0,
      totalReviews: 0,
      totalLiveCount: 0,
      avgViews: 0,
      hourlyRateCents: 0,
      status: 'active',
    });
    const [profile] = await db.select().from(talentProfiles).where(eq(talentProfiles.userId, user.id));
    expect(profile.talentTypes).toEqual(['live-host', 'account-manager', 'video-editor']);
    const details = await db.select().from(talentTypeDetails).where(eq(talentTypeDetails.profileId, profile.id));
    const byType = Object.fromEntries(details.map((d) => [d.talentType, d]));
    expect(Object.keys(byType).sort()).toEqual(['account-manager', 'live-host', 'video-editor']);
    expect(byType['live-host']).toMatchObject({
      experience: '1-3',
      portfolioFiles: host.map((f) => f.url),
      portfolioLinks: ['https://v.example.com/1'],
      categories: ['beauty', 'pet'],
      hostStyles: ['drama', 'knowledge'],
      achievement: '单场GMV 10万',
    });
    expect(byType['account-manager']).toMatchObject({
      experience: '6-12',
      portfolioFiles: manager.map((f) => f.url),
      operationCategories: ['food'],
      operationSkills: ['data', 'community'],
      successCases: '运营账号涨粉5万',
    });
    expect(byType['video-editor']).toMatchObject({
      experience: 'newbie',
      portfolioFiles: editor.map((f) => f.url),
      editingSoftware: ['pr', 'fcpx'],
      editingStyles: ['short'],
    });
    expect(byType['live-host'].formData).toMatchObject({ experience: '1-3', talentTypeLabel: '带货主播' });
    // the files now belong to the new account
    const files = await db.select().from(uploads).where(eq(uploads.ownerUserId, user.id));
    expect(files.map((f) => f.url).sort()).toEqual([...host, ...manager, ...editor].map((f) => f.url).sort());
    expect(files.every((f) => f.claimed && f.purpose === 'portfolio')).toBe(true);
    // the stored files are served
    for (const f of [...host, ...manager, ...editor]) expect((await c.get(f.url)).statusCode).toBe(200);
  });
});

describe('company sign-up', () => {
  it('creates the account with its role and signs in; a questionnaire sent along is ignored', async () => {
    const { c, email } = await verified(freshEmail('co'));
    const res = await c.post('/api/auth/signup', {
      email,
      password: 'secret1',
      confirmPassword: 'secret1',
      userType: 'company',
      talent: {
        types: ['live-host'],
        details: { 'live-host': { experience: '1-3', portfolioFileIds: ['00000000-0000-4000-8000-000000000001'] } },
      },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toEqual({
      id: expect.any(String),
      email,
      userType: 'company',
      phone: null,
      createdAt: expect.any(String),
      displayName: null,
      avatarUrl: null,
      agencyStaff: null,
    });
    const db = t.app.ctx.db;
    expect((await db.select().from(userProfiles).where(eq(userProfiles.userId, user.id)))[0].userType).toBe('company');
    expect(await db.select().from(influencers).where(eq(influencers.userId, user.id))).toEqual([]);
    expect(await db.select().from(talentProfiles).where(eq(talentProfiles.userId, user.id))).toEqual([]);
    expect((await c.get('/api/auth/me')).json().user).toMatchObject({ id: user.id, userType: 'company' });
  });
});

describe('unique email, case-insensitive (409)', () => {
  it('a registered address, in any case, gets no code: the request answers 200 as for any address, and no code verifies it', async () => {
    const { c, email } = await verified(freshEmail('taken'));
    expect((await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' })).statusCode).toBe(200);
    const other = new Client(t.app);
    expect((await other.post('/api/auth/email-code', { email: email.toUpperCase() })).statusCode).toBe(200);
    expect(errorOf(await other.post('/api/auth/email-code', { email: ` ${email} ` }))).toMatchObject({ status: 429, code: 'CODE_COOLDOWN' });
    expect(errorOf(await other.post('/api/auth/email-code/verify', { email, code: '123456' }))).toMatchObject({ status: 400, code: 'CODE_INVALID' });
    expect(errorOf(await other.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' }))).toMatchObject({
      status: 400,
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('an address registered while a sign-up was in progress is 409 at sign-up', async () => {
    const { c, email } = await verified(freshEmail('race'));
    // someone else's account with the same address in another case appears meanwhile
    await t.app.ctx.db.insert(users).values({ email: email.toUpperCase(), passwordHash: 'x' });
    expect(errorOf(await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' }))).toEqual({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: '该邮箱已注册，请直接登录',
    });
  });

  it('the database itself refuses two spellings of one address', async () => {
    const email = freshEmail('dbunique');
    await t.app.ctx.db.insert(users).values({ email, passwordHash: 'x' });
    await expect(t.app.ctx.db.insert(users).values({ email: email.toUpperCase(), passwordHash: 'y' })).rejects.toThrow();
  });

  it('two simultaneous sign-ups with one verification make exactly one account', async () => {
    const { c, email } = await verified(freshEmail('twice'));
    const body = { email, password: 'secret1', userType: 'company' };
    const [a, b] = await Promise.all([c.post('/api/auth/signup', body), c.post('/api/auth/signup', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, a.statusCode === 200 ? b.statusCode : a.statusCode].sort());
    expect([a, b].filter((r) => r.statusCode === 200)).toHaveLength(1);
    const loser = a.statusCode === 200 ? b : a;
    expect(['EMAIL_NOT_VERIFIED', 'EMAIL_TAKEN']).toContain(loser.json().error.code);
    expect(
      await t.app.ctx.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`),
    ).toHaveLength(1);
  });
});
