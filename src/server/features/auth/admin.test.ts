/**
 * Admins come only from the server: ADMIN_EMAIL + ADMIN_PASSWORD ensure the account at start, and the
 * designated ADMIN_EMAIL is promoted on sign-in. No browser request can make anyone an admin.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/options';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { makeUser } from '../../db/factories';
import { adminLogs, adminPermissions, userProfiles, users } from '../../db/schema';
import { Client, createTestApp, errorOf, signupCompany, verifyEmail, type TestApp } from '../../test/harness';

const ADMIN_EMAIL = 'root@example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: '  Root@Example.COM ', ADMIN_PASSWORD: 'admin-pass-1' });
});
afterAll(async () => {
  await t?.close();
});

/** Another app instance on the same database (a restart, or a second server) with other admin settings. */
async function restart(env: Record<string, string>): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent', SECRET_KEY: t.config.secretKey, ...env });
  return buildApp(config, { database: t.app.ctx.database, serveWeb: false });
}
const db = () => t.app.ctx.db;
const userByEmail = async (email: string) =>
  (
    await db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
  )[0];
const permissionsOf = async (id: string) =>
  (await db().select().from(adminPermissions).where(eq(adminPermissions.adminId, id))).map((p) => p.permissionName).sort();
const logsOf = async (id: string) => db().select().from(adminLogs).where(eq(adminLogs.adminId, id));
const typeOf = async (id: string) => (await db().select().from(userProfiles).where(eq(userProfiles.userId, id)))[0]?.userType;
const allPermissions = [...ADMIN_PERMISSIONS].sort();

describe('ADMIN_EMAIL + ADMIN_PASSWORD at start', () => {
  it('ensure the admin account: admin type, every admin permission and an admin_logs row', async () => {
    const admin = await userByEmail(ADMIN_EMAIL);
    expect(admin.email).toBe(ADMIN_EMAIL);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await typeOf(admin.id)).toBe('admin');
    expect(allPermissions).toEqual(['content_moderation', 'data_analytics', 'finance', 'system_settings', 'task_management', 'user_management']);
    expect(await permissionsOf(admin.id)).toEqual(allPermissions);
    const logs = await logsOf(admin.id);
    expect(logs).toHaveLength(1);
    expect(logs[0].actionType).toBe('admin_account_ensured');
  });

  it('the admin signs in (any case, trimmed) and is an admin', async () => {
    const c = new Client(t.app);
    const res = await c.post('/api/auth/login', { email: ' ROOT@example.com ', password: 'admin-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: ADMIN_EMAIL, userType: 'admin' });
    expect((await c.get('/api/auth/me')).json().user.userType).toBe('admin');
  });

  it('a restart changes nothing; a new ADMIN_PASSWORD replaces the old one', async () => {
    const admin = await userByEmail(ADMIN_EMAIL);
    const same = await restart({ ADMIN_EMAIL, ADMIN_PASSWORD: 'admin-pass-1' });
    await same.close();
    expect(await permissionsOf(admin.id)).toEqual(allPermissions);
    expect(await logsOf(admin.id)).toHaveLength(1);
    expect((await userByEmail(ADMIN_EMAIL)).passwordHash).toBe(admin.passwordHash);
    expect(
      await db()
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${ADMIN_EMAIL}`),
    ).toHaveLength(1);

    const rotated = await restart({ ADMIN_EMAIL, ADMIN_PASSWORD: 'admin-pass-2' });
    try {
      const c = new Client(rotated);
      expect(errorOf(await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: 'admin-pass-1' }))).toMatchObject({
        status: 401,
        code: 'INVALID_CREDENTIALS',
      });
      expect((await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: 'admin-pass-2' })).json().user.userType).toBe('admin');
    } finally {
      await rotated.close();
    }
    // put it back for the other tests
    await (await restart({ ADMIN_EMAIL, ADMIN_PASSWORD: 'admin-pass-1' })).close();
  });

  it('an existing account with that address (e.g. a company) is made the admin at start', async () => {
    const { user } = await signupCompany(t.app, 'boss-to-be@example.com');
    expect(await typeOf(user.id)).toBe('company');
    const app = await restart({ ADMIN_EMAIL: 'boss-to-be@example.com', ADMIN_PASSWORD: 'boss-pass-1' });
    await app.close();
    expect(await typeOf(user.id)).toBe('admin');
    expect(await permissionsOf(user.id)).toEqual(allPermissions);
    expect((await logsOf(user.id)).map((l) => l.actionType)).toEqual(['admin_account_ensured']);
  });
});

describe('the designated ADMIN_EMAIL (without a password) is promoted on sign-in', () => {
  let app: App;
  beforeAll(async () => {
    app = await restart({ ADMIN_EMAIL: 'Chief@Example.com' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('nothing is created at start', async () => {
    expect(await userByEmail('chief@example.com')).toBeUndefined();
  });

  it('the account of that address becomes admin with the five permissions and a log row when it signs in, once', async () => {
    const c = new Client(app);
    await verifyEmail(app, c, 'chief@example.com');
    const signup = await c.post('/api/auth/signup', { email: 'chief@example.com', password: 'secret1', userType: 'company' });
    expect(signup.statusCode).toBe(200);
    const id = signup.json().user.id as string;
    expect(await permissionsOf(id)).toEqual([]);

    const login = await c.post('/api/auth/login', { email: 'CHIEF@example.com', password: 'secret1' });
    expect(login.json().user).toMatchObject({ id, userType: 'admin' });
    expect(await typeOf(id)).toBe('admin');
    expect(await permissionsOf(id)).toEqual(allPermissions);
    expect((await logsOf(id)).map((l) => l.actionType)).toEqual(['admin_auto_promote']);

    // signing in again adds nothing
    expect((await new Client(app).post('/api/auth/login', { email: 'chief@example.com', password: 'secret1' })).statusCode).toBe(200);
    expect(await permissionsOf(id)).toEqual(allPermissions);
    expect(await logsOf(id)).toHaveLength(1);
  });

  it('a wrong password promotes nobody; a missing profile is created as admin', async () => {
    await db()
      .delete(users)
      .where(sql`lower(${users.email}) = 'chief@example.com'`);
    const u = await makeUser(db(), { email: 'chief@example.com', userType: null });
    await db().delete(userProfiles).where(eq(userProfiles.userId, u.id));
    expect((await new Client(app).post('/api/auth/login', { email: u.email, password: 'wrong-pass' })).statusCode).toBe(401);
    expect(await typeOf(u.id)).toBeUndefined();
    expect(await permissionsOf(u.id)).toEqual([]);
    const res = await new Client(app).post('/api/auth/login', { email: u.email, password: u.password });
    expect(res.json().user.userType).toBe('admin');
    expect(await typeOf(u.id)).toBe('admin');
    expect(await permissionsOf(u.id)).toEqual(allPermissions);
  });

  it('other addresses are never promoted on sign-in', async () => {
    const u = await makeUser(db(), { userType: 'influencer' });
    const res = await new Client(app).post('/api/auth/login', { email: u.email, password: u.password });
    expect(res.json().user.userType).toBe('influencer');
    expect(await permissionsOf(u.id)).toEqual([]);
    expect(await logsOf(u.id)).toEqual([]);
  });
});

describe('no browser request makes an admin', () => {
  it('sign-up as admin is refused (请选择用户类型) and creates nothing', async () => {
    const c = new Client(t.app);
    const email = 'would-be-admin@example.com';
    await verifyEmail(t.app, c, email);
    for (const userType of ['admin', 'ADMIN', 'super_admin']) {
      expect(errorOf(await c.post('/api/auth/signup', { email, password: 'secret1', userType }))).toEqual({
        status: 400,
        code: 'USER_TYPE_REQUIRED',
        message: '请选择用户类型',
      });
    }
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('role fields smuggled into a sign-up are ignored', async () => {
    const c = new Client(t.app);
    const email = 'smuggler@example.com';
    await verifyEmail(t.app, c, email);
    const res = await c.post('/api/auth/signup', {
      email,
      password: 'secret1',
      userType: 'company',
      isAdmin: true,
      user_type: 'admin',
      role: 'admin',
      permissions: [...ADMIN_PERMISSIONS],
      admin_permissions: [...ADMIN_PERMISSIONS],
      userProfile: { userType: 'admin' },
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user.userType).toBe('company');
    expect(user.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(await typeOf(user.id)).toBe('company');
    expect(await permissionsOf(user.id)).toEqual([]);
    expect(await logsOf(user.id)).toEqual([]);
  });

  it('the admin address cannot be taken over by signing up again', async () => {
    const c = new Client(t.app);
    // the code request answers as for any address (no code is made for a registered one)
    expect((await c.post('/api/auth/email-code', { email: 'ROOT@example.com' })).statusCode).toBe(200);
    expect(errorOf(await c.post('/api/auth/email-code/verify', { email: ADMIN_EMAIL, code: '123456' }))).toMatchObject({ code: 'CODE_INVALID' });
    expect(errorOf(await c.post('/api/auth/signup', { email: ADMIN_EMAIL, password: 'secret1', userType: 'company' }))).toMatchObject({
      status: 400,
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('the only admins are the ones the server made', async () => {
    const admins = await db().select().from(userProfiles).where(eq(userProfiles.userType, 'admin'));
    const emails = [];
    for (const a of admins) emails.push((await db().select().from(users).where(eq(users.id, a.userId)))[0].email);
    // root (ADMIN_PASSWORD), boss-to-be (a restart with it as ADMIN_EMAIL), chief (the designated address signing in)
    expect(emails.sort()).toEqual(['boss-to-be@example.com', 'chief@example.com', ADMIN_EMAIL]);
  });
});
