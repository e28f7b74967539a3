/**
 * The deal room (issue 11) on a server of its own with demo data and DEV_CLOCK=1, so the live can
 * "happen" and the 24-hour window can pass in a second (POST /api/dev/clock) without moving the
 * shared server's clock:
 *  - zh-CN: from my-tasks to the deal; samples shipped and received, a schedule proposed by the
 *    influencer and confirmed by the company, the live report with a screenshot, the company confirms:
 *    the deal and the task are 已完成;
 *  - en: nobody confirms the report; the clock passes 24 h and the platform confirms it;
 *  - zh-CN: the company disputes, the influencer answers, an admin decides a 60 % completion.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import { ConsoleGuard, choose, expect, pngBytes, test } from './fixtures';
import { acceptedDeal, act, advance, H, ownDealServer, person as signedInPerson, reportedByApi, serverNow, submit } from './dealHelpers';

const own = ownDealServer('deals');
const person = (browser: Browser, guard: ConsoleGuard, email: string, locale: 'zh-CN' | 'en' = 'zh-CN', width = 390) =>
  signedInPerson(browser, guard, own.url, email, locale, width);

/** the value of a datetime-local field for an instant, in Beijing time (the contexts' zone) */
const local = (ms: number) => new Date(ms + 8 * H).toISOString().slice(0, 16);

test('the whole journey in the browser: samples, schedule, live report, confirmation; the task is 已完成', async ({ browser, guard }) => {
  const co = await person(browser, guard, 'company@demo.test');
  const inf = await person(browser, guard, 'influencer@demo.test');
  try {
    const title = `订单旅程${Date.now().toString(36)}`;
    const dealId = await acceptedDeal(co.page.request, inf.page.request, title);

    // the company finds the deal from its tasks
    await co.page.goto('/company-tasks');
    const row = co.page.getByTestId('company-task-row').filter({ hasText: title });
    await expect(row.getByTestId('my-task-deal')).toContainText('已接单');
    await row.getByTestId('my-task-deal-link').click();
    await expect(co.page).toHaveURL(new RegExp(`/deal/${dealId}$`));
    await expect(co.page.getByTestId('deal-status')).toHaveText('已接单');
    await expect(co.page.getByTestId('deal-rate')).toHaveText('$3,800.00');

    // samples: an empty form is refused with the spec's wording, then shipped
    let dialog = await act(co.page, 'ship_samples');
    await co.page.getByTestId('deal-dialog-submit').click();
    await expect(dialog).toContainText('请输入物流公司');
    await dialog.getByTestId('deal-field-carrier').fill('顺丰速运');
    await dialog.getByTestId('deal-field-trackingNo').fill('SF1403928475');
    await submit(co.page);
    await expect(co.page.getByTestId('deal-status')).toHaveText('样品运输中');
    await expect(co.page.getByTestId('deal-samples')).toContainText('SF1403928475');

    // the influencer, from their tasks: confirms receipt and proposes the live
    await inf.page.goto('/influencer-tasks');
    // 为你推荐 comes in above the list after it (its place is not held yet: noted on issue 40); click once it is there
    await expect(inf.page.getByTestId('for-you').getByTestId('for-you-task').first()).toBeVisible();
    const mine = inf.page.getByTestId('influencer-application-row').filter({ hasText: title });
    await expect(mine.getByTestId('my-task-deal')).toContainText('样品运输中');
    await mine.getByTestId('my-task-deal-link').click();
    await expect(inf.page.getByTestId('deal-waiting')).toHaveText(/轮到您操作/);
    await act(inf.page, 'receive_samples');
    await submit(inf.page);
    await expect(inf.page.getByTestId('deal-status')).toHaveText('样品已签收');
    const now = await serverNow(inf.page.request, dealId);
    const start = now + 3 * H;
    const end = now + 5 * H;
    dialog = await act(inf.page, 'propose_schedule');
    await dialog.getByTestId('deal-field-start').fill(local(start));
    await dialog.getByTestId('deal-field-end').fill(local(end));
    await dialog.getByTestId('deal-field-roomUrl').fill('https://live.douyin.com/208823316033');
    await submit(inf.page);
    await expect(inf.page.getByTestId('deal-status')).toHaveText('待确认排期');
    await expect(inf.page.getByTestId('deal-action-confirm_schedule')).toHaveCount(0); // the other side confirms

    // the company confirms the schedule
    await co.page.reload();
    await act(co.page, 'confirm_schedule');
    await submit(co.page);
    await expect(co.page.getByTestId('deal-status')).toHaveText('待直播');

    // the live happens (the server clock moves past its end); the influencer reports with a screenshot
    await advance(co.page.request, 6 * H);
    await inf.page.reload();
    dialog = await act(inf.page, 'report_live');
    await dialog.getByTestId('deal-field-replayUrl').fill('https://www.douyin.com/video/7301');
    await dialog.getByTestId('deal-field-startedAt').fill(local(start));
    await dialog.getByTestId('deal-field-endedAt').fill(local(end));
    await dialog.getByTestId('deal-field-views').fill('52340');
    await dialog.getByTestId('deal-field-peakViewers').fill('3120');
    await dialog.getByTestId('deal-field-orders').fill('1240');
    await dialog.getByTestId('deal-field-gmv').fill('186234.5');
    await dialog.getByTestId('deal-images-input').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: await pngBytes() });
    await expect(dialog.locator('.dl-images__item')).toHaveCount(1);
    await submit(inf.page);
    await expect(inf.page.getByTestId('deal-status')).toHaveText('待确认直播数据');

    // the company sees the figures and the screenshot, and confirms
    await co.page.reload();
    await expect(co.page.getByTestId('deal-report-gmv')).toContainText('$186,234.50');
    // no serious accessibility problem on the deal page at 390 px
    await co.page.waitForTimeout(300);
    const axe = await new AxeBuilder({ page: co.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await expect(co.page.getByTestId('deal-report').locator('img')).toHaveCount(1);
    await expect(co.page.getByTestId('deal-auto-confirm')).toBeVisible();
    await act(co.page, 'confirm');
    await submit(co.page);
    await expect(co.page.getByTestId('deal-status')).toHaveText('已完成');
    await expect(co.page.getByTestId('deal-actions')).toHaveCount(0);
    const events = co.page.getByTestId('deal-timeline-entry');
    await expect(events.first()).toHaveAttribute('data-event', 'complete');
    await expect(events).toHaveCount(8);
    await co.page.screenshot({ path: test.info().outputPath('deal-completed-390.png'), fullPage: true });

    // the task is 已完成 in the company's list
    await co.page.goto('/company-tasks');
    await expect(co.page.getByTestId('company-task-row').filter({ hasText: title }).getByTestId('company-task-status')).toHaveText('已完成');
  } finally {
    await co.context.close();
    await inf.context.close();
  }
});

test('nobody confirms: when the 24 hours pass the platform confirms (English)', async ({ browser, guard }) => {
  const co = await person(browser, guard, 'company@demo.test', 'en', 1280);
  const inf = await person(browser, guard, 'influencer@demo.test', 'en', 1280);
  try {
    const dealId = await acceptedDeal(co.page.request, inf.page.request, `Auto confirm ${Date.now().toString(36)}`);
    await reportedByApi(co.page.request, inf.page.request, dealId);
    await co.page.goto(`/deal/${dealId}`);
    await expect(co.page.getByTestId('deal-status')).toHaveText('Live report to confirm');
    await expect(co.page.getByTestId('deal-auto-confirm')).toContainText('confirmed automatically');
    await advance(co.page.request, 24 * H);
    await co.page.reload();
    await expect(co.page.getByTestId('deal-status')).toHaveText('Completed');
    await expect(co.page.getByTestId('deal-auto-confirmed')).toBeVisible();
    await expect(co.page.getByTestId('deal-timeline-entry').nth(1)).toContainText('Confirmed automatically');
    // both sides were told
    await inf.page.goto('/');
    await inf.page.getByTestId('notif-bell').click();
    await expect(inf.page.getByTestId('notif-item').filter({ hasText: 'Deal confirmed automatically' }).first()).toBeVisible();
  } finally {
    await co.context.close();
    await inf.context.close();
  }
});

test('a dispute: the company opens it, the influencer answers, an admin decides 60 %', async ({ browser, guard }) => {
  const co = await person(browser, guard, 'company@demo.test');
  const inf = await person(browser, guard, 'influencer@demo.test');
  const admin = await person(browser, guard, 'admin@demo.test', 'zh-CN', 1280);
  try {
    const title = `纠纷${Date.now().toString(36)}`;
    const dealId = await acceptedDeal(co.page.request, inf.page.request, title);
    await reportedByApi(co.page.request, inf.page.request, dealId);

    await co.page.goto(`/deal/${dealId}`);
    let dialog = await act(co.page, 'dispute');
    await co.page.getByTestId('deal-dialog-submit').click();
    await expect(dialog).toContainText('请选择纠纷原因');
    // the dropdown opens inside an animating modal: choose until the field shows the choice
    await expect(async () => {
      await choose(co.page, dialog.getByTestId('deal-field-reason'), '直播数据不实');
      await expect(dialog.getByTestId('deal-field-reason')).toContainText('直播数据不实', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await dialog.getByTestId('deal-field-statement').fill('后台订单数与提交的数据不一致。');
    await submit(co.page);
    await expect(co.page.getByTestId('deal-status')).toHaveText('纠纷处理中');
    await expect(co.page.getByTestId('deal-actions')).not.toContainText('确认直播完成');

    await inf.page.goto(`/deal/${dealId}`);
    await expect(inf.page.getByTestId('deal-waiting')).toHaveText(/轮到您操作/);
    dialog = await act(inf.page, 'answer_dispute');
    await dialog.getByTestId('deal-field-statement').fill('数据以平台后台为准，已附截图。');
    await submit(inf.page);
    await expect(inf.page.getByTestId('deal-waiting')).toHaveText(/等待平台处理/);

    // the admin finds it in 纠纷处理 (open disputes, oldest first, with their age) and opens the deal
    await admin.page.goto('/admin?tab=disputes');
    const row = admin.page.getByTestId('dispute-row').filter({ hasText: title });
    await expect(row).toContainText('直播数据不实');
    await expect(row).toContainText('已回复');
    await row.getByTestId('dispute-open').click();
    await expect(admin.page).toHaveURL(new RegExp(`/deal/${dealId}$`));
    await expect(admin.page.getByTestId('deal-dispute')).toContainText('数据以平台后台为准');
    dialog = await act(admin.page, 'resolve_partial');
    await dialog.getByTestId('deal-field-payoutBps').fill('60');
    await dialog.getByTestId('deal-field-reason').fill('订单数据部分属实，按60%结算。');
    await submit(admin.page);
    await expect(admin.page.getByTestId('deal-status')).toHaveText('已完成');

    await co.page.reload();
    await expect(co.page.getByTestId('deal-dispute')).toHaveAttribute('data-outcome', 'partial');
    await expect(co.page.getByTestId('deal-decision')).toContainText('按60%结算');
    await co.page.screenshot({ path: test.info().outputPath('deal-dispute-decided-390.png'), fullPage: true });
  } finally {
    await co.context.close();
    await inf.context.close();
    await admin.context.close();
  }
});
