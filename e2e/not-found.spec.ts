/**
 * No soft 404 (decision 0030): an unknown address and a missing task answer HTTP 404 with the not-found page,
 * painted by the server in the reader's language and kept by the app (same place, nothing moves), at 390 px.
 */
import { expect, test } from './fixtures';

const UNKNOWN_TASK = '0b5f3c2e-8d1a-4c6b-9e7f-123456789abc';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const CASES = [
  { lang: 'zh-CN', path: '/nope', status: 404, heading: '页面不存在', home: '返回首页', title: /页面不存在/ },
  { lang: 'zh-CN', path: `/task/${UNKNOWN_TASK}`, status: 404, heading: '任务不存在', home: '返回首页', title: /页面不存在/ },
  { lang: 'en', path: '/nope', status: 404, heading: 'Page not found', home: 'Back to home', title: /Page not found/ },
  { lang: 'en', path: `/task/${UNKNOWN_TASK}`, status: 404, heading: 'The task does not exist', home: 'Back to home', title: /Page not found/ },
] as const;

for (const c of CASES) {
  test(`${c.path} in ${c.lang}: HTTP ${c.status} and the not-found page`, async ({ page, guard, baseURL }) => {
    // the browser reports the document's 404 like any failed load
    guard.allow(new RegExp(`${c.path.replace(/[/.]/g, '\\$&')}$`), c.status);
    // back at the address later, the app asks for the task itself (and is told it is missing)
    guard.allow(/\/api\/tasks\/[0-9a-f-]{36}(\?|$)/, 404);
    if (c.lang === 'en') {
      // the reader's choice, as the app keeps it (and sends it to the server)
      await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL ?? 'http://127.0.0.1' }]);
      await page.context().addInitScript(() => localStorage.setItem('lang', 'en'));
    }

    // the server's own picture, before any script: the page in the reader's language, with its status
    const raw = await page.request.get(c.path, { headers: c.lang === 'en' ? { cookie: 'lang=en' } : {} });
    expect(raw.status()).toBe(c.status);
    expect(await raw.text()).toContain(`>${c.heading}</h1>`);

    const res = await page.goto(c.path);
    expect(res?.status()).toBe(c.status);
    const heading = page.getByRole('heading', { level: 1, name: c.heading });
    await expect(heading).toBeVisible();
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveAttribute('data-status', String(c.status));
    await expect(page).toHaveTitle(c.title);
    // the app shows the page the server painted: the heading did not move, the page fits the phone's width
    const box = await heading.boundingBox();
    expect(box).not.toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`not-found-${c.lang}.png`) });

    // and its way out works like any link of the app
    await page.getByRole('main').getByRole('link', { name: c.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-videos')).toBeVisible();
    // back at the address, it is still not found (client-side the route decides, as before)
    await page.goBack();
    await expect(page.getByRole('main').getByRole('heading', { name: c.heading })).toBeVisible();
  });
}

test('the painted not-found page and the live one are the same picture', async ({ page, guard }) => {
  guard.allow(/\/nope-painted$/, 404);
  // without JavaScript: the server's markup
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const still = await context.newPage();
  const res = await still.goto(`${test.info().project.use.baseURL}/nope-painted`);
  expect(res?.status()).toBe(404);
  const painted = await still.getByRole('heading', { level: 1, name: '页面不存在' }).boundingBox();
  await context.close();
  await page.goto('/nope-painted');
  const live = await page.getByRole('heading', { level: 1, name: '页面不存在' }).boundingBox();
  expect(painted).not.toBeNull();
  expect(live).toEqual(painted);
});
