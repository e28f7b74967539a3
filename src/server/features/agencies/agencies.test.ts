/**
 * Agencies (issue 25, decision 0044): 机构 sign-up and review, the public page, the roster — invitations,
 * one agency at a time, ending — and who may call what.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeAgency, makeCompany, makeInfluencer } from '../../db/factories';
import { adminLogs, agencyMemberships, notifications, outbox } from '../../db/schema';
import { Client, createTestApp, delivered, errorOf, signedIn, signupAgency, type TestApp } from '../../test/harness';
import { activeRosterMembership } from '.';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
async function agency(status: 'approved' | 'pending' = 'approved') {
  const made = await makeAgency(db(), { status });
  return { ...made, client: await signedIn(t.app, made.user.email) };
}
async function influencer() {
  const made = await makeInfluencer(db(), { isApproved: true });
  return { ...made, client: await signedIn(t.app, made.user.email) };
}

describe('机构 sign-up and review', () => {
  it('signs up with the licence and code, waits in the queue, and is approved by an admin', async () => {
    const a = await signupAgency(t.app);
    const me = await a.client.get('/api/auth/session');
    expect(me.json().user).toMatchObject({ userType: 'agency', displayName: '星火传媒' });

    // waiting: it cannot invite yet
    const inf = await influencer();
    expect(errorOf(await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 }))).toMatchObject({
      status: 403,
      code: 'AGENCY_NOT_APPROVED',
    });
    const roster = await a.client.get('/api/agency/roster');
    expect(roster.json().agency).toMatchObject({ name: '星火传媒', status: 'pending', city: '杭州' });
    // its public page is not there yet
    const id = roster.json().agency.id as string;
    expect((await new Client(t.app).get(`/api/agencies/${id}`)).statusCode).toBe(404);

    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['user_management'] })).email);
    const queue = await admin.get('/api/admin/users?filter=queue&type=agency');
    expect(queue.statusCode, queue.body).toBe(200);
    const row = queue.json().items.find((r: { userId: string }) => r.userId === a.user.id);
    expect(row).toMatchObject({ userType: 'agency', approveStatus: 'pending', waiting: 'agency_approval', displayName: '星火传媒' });
    // the licence is the agency's and the reviewers'
    expect((await a.client.get(`/api/company-licenses/${a.licenseUploadId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/company-licenses/${a.licenseUploadId}`)).statusCode).toBe(200);
    expect((await (await agency()).client.get(`/api/company-licenses/${a.licenseUploadId}`)).statusCode).toBe(404);

    expect((await admin.post(`/api/admin/users/${a.user.id}/approve`, {})).statusCode).toBe(200);
    expect(errorOf(await admin.post(`/api/admin/users/${a.user.id}/approve`, {}))).toMatchObject({ status: 409, code: 'REVIEW_NOT_PENDING' });
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(note.type).toBe('agency_approved');
    expect((await new Client(t.app).get(`/api/agencies/${id}`)).json().agency).toMatchObject({ name: '星火传媒', city: '杭州' });
    const invited = await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 });
    expect(invited.statusCode, invited.body).toBe(200);
  });

  it('refuses a bad code, a missing licence and a closed sign-up', async () => {
    const c = new Client(t.app);
    const res = await c.post('/api/auth/signup', {
      email: 'x@example.com',
      password: 'secret123',
      userType: 'agency',
      agency: { name: 'A', contactPerson: 'B', phone: '1', creditCode: '91330100716105852X', licenseUploadId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'CREDIT_CODE_CHECK' });
    expect(errorOf(await c.post('/api/auth/signup', { email: 'x@example.com', password: 'secret123', userType: 'agency' }))).toMatchObject({
      status: 400,
      code: 'AGENCY_REQUIRED_FIELDS',
    });
  });

  it('is rejected with a reason the agency reads', async () => {
    const a = await signupAgency(t.app);
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['user_management'] })).email);
    expect((await admin.post(`/api/admin/users/${a.user.id}/reject`, { reason: '营业执照不清晰' })).statusCode).toBe(200);
    expect((await a.client.get('/api/agency/roster')).json().agency).toMatchObject({ status: 'rejected', rejectionReason: '营业执照不清晰' });
    const [log] = await db().select().from(adminLogs).where(eq(adminLogs.actionType, 'agency_reject'));
    expect(log.targetId).toBe(a.user.id);
  });
});

describe('the roster', () => {
  it('invites, the influencer accepts; the public pages show it; one agency at a time', async () => {
    const a = await agency();
    const b = await agency();
    const inf = await influencer();
    const inv = await a.client.post('/api/agency/roster-invitations', { email: inf.user.email, shareBps: 2000, endsOn: '2099-12-31' });
    expect(inv.statusCode, inv.body).toBe(200);
    expect(errorOf(await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2500 }))).toMatchObject({
      status: 409,
      code: 'AGENCY_INVITATION_PENDING',
    });
    const invB = await b.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 1000 });
    expect(invB.statusCode).toBe(200);
    await delivered(t.app);
    const mails = await db().select().from(outbox).where(eq(outbox.to, inf.user.email));
    expect(mails.some((m) => m.subject?.includes('机构签约邀请') || m.body.includes(a.agency.name))).toBe(true);

    const mine = (await inf.client.get('/api/me/agency-invitations')).json();
    expect(mine.invitations).toHaveLength(2);
    expect(mine.current).toBeNull();

    const accepted = await inf.client.post(`/api/agency-invitations/${inv.json().invitation.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().invitation.status).toBe('accepted');
    // the other agency's invitation is withdrawn; answering it now is refused
    expect(errorOf(await inf.client.post(`/api/agency-invitations/${invB.json().invitation.id}/accept`, {}))).toMatchObject({
      status: 409,
      code: 'AGENCY_ALREADY_MEMBER',
    });
    expect(errorOf(await b.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 1000 }))).toMatchObject({
      status: 409,
      code: 'AGENCY_ALREADY_MEMBER',
    });

    const m = await activeRosterMembership(db(), inf.influencer.id, t.app.ctx.clock.now());
    expect(m).toMatchObject({ agencyId: a.agency.id, sharePercent: 20 });

    const roster = (await a.client.get('/api/agency/roster')).json();
    expect(roster.current).toHaveLength(1);
    expect(roster.current[0]).toMatchObject({ shareBps: 2000, status: 'active', endsOn: '2099-12-31', openDeals: 0 });
    const page = (await new Client(t.app).get(`/api/agencies/${a.agency.id}`)).json();
    expect(page.roster.map((r: { id: string }) => r.id)).toEqual([inf.influencer.id]);
    // masked for visitors as in the directory
    expect(page.roster[0].hourlyRateCents).toBeNull();
    const detail = (await new Client(t.app).get(`/api/influencers/${inf.influencer.id}`)).json();
    expect(detail.influencer.agency).toMatchObject({ id: a.agency.id, name: a.agency.name });
  });

  it('ends from either side at once when no deal is open, and keeps the history', async () => {
    const a = await agency();
    const inf = await influencer();
    const inv = (await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 3000 })).json().invitation;
    await inf.client.post(`/api/agency-invitations/${inv.id}/accept`, {});
    const ended = await inf.client.post('/api/me/agency/end', {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().membership).toMatchObject({ status: 'ended', endRequestedBy: 'influencer' });
    expect(await activeRosterMembership(db(), inf.influencer.id, t.app.ctx.clock.now())).toBeNull();
    expect(errorOf(await inf.client.post('/api/me/agency/end', {}))).toMatchObject({ status: 404, code: 'AGENCY_MEMBERSHIP_NOT_FOUND' });

    // invited again, accepted, ended by the agency
    const again = (await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2500 })).json().invitation;
    expect((await inf.client.post(`/api/agency-invitations/${again.id}/accept`, {})).statusCode).toBe(200);
    const byAgency = await a.client.post(`/api/agency/roster/${inf.influencer.id}/end`, {});
    expect(byAgency.json().membership).toMatchObject({ status: 'ended', endRequestedBy: 'agency' });
    const mine = (await inf.client.get('/api/me/agency-invitations')).json();
    expect(mine.history).toHaveLength(2);
    expect((await a.client.get('/api/agency/roster')).json().history).toHaveLength(2);
    const logs = await db().select().from(adminLogs).where(eq(adminLogs.targetId, a.agency.id));
    expect(logs.map((l) => l.actionType).sort()).toEqual(
      ['agency_roster_end', 'agency_roster_end', 'agency_roster_invite', 'agency_roster_invite', 'agency_roster_join', 'agency_roster_join'].sort(),
    );
  });

  it('validates the share and the end date', async () => {
    const a = await agency();
    const inf = await influencer();
    for (const shareBps of [-1, 7100, 2050, 2001, '2000']) {
      expect(errorOf(await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps })).code).toBe('AGENCY_SHARE_INVALID');
    }
    expect(errorOf(await a.client.post('/api/agency/roster-invitations', { shareBps: 1000 })).code).toBe('AGENCY_INVITEE_REQUIRED');
    expect(errorOf(await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 1000, endsOn: '2020-01-01' })).code).toBe(
      'AGENCY_END_DATE_PAST',
    );
    expect(errorOf(await a.client.post('/api/agency/roster-invitations', { email: 'nobody@example.com', shareBps: 1000 })).code).toBe(
      'AGENCY_INFLUENCER_NOT_FOUND',
    );
    // 0 and 70 are allowed
    expect((await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 7000 })).statusCode).toBe(200);
  });
});

describe('access', () => {
  it('refuses visitors, wrong roles, and other accounts’ rows (404)', async () => {
    const a = await agency();
    const other = await agency();
    const inf = await influencer();
    const otherInf = await influencer();
    const company = await signedIn(t.app, (await makeCompany(db())).user.email);
    const admin = await signedIn(t.app, (await makeAdmin(db())).email);
    const visitor = new Client(t.app);
    const inv = (await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 })).json().invitation;

    for (const c of [visitor]) {
      expect((await c.get('/api/agency/roster')).statusCode).toBe(401);
      expect((await c.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 })).statusCode).toBe(401);
      expect((await c.get('/api/me/agency-invitations')).statusCode).toBe(401);
      expect((await c.post(`/api/agency-invitations/${inv.id}/accept`, {})).statusCode).toBe(401);
      expect((await c.post('/api/me/agency/end', {})).statusCode).toBe(401);
      expect((await c.post(`/api/agency/roster/${inf.influencer.id}/end`, {})).statusCode).toBe(401);
    }
    for (const c of [company, admin, inf.client]) {
      expect(errorOf(await c.get('/api/agency/roster'))).toMatchObject({ status: 403, code: 'AGENCY_ONLY' });
      expect((await c.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 })).statusCode).toBe(403);
      expect((await c.post(`/api/agency/roster/${inf.influencer.id}/end`, {})).statusCode).toBe(403);
    }
    for (const c of [company, admin, a.client]) {
      expect((await c.get('/api/me/agency-invitations')).statusCode).toBe(403);
      expect((await c.post(`/api/agency-invitations/${inv.id}/decline`, {})).statusCode).toBe(403);
      expect((await c.post('/api/me/agency/end', {})).statusCode).toBe(403);
    }
    // another influencer cannot answer it; another agency cannot end it
    expect(errorOf(await otherInf.client.post(`/api/agency-invitations/${inv.id}/accept`, {}))).toMatchObject({
      status: 404,
      code: 'AGENCY_INVITATION_NOT_FOUND',
    });
    expect((await otherInf.client.get('/api/me/agency-invitations')).json().invitations).toHaveLength(0);
    await inf.client.post(`/api/agency-invitations/${inv.id}/accept`, {});
    expect(errorOf(await other.client.post(`/api/agency/roster/${inf.influencer.id}/end`, {}))).toMatchObject({
      status: 404,
      code: 'AGENCY_MEMBERSHIP_NOT_FOUND',
    });
    expect((await other.client.get('/api/agency/roster')).json().current).toHaveLength(0);
    const [m] = await db().select().from(agencyMemberships).where(eq(agencyMemberships.influencerId, inf.influencer.id));
    expect(m.status).toBe('active');
    // unknown and malformed agency ids
    expect((await visitor.get('/api/agencies/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await visitor.get('/api/agencies/nope')).statusCode).toBe(404);
  });
});

describe('an agency’s roster in 用户管理', () => {
  it('an admin with 用户管理 reads the current roster with shares and the history; others are refused', async () => {
    const a = await agency();
    const [i1, i2] = [await influencer(), await influencer()];
    for (const [i, share] of [
      [i1, 25],
      [i2, 40],
    ] as const) {
      const inv = (await a.client.post('/api/agency/roster-invitations', { influencerId: i.influencer.id, shareBps: share * 100 })).json().invitation;
      expect((await i.client.post(`/api/agency-invitations/${inv.id}/accept`)).statusCode).toBe(200);
    }
    expect((await i2.client.post('/api/me/agency/end')).statusCode).toBe(200);
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['user_management'] })).email);
    const detail = await admin.get(`/api/admin/users/${a.user.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const ag = detail.json().agency;
    expect(ag).toMatchObject({ id: a.agency.id, name: a.agency.name, status: 'approved' });
    expect(ag.current).toMatchObject([{ influencer: { id: i1.influencer.id }, shareBps: 2500, status: 'active', openDeals: 0 }]);
    expect(ag.history).toMatchObject([{ influencer: { id: i2.influencer.id }, shareBps: 4000, status: 'ended', endRequestedBy: 'influencer' }]);
    // an influencer's or a company's detail has no agency part
    expect((await admin.get(`/api/admin/users/${i1.user.id}`)).json().agency).toBeNull();
    // another permission, a member, a visitor
    const finance = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['finance'] })).email);
    expect(errorOf(await finance.get(`/api/admin/users/${a.user.id}`))).toMatchObject({ status: 403 });
    expect(errorOf(await a.client.get(`/api/admin/users/${a.user.id}`))).toMatchObject({ status: 403 });
    expect(errorOf(await new Client(t.app).get(`/api/admin/users/${a.user.id}`))).toMatchObject({ status: 401 });
  });
});

describe('the end date', () => {
  it('the day after its last day the membership ends by itself (the timed job); before, it is in force', async () => {
    // 2026-12-01 10:00 in Beijing
    const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
    const app = await createTestApp({}, { clock });
    try {
      const adb = app.app.ctx.db;
      const made = await makeAgency(adb);
      const ag = await signedIn(app.app, made.user.email);
      const inf = await makeInfluencer(adb, { isApproved: true });
      const ic = await signedIn(app.app, inf.user.email);
      const inv = await ag.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000, endsOn: '2026-12-02' });
      expect(inv.statusCode, inv.body).toBe(200);
      expect((await ic.post(`/api/agency-invitations/${inv.json().invitation.id}/accept`, {})).statusCode).toBe(200);
      const status = async () => (await adb.select().from(agencyMemberships).where(eq(agencyMemberships.influencerId, inf.influencer.id)))[0]!.status;
      // its last day, 23:59 in Beijing: still in force
      clock.set(new Date('2026-12-02T15:59:00Z'));
      await runDueJobs(app.app.ctx);
      expect(await status()).toBe('active');
      expect(await activeRosterMembership(adb, inf.influencer.id, clock.now())).not.toBeNull();
      // the next day, 00:00 in Beijing: ended (no open deals under it)
      clock.set(new Date('2026-12-02T16:00:00Z'));
      await runDueJobs(app.app.ctx);
      expect(await status()).toBe('ended');
      expect((await ag.get('/api/agency/roster')).json().current).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
