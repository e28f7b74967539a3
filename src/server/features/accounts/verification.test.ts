/**
 * Company verification with evidence (issue "what a new user and an outside tester tripped over",
 * items 4 and 5; decision 0028): the business licence is a private upload read only by its owner and
 * admins with 用户管理; a request carries it and a valid 统一社会信用代码, unique among verified
 * companies; the states 未认证 / 待审核 / 未通过 / 已认证 on the company's profile and in 用户管理; a
 * rejection reaches the company, which resubmits; a verified company that changes its name or code
 * loses the badge.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany, makeInfluencer, makeUser } from '../../db/factories';
import { companies, companyVerificationRequests, notifications, outbox, uploads } from '../../db/schema';
import { Client, createTestApp, errorOf, pngBytes, signedIn, upload, type TestApp, delivered } from '../../test/harness';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await pngBytes(40, 30);
});
afterAll(async () => {
  await t?.close();
});

// real codes (check characters as issued)
const CODE_A = '91330100716105852F';
const CODE_B = '91440300708461136T';
const CODE_C = '914403001922038216';
const CODE_D = '91110108551385082Q';
const CODE_E = '91110000802100433B';
const CODE_F = '91230184MA1BUFLT44';

async function company(name?: string) {
  const made = await makeCompany(t.app.ctx.db, name ? { companyName: name } : {});
  return { ...made, client: await signedIn(t.app, made.user.email) };
}
async function admin(permissions: string[] = ['user_management']) {
  const a = await makeAdmin(t.app.ctx.db, { permissions });
  return signedIn(t.app, a.email);
}
async function licence(client: Client): Promise<{ id: string; url: string }> {
  const res = await upload(client, 'business-license', png, 'licence.png', 'image/png');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function submit(client: Client, creditCode: string) {
  const file = await licence(client);
  return client.post('/api/companies/me/verification-requests', { creditCode, licenseUploadId: file.id });
}
const rowOf = async (adminClient: Client, email: string) => {
  const res = await adminClient.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items[0];
};
const requestsOf = (companyId: string) =>
  t.app.ctx.db
    .select()
    .from(companyVerificationRequests)
    .where(eq(companyVerificationRequests.companyId, companyId))
    .orderBy(desc(companyVerificationRequests.submittedAt));

describe('the business licence is private', () => {
  it('is uploaded by companies only and read only by its owner and admins holding 用户管理', async () => {
    const a = await company();
    const b = await company();
    const inf = await makeInfluencer(t.app.ctx.db);
    const influencer = await signedIn(t.app, inf.user.email);
    const visitor = new Client(t.app);

    expect(errorOf(await upload(visitor, 'business-license', png, 'l.png', 'image/png')).status).toBe(401);
    expect(errorOf(await upload(influencer, 'business-license', png, 'l.png', 'image/png')).status).toBe(403);
    expect(errorOf(await upload(await admin(), 'business-license', png, 'l.png', 'image/png')).status).toBe(403);

    const file = await licence(a.client);
    expect(file.url).toBe(`/api/company-licenses/${file.id}`);

    const own = await a.client.get(file.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.rawPayload.length).toBeGreaterThan(20);

    expect((await (await admin(['user_management'])).get(file.url)).statusCode).toBe(200);
    expect(errorOf(await (await admin(['task_management', 'finance'])).get(file.url))).toMatchObject({ status: 403, code: 'ADMIN_PERMISSION_MISSING' });
    expect(errorOf(await b.client.get(file.url))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(errorOf(await influencer.get(file.url)).status).toBe(403);
    expect(errorOf(await visitor.get(file.url)).status).toBe(401);
    // not a licence (a logo) is not served here, and nothing is served under /uploads/private
    const logo = await upload(a.client, 'logo', png, 'logo.png', 'image/png');
    expect((await a.client.get(`/api/company-licenses/${logo.json().id}`)).statusCode).toBe(404);
    expect((await a.client.get('/api/company-licenses/not-a-uuid')).statusCode).toBe(404);
    const [stored] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, file.id));
    expect(stored.storageKey.startsWith('private/')).toBe(true);
    expect((await visitor.get(`/uploads/${stored.storageKey}`)).statusCode).toBe(404);
  });
});

describe('a verification request carries the licence and a valid 统一社会信用代码', () => {
  it('refuses a missing or malformed code, a wrong check character and a missing or foreign licence, storing nothing', async () => {
    const a = await company();
    const b = await company();
    const mine = await licence(a.client);
    const theirs = await licence(b.client);
    const post = (body: unknown) => a.client.post('/api/companies/me/verification-requests', body);

    expect(errorOf(await post({ licenseUploadId: mine.id }))).toMatchObject({ status: 400, code: 'CREDIT_CODE_REQUIRED', message: '请输入统一社会信用代码' });
    expect(errorOf(await post({ creditCode: '91330100716105', licenseUploadId: mine.id }))).toMatchObject({ status: 400, code: 'CREDIT_CODE_INVALID' });
    expect(errorOf(await post({ creditCode: '9133010071610585IF', licenseUploadId: mine.id }))).toMatchObject({ status: 400, code: 'CREDIT_CODE_INVALID' });
    // one mistyped character: the check character no longer matches
    const typo = errorOf(await post({ creditCode: '91330100716105853F', licenseUploadId: mine.id }));
    expect(typo).toMatchObject({ status: 400, code: 'CREDIT_CODE_CHECK' });
    expect(typo.message).toContain('校验');
    expect(errorOf(await post({ creditCode: CODE_A }))).toMatchObject({ status: 400, code: 'LICENSE_REQUIRED', message: '请上传营业执照' });
    expect(errorOf(await post({ creditCode: CODE_A, licenseUploadId: theirs.id }))).toMatchObject({ status: 400, code: 'UPLOAD_NOT_FOUND' });
    const logo = (await upload(a.client, 'logo', png, 'logo.png', 'image/png')).json();
    expect(errorOf(await post({ creditCode: CODE_A, licenseUploadId: logo.id }))).toMatchObject({ status: 400, code: 'UPLOAD_NOT_FOUND' });
    expect(await requestsOf(a.company.id)).toEqual([]);

    // typed as people type it: spaces, a dash, lower case
    const ok = await post({ creditCode: ' 9133 0100-7161 0585 2f ', licenseUploadId: mine.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      verificationState: 'pending',
      verification: { status: 'pending', creditCode: CODE_A, companyName: a.company.companyName, licenseUrl: mine.url },
      profile: { businessLicense: CODE_A, isVerified: false },
    });
    expect(errorOf(await post({ creditCode: CODE_A, licenseUploadId: mine.id }))).toMatchObject({ status: 409, code: 'VERIFICATION_PENDING' });
  });

  it('a company without a profile is told to complete it first', async () => {
    const u = await makeUser(t.app.ctx.db, { userType: 'company' });
    const c = await signedIn(t.app, u.email);
    const file = await licence(c);
    expect(errorOf(await c.post('/api/companies/me/verification-requests', { creditCode: CODE_A, licenseUploadId: file.id }))).toMatchObject({
      status: 404,
      code: 'PROFILE_NOT_FOUND',
    });
  });

  it('the profile’s 营业执照号 is checked the same way', async () => {
    const a = await company();
    const put = (businessLicense: string) =>
      a.client.request({ method: 'PUT', url: '/api/companies/me', payload: { companyName: a.company.companyName, contactPerson: '张经理', businessLicense } });
    const bad = await put('91330100716105853F');
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'CREDIT_CODE_CHECK' });
    expect(bad.json().error.fields).toEqual({ businessLicense: 'CREDIT_CODE_CHECK' });
    expect(errorOf(await put('12345'))).toMatchObject({ status: 400, code: 'CREDIT_CODE_INVALID' });
    const [row] = await t.app.ctx.db.select().from(companies).where(eq(companies.id, a.company.id));
    expect(row.businessLicense).toBeNull();
    expect((await put('91330100716105852f')).json().profile.businessLicense).toBe(CODE_A);
    expect((await put('')).json().profile.businessLicense).toBeNull();
  });
});

describe('states: 未认证 → 待审核 → 未通过 → 待审核 → 已认证', () => {
  it('the company and 用户管理 see the same state; the rejection reason reaches the company, which resubmits', async () => {
    const a = await company('状态测试企业');
    const ad = await admin();

    // never asked: 未认证, nothing to decide
    expect((await a.client.get('/api/companies/me')).json()).toMatchObject({ verificationState: 'unverified', verificationLapsed: false, verification: null });
    expect(await rowOf(ad, a.user.email)).toMatchObject({ approveStatus: 'unverified', waiting: null, verification: null });
    expect(errorOf(await ad.post(`/api/admin/users/${a.user.id}/approve`))).toMatchObject({ status: 409, code: 'REVIEW_NOT_PENDING' });
    const pendingFilter = (await ad.get('/api/admin/users?filter=pending&type=company&limit=100')).json();
    expect(pendingFilter.items.map((i: { userId: string }) => i.userId)).not.toContain(a.user.id);

    // 待审核, with the evidence in the queue
    expect((await submit(a.client, CODE_B)).statusCode).toBe(200);
    const queued = await rowOf(ad, a.user.email);
    expect(queued).toMatchObject({
      approveStatus: 'pending',
      waiting: 'company_verification',
      verification: { creditCode: CODE_B, companyName: '状态测试企业' },
    });
    expect(queued.verification.licenseUrl).toMatch(/^\/api\/company-licenses\//);
    expect((await ad.get(queued.verification.licenseUrl)).statusCode).toBe(200);
    const queue = (await ad.get('/api/admin/users?filter=queue&type=company&limit=100')).json();
    expect(queue.items.map((i: { userId: string }) => i.userId)).toContain(a.user.id);

    // 未通过 with the reason: notification, mail, profile
    expect((await ad.post(`/api/admin/users/${a.user.id}/reject`, { reason: '营业执照照片不清晰' })).statusCode).toBe(200);
    expect(await rowOf(ad, a.user.email)).toMatchObject({ approveStatus: 'rejected', waiting: null });
    const rejected = (await a.client.get('/api/companies/me')).json();
    expect(rejected).toMatchObject({ verificationState: 'rejected', verification: { status: 'rejected', note: '营业执照照片不清晰', creditCode: CODE_B } });
    const [note] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, a.user.id)).orderBy(desc(notifications.createdAt)).limit(1);
    expect(note.body).toContain('营业执照照片不清晰');
    expect(note.link).toBe('/company-profile');
    const [mail] = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, a.user.email)).orderBy(desc(outbox.createdAt)).limit(1);
    expect(mail.body).toContain('营业执照照片不清晰');

    // corrected and resubmitted, then approved
    expect((await submit(a.client, CODE_B)).json()).toMatchObject({ verificationState: 'pending' });
    expect(await rowOf(ad, a.user.email)).toMatchObject({ approveStatus: 'pending', waiting: 'company_verification' });
    expect((await ad.post(`/api/admin/users/${a.user.id}/approve`)).statusCode).toBe(200);
    expect((await a.client.get('/api/companies/me')).json()).toMatchObject({
      verificationState: 'verified',
      profile: { isVerified: true, businessLicense: CODE_B },
    });
    expect(await rowOf(ad, a.user.email)).toMatchObject({ approveStatus: 'approved', waiting: null });
    const detail = (await ad.get(`/api/admin/users/${a.user.id}`)).json();
    expect(detail.verificationRequests.map((v: { status: string }) => v.status)).toEqual(['approved', 'rejected']);
    expect(detail.verificationRequests[0]).toMatchObject({ creditCode: CODE_B, companyName: '状态测试企业' });
    expect(detail.verificationRequests[0].licenseUrl).toMatch(/^\/api\/company-licenses\//);
    expect((await new Client(t.app).get(`/api/companies/${a.company.id}`)).json().company.isVerified).toBe(true);
    expect(errorOf(await submit(a.client, CODE_B))).toMatchObject({ status: 409, code: 'ALREADY_VERIFIED' });
  });

  it('a request from before evidence was required cannot be approved', async () => {
    const a = await company();
    const ad = await admin();
    await t.app.ctx.db.insert(companyVerificationRequests).values({ companyId: a.company.id });
    expect(await rowOf(ad, a.user.email)).toMatchObject({ approveStatus: 'pending', waiting: 'company_verification' });
    expect(errorOf(await ad.post(`/api/admin/users/${a.user.id}/approve`))).toMatchObject({ status: 409, code: 'VERIFICATION_EVIDENCE_MISSING' });
    const [row] = await t.app.ctx.db.select().from(companies).where(eq(companies.id, a.company.id));
    expect(row.isVerified).toBe(false);
    // it is rejected with a reason instead, and the company resubmits with evidence
    expect((await ad.post(`/api/admin/users/${a.user.id}/reject`, { reason: '请上传营业执照' })).statusCode).toBe(200);
    expect((await submit(a.client, CODE_F)).statusCode).toBe(200);
  });
});

describe('one verified company per 统一社会信用代码', () => {
  it('a second company cannot request, nor be approved, with a code already verified', async () => {
    const ad = await admin();
    const a = await company();
    const b = await company();
    const c = await company();
    expect((await submit(a.client, CODE_C)).statusCode).toBe(200);
    // b asks while a waits: both wait, the first approval wins
    expect((await submit(b.client, CODE_C)).statusCode).toBe(200);
    expect((await ad.post(`/api/admin/users/${a.user.id}/approve`)).statusCode).toBe(200);
    const taken = errorOf(await ad.post(`/api/admin/users/${b.user.id}/approve`));
    expect(taken).toMatchObject({ status: 409, code: 'CREDIT_CODE_TAKEN' });
    const [bRow] = await t.app.ctx.db.select().from(companies).where(eq(companies.id, b.company.id));
    expect(bRow.isVerified).toBe(false);
    expect((await requestsOf(b.company.id))[0].status).toBe('pending');
    // and a new request with that code is refused at once
    expect(errorOf(await submit(c.client, CODE_C))).toMatchObject({ status: 409, code: 'CREDIT_CODE_TAKEN', message: '该统一社会信用代码已被其他企业认证' });
    expect(await requestsOf(c.company.id)).toEqual([]);
  });
});

describe('a verified company that changes its legal name or code loses the badge', () => {
  const save = (client: Client, body: Record<string, unknown>) =>
    client.request({ method: 'PUT', url: '/api/companies/me', payload: { contactPerson: '张经理', ...body } });
  async function verified(name: string, code: string) {
    const a = await company(name);
    const ad = await admin();
    expect((await submit(a.client, code)).statusCode).toBe(200);
    expect((await ad.post(`/api/admin/users/${a.user.id}/approve`)).statusCode).toBe(200);
    return { ...a, ad };
  }

  it('other edits keep it; a new name drops it until verified again', async () => {
    const a = await verified('改名前有限公司', CODE_D);
    const same = await save(a.client, { companyName: '改名前有限公司', businessLicense: CODE_D, description: '新的简介' });
    expect(same.json()).toMatchObject({ verificationState: 'verified', profile: { isVerified: true } });

    const renamed = await save(a.client, { companyName: '改名后有限公司', businessLicense: CODE_D });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      verificationState: 'unverified',
      verificationLapsed: true,
      profile: { isVerified: false, companyName: '改名后有限公司' },
    });
    expect((await new Client(t.app).get(`/api/companies/${a.company.id}`)).json().company.isVerified).toBe(false);
    expect(await rowOf(a.ad, a.user.email)).toMatchObject({ approveStatus: 'unverified' });

    // verified again under the new name, with the same code (it was freed by the change)
    expect((await submit(a.client, CODE_D)).json().verification).toMatchObject({ companyName: '改名后有限公司' });
    expect((await a.ad.post(`/api/admin/users/${a.user.id}/approve`)).statusCode).toBe(200);
    expect((await a.client.get('/api/companies/me')).json()).toMatchObject({ verificationState: 'verified', verificationLapsed: false });
  });

  it('a new code drops it too, and frees the old code for its rightful owner', async () => {
    const a = await verified('换码有限公司', CODE_E);
    const changed = await save(a.client, { companyName: '换码有限公司', businessLicense: CODE_F });
    expect(changed.json()).toMatchObject({
      verificationState: 'unverified',
      verificationLapsed: true,
      profile: { isVerified: false, businessLicense: CODE_F },
    });
    const other = await company();
    expect((await submit(other.client, CODE_E)).statusCode).toBe(200);
  });

  it('a pending request is withdrawn when the name or code it names changes', async () => {
    const a = await company('待审改名有限公司');
    expect((await submit(a.client, CODE_A)).statusCode).toBe(200);
    const renamed = await save(a.client, { companyName: '待审改名后有限公司', businessLicense: CODE_A });
    expect(renamed.json()).toMatchObject({ verificationState: 'unverified', verification: { status: 'withdrawn' } });
    const [req] = await requestsOf(a.company.id);
    expect(req.status).toBe('withdrawn');
    expect(
      await t.app.ctx.db
        .select()
        .from(companyVerificationRequests)
        .where(and(eq(companyVerificationRequests.companyId, a.company.id), eq(companyVerificationRequests.status, 'pending'))),
    ).toEqual([]);
  });
});
