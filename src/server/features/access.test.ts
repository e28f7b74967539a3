/**
 * Who may call what: every protected endpoint refuses a visitor (401) and each wrong role (403),
 * and nobody can read or change another user's notifications or tasks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeInfluencer, makeTask, makeTaskCategory } from '../db/factories';
import { notifications, tasks } from '../db/schema';
import { Client, createTestApp, type TestApp } from '../test/harness';
import { hashPassword } from './auth';

let t: TestApp;
let hash: string;
beforeAll(async () => {
  t = await createTestApp();
  hash = await hashPassword('secret123');
});
afterAll(async () => {
  await t?.close();
});

async function login(email: string) {
  const c = new Client(t.app);
  expect((await c.post('/api/auth/login', { email, password: 'secret123' })).statusCode).toBe(200);
  return c;
}

const ID = '00000000-0000-4000-8000-000000000000';
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
const call = (c: Client, x: Call) => c.request({ method: x.method, url: x.url, payload: x.payload as never });

const signedIn: Call[] = [
  { method: 'GET', url: '/api/auth/me' },
  { method: 'GET', url: '/api/account' },
  { method: 'PUT', url: '/api/account/settings', payload: { allowMessages: false } },
  { method: 'POST', url: '/api/account/phone/code', payload: { phone: '13912345678' } },
  { method: 'POST', url: '/api/account/phone/verify', payload: { phone: '13912345678', code: '1234' } },
  { method: 'PUT', url: '/api/account/phone', payload: { phone: '13912345678' } },
  { method: 'POST', url: '/api/account/password', payload: { currentPassword: 'x', newPassword: 'secret456', confirmPassword: 'secret456' } },
  { method: 'POST', url: '/api/account/deletion-request', payload: { confirm: true } },
  { method: 'DELETE', url: '/api/account/deletion-request' },
  { method: 'GET', url: '/api/notifications' },
  { method: 'POST', url: '/api/notifications/read-all' },
  { method: 'POST', url: `/api/notifications/${ID}/read` },
  { method: 'GET', url: '/api/task-applications' },
  { method: 'GET', url: '/api/conversations' },
  { method: 'GET', url: `/api/conversations/${ID}` },
  { method: 'POST', url: `/api/conversations/${ID}/messages`, payload: { message: 'x' } },
  { method: 'GET', url: '/api/conversations/unread' },
];
const influencerOnly: Call[] = [
  { method: 'GET', url: '/api/influencers/me' },
  { method: 'PUT', url: '/api/influencers/me', payload: { nickname: 'x' } },
  { method: 'PUT', url: '/api/influencers/me/materials', payload: {} },
  { method: 'POST', url: '/api/task-applications', payload: { taskId: ID, proposedRateCents: 100 } },
  { method: 'POST', url: `/api/task-applications/${ID}/withdraw` },
  { method: 'POST', url: `/api/companies/${ID}/follow` },
  { method: 'DELETE', url: `/api/companies/${ID}/follow` },
  { method: 'GET', url: '/api/me/recommended-tasks' },
];
const companyOnly: Call[] = [
  { method: 'GET', url: '/api/companies/me' },
  { method: 'PUT', url: '/api/companies/me', payload: { companyName: 'a', contactPerson: 'b' } },
  { method: 'POST', url: '/api/companies/me/verification-requests' },
  { method: 'GET', url: '/api/my/tasks' },
  { method: 'POST', url: '/api/tasks', payload: {} },
  { method: 'POST', url: `/api/tasks/${ID}/cancel` },
  { method: 'POST', url: `/api/tasks/${ID}/complete` },
  { method: 'POST', url: `/api/task-applications/${ID}/accept` },
  { method: 'POST', url: `/api/task-applications/${ID}/refuse` },
  { method: 'POST', url: `/api/influencers/${ID}/contact`, payload: { message: 'x' } },
  { method: 'GET', url: `/api/tasks/${ID}/recommended-influencers` },
];

describe('endpoint access', () => {
  it('visitors are refused with 401 on every protected endpoint', async () => {
    const v = new Client(t.app);
    for (const x of [...signedIn, ...influencerOnly, ...companyOnly]) {
      const res = await call(v, x);
      expect(res.statusCode, `${x.method} ${x.url}`).toBe(401);
    }
  });

  it('each wrong role is refused with 403', async () => {
    const inf = await login((await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } })).user.email);
    const co = await login((await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } })).user.email);
    const { makeUser } = await import('../db/factories');
    const admin = await login((await makeUser(t.app.ctx.db, { passwordHash: hash, userType: 'admin' })).email);
    for (const x of influencerOnly) {
      expect((await call(co, x)).statusCode, `company ${x.method} ${x.url}`).toBe(403);
      expect((await call(admin, x)).statusCode, `admin ${x.method} ${x.url}`).toBe(403);
    }
    for (const x of companyOnly) {
      expect((await call(inf, x)).statusCode, `influencer ${x.method} ${x.url}`).toBe(403);
      expect((await call(admin, x)).statusCode, `admin ${x.method} ${x.url}`).toBe(403);
    }
  });
});

describe("another user's data", () => {
  it("cannot read or mark another user's notification", async () => {
    const a = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
    const b = await makeInfluencer(t.app.ctx.db, { user: { passwordHash: hash } });
    const [note] = await t.app.ctx.db.insert(notifications).values({ userId: a.user.id, type: 'x', title: '标题', body: '内容' }).returning();
    const bc = await login(b.user.email);
    expect((await bc.get('/api/notifications')).json()).toEqual({ items: [], total: 0, page: 1, limit: 50, unreadCount: 0 });
    expect((await bc.post(`/api/notifications/${note.id}/read`)).statusCode).toBe(404);
    expect((await bc.post('/api/notifications/read-all')).statusCode).toBe(200);
    const [after] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.id, note.id));
    expect(after.readAt).toBeNull();
  });

  it("cannot cancel or complete another company's task, which stays unchanged", async () => {
    const owner = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
    const other = await makeCompany(t.app.ctx.db, { user: { passwordHash: hash } });
    const category = await makeTaskCategory(t.app.ctx.db);
    const task = await makeTask(t.app.ctx.db, { companyId: owner.company.id, categoryId: category.id, status: 'in_progress' });
    const oc = await login(other.user.email);
    expect((await oc.post(`/api/tasks/${task.id}/cancel`)).statusCode).toBe(403);
    expect((await oc.post(`/api/tasks/${task.id}/complete`)).statusCode).toBe(403);
    const [row] = await t.app.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.status).toBe('in_progress');
  });
});
