/**
 * Invitations and several influencers per task (issue 14): a company opens 推荐达人 on its task and
 * invites one influencer, who finds it under 收到的邀请 and accepts it (the deal opens); a 3-slot task
 * fills up (已招 3/3, 进行中, the fourth application refused); 结束招募 of a task with a place left; a
 * company invites a searched influencer from their page (邀请参与任务, picking one of its open tasks); the
 * pages at 390 px in both languages. (为你推荐 is covered by matching.spec.ts.)
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { ConsoleGuard, DEMO, apiLogin, choose, expect, test } from './fixtures';
import { ok, person } from './dealHelpers';

/** the demo influencers by nickname (the seed's order: influencer@, influencer2@ …) */
const DEMO_INFLUENCERS: Record<string, string> = {
  小美爱分享: 'influencer@demo.test',
  穿搭阿杰: 'influencer2@demo.test',
  吃货小田: 'influencer3@demo.test',
  数码老张: 'influencer4@demo.test',
  健身Lily: 'influencer5@demo.test',
  宝妈日记: 'influencer6@demo.test',
  家居控小林: 'influencer7@demo.test',
  书香阿敏: 'influencer8@demo.test',
};

const stamp = () => Date.now().toString(36);

/** A task of the company signed in on `request` (first category unless named), online, fixed price. */
async function apiTask(request: APIRequestContext, title: string, extra: Record<string, unknown> = {}, category = '美妆') {
  const { items: categories } = await ok<{ items: { id: string; name: string }[] }>(await request.get('/api/categories'), 'categories');
  const cat = categories.find((c) => c.name === category) ?? categories[0];
  const { task } = await ok<{ task: { id: string; title: string } }>(
    await request.post('/api/tasks', {
      data: { title, description: '新品直播推广，诚邀达人', categoryId: cat.id, budgetMinCents: 50_000, budgetMaxCents: 300_000, ...extra },
    }),
    'create task',
  );
  return task;
}

/** Clicks the primary button of the antd confirm dialog the action opened. */
async function confirmDialog(page: Page) {
  const dialog = page.locator('.ant-modal-confirm').last();
  await expect(dialog).toBeVisible();
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog).toBeHidden();
}

async function desktop(browser: Browser, baseURL: string, guard: ConsoleGuard, email: string) {
  return person(browser, guard, baseURL, email, 'zh-CN', 1280);
}

test.describe('invitations and slots', () => {
  test('a company invites a recommended influencer, who accepts under 收到的邀请 and lands on the deal', async ({ page, browser, baseURL, guard }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await apiLogin(page, DEMO.company, DEMO.password);
    const task = await apiTask(page.request, `邀请测试 ${stamp()}`);

    // ---- 推荐达人 on the owner's task page: 邀请 on a card
    await page.goto(`/task/${task.id}`);
    const panel = page.getByTestId('recommended-influencers');
    const card = panel.getByTestId('recommended-influencer').first();
    await expect(card).toBeVisible();
    await expect(panel.getByTestId('invite-remaining')).toHaveText('今日还可邀请 10 次');
    const nickname = (await card.getAttribute('data-nickname'))!;
    const email = DEMO_INFLUENCERS[nickname];
    expect(email, `a demo influencer is recommended first (${nickname})`).toBeTruthy();
    await card.getByTestId('recommended-invite').click();
    const dialog = page.getByTestId('invite-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`邀请「${nickname}」`);
    // the message is required, the rate inside the budget
    await page.getByTestId('invite-submit').click();
    await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请输入报价' })).toBeVisible();
    await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请填写邀请说明' })).toBeVisible();
    await page.getByTestId('invite-rate').fill('5000');
    await page.getByTestId('invite-message').fill('我们的新品口红想请您直播，期待合作！');
    await page.getByTestId('invite-submit').click();
    await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: '报价需在 $500.00 - $3,000.00 之间' })).toBeVisible();
    await page.getByTestId('invite-rate').fill('1500');
    await page.getByTestId('invite-submit').click();
    await expect(page.locator('.ant-message').getByText('邀请已发送')).toBeVisible();
    await expect(page.getByTestId('invite-dialog')).toHaveCount(0);
    await expect(card.getByTestId('recommended-invited')).toHaveText('已邀请');
    await expect(panel.getByTestId('invite-remaining')).toHaveText('今日还可邀请 9 次');
    // the task's 邀请 section lists it, pending, with its expiry and 撤回
    const sent = page.getByTestId('task-invitations');
    const row = sent.getByTestId('invitation-row').filter({ hasText: nickname });
    await expect(row.getByTestId('invitation-status')).toHaveText('待回复');
    await expect(row.getByTestId('invitation-expires')).toBeVisible();
    await expect(row.getByTestId('invitation-withdraw')).toBeVisible();
    await expect(row).toContainText('$1,500.00');

    // ---- the influencer: the bell, then 收到的邀请, accepts, lands on the deal
    const inf = await desktop(browser, baseURL!, guard, email);
    try {
      await inf.page.goto('/influencer-tasks');
      await inf.page.getByTestId('notif-bell').click();
      const note = inf.page.getByTestId('notif-item').filter({ hasText: task.title }).first();
      await expect(note).toContainText('收到任务邀请');
      await note.click();
      await expect(inf.page).toHaveURL(/\/influencer-tasks\?tab=invitations$/);
      const item = inf.page.getByTestId('invitation-item').filter({ hasText: task.title });
      await expect(item.getByTestId('invitation-status')).toHaveText('待回复');
      await expect(item.getByTestId('invitation-rate')).toHaveText('$1,500.00');
      await expect(item.getByTestId('invitation-slots')).toHaveText('0/1');
      await expect(item.getByTestId('invitation-message')).toContainText('期待合作');
      await expect(item.getByTestId('invitation-expiry')).toContainText('剩余');
      // the task page shows the invitation instead of the apply form
      await item.getByRole('link', { name: task.title }).click();
      await expect(inf.page.getByTestId('task-invitation')).toBeVisible();
      await expect(inf.page.getByTestId('task-invitation-message')).toContainText('期待合作');
      await expect(inf.page.getByTestId('task-invitation').getByTestId('invitation-accept')).toBeVisible();
      await expect(inf.page.getByTestId('task-apply-submit')).toHaveCount(0);
      await inf.page.goBack();
      await inf.page.getByTestId('invitation-item').filter({ hasText: task.title }).getByTestId('invitation-accept').click();
      await confirmDialog(inf.page);
      await expect(inf.page).toHaveURL(/\/deal\/[0-9a-f-]{36}$/);
      await expect(inf.page.getByTestId('deal-rate')).toHaveText('$1,500.00');
      await inf.page.goto('/influencer-tasks?tab=invitations');
      await expect(inf.page.getByTestId('invitation-item').filter({ hasText: task.title }).getByTestId('invitation-status')).toHaveText('已接受');
    } finally {
      await inf.context.close();
    }

    // ---- the company: 已接受 with the deal; the applicant is 受邀 with 查看订单; the task is 进行中 (1 slot)
    await page.reload();
    await expect(page.getByTestId('task-status')).toHaveText('进行中');
    await expect(page.getByTestId('task-slots')).toHaveText('1/1');
    const accepted = page.getByTestId('task-invitations').getByTestId('invitation-row').filter({ hasText: nickname });
    await expect(accepted.getByTestId('invitation-status')).toHaveText('已接受');
    await expect(accepted.getByTestId('invitation-deal-link')).toHaveAttribute('href', /^\/deal\/[0-9a-f-]{36}$/);
    const applicant = page.getByTestId('applicants-panel').getByTestId('applicant-row').filter({ hasText: nickname });
    await expect(applicant.getByTestId('applicant-invited')).toHaveText('受邀');
    await applicant.getByTestId('applicant-deal-link').click();
    await expect(page).toHaveURL(/\/deal\/[0-9a-f-]{36}$/);
  });

  test('a 3-slot task published with 招募人数 3 fills up: 已招 3/3, 进行中, the fourth application refused', async ({ page, browser, baseURL, guard }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await apiLogin(page, DEMO.company, DEMO.password);
    const title = `三人任务 ${stamp()}`;

    // ---- published through the drawer with 招募人数 3 (more than 最大申请人数 is refused first)
    await page.goto('/company-tasks');
    await page.getByTestId('publish-task').click();
    await page.getByTestId('publish-title').fill(title);
    await page.getByTestId('publish-description').fill('招募三位达人分别直播');
    await choose(page, page.getByTestId('publish-category'), '美妆');
    await page.getByTestId('publish-budget-min').fill('100');
    await page.getByTestId('publish-budget-max').fill('900');
    await expect(page.getByTestId('publish-slots')).toHaveValue('1');
    await expect(page.getByTestId('publish-drawer')).toContainText('可招募多位达人，每位达人单独成单');
    await page.getByTestId('publish-slots').fill('6');
    await page.getByTestId('publish-submit').click();
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: '招募人数不能超过最大申请人数' })).toBeVisible();
    await page.getByTestId('publish-slots').fill('3');
    await page.getByTestId('publish-submit').click();
    await expect(page.getByTestId('publish-success')).toBeVisible();
    const row = page.getByTestId('company-task-row').filter({ hasText: title });
    await expect(row.getByTestId('company-task-slots')).toHaveText('0/3');
    const taskId = (await row.getAttribute('data-task-id'))!;

    // ---- four influencers apply (through the API)
    const applicants = ['influencer5@demo.test', 'influencer6@demo.test', 'influencer7@demo.test', 'influencer8@demo.test'];
    const contexts: BrowserContext[] = [];
    try {
      for (const [i, email] of applicants.entries()) {
        const p = await desktop(browser, baseURL!, guard, email);
        contexts.push(p.context);
        await ok(await p.page.request.post('/api/task-applications', { data: { taskId, proposedRateCents: 50_000 + i * 10_000 } }), `apply ${email}`);
      }

      // ---- the company accepts three on the task page
      await page.goto(`/task/${taskId}`);
      await expect(page.getByTestId('task-slots')).toHaveText('0/3');
      const panel = page.getByTestId('applicants-panel');
      await expect(panel.getByTestId('applicants-tab-pending')).toContainText('4');
      for (const [n, rate] of ['$500', '$600', '$700'].entries()) {
        await panel.getByTestId('applicant-row').filter({ hasText: rate }).getByTestId('applicant-accept').click();
        const confirm = page.locator('.ant-modal-confirm').last();
        await expect(confirm).toContainText(n < 2 ? '任务继续招募' : '3 个名额全部招满');
        await confirmDialog(page);
        await expect(page.getByTestId('task-slots')).toHaveText(`${n + 1}/3`);
        if (n === 0) {
          // 结束招募 is offered once one is hired
          await expect(panel.getByTestId('close-recruiting')).toBeVisible();
          // the hall card shows the places
          const hall = await page.context().newPage();
          await hall.goto(`/tasks?search=${encodeURIComponent(title)}`);
          await expect(hall.getByTestId('task-card').filter({ hasText: title }).getByTestId('task-card-slots')).toHaveText('已招 1/3');
          await hall.close();
        }
      }
      await expect(page.getByTestId('task-status')).toHaveText('进行中');
      await expect(panel.getByTestId('applicants-tab-accepted')).toContainText('3');
      await expect(panel.getByTestId('applicants-tab-refused')).toContainText('1');
      await expect(panel.getByTestId('close-recruiting')).toHaveCount(0);
      await panel.getByTestId('applicants-tab-accepted').click();
      await expect(panel.getByTestId('applicant-deal-link')).toHaveCount(3);

      // ---- the fourth sees 已拒绝
      const fourth = contexts[3].pages()[0];
      await fourth.goto('/influencer-tasks');
      const refused = fourth.getByTestId('influencer-application-row').filter({ hasText: title });
      await expect(refused.getByTestId('influencer-application-status')).toHaveText('已拒绝');
      await expect(refused.getByTestId('influencer-application-slots')).toHaveText('3/3');
      await expect(refused.getByTestId('influencer-task-status')).toHaveText('进行中');

      await page.goto('/company-tasks');
      await expect(page.getByTestId('company-task-row').filter({ hasText: title }).getByTestId('company-task-slots')).toHaveText('3/3');
    } finally {
      for (const c of contexts) await c.close();
    }
  });

  test('结束招募 on /company-tasks stops a 2-slot task with one hired', async ({ page, browser, baseURL, guard }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await apiLogin(page, DEMO.company, DEMO.password);
    const company = page.request;
    const task = await apiTask(company, `结束招募测试 ${stamp()}`, { slots: 2, budgetMinCents: 10_000, budgetMaxCents: 90_000 });
    const inf = await desktop(browser, baseURL!, guard, 'influencer3@demo.test');
    try {
      const { application } = await ok<{ application: { id: string } }>(
        await inf.page.request.post('/api/task-applications', { data: { taskId: task.id, proposedRateCents: 40_000 } }),
        'apply',
      );
      await ok(await company.post(`/api/task-applications/${application.id}/accept`), 'accept');
    } finally {
      await inf.context.close();
    }
    await page.goto('/company-tasks');
    const row = page.getByTestId('company-task-row').filter({ hasText: task.title });
    await expect(row.getByTestId('company-task-slots')).toHaveText('1/2');
    await row.getByTestId('close-recruiting').click();
    await expect(page.locator('.ant-modal-confirm').last()).toContainText('已招 1/2');
    await confirmDialog(page);
    await expect(page.locator('.ant-message').getByText('已结束招募')).toBeVisible();
    await expect(row.getByTestId('company-task-status')).toHaveText('进行中');
    await expect(row.getByTestId('close-recruiting')).toHaveCount(0);
  });

  test('a company invites an influencer found in the directory from their page (邀请参与任务), who sees it under 收到的邀请', async ({
    page,
    context,
    browser,
    baseURL,
    guard,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await apiLogin(page, DEMO.company, DEMO.password);
    // a task of its own, so no other test has invited 书香阿敏 to it
    const task = await apiTask(page.request, `主页邀请 ${stamp()}`, { slots: 2 });
    const nickname = '书香阿敏';

    // ---- the directory: search, open the profile (a new tab)
    await page.goto('/influencers');
    await page.getByTestId('directory-search').fill(nickname);
    const card = page.getByTestId('influencer-card').filter({ hasText: nickname }).first();
    await expect(card).toBeVisible();
    const [detail] = await Promise.all([context.waitForEvent('page'), card.locator('.pp-card__link').click()]);
    guard.attach(detail);
    guard.allow(/\/api\/task-invitations$/, 409); // the second invitation below
    await expect(detail.getByRole('heading', { level: 1 })).toContainText(nickname);

    // ---- 邀请参与任务: pick the task (已招 0/2 beside its title), rate and message
    await detail.getByTestId('invite-influencer').click();
    const dialog = detail.getByTestId('invite-dialog');
    await expect(dialog).toContainText(`邀请「${nickname}」`);
    await detail.getByTestId('invite-task').click();
    await detail.keyboard.type(task.title);
    const option = detail.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: task.title });
    await expect(option).toContainText('已招 0/2');
    await option.click();
    await expect(dialog.getByTestId('invite-task')).toContainText(task.title);
    await expect(dialog.getByTestId('invite-rate')).toBeVisible();
    await detail.getByTestId('invite-rate').fill('1200');
    await detail.getByTestId('invite-message').fill('看了您的主页，想请您直播我们的新书，期待合作！');
    await detail.getByTestId('invite-submit').click();
    await expect(detail.locator('.ant-message').getByText('邀请已发送')).toBeVisible();
    await expect(detail.getByTestId('invite-dialog')).toHaveCount(0);

    // ---- a second invitation to the same task is refused in the dialog (已邀请过该达人)
    await detail.getByTestId('invite-influencer').click();
    await detail.getByTestId('invite-task').click();
    await detail.keyboard.type(task.title);
    await detail.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: task.title }).click();
    await detail.getByTestId('invite-rate').fill('1200');
    await detail.getByTestId('invite-message').fill('再次邀请');
    await detail.getByTestId('invite-submit').click();
    await expect(detail.getByTestId('invite-error')).toContainText('已邀请过该达人');
    await detail.keyboard.press('Escape');
    await detail.close();

    // ---- the influencer: 收到的邀请
    const inf = await desktop(browser, baseURL!, guard, DEMO_INFLUENCERS[nickname]);
    try {
      await inf.page.goto('/influencer-tasks?tab=invitations');
      const item = inf.page.getByTestId('invitation-item').filter({ hasText: task.title });
      await expect(item.getByTestId('invitation-status')).toHaveText('待回复');
      await expect(item.getByTestId('invitation-rate')).toHaveText('$1,200.00');
      await expect(item.getByTestId('invitation-slots')).toHaveText('0/2');
      await expect(item.getByTestId('invitation-message')).toContainText('想请您直播我们的新书');
    } finally {
      await inf.context.close();
    }
  });

  for (const locale of ['zh-CN', 'en'] as const) {
    test(`the invitation pages at 390 px (${locale})`, async ({ browser, baseURL, guard }) => {
      test.slow();
      const en = locale === 'en';
      const shot = (p: Page, name: string) => p.screenshot({ path: test.info().outputPath(`${name}-${locale}.png`), fullPage: true });
      const co = await person(browser, guard, baseURL!, 'company2@demo.test', locale, 390);
      let inf: Awaited<ReturnType<typeof person>> | undefined;
      try {
        const task = await apiTask(co.page.request, `Invite 390 ${locale} ${stamp()}`, { slots: 2 }, '服饰配件');
        const { items } = await ok<{ items: { id: string; nickname: string }[] }>(
          await co.page.request.get(`/api/tasks/${task.id}/recommended-influencers?limit=10`),
          'recommended',
        );
        const target = items.find((i) => DEMO_INFLUENCERS[i.nickname]);
        expect(target, 'a demo influencer is recommended').toBeTruthy();
        inf = await person(browser, guard, baseURL!, DEMO_INFLUENCERS[target!.nickname], locale, 390);
        await ok(
          await co.page.request.post('/api/task-invitations', {
            data: {
              taskId: task.id,
              influencerId: target!.id,
              message: en ? 'We would love you to host our launch.' : '诚邀您直播新品发布。',
              offeredRateCents: 120_000,
            },
          }),
          'invite',
        );

        // the owner's page: slots, 邀请 section, 推荐达人 with 邀请 and the dialog
        await co.page.goto(`/task/${task.id}`);
        await expect(co.page.getByTestId('task-slots')).toHaveText('0/2');
        await expect(co.page.getByTestId('task-invitations').getByTestId('invitation-status')).toHaveText(en ? 'Awaiting reply' : '待回复');
        await expect(co.page.getByTestId('recommended-influencers').getByTestId('invite-remaining')).toBeVisible();
        await shot(co.page, 'owner-task');
        const invite = co.page.getByTestId('recommended-invite').first();
        if ((await invite.count()) > 0) {
          await invite.click();
          await expect(co.page.getByTestId('invite-dialog')).toBeVisible();
          await expect(co.page.getByTestId('invite-message')).toBeVisible();
          await co.page.waitForTimeout(500); // the dialog's opening animation
          await co.page.screenshot({ path: test.info().outputPath(`invite-dialog-${locale}.png`) });
          await co.page.keyboard.press('Escape');
        }

        // the influencer's page: 邀请参与任务 and the dialog with its task picker
        await co.page.goto(`/influencer/${target!.id}`);
        await expect(co.page.getByTestId('invite-influencer')).toHaveText(en ? 'Invite to a task' : '邀请参与任务');
        await co.page.getByTestId('invite-influencer').click();
        await expect(co.page.getByTestId('invite-task')).toBeVisible();
        await co.page.getByTestId('invite-task').click();
        await co.page.keyboard.type(task.title);
        const option = co.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: task.title });
        await expect(option).toContainText(en ? '0/2 hired' : '已招 0/2');
        await co.page.waitForTimeout(500); // the dialog's opening animation
        await co.page.screenshot({ path: test.info().outputPath(`influencer-invite-pick-${locale}.png`) });
        await option.click();
        await expect(co.page.getByTestId('invite-rate')).toBeVisible();
        await expect(co.page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
        await co.page.screenshot({ path: test.info().outputPath(`influencer-invite-dialog-${locale}.png`) });
        await co.page.keyboard.press('Escape');
        await expect(co.page.getByTestId('invite-dialog')).toHaveCount(0);
        await shot(co.page, 'influencer-page');

        // /company-tasks: 已招 and the publish drawer's 招募人数
        await co.page.goto('/company-tasks');
        await expect(co.page.getByTestId('company-task-row').filter({ hasText: task.title }).getByTestId('company-task-slots')).toHaveText('0/2');
        await shot(co.page, 'company-tasks');
        await co.page.getByTestId('publish-task').click();
        await expect(co.page.getByTestId('publish-slots')).toBeVisible();
        await co.page.getByTestId('publish-slots').scrollIntoViewIfNeeded();
        await co.page.screenshot({ path: test.info().outputPath(`publish-slots-${locale}.png`) });
        await co.page.keyboard.press('Escape');

        // the influencer: 收到的邀请 and the task page
        const ip = inf.page;
        await ip.goto('/influencer-tasks?tab=invitations');
        const item = ip.getByTestId('invitation-item').filter({ hasText: task.title });
        await expect(item.getByTestId('invitation-status')).toHaveText(en ? 'Awaiting reply' : '待回复');
        await expect(item.getByTestId('invitation-accept')).toHaveText(en ? 'Accept invitation' : '接受邀请');
        await shot(ip, 'influencer-invitations');
        // declining needs a reason
        await item.getByTestId('invitation-decline').click();
        await expect(ip.getByTestId('invitation-decline-dialog')).toBeVisible();
        await ip.getByTestId('invitation-decline-submit').click();
        await expect(ip.locator('.ant-form-item-explain-error')).toHaveText(en ? 'Please give a reason for declining' : '请填写拒绝原因');
        await ip.screenshot({ path: test.info().outputPath(`decline-dialog-${locale}.png`) });
        await ip.keyboard.press('Escape');
        await ip.goto(`/task/${task.id}`);
        await expect(ip.getByTestId('task-invitation')).toBeVisible();
        await expect(ip.getByTestId('task-invitation').getByTestId('invitation-decline')).toBeVisible();
        await shot(ip, 'influencer-task');
        await ip.goto(`/tasks?search=${encodeURIComponent(task.title)}`);
        await expect(ip.getByTestId('task-card-slots')).toHaveText(en ? '0/2 hired' : '已招 0/2');
        await shot(ip, 'hall');
      } finally {
        await co.context.close();
        await inf?.context.close();
      }
    });
  }
});
