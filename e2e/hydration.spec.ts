/**
 * One render path (decision 0034): the server renders a public page with the app's own components and the
 * browser hydrates that markup — it attaches to the server's elements instead of drawing new ones, without a
 * hydration error on any public page in either language, and what a visitor typed before the app's code
 * arrived is still there (and acted on) after it arrived.
 */
import type { Page } from '@playwright/test';
import { expect, publicIds, test } from './fixtures';

/** Holds back the app's entry script until `release()` (the page stays the server's markup until then). */
async function holdApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the app hydrates the server’s markup: the same elements, now live', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/tasks', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root[data-first-paint]')).toBeAttached();
  // a mark on the server's elements: a replacing render would draw new ones without it
  await page.evaluate(() => {
    for (const sel of ['.site-header', 'main h1', '.site-footer']) (document.querySelector(sel) as HTMLElement & { __server?: boolean }).__server = true;
  });
  release();
  await expect(page.locator('#root[data-live]')).toBeAttached();
  const kept = await page.evaluate(() =>
    ['.site-header', 'main h1', '.site-footer'].map((sel) => (document.querySelector(sel) as (HTMLElement & { __server?: boolean }) | null)?.__server === true),
  );
  expect(kept).toEqual([true, true, true]);
  // and it is the app: a client-side navigation works
  await page.getByTestId('nav-influencers').click();
  await expect(page).toHaveURL(/\/influencers$/);
  await expect(page.locator('article.pp-card').first()).toBeVisible();
});

test('text typed into the hall’s search box before the app’s code arrives is still there after, and searched for', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/tasks', { waitUntil: 'domcontentloaded' });
  const box = page.getByTestId('hall-search');
  await expect(box).toBeVisible();
  await box.pressSequentially('直播');
  release();
  await expect(page.locator('#root[data-live]')).toBeAttached();
  await expect(box).toHaveValue('直播');
  // the app took the text as its own: after the search pause the address carries it
  await expect(page).toHaveURL(/[?&]search=%E7%9B%B4%E6%92%AD/);
  await expect(box).toHaveValue('直播');
});

test('no hydration error on any public page, in either language, at 390 px and on a desktop', async ({ browser, baseURL, request }) => {
  // 48 page loads (12 pages × 2 languages × 2 widths): the default 120 s ran out once with CI's four streams
  test.setTimeout(300_000);
  const ids = await publicIds(request);
  const paths = [
    '/',
    '/tasks',
    `/task/${ids.task}`,
    '/influencers',
    `/influencer/${ids.influencer}`,
    `/company/${ids.company}`,
    '/videos',
    `/video/${ids.video}`,
    '/about',
    '/terms',
    '/privacy',
    '/help',
  ];
  for (const lang of ['zh-CN', 'en'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport, timezoneId: 'Asia/Shanghai' });
      if (lang === 'en') {
        await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
        await context.addInitScript(() => localStorage.setItem('lang', 'en'));
      }
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      for (const path of paths) {
        problems.length = 0;
        await page.goto(path);
        await expect(page.locator(`#root[data-first-paint="${lang}"][data-live]`), `${lang} ${viewport.width}px ${path}`).toBeAttached();
        expect(problems, `${lang} ${viewport.width}px ${path}`).toEqual([]);
      }
      await context.close();
    }
  }
});
