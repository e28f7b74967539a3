import { DEMO, apiLogin, choose, expect, pngBytes, test, uploadFile } from './fixtures';
import { expectResponse, signUpViaApi } from './accounts-helpers';

test.describe('company profile', () => {
  test('a new company completes its profile and applies for verification', async ({ page }) => {
    test.setTimeout(240_000);
    const account = await signUpViaApi(page.request, 'company', 'coprof');

    // no profile yet: the page starts in edit mode, with nothing to cancel back to
    await page.goto('/company-profile');
    await expect(page.getByRole('heading', { level: 1, name: '企业资料' })).toBeVisible();
    await expect(page.getByTestId('company-first-time')).toBeVisible();
    await expect(page.getByTestId('company-edit-form')).toBeVisible();
    await expect(page.getByTestId('company-cancel')).toHaveCount(0);
    await expect(page.getByTestId('company-contact-email')).toHaveValue(account.email);
    await expect(page.getByTestId('company-website')).toHaveAttribute('type', 'url');

    await page.getByTestId('company-save').click();
    await expect(page.getByTestId('company-error')).toHaveText('公司名称和联系人不能为空');
    await page.getByTestId('company-name').fill('星河美妆有限公司');
    await page.getByTestId('company-save').click();
    await expect(page.getByTestId('company-error')).toHaveText('公司名称和联系人不能为空');
    await page.getByTestId('company-contact-person').fill('王经理');

    await page.getByTestId('company-website').fill('xinghe');
    await page.getByTestId('company-save').click();
    await expect(page.getByText('请输入有效的网址')).toBeVisible();
    await page.getByTestId('company-website').fill('https://xinghe.example.com');

    await choose(page, page.getByTestId('company-industry'), '美妆护肤');
    await choose(page, page.getByTestId('company-size'), '51-100人');
    // 营业执照号 is the 统一社会信用代码: its check character is checked as typed (decision 0028)
    await page.getByTestId('company-business-license').fill('91330100MA2XXXXX1X');
    await page.getByTestId('company-save').click();
    await expect(page.getByText('统一社会信用代码校验位不正确')).toBeVisible();
    await page.getByTestId('company-business-license').fill('91330100MA2XXXXX1B');
    await page.getByTestId('company-contact-phone').fill('0571-88888888');
    await page.getByTestId('company-address').fill('浙江省杭州市西湖区');
    await page.getByTestId('company-description').fill('专注国货彩妆，寻找长期合作的直播达人。');

    // logo: images only
    await uploadFile(page, page.getByTestId('company-logo-upload'), { name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByTestId('company-logo-upload-error')).toHaveText('只能上传图片文件');
    const png = await pngBytes();
    await expectResponse(page, 'POST', /\/api\/uploads\?purpose=logo/, 200, () =>
      uploadFile(page, page.getByTestId('company-logo-upload'), { name: 'logo.png', mimeType: 'image/png', buffer: png }),
    );

    await expectResponse(page, 'PUT', '/api/companies/me', 200, () => page.getByTestId('company-save').click());
    await expect(page.getByText('资料保存成功！')).toBeVisible();
    await expect(page.getByTestId('company-view')).toBeVisible();
    await expect(page.getByTestId('company-view-name')).toHaveText('星河美妆有限公司');
    await expect(page.getByTestId('company-view-industry')).toHaveText('美妆护肤');
    await expect(page.getByTestId('company-view-size')).toHaveText('51-100人');
    await expect(page.getByTestId('company-view-website')).toHaveText('https://xinghe.example.com');
    await expect(page.getByTestId('company-verified-badge')).toHaveText('未认证');
    await expect(page.getByTestId('company-account-status')).toHaveText('账号状态：正常');
    await expect(page.getByTestId('company-logo')).toHaveAttribute('src', /\/uploads\//);
    // the five-item checklist is complete
    const checklist = page.getByTestId('company-checklist');
    await expect(checklist).toHaveAttribute('data-percent', '100');
    for (const item of ['公司简介', '所属行业', '公司网站', '营业执照', '公司 Logo']) await expect(checklist).toContainText(item);

    // 申请认证 opens the request (the code from the profile, the licence image) and creates a real request:
    // 待审核 with the submission time
    const verification = page.getByTestId('company-verification');
    await expect(verification).toHaveAttribute('data-state', 'unverified');
    await page.getByTestId('company-verify-apply').click();
    await expect(page.getByTestId('verification-code')).toHaveValue('91330100MA2XXXXX1B');
    await uploadFile(page, page.getByTestId('verification-license'), { name: 'licence.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('verification-license').locator('img')).toBeVisible();
    await expectResponse(page, 'POST', '/api/companies/me/verification-requests', 200, () => page.getByTestId('verification-submit').click());
    await expect(verification).toHaveAttribute('data-state', 'pending');
    await expect(verification).toContainText('待审核');
    await expect(page.getByTestId('company-verified-badge')).toHaveText('待审核');
    await expect(page.getByTestId('company-verification-time')).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await expect(page.getByTestId('company-verify-apply')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('company-verification')).toHaveAttribute('data-state', 'pending');

    // editing again: cancel returns to the view, save updates it
    await page.getByTestId('company-edit').click();
    await page.getByTestId('company-cancel').click();
    await expect(page.getByTestId('company-view')).toBeVisible();
    await page.getByTestId('company-edit').click();
    await page.getByTestId('company-description').fill('国货彩妆品牌，长期招募美妆达人。');
    await expectResponse(page, 'PUT', '/api/companies/me', 200, () => page.getByTestId('company-save').click());
    await expect(page.getByTestId('company-view-description')).toHaveText('国货彩妆品牌，长期招募美妆达人。');
    await page.screenshot({ path: test.info().outputPath('company-profile.png'), fullPage: true });
  });

  test('visitors and influencers are refused; /profile serves the other account types', async ({ page }) => {
    await page.goto('/company-profile');
    await expect(page.getByRole('heading', { name: '请先登录后再访问个人中心' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: '请先登录后再访问个人中心' })).toBeVisible();

    await apiLogin(page, DEMO.influencer, DEMO.password);
    await page.goto('/company-profile');
    await expect(page.getByTestId('access-denied')).toContainText('权限不足');
    await expect(page.getByTestId('access-denied')).toContainText('只有企业用户可以访问此页面');

    // an admin's personal centre: email, account type, registration time and a link to the settings
    await apiLogin(page, DEMO.admin, DEMO.password);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-email')).toHaveText(DEMO.admin);
    await expect(page.getByTestId('profile-account-type')).toHaveText('管理员');
    await expect(page.getByTestId('profile-created-at')).toHaveText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await page.getByTestId('profile-settings-link').click();
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByTestId('account-type')).toHaveText('管理员');
  });

  test('a rejected verification shows the reviewer note and offers to apply again', async ({ page }) => {
    // the rejected state served by a route (the whole flow with a reviewer: company-verification.spec.ts)
    await apiLogin(page, DEMO.company, DEMO.password);
    await page.route('**/api/companies/me', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const res = await route.fetch();
      const body = (await res.json()) as { profile: Record<string, unknown> };
      await route.fulfill({
        response: res,
        json: {
          profile: { ...body.profile, isVerified: false },
          verification: {
            id: '00000000-0000-4000-8000-000000000001',
            status: 'rejected',
            submittedAt: '2026-01-05T02:00:00.000Z',
            decidedAt: '2026-01-06T02:00:00.000Z',
            note: '营业执照照片不清晰',
            creditCode: '91310115MA1H5Y2Q0H',
            companyName: '花语美妆科技有限公司',
            licenseUrl: null,
          },
          verificationState: 'rejected',
          verificationLapsed: false,
        },
      });
    });
    await page.goto('/company-profile');
    const verification = page.getByTestId('company-verification');
    await expect(verification).toHaveAttribute('data-state', 'rejected');
    await expect(verification).toContainText('认证未通过');
    await expect(page.getByTestId('company-verification-note')).toHaveText('审核意见：营业执照照片不清晰');
    await expect(page.getByTestId('company-verify-apply')).toHaveText('重新申请认证');
    await expect(page.getByTestId('company-verified-badge')).toHaveText('未通过');
  });
});
