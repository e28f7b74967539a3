import { DEMO, apiLogin, expect, fillField, openUserMenu, test } from './fixtures';
import { expectResponse, signUpViaApi } from './accounts-helpers';

test.describe('account settings: info, notifications, privacy, deletion request', () => {
  test('notification and privacy settings are saved; a deletion request is recorded and withdrawn', async ({ page }) => {
    test.setTimeout(180_000);
    await signUpViaApi(page.request, 'company', 'prefs');
    await page.goto('/account-settings');

    const info = page.getByTestId('account-info');
    await expect(page.getByTestId('account-id')).toHaveText(/^[0-9a-f-]{36}$/);
    await expect(page.getByTestId('account-created-at')).toHaveText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await expect(page.getByTestId('account-type')).toHaveText('企业');
    await expect(page.getByTestId('account-status')).toHaveText('正常');
    await expect(info.getByTestId('settings-logout')).toBeVisible();

    // notifications: the switches are really saved
    await page.getByTestId('settings-tab-notifications').click();
    await expect(page.getByTestId('notify-email')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('notify-sms')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('notify-email').click();
    await page.getByTestId('notify-sms').click();
    await expectResponse(page, 'PUT', '/api/account/settings', 200, () => page.getByTestId('notify-save').click());
    await expect(page.getByText('通知设置已更新')).toBeVisible();

    // privacy
    await page.getByTestId('settings-tab-privacy').click();
    await page.getByTestId('privacy-profile-visibility').getByLabel('仅注册用户可见').check();
    await page.getByTestId('privacy-contact-visibility').getByLabel('仅自己可见').check();
    await page.getByTestId('privacy-allow-messages').click();
    await expectResponse(page, 'PUT', '/api/account/settings', 200, () => page.getByTestId('privacy-save').click());
    await expect(page.getByText('隐私设置已更新')).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/tab=privacy/);
    await expect(page.getByTestId('privacy-profile-visibility').getByLabel('仅注册用户可见')).toBeChecked();
    await expect(page.getByTestId('privacy-contact-visibility').getByLabel('仅自己可见')).toBeChecked();
    await expect(page.getByTestId('privacy-allow-messages')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('settings-tab-notifications').click();
    await expect(page.getByTestId('notify-email')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('notify-sms')).toHaveAttribute('aria-checked', 'true');
    const saved = (await (await page.request.get('/api/account')).json()) as { account: { settings: Record<string, unknown> } };
    expect(saved.account.settings).toEqual({
      emailNotifications: false,
      smsNotifications: true,
      profileVisibility: 'registered',
      contactInfoVisibility: 'private',
      allowMessages: false,
    });

    // 申请注销账号: confirmation with an optional reason, then pending, then withdrawn
    await page.getByTestId('deletion-request').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('确认申请注销账号？');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-status')).toHaveText('正常');

    await page.getByTestId('deletion-request').click();
    await page.getByTestId('deletion-reason').fill('不再使用');
    await expectResponse(page, 'POST', '/api/account/deletion-request', 200, () => page.getByTestId('deletion-confirm').click());
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('account-status')).toHaveText('注销申请处理中');
    await expect(page.getByTestId('deletion-pending')).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await page.reload();
    await expect(page.getByTestId('account-status')).toHaveText('注销申请处理中');

    await expectResponse(page, 'DELETE', '/api/account/deletion-request', 200, () => page.getByTestId('deletion-cancel').click());
    await expect(page.getByTestId('account-status')).toHaveText('正常');
    await expect(page.getByTestId('deletion-request')).toBeVisible();
  });

  test('a visitor sees 请先登录后再访问账号设置 and signs in from there', async ({ page }) => {
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { name: '请先登录后再访问账号设置' })).toBeVisible();
    await page.getByTestId('login-required-signin').click();
    const dialog = page.getByRole('dialog');
    await fillField(dialog.getByTestId('login-email'), DEMO.influencer);
    await fillField(dialog.getByTestId('login-password'), DEMO.password);
    await expectResponse(page, 'POST', '/api/auth/login', 200, () => dialog.getByTestId('login-submit').click());
    await expect(page.getByTestId('account-type')).toHaveText('达人');
    await expect(page.getByTestId('account-email')).toHaveText(DEMO.influencer);
  });

  test('the settings page in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await apiLogin(page, DEMO.company, DEMO.password);
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByTestId('account-type')).toHaveText('Company');
    await expect(page.getByTestId('account-status')).toHaveText('Normal');
    await page.getByTestId('phone-send').click();
    await expect(page.getByTestId('phone-status')).toHaveText('Please enter your mobile number');
    await page.getByTestId('settings-tab-security').click();
    await expect(page.getByTestId('pw-submit')).toHaveText('Update password');
  });

  test('signing out from the header on a profile page asks nothing more of the server (no 401s)', async ({ page }) => {
    await apiLogin(page, DEMO.influencer, DEMO.password);
    await page.goto('/influencer-profile');
    await expect(page.getByTestId('profile-view')).toBeVisible();
    const after: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401 && !r.url().includes('/api/auth/me')) after.push(r.url());
    });
    await openUserMenu(page);
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('header-login')).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/$/);
    expect(after).toEqual([]);
  });
});
