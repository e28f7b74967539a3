/**
 * The money of a deal in the browser (issue 12; decisions 0018, 0020, 0022), on a server of its own
 * with demo data and DEV_CLOCK=1 (the live "happens" by moving the server's clock):
 *  - zh-CN, 390 px: a new company tops up $5,000 in the sandbox, publishes a task with $2,000 prepaid,
 *    a new influencer applies at $3,000, the company accepts (prepayment + wallet → escrow), the
 *    company confirms the live report: the influencer has $2,700 (less 10 %), withdraws it to a new
 *    bank account, finance marks it paid, the influencer sees 已到账;
 *  - zh-CN: the influencer pays a $200 deposit (保证金) after a sandbox top-up; a dispute decided 50/50
 *    by an admin from 纠纷处理 with the deposit awarded: the influencer gets half less the fee, the
 *    company the other half back and the deposit;
 *  - en: a slot fee + 10 % commission task published in the drawer, settled on the reported GMV: the
 *    deal's Fees and settlement shows the commission and the net, the wallets match;
 *  - zh-CN: a company with an empty wallet accepts: the deal waits in 待付款; paying is refused with
 *    去充值, after a sandbox top-up it goes through.
 * The deal page's 费用与结算 and /wallet are photographed at 390 px in both languages.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ConsoleGuard, DEMO, choose, expect, test } from './fixtures';
import { signUpViaApi } from './accounts-helpers';
import { acceptedDeal, act, balances, ok, ownDealServer, person as signedInPerson, reportedByApi, submit, usd, visitor } from './dealHelpers';

const own = ownDealServer('money');

type Lang = 'zh-CN' | 'en';
const person = (browser: Browser, guard: ConsoleGuard, email: string, locale: Lang = 'zh-CN', width = 390) =>
  signedInPerson(browser, guard, own.url, email, locale, width);

/** A new company (with its profile) or influencer, signed up through the API in a context of its own. */
async function newcomer(browser: Browser, guard: ConsoleGuard, type: 'company' | 'influencer', locale: Lang = 'zh-CN') {
  const p = await visitor(browser, guard, own.url, locale);
  await signUpViaApi(p.page.request, type, `money-${type}`);
  if (type === 'company')
    await ok(
      await p.page.request.put('/api/companies/me', { data: { companyName: `钱包品牌${Date.now().toString(36)}`, contactPerson: '测试联系人' } }),
      'company profile',
    );
  return p;
}

/** Tops `amount` up on /wallet with the sandbox provider (测试支付) and comes back to /wallet. */
async function sandboxTopUp(page: Page, amount: string) {
  await page.goto('/wallet');
  await page.getByTestId('topup-amount').fill(amount);
  await page.getByTestId('topup-submit').click();
  await expect(page.getByTestId('topup-amount')).toHaveValue('');
  await page.getByTestId('topup-row').first().getByTestId('topup-pay').click();
  await expect(page).toHaveURL(/\/wallet\/sandbox-pay\//);
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-result')).toBeVisible();
  await page.getByTestId('sandbox-back').click();
  await expect(page).toHaveURL(/\/wallet$/);
}

/** The influencer's deal of `taskId`. */
async function dealOf(influencer: APIRequestContext, taskId: string) {
  const { items } = await ok<{ items: { id: string; taskId: string }[] }>(await influencer.get('/api/deals'), 'deals');
  return items.find((d) => d.taskId === taskId)!.id;
}

/** Accepts the only pending applicant on the task page (antd confirm) and waits for 进行中 / In progress. */
async function acceptOnTaskPage(page: Page, taskId: string, fee: string) {
  await page.goto(`/task/${taskId}`);
  const row = page.getByTestId('applicants-panel').getByTestId('applicant-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('applicant-accept').click();
  const dialog = page.locator('.ant-modal-confirm').last();
  await expect(dialog.getByTestId('applicant-accept-money')).toContainText(fee);
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('task-status')).toHaveAttribute('data-status', 'in_progress');
}

/** Fills the publish drawer's required fields (the drawer is open). */
async function fillTask(page: Page, title: string, budget: [string, string], category: string) {
  await page.getByTestId('publish-title').fill(title);
  await page.getByTestId('publish-description').fill('新品直播带货，费用经平台托管。');
  await choose(page, page.getByTestId('publish-category'), category);
  await expect(page.getByTestId('publish-category')).toContainText(category);
  await page.getByTestId('publish-budget-min').fill(budget[0]);
  await page.getByTestId('publish-budget-max').fill(budget[1]);
}

/** Submits the publish drawer and answers the new task's id once the company's list shows it. */
async function publish(page: Page, title: string) {
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/tasks');
  await page.getByTestId('publish-submit').click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(200);
  const { task } = (await res.json()) as { task: { id: string } };
  // the drawer closes by itself and the list shows the task
  await expect(page.getByTestId('company-task-row').filter({ hasText: title })).toHaveAttribute('data-task-id', task.id, { timeout: 10_000 });
  return task.id;
}

/** The 390 px pictures of 费用与结算 and of /wallet, with no sideways scrolling. */
async function photograph(page: Page, name: string, what: 'deal' | 'wallet') {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  if (what === 'deal') await page.getByTestId('deal-money').screenshot({ path: test.info().outputPath(`${name}.png`) });
  else await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a new company tops up, publishes a prepaid task and accepts; the deal completes; the influencer gets the fee less 10 % and withdraws it', async ({
  browser,
  guard,
}) => {
  const co = await newcomer(browser, guard, 'company');
  const inf = await newcomer(browser, guard, 'influencer');
  const admin = await person(browser, guard, DEMO.admin, 'zh-CN', 1280);
  try {
    // the empty wallet gets $5,000.00 through the sandbox
    await co.page.goto('/wallet');
    await expect(co.page.getByTestId('wallet-available')).toHaveText('$0.00');
    await sandboxTopUp(co.page, '5,000');
    await expect(co.page.getByTestId('wallet-available')).toHaveText('$5,000.00');

    // a fixed-fee task with $2,000.00 prepaid: the prepayment goes into escrow
    const title = `托管任务${Date.now().toString(36)}`;
    await co.page.goto('/company-tasks');
    await co.page.getByTestId('publish-task').click();
    await fillTask(co.page, title, ['1000', '5000'], '美妆');
    await expect(co.page.getByTestId('publish-pricing-model').getByRole('radio', { name: '固定费用' })).toBeChecked();
    await co.page.getByTestId('publish-prepay').check();
    await co.page.getByTestId('publish-paid-amount').fill('2000');
    const taskId = await publish(co.page, title);
    await co.page.goto('/wallet');
    await expect(co.page.getByTestId('wallet-available')).toHaveText('$3,000.00');
    await expect(co.page.getByTestId('wallet-escrow')).toHaveText('$2,000.00');

    // the influencer applies at $3,000; the company accepts: $2,000 prepaid + $1,000 from the wallet
    await inf.page.goto(`/task/${taskId}`);
    await inf.page.getByTestId('task-apply-rate').fill('3000');
    await inf.page.getByTestId('task-apply-submit').click();
    await expect(inf.page.getByTestId('task-my-application')).toContainText('待审核');
    await acceptOnTaskPage(co.page, taskId, '$3,000.00');
    const dealId = await dealOf(inf.page.request, taskId);
    await co.page.goto(`/deal/${dealId}`);
    await expect(co.page.getByTestId('deal-status')).toHaveText('已接单');
    await expect(co.page.getByTestId('deal-money-model')).toHaveText('固定费用');
    await expect(co.page.getByTestId('deal-money-escrow')).toContainText('$3,000.00');
    await expect(co.page.getByTestId('deal-money-net')).toHaveText('$2,700.00');
    await co.page.goto('/wallet');
    await expect(co.page.getByTestId('wallet-available')).toHaveText('$2,000.00');
    await expect(co.page.getByTestId('wallet-escrow')).toHaveText('$3,000.00');
    await inf.page.goto('/wallet');
    await expect(inf.page.getByTestId('wallet-pending')).toHaveText('$3,000.00');
    await expect(inf.page.getByTestId('wallet-available')).toHaveText('$0.00');

    // the live happens and is reported (API); the company confirms it on the deal page
    await reportedByApi(co.page.request, inf.page.request, dealId);
    await co.page.goto(`/deal/${dealId}`);
    await act(co.page, 'confirm');
    await submit(co.page);
    await expect(co.page.getByTestId('deal-status')).toHaveText('已完成');
    const settled = co.page.getByTestId('deal-money-settled');
    await expect(settled).toContainText('平台服务费（10%）');
    await expect(settled).toContainText('−$300.00');
    await expect(settled.getByTestId('deal-money-net')).toHaveText('$2,700.00');
    await photograph(co.page, 'deal-money-fixed-zh-390', 'deal');
    await co.page.goto('/wallet');
    await expect(co.page.getByTestId('wallet-available')).toHaveText('$2,000.00');
    await expect(co.page.getByTestId('wallet-escrow')).toHaveText('$0.00');

    // the influencer: $2,700.00 available, nothing pending
    await inf.page.reload();
    await expect(inf.page.getByTestId('wallet-available')).toHaveText('$2,700.00');
    await expect(inf.page.getByTestId('wallet-pending')).toHaveText('$0.00');

    // a bank account, then 提现 of everything
    await inf.page.getByTestId('bank-add').click();
    await inf.page.getByTestId('bank-holderName').fill('李娜');
    await inf.page.getByTestId('bank-bankName').fill('工商银行');
    const last4 = String(1000 + Math.floor(Math.random() * 9000));
    await inf.page.getByTestId('bank-accountNumber').fill(`6212 2612 0000 ${last4}`);
    await inf.page.getByTestId('bank-save').click();
    const masked = `工商银行 •••• ${last4}`;
    await expect(inf.page.getByTestId('bank-row').filter({ hasText: masked })).toBeVisible();
    await inf.page.getByTestId('payout-bank').click();
    await inf.page.locator('.ant-select-item-option', { hasText: masked }).click();
    await inf.page.getByTestId('payout-amount').fill('2700');
    await inf.page.getByTestId('payout-submit').click();
    const payout = inf.page.getByTestId('payout-row').first();
    await expect(payout).toContainText('$2,700.00');
    await expect(payout).toContainText('处理中');
    await expect(inf.page.getByTestId('wallet-available')).toHaveText('$0.00');
    await photograph(inf.page, 'wallet-influencer-zh-390', 'wallet');

    // finance marks it paid
    await admin.page.goto('/admin?tab=finance');
    const adminRow = admin.page.getByTestId('finance-payouts-table').locator('tr', { hasText: masked });
    await expect(adminRow).toContainText('$2,700.00');
    await adminRow.getByTestId('finance-payout-paid').click();
    const dialog = admin.page.getByRole('dialog');
    const reference = `ICBC${Date.now()}`;
    await dialog.getByTestId('finance-payout-reference').fill(reference);
    await dialog.getByRole('button', { name: '标记已到账' }).click();
    await expect(admin.page.getByText('已标记到账')).toBeVisible();

    await inf.page.reload();
    await expect(inf.page.getByTestId('payout-row').first()).toContainText('已到账');
    await expect(inf.page.getByTestId('payout-row').first()).toContainText(reference);
    await expect(inf.page.getByTestId('wallet-available')).toHaveText('$0.00');
  } finally {
    await co.context.close();
    await inf.context.close();
    await admin.context.close();
  }
});

test('a dispute decided 50/50 from 纠纷处理 with the deposit awarded: the influencer gets half less the fee, the company the other half and the deposit', async ({
  browser,
  guard,
}) => {
  const co = await person(browser, guard, DEMO.company);
  const inf = await newcomer(browser, guard, 'influencer');
  const admin = await person(browser, guard, DEMO.admin, 'zh-CN', 1280);
  try {
    const title = `对半${Date.now().toString(36)}`;
    const dealId = await acceptedDeal(co.page.request, inf.page.request, title, 200_000, { requiresDeposit: true, depositAmountCents: 20_000 });
    const company = await balances(co.page.request); // after the $2,000 fee went into escrow
    expect(company.escrowCents).toBeGreaterThanOrEqual(200_000);

    // the fee is in; the deal waits for the influencer's $200 deposit, paid after a sandbox top-up
    await inf.page.goto(`/deal/${dealId}`);
    await expect(inf.page.getByTestId('deal-status')).toHaveText('待付款');
    await expect(inf.page.getByTestId('deal-money-deposit-due')).toContainText('$200.00');
    await sandboxTopUp(inf.page, '200');
    await inf.page.goto(`/deal/${dealId}`);
    const pay = await act(inf.page, 'pay_deposit');
    await expect(pay.getByTestId('deal-confirm-text')).toContainText('$200.00');
    await submit(inf.page);
    await expect(inf.page.getByTestId('deal-status')).toHaveText('已接单');
    await expect(inf.page.getByTestId('deal-money-deposit-held')).toContainText('$200.00');
    await inf.page.goto('/wallet');
    await expect(inf.page.getByTestId('wallet-available')).toHaveText('$0.00');
    await expect(inf.page.getByTestId('wallet-pending')).toHaveText('$2,000.00');
    await expect(inf.page.getByTestId('wallet-escrow')).toHaveText('$200.00');

    await reportedByApi(co.page.request, inf.page.request, dealId);
    await ok(
      await co.page.request.post(`/api/deals/${dealId}/events/dispute`, { data: { reason: 'report_untrue', statement: '成交额与后台不符。', evidence: [] } }),
      'dispute',
    );

    await admin.page.goto('/admin?tab=disputes');
    await admin.page.getByTestId('dispute-row').filter({ hasText: title }).getByTestId('dispute-open').click();
    await expect(admin.page).toHaveURL(new RegExp(`/deal/${dealId}$`));
    const dialog = await act(admin.page, 'resolve_partial');
    await dialog.getByTestId('deal-field-payoutBps').fill('50');
    await dialog.getByTestId('deal-field-reason').fill('双方各承担一半，保证金判给企业。');
    await dialog.getByTestId('deal-field-awardDeposit').check();
    await submit(admin.page);
    await expect(admin.page.getByTestId('deal-status')).toHaveText('已完成');

    await co.page.goto(`/deal/${dealId}`);
    const settled = co.page.getByTestId('deal-money-settled');
    await expect(settled).toContainText('费用（50%）');
    await expect(settled).toContainText('$1,000.00');
    await expect(settled).toContainText('−$100.00');
    await expect(settled).toContainText('退还企业');
    await expect(settled).toContainText('已判给企业');
    await expect(settled.getByTestId('deal-money-net')).toHaveText('$900.00');
    await photograph(co.page, 'deal-money-dispute-zh-390', 'deal');
    await co.page.goto('/wallet');
    await expect(co.page.getByTestId('wallet-available')).toHaveText(usd(company.availableCents + 100_000 + 20_000));
    await expect(co.page.getByTestId('wallet-escrow')).toHaveText(usd(company.escrowCents - 200_000));
    await photograph(co.page, 'wallet-company-zh-390', 'wallet');

    await inf.page.goto('/wallet');
    await expect(inf.page.getByTestId('wallet-available')).toHaveText('$900.00');
    await expect(inf.page.getByTestId('wallet-pending')).toHaveText('$0.00');
    await expect(inf.page.getByTestId('wallet-escrow')).toHaveText('$0.00');
  } finally {
    await co.context.close();
    await inf.context.close();
    await admin.context.close();
  }
});

test('English: a slot fee + 10 % commission task, settled on the reported GMV; Fees and settlement and the wallets agree', async ({ browser, guard }) => {
  const co = await person(browser, guard, DEMO.company, 'en');
  const inf = await newcomer(browser, guard, 'influencer', 'en');
  try {
    const title = `Slot and commission ${Date.now().toString(36)}`;
    await co.page.goto('/company-tasks');
    await co.page.getByTestId('publish-task').click();
    await fillTask(co.page, title, ['500', '3000'], 'Beauty');
    // antd's button-style radios hide the <input>: click the visible label
    await co.page.getByTestId('publish-pricing-model').locator('label', { hasText: 'Slot fee + commission' }).click();
    await expect(co.page.getByTestId('publish-pricing-model').getByRole('radio', { name: 'Slot fee + commission' })).toBeChecked();
    await co.page.getByTestId('publish-commission').fill('10');
    const taskId = await publish(co.page, title);

    await ok(await inf.page.request.post('/api/task-applications', { data: { taskId, proposedRateCents: 100_000 } }), 'apply');
    const before = await balances(co.page.request);
    await acceptOnTaskPage(co.page, taskId, '$1,000.00');
    const dealId = await dealOf(inf.page.request, taskId);

    // $50,000.00 sold: commission $5,000; platform fee 10 % of $1,000 + $5,000; net $5,400
    await reportedByApi(co.page.request, inf.page.request, dealId, 5_000_000);
    await co.page.goto(`/deal/${dealId}`);
    await expect(co.page.getByTestId('deal-money-model')).toHaveText('Slot fee + commission');
    await expect(co.page.getByTestId('deal-money-fee')).toHaveText('$1,000.00');
    await expect(co.page.getByTestId('deal-money-commission')).toContainText('10%');
    const estimate = co.page.getByTestId('deal-money-estimate');
    await expect(estimate).toContainText('$50,000.00');
    await expect(estimate).toContainText('$5,000.00');
    await expect(estimate.getByTestId('deal-money-net')).toHaveText('$5,400.00');
    await act(co.page, 'confirm');
    await submit(co.page);
    await expect(co.page.getByTestId('deal-status')).toHaveText('Completed');
    const settled = co.page.getByTestId('deal-money-settled');
    await expect(settled.getByTestId('deal-money-commission-status')).toHaveText('$5,000.00');
    await expect(settled).toContainText('−$600.00');
    await expect(settled.getByTestId('deal-money-net')).toHaveText('$5,400.00');
    await photograph(co.page, 'deal-money-commission-en-390', 'deal');

    await co.page.goto('/wallet');
    await expect(co.page.getByTestId('wallet-available')).toHaveText(usd(before.availableCents - 100_000 - 500_000));
    await photograph(co.page, 'wallet-company-en-390', 'wallet');
    await inf.page.goto('/wallet');
    await expect(inf.page.getByTestId('wallet-available')).toHaveText('$5,400.00');
    await photograph(inf.page, 'wallet-influencer-en-390', 'wallet');
    await inf.page.goto(`/deal/${dealId}`);
    await expect(inf.page.getByTestId('deal-money-net')).toHaveText('$5,400.00');
  } finally {
    await co.context.close();
    await inf.context.close();
  }
});

test('zh-CN: a company with an empty wallet accepts; the deal waits in 待付款; paying is refused with 去充值, after a top-up it goes through', async ({
  browser,
  guard,
}) => {
  guard.allow(/\/api\/deals\/[^/]+\/events\/pay_fee$/, 409);
  const co = await newcomer(browser, guard, 'company');
  const inf = await newcomer(browser, guard, 'influencer');
  try {
    const cats = await ok<{ items: { id: string }[] }>(await co.page.request.get('/api/categories'), 'categories');
    const { task } = await ok<{ task: { id: string } }>(
      await co.page.request.post('/api/tasks', {
        data: {
          title: `待付款${Date.now().toString(36)}`,
          description: 'd',
          categoryId: cats.items[0].id,
          budgetMinCents: 10_000,
          budgetMaxCents: 90_000,
        },
      }),
      'task',
    );
    await ok(await inf.page.request.post('/api/task-applications', { data: { taskId: task.id, proposedRateCents: 50_000 } }), 'apply');
    await acceptOnTaskPage(co.page, task.id, '$500.00');
    const dealId = await dealOf(inf.page.request, task.id);

    await co.page.goto(`/deal/${dealId}`);
    await expect(co.page.getByTestId('deal-status')).toHaveText('待付款');
    await expect(co.page.getByTestId('deal-money-fee-due')).toContainText('$500.00');
    await photograph(co.page, 'deal-money-awaiting-zh-390', 'deal');
    const dialog = await act(co.page, 'pay_fee');
    await expect(dialog.getByTestId('deal-confirm-text')).toContainText('$500.00');
    await co.page.getByTestId('deal-dialog-submit').click();
    await expect(dialog.getByTestId('deal-dialog-error')).toContainText('余额不足');
    await dialog.getByTestId('deal-topup-link').click();
    await expect(co.page).toHaveURL(/\/wallet$/);

    await sandboxTopUp(co.page, '500');
    await expect(co.page.getByTestId('wallet-available')).toHaveText('$500.00');
    await co.page.goto(`/deal/${dealId}`);
    await act(co.page, 'pay_fee');
    await submit(co.page);
    await expect(co.page.getByTestId('deal-status')).toHaveText('已接单');
    await expect(co.page.getByTestId('deal-money-escrow')).toContainText('$500.00');
    await expect(co.page.getByTestId('deal-money-fee-due')).toHaveCount(0);
  } finally {
    await co.context.close();
    await inf.context.close();
  }
});
