/**
 * Site pages (issue 8): the footer's five quick links navigate inside the app; every page has its
 * title and fits 390 px; the help centre's figures come from the business constants and its search
 * filters / empties / restores; the contact form in English end to end and a server error shown.
 * (The Chinese contact form and the static pages' headings are in showcase.spec.ts.)
 */
import { randomBytes } from 'node:crypto';
import { choose, expect, headerReady, test } from './fixtures';
import { BUSINESS } from '../src/shared/business';

const PAGES = [
  { path: '/about', testId: 'site-about', zh: '关于直播带货平台', title: '关于我们' },
  { path: '/terms', testId: 'site-terms', zh: '服务条款', title: '服务条款' },
  { path: '/privacy', testId: 'site-privacy', zh: '隐私政策', title: '隐私政策' },
  { path: '/help', testId: 'site-help', zh: '帮助中心', title: '帮助中心' },
  { path: '/contact', testId: 'site-contact', zh: '联系我们', title: '联系我们' },
] as const;

test('the footer links to the five site pages, navigating inside the app', async ({ page }) => {
  await page.goto('/');
  await headerReady(page);
  // a marker on window survives client-side navigation only (a full page load would drop it)
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  for (const p of PAGES) {
    await page.getByTestId(`footer-${p.path.slice(1)}`).click();
    await expect(page).toHaveURL(new RegExp(`${p.path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.zh);
    await expect(page).toHaveTitle(new RegExp(`^${p.title}`));
  }
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  // the footer's service facts are the business figures
  await expect(page.locator('.site-footer')).toContainText(`平台服务费 ${BUSINESS.platformFeePercent}%`);
  await expect(page.locator('.site-footer')).toContainText(`${BUSINESS.payoutWorkingDays.min}-${BUSINESS.payoutWorkingDays.max} 个工作日`);
});

test('every site page fits a 390 px phone, in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of ['zh-CN', 'en']) {
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    for (const path of [...PAGES.map((p) => p.path), '/route-test/7?a=b']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${lang} ${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto('/terms');
    await expect(page.locator('.site-doc__section')).toHaveCount(10);
    await expect(page.locator('.site-doc__meta')).toContainText('v2.0');
  }
});

test('help: the figures of the business constants, search by a figure, empty state, clearing restores', async ({ page }) => {
  await page.goto('/help');
  await headerReady(page);
  const items = page.getByTestId('help-item');
  await expect(items.first()).toBeVisible();
  const all = await items.count();
  expect(all).toBeGreaterThan(1);
  const main = page.getByTestId('site-help');
  const { weekdays, saturday } = BUSINESS.officeHours;
  for (const text of [
    `${BUSINESS.platformFeePercent}%`,
    `${BUSINESS.settlementHours} 小时内自动结算`,
    `${BUSINESS.payoutWorkingDays.min}-${BUSINESS.payoutWorkingDays.max} 个工作日到账`,
    `${BUSINESS.reviewWorkingDays.min}-${BUSINESS.reviewWorkingDays.max} 个工作日`,
    `平台在 ${BUSINESS.disputeHours} 小时内介入`,
    `${BUSINESS.contactReplyHours} 小时内回复`,
    `周一至周五 ${weekdays.from}-${weekdays.to}，周六 ${saturday.from}-${saturday.to}`,
  ]) {
    await expect(main, text).toContainText(text);
  }
  const search = page.getByTestId('help-search');
  await search.pressSequentially('工作时间');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(`${weekdays.from}-${weekdays.to}`);
  await expect(page.getByText('找到 1 个相关问题')).toBeVisible();
  await search.fill('zzz-nothing');
  await expect(page.getByTestId('help-empty')).toContainText('没有找到相关问题');
  await expect(page.getByTestId('help-empty').getByRole('link', { name: '联系我们' })).toHaveAttribute('href', '/contact');
  await search.fill('');
  await expect(items).toHaveCount(all);
  await expect(page.getByTestId('help-empty')).toHaveCount(0);
});

test('contact in English: validation, a media enquiry sent, the form resets, support gets it', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/contact');
  await headerReady(page);
  await expect(page).toHaveTitle(/^Contact us/);
  await page.getByTestId('contact-email').fill('not-an-email');
  await page.getByTestId('contact-submit').click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByTestId('contact-email')).toHaveAttribute('aria-invalid', 'true');

  const email = `site-${randomBytes(3).toString('hex')}@example.com`;
  await page.getByTestId('contact-name').fill('Alex Doe');
  await page.getByTestId('contact-email').fill(email);
  await page.getByTestId('contact-phone').fill('+44 20 7946 0958');
  await choose(page, page.getByTestId('contact-userType'), 'Media');
  await page.getByTestId('contact-subject').fill('Press enquiry');
  await page.getByTestId('contact-message').fill('Could we interview your team about live commerce?');
  await expect(page.getByText('Please enter your name')).toHaveCount(0);
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-success')).toHaveText(/Message sent! We will reply within 24 hours/);
  for (const k of ['name', 'email', 'phone', 'subject', 'message']) await expect(page.getByTestId(`contact-${k}`)).toHaveValue('');
  await expect(page.getByTestId('contact-userType')).toContainText('General enquiry');
  await expect(page.getByTestId('contact-success')).toHaveCount(0, { timeout: 10_000 });

  const support = (await (await request.get('/api/dev/outbox?to=support%40example.com')).json()) as { items: { body: string }[] };
  const mail = support.items.find((m) => m.body.includes(email));
  expect(mail?.body).toContain('Could we interview your team');
  expect(mail?.body).toContain('媒体');
  expect(mail?.body).toContain('+44 20 7946 0958');
  const ack = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { items: { body: string }[] };
  expect(ack.items[0]?.body).toContain('Press enquiry');
});

test('contact: a server refusal is shown and the typed message is kept', async ({ page, guard }) => {
  guard.allow(/\/api\/contact$/, 429);
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' } }),
    }),
  );
  await page.goto('/contact');
  await headerReady(page);
  await page.getByTestId('contact-name').fill('测试用户');
  await page.getByTestId('contact-email').fill('limited@example.com');
  await page.getByTestId('contact-subject').fill('主题');
  await page.getByTestId('contact-message').fill('留言');
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-failure')).toHaveText('请求过于频繁，请稍后再试');
  await expect(page.getByTestId('contact-success')).toHaveCount(0);
  await expect(page.getByTestId('contact-message')).toHaveValue('留言');
  await expect(page.getByTestId('contact-submit')).toBeEnabled();
});
