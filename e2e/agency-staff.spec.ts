/**
 * Staff accounts (子账号, issue 40 item 5, decision 0067), on a server of its own with demo data: the demo agency's
 * owner invites a 运营 from 子账号管理 (reached from the user menu); the invitee opens the mailed link in another
 * browser, sets a name and password and lands in the workspace — without the money, roster changes or team in its menu;
 * acting for 穿搭阿杰 it proposes a deal's live schedule and the timeline reads 机构 星耀MCN机构（张三）代 穿搭阿杰 for
 * the company; the wallet answers 该操作仅限机构管理员; the owner removes it and its session ends. At 390 px in Chinese
 * and in English, and on a desktop in English. Setup that is not the staff's (the task, the acceptance) goes through the API.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { act, H, ok, ownDealServer, person, serverNow, submit, visitor } from './dealHelpers';

const own = ownDealServer('agency-staff');
const AGENCY = '星耀MCN机构';
const INFLUENCER = '穿搭阿杰'; // influencer2@demo.test, on the demo agency's roster
const local = (ms: number) => new Date(ms + 8 * H).toISOString().slice(0, 16);

const TEXT = {
  'zh-CN': {
    menu: '子账号管理',
    staffName: '张三',
    sent: '邀请已发送至',
    invited: `「${AGENCY}」邀请您以运营身份加入团队`,
    staffAs: '张三 · 运营',
    onBehalf: `机构 ${AGENCY}（张三）代 ${INFLUENCER}`,
    refused: '只有机构管理员可以管理子账号',
  },
  en: {
    menu: 'Team',
    staffName: 'Alex Chen',
    sent: 'Invitation sent to',
    invited: `“${AGENCY}” invites you to join its team as Operator`,
    staffAs: 'Alex Chen · Operator',
    onBehalf: `${AGENCY} (Alex Chen) on behalf of ${INFLUENCER}`,
    refused: 'Only the agency’s administrators can manage the team',
  },
} as const;

/** the account menu's entries: the mobile menu on a phone, the user menu on a desktop */
async function openMenu(page: Page, phone: boolean) {
  if (phone) await page.getByTestId('mobile-menu-toggle').click();
  else await page.getByTestId('user-menu').click();
  return (key: string) => page.getByTestId(`${phone ? 'mobile-menu' : 'user-menu'}-${key}`);
}

for (const view of [
  { name: 'phone', locale: 'zh-CN', width: 390 },
  { name: 'phone-en', locale: 'en', width: 390 },
  { name: 'desktop', locale: 'en', width: 1280 },
] as const) {
  test(`an agency invites a 运营 who acts for its influencer, is named in the timeline and cannot touch the money (${view.name}, ${view.locale})`, async ({
    browser,
    guard,
  }) => {
    const text = TEXT[view.locale];
    const phone = view.width < 768;
    const shot = (name: string) => test.info().outputPath(`agency-staff-${name}-${view.name}.png`);
    const owner = await person(browser, guard, own.url, 'agency@demo.test', view.locale, view.width);
    const co = await person(browser, guard, own.url, 'company@demo.test', view.locale, view.width);
    const staff = await visitor(browser, guard, own.url, view.locale, view.width);
    try {
      // the owner: 子账号管理 from the account menu, invites a 运营
      await owner.page.goto('/agency');
      const entry = await openMenu(owner.page, phone);
      await expect(entry('staff')).toHaveText(text.menu);
      await entry('staff').click();
      await expect(owner.page).toHaveURL(/\/agency-staff$/);
      const email = `staff-${view.name}-${Date.now().toString(36)}@example.com`;
      await owner.page.getByTestId('agency-staff-email').fill(email);
      await owner.page.getByTestId('agency-staff-role-operator').click();
      await owner.page.getByTestId('agency-staff-send').click();
      await expect(owner.page.getByTestId('agency-staff-notice')).toContainText(`${text.sent} ${email}`);
      await expect(owner.page.getByTestId('agency-staff-invitation').filter({ hasText: email })).toHaveCount(1);
      expect(await owner.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await owner.page.screenshot({ path: shot('invited'), fullPage: true });

      // the invitee opens the mailed link in another browser
      const mail = await ok<{ items: { body: string }[] }>(await owner.page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`), 'outbox');
      const link = /\/agency-staff\/accept\?token=[^\s]+/.exec(mail.items[0]?.body ?? '')?.[0] ?? '';
      expect(link).not.toBe('');
      await staff.page.goto(link);
      await expect(staff.page.getByTestId('staff-accept-invited')).toHaveText(text.invited);
      await expect(staff.page.getByTestId('staff-accept-email')).toContainText(email);
      // a name is required, the passwords must match: nothing is sent
      await staff.page.getByTestId('staff-accept-password').fill('staff-pass-1');
      await staff.page.getByTestId('staff-accept-confirm').fill('staff-pass-2');
      await staff.page.getByTestId('staff-accept-submit').click();
      await expect(staff.page.locator('.ant-form-item-explain-error')).toHaveCount(2);
      await staff.page.screenshot({ path: shot('accept'), fullPage: true });
      await staff.page.getByTestId('staff-accept-name').fill(text.staffName);
      await staff.page.getByTestId('staff-accept-confirm').fill('staff-pass-1');
      await staff.page.getByTestId('staff-accept-submit').click();
      await expect(staff.page).toHaveURL(/\/agency$/);
      await expect(staff.page.getByTestId('agency-workspace')).toBeVisible();
      // a 运营: the roster to act for, no invitation form, no money in its menu
      await expect(staff.page.getByTestId('roster-current').locator('li').filter({ hasText: INFLUENCER })).toHaveCount(1);
      await expect(staff.page.getByTestId('invite-send')).toHaveCount(0);
      // the month's figures without the earnings (the server answers them as null to a 运营)
      await expect(staff.page.getByTestId('ws-total-open')).toBeVisible();
      await expect(staff.page.getByTestId('ws-total-earnings')).toHaveCount(0);
      await expect(staff.page.getByTestId('ws-row-earnings')).toHaveCount(0);
      const staffEntry = await openMenu(staff.page, phone);
      await expect(staffEntry('staff-as')).toHaveText(text.staffAs);
      await expect(staffEntry('workspace')).toBeVisible();
      await expect(staffEntry('messages')).toBeVisible();
      await expect(staffEntry('wallet')).toHaveCount(0);
      await expect(staffEntry('settlement')).toHaveCount(0);
      await staff.page.screenshot({ path: shot('staff-menu'), fullPage: true });
      await staff.page.keyboard.press('Escape');

      // a company's task; the 运营 applies for 穿搭阿杰 (API, as in the hall), the company accepts
      const influencerId = await staff.page
        .getByTestId('roster-current')
        .locator('li')
        .filter({ hasText: INFLUENCER })
        .getByTestId('acting-link-tasks')
        .getAttribute('href')
        .then((href) => new URL(href ?? '', own.url).searchParams.get('as') ?? '');
      expect(influencerId).not.toBe('');
      const cats = await ok<{ items: { id: string }[] }>(await co.page.request.get('/api/categories'), 'categories');
      const { task } = await ok<{ task: { id: string } }>(
        await co.page.request.post('/api/tasks', {
          data: {
            title: `子账号代报名${view.name}${Date.now().toString(36)}`,
            description: '秋季新品直播推广',
            categoryId: cats.items[0]!.id,
            budgetMinCents: 200_000,
            budgetMaxCents: 500_000,
          },
        }),
        'task',
      );
      const { application } = await ok<{ application: { id: string } }>(
        await staff.page.request.post(`/api/task-applications?onBehalfOf=${influencerId}`, {
          data: { taskId: task.id, proposedRateCents: 300_000, message: '运营代报名' },
        }),
        'apply',
      );
      const { deal } = await ok<{ deal: { id: string } }>(await co.page.request.post(`/api/task-applications/${application.id}/accept`), 'accept');

      // the 运营 proposes the live schedule in the deal room, acting for the influencer
      await staff.page.goto(`/deal/${deal.id}?as=${influencerId}`);
      await expect(staff.page.getByTestId('acting-banner')).toBeVisible();
      const now = await serverNow(co.page.request, deal.id);
      const dialog = await act(staff.page, 'propose_schedule');
      await dialog.getByTestId('deal-field-start').fill(local(now + 3 * H));
      await dialog.getByTestId('deal-field-end').fill(local(now + 5 * H));
      await dialog.getByTestId('deal-field-roomUrl').fill('https://live.douyin.com/330198');
      await submit(staff.page);
      await expect(staff.page.getByTestId('deal-status')).toHaveAttribute('data-status', 'schedule_proposed');
      await expect(staff.page.getByTestId('deal-timeline-entry').filter({ hasText: text.onBehalf })).toHaveCount(1);
      expect(await staff.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await staff.page.screenshot({ path: shot('timeline'), fullPage: true });
      // the company reads who did it
      await co.page.goto(`/deal/${deal.id}`);
      await expect(co.page.getByTestId('deal-timeline-entry').filter({ hasText: text.onBehalf })).toHaveCount(1);

      // the money is not a 运营's: the wallet, a payout, the team
      for (const res of [await staff.page.request.get('/api/wallet'), await staff.page.request.post('/api/wallet/payouts', { data: { amountCents: 100 } })]) {
        expect(res.status()).toBe(403);
        expect((await res.json()).error.code).toBe('AGENCY_STAFF_ADMIN_ONLY');
      }
      await staff.page.goto('/agency-staff');
      await expect(staff.page.getByTestId('agency-staff-refused')).toContainText(text.refused);

      // the owner sees the member, removes it: its session ends at once
      await owner.page.reload();
      const member = owner.page.getByTestId('agency-staff-member').filter({ hasText: email });
      await expect(member).toContainText(text.staffName);
      await member.getByTestId('agency-staff-remove').click();
      await owner.page.getByTestId('agency-staff-remove-ok').click();
      await expect(owner.page.getByTestId('agency-staff-member').filter({ hasText: email })).toHaveCount(0);
      expect((await staff.page.request.get('/api/auth/me')).status()).toBe(401);
    } finally {
      await owner.context.close();
      await co.context.close();
      await staff.context.close();
    }
  });
}
