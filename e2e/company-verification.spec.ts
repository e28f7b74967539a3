/**
 * Company verification with evidence (decision 0028), as a company and a reviewer see it:
 * 未认证 with the way to request it → the request (licence image + 统一社会信用代码, checked as typed)
 * → 待审核 in 用户管理 with the licence and the code → 未通过 with a reason the company reads → the
 * corrected request → 已认证. Both languages; at 390 px for the company.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { apiLogin, expect, pngBytes, test, uploadFile } from './fixtures';
import { expectResponse, signUpViaApi } from './accounts-helpers';

// real-looking codes with valid check characters (decision 0028: GB 32100-2015)
const CODE = '91330106MA2B7K3P1T'.slice(0, 17);
const A = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const W = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** 17 characters and their check character (the test computes it on its own, not with the app's code) */
const withCheck = (first17: string) => first17 + A[(31 - ([...first17].reduce((s, c, i) => s + A.indexOf(c) * W[i], 0) % 31)) % 31];

async function adminPage(browser: Browser, email: string, password: string) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const res = await page.request.post('/api/admin/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return { ctx, page };
}

async function findUser(admin: Page, email: string) {
  await admin.goto('/admin?tab=users');
  await admin.getByTestId('users-search').locator('input').fill(email);
  await admin.getByTestId('users-search').locator('input').press('Enter');
  const row = admin.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

async function licenceLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test.describe('company verification', () => {
  test('未认证 → request with licence and code → 待审核 → 未通过 with the reason → resubmitted → 已认证', async ({
    page,
    browser,
    adminEmail,
    adminPassword,
    guard,
  }) => {
    test.setTimeout(300_000);
    guard.allow(/\/api\/companies\/me\/verification-requests$/, 400);
    const good = withCheck(CODE);
    const typo = good.slice(0, 10) + (good[10] === '7' ? '8' : '7') + good.slice(11);

    const account = await signUpViaApi(page.request, 'company', 'verify');
    const name = `认证测试企业${Date.now().toString(36).slice(-5)}`;
    const saved = await page.request.put('/api/companies/me', { data: { companyName: name, contactPerson: '王经理' } });
    expect(saved.status(), await saved.text()).toBe(200);

    // 未认证, not 待审核: and the way to ask
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/company-profile');
    const badge = page.getByTestId('company-verified-badge');
    await expect(badge).toHaveText('未认证');
    const card = page.getByTestId('company-verification');
    await expect(card).toHaveAttribute('data-state', 'unverified');
    await expect(card).not.toContainText('待审核');

    // the reviewer sees 未认证 too, with nothing to approve
    const admin = await adminPage(browser, adminEmail, adminPassword);
    let row = await findUser(admin.page, account.email);
    await expect(row.getByTestId('user-status')).toHaveText('未认证');
    await expect(row.getByTestId('user-approve')).toHaveCount(0);

    // the request form, opened from the badge's link
    await page.getByTestId('company-verify-link').click();
    const form = page.getByTestId('verification-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('verification-subject')).toHaveText(name);
    await page.getByTestId('verification-code').fill(typo.toLowerCase());
    await page.getByTestId('verification-submit').click();
    await expect(form).toContainText('统一社会信用代码校验位不正确');
    await page.getByTestId('verification-code').fill(good);
    await page.getByTestId('verification-submit').click();
    await expect(form).toContainText('请上传营业执照');
    const png = await pngBytes();
    await expectResponse(page, 'POST', /\/api\/uploads\?purpose=business-license/, 200, () =>
      uploadFile(page, page.getByTestId('verification-license'), { name: '营业执照.png', mimeType: 'image/png', buffer: png }),
    );
    await licenceLoaded(page.getByTestId('verification-license').locator('img'));
    await page.screenshot({ path: test.info().outputPath('verification-form-390.png'), fullPage: true });
    await expectResponse(page, 'POST', '/api/companies/me/verification-requests', 200, () => page.getByTestId('verification-submit').click());
    await expect(badge).toHaveText('待审核');
    await expect(card).toHaveAttribute('data-state', 'pending');
    await expect(form).toHaveCount(0);

    // 用户管理: 待审核 with the evidence; the licence opens through its authorised route
    row = await findUser(admin.page, account.email);
    await expect(row.getByTestId('user-status')).toHaveText('待审核');
    await expect(row.getByTestId('evidence-code')).toHaveText(good);
    await licenceLoaded(row.getByTestId('evidence-license').locator('img').or(row.locator('img[alt="营业执照"]')).first());
    await row.getByTestId('user-reject').click();
    await admin.page.getByTestId('reason-input').fill('营业执照照片不清晰，请重新上传');
    await admin.page.getByTestId('reason-ok').click();
    await expect(row.getByTestId('user-status')).toHaveText('未通过');

    // the company reads the reason on its profile and submits again
    await page.reload();
    await expect(badge).toHaveText('未通过');
    await expect(page.getByTestId('company-verification-note')).toHaveText('审核意见：营业执照照片不清晰，请重新上传');
    await page.getByTestId('company-verify-apply').click();
    await expect(page.getByTestId('verification-code')).toHaveValue(good);
    await uploadFile(page, page.getByTestId('verification-license'), { name: 'licence-2.png', mimeType: 'image/png', buffer: png });
    await licenceLoaded(page.getByTestId('verification-license').locator('img'));
    await expectResponse(page, 'POST', '/api/companies/me/verification-requests', 200, () => page.getByTestId('verification-submit').click());
    await expect(badge).toHaveText('待审核');

    // approved: 已认证 for both
    row = await findUser(admin.page, account.email);
    await expect(row.getByTestId('user-status')).toHaveText('待审核');
    await row.getByTestId('user-approve').click();
    await expect(row.getByTestId('user-status')).toHaveText('已认证');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    await row.getByTestId('user-view').click();
    await expect(admin.page.getByTestId('detail-verifications').locator('li')).toHaveCount(2);
    await admin.page.screenshot({ path: test.info().outputPath('admin-verification-detail.png') });
    await admin.ctx.close();

    await page.reload();
    await expect(badge).toHaveText('已认证');
    await expect(card).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('company-verification-code')).toContainText(good);

    // a new legal name would end it: the form says so before saving
    await page.getByTestId('company-edit').click();
    await expect(page.getByTestId('company-identity-warning')).toHaveCount(0);
    await page.getByTestId('company-name').fill(`${name}（新）`);
    await expect(page.getByTestId('company-identity-warning')).toContainText('企业认证将失效');
    await page.getByTestId('company-cancel').click();

    // the same states in English
    await page.context().addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await expect(badge).toHaveText('Verified');
    await expect(card).toContainText('Your company is verified');
    await page.screenshot({ path: test.info().outputPath('verification-verified-en-390.png'), fullPage: true });
  });

  test('in English: Not verified with the way to request it; a wrong check character is explained', async ({ page, guard, baseURL }) => {
    guard.allow(/\/api\/companies\/me\/verification-requests$/, 400);
    await page.context().addInitScript(() => localStorage.setItem('lang', 'en'));
    await signUpViaApi(page.request, 'company', 'verify-en');
    expect((await page.request.put('/api/companies/me', { data: { companyName: 'Evergreen Trading Ltd', contactPerson: 'Li' } })).status()).toBe(200);
    await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }]);
    await page.goto('/company-profile?verify=1');
    await expect(page.getByTestId('company-verified-badge')).toHaveText('Not verified');
    const form = page.getByTestId('verification-form');
    await expect(form).toBeVisible();
    await page.getByTestId('verification-code').fill('91330100716105853F');
    await page.getByTestId('verification-code').blur();
    await expect(form).toContainText('check character does not match');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('verification-form-en-1280.png'), fullPage: true });
  });

  test('the demo company is verified, and its licence is private', async ({ page, browser, baseURL }) => {
    await apiLogin(page, 'company@demo.test', 'demo123456');
    const me = (await (await page.request.get('/api/companies/me')).json()) as { verificationState: string; verification: { licenseUrl: string } };
    expect(me.verificationState).toBe('verified');
    expect((await page.request.get(me.verification.licenseUrl)).status()).toBe(200);
    const visitor = await browser.newContext({ baseURL });
    expect((await visitor.request.get(me.verification.licenseUrl)).status()).toBe(401);
    await visitor.close();
  });
});
