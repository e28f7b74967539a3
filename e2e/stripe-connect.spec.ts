/**
 * Payouts through Stripe Connect (decision 0058) on a server of this test's own, configured with the local
 * Stripe-compatible server (src/server/test/stripeServer.ts) and a job worker polling every half second:
 *  - zh-CN at 390 px: a new influencer (with sandbox money: demo money never leaves) sees 未关联, links a Stripe account
 *    (Stripe's hosted onboarding stubbed), comes back to /wallet?connect=return and sees 可收款, withdraws $100.00 to
 *    Stripe and sees it 已到账 with the transfer — made by the worker, no finance;
 *  - en at 1280 px: the same wallet reads Payouts enabled / Paid.
 */
import { freePort } from '../scripts/lib/build.mjs';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeServer } from '../src/server/test/stripeServer';
import { signUpViaApi } from './accounts-helpers';
import { visitor } from './dealHelpers';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './ownServer';

test.describe('Stripe Connect payouts', () => {
  test.describe.configure({ timeout: 300_000 });
  const fake = stripeServer();
  let own: OwnServer | undefined;
  test.beforeAll(async () => {
    const stripeUrl = await fake.start(await freePort());
    own = await startOwnServer('connect', {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeUrl,
      JOBS_POLL_MS: '500',
    });
  });
  test.afterAll(async () => {
    await own?.stop();
    await fake.close();
  });

  test('zh-CN, 390 px: link a Stripe account, withdraw to it, paid by the worker; en at 1280 px reads the same', async ({ browser, guard }) => {
    const { context, page } = await visitor(browser, guard, own!.url, 'zh-CN', 390);
    const earner = await signUpViaApi(page.request, 'influencer', 'connect');
    expect((await page.request.post('/api/auth/login', { data: earner })).status()).toBe(200);
    // $500.00 of real (sandbox) money
    const topup = await (await page.request.post('/api/wallet/topups', { data: { amountCents: 50_000, method: 'sandbox' } })).json();
    expect((await page.request.post(`/api/dev/payments/sandbox/${topup.topup.id}/pay`, { data: {} })).status()).toBe(200);
    // Stripe's hosted onboarding is not reachable offline: a stand-in at its address
    await page.route('https://connect.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe onboarding</h1>' }));

    await page.goto('/wallet');
    const card = page.getByTestId('stripe-connect');
    await expect(card.getByRole('heading', { name: 'Stripe 收款账户' })).toBeVisible();
    await expect(page.getByTestId('stripe-connect-status')).toHaveText('未关联');
    await page.getByTestId('stripe-connect-link').click();
    await expect(page).toHaveURL(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_test_/);
    const [acct] = [...fake.accounts.keys()];
    const link = fake.requests.find((r) => r.path === '/v1/account_links')!;
    expect(link.params.get('return_url')).toBe(`${own!.url}/wallet?connect=return`);

    // back before finishing: still to do
    await page.goto('/wallet?connect=return');
    await expect(page.getByTestId('stripe-connect-status')).toHaveText('待完成验证');
    await expect(page.getByTestId('stripe-connect-link')).toHaveText('继续完成验证');
    // finished at Stripe, back again: the state is read from Stripe
    fake.onboard(acct);
    await page.goto('/wallet?connect=return');
    await expect(page.getByTestId('stripe-connect-status')).toHaveText('可收款');
    await expect(page).toHaveURL(/\/wallet$/);

    // the withdrawal: the Stripe account is offered first
    const masked = `Stripe •••• ${acct.slice(-4)}`;
    await expect(page.getByTestId('payout-bank')).toContainText(`${masked}（自动转账）`);
    await expect(page.getByTestId('payout-expected')).toContainText('由平台自动转入您的 Stripe 账户');
    await page.getByTestId('payout-amount').fill('100.00');
    await page.getByTestId('payout-submit').click();
    const row = page.getByTestId('payout-row').first();
    await expect(row).toContainText('$100.00');
    await expect(row).toContainText(masked);
    // the worker transfers it (polling every 500 ms); the page shows it once it reloads
    await expect.poll(() => [...fake.transfers.values()].length, { timeout: 30_000 }).toBe(1);
    const [tr] = [...fake.transfers.values()];
    expect(tr).toMatchObject({ amount: 10_000, currency: 'usd', destination: acct });
    await page.reload();
    await expect(row).toContainText('已到账');
    await expect(row).toContainText(`Stripe 转账编号：${tr.id}`);
    await expect(page.getByTestId('wallet-available')).toHaveText('$400.00');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('stripe-connect-zh-390.png'), fullPage: true });
    await context.close();

    const en = await visitor(browser, guard, own!.url, 'en', 1280);
    expect((await en.page.request.post('/api/auth/login', { data: earner })).status()).toBe(200);
    await en.page.goto('/wallet');
    await expect(en.page.getByRole('heading', { name: 'Stripe account for payouts' })).toBeVisible();
    await expect(en.page.getByTestId('stripe-connect-status')).toHaveText('Payouts enabled');
    const enRow = en.page.getByTestId('payout-row').first();
    await expect(enRow).toContainText('Paid');
    await expect(enRow).toContainText(`Stripe transfer: ${tr.id}`);
    await en.page.screenshot({ path: test.info().outputPath('stripe-connect-en-1280.png'), fullPage: true });
    await en.context.close();
  });
});
