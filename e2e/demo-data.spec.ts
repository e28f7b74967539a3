/**
 * Demo data on a production site (issue 28, decision 0032): a server of its own in production mode with
 * SEED_DEMO=true has the demo data; 概览 says so with a banner, and 删除演示数据 (after a confirmation) removes
 * it — on a 390 px phone. The developer pages answer 404 there, and a demo account's money cannot be paid out.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './ownServer';

const ADMIN = { email: 'prod-admin@example.com', password: 'Prod-Admin-Passw0rd' };

/** the production site's admin signs in on a 390 px phone and lands on 概览 */
async function signInAt390(page: Page, url: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${url}/admin-login`);
  await page.getByTestId('admin-email').fill(ADMIN.email);
  await page.getByTestId('admin-password').fill(ADMIN.password);
  await page.getByTestId('admin-login-submit').click();
  await expect(page).toHaveURL(/\/admin$/);
}

test.describe('demo data on a production site', () => {
  test.describe.configure({ timeout: 300_000 });
  let own: OwnServer | null = null;
  let url = '';

  test.beforeAll(async () => {
    // production refuses the suite's contract log (development and browser tests only): empty is unset
    own = await startOwnServer('demo', {
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      API_CONTRACT_LOG: '',
    });
    // localhost: a secure context for the production site's Secure cookies over plain http
    url = own.url.replace('127.0.0.1', 'localhost');
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test('the developer pages answer 404', async ({ request }) => {
    for (const path of ['/email-test', '/sms-test', '/image-upload-test', '/route-test/1']) {
      expect((await request.get(`${url}${path}`)).status(), path).toBe(404);
    }
  });

  test('in English at 390 px the banner and its confirmation speak English; cancelling keeps the data', async ({ page }) => {
    // the app's language is the stored choice (the cookie follows it)
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await signInAt390(page, url);
    const banner = page.getByTestId('demo-banner');
    await expect(banner).toContainText('Demo accounts still on this production site: 14');
    await expect(banner).toContainText('Remove demo data');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('demo-banner-en-390.png') });
    await page.getByTestId('demo-remove').click();
    await expect(page.getByRole('dialog')).toContainText('Demo accounts to delete with everything that belongs to them: 14. This cannot be undone.');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(banner).toContainText('14');
  });

  test('概览 shows the banner at 390 px; 删除演示数据 removes the demo data after a confirmation', async ({ page }) => {
    await signInAt390(page, url);

    const banner = page.getByTestId('demo-banner');
    await expect(banner).toContainText('正式环境中仍有 14 个演示账号');
    // the banner fits the phone: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await banner.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

    await page.getByTestId('demo-remove').click();
    await expect(page.getByRole('dialog')).toContainText('将删除 14 个演示账号及其全部数据，且无法恢复。');
    await page.getByTestId('demo-remove-ok').click();
    await expect(page.getByText('演示数据已删除（14 个账号）')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('overview-recent')).toContainText('删除演示数据');

    // the demo company is gone: its sign-in is the unknown account's 401
    const login = await page.request.post(`${url}/api/auth/login`, { data: { email: 'company@demo.test', password: 'demo123456' }, headers: { origin: url } });
    expect(login.status()).toBe(401);
  });
});
