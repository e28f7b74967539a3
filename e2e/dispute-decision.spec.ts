/**
 * A partial dispute decision scales the commission too, and everyone is shown it (decision 0030), on a server
 * of its own (demo data, DEV_CLOCK=1): a $1,500.00 slot fee + 12.5 % commission deal reported at $20,000.37 of
 * sales is disputed; the admin opens it from 纠纷处理, types 40 % and sees the settlement as agreed and as
 * decided (computeSettlement, live); after the decision the deal page's 费用与结算 shows the same figures to the
 * company (Chinese) and the influencer (English), at 390 px.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './fixtures';
import { acceptedDeal, act, ok, ownDealServer, person as signedInPerson, reportedByApi, submit, visitor, fundWallet } from './dealHelpers';
import { signUpViaApi } from './accounts-helpers';

const own = ownDealServer('decision');

// as agreed (100 %) and at 40 %: 10 % platform fee on the fee share and on the commission
const BEFORE = {
  'fee-share': '$1,500.00',
  commission: '$2,500.05',
  'platform-fee': '−$400.01',
  influencer: '$3,600.04',
  refund: '$0.00',
  company: '$4,000.05',
};
const AFTER_40 = {
  'fee-share': '$600.00',
  commission: '$1,000.02',
  'platform-fee': '−$160.00',
  influencer: '$1,440.02',
  refund: '$900.00',
  company: '$1,600.02',
};

async function expectTable(page: Page, testId: string, after: Record<string, string> | null) {
  const table = page.getByTestId(testId);
  await expect(table).toBeVisible();
  for (const [row, value] of Object.entries(BEFORE)) await expect(table.getByTestId(`${testId}-${row}-before`), row).toHaveText(value);
  for (const row of Object.keys(BEFORE)) await expect(table.getByTestId(`${testId}-${row}-after`), row).toHaveText(after ? after[row] : '—');
}

test('an admin decides a dispute at 40 %: the dialog shows the settlement before and after as the share is typed; the deal page shows both sides the same figures', async ({
  browser,
  guard,
}) => {
  const co = await signedInPerson(browser, guard, own.url, DEMO.company, 'zh-CN', 390);
  const inf = await visitor(browser, guard, own.url, 'en', 390);
  const admin = await signedInPerson(browser, guard, own.url, DEMO.admin, 'zh-CN', 1280);
  try {
    await signUpViaApi(inf.page.request, 'influencer', 'decision-influencer');
    // enough in the wallet for the fee and the commission
    await fundWallet(co.page.request, 1_000_000);
    const title = `佣金裁决${Date.now().toString(36)}`;
    const dealId = await acceptedDeal(co.page.request, inf.page.request, title, 150_000, {
      pricingModel: 'slot_commission',
      commissionBps: 1250,
      budgetMinCents: 100_000,
      budgetMaxCents: 200_000,
    });
    await reportedByApi(co.page.request, inf.page.request, dealId, 2_000_037);
    await ok(
      await co.page.request.post(`/api/deals/${dealId}/events/dispute`, { data: { reason: 'report_untrue', statement: '成交额与后台不符。', evidence: [] } }),
      'dispute',
    );

    // 纠纷处理 → the deal → 部分完成
    await admin.page.goto('/admin?tab=disputes');
    await admin.page.getByTestId('dispute-row').filter({ hasText: title }).getByTestId('dispute-open').click();
    await expect(admin.page).toHaveURL(new RegExp(`/deal/${dealId}$`));
    const dialog = await act(admin.page, 'resolve_partial');
    const preview = dialog.getByTestId('deal-decision-preview');
    // nothing typed yet: the terms as agreed, the decided column still empty
    await expectTable(admin.page, 'deal-decision-preview', null);
    await expect(preview).toContainText('佣金（成交额 $20,000.37 × 12.5%）');
    // typed digit by digit: the preview follows each keystroke (4 %, then 40 %)
    const percent = dialog.getByTestId('deal-field-payoutBps');
    await percent.pressSequentially('4');
    await expect(preview.getByTestId('deal-decision-preview-commission-after')).toHaveText('$100.00');
    await expect(preview).toContainText('裁决后（4%）');
    await percent.pressSequentially('0');
    await expect(preview).toContainText('裁决后（40%）');
    await expectTable(admin.page, 'deal-decision-preview', AFTER_40);
    await dialog.screenshot({ path: test.info().outputPath('decision-dialog-zh-1280.png') });
    await dialog.getByTestId('deal-field-reason').fill('成交额部分属实，按 40% 结算。');
    await submit(admin.page);
    await expect(admin.page.getByTestId('deal-status')).toHaveText('已完成');

    // the company (Chinese) and the influencer (English) see the same figures in 费用与结算
    await co.page.goto(`/deal/${dealId}`);
    await expect(co.page.getByTestId('deal-money-decision')).toContainText('纠纷裁决：按 40% 结算');
    await expectTable(co.page, 'deal-money-decision', AFTER_40);
    expect(await co.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await co.page.getByTestId('deal-money').screenshot({ path: test.info().outputPath('decision-deal-zh-390.png') });

    await inf.page.goto(`/deal/${dealId}`);
    await expect(inf.page.getByTestId('deal-money-decision')).toContainText('Dispute decision: settled at 40%');
    await expect(inf.page.getByTestId('deal-money-decision')).toContainText('Decided (40%)');
    await expectTable(inf.page, 'deal-money-decision', AFTER_40);
    expect(await inf.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await inf.page.getByTestId('deal-money').screenshot({ path: test.info().outputPath('decision-deal-en-390.png') });
    // and it is what the influencer was paid
    await inf.page.goto('/wallet');
    await expect(inf.page.getByTestId('wallet-available')).toHaveText('$1,440.02');
  } finally {
    await co.context.close();
    await inf.context.close();
    await admin.context.close();
  }
});
