import { expect, fillField, headerReady, test } from './fixtures';
import { expectResponse, signUpViaApi } from './accounts-helpers';

const NEW_PASSWORD = 'brand-new-456';

test.describe('account settings: password', () => {
  test('changing the password signs out the other device; the new password signs in, the old one not', async ({ page, browser, baseURL, guard }) => {
    test.setTimeout(240_000);
    guard.allow(/\/api\/account\/password$/, 400);
    guard.allow(/\/api\/auth\/login$/, 401);
    const account = await signUpViaApi(page.request, 'company', 'pw');

    // another device, signed in with the old password
    const other = await browser.newContext({ baseURL });
    const login = await other.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
    expect(login.status()).toBe(200);
    expect((await other.request.get('/api/auth/me')).status()).toBe(200);

    await page.goto('/account-settings');
    await page.getByTestId('settings-tab-security').click();
    await expect(page).toHaveURL(/tab=security/);
    const current = page.getByTestId('pw-current');
    const next = page.getByTestId('pw-new');
    const confirm = page.getByTestId('pw-confirm');
    const submit = page.getByTestId('pw-submit');

    // disabled until all three fields are filled
    await expect(submit).toBeDisabled();
    await current.fill(account.password);
    await next.fill('abc');
    await expect(submit).toBeDisabled();
    await confirm.fill('abc');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('新密码长度不能少于6位')).toBeVisible();

    await next.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}x`);
    await submit.click();
    await expect(page.getByText('两次输入的新密码不一致')).toBeVisible();

    // the server checks the current password
    await confirm.fill(NEW_PASSWORD);
    await current.fill('not-my-password');
    await expectResponse(page, 'POST', '/api/account/password', 400, () => submit.click());
    await expect(page.getByText('当前密码错误')).toBeVisible();

    await current.fill(account.password);
    await expectResponse(page, 'POST', '/api/account/password', 204, () => submit.click());
    await expect(page.getByTestId('pw-success')).toContainText('密码已成功更新');
    await expect(page.getByTestId('pw-success')).toContainText('其他设备上的登录已全部退出');
    await expect(current).toHaveValue('');

    // the other device's session is gone; this one stays signed in
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    await other.close();
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);

    // sign out (goes to /), then the old password fails and the new one works
    await page.getByTestId('settings-logout').click();
    await expect(page).toHaveURL(/\/$/);
    await headerReady(page);
    await page.getByTestId('header-login').click();
    const dialog = page.getByRole('dialog');
    await fillField(dialog.getByTestId('login-email'), account.email);
    await fillField(dialog.getByTestId('login-password'), account.password);
    await expectResponse(page, 'POST', '/api/auth/login', 401, () => dialog.getByTestId('login-submit').click());
    await expect(dialog.getByTestId('login-error')).toBeVisible();

    await fillField(dialog.getByTestId('login-password'), NEW_PASSWORD);
    await expectResponse(page, 'POST', '/api/auth/login', 200, () => dialog.getByTestId('login-submit').click());
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('user-menu')).toContainText(account.email);
  });
});
