/**
 * The admin console (issue 9): the first admin through /admin-setup (on a server of its own, without
 * any admin), /admin-login for admins only, 访问被拒绝 for others, the review queue in 用户管理
 * (an influencer approved appears in /influencers; a company's verification gives the badge), and the
 * audit log showing each action.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { PASSWORD, apiLogin, expect, headerReady, outboxCode, pngBytes, test, uniqueEmail } from './fixtures';
import { startOwnServer, type OwnServer } from './ownServer';

async function adminLogin(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/admin/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A member account through the real sign-up flow (code from the outbox); returns its email. */
async function signUp(request: APIRequestContext, userType: 'influencer' | 'company') {
  const email = uniqueEmail(userType);
  expect((await request.post('/api/auth/email-code', { data: { email } })).status()).toBe(200);
  const code = await outboxCode(request, email);
  const verified = await request.post('/api/auth/email-code/verify', { data: { email, code } });
  const { signupToken } = (await verified.json()) as { signupToken: string };
  let talent: unknown;
  if (userType === 'influencer') {
    // the questionnaire needs a work sample, uploaded under the verified address (the ticket cookie)
    const up = await request.post('/api/uploads?purpose=portfolio&talentType=live-host', {
      multipart: { file: { name: 'case.png', mimeType: 'image/png', buffer: await pngBytes() } },
    });
    expect(up.status(), await up.text()).toBe(200);
    const { id } = (await up.json()) as { id: string };
    talent = { types: ['live-host'], details: { 'live-host': { experience: '1-3', portfolioFileIds: [id] } } };
  }
  const res = await request.post('/api/auth/signup', { data: { email, password: PASSWORD, confirmPassword: PASSWORD, userType, signupToken, talent } });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

test.describe('admin access', () => {
  test('a visitor and an influencer see 访问被拒绝 with the reason; an influencer is refused at /admin-login', async ({ page, browser, guard }) => {
    await page.goto('/admin');
    await expect(page.getByTestId('admin-denied')).toContainText('访问被拒绝');
    await expect(page.getByTestId('admin-denied-reason')).toHaveText('用户未登录，请先登录');
    await expect(page.getByRole('link', { name: '重新登录' })).toHaveAttribute('href', '/admin-login');

    const ctx = await browser.newContext();
    const other = await ctx.newPage();
    guard.attach(other);
    const email = await signUp(other.request, 'influencer');
    await other.goto('/admin');
    await expect(other.getByTestId('admin-denied-reason')).toHaveText('权限不足，只有超级管理员可以访问此页面');
    await ctx.close();

    // the admin sign-in page refuses a member with the right password, and signs nobody in
    guard.allow(/\/api\/admin\/login$/, 403);
    guard.allow(/\/api\/admin\/login$/, 401);
    await page.goto('/admin-login');
    await page.getByTestId('admin-email').fill('not-an-email');
    await page.getByTestId('admin-login-submit').click();
    await expect(page.getByText('请输入有效的管理员邮箱')).toBeVisible();
    await page.getByTestId('admin-email').fill(email);
    await page.getByTestId('admin-password').fill(PASSWORD);
    await page.getByTestId('admin-login-submit').click();
    await expect(page.getByTestId('admin-login-error')).toContainText('权限不足，只有超级管理员可以访问此页面');
    expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
    await page.getByTestId('admin-password').fill('wrong-password');
    await page.getByTestId('admin-login-submit').click();
    await expect(page.getByTestId('admin-login-error')).toContainText('邮箱或密码错误，请检查后重试');
    // connection test and the debug log
    await page.getByTestId('admin-connection-test').click();
    await expect(page.getByTestId('admin-connection')).toHaveAttribute('data-state', 'success');
  });

  test('an admin signs in at /admin-login, lands on the overview after the redirect, and signs out home', async ({ page, adminEmail, adminPassword }) => {
    await page.goto('/admin-login');
    await page.getByTestId('admin-email').fill(adminEmail);
    await page.getByTestId('admin-password').fill(adminPassword);
    await page.getByTestId('admin-login-submit').click();
    await expect(page.getByTestId('admin-login-progress')).toContainText('登录成功，正在跳转');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('admin-console')).toBeVisible();
    await expect(page.getByTestId('stat-totalUsers')).toContainText(/\d/);
    await expect(page.getByTestId('overview-recent')).toContainText('管理员登录');
    await page.getByTestId('admin-logout').click();
    await expect(page).toHaveURL(/\/$/);
    await headerReady(page);
    await expect(page.getByTestId('header-login')).toBeVisible();
  });
});

test.describe('用户管理', () => {
  test('an influencer signs up, waits in the queue, is approved and appears in /influencers; the audit log shows it', async ({
    page,
    browser,
    adminEmail,
    adminPassword,
  }) => {
    const ctx = await browser.newContext();
    const inf = await ctx.newPage();
    const email = await signUp(inf.request, 'influencer');
    const nickname = `待审达人${Date.now().toString(36).slice(-5)}`;
    expect((await inf.request.put('/api/influencers/me', { data: { nickname, categories: ['beauty'] } })).status()).toBe(200);
    await ctx.close();
    await page.goto(`/influencers?search=${encodeURIComponent(nickname)}`);
    await expect(page.getByText('没有找到匹配的达人')).toBeVisible();

    await adminLogin(page, adminEmail, adminPassword);
    await page.goto('/admin?tab=users');
    await page.getByTestId('users-filter').click();
    await page.getByTitle('待处理队列').click();
    await page.getByTestId('users-search').locator('input').fill(email);
    await page.getByTestId('users-search').locator('input').press('Enter');
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('user-status')).toHaveText('待审核');
    await expect(row).toContainText('达人审核');
    await row.getByTestId('user-view').click();
    await expect(page.getByTestId('user-detail')).toContainText(nickname);
    await page.keyboard.press('Escape');
    await row.getByTestId('user-approve').click();
    await expect(page.getByText('审核已通过')).toBeVisible();
    await expect(row).toHaveCount(0); // no longer waiting

    await page.goto(`/influencers?search=${encodeURIComponent(nickname)}`);
    await expect(page.getByRole('link', { name: new RegExp(nickname) }).first()).toBeVisible();

    await page.goto('/admin?tab=audit');
    await page.getByTestId('audit-search').locator('input').fill(nickname);
    await page.getByTestId('audit-search').locator('input').press('Enter');
    await expect(page.getByTestId('audit-action').first()).toHaveText('审核通过');
  });

  test('a company requests verification, is rejected with a reason it receives, then approved: the verified badge shows', async ({
    page,
    browser,
    adminEmail,
    adminPassword,
  }) => {
    const ctx = await browser.newContext();
    const co = await ctx.newPage();
    const email = await signUp(co.request, 'company');
    const name = `审核测试企业${Date.now().toString(36).slice(-5)}`;
    const saved = await co.request.put('/api/companies/me', { data: { companyName: name, contactPerson: '王经理', businessLicense: '91310000MA1FL0000N' } });
    expect(saved.status(), await saved.text()).toBe(200);
    const companyId = ((await saved.json()) as { profile: { id: string } }).profile.id;
    // a request carries the business licence and the 统一社会信用代码 (decision 0028)
    const apply = async () => {
      const licence = await co.request.post('/api/uploads?purpose=business-license', {
        multipart: { file: { name: 'licence.png', mimeType: 'image/png', buffer: await pngBytes() } },
      });
      expect(licence.status(), await licence.text()).toBe(200);
      const res = await co.request.post('/api/companies/me/verification-requests', {
        data: { creditCode: '91310000MA1FL0000N', licenseUploadId: ((await licence.json()) as { id: string }).id },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await apply();

    await adminLogin(page, adminEmail, adminPassword);
    await page.goto('/admin?tab=users');
    await page.getByTestId('users-search').locator('input').fill(email);
    await page.getByTestId('users-search').locator('input').press('Enter');
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await expect(row).toContainText('企业认证');
    await row.getByTestId('user-reject').click();
    await page.getByTestId('reason-ok').click();
    await expect(page.getByText('请填写拒绝原因')).toBeVisible();
    await page.getByTestId('reason-input').fill('营业执照不清晰，请重新上传');
    await page.getByTestId('reason-ok').click();
    await expect(page.getByText('用户审核已拒绝')).toBeVisible();
    await expect(row.getByTestId('user-status')).toHaveText('未通过');

    // the company reads the reason in its notifications, applies again, and is approved
    const notes = (await (await co.request.get('/api/notifications')).json()) as { items: { body: string }[] };
    expect(notes.items.map((n) => n.body).join('\n')).toContain('营业执照不清晰，请重新上传');
    await apply();
    await ctx.close();
    await page.getByTestId('users-refresh').click();
    await expect(row.getByTestId('user-status')).toHaveText('待审核');
    await expect(row.getByTestId('evidence-code')).toHaveText('91310000MA1FL0000N');
    await row.getByTestId('user-approve').click();
    await expect(page.getByText('审核已通过')).toBeVisible();
    await expect(row.getByTestId('user-status')).toHaveText('已认证');

    await page.goto(`/company/${companyId}`);
    await expect(page.getByText('已认证').first()).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// the first admin: a server of its own with an empty database and no ADMIN_EMAIL

test.describe('first admin', () => {
  test.describe.configure({ timeout: 240_000 });
  let own: OwnServer | null = null;
  let url = '';
  const TOKEN = 'e2e-first-admin-token-0123456789';

  test.beforeAll(async () => {
    own = await startOwnServer('setup', { ADMIN_SETUP_TOKEN: TOKEN });
    url = own.url;
  });

  test.afterAll(async () => {
    await own?.stop();
  });

  test('is created through /admin-setup with the token from the log, then manages admins', async ({ page, guard }) => {
    guard.allow(/\/api\/admin\/setup$/, 403);
    await page.goto(`${url}/admin-login`);
    await page.getByRole('link', { name: '还没有管理员？前往管理员设置' }).click();
    await expect(page.getByTestId('admin-setup-first')).toBeVisible();
    await page.getByTestId('setup-token').fill('a-wrong-token-value');
    await page.getByTestId('setup-email').fill('first-admin@example.com');
    await page.getByTestId('setup-password').fill('First-Passw0rd');
    await page.getByTestId('setup-confirm').fill('First-Passw0rd');
    await page.getByTestId('setup-submit').click();
    await expect(page.getByTestId('setup-error')).toContainText('初始化令牌无效');
    await page.getByTestId('setup-token').fill(TOKEN);
    await page.getByTestId('setup-submit').click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('admin-console')).toBeVisible();
    await expect(page.getByTestId('overview-recent')).toContainText('创建首位管理员');

    // now the page manages admins: invite one with two permissions
    await page.goto(`${url}/admin-setup`);
    await expect(page.getByTestId('admin-setup-manage')).toContainText('first-admin@example.com（您）');
    await page.getByTestId('invite-email').fill('second-admin@example.com');
    await page.getByTestId('invite-permissions').getByText('用户管理').click();
    await page.getByTestId('invite-send').click();
    await expect(page.getByTestId('invite-list')).toContainText('second-admin@example.com');
    const mail = (await (await page.request.get(`${url}/api/dev/outbox?to=second-admin@example.com`)).json()) as { items: { body: string }[] };
    const link = /\/admin-setup\?invite=[^\s]+/.exec(mail.items[0].body)?.[0];
    expect(link).toBeTruthy();
    // the invitee opens the link in another browser and sets a password
    const ctx = await page.context().browser()!.newContext();
    const invitee = await ctx.newPage();
    guard.attach(invitee);
    await invitee.goto(`${url}${link}`);
    await expect(invitee.getByTestId('invite-accept')).toContainText('second-admin@example.com');
    await invitee.getByTestId('invite-password').fill('Second-Passw0rd');
    await invitee.getByTestId('invite-confirm').fill('Second-Passw0rd');
    await invitee.getByTestId('invite-submit').click();
    await expect(invitee.getByTestId('admin-console')).toBeVisible();
    await expect(invitee.getByTestId('admin-tab-users')).toBeVisible();
    await expect(invitee.getByTestId('admin-tab-audit')).toHaveCount(0); // no 系统设置 permission
    await ctx.close();
  });
});

test('the console at 390 px: the menu opens from the top bar', async ({ page, adminEmail, adminPassword }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await apiLogin(page, adminEmail, adminPassword);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-console')).toBeVisible();
  await page.getByRole('button', { name: '菜单' }).click();
  await page.getByTestId('admin-tab-users').click();
  await expect(page).toHaveURL(/tab=users/);
  await expect(page.getByTestId('admin-users')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
