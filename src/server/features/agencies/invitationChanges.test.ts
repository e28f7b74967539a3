/**
 * A pending roster invitation withdrawn or changed by its agency, and the influencer's accept of the share she read
 * (issue 40 item 3, decision 0062): who may, what the influencer is told, what is refused and stored.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyShareExample } from '../../../shared/money';
import { makeAdmin, makeAgency, makeCompany, makeInfluencer } from '../../db/factories';
import { adminLogs, agencyInvitations, agencyMemberships, notifications } from '../../db/schema';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
async function world(shareBps = 2000) {
  const ag = await makeAgency(db());
  const inf = await makeInfluencer(db(), { isApproved: true });
  const a = await signedIn(t.app, ag.user.email);
  const i = await signedIn(t.app, inf.user.email);
  const res = await a.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps });
  expect(res.statusCode, res.body).toBe(200);
  return { ag, inf, a, i, id: res.json().invitation.id as string };
}
const typesOf = async (userId: string) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.type);
const stored = async (id: string) => (await db().select().from(agencyInvitations).where(eq(agencyInvitations.id, id)))[0];

describe('the agency changes a pending invitation', () => {
  it('changes the share: the influencer is told, reads the new share, and accepts it', async () => {
    const w = await world(2000);
    const changed = await w.a.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps: 3500 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().invitation).toMatchObject({ id: w.id, shareBps: 3500, status: 'pending' });
    expect(await typesOf(w.inf.user.id)).toContain('agency_invitation_changed');
    const mine = (await w.i.get('/api/me/agency-invitations')).json();
    expect(mine.invitations[0]).toMatchObject({ id: w.id, shareBps: 3500 });
    expect(mine.platformFeeBps).toBe(1000);
    // the example on the invitation: a $1,000 fee → platform $100, agency 35 % of $900 = $315, influencer $585
    expect(agencyShareExample(100_000, mine.platformFeeBps, 3500)).toEqual({
      feeCents: 100_000,
      platformCents: 10_000,
      agencyCents: 31_500,
      influencerCents: 58_500,
    });

    // an accept of the share read before the change is refused and changes nothing
    expect(errorOf(await w.i.post(`/api/agency-invitations/${w.id}/accept`, { shareBps: 2000 }))).toMatchObject({
      status: 409,
      code: 'AGENCY_INVITATION_CHANGED',
    });
    expect((await stored(w.id)).status).toBe('pending');
    expect(await db().select().from(agencyMemberships).where(eq(agencyMemberships.influencerId, w.inf.influencer.id))).toHaveLength(0);

    const accepted = await w.i.post(`/api/agency-invitations/${w.id}/accept`, { shareBps: 3500 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [m] = await db().select().from(agencyMemberships).where(eq(agencyMemberships.influencerId, w.inf.influencer.id));
    expect(m).toMatchObject({ status: 'active', sharePercent: 35 });
    const logs = await db()
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.targetId, w.ag.agency.id), eq(adminLogs.actionType, 'agency_roster_invite_change')));
    expect(logs).toHaveLength(1);
    // answered: no more changes
    expect(errorOf(await w.a.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps: 1000 }))).toMatchObject({
      status: 409,
      code: 'AGENCY_INVITATION_ANSWERED',
    });
    expect(errorOf(await w.a.post(`/api/agency/roster-invitations/${w.id}/withdraw`, {}))).toMatchObject({ status: 409, code: 'AGENCY_INVITATION_ANSWERED' });
  });

  it('the same share changes nothing and tells nobody; a share outside 0–70 % or with decimals is refused', async () => {
    const w = await world(2000);
    expect((await w.a.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps: 2000 })).statusCode).toBe(200);
    expect(await typesOf(w.inf.user.id)).not.toContain('agency_invitation_changed');
    for (const shareBps of [-100, 7100, 1250, 2001, '3000', null]) {
      expect(errorOf(await w.a.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps }))).toMatchObject({ status: 400, code: 'AGENCY_SHARE_INVALID' });
    }
    expect(errorOf(await w.i.post(`/api/agency-invitations/${w.id}/accept`, { shareBps: 1250 }))).toMatchObject({ status: 400, code: 'AGENCY_SHARE_INVALID' });
    expect((await stored(w.id)).sharePercent).toBe(20);
    // 0 and 70 are allowed
    expect((await w.a.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps: 7000 })).json().invitation.shareBps).toBe(7000);
    expect((await w.a.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps: 0 })).json().invitation.shareBps).toBe(0);
  });

  it('withdraws: the influencer is told, cannot accept it, and the agency may invite again', async () => {
    const w = await world(2000);
    const res = await w.a.post(`/api/agency/roster-invitations/${w.id}/withdraw`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invitation).toMatchObject({ id: w.id, status: 'withdrawn' });
    expect(await typesOf(w.inf.user.id)).toContain('agency_invitation_withdrawn');
    expect(errorOf(await w.i.post(`/api/agency-invitations/${w.id}/accept`, {}))).toMatchObject({ status: 409, code: 'AGENCY_INVITATION_ANSWERED' });
    expect(errorOf(await w.a.post(`/api/agency/roster-invitations/${w.id}/withdraw`, {}))).toMatchObject({ status: 409, code: 'AGENCY_INVITATION_ANSWERED' });
    const again = await w.a.post('/api/agency/roster-invitations', { influencerId: w.inf.influencer.id, shareBps: 1500 });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses visitors and wrong roles; another agency’s invitation is not found', async () => {
    const w = await world(2000);
    const other = await signedIn(t.app, (await makeAgency(db())).user.email);
    const company = await signedIn(t.app, (await makeCompany(db())).user.email);
    const admin = await signedIn(t.app, (await makeAdmin(db())).email);
    const visitor = new Client(t.app);
    expect((await visitor.post(`/api/agency/roster-invitations/${w.id}/withdraw`, {})).statusCode).toBe(401);
    expect((await visitor.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps: 3000 })).statusCode).toBe(401);
    for (const c of [company, admin, w.i]) {
      expect(errorOf(await c.post(`/api/agency/roster-invitations/${w.id}/withdraw`, {}))).toMatchObject({ status: 403, code: 'AGENCY_ONLY' });
      expect(errorOf(await c.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps: 3000 }))).toMatchObject({ status: 403, code: 'AGENCY_ONLY' });
    }
    expect(errorOf(await other.post(`/api/agency/roster-invitations/${w.id}/withdraw`, {}))).toMatchObject({
      status: 404,
      code: 'AGENCY_INVITATION_NOT_FOUND',
    });
    expect(errorOf(await other.patch(`/api/agency/roster-invitations/${w.id}`, { shareBps: 3000 }))).toMatchObject({
      status: 404,
      code: 'AGENCY_INVITATION_NOT_FOUND',
    });
    expect(errorOf(await w.a.patch('/api/agency/roster-invitations/nope', { shareBps: 3000 }))).toMatchObject({ status: 404 });
    expect(await stored(w.id)).toMatchObject({ status: 'pending', sharePercent: 20 });
  });
});
