import { PASSWORD, apiLogin, expect, fillField, outboxCode, pngBytes, test, typeCode, uniqueEmail, uploadFile } from './fixtures';
import { signUpViaApi } from './accounts-helpers';

/**
 * Agencies (issue 25, decision 0044): sign up as 机构 with the licence, an admin approves, the agency invites an
 * influencer at 20 %, the influencer accepts on /profile — at 390 px and on a desktop.
 */
for (const view of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`an agency signs up, is approved, and signs an influencer at 20 % (${view.name})`, async ({ page, browser, adminEmail, adminPassword }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: view.width, height: view.height });
    const email = uniqueEmail(`agency-${view.name}`);
    await page.goto('/signup?type=agency');
    await page.getByTestId('signup-type-agency').click();
    await fillField(page.getByTestId('signup-email'), email);
    await page.getByTestId('signup-send-code').click();
    await typeCode(page, page.getByTestId('signup-code'), await outboxCode(page.request, email));
    await expect(page.getByText('验证成功！')).toBeVisible();
    await fillField(page.getByTestId('signup-password'), PASSWORD);
    await fillField(page.getByTestId('signup-confirm'), PASSWORD);
    await page.getByTestId('signup-agency-name').fill(`星火传媒${view.name}`);
    await page.getByTestId('signup-agency-contactPerson').fill('李娜');
    await page.getByTestId('signup-agency-phone').fill('13800138000');
    await page.getByTestId('signup-agency-creditCode').fill('91440300708461136T');
    await page.getByTestId('signup-agency-city').fill('杭州');
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/uploads?purpose=business-license') && r.status() === 200);
    await uploadFile(page, page.getByTestId('signup-agency-license'), { name: 'licence.png', mimeType: 'image/png', buffer: await pngBytes() });
    await uploaded;
    await page.screenshot({ path: test.info().outputPath(`agency-signup-${view.name}.png`), fullPage: true });
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL(/\/agency$/);
    await expect(page.getByTestId('agency-status')).toHaveText('待审核');

    // an admin approves it in 用户管理 (through the console's API)
    const adminContext = await browser.newContext();
    const admin = adminContext.request;
    expect((await admin.post('/api/admin/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
    const queue = await (await admin.get(`/api/admin/users?filter=queue&type=agency&search=${encodeURIComponent(email)}`)).json();
    const userId = queue.items[0].userId as string;
    expect((await admin.post(`/api/admin/users/${userId}/approve`)).status()).toBe(200);
    await adminContext.close();

    const other = await browser.newContext();
    const influencer = await signUpViaApi(other.request, 'influencer', `roster-${view.name}`);
    await other.close();
    await page.goto('/agency');
    await expect(page.getByTestId('agency-status')).toHaveText('已通过');
    await page.getByTestId('invite-email').fill(influencer.email);
    // a share outside 0–70 or with decimals is refused in the form, as typed: nothing is sent (issue 40)
    for (const typed of ['71', '12.5']) {
      await page.getByTestId('invite-share').fill(typed);
      await page.getByTestId('invite-send').click();
      await expect(page.getByTestId('invite-share-error')).toHaveText('机构分成须为 0–70 之间的整数');
      await expect(page.getByTestId('invite-share')).toHaveValue(typed);
      await expect(page.getByTestId('invite-notice')).toHaveCount(0);
    }
    await page.getByTestId('invite-share').fill('20');
    await expect(page.getByTestId('invite-share-error')).toHaveCount(0);
    await page.getByTestId('invite-send').click();
    await expect(page.getByTestId('invite-notice')).toHaveText('邀请已发送');
    await expect(page.getByTestId('agency-invitation-pending')).toBeVisible();

    // the influencer accepts on /profile
    await apiLogin(page, influencer.email, influencer.password);
    await page.goto('/profile');
    const section = page.getByTestId('my-agency');
    await expect(section).toContainText('机构分成 20%');
    await section.getByTestId('agency-invitation-accept').click();
    await expect(section.getByTestId('membership-active')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`agency-profile-${view.name}.png`), fullPage: true });

    // the agency's roster shows them
    await apiLogin(page, email, PASSWORD);
    await page.goto('/agency');
    await expect(page.getByTestId('roster-current').getByTestId('membership-active')).toContainText('分成 20%');
    await page.screenshot({ path: test.info().outputPath(`agency-workspace-${view.name}.png`), fullPage: true });
  });
}
