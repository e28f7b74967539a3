/**
 * 开发者设置 /developers (issue 24, decision 0038):
 *  - zh-CN at 390 px: a company creates a key with two scopes, the secret is shown once (scrolled into view, focused) with a copy button
 *    (the clipboard holds it; it works as a bearer key), closing forgets it, revoking it with confirmation
 *    makes the key answer 401 at once;
 *  - en, desktop: an influencer reaches the page from the user menu, creates a key, copies and closes it, revokes it.
 * Webhooks (decision 0042), on a server of their own whose job worker runs every 500 ms, with a receiver on 127.0.0.1:
 *  - zh-CN at 390 px: a company adds an endpoint, copies the signing secret once, sends a test event that the receiver
 *    answers 500 (the delivery shows 待送达 and the code), resends it and sees it delivered; both deliveries verify
 *    with the Standard Webhooks library `standardwebhooks` and the secret shown once (decision 0051), and a changed
 *    webhook-id does not; the page names the specification and links it;
 *  - en, desktop: an influencer adds an endpoint and sees a test event delivered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { person } from './dealHelpers';
import { DEMO, apiLogin, expect, menuEntry, openUserMenu, test } from './fixtures';
import { startOwnServer, type OwnServer } from './ownServer';

test.describe('developer settings', () => {
  test('zh-CN, 390 px: create a key, copy the secret once, revoke it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 390, height: 844 });
    await apiLogin(page, 'company2@demo.test', DEMO.password);
    await page.goto('/developers');
    await expect(page.getByRole('heading', { name: '开发者设置' })).toBeVisible();
    await page.getByTestId('key-create').click();
    await page.getByTestId('key-name').fill('ERP 订单同步');
    await page.getByTestId('key-scope-tasks:read').click();
    await page.getByTestId('key-scope-tasks:write').click();
    await expect(page.getByTestId('key-form')).toContainText('发布、取消、完成任务');
    await page.getByTestId('key-submit').click();

    const box = page.getByTestId('key-secret-box');
    await expect(box).toContainText('这是您唯一一次看到完整密钥');
    // made far below it (the form), the one-time box scrolls into view and takes the focus (decision 0052)
    await expect(box).toBeFocused();
    await expect(box).toBeInViewport();
    const secret = await page.getByTestId('key-secret').inputValue();
    expect(secret).toMatch(/^lc_live_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('key-copy').click();
    await expect(page.getByTestId('key-copy')).toContainText('已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // the key works as a bearer key, within its scopes
    const mine = await page.request.get('/api/my/tasks', { headers: { authorization: `Bearer ${secret}` } });
    expect(mine.status()).toBe(200);

    const row = page.getByTestId('key-row').filter({ hasText: 'ERP 订单同步' }).first();
    await expect(row).toContainText(secret.slice(0, 16));
    await expect(row).toContainText('tasks:write');
    await expect(row).toContainText('有效');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('developers-zh-390-secret.png'), fullPage: true });

    // closed once, never shown again (not even after a reload)
    await page.getByTestId('key-secret-done').click();
    await expect(box).toHaveCount(0);
    await page.reload();
    await expect(row).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(16));

    await row.getByTestId('key-revoke').click();
    await page.getByRole('button', { name: '撤销' }).last().click();
    await expect(page.getByTestId('keys-notice')).toContainText('密钥已撤销');
    await expect(row).toContainText('已撤销');
    const refused = await page.request.get('/api/my/tasks', { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
    await page.screenshot({ path: test.info().outputPath('developers-zh-390-revoked.png'), fullPage: true });
  });

  test('en, desktop: from the user menu, create, copy once and revoke', async ({ browser }) => {
    const ctx = await browser.newContext({ locale: 'en', viewport: { width: 1280, height: 900 } });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    await ctx.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await ctx.newPage();
    await apiLogin(page, 'influencer2@demo.test', DEMO.password);
    await page.goto('/');
    const menu = await openUserMenu(page);
    await menuEntry(menu, 'Developer settings').click();
    await expect(page).toHaveURL(/\/developers$/);
    await expect(page.getByRole('heading', { name: 'Developer settings' })).toBeVisible();

    await page.getByTestId('key-create').click();
    // nothing chosen: the form says so and nothing is created
    await page.getByTestId('key-name').fill('Agency dashboard');
    await page.getByTestId('key-submit').click();
    await expect(page.getByTestId('key-error')).toContainText('Please choose at least one scope');
    await expect(page.getByTestId('key-form')).toContainText('Read deals: the list and details');
    await page.getByTestId('key-scope-deals:read').click();
    await page.getByRole('radio', { name: 'In 90 days' }).check();
    await page.getByTestId('key-submit').click();
    await expect(page.getByTestId('key-secret-box')).toContainText('This is the only time you will see the whole key');
    const secret = await page.getByTestId('key-secret').inputValue();
    await page.getByTestId('key-copy').click();
    await expect(page.getByTestId('key-copy')).toContainText('Copied');
    const row = page.getByTestId('key-row').filter({ hasText: 'Agency dashboard' }).first();
    await expect(row).toContainText('Expires');
    await expect(row).toContainText('Never used');
    await page.screenshot({ path: test.info().outputPath('developers-en-desktop-secret.png'), fullPage: true });
    await page.getByTestId('key-secret-done').click();
    await expect(page.getByTestId('key-secret-box')).toHaveCount(0);

    await row.getByTestId('key-revoke').click();
    await page.getByRole('button', { name: 'Revoke' }).last().click();
    await expect(row).toContainText('Revoked');
    expect((await page.request.get('/api/deals', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
    await page.screenshot({ path: test.info().outputPath('developers-en-desktop-revoked.png'), fullPage: true });
    await ctx.close();
  });
});

/** The Standard Webhooks headers of a request, as the `standardwebhooks` library takes them. */
const webhookHeaders = (h: http.IncomingHttpHeaders) => ({
  'webhook-id': String(h['webhook-id']),
  'webhook-timestamp': String(h['webhook-timestamp']),
  'webhook-signature': String(h['webhook-signature']),
});

/** A receiver on 127.0.0.1 that records each request and answers the queued statuses (then 200). */
function receiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  return {
    got,
    answers,
    listen: () =>
      new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('webhooks', () => {
  test.describe.configure({ timeout: 300_000 });
  let own: OwnServer | undefined;
  const hooks = receiver();
  let hookUrl = '';
  test.beforeAll(async () => {
    hookUrl = await hooks.listen();
    own = await startOwnServer('webhooks', { SEED_DEMO: 'true', JOBS_POLL_MS: '500' });
  });
  test.afterAll(async () => {
    await own?.stop();
    await hooks.close();
  });

  test('zh-CN, 390 px: add an endpoint, the secret once, a test event answered 500, resend, delivered', async ({ browser, guard }) => {
    const { context, page } = await person(browser, guard, own!.url, 'company@demo.test');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/developers');
    const section = page.getByTestId('webhooks-section');
    await expect(section.getByRole('heading', { name: 'Webhook 回调' })).toBeVisible();
    const spec = section.getByTestId('webhooks-verify');
    await expect(spec).toContainText('签名遵循 Standard Webhooks 规范');
    await expect(spec.getByRole('link', { name: 'Standard Webhooks 规范' })).toHaveAttribute('href', 'https://www.standardwebhooks.com');
    await page.getByTestId('webhook-create').click();
    // nothing chosen: the form says so
    await page.getByTestId('webhook-url-input').fill(hookUrl);
    await page.getByTestId('webhook-submit').click();
    await expect(page.getByTestId('webhook-error')).toContainText('请至少选择一个事件类型');
    await page.getByTestId('webhook-event-deal.state_changed').click();
    await page.getByTestId('webhook-event-application.created').click();
    await expect(page.getByTestId('webhook-form')).toContainText('订单状态变化');
    await page.getByTestId('webhook-submit').click();

    const box = page.getByTestId('webhook-secret-box');
    await expect(box).toContainText('这是您唯一一次看到完整的签名密钥');
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByTestId('webhook-copy').click();
    await expect(page.getByTestId('webhook-copy')).toContainText('已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByTestId('webhook-secret-done').click();
    await expect(box).toHaveCount(0);

    const row = page.getByTestId('webhook-row').filter({ hasText: hookUrl });
    await expect(row).toContainText('启用中');
    await expect(row).toContainText('deal.state_changed');
    hooks.answers.push(500);
    await row.getByTestId('webhook-test').click();
    await expect(page.getByTestId('webhooks-notice')).toContainText('测试事件已排队');
    const first = row.getByTestId('webhook-delivery').first();
    await expect(first).toContainText('响应码 500', { timeout: 20_000 });
    await expect(first).toContainText('待送达');
    await expect(first).toContainText('尝试 1 次');
    expect(hooks.got).toHaveLength(1);
    // the Standard Webhooks library verifies it with the secret shown once, and refuses it under another id
    const [g] = hooks.got;
    const wh = new Webhook(secret);
    expect(wh.verify(g!.body, webhookHeaders(g!.headers))).toMatchObject({ type: 'ping' });
    expect(() => wh.verify(g!.body, { ...webhookHeaders(g!.headers), 'webhook-id': 'another-id' })).toThrow(/No matching signature/);

    await first.getByTestId('webhook-resend').click();
    await expect(page.getByTestId('webhooks-notice')).toContainText('已重新排队推送');
    await expect(row.getByTestId('webhook-delivery').first()).toContainText('已送达', { timeout: 20_000 });
    await expect(row.getByTestId('webhook-delivery').first()).toContainText('响应码 200');
    // the resend is the same event (the first try of the 500 is retried on its own after 30 s)
    expect(hooks.got.length).toBeGreaterThanOrEqual(2);
    expect(hooks.got[1]!.headers['webhook-id']).toBe(hooks.got[0]!.headers['webhook-id']);
    expect(wh.verify(hooks.got[1]!.body, webhookHeaders(hooks.got[1]!.headers))).toMatchObject({ type: 'ping' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('developers-zh-390-webhooks.png'), fullPage: true });
    // never shown again
    await page.reload();
    await expect(row).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));
    await context.close();
  });

  test('en, desktop: add an endpoint and see a test event delivered', async ({ browser, guard }) => {
    const { context, page } = await person(browser, guard, own!.url, 'influencer@demo.test', 'en', 1280);
    // an http address of another machine is refused by the server (400 WEBHOOK_URL_INVALID), shown in the form
    guard.allow(/\/api\/me\/webhook-endpoints$/, 400);
    await page.goto('/developers');
    await expect(page.getByTestId('webhooks-verify').getByRole('link', { name: 'Standard Webhooks specification' })).toBeVisible();
    await page.getByTestId('webhook-create').click();
    await page.getByTestId('webhook-url-input').fill('http://example.com/hooks');
    await page.getByTestId('webhook-event-deal.created').click();
    await page.getByTestId('webhook-submit').click();
    await expect(page.getByTestId('webhook-error')).toContainText('Please enter a valid https:// address');
    await page.getByTestId('webhook-url-input').fill(`${hookUrl}/influencer`);
    await page.getByTestId('webhook-submit').click();
    await expect(page.getByTestId('webhook-secret-box')).toContainText('This is the only time you will see the whole signing secret');
    await page.getByTestId('webhook-secret-done').click();
    const row = page.getByTestId('webhook-row').filter({ hasText: `${hookUrl}/influencer` });
    await expect(row).toContainText('Active');
    await row.getByTestId('webhook-test').click();
    await expect(row.getByTestId('webhook-delivery').first()).toContainText('Delivered', { timeout: 20_000 });
    await expect(row.getByTestId('webhook-delivery').first()).toContainText('1 attempt');
    await expect(page.getByTestId('webhooks-count')).toContainText('Endpoints 1 / 10');
    await page.screenshot({ path: test.info().outputPath('developers-en-desktop-webhooks.png'), fullPage: true });
    await context.close();
  });
});
