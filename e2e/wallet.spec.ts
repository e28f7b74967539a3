/**
 * Money, first slice (decision 0018):
 *  - zh-CN at 390 px: a company tops up $1,234.56 through the sandbox (测试支付), sees the balance and the
 *    statement line with its running balance;
 *  - en: a company asks for a bank transfer top-up and gets a reference code; an admin with 财务 confirms it
 *    in the console; the company's balance grows by the amount;
 *  - with Stripe configured (decision 0055; the server started with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET of
 *    src/server/test/stripeServer.ts and STRIPE_API_URL=http://127.0.0.1:<port>, skipped otherwise): a company's
 *    $120.00 top-up goes to Stripe's Checkout (a local Stripe-compatible server; the Checkout page stubbed), the
 *    signed checkout.session.completed credits it, and the result page it comes back to says so.
 */
import type { Page } from '@playwright/test';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeServer } from '../src/server/test/stripeServer';
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
    await page.getByRole('radio', { name: '测试支付（沙盒）' }).check();
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
    expect(await csv.text()).toContain('topup,sandbox,123456');
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

  const stripeUrl = process.env.STRIPE_API_URL;
  test('with Stripe: a $120.00 top-up goes to Checkout, the signed webhook credits it, the result page says so', async ({ page, request }) => {
    test.skip(
      !stripeUrl || process.env.STRIPE_SECRET_KEY !== STRIPE_TEST_KEY || process.env.STRIPE_WEBHOOK_SECRET !== STRIPE_TEST_WEBHOOK_SECRET,
      'the server runs without the local Stripe',
    );
    const fake = stripeServer();
    await fake.start(Number(new URL(stripeUrl!).port));
    try {
      // Stripe's hosted Checkout page is not reachable offline: a stand-in at its address
      await page.route('https://checkout.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));
      await apiLogin(page, 'company2@demo.test', DEMO.password);
      const before = await balanceOf(page);
      await page.goto('/wallet');
      await page.getByTestId('topup-amount').fill('120.00');
      await page.getByRole('radio', { name: '在线支付（银行卡 / 支付宝 / 微信支付）' }).check();
      await page.getByTestId('topup-submit').click();
      await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

      const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
      expect(sent.params.get('line_items[0][price_data][unit_amount]')).toBe('12000');
      expect(sent.params.get('line_items[0][price_data][currency]')).toBe('usd');
      expect([0, 1, 2].map((i) => sent.params.get(`allowed_payment_method_types[${i}]`))).toEqual(['card', 'alipay', 'wechat_pay']);
      const topupId = sent.params.get('client_reference_id')!;
      const [session] = [...fake.sessions.values()];

      // the customer pays; Stripe notifies the platform, signed
      const payload = fake.event('checkout.session.completed', fake.pay(session.id, { feeCents: 378 }));
      const hook = await request.post('/api/payments/webhook/stripe', {
        data: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
      });
      expect(hook.status()).toBe(200);
      const forged = await request.post('/api/payments/webhook/stripe', {
        data: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload, { secret: 'whsec_forged' }) },
      });
      expect(forged.status()).toBe(400);

      // Checkout sends the company back
      await page.goto(`/wallet/topup-result?topup=${topupId}`);
      await expect(page.getByTestId('topup-result-status')).toContainText('充值成功');
      await expect(page.getByTestId('topup-result-amount')).toHaveText('$120.00');
      await page.getByTestId('topup-result-back').click();
      await expect(page.getByTestId('wallet-available')).toHaveText(money(before + 12000));
    } finally {
      await fake.close();
    }
  });
});
