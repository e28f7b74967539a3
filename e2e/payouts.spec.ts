/**
 * Payouts (decision 0020), zh-CN at 390 px: an influencer with available balance (a new one, who topped up in
 * the sandbox: the demo seed's money cannot be withdrawn, decision 0032) adds a bank account, withdraws $100.00
 * and sees the expected date; an admin with 财务 marks it paid with the bank's reference in the console; the
 * influencer sees 已到账 and the reference. The demo influencer4@demo.test is refused: 演示资金不能提现.
 */
import type { Page } from '@playwright/test';
import { signUpViaApi } from './accounts-helpers';
import { DEMO, apiLogin, expect, test } from './fixtures';

const DEMO_EARNER = 'influencer4@demo.test';
const balanceOf = async (page: Page) => ((await (await page.request.get('/api/wallet')).json()) as { availableCents: number }).availableCents;
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test('zh-CN, 390 px: an influencer adds a bank account and withdraws; finance marks it paid; the influencer sees 已到账', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // a real influencer with real (sandbox) money: $500.00 topped up
  const earner = await signUpViaApi(page.request, 'influencer', 'earner');
  await apiLogin(page, earner.email, earner.password);
  await page.goto('/wallet');
  await page.getByTestId('topup-amount').fill('500.00');
  await page.getByTestId('topup-submit').click();
  await page.getByTestId('topup-row').first().getByTestId('topup-pay').click();
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-result')).toContainText('金额已计入钱包');
  const before = await balanceOf(page);
  expect(before).toBe(50_000);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: '提现', exact: true })).toBeVisible();
  await expect(page.getByTestId('payout-available')).toContainText(money(before));

  // a bank account: refused until the number is 6–34 digits, then shown masked
  await page.getByTestId('bank-add').click();
  await page.getByTestId('bank-holderName').fill('张伟');
  await page.getByTestId('bank-bankName').fill('招商银行');
  await page.getByTestId('bank-accountNumber').fill('6222 0');
  await page.getByTestId('bank-save').click();
  await expect(page.getByTestId('bank-error')).toContainText('银行账号需为6到34位数字');
  const last4 = String(1000 + Math.floor(Math.random() * 9000));
  await page.getByTestId('bank-accountNumber').fill(`6222 0212 3456 ${last4}`);
  await page.getByTestId('bank-save').click();
  const masked = `招商银行 •••• ${last4}`;
  await expect(page.getByTestId('bank-row').filter({ hasText: masked })).toBeVisible();
  await expect(page.getByTestId('bank-accounts')).not.toContainText('6222');

  // the withdrawal: the minimum and the expected date are shown; below the minimum is refused
  await expect(page.getByTestId('payout-expected')).toContainText('单笔最低 $10.00');
  await expect(page.getByTestId('payout-expected')).toContainText(/预计 3–5 个工作日到账（最晚 \d{4}\/\d{2}\/\d{2}，已计入法定节假日和调休）/);
  await page.getByTestId('payout-bank').click();
  await page.locator('.ant-select-item-option', { hasText: masked }).click();
  await page.getByTestId('payout-amount').fill('5');
  await page.getByTestId('payout-submit').click();
  await expect(page.getByTestId('payout-error')).toContainText('单笔提现金额不能低于 $10.00');
  await page.getByTestId('payout-amount').fill('100.00');
  await page.getByTestId('payout-submit').click();
  const row = page.getByTestId('payout-row').first();
  await expect(row).toContainText('$100.00');
  await expect(row).toContainText(masked);
  await expect(row).toContainText('处理中');
  await expect(row).toContainText(/预计最晚 \d{4}\/\d{2}\/\d{2} 到账/);
  await expect(page.getByTestId('wallet-available')).toHaveText(money(before - 10_000));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('payouts-zh-390.png'), fullPage: true });

  // finance marks it paid with the bank's reference
  const adminCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminCtx.newPage();
  await apiLogin(admin, DEMO.admin, DEMO.password);
  await admin.goto('/admin?tab=finance');
  const adminRow = admin.getByTestId('finance-payouts-table').locator('tr', { hasText: masked });
  await expect(adminRow).toContainText('$100.00');
  await adminRow.getByTestId('finance-payout-paid').click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`确认已打款 $100.00 至 ${masked}`);
  const reference = `CMB${Date.now()}`;
  await dialog.getByTestId('finance-payout-reference').fill(reference);
  await dialog.getByRole('button', { name: '标记已到账' }).click();
  await expect(admin.getByText('已标记到账')).toBeVisible();
  await expect(admin.getByTestId('finance-payouts-table').locator('tr', { hasText: masked })).toHaveCount(0);
  await adminCtx.close();

  await page.reload();
  const paid = page.getByTestId('payout-row').first();
  await expect(paid).toContainText('已到账');
  await expect(paid).toContainText(`银行流水号：${reference}`);
  await expect(page.getByTestId('wallet-available')).toHaveText(money(before - 10_000));
});

test('zh-CN, 390 px: the demo influencer’s money is demo money — a payout of it is refused with the reason', async ({ page, guard }) => {
  guard.allow(/\/api\/wallet\/payouts$/, 409);
  await page.setViewportSize({ width: 390, height: 844 });
  await apiLogin(page, DEMO_EARNER, DEMO.password);
  const before = await balanceOf(page);
  expect(before).toBeGreaterThanOrEqual(10_000);
  await page.goto('/wallet');
  await expect(page.getByTestId('statement-line').filter({ hasText: '演示资金（不可提现）' }).first()).toBeVisible();
  const last4 = String(1000 + Math.floor(Math.random() * 9000));
  await page.getByTestId('bank-add').click();
  await page.getByTestId('bank-holderName').fill('张伟');
  await page.getByTestId('bank-bankName').fill('招商银行');
  await page.getByTestId('bank-accountNumber').fill(`6222 0212 3456 ${last4}`);
  await page.getByTestId('bank-save').click();
  await page.getByTestId('payout-bank').click();
  await page.locator('.ant-select-item-option', { hasText: `招商银行 •••• ${last4}` }).click();
  await page.getByTestId('payout-amount').fill('100.00');
  await page.getByTestId('payout-submit').click();
  await expect(page.getByTestId('payout-error')).toContainText('演示资金不能提现');
  await expect(page.getByTestId('wallet-available')).toHaveText(money(before));
});
