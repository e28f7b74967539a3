import { DEMO, apiLogin, expect, test } from './fixtures';

const NAV = ['首页', '达人列表', '任务大厅', '视频展示'];

test('an unknown route shows the not-found page, with HTTP 404', async ({ page, guard }) => {
  guard.allow(/\/no-such-page-e2e$/, 404);
  const res = await page.goto('/no-such-page-e2e');
  expect(res?.status()).toBe(404); // no soft 404 (decision 0030): the status says what the page says
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle(/页面不存在/);
  await page.getByRole('main').getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-videos')).toBeVisible();
});

test('a newly opened address starts at the top; going back returns to where the reader was', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/tasks');
  await expect(page.getByTestId('task-card').nth(5)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1200));
  // the position is recorded on the next frame
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.goto('/videos');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(300); // a wrong restore would scroll within its first frames
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});

test.describe('mobile viewport (375px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the mobile menu shows the same entries as the header, signed out and signed in', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: '打开菜单' });
    await expect(toggle).toBeVisible();
    // the desktop navigation is not shown at this width
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
    // and nothing overflows horizontally
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await toggle.click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible();
    for (const name of NAV) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: '登录' }).or(menu.getByRole('link', { name: '登录' }))).toBeVisible();
    await expect(menu.getByRole('link', { name: '注册' })).toHaveAttribute('href', '/signup');
    await page.screenshot({ path: test.info().outputPath('mobile-menu-visitor.png') });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await apiLogin(page, DEMO.influencer, DEMO.password);
    await page.goto('/');
    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(menu).toBeVisible();
    for (const name of NAV) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu).toContainText('达人用户');
    await expect(menu).toContainText(DEMO.influencer);
    for (const [name, href] of [
      ['个人中心', '/influencer-profile'],
      ['账号设置', '/account-settings'],
      ['我的任务', '/influencer-tasks'],
      ['我的订单', '/deals'],
      ['我的钱包', '/wallet'],
    ] as const) {
      await expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await page.screenshot({ path: test.info().outputPath('mobile-menu-influencer.png') });

    await menu.getByRole('button', { name: '退出登录' }).click();
    await expect(menu).toBeHidden({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});
