/**
 * One render path (decision 0034): the server renders a public page with the app's own components and the
 * browser hydrates that markup — it attaches to the server's elements instead of drawing new ones, without a
 * hydration error on any public page in either language, and what a visitor typed before the app's code
 * arrived is still there (and acted on) after it arrived.
 */
import type { Browser, Page } from '@playwright/test';
import { DEMO, PASSWORD, expect, outboxCode, publicIds, test, typeCode, uniqueEmail } from './fixtures';

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

/** Console errors and hydration warnings of `paths` opened in turn, in both languages, at 390 px and on a desktop. */
async function hydrateEach(browser: Browser, baseURL: string, paths: string[]) {
  for (const lang of ['zh-CN', 'en'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport, timezoneId: 'Asia/Shanghai' });
      if (lang === 'en') {
        await context.addCookies([{ name: 'lang', value: 'en', url: baseURL }]);
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
        // antd's styles came with the page and the app kept them: none twice (decision 0046)
        const twice = await page.evaluate(() => {
          const hashes = [...document.querySelectorAll('style[data-css-hash]')].map((el) => el.getAttribute('data-css-hash'));
          return hashes.filter((h, i) => hashes.indexOf(h) !== i);
        });
        expect(twice, `${lang} ${viewport.width}px ${path}: antd styles inserted twice`).toEqual([]);
        expect(problems, `${lang} ${viewport.width}px ${path}`).toEqual([]);
      }
      await context.close();
    }
  }
}

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
  await hydrateEach(browser, baseURL!, paths);
});

test('no hydration error on the public form pages drawn with antd, in either language, at 390 px and on a desktop (decision 0046)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await hydrateEach(browser, baseURL!, ['/contact', '/signup', '/login-test', '/forgot-password', '/admin-login']);
});

test.describe('what a visitor types into a form before the app’s code arrives is kept, and the app acts on it (decision 0046)', () => {
  test('sign-in: the typed account signs in', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/login-test', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('login-email').pressSequentially(DEMO.company);
    await page.getByTestId('login-password').pressSequentially(DEMO.password);
    release();
    await expect(page.locator('#root[data-live]')).toBeAttached();
    await expect(page.getByTestId('login-email')).toHaveValue(DEMO.company);
    await expect(page.getByTestId('login-password')).toHaveValue(DEMO.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-test-email')).toHaveText(DEMO.company);
  });

  test('sign-up: the typed address is the one the code goes to, and it verifies', async ({ page }) => {
    const email = uniqueEmail('early');
    const release = await holdApp(page);
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('signup-email').pressSequentially(email);
    await page.getByTestId('signup-password').pressSequentially(PASSWORD);
    await page.getByTestId('signup-confirm').pressSequentially(PASSWORD);
    release();
    await expect(page.locator('#root[data-live]')).toBeAttached();
    await expect(page.getByTestId('signup-email')).toHaveValue(email);
    // the form sends the code to the typed address (an empty one would be refused in the form)
    await page.getByTestId('signup-send-code').click();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    await typeCode(page, page.getByTestId('signup-code'), await outboxCode(page.request, email));
    await expect(page.getByText('验证成功！')).toBeVisible();
    // after the form has drawn itself anew, the typed passwords are still there: they are its state
    await expect(page.getByTestId('signup-password')).toHaveValue(PASSWORD);
    await expect(page.getByTestId('signup-confirm')).toHaveValue(PASSWORD);
  });

  test('contact: the typed text is the form’s (its counter counts it)', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('contact-name').pressSequentially('早到的访客');
    await page.getByTestId('contact-message').pressSequentially('代码到达之前写下的留言');
    release();
    await expect(page.locator('#root[data-live]')).toBeAttached();
    await expect(page.getByTestId('contact-name')).toHaveValue('早到的访客');
    await expect(page.getByTestId('contact-message')).toHaveValue('代码到达之前写下的留言');
    await expect(page.locator('.site-contact')).toContainText('11 / 5000');
  });
});
