/**
 * 开发者设置 /developers (issue 24, decision 0038):
 *  - zh-CN at 390 px: a company creates a key with two scopes, the secret is shown once with a copy button
 *    (the clipboard holds it; it works as a bearer key), closing forgets it, revoking it with confirmation
 *    makes the key answer 401 at once;
 *  - en, desktop: an influencer reaches the page from the user menu, creates a key, copies and closes it, revokes it.
 */
import { DEMO, apiLogin, expect, menuEntry, openUserMenu, test } from './fixtures';

test.describe('developer settings', () => {
  test('zh-CN, 390 px: create a key, copy the secret once, revoke it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 390, height: 844 });
    await apiLogin(page, 'company2@demo.test', DEMO.password);
    await page.goto('/developers');
    await expect(page.getByRole('heading', { name: '开发者设置' })).toBeVisible();
    await page.getByTestId('key-create').click();
    await page.getByTestId('key-name').fill('ERP 订单同步');
    await page.getByTestId('key-scope-tasks:read').click();
    await page.getByTestId('key-scope-tasks:write').click();
    await expect(page.getByTestId('key-form')).toContainText('发布、取消、完成任务');
    await page.getByTestId('key-submit').click();

    const box = page.getByTestId('key-secret-box');
    await expect(box).toContainText('这是您唯一一次看到完整密钥');
    const secret = await page.getByTestId('key-secret').inputValue();
    expect(secret).toMatch(/^lc_live_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('key-copy').click();
    await expect(page.getByTestId('key-copy')).toContainText('已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // the key works as a bearer key, within its scopes
    const mine = await page.request.get('/api/my/tasks', { headers: { authorization: `Bearer ${secret}` } });
    expect(mine.status()).toBe(200);

    const row = page.getByTestId('key-row').filter({ hasText: 'ERP 订单同步' }).first();
    await expect(row).toContainText(secret.slice(0, 16));
    await expect(row).toContainText('tasks:write');
    await expect(row).toContainText('有效');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('developers-zh-390-secret.png'), fullPage: true });

    // closed once, never shown again (not even after a reload)
    await page.getByTestId('key-secret-done').click();
    await expect(box).toHaveCount(0);
    await page.reload();
    await expect(row).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(16));

    await row.getByTestId('key-revoke').click();
    await page.getByRole('button', { name: '撤销' }).last().click();
    await expect(page.getByTestId('keys-notice')).toContainText('密钥已撤销');
    await expect(row).toContainText('已撤销');
    const refused = await page.request.get('/api/my/tasks', { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
    await page.screenshot({ path: test.info().outputPath('developers-zh-390-revoked.png'), fullPage: true });
  });

  test('en, desktop: from the user menu, create, copy once and revoke', async ({ browser }) => {
    const ctx = await browser.newContext({ locale: 'en', viewport: { width: 1280, height: 900 } });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    await ctx.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await ctx.newPage();
    await apiLogin(page, 'influencer2@demo.test', DEMO.password);
    await page.goto('/');
    const menu = await openUserMenu(page);
    await menuEntry(menu, 'Developer settings').click();
    await expect(page).toHaveURL(/\/developers$/);
    await expect(page.getByRole('heading', { name: 'Developer settings' })).toBeVisible();

    await page.getByTestId('key-create').click();
    // nothing chosen: the form says so and nothing is created
    await page.getByTestId('key-name').fill('Agency dashboard');
    await page.getByTestId('key-submit').click();
    await expect(page.getByTestId('key-error')).toContainText('Please choose at least one scope');
    await expect(page.getByTestId('key-form')).toContainText('Read deals: the list and details');
    await page.getByTestId('key-scope-deals:read').click();
    await page.getByRole('radio', { name: 'In 90 days' }).check();
    await page.getByTestId('key-submit').click();
    await expect(page.getByTestId('key-secret-box')).toContainText('This is the only time you will see the whole key');
    const secret = await page.getByTestId('key-secret').inputValue();
    await page.getByTestId('key-copy').click();
    await expect(page.getByTestId('key-copy')).toContainText('Copied');
    const row = page.getByTestId('key-row').filter({ hasText: 'Agency dashboard' }).first();
    await expect(row).toContainText('Expires');
    await expect(row).toContainText('Never used');
    await page.screenshot({ path: test.info().outputPath('developers-en-desktop-secret.png'), fullPage: true });
    await page.getByTestId('key-secret-done').click();
    await expect(page.getByTestId('key-secret-box')).toHaveCount(0);

    await row.getByTestId('key-revoke').click();
    await page.getByRole('button', { name: 'Revoke' }).last().click();
    await expect(row).toContainText('Revoked');
    expect((await page.request.get('/api/deals', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
    await page.screenshot({ path: test.info().outputPath('developers-en-desktop-revoked.png'), fullPage: true });
    await ctx.close();
  });
});
