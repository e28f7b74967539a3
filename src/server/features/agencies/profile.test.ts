/**
 * 机构资料 (issue 40 item 6, decision 0065): the agency edits its record; a new credit code or licence goes back to
 * review; the header's name and logo follow; who may.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeAgency, makeCompany, makeInfluencer } from '../../db/factories';
import { adminLogs, agencies } from '../../db/schema';
import { Client, createTestApp, errorOf, pngBytes, signedIn, upload, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.app.ctx.db;

async function agency(status: 'approved' | 'rejected' = 'approved') {
  const made = await makeAgency(db(), { status, name: '星火传媒' });
  return { ...made, client: await signedIn(t.app, made.user.email) };
}
const stored = async (id: string) => (await db().select().from(agencies).where(eq(agencies.id, id)))[0];
const base = { name: '星火传媒', contactPerson: '李娜', phone: '13800138000', creditCode: '91330100716105852F', description: null, city: '杭州' };

describe('机构资料', () => {
  it('reads its record and edits name, description, city and logo at once; the header follows', async () => {
    const a = await agency();
    const got = await a.client.get('/api/agency/profile');
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().profile).toMatchObject({ id: a.agency.id, name: '星火传媒', status: 'approved', hasLicense: expect.any(Boolean) });
    const logo = await upload(a.client, 'logo', await pngBytes(), 'logo.png', 'image/png');
    expect(logo.statusCode, logo.body).toBe(200);
    const saved = await a.client.request({
      method: 'PUT',
      url: '/api/agency/profile',
      payload: { ...base, name: '星火传媒集团', description: '专注美妆直播', city: '上海', logoUploadId: logo.json().id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      reviewRequired: false,
      profile: { name: '星火传媒集团', city: '上海', status: 'approved', description: '专注美妆直播' },
    });
    expect(saved.json().profile.logoUrl).toMatch(/\/uploads\//);
    const me = (await a.client.get('/api/auth/me')).json().user;
    expect(me).toMatchObject({ displayName: '星火传媒集团', avatarUrl: saved.json().profile.logoUrl });
    const [log] = await db().select().from(adminLogs).where(eq(adminLogs.targetId, a.agency.id));
    expect(log.actionType).toBe('agency_profile_update');
  });

  it('a new credit code sends it back to review: no inviting until an admin approves again', async () => {
    const a = await agency();
    const inf = await makeInfluencer(db(), { isApproved: true });
    const saved = await a.client.request({ method: 'PUT', url: '/api/agency/profile', payload: { ...base, creditCode: '91440300708461136T' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ reviewRequired: true, profile: { status: 'pending', creditCode: '91440300708461136T' } });
    expect(errorOf(await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 }))).toMatchObject({
      status: 403,
      code: 'AGENCY_NOT_APPROVED',
    });
    const admin = await signedIn(t.app, (await makeAdmin(db(), { permissions: ['user_management'] })).email);
    expect((await admin.post(`/api/admin/users/${a.user.id}/approve`, {})).statusCode).toBe(200);
    expect((await a.client.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: 2000 })).statusCode).toBe(200);
  });

  it('a new licence goes back to review too; a rejected agency’s save resubmits it', async () => {
    const a = await agency();
    const licence = await upload(a.client, 'business-license', await pngBytes(), 'licence.png', 'image/png');
    expect(licence.statusCode, licence.body).toBe(200);
    const saved = await a.client.request({ method: 'PUT', url: '/api/agency/profile', payload: { ...base, licenseUploadId: licence.json().id } });
    expect(saved.json()).toMatchObject({ reviewRequired: true, profile: { status: 'pending', hasLicense: true } });
    expect((await stored(a.agency.id)).licenseUploadId).toBe(licence.json().id);

    const r = await agency('rejected');
    const again = await r.client.request({ method: 'PUT', url: '/api/agency/profile', payload: base });
    expect(again.json()).toMatchObject({ reviewRequired: true, profile: { status: 'pending', rejectionReason: null } });
  });

  it('bad input and someone else’s file are refused and change nothing', async () => {
    const a = await agency();
    const other = await agency();
    const theirs = (await upload(other.client, 'logo', await pngBytes(), 'logo.png', 'image/png')).json().id;
    const put = (payload: unknown) => a.client.request({ method: 'PUT', url: '/api/agency/profile', payload: payload as Record<string, unknown> });
    expect(errorOf(await put({ ...base, name: '  ' }))).toMatchObject({ status: 400, code: 'AGENCY_REQUIRED_FIELDS' });
    expect(errorOf(await put({ ...base, creditCode: '123' })).status).toBe(400);
    expect(errorOf(await put({ ...base, logoUploadId: theirs }))).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    // a logo is not a licence
    const logo = (await upload(a.client, 'logo', await pngBytes(), 'logo.png', 'image/png')).json().id;
    expect(errorOf(await put({ ...base, licenseUploadId: logo }))).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    expect(await stored(a.agency.id)).toMatchObject({ name: '星火传媒', status: 'approved', logoUrl: a.agency.logoUrl });
  });

  it('refuses visitors and other roles', async () => {
    const visitor = new Client(t.app);
    expect((await visitor.get('/api/agency/profile')).statusCode).toBe(401);
    expect((await visitor.request({ method: 'PUT', url: '/api/agency/profile', payload: base })).statusCode).toBe(401);
    const company = await signedIn(t.app, (await makeCompany(db())).user.email);
    const influencer = await signedIn(t.app, (await makeInfluencer(db())).user.email);
    const admin = await signedIn(t.app, (await makeAdmin(db())).email);
    for (const c of [company, influencer, admin]) {
      expect(errorOf(await c.get('/api/agency/profile'))).toMatchObject({ status: 403, code: 'AGENCY_ONLY' });
      expect(errorOf(await c.request({ method: 'PUT', url: '/api/agency/profile', payload: base }))).toMatchObject({ status: 403, code: 'AGENCY_ONLY' });
    }
  });
});
