import { expect, test } from './fixtures';
import { acceptedDeal, ownDealServer, person } from './dealHelpers';

/**
 * The agency workspace's figures (issue 25 items 5, 6) on a server of its own with the demo data: 星耀MCN's three
 * roster influencers at 20/25/30 % and one deal of the first settled through the product ($4,000 fee, 10 % platform fee,
 * 20 % to the agency = $720.00; GMV $98,600.00). At 390 px: the month, the roster's rows, the pipeline with its filter,
 * 为你推荐 and the earnings chart; then an admin reads the agency's roster in 用户管理.
 */
const own = ownDealServer('agencyws');

test('the workspace shows this month, the pipeline, recommendations and earnings with real figures (390 px)', async ({ browser, guard }) => {
  const { page, context } = await person(browser, guard, own.url, 'agency@demo.test');
  await page.goto('/agency');
  const month = page.getByTestId('ws-figures');
  await expect(month.getByTestId('ws-total-earnings')).toHaveText('$720.00');
  await expect(month.getByTestId('ws-total-gmv')).toHaveText('$98,600.00');
  await expect(month.getByTestId('ws-total-open')).toHaveText('0');
  await expect(month.getByTestId('ws-roster-row')).toHaveCount(3);
  const first = month.getByTestId('ws-roster-row').filter({ hasText: '收益 $720.00' });
  await expect(first).toContainText('成交额 $98,600.00');
  await expect(first).toContainText('进行中 0');

  const pipeline = page.getByTestId('ws-pipeline');
  await expect(pipeline.getByTestId('ws-kind-count-deals')).toHaveText('1');
  await expect(pipeline.getByTestId('ws-pipeline-row')).toHaveCount(1);
  await expect(pipeline.getByTestId('ws-pipeline-row')).toContainText('秋冬保湿面霜专场直播');
  await expect(pipeline.getByTestId('ws-pipeline-row')).toContainText('已完成');
  // the roster's applications (the demo's are all accepted), then one influencer's
  await pipeline.getByTestId('ws-pipeline-kind').getByText('申请').click();
  await expect(pipeline.getByTestId('ws-kind-count-applications')).toHaveText('7');
  await expect(pipeline.getByTestId('ws-pipeline-row')).toHaveCount(7);
  await pipeline.getByTestId('ws-pipeline-state').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '已通过 (7)' }).click();
  await expect(pipeline.getByTestId('ws-pipeline-row')).toHaveCount(7);
  await pipeline.getByTestId('ws-pipeline-influencer').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '穿搭阿杰' }).click();
  await expect(pipeline.getByTestId('ws-pipeline-row').filter({ hasText: '秋冬保湿面霜专场直播' })).toHaveCount(1);
  await expect(pipeline.getByTestId('ws-pipeline-row').filter({ hasNotText: '穿搭阿杰' })).toHaveCount(0);

  await expect(page.getByTestId('ws-for-you').getByTestId('ws-for-you-task').first()).toBeVisible();
  const earnings = page.getByTestId('ws-earnings');
  await expect(earnings.getByTestId('ws-earnings-chart').locator('canvas')).toBeVisible();
  await expect(earnings.getByTestId('ws-earnings-months')).toContainText('$720.00');
  const csv = await page.request.get('/api/agency/earnings.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(',72000,9860000,1\r\n');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('agency-workspace-390.png'), fullPage: true });
  await context.close();
});

test('an admin sees the agency’s roster with shares in 用户管理, and 数据分析 the agencies and their GMV share', async ({ browser, guard }) => {
  const { page, context } = await person(browser, guard, own.url, 'admin@demo.test', 'en', 1280);
  await page.goto('/admin?tab=users');
  await page.getByTestId('users-search').locator('input').fill('agency@demo.test');
  await page.getByTestId('users-search').locator('input').press('Enter');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByTestId('user-view').click();
  const roster = page.getByTestId('user-agency-roster');
  await expect(roster.getByTestId('user-agency-membership')).toHaveCount(3);
  for (const share of [20, 25, 30]) await expect(roster).toContainText(`Share ${share}%`);
  await expect(page.getByTestId('user-agency')).toContainText('星耀MCN机构');
  await page.keyboard.press('Escape');
  await page.getByRole('menuitem', { name: /Analytics$/ }).click();
  await expect(page.getByTestId('analytics-agencies-approved')).toContainText('1');
  await expect(page.getByTestId('analytics-agency-gmv')).toContainText('$98,600.00 of');
  await context.close();
});

test('结算对账: paid this month by influencer and by deal, pending from a fee in escrow, the CSV; zh-CN at 390 px, en on desktop', async ({
  browser,
  guard,
}) => {
  // a $1,000 deal of the 25 % roster influencer (influencer3@demo.test): its fee in escrow → $900 net, $225.00 to the agency
  const company = await person(browser, guard, own.url, 'company@demo.test');
  const influencer = await person(browser, guard, own.url, 'influencer3@demo.test');
  const dealId = await acceptedDeal(company.page.request, influencer.page.request, '结算对账测试直播', 100_000, {
    budgetMinCents: 50_000,
    budgetMaxCents: 200_000,
  });
  await company.context.close();
  await influencer.context.close();

  const { page, context } = await person(browser, guard, own.url, 'agency@demo.test');
  await page.goto('/agency');
  await page.getByTestId('ws-settlement-link').click();
  await expect(page).toHaveURL(/\/agency-settlement$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('结算对账');
  await expect(page.getByTestId('settlement-earned')).toHaveText('$720.00');
  await expect(page.getByTestId('settlement-pending')).toHaveText('$225.00');
  await expect(page.getByTestId('settlement-preset-month')).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByTestId('settlement-influencer');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '穿搭阿杰' }).getByTestId('settlement-row-earned')).toHaveText('已到账 $720.00');
  await expect(rows.nth(1).getByTestId('settlement-row-pending')).toHaveText('待结算 $225.00');
  // by deal: the settled deal and the one in escrow, each naming its task and influencer, linking the deal
  await page.getByTestId('settlement-view').getByText('按订单').click();
  const deals = page.getByTestId('settlement-deal');
  await expect(deals).toHaveCount(2);
  await expect(deals.first()).toContainText('秋冬保湿面霜专场直播');
  await expect(deals.first()).toContainText('穿搭阿杰 · 机构分成 20%');
  await expect(deals.nth(1).getByTestId('settlement-deal-pending')).toHaveText('待结算 $225.00');
  await expect(deals.nth(1).getByRole('link', { name: '结算对账测试直播' })).toHaveAttribute('href', `/deal/${dealId}`);
  const href = await page.getByTestId('settlement-csv').getAttribute('href');
  expect(href).toMatch(/^\/api\/agency\/settlement\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&by=deal$/);
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain(',秋冬保湿面霜专场直播,');
  expect(text).toContain(`${dealId},结算对账测试直播,`);
  expect(text).toContain(',accepted,2500,0,,22500,settlement\r\n');
  // last month: nothing paid, the pending stays (it does not depend on the period)
  await page.getByTestId('settlement-preset-lastMonth').click();
  await expect(page.getByTestId('settlement-earned')).toHaveText('$0.00');
  await expect(page.getByTestId('settlement-pending')).toHaveText('$225.00');
  await expect(deals).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('agency-settlement-390.png'), fullPage: true });
  await context.close();

  const en = await person(browser, guard, own.url, 'agency@demo.test', 'en', 1280);
  await en.page.goto('/agency-settlement?view=deal');
  await expect(en.page.getByRole('heading', { level: 1 })).toHaveText('Settlement');
  await expect(en.page.getByTestId('settlement-earned')).toHaveText('$720.00');
  await expect(en.page.getByText('from 1 deal', { exact: true })).toBeVisible();
  await expect(en.page.getByText('on 1 deal', { exact: true })).toBeVisible();
  await expect(en.page.getByTestId('settlement-deal').first()).toContainText('穿搭阿杰 · agency share 20%');
  await en.page.screenshot({ path: test.info().outputPath('agency-settlement-1280-en.png'), fullPage: true });
  await en.context.close();
});
