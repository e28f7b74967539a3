/**
 * Staff accounts (子账号, issue 40 item 5, decision 0067): the owner invites by e-mail, the link creates the account and
 * signs it in; a 运营 acts for the roster and is named in the deal's timeline, reads messages and notifications, and is
 * refused the wallet, payouts, roster changes, the profile, keys and the staff; a 管理员 does those as the agency;
 * removal ends the member's sessions; nobody reaches another agency's staff. Every answer is checked against the
 * document by the harness.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeAgency, makeCompany, makeInfluencer, makeTaskCategory } from '../../db/factories';
import { adminLogs, agencyStaff, agencyStaffInvitations, dealEvents, deals, mailQueue, sessions, taskApplications } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { checkLedger } from '../money';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
let categoryId: string;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(db(), { name: '美妆' })).id;
});
afterAll(async () => {
  if (t) expect(await checkLedger(db())).toEqual([]);
  await t?.close();
});

const del = (c: Client, url: string) => c.request({ method: 'DELETE', url });
const rnd = () => Math.random().toString(36).slice(2, 8);

/** an agency with a roster influencer at 20 %, a company with money; the owner signed in */
async function world() {
  const co = await makeCompany(db(), { user: { passwordHash: hash } });
  await fundWallet(db(), { userId: co.user.id, userType: 'company', cents: 10_000_000 });
  const inf = await makeInfluencer(db(), { user: { passwordHash: hash }, isApproved: true, nickname: `小美${rnd()}` });
  const ag = await makeAgency(db(), { user: { passwordHash: hash }, name: `星火传媒${rnd()}` });
  const owner = await signedIn(t.app, ag.user.email);
  const i = await signedIn(t.app, inf.user.email);
  const inv = (await owner.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 })).json().invitation;
  expect((await i.post(`/api/agency-invitations/${inv.id}/accept`, { shareBps: 2000 })).statusCode).toBe(200);
  return { co, inf, ag, owner, i, c: await signedIn(t.app, co.user.email), q: `onBehalfOf=${inf.influencer.id}` };
}
type World = Awaited<ReturnType<typeof world>>;

/** the token of the last invitation mailed to `email` (the link in the queued mail) */
async function mailedToken(email: string): Promise<string> {
  const [m] = await db().select().from(mailQueue).where(eq(mailQueue.to, email)).orderBy(desc(mailQueue.createdAt)).limit(1);
  const link = String(m?.payload.link ?? '');
  expect(link).toContain('/agency-staff/accept?token=');
  return decodeURIComponent(link.split('token=')[1]!);
}

/** invites `role` and accepts as a new browser: the staff member's signed-in client */
async function staffOf(w: World, role: 'admin' | 'operator', name = role === 'admin' ? '王经理' : '张三') {
  const email = `staff-${rnd()}@example.com`;
  const invited = await w.owner.post('/api/agency/staff/invitations', { email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = await mailedToken(email);
  const s = new Client(t.app);
  const seen = await s.post('/api/agency-staff/invitation', { token });
  expect(seen.statusCode, seen.body).toBe(200);
  expect(seen.json()).toMatchObject({ agencyName: w.ag.agency.name, email, role, existingAccount: false });
  const accepted = await s.post('/api/agency-staff/accept', { token, name, password: 'secret456', confirmPassword: 'secret456' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(accepted.json().user).toMatchObject({
    email,
    userType: 'agency',
    agencyStaff: { agencyId: w.ag.agency.id, agencyName: w.ag.agency.name, role, name },
  });
  return { s, email, token, userId: accepted.json().user.id as string };
}

async function publish(w: World) {
  const published = await w.c.post('/api/tasks', {
    title: '口红新品直播',
    description: '新品口红直播推广',
    categoryId,
    budgetMinCents: 100,
    budgetMaxCents: 3_000_000,
    liveDate: new Date(clock.nowMs() + 7 * 24 * H).toISOString(),
  });
  expect(published.statusCode, published.body).toBe(200);
  return published.json().task.id as string;
}

describe('a 运营 (operator) staff member', () => {
  it('acts for a roster influencer and is named in the deal’s timeline, messages and audit log; reads notifications', async () => {
    const w = await world();
    const op = await staffOf(w, 'operator');
    const taskId = await publish(w);
    const applied = await op.s.post(`/api/task-applications?${w.q}`, { taskId, proposedRateCents: 100_000, message: '运营代报名' });
    expect(applied.statusCode, applied.body).toBe(200);
    const [app] = await db().select().from(taskApplications).where(eq(taskApplications.id, applied.json().application.id));
    expect(app).toMatchObject({ influencerId: w.inf.influencer.id, onBehalfAgencyId: w.ag.agency.id, actedByUserId: op.userId });
    expect((await w.c.post(`/api/task-applications/${app!.id}/accept`)).statusCode).toBe(200);
    const [deal] = await db().select().from(deals).where(eq(deals.taskId, taskId));

    // the agency hears of the acceptance; its staff reads the agency's notifications
    const notes = (await op.s.get('/api/notifications')).json();
    expect(notes.items.length).toBeGreaterThan(0);

    expect((await w.c.post(`/api/deals/${deal!.id}/events/ship_samples`, { carrier: '顺丰', trackingNo: 'SF1234567890' })).statusCode).toBe(200);
    const received = await op.s.post(`/api/deals/${deal!.id}/events/receive_samples?${w.q}`, {});
    expect(received.statusCode, received.body).toBe(200);
    const [ev] = await db()
      .select()
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, deal!.id), eq(dealEvents.event, 'receive_samples')));
    expect(ev).toMatchObject({ onBehalfAgencyId: w.ag.agency.id, actedByUserId: op.userId, actorRole: 'influencer' });
    // the company reads 机构 X（张三）代 Y
    const seen = (await w.c.get(`/api/deals/${deal!.id}`)).json();
    expect(seen.timeline.find((e: { event: string }) => e.event === 'receive_samples').onBehalf).toEqual({
      agencyId: w.ag.agency.id,
      agencyName: w.ag.agency.name,
      staffName: '张三',
    });
    // the owner acting is the agency alone
    const shown = (await w.owner.get(`/api/deals/${deal!.id}?${w.q}`)).json();
    expect(shown.timeline.find((e: { event: string }) => e.event === 'receive_samples').onBehalf.staffName).toBe('张三');

    // the deal's conversation
    const convs = (await op.s.get('/api/conversations')).json();
    const conv = convs.items.find((x: { deal: { id: string } | null }) => x.deal?.id === deal!.id);
    expect(conv).toBeTruthy();
    const sent = await op.s.post(`/api/conversations/${conv.id}/messages?${w.q}`, { message: '样品已收到' });
    expect(sent.statusCode, sent.body).toBe(200);
    const read = (await w.c.get(`/api/conversations/${conv.id}`)).json();
    expect(read.messages.at(-1).onBehalf).toEqual({ agencyId: w.ag.agency.id, agencyName: w.ag.agency.name, staffName: '张三' });

    // the audit log names the staff member
    const logs = await db()
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.targetId, w.ag.agency.id), eq(adminLogs.actionType, 'agency_on_behalf')));
    expect(logs.some((l) => (l.after as { staffUserId?: string }).staffUserId === op.userId)).toBe(true);
    // the workspace and roster are readable; the workspace's earnings are not the 运营's (money is the 管理员's)
    const ws = await op.s.get('/api/agency/workspace');
    expect(ws.statusCode).toBe(200);
    const owners = (await w.owner.get('/api/agency/workspace')).json();
    expect(owners.totals.earningsCents).toEqual(expect.any(Number));
    expect(ws.json().totals).toEqual({ ...owners.totals, earningsCents: null });
    expect(ws.json().roster).toEqual(owners.roster.map((r: object) => ({ ...r, earningsCents: null })));
    expect(ws.json().roster.length).toBeGreaterThan(0);
    expect((await op.s.get('/api/agency/roster')).statusCode).toBe(200);
  });

  it('cannot withdraw, see the wallet, change the roster, the profile, keys or staff — and nothing changes', async () => {
    const w = await world();
    const op = await staffOf(w, 'operator');
    const adminOnly = [
      () => op.s.get('/api/wallet'),
      () => op.s.get('/api/wallet/payouts'),
      () => op.s.post('/api/wallet/payouts', { amountCents: 100, bankAccountId: '00000000-0000-4000-8000-000000000000' }),
      () => op.s.get('/api/wallet/bank-accounts'),
      () => op.s.post('/api/agency/roster-invitations', { influencerId: w.inf.influencer.id, shareBps: 1000 }),
      () => op.s.request({ method: 'PUT', url: '/api/agency/profile', payload: { name: '改名' } }),
      () => op.s.get('/api/agency/settlement'),
      () => op.s.get('/api/me/api-keys'),
      () => op.s.get('/api/wallet/refunds'),
      () => op.s.get('/api/agency/staff'),
      () => op.s.post('/api/agency/staff/invitations', { email: 'x@example.com', role: 'admin' }),
    ];
    for (const call of adminOnly) {
      const res = await call();
      expect(errorOf(res), res.body).toMatchObject({ status: 403, code: 'AGENCY_STAFF_ADMIN_ONLY' });
    }
    // the owner's own account is nobody's but the owner's
    expect((await op.s.get('/api/account')).json().account.email).toBe(op.email);
    for (const res of [
      await op.s.post('/api/account/deletion-request', {}),
      await op.s.request({ method: 'PUT', url: '/api/account/settings', payload: {} }),
    ]) {
      expect(errorOf(res), res.body).toMatchObject({ status: 403, code: 'AGENCY_STAFF_NOT_ALLOWED' });
    }
    expect(await db().select().from(agencyStaffInvitations).where(eq(agencyStaffInvitations.email, 'x@example.com'))).toHaveLength(0);
    // its own password is its own
    const changed = await op.s.post('/api/account/password', { currentPassword: 'secret456', newPassword: 'secret789', confirmPassword: 'secret789' });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    await signedIn(t.app, op.email, 'secret789');
    await signedIn(t.app, w.ag.user.email);
  });
});

describe('a 管理员 (admin) staff member and the owner', () => {
  it('the admin reads the agency’s wallet and staff and invites; cannot change or remove itself; removal ends sessions', async () => {
    const w = await world();
    const admin = await staffOf(w, 'admin');
    const op = await staffOf(w, 'operator');
    const wallet = await admin.s.get('/api/wallet');
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json()).toEqual((await w.owner.get('/api/wallet')).json());
    expect((await admin.s.get('/api/agency/workspace')).json()).toEqual((await w.owner.get('/api/agency/workspace')).json());
    const list = (await admin.s.get('/api/agency/staff')).json();
    expect(list.items.map((m: { name: string }) => m.name).sort()).toEqual(['张三', '王经理'].sort());
    const me = list.items.find((m: { userId: string }) => m.userId === admin.userId);
    expect(errorOf(await admin.s.patch(`/api/agency/staff/${me.id}`, { role: 'operator' }))).toMatchObject({ status: 409, code: 'AGENCY_STAFF_SELF' });
    expect(errorOf(await del(admin.s, `/api/agency/staff/${me.id}`))).toMatchObject({ status: 409, code: 'AGENCY_STAFF_SELF' });

    // the operator becomes an admin, then is removed by the admin: its sessions end at once
    const other = list.items.find((m: { userId: string }) => m.userId === op.userId);
    const promoted = await admin.s.patch(`/api/agency/staff/${other.id}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await op.s.get('/api/wallet')).statusCode).toBe(200);
    expect((await del(admin.s, `/api/agency/staff/${other.id}`)).statusCode).toBe(204);
    expect(await db().select().from(sessions).where(eq(sessions.userId, op.userId))).toHaveLength(0);
    expect((await op.s.get('/api/auth/me')).statusCode).toBe(401);
    expect((await op.s.get('/api/wallet')).statusCode).toBe(401);
    const [row] = await db().select().from(agencyStaff).where(eq(agencyStaff.id, other.id));
    expect(row).toMatchObject({ status: 'removed' });
    // signing in again: an account with no agency — refused everything of the agency's
    const again = await signedIn(t.app, op.email, 'secret456');
    expect((await again.get('/api/auth/me')).json().user.agencyStaff).toBeNull();
    expect((await again.get('/api/agency/roster')).statusCode).toBeGreaterThanOrEqual(400);
    // the admin's staff actions are audited with its name
    const logs = await db()
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.targetId, w.ag.agency.id), eq(adminLogs.actionType, 'agency_staff')));
    expect(logs.map((l) => (l.after as { operation: string }).operation)).toEqual(expect.arrayContaining(['changeAgencyStaffRole', 'removeAgencyStaff']));

    // re-invited, the former member rejoins with its account
    expect((await w.owner.post('/api/agency/staff/invitations', { email: op.email, role: 'operator' })).statusCode).toBe(201);
    const token = await mailedToken(op.email);
    const s = new Client(t.app);
    expect((await s.post('/api/agency-staff/invitation', { token })).json().existingAccount).toBe(true);
    const back = await s.post('/api/agency-staff/accept', { token, name: '张三', password: 'secret000', confirmPassword: 'secret000' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.id).toBe(op.userId);
    expect((await s.get('/api/agency/roster')).statusCode).toBe(200);
  });

  it('invitations: replaced, withdrawn, used once, expired; other accounts’ addresses refused', async () => {
    const w = await world();
    const email = `new-${rnd()}@example.com`;
    expect((await w.owner.post('/api/agency/staff/invitations', { email, role: 'operator' })).statusCode).toBe(201);
    const first = await mailedToken(email);
    const second = (await w.owner.post('/api/agency/staff/invitations', { email, role: 'admin' })).json();
    expect(errorOf(await new Client(t.app).post('/api/agency-staff/invitation', { token: first }))).toMatchObject({
      status: 400,
      code: 'INVITE_INVALID',
    });
    const listed = (await w.owner.get('/api/agency/staff')).json();
    expect(listed.invites).toEqual([expect.objectContaining({ id: second.id, email, role: 'admin' })]);
    expect((await del(w.owner, `/api/agency/staff/invitations/${second.id}`)).statusCode).toBe(204);
    expect(errorOf(await del(w.owner, `/api/agency/staff/invitations/${second.id}`)).code).toBe('INVITE_INVALID');

    // the address of a company, an influencer or an agency owner
    for (const taken of [w.co.user.email, w.inf.user.email, w.ag.user.email]) {
      expect(errorOf(await w.owner.post('/api/agency/staff/invitations', { email: taken, role: 'operator' }))).toMatchObject({
        status: 409,
        code: 'AGENCY_STAFF_EMAIL_TAKEN',
      });
    }
    // a staff member of another agency
    const other = await world();
    const theirs = await staffOf(other, 'operator');
    expect(errorOf(await w.owner.post('/api/agency/staff/invitations', { email: theirs.email, role: 'operator' })).code).toBe('AGENCY_STAFF_ALREADY');

    // used once; expired after 7 days
    const used = await staffOf(w, 'operator');
    expect(
      errorOf(
        await new Client(t.app).post('/api/agency-staff/accept', { token: used.token, name: '李四', password: 'secret456', confirmPassword: 'secret456' }),
      ).code,
    ).toBe('INVITE_INVALID');
    const late = `late-${rnd()}@example.com`;
    expect((await w.owner.post('/api/agency/staff/invitations', { email: late, role: 'operator' })).statusCode).toBe(201);
    const lateToken = await mailedToken(late);
    clock.advance(7 * 24 * H + 1000);
    expect(errorOf(await new Client(t.app).post('/api/agency-staff/invitation', { token: lateToken })).code).toBe('INVITE_INVALID');

    // bad input: 400 with the message, nothing stored
    for (const body of [{ email: 'nope', role: 'operator' }, { email: 'a@example.com', role: 'boss' }, { email: 'a@example.com' }]) {
      const res = await w.owner.post('/api/agency/staff/invitations', body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await db().select().from(agencyStaffInvitations).where(eq(agencyStaffInvitations.email, 'a@example.com'))).toHaveLength(0);
    const bad = await new Client(t.app).post('/api/agency-staff/accept', { token: 'x', name: ' ', password: 'secret456', confirmPassword: 'secret456' });
    expect(errorOf(bad).status).toBe(400);
  });

  it('who may: visitors 401; companies, influencers and admins 403; another agency 404 on this agency’s staff', async () => {
    const w = await world();
    const op = await staffOf(w, 'operator');
    const [member] = await db().select().from(agencyStaff).where(eq(agencyStaff.userId, op.userId));
    const visitor = new Client(t.app);
    const platformAdmin = await signedIn(t.app, (await makeAdmin(db())).email);
    const calls = (c: Client) => [
      c.get('/api/agency/staff'),
      c.post('/api/agency/staff/invitations', { email: 'y@example.com', role: 'operator' }),
      c.patch(`/api/agency/staff/${member!.id}`, { role: 'admin' }),
      del(c, `/api/agency/staff/${member!.id}`),
    ];
    for (const res of await Promise.all(calls(visitor))) expect(res.statusCode).toBe(401);
    for (const c of [w.c, w.i, platformAdmin]) for (const res of await Promise.all(calls(c))) expect(res.statusCode).toBe(403);
    const other = await world();
    expect(errorOf(await other.owner.patch(`/api/agency/staff/${member!.id}`, { role: 'admin' })).code).toBe('AGENCY_STAFF_NOT_FOUND');
    expect(errorOf(await del(other.owner, `/api/agency/staff/${member!.id}`)).code).toBe('AGENCY_STAFF_NOT_FOUND');
    expect((await other.owner.get('/api/agency/staff')).json().items).toEqual([]);
    const [still] = await db().select().from(agencyStaff).where(eq(agencyStaff.id, member!.id));
    expect(still).toMatchObject({ status: 'active', role: 'operator' });
    // a staff member cannot act for another agency's roster
    expect(errorOf(await op.s.get(`/api/task-applications?${other.q}`)).code).toBe('AGENCY_MEMBER_NOT_FOUND');
  });
});
