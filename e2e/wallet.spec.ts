/**
 * Money, first slice (decision 0018):
 *  - zh-CN at 390 px: a company tops up $1,234.56 through the sandbox (测试支付), sees the balance and the
 *    statement line with its running balance;
 *  - en: a company asks for a bank transfer top-up and gets a reference code; an admin with 财务 confirms it
 *    in the console; the company's balance grows by the amount.
 */
import type { Page } from '@playwright/test';
import { DEMO, apiLogin, expect, test } from './fixtures';

const balanceOf = async (page: Page) => ((await (await page.request.get('/api/wallet')).json()) as { availableCents: number }).availableCents;
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test.describe('wallet', () => {
  test('zh-CN, 390 px: a company tops up in the sandbox and sees the balance and the statement line', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await apiLogin(page, DEMO.company, DEMO.password);
    const before = await balanceOf(page);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: '我的钱包' })).toBeVisible();
    await page.getByTestId('topup-amount').fill('1,234.56');
    await expect(page.getByRole('radio', { name: '测试支付（沙盒）' })).toBeChecked();
    await page.getByTestId('topup-submit').click();
    const row = page.getByTestId('topup-row').first();
    await expect(row).toContainText('$1,234.56');
    await expect(row).toContainText('待确认');
    await row.getByTestId('topup-pay').click();

    await expect(page).toHaveURL(/\/wallet\/sandbox-pay\//);
    const checkout = page.getByTestId('sandbox-checkout');
    await expect(checkout).toContainText('测试支付');
    await expect(checkout).toContainText('非真实付款');
    await expect(page.getByTestId('sandbox-amount')).toHaveText('$1,234.56');
    await page.getByTestId('sandbox-pay').click();
    await expect(page.getByTestId('sandbox-result')).toContainText('金额已计入钱包');
    await page.getByTestId('sandbox-back').click();

    const after = before + 123456;
    await expect(page.getByTestId('wallet-available')).toHaveText(money(after));
    const line = page.getByTestId('statement-line').first();
    await expect(line).toContainText('充值');
    await expect(line).toContainText('+$1,234.56');
    await expect(line).toContainText(`余额 ${money(after)}`);
    await expect(page.getByTestId('topup-row').first()).toContainText('已到账');
    // nothing overflows the phone's width
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const csv = await page.request.get('/api/wallet/statement.csv');
    expect(await csv.text()).toContain('topup,sandbox,1234.56');
    await page.screenshot({ path: test.info().outputPath('wallet-zh-390.png'), fullPage: true });
  });

  test('en: a bank transfer top-up gets a reference code; an admin confirms it in 财务 (Finance)', async ({ browser }) => {
    const companyCtx = await browser.newContext({ locale: 'en' });
    await companyCtx.addInitScript(() => localStorage.setItem('lang', 'en'));
    const company = await companyCtx.newPage();
    await apiLogin(company, 'company2@demo.test', DEMO.password);
    const before = await balanceOf(company);
    await company.goto('/wallet');
    await expect(company.getByRole('heading', { name: 'My wallet' })).toBeVisible();
    await company.getByTestId('topup-amount').fill('250');
    await company.getByRole('radio', { name: 'Bank transfer' }).check();
    await company.getByTestId('topup-submit').click();
    const reference = company.getByTestId('topup-reference').first();
    await expect(reference).toContainText(/LC-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    const code = ((await reference.textContent()) ?? '').match(/LC-[A-Z2-9]{4}-[A-Z2-9]{4}/)?.[0] ?? '';

    const adminCtx = await browser.newContext({ locale: 'en' });
    await adminCtx.addInitScript(() => localStorage.setItem('lang', 'en'));
    const admin = await adminCtx.newPage();
    await apiLogin(admin, DEMO.admin, DEMO.password);
    await admin.goto('/admin?tab=finance');
    const row = admin.getByTestId('finance-table').locator('tr', { hasText: code });
    await expect(row).toContainText('$250.00');
    await row.getByTestId('finance-confirm').click();
    await admin.getByRole('button', { name: 'OK' }).click();
    await expect(admin.getByText('Receipt confirmed')).toBeVisible();
    await expect(admin.getByTestId('finance-table').locator('tr', { hasText: code })).toHaveCount(0);

    await company.reload();
    await expect(company.getByTestId('wallet-available')).toHaveText(money(before + 25000));
    await expect(company.getByTestId('topup-row').first()).toContainText('Credited');
    await companyCtx.close();
    await adminCtx.close();
  });
});
