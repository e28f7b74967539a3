/**
 * 系统设置 (issue 9): the settings the product reads — an announcement on every page in both
 * languages, a paused company sign-up, the fee in the help centre — and back to the defaults.
 */
import { DEMO, apiLogin, expect, outboxCode, test, uniqueEmail, PASSWORD } from './fixtures';

test('an announcement, a paused company sign-up and a new fee take effect at once, then everything is put back', async ({
  page,
  browser,
  adminEmail,
  adminPassword,
  guard,
}) => {
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

/** a day YYYY-MM-DD as the console writes it: 12月1日周二 / Tue, Dec 1 */
const dayText = (day: string, locale: 'zh-CN' | 'en-US') =>
  new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

test('系统设置 → 提现 at 390 px: the official calendar, extra holidays and working days, a preview the server agrees with', async ({
  page,
  browser,
  adminEmail,
  adminPassword,
  guard,
}) => {
  // the conflicting save below is refused on purpose
  guard.allow(/\/api\/admin\/settings$/, 400);
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await page.request.post('/api/admin/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
  const original = ((await (await page.request.get('/api/admin/settings')).json()) as { settings: Record<string, unknown> }).settings;
  try {
    await page.goto('/admin?tab=settings');
    const official = page.getByTestId('settings-official-calendar');
    await expect(official).toContainText('法定节假日与调休');
    await expect(official).toContainText(/已收录 2004–\d{4} 年/);
    const preview = page.getByTestId('settings-payout-preview');
    await expect(preview).toContainText('现在申请的提现预计');
    const before = await preview.textContent();

    // the next weekday (Shanghai) becomes an extra holiday: the window moves
    const shanghai = new Date(Date.now() + 8 * 3600_000);
    let next = new Date(Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), shanghai.getUTCDate() + 1));
    while (next.getUTCDay() === 0 || next.getUTCDay() === 6) next = new Date(next.getTime() + 86_400_000);
    const day = next.toISOString().slice(0, 10);
    await page.locator('#set-holidays').fill(day);
    await page.locator('#set-holidays').press('Enter');
    await expect(preview).not.toHaveText(before ?? '');

    // the same day as a working day too: refused, the field says which day
    await page.locator('#set-workdays').fill(day);
    await page.locator('#set-workdays').press('Enter');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText(`${day} 不能同时是节假日和工作日`).first()).toBeVisible();
    await page.locator('#set-workdays').press('Backspace');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('设置已保存')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('settings-payouts').screenshot({ path: test.info().outputPath('settings-payouts-zh-390.png') });

    // what an influencer is told on /wallet is the window the console previewed
    const ctx = await browser.newContext();
    const earner = await ctx.newPage();
    await apiLogin(earner, 'influencer4@demo.test', DEMO.password);
    const expected = ((await (await earner.request.get('/api/wallet/payouts')).json()) as { expected: { earliest: string; latest: string } }).expected;
    await ctx.close();
    await expect(preview).toContainText(`${dayText(expected.earliest, 'zh-CN')} 至 ${dayText(expected.latest, 'zh-CN')}`);

    // in English
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await expect(page.getByTestId('settings-official-calendar')).toContainText('Public holidays and make-up working days');
    await expect(page.getByTestId('settings-payout-preview')).toContainText(
      `between ${dayText(expected.earliest, 'en-US')} and ${dayText(expected.latest, 'en-US')}`,
    );
  } finally {
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    expect((await page.request.put('/api/admin/settings', { data: original })).status()).toBe(200);
  }
});
