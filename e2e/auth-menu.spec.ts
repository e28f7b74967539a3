import type { Page } from '@playwright/test';
import { DEMO, expect, fillField, menuEntry, openUserMenu, test } from './fixtures';

async function signInThroughHeaderDialog(page: Page, email: string, password: string) {
  await page.getByTestId('header-login').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fillField(dialog.getByTestId('login-email'), email);
  await fillField(dialog.getByTestId('login-password'), password);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await dialog.getByTestId('login-submit').click();
  const res = await login;
  expect(res.status(), await res.text()).toBe(200);
  await expect(dialog).toBeHidden();
}

test.describe('header sign-in and the user menu', () => {
  test('demo influencer signs in via the header dialog, sees 达人用户 entries, signs out', async ({ page }) => {
    await page.goto('/');
    await signInThroughHeaderDialog(page, DEMO.influencer, DEMO.password);

    const trigger = page.getByTestId('user-menu');
    await expect(trigger).toContainText('达人用户');
    await expect(trigger).toContainText(DEMO.influencer);

    const menu = await openUserMenu(page);
    await expect(menu).toContainText(DEMO.influencer);
    for (const [name, href] of [
      ['个人中心', '/influencer-profile'],
      ['账号设置', '/account-settings'],
      ['我的任务', '/influencer-tasks'],
    ] as const) {
      await expect(menuEntry(menu, name)).toHaveAttribute('href', href);
    }
    await expect(menu.getByText('管理后台')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('user-menu-influencer.png') });

    await page.goto('/signup'); // sign-out returns home from anywhere
    await openUserMenu(page);
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('header-login')).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    // the server session is gone too
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });

  test('admin (ADMIN_EMAIL) sees 超级管理员 with 管理后台 and 管理员设置 only', async ({ page, adminEmail, adminPassword }) => {
    await page.goto('/');
    await signInThroughHeaderDialog(page, adminEmail, adminPassword);
    const trigger = page.getByTestId('user-menu');
    await expect(trigger).toContainText('超级管理员');
    await expect(trigger).toContainText(adminEmail);

    const menu = await openUserMenu(page);
    await expect(menuEntry(menu, '管理后台')).toHaveAttribute('href', '/admin');
    await expect(menuEntry(menu, '管理员设置')).toHaveAttribute('href', '/admin-setup');
    for (const name of ['个人中心', '账号设置', '我的任务']) await expect(menu.getByText(name)).toHaveCount(0);
    await expect(menu.getByRole('menuitem')).toHaveCount(3); // the two entries and 退出登录
  });
});
