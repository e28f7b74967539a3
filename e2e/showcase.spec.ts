/**
 * Video showcase and site pages (issue 8): list → detail → related → the video plays; help search
 * filters as one types; the contact form end to end; the route test page.
 */
import { randomBytes } from 'node:crypto';
import { expect, headerReady, test } from './fixtures';

test('the showcase list → a video that plays → a related video', async ({ page }) => {
  await page.goto('/videos');
  await headerReady(page);
  const cards = page.getByTestId('videos-list').getByTestId('video-card');
  await expect(cards.first()).toBeVisible();
  // grid and list views
  await page.getByTestId('videos-view').getByText('列表').click();
  await expect(page.getByTestId('videos-list')).toHaveClass(/video-grid--list/);
  // the search waits for a pause in typing, then filters in the URL
  await page.getByTestId('videos-search').fill('耳机');
  await expect(page).toHaveURL(/search=/);
  await expect(cards.first()).toContainText('耳机');
  await page.getByTestId('videos-search').fill('');
  await expect(page).not.toHaveURL(/search=/);
  // the whole list is back (the filtered one held a single video, whose category has no other)
  await expect.poll(() => cards.count()).toBeGreaterThan(1);

  await cards.first().click();
  await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}/);
  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible();
  // the shipped demo clip really plays
  await player.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);

  const related = page.getByTestId('related-videos').getByTestId('video-card');
  await expect(related.first()).toBeVisible();
  const title = (await related.first().locator('.video-card__title').innerText()).trim();
  await related.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('the help centre filters questions as one types', async ({ page }) => {
  await page.goto('/help');
  await headerReady(page);
  const items = page.getByTestId('help-item');
  // the list renders after the page's chunk: count it once it is there
  await expect(items.first()).toBeVisible();
  const all = await items.count();
  expect(all).toBeGreaterThan(5);
  await page.getByTestId('help-search').fill('结算');
  await expect.poll(() => items.count()).toBeLessThan(all);
  await expect(items.first()).toContainText('结算');
  await expect(page.locator('mark').first()).toHaveText('结算');
  await page.getByTestId('help-search').fill('没有这样的问题zzz');
  await expect(page.getByTestId('help-empty')).toContainText('没有找到相关问题');
});

test('the contact form: validation, 消息发送成功, the form resets, the message reaches support', async ({ page, request }) => {
  await page.goto('/contact');
  await headerReady(page);
  await page.getByTestId('contact-submit').click();
  await expect(page.getByText('请输入您的姓名')).toBeVisible();
  await expect(page.getByText('请输入邮箱地址')).toBeVisible();
  const email = `contact-${randomBytes(3).toString('hex')}@example.com`;
  await page.getByTestId('contact-name').fill('测试用户');
  await page.getByTestId('contact-email').fill(email);
  await page.getByTestId('contact-subject').fill('合作咨询');
  await page.getByTestId('contact-message').fill('请问如何成为平台认证企业？');
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-success')).toHaveText(/消息发送成功！我们会在24小时内回复您的消息/);
  await expect(page.getByTestId('contact-name')).toHaveValue('');
  await expect(page.getByTestId('contact-success')).toHaveCount(0, { timeout: 10_000 });
  // stored and mailed: the acknowledgement to the sender and the message to support are in the outbox
  const ack = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { items: { body: string }[] };
  expect(ack.items[0]?.body).toContain('合作咨询');
  const support = (await (await request.get('/api/dev/outbox?to=support%40example.com')).json()) as { items: { body: string }[] };
  expect(support.items.some((m) => m.body.includes('请问如何成为平台认证企业') && m.body.includes(email))).toBe(true);
});

test('the static pages in both languages, and the route test page', async ({ page }) => {
  for (const [path, zh] of [
    ['/about', '关于直播带货平台'],
    ['/terms', '服务条款'],
    ['/privacy', '隐私政策'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh);
  }
  await page.goto('/terms');
  await expect(page.locator('.site-doc__section')).toHaveCount(10);
  await expect(page.getByText('版本 v2.0')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));

  await page.goto('/route-test/42?x=1');
  await expect(page.getByTestId('route-test-id')).toHaveText('42');
  await expect(page.getByTestId('route-test-query')).toHaveText('x=1');
});
