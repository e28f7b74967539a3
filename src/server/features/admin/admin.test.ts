/**
 * The admin console's server (issue 9): every /api/admin route refuses a visitor, each member role
 * and an admin without its permission; admin sign-in, first-admin setup, invitations and permissions;
 * the review queue with approve / reject / suspend / reinstate / deletion; overview and audit log.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/options';
import { makeAdmin, makeCompany, makeInfluencer, makeTask, makeTaskCategory } from '../../db/factories';
import { adminLogs, companyVerificationRequests, influencers, notifications, outbox, systemStats, uploads, userProfiles, users } from '../../db/schema';
import { businessDay } from '../../platform/beijingTime';
import type { AdminCall } from './walk';
import { Client, createTestApp, errorOf, type TestApp, delivered } from '../../test/harness';

let t: TestApp;
const SETUP_TOKEN = 'first-admin-setup-token-0123456789';
beforeAll(async () => {
  t = await createTestApp({ ADMIN_SETUP_TOKEN: SETUP_TOKEN });
});
afterAll(async () => {
  await t?.close();
});

async function signIn(email: string, password = 'secret123', url = '/api/auth/login') {
  const c = new Client(t.app);
  const res = await c.post(url, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}
const ID = '00000000-0000-4000-8000-000000000000';
const logsFor = (targetId: string) => t.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.targetId, targetId)).orderBy(desc(adminLogs.createdAt));

describe('first admin through /admin-setup', () => {
  // runs first: the database has no admin yet
  it('needs the token from the log, creates the admin once, then answers SETUP_DONE', async () => {
    const c = new Client(t.app);
    expect((await c.get('/api/admin/setup/status')).json()).toEqual({ hasAdmin: false });
    const body = { token: 'wrong-token-wrong-token', email: 'root@example.com', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' };
    expect(errorOf(await c.post('/api/admin/setup', body))).toMatchObject({ status: 403, code: 'SETUP_TOKEN_INVALID' });
    expect(errorOf(await c.post('/api/admin/setup', { ...body, token: SETUP_TOKEN, confirmPassword: 'x' }))).toMatchObject({ code: 'PASSWORD_MISMATCH' });
    const ok = await c.post('/api/admin/setup', { ...body, token: SETUP_TOKEN });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ email: 'root@example.com', userType: 'admin' });
    expect((await c.get('/api/admin/me')).json().permissions.sort()).toEqual([...ADMIN_PERMISSIONS].sort());
    expect((await c.get('/api/admin/setup/status')).json()).toEqual({ hasAdmin: true });
    const again = await new Client(t.app).post('/api/admin/setup', { ...body, email: 'second@example.com', token: SETUP_TOKEN });
    expect(errorOf(again)).toMatchObject({ status: 409, code: 'SETUP_DONE' });
    const [log] = await t.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.actionType, 'admin_setup'));
    expect(log.description).toContain('root@example.com');
  });
});

describe('who may call what', () => {
  type Call = AdminCall;
  const own: Call[] = [
    { method: 'GET', url: '/api/admin/me' },
    { method: 'GET', url: '/api/admin/overview' },
    { method: 'GET', url: '/api/admin/users', permission: 'user_management' },
    { method: 'GET', url: `/api/admin/users/${ID}`, permission: 'user_management' },
    { method: 'POST', url: `/api/admin/users/${ID}/approve`, permission: 'user_management' },
    { method: 'POST', url: `/api/admin/users/${ID}/reject`, payload: { reason: 'x' }, permission: 'user_management' },
    { method: 'POST', url: `/api/admin/users/${ID}/suspend`, payload: { reason: 'x' }, permission: 'user_management' },
    { method: 'POST', url: `/api/admin/users/${ID}/reinstate`, permission: 'user_management' },
    { method: 'POST', url: `/api/admin/users/${ID}/deletion`, payload: { action: 'decline' }, permission: 'user_management' },
    { method: 'GET', url: '/api/admin/admins', permission: 'system_settings' },
    { method: 'POST', url: '/api/admin/invites', payload: { email: 'x@example.com', permissions: ['finance'] }, permission: 'system_settings' },
    { method: 'DELETE', url: `/api/admin/invites/${ID}`, permission: 'system_settings' },
    { method: 'PUT', url: `/api/admin/admins/${ID}/permissions`, payload: { permissions: [] }, permission: 'system_settings' },
    { method: 'DELETE', url: `/api/admin/admins/${ID}`, permission: 'system_settings' },
    { method: 'GET', url: '/api/admin/audit', permission: 'system_settings' },
  ];
  // every area of the console lists its routes in walk.<area>.ts
  const areas = import.meta.glob<{ calls: AdminCall[] }>('./walk.*.ts', { eager: true });
  const routes: Call[] = [...own, ...Object.values(areas).flatMap((m) => m.calls)];
  const call = (c: Client, x: Call) => c.request({ method: x.method, url: x.url, payload: x.payload as never });

  it('every admin route is declared in the OpenAPI document with who may call it', async () => {
    const doc = (await new Client(t.app).get('/api/docs/json')).json() as { paths: Record<string, Record<string, { description?: string }>> };
    const adminPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/'));
    const listed = new Set(
      routes.map(
        (r) =>
          `${r.method} ${r.url
            .split('?')[0]
            .replaceAll(ID, '{}')
            .replace(/\/\d{4}-\d{2}-\d{2}(?=\/|$)/, '/{}')}`,
      ),
    );
    const open = new Set(['/api/admin/login', '/api/admin/setup', '/api/admin/setup/status', '/api/admin/invites/inspect', '/api/admin/invites/accept']);
    for (const p of adminPaths) {
      for (const [m, op] of Object.entries(doc.paths[p])) {
        expect(op.description ?? '', `${m} ${p}`).toMatch(/^Who: /);
        if (!open.has(p)) expect(listed.has(`${m.toUpperCase()} ${p.replace(/\{\w+\}/g, '{}')}`), `${m} ${p} is walked by this test`).toBe(true);
      }
    }
  });

  it('a visitor gets 401, an influencer and a company 403 ADMIN_ONLY, an admin without the permission 403', async () => {
    const inf = await makeInfluencer(t.app.ctx.db);
    const co = await makeCompany(t.app.ctx.db);
    const weak = await makeAdmin(t.app.ctx.db, { permissions: [] });
    const visitor = new Client(t.app);
    const clients = { influencer: await signIn(inf.user.email), company: await signIn(co.user.email) };
    const weakAdmin = await signIn(weak.email);
    for (const r of routes) {
      expect(errorOf(await call(visitor, r)), `${r.method} ${r.url} visitor`).toMatchObject({
        status: 401,
        code: 'ADMIN_LOGIN_REQUIRED',
        message: '用户未登录，请先登录',
      });
      for (const [role, c] of Object.entries(clients)) {
        expect(errorOf(await call(c, r)), `${r.method} ${r.url} ${role}`).toMatchObject({
          status: 403,
          code: 'ADMIN_ONLY',
          message: '权限不足，只有超级管理员可以访问此页面',
        });
      }
      const res = await call(weakAdmin, r);
      if (r.permission) expect(errorOf(res), `${r.method} ${r.url} weak admin`).toMatchObject({ status: 403, code: 'ADMIN_PERMISSION_MISSING' });
      else expect(res.statusCode, `${r.method} ${r.url} weak admin`).toBe(200);
    }
  });
});

describe('admin sign-in', () => {
  it('admits admins only: a member with the right password is refused and gets no session; every attempt is logged', async () => {
    const inf = await makeInfluencer(t.app.ctx.db);
    const c = new Client(t.app);
    expect(errorOf(await c.post('/api/admin/login', { email: 'not-an-email', password: 'x' }))).toMatchObject({
      code: 'ADMIN_EMAIL_INVALID',
      message: '请输入有效的管理员邮箱',
    });
    expect(errorOf(await c.post('/api/admin/login', { email: inf.user.email, password: '' }))).toMatchObject({ code: 'PASSWORD_REQUIRED' });
    expect(errorOf(await c.post('/api/admin/login', { email: inf.user.email, password: 'secret123' }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
    expect(c.cookies.has('sid')).toBe(false);
    expect((await c.get('/api/auth/session')).json()).toEqual({ user: null });
    expect(errorOf(await c.post('/api/admin/login', { email: inf.user.email, password: 'wrong-one' }))).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    const admin = await makeAdmin(t.app.ctx.db);
    const ok = await c.post('/api/admin/login', { email: admin.email, password: 'secret123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const logs = await t.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.targetId, inf.user.id));
    expect(logs.map((l) => l.actionType)).toContain('admin_login_denied');
    const failed = await t.app.ctx.db
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.actionType, 'admin_login_failed'), eq(adminLogs.targetId, inf.user.email)));
    expect(failed.length).toBeGreaterThan(0);
    const [success] = await t.app.ctx.db
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.actionType, 'admin_login_success'), eq(adminLogs.adminId, admin.id)));
    expect(success).toBeTruthy();
    // and the member stays a member
    const member = await signIn(inf.user.email);
    expect((await member.get('/api/auth/me')).json().user.userType).toBe('influencer');
  });
});

describe('admins, invitations and permissions', () => {
  it('invites by mail, the link creates the admin with the chosen permissions once; member addresses are refused', async () => {
    const root = await makeAdmin(t.app.ctx.db);
    const c = await signIn(root.email);
    const inf = await makeInfluencer(t.app.ctx.db);
    expect(errorOf(await c.post('/api/admin/invites', { email: inf.user.email, permissions: ['finance'] }))).toMatchObject({
      status: 409,
      code: 'INVITE_EMAIL_TAKEN',
    });
    expect(errorOf(await c.post('/api/admin/invites', { email: 'new-admin@example.com', permissions: [] }))).toMatchObject({ code: 'PERMISSIONS_REQUIRED' });
    const invited = await c.post('/api/admin/invites', { email: 'New-Admin@example.com', permissions: ['finance', 'user_management'] });
    expect(invited.statusCode).toBe(200);
    // the invitation as the admins list shows it
    expect(invited.json().invite).toEqual((await c.get('/api/admin/admins')).json().invites.find((i: { id: string }) => i.id === invited.json().invite.id));
    const [mail] = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, 'new-admin@example.com')).orderBy(desc(outbox.createdAt)).limit(1);
    const token = decodeURIComponent(/invite=([^\s]+)/.exec(mail.body)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    const list = (await c.get('/api/admin/admins')).json();
    expect(list.invites.map((i: { email: string }) => i.email)).toContain('new-admin@example.com');
    const guest = new Client(t.app);
    expect((await guest.post('/api/admin/invites/inspect', { token })).json()).toMatchObject({ email: 'new-admin@example.com' });
    const accepted = await guest.post('/api/admin/invites/accept', { token, password: 'Another1!', confirmPassword: 'Another1!' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await guest.get('/api/admin/me')).json().permissions.sort()).toEqual(['finance', 'user_management']);
    expect(errorOf(await new Client(t.app).post('/api/admin/invites/accept', { token, password: 'Another1!', confirmPassword: 'Another1!' }))).toMatchObject({
      code: 'INVITE_INVALID',
    });
    // and the new admin can sign in at /admin-login
    await signIn('new-admin@example.com', 'Another1!', '/api/admin/login');
  });

  it('grants and revokes permissions with before/after in the log; someone always keeps system settings; never the last admin', async () => {
    // a fresh app of its own: exactly the admins made here
    const own = await createTestApp();
    try {
      const a = await makeAdmin(own.app.ctx.db);
      const b = await makeAdmin(own.app.ctx.db, { permissions: ['user_management'] });
      const ca = new Client(own.app);
      expect((await ca.post('/api/auth/login', { email: a.email, password: 'secret123' })).statusCode).toBe(200);
      expect(errorOf(await ca.request({ method: 'PUT', url: `/api/admin/admins/${a.id}/permissions`, payload: { permissions: ['finance'] } }))).toMatchObject({
        code: 'LAST_SETTINGS_ADMIN',
      });
      const put = await ca.request({
        method: 'PUT',
        url: `/api/admin/admins/${b.id}/permissions`,
        payload: { permissions: ['system_settings', 'task_management'] },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({
        id: b.id,
        email: b.email,
        permissions: ['task_management', 'system_settings'],
        createdAt: expect.any(String),
        isSelf: false,
      });
      const [log] = await own.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.actionType, 'admin_permissions'));
      expect(log.before).toEqual({ permissions: ['user_management'] });
      expect(log.after).toEqual({ permissions: ['task_management', 'system_settings'] });
      // b removes a; then b is the last admin and cannot be removed
      const cb = new Client(own.app);
      expect((await cb.post('/api/auth/login', { email: b.email, password: 'secret123' })).statusCode).toBe(200);
      expect((await cb.request({ method: 'DELETE', url: `/api/admin/admins/${a.id}` })).statusCode).toBe(204);
      expect(errorOf(await ca.get('/api/admin/me'))).toMatchObject({ status: 401 });
      expect(errorOf(await cb.request({ method: 'DELETE', url: `/api/admin/admins/${b.id}` }))).toMatchObject({ status: 409, code: 'LAST_ADMIN' });
    } finally {
      await own.close();
    }
  });

  it('two admins removing each other at once leave one admin', async () => {
    const own = await createTestApp();
    try {
      for (let round = 0; round < 5; round++) {
        const a = await makeAdmin(own.app.ctx.db);
        const b = await makeAdmin(own.app.ctx.db);
        // remove everyone else first so that a and b are the only admins
        await own.app.ctx.db
          .update(userProfiles)
          .set({ userType: null })
          .where(and(eq(userProfiles.userType, 'admin'), notInArray(userProfiles.userId, [a.id, b.id])));
        const ca = new Client(own.app);
        const cb = new Client(own.app);
        await ca.post('/api/auth/login', { email: a.email, password: 'secret123' });
        await cb.post('/api/auth/login', { email: b.email, password: 'secret123' });
        const [ra, rb] = await Promise.all([
          ca.request({ method: 'DELETE', url: `/api/admin/admins/${b.id}` }),
          cb.request({ method: 'DELETE', url: `/api/admin/admins/${a.id}` }),
        ]);
        // Exactly one removal wins. The loser is refused either inside the lock (409 LAST_ADMIN) or, when
        // the winner committed before the loser's request was authorised, as a non-admin (401/403).
        const codes = [ra.statusCode, rb.statusCode];
        expect(codes.filter((c) => c === 204)).toHaveLength(1);
        expect([401, 403, 409]).toContain(codes.find((c) => c !== 204));
        const left = await own.app.ctx.db.select({ id: userProfiles.userId }).from(userProfiles).where(eq(userProfiles.userType, 'admin'));
        expect(left.map((r) => r.id).filter((id) => id === a.id || id === b.id)).toHaveLength(1);
      }
    } finally {
      await own.close();
    }
  });
});

describe('用户管理: the review queue and decisions', () => {
  it('an influencer waits in the queue, is approved and appears in the directory at once; each step is audited', async () => {
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['user_management'] });
    const c = await signIn(admin.email);
    const { user, influencer } = await makeInfluencer(t.app.ctx.db, { nickname: '待审核达人甲' });
    const queue = (await c.get('/api/admin/users?filter=queue&limit=100')).json();
    const row = queue.items.find((i: { userId: string }) => i.userId === user.id);
    expect(row).toMatchObject({ userType: 'influencer', approveStatus: 'pending', waiting: 'influencer_approval' });
    expect(row.waitingSince).toBeTruthy();
    const visitor = new Client(t.app);
    const listed = async () => (await visitor.get(`/api/influencers?search=${encodeURIComponent('待审核达人甲')}`)).json().items.length;
    expect(await listed()).toBe(0);
    const approved = await c.post(`/api/admin/users/${user.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    // the decision answers the user as GET /api/admin/users/{id} reads them (decision 0056)
    expect(approved.json()).toEqual((await c.get(`/api/admin/users/${user.id}`)).json());
    expect(approved.json()).toMatchObject({ userId: user.id, approveStatus: 'approved' });
    expect(await listed()).toBe(1);
    expect(errorOf(await c.post(`/api/admin/users/${user.id}/approve`))).toMatchObject({ status: 409, code: 'REVIEW_NOT_PENDING' });
    const [n] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(n.type).toBe('influencer_approved');
    const logs = await logsFor(user.id);
    expect(logs[0]).toMatchObject({ actionType: 'user_approve', adminId: admin.id, before: { isApproved: false }, after: { isApproved: true } });
    void influencer;
  });

  it('审核拒绝 needs a reason, which reaches the user by notification and mail; an edit re-queues the profile', async () => {
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['user_management'] });
    const c = await signIn(admin.email);
    const { user } = await makeInfluencer(t.app.ctx.db);
    expect(errorOf(await c.post(`/api/admin/users/${user.id}/reject`, { reason: '  ' }))).toMatchObject({
      code: 'REJECT_REASON_REQUIRED',
      message: '请填写拒绝原因',
    });
    expect((await c.post(`/api/admin/users/${user.id}/reject`, { reason: '头像不清晰' })).statusCode).toBe(200);
    const detail = (await c.get(`/api/admin/users/${user.id}`)).json();
    expect(detail).toMatchObject({ approveStatus: 'rejected', waiting: null });
    expect(detail.influencer.rejectionReason).toBe('头像不清晰');
    const [mail] = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.createdAt)).limit(1);
    expect(mail.body).toContain('头像不清晰');
    // the influencer edits the profile: back in the queue
    const me = await signIn(user.email);
    expect((await me.request({ method: 'PUT', url: '/api/influencers/me', payload: { nickname: '改过的昵称' } })).statusCode).toBe(200);
    const again = (await c.get(`/api/admin/users/${user.id}`)).json();
    expect(again).toMatchObject({ approveStatus: 'pending', waiting: 'influencer_approval' });
  });

  it('a company verification request is approved (verified) or rejected with a note', async () => {
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['user_management'] });
    const c = await signIn(admin.email);
    const a = await makeCompany(t.app.ctx.db);
    const b = await makeCompany(t.app.ctx.db);
    expect(errorOf(await c.post(`/api/admin/users/${a.user.id}/approve`))).toMatchObject({ code: 'REVIEW_NOT_PENDING' });
    // requests carry their evidence (decision 0028; the rule itself is tested in accounts/verification.test.ts)
    const evidence = async (userId: string, creditCode: string) => {
      const [file] = await t.app.ctx.db
        .insert(uploads)
        .values({
          ownerUserId: userId,
          purpose: 'business-license',
          storageKey: `private/business_licenses/${userId}/l.webp`,
          url: '',
          kind: 'image',
          mime: 'image/webp',
          size: 1,
          claimed: true,
        })
        .returning({ id: uploads.id });
      return { creditCode, licenseUploadId: file.id };
    };
    await t.app.ctx.db.insert(companyVerificationRequests).values([
      { companyId: a.company.id, ...(await evidence(a.user.id, '91110000600037341L')) },
      { companyId: b.company.id, ...(await evidence(b.user.id, '91330100716105852F')) },
    ]);
    const queue = (await c.get('/api/admin/users?filter=queue&type=company&limit=100')).json();
    expect(queue.items.map((i: { userId: string }) => i.userId)).toEqual(expect.arrayContaining([a.user.id, b.user.id]));
    expect((await c.post(`/api/admin/users/${a.user.id}/approve`)).statusCode).toBe(200);
    expect((await new Client(t.app).get(`/api/companies/${a.company.id}`)).json().company.isVerified).toBe(true);
    expect((await c.post(`/api/admin/users/${b.user.id}/reject`, { reason: '营业执照模糊' })).statusCode).toBe(200);
    const detail = (await c.get(`/api/admin/users/${b.user.id}`)).json();
    expect(detail.verificationRequests[0]).toMatchObject({ status: 'rejected', note: '营业执照模糊' });
    expect(detail.approveStatus).toBe('rejected');
  });

  it('suspension ends the sessions, refuses sign-in and hides the profile; reinstating restores it', async () => {
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['user_management'] });
    const c = await signIn(admin.email);
    const { user, influencer } = await makeInfluencer(t.app.ctx.db, { isApproved: true, nickname: '将被停用的达人' });
    const session = await signIn(user.email);
    const visitor = new Client(t.app);
    expect((await visitor.get(`/api/influencers/${influencer.id}`)).statusCode).toBe(200);
    expect(errorOf(await c.post(`/api/admin/users/${user.id}/suspend`, {}))).toMatchObject({ code: 'SUSPEND_REASON_REQUIRED' });
    expect((await c.post(`/api/admin/users/${user.id}/suspend`, { reason: '违规刷单' })).statusCode).toBe(200);
    expect((await session.get('/api/auth/session')).json()).toEqual({ user: null });
    expect(errorOf(await new Client(t.app).post('/api/auth/login', { email: user.email, password: 'secret123' }))).toMatchObject({
      status: 403,
      code: 'ACCOUNT_SUSPENDED',
    });
    expect((await visitor.get(`/api/influencers/${influencer.id}`)).statusCode).toBe(404);
    expect(errorOf(await c.post(`/api/admin/users/${user.id}/suspend`, { reason: 'again' }))).toMatchObject({ code: 'ALREADY_SUSPENDED' });
    const suspended = (await c.get('/api/admin/users?filter=suspended&limit=100')).json();
    expect(suspended.items.some((i: { userId: string }) => i.userId === user.id)).toBe(true);
    expect((await c.post(`/api/admin/users/${user.id}/reinstate`)).statusCode).toBe(200);
    await signIn(user.email);
    expect((await visitor.get(`/api/influencers/${influencer.id}`)).statusCode).toBe(200);
    // admins are managed in the admin settings, not here
    expect(errorOf(await c.post(`/api/admin/users/${admin.id}/suspend`, { reason: 'x' }))).toMatchObject({ code: 'ADMIN_TARGET_NOT_ALLOWED' });
  });

  it('a deletion request is carried out: personal data gone, the account cannot sign in, other records stay', async () => {
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['user_management'] });
    const c = await signIn(admin.email);
    const { user, company } = await makeCompany(t.app.ctx.db, { contactPhone: '13912345678' });
    const category = await makeTaskCategory(t.app.ctx.db);
    const task = await makeTask(t.app.ctx.db, { companyId: company.id, categoryId: category.id });
    expect(errorOf(await c.post(`/api/admin/users/${user.id}/deletion`, { action: 'execute' }))).toMatchObject({ code: 'DELETION_NOT_REQUESTED' });
    const me = await signIn(user.email);
    expect((await me.post('/api/account/deletion-request', { confirm: true })).statusCode).toBe(200);
    const queue = (await c.get('/api/admin/users?filter=deletion&limit=100')).json();
    expect(queue.items.some((i: { userId: string }) => i.userId === user.id)).toBe(true);
    const carried = await c.post(`/api/admin/users/${user.id}/deletion`, { action: 'execute' });
    expect(carried.statusCode, carried.body).toBe(200);
    expect(carried.json()).toEqual({ userId: user.id, action: 'execute', user: null });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.email).not.toContain(user.email);
    expect(row.deletedAt).toBeTruthy();
    expect(errorOf(await new Client(t.app).post('/api/auth/login', { email: user.email, password: 'secret123' }))).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect((await c.get(`/api/admin/users/${user.id}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/tasks/${task.id}`)).statusCode).toBe(200);
    const logs = await logsFor(user.id);
    expect(logs[0].actionType).toBe('user_deletion_execute');
  });

  it('search by email, by user id and by a type word', async () => {
    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['user_management'] });
    const c = await signIn(admin.email);
    const { user } = await makeInfluencer(t.app.ctx.db, { user: { email: 'find-me-zq@example.com' } });
    expect((await c.get('/api/admin/users?search=me-zq')).json().items.map((i: { email: string }) => i.email)).toEqual(['find-me-zq@example.com']);
    expect((await c.get(`/api/admin/users?search=${user.id}`)).json().items).toHaveLength(1);
    const types = (await c.get(`/api/admin/users?search=${encodeURIComponent('管理员')}&limit=100`)).json().items.map((i: { userType: string }) => i.userType);
    expect(new Set(types)).toEqual(new Set(['admin']));
    expect(errorOf(await c.get(`/api/admin/users/${'0'.repeat(8)}`))).toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
  });
});

describe('概览 and 审计日志', () => {
  it('the cards are counted from the data with change versus yesterday; recent activity reads the log', async () => {
    const own = await createTestApp();
    try {
      const admin = await makeAdmin(own.app.ctx.db);
      const c = new Client(own.app);
      await c.post('/api/admin/login', { email: admin.email, password: 'secret123' });
      await makeInfluencer(own.app.ctx.db);
      const co = await makeCompany(own.app.ctx.db);
      await makeTask(own.app.ctx.db, { companyId: co.company.id });
      const o = (await c.get('/api/admin/overview')).json();
      expect(o.cards.totalUsers.value).toBe(3);
      expect(o.cards.totalInfluencers.value).toBe(1);
      expect(o.cards.totalCompanies.value).toBe(1);
      expect(o.cards.totalTasks.value).toBe(1);
      expect(o.cards.todayNewUsers.value).toBe(3);
      expect(o.cards.todayRevenueCents.value).toBe(0);
      // nothing existed yesterday: no percentage can be computed
      expect(o.cards.totalUsers.change).toBeNull();
      expect(o.waiting.influencerApprovals).toBe(1);
      expect(o.recent[0].actionType).toBe('admin_login_success');
      // a snapshot for yesterday with 2 users: +50 %
      const day = businessDay(new Date());
      await own.app.ctx.db.insert(systemStats).values({ statDate: day.yesterday, totalUsers: 2, totalInfluencers: 1, totalCompanies: 1, totalTasks: 2 });
      const o2 = (await c.get('/api/admin/overview')).json();
      expect(o2.cards.totalUsers.change).toBe(50);
      expect(o2.cards.totalTasks.change).toBe(-50);
      expect(o2.cards.totalInfluencers.change).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('the audit log is searchable and paginated, newest first', async () => {
    const admin = await makeAdmin(t.app.ctx.db);
    const c = await signIn(admin.email);
    const { user } = await makeInfluencer(t.app.ctx.db, { user: { email: 'audited-xy@example.com' } });
    await c.post(`/api/admin/users/${user.id}/suspend`, { reason: '测试' });
    await c.post(`/api/admin/users/${user.id}/reinstate`);
    const res = (await c.get(`/api/admin/audit?search=audited-xy&limit=1`)).json();
    expect(res.total).toBe(2);
    expect(res.items).toHaveLength(1);
    expect(res.items[0]).toMatchObject({ actionType: 'user_reinstate', adminEmail: admin.email, targetType: 'user', targetId: user.id });
    const page2 = (await c.get(`/api/admin/audit?search=audited-xy&limit=1&page=2`)).json();
    expect(page2.items[0].actionType).toBe('user_suspend');
    const byAction = (await c.get(`/api/admin/audit?action=user_suspend&targetId=${user.id}`)).json();
    expect(byAction.items[0].after).toMatchObject({ suspended: true, reason: '测试' });
    void influencers;
  });
});
