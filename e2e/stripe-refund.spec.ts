/**
 * Stripe refunds (decision 0057), with Stripe configured (the server started with STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET of src/server/test/stripeServer.ts and STRIPE_API_URL=http://127.0.0.1:<port>, skipped
 * otherwise): at 390 px a company tops up $50.00 through Stripe, asks $20.00 of it back on /wallet; an admin with 财务
 * approves it in the console, the local Stripe gets the refund, its signed refund.updated settles it.
 */
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeServer } from '../src/server/test/stripeServer';
import { DEMO, apiLogin, expect, test } from './fixtures';

const stripeUrl = process.env.STRIPE_API_URL;
test('with Stripe: a company asks for part of a top-up back, finance approves, Stripe confirms', async ({ page, browser, request }) => {
  test.skip(
    !stripeUrl || process.env.STRIPE_SECRET_KEY !== STRIPE_TEST_KEY || process.env.STRIPE_WEBHOOK_SECRET !== STRIPE_TEST_WEBHOOK_SECRET,
    'the server runs without the local Stripe',
  );
  const fake = stripeServer();
  await fake.start(Number(new URL(stripeUrl!).port));
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('https://checkout.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));
    await apiLogin(page, DEMO.company, DEMO.password);
    await page.goto('/wallet');
    await page.getByTestId('topup-amount').fill('50.00');
    await page.getByRole('radio', { name: '在线支付（银行卡 / 支付宝 / 微信支付）' }).check();
    await page.getByTestId('topup-submit').click();
    await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\//);
    const [session] = [...fake.sessions.values()];
    const paid = fake.event('checkout.session.completed', fake.pay(session.id));
    expect(
      (
        await request.post('/api/payments/webhook/stripe', { data: paid, headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(paid) } })
      ).status(),
    ).toBe(200);

    await page.goto('/wallet');
    const row = page.getByTestId('topup-row').filter({ hasText: '$50.00' }).first();
    await row.getByTestId('refund-open').click();
    await expect(page.getByTestId('refund-amount')).toHaveValue('50.00');
    await page.getByTestId('refund-amount').fill('20');
    await page.getByTestId('refund-submit').click();
    await expect(page.getByTestId('refund-row').first()).toContainText('待审核');
    await expect(page.getByTestId('refund-row').first()).toContainText('$20.00');

    const adminCtx = await browser.newContext({ locale: 'en' });
    await adminCtx.addInitScript(() => localStorage.setItem('lang', 'en'));
    const admin = await adminCtx.newPage();
    await apiLogin(admin, DEMO.admin, DEMO.password);
    await admin.goto('/admin?tab=finance');
    const queued = admin.getByTestId('finance-refunds').locator('tr', { hasText: '$20.00' });
    await queued.getByTestId('refund-approve').click();
    await admin.getByRole('button', { name: 'OK' }).click();
    await expect(admin.getByText('Approved: the refund is being made at Stripe')).toBeVisible();
    await adminCtx.close();

    const [refund] = [...fake.refunds.values()];
    expect(refund).toMatchObject({ amount: 2000, payment_intent: fake.sessions.get(session.id)!.payment_intent });
    refund.status = 'succeeded';
    const done = fake.event('refund.updated', refund);
    expect(
      (
        await request.post('/api/payments/webhook/stripe', { data: done, headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(done) } })
      ).status(),
    ).toBe(200);
    await page.reload();
    await expect(page.getByTestId('refund-row').first()).toContainText('已退款');
  } finally {
    await fake.close();
  }
});
