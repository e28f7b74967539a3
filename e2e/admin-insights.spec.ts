/**
 * 系统设置 (issue 9): the settings the product reads — an announcement on every page in both
 * languages, a paused company sign-up, the fee in the help centre — and back to the defaults.
 */
import { expect, outboxCode, test, uniqueEmail, PASSWORD } from './fixtures';

test('an announcement, a paused company sign-up and a new fee take effect at once, then everything is put back', async ({ page, browser, adminEmail, adminPassword, guard }) => {
  guard.allow(/\/api\/auth\/signup$/, 403);
  // the first save is refused on purpose (announcement on, no text)
  guard.allow(/\/api\/admin\/settings$/, 400);
  expect((await page.request.post('/api/admin/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
  const original = ((await (await page.request.get('/api/admin/settings')).json()) as { settings: Record<string, unknown> }).settings;
  try {
    await page.goto('/admin?tab=settings');
    await page.getByTestId('settings-fee').fill('8.5');
    await page.getByTestId('settings-signup-company').click();
    await page.getByTestId('settings-announcement').click();
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('启用公告时请填写中文公告内容').first()).toBeVisible();
    await page.getByTestId('settings-text-zh').fill('本周日凌晨系统维护');
    await page.getByTestId('settings-text-en').fill('Maintenance early on Sunday');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('设置已保存')).toBeVisible();

    // every page: the banner, in the reader's language; closable
    const ctx = await browser.newContext();
    const visitor = await ctx.newPage();
    guard.attach(visitor);
    await visitor.goto('/help');
    await expect(visitor.getByTestId('announcement')).toContainText('本周日凌晨系统维护');
    await expect(visitor.getByTestId('site-help')).toContainText('8.5%');
    await visitor.evaluate(() => localStorage.setItem('lang', 'en'));
    await visitor.goto('/');
    await expect(visitor.getByTestId('announcement')).toContainText('Maintenance early on Sunday');
    await visitor.getByTestId('announcement-close').click();
    await expect(visitor.getByTestId('announcement')).toHaveCount(0);

    // company sign-up is paused
    const email = uniqueEmail('paused');
    await visitor.request.post('/api/auth/email-code', { data: { email } });
    const code = await outboxCode(visitor.request, email);
    const { signupToken } = (await (await visitor.request.post('/api/auth/email-code/verify', { data: { email, code } })).json()) as { signupToken: string };
    const refused = await visitor.request.post('/api/auth/signup', { data: { email, password: PASSWORD, userType: 'company', signupToken } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SIGNUP_CLOSED');
    await ctx.close();

    await page.goto('/admin?tab=audit');
    await expect(page.getByTestId('audit-action').first()).toHaveText('修改系统设置');
  } finally {
    expect((await page.request.put('/api/admin/settings', { data: original })).status()).toBe(200);
  }
});

test('数据分析 draws its charts for a range and exports a chart table as CSV', async ({ page, adminEmail, adminPassword }) => {
  expect((await page.request.post('/api/admin/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
  await page.goto('/admin?tab=analytics');
  await expect(page.getByTestId('admin-analytics')).toBeVisible();
  await expect(page.locator('[data-testid="admin-analytics"] canvas').first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-topCompanies').click()]);
  expect(download.suggestedFilename()).toMatch(/^topCompanies-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(path, 'utf8');
  expect(text.startsWith('\uFEFFcompany_id,company,tasks,completed')).toBe(true);
});
