/**
 * An agency acts for a roster influencer in the browser (issue 25 item 3, decision 0045), on a server of its own with
 * demo data and DEV_CLOCK=1: the demo agency (星耀MCN机构) opens the task hall for 穿搭阿杰 from its workspace, applies
 * to a company's task with a quote, the company accepts; the agency runs the deal — proposes the live schedule, writes
 * in the deal's conversation, reports the live with a screenshot — while the influencer watches; the company confirms
 * in the browser and reads 机构 X 代 Y in the timeline; the influencer sees the same deal. At 390 px in Chinese and on
 * a desktop in English. Setup steps that are not the agency's (the task, the acceptance, the schedule's confirmation,
 * the clock) go through the API. Decision 0060: the agency's bell says 代 {influencer} when the company accepts and when
 * the report is overdue, 消息中心 lists the deal's conversation, the deal and 业务进展 show the report due, then overdue.
 */
import type { Browser, Page } from '@playwright/test';
import { ConsoleGuard, expect, pngBytes, test } from './fixtures';
import { act, advance, H, ok, ownDealServer, person as signedInPerson, serverNow, submit, usd } from './dealHelpers';

const own = ownDealServer('agency-journey');
const person = (browser: Browser, guard: ConsoleGuard, email: string, locale: 'zh-CN' | 'en', width: number) =>
  signedInPerson(browser, guard, own.url, email, locale, width);

/** the value of a datetime-local field for an instant, in Beijing time (the contexts' zone) */
const local = (ms: number) => new Date(ms + 8 * H).toISOString().slice(0, 16);

const AGENCY = '星耀MCN机构';
const INFLUENCER = '穿搭阿杰'; // influencer2@demo.test, on the demo agency's roster at 20 %
const TEXT = {
  'zh-CN': {
    acting: `正在代 ${INFLUENCER} 操作`,
    onBehalf: `机构 ${AGENCY} 代 ${INFLUENCER}`,
    pending: '待审核',
    share: '机构分成（订单结算）',
    accepted: `代 ${INFLUENCER}：您的申请已通过`,
    overdueNote: `代 ${INFLUENCER}：直播数据逾期未提交`,
    forInfluencer: `代 ${INFLUENCER}`,
    reportDue: '待提交直播数据',
    reportOverdue: '报告逾期',
    viewOnly: '该达人已与本机构解约，只能查看',
    via: `经${AGENCY}代理`,
  },
  en: {
    acting: `Acting for ${INFLUENCER}`,
    onBehalf: `${AGENCY} on behalf of ${INFLUENCER}`,
    pending: 'Pending',
    share: 'Agency share (deal settlement)',
    accepted: `For ${INFLUENCER}: Your application was accepted`,
    overdueNote: `For ${INFLUENCER}: Live report overdue`,
    forInfluencer: `For ${INFLUENCER}`,
    reportDue: 'Report due',
    reportOverdue: 'Report overdue',
    viewOnly: 'This influencer has left your agency: you can only view this deal',
    via: `via ${AGENCY}`,
  },
} as const;

/** opens the bell: in the header on a desktop, in the menu on a phone (decision 0060: the agency has one too) */
async function openBell(page: Page, phone: boolean) {
  if (phone) {
    await page.getByTestId('mobile-menu-toggle').click();
    await page.getByTestId('mobile-notif-toggle').click();
  } else {
    await page.getByTestId('notif-bell').click();
  }
}

for (const view of [
  { name: 'phone', locale: 'zh-CN', width: 390 },
  { name: 'desktop', locale: 'en', width: 1280 },
] as const) {
  test(`an agency applies for its influencer and runs the deal; the company confirms (${view.name}, ${view.locale})`, async ({ browser, guard }) => {
    const text = TEXT[view.locale];
    const co = await person(browser, guard, 'company@demo.test', view.locale, view.width);
    const ag = await person(browser, guard, 'agency@demo.test', view.locale, view.width);
    const inf = await person(browser, guard, 'influencer2@demo.test', view.locale, view.width);
    const shot = (name: string) => test.info().outputPath(`agency-journey-${name}-${view.name}.png`);
    try {
      // a company's task (API)
      const title = `机构代报名${view.name}${Date.now().toString(36)}`;
      const cats = await ok<{ items: { id: string }[] }>(await co.page.request.get('/api/categories'), 'categories');
      const { task } = await ok<{ task: { id: string } }>(
        await co.page.request.post('/api/tasks', {
          data: {
            title,
            description: '秋季新品直播推广',
            categoryId: cats.items[0].id,
            productName: '羊毛大衣',
            budgetMinCents: 200_000,
            budgetMaxCents: 500_000,
          },
        }),
        'task',
      );

      // the agency, from its workspace: the task hall for 穿搭阿杰
      const page = ag.page;
      await page.goto('/agency');
      const row = page.getByTestId('roster-current').locator('li').filter({ hasText: INFLUENCER });
      await row.getByTestId('acting-link-tasks').click();
      await expect(page).toHaveURL(/\/tasks\?as=/);
      await expect(page.getByTestId('acting-banner')).toContainText(text.acting);
      const influencerId = (await page.getByTestId('acting-banner').getAttribute('data-influencer-id')) ?? '';
      // the task's card opens its page in a new tab: the same address here, acting for the influencer
      const card = page.getByTestId('task-card').filter({ hasText: title });
      const href = (await card.locator('a').getAttribute('href')) ?? '';
      expect(href).toBe(`/task/${task.id}?from=list&as=${influencerId}`);
      await page.goto(href);
      await expect(page.getByTestId('acting-banner')).toContainText(text.acting);
      await page.getByTestId('task-apply-rate').fill('3200');
      await page.getByTestId('task-apply-message').fill('机构代达人报名：秋冬穿搭专场经验丰富');
      await page.getByTestId('task-apply-submit').click();
      await expect(page.getByTestId('task-my-application')).toContainText(text.pending);
      await page.screenshot({ path: shot('applied'), fullPage: true });

      // the company accepts (API): the application names the influencer, the deal is the agency's to run
      const { items: applications } = await ok<{ items: { id: string; influencer: { nickname: string } }[] }>(
        await co.page.request.get(`/api/task-applications?taskId=${task.id}`),
        'applicants',
      );
      expect(applications.map((a) => a.influencer.nickname)).toEqual([INFLUENCER]);
      await ok(await co.page.request.post(`/api/task-applications/${applications[0].id}/accept`), 'accept');

      // the agency hears of it (decision 0060): its bell says 代 {influencer}, the notification opens the deal acting for it
      await page.reload();
      await openBell(page, view.width < 768);
      const note = page.getByTestId('notif-item').filter({ hasText: title }).first();
      await expect(note).toContainText(text.accepted);
      await page.screenshot({ path: shot('bell'), fullPage: true });
      await note.click();
      await expect(page).toHaveURL(new RegExp(`/deal/[0-9a-f-]+\\?as=${influencerId}$`));
      await expect(page.getByTestId('acting-banner')).toContainText(text.acting);

      // the agency, through its banner: 申请与邀请 → the deal
      await page.getByTestId('acting-link-applications').click();
      const mine = page.getByTestId('influencer-application-row').filter({ hasText: title });
      await mine.getByTestId('my-task-deal-link').click();
      await expect(page).toHaveURL(new RegExp(`/deal/[0-9a-f-]+\\?as=${influencerId}$`));
      const dealId = /\/deal\/([0-9a-f-]+)/.exec(page.url())?.[1] ?? '';
      await expect(page.getByTestId('deal-status')).toHaveAttribute('data-status', 'accepted');

      // it proposes the live schedule
      const now = await serverNow(co.page.request, dealId);
      const start = now + 3 * H;
      const end = now + 5 * H;
      let dialog = await act(page, 'propose_schedule');
      await dialog.getByTestId('deal-field-start').fill(local(start));
      await dialog.getByTestId('deal-field-end').fill(local(end));
      await dialog.getByTestId('deal-field-roomUrl').fill('https://live.douyin.com/330198');
      await submit(page);
      await expect(page.getByTestId('deal-status')).toHaveAttribute('data-status', 'schedule_proposed');
      // and writes in the deal's conversation, signed 机构 X 代 Y
      await page.getByTestId('reply-message').fill('样品收到后我们会尽快安排彩排');
      await page.getByTestId('reply-send').click();
      await expect(page.getByTestId('deal-conversation').getByTestId('message').last()).toContainText(text.onBehalf);
      // 消息中心 lists the roster's deal conversation (it answered 403 before decision 0060); opening it acts for the influencer
      await page.getByTestId('header-messages').click();
      await expect(page).toHaveURL(/\/messages$/);
      const conversation = page.getByTestId('conversation-item').filter({ hasText: title });
      await expect(conversation).toContainText(text.forInfluencer);
      await conversation.click();
      await expect(page).toHaveURL(new RegExp(`/messages/[0-9a-f-]+\\?as=${influencerId}$`));
      await expect(page.getByTestId('message').last()).toContainText('样品收到后我们会尽快安排彩排');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: shot('messages'), fullPage: true });
      await page.getByTestId('conversation-deal-link').click();
      await expect(page).toHaveURL(new RegExp(`/deal/${dealId}\\?as=${influencerId}$`));

      // the influencer watches: the same deal, the agency's steps in its timeline
      await inf.page.goto(`/deal/${dealId}`);
      await expect(inf.page.getByTestId('deal-status')).toHaveAttribute('data-status', 'schedule_proposed');
      await expect(inf.page.getByTestId('deal-timeline-entry').filter({ hasText: text.onBehalf })).toHaveCount(1);

      // the company confirms the schedule (API); the live takes place
      await ok(await co.page.request.post(`/api/deals/${dealId}/events/confirm_schedule`, { data: {} }), 'confirm_schedule');
      await advance(co.page.request, 6 * H);

      // the live is over without a report: due, then overdue 48 h after its end — on the deal, in 业务进展, in the bell
      await page.reload();
      await expect(page.getByTestId('deal-overdue')).toHaveAttribute('data-overdue', 'report_due');
      await expect(page.getByTestId('deal-overdue')).toContainText(text.reportDue);
      await advance(co.page.request, 48 * H);
      await page.reload();
      await expect(page.getByTestId('deal-overdue')).toHaveAttribute('data-overdue', 'report_overdue');
      await expect(page.getByTestId('deal-overdue')).toContainText(text.reportOverdue);
      await page.screenshot({ path: shot('overdue'), fullPage: true });
      await co.page.goto(`/deal/${dealId}`);
      await expect(co.page.getByTestId('deal-overdue')).toHaveAttribute('data-overdue', 'report_overdue');
      await page.goto('/agency');
      const pipelineRow = page.getByTestId('ws-pipeline').getByTestId('ws-pipeline-row').filter({ hasText: title });
      await expect(pipelineRow.getByTestId('ws-pipeline-overdue')).toHaveText(text.reportOverdue);
      await openBell(page, view.width < 768);
      await expect(page.getByTestId('notif-item').filter({ hasText: title }).first()).toContainText(text.overdueNote);
      await page.goto(`/deal/${dealId}?as=${influencerId}`);

      // the agency reports the live with a screenshot
      await page.reload();
      await expect(page.getByTestId('acting-banner')).toContainText(text.acting);
      dialog = await act(page, 'report_live');
      await dialog.getByTestId('deal-field-replayUrl').fill('https://www.douyin.com/video/7302');
      await dialog.getByTestId('deal-field-startedAt').fill(local(start));
      await dialog.getByTestId('deal-field-endedAt').fill(local(end));
      await dialog.getByTestId('deal-field-views').fill('41200');
      await dialog.getByTestId('deal-field-peakViewers').fill('2300');
      await dialog.getByTestId('deal-field-orders').fill('860');
      await dialog.getByTestId('deal-field-gmv').fill('98765.4');
      await dialog.getByTestId('deal-images-input').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: await pngBytes() });
      await expect(dialog.locator('.dl-images__item')).toHaveCount(1);
      await submit(page);
      await expect(page.getByTestId('deal-status')).toHaveAttribute('data-status', 'reported');
      await expect(page.getByTestId('deal-report').locator('img')).toHaveCount(1);
      await page.screenshot({ path: shot('reported'), fullPage: true });

      // the agency's wallet before the settlement (its earlier deals are in it too)
      const walletBefore = (await ok<{ availableCents: number }>(await page.request.get('/api/wallet'), 'wallet')).availableCents;

      // the company sees who acted, the screenshot, and confirms
      await co.page.goto(`/deal/${dealId}`);
      await expect(co.page.getByTestId('acting-banner')).toHaveCount(0);
      // the application came through the agency: the company reads whom it deals with (decision 0065)
      await expect(co.page.getByTestId('deal-via-agency')).toContainText(text.via);
      const entries = co.page.getByTestId('deal-timeline-entry');
      await expect(entries.filter({ hasText: text.onBehalf })).toHaveCount(2); // the schedule proposed, the live reported
      await expect(co.page.getByTestId('deal-report').locator('img')).toHaveCount(1);
      await act(co.page, 'confirm');
      await submit(co.page);
      await expect(co.page.getByTestId('deal-status')).toHaveAttribute('data-status', 'completed');
      await co.page.screenshot({ path: shot('company'), fullPage: true });

      // the influencer sees it completed, with the agency's report; the agency writes no review (they are the influencer's own)
      await inf.page.reload();
      await expect(inf.page.getByTestId('deal-status')).toHaveAttribute('data-status', 'completed');
      await expect(inf.page.getByTestId('deal-timeline-entry').filter({ hasText: text.onBehalf })).toHaveCount(2);
      await expect(inf.page.getByTestId('deal-reviews')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('deal-status')).toHaveAttribute('data-status', 'completed');
      await expect(page.getByTestId('deal-reviews')).toHaveCount(0);
      // the split (decision 0044): $3,200.00 less the 10 % fee is $2,880.00; the agency's 20 % is $576.00 (rounded down
      // to the cent), the influencer keeps $2,304.00 — shown to the agency and the influencer, never to the company
      await expect(page.getByTestId('deal-money-split')).toContainText('$576.00');
      await expect(page.getByTestId('deal-money-split')).toContainText('$2,304.00');
      await expect(inf.page.getByTestId('deal-money-split')).toContainText('$576.00');
      await expect(co.page.getByTestId('deal-money-split')).toHaveCount(0);
      // the agency's wallet: exactly its share arrived, the statement's newest line is that settlement; it withdraws
      // from there like any account (the demo's money is not paid out, decision 0032: the form is there)
      await page.goto('/wallet');
      await expect(page.getByTestId('wallet-available')).toHaveText(usd(walletBefore + 57_600));
      await expect(page.getByTestId('statement-line').first()).toContainText('+$576.00');
      await expect(page.getByTestId('statement-line').first()).toContainText(text.share);
      await expect(page.getByTestId('payout-submit')).toBeVisible();
      await page.screenshot({ path: shot('wallet'), fullPage: true });
      await page.goBack();
      // and back to the workspace from the banner
      await page.getByTestId('acting-back').click();
      await expect(page.getByTestId('agency-workspace')).toBeVisible();

      // history kept (decision 0061): the membership ends; the completed deal stays the agency's to open from 业务进展,
      // read-only — no actions, the reason on the page — and the month's figures keep the influencer, marked ended
      // the workspace read before the end may still ask for the former member's recommendations (a refetch may come at
      // any moment once the membership ends): 409, said on the page — allowed before the end, not after it
      guard.allow(/\/api\/me\/recommended-tasks\?.*onBehalfOf=/, 409);
      await ok(await page.request.post(`/api/agency/roster/${influencerId}/end`), 'end the membership');
      await page.reload();
      await page.getByTestId('ws-pipeline').getByTestId('ws-pipeline-row').filter({ hasText: title }).getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`/deal/${dealId}\\?as=${influencerId}$`));
      await expect(page.getByTestId('deal-status')).toHaveAttribute('data-status', 'completed');
      await expect(page.getByTestId('deal-read-only')).toHaveText(text.viewOnly);
      await expect(page.getByTestId('deal-actions')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: shot('read-only'), fullPage: true });
      await page.goto('/agency');
      await expect(page.getByTestId('ws-roster-row').filter({ hasText: INFLUENCER }).getByTestId('ws-row-left')).toBeVisible();
      // back on the roster at 20 % for the next run (the demo's influencer)
      const { invitation } = await ok<{ invitation: { id: string } }>(
        await page.request.post('/api/agency/roster-invitations', { data: { influencerId, shareBps: 2000 } }),
        'invite again',
      );
      await ok(await inf.page.request.post(`/api/agency-invitations/${invitation.id}/accept`), 'accept again');
    } finally {
      await co.context.close();
      await ag.context.close();
      await inf.context.close();
    }
  });
}
