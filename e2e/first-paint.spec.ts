/**
 * The first paint in the HTML (decision 0024): what the server puts in `<div id="root">` is what the app's
 * first render shows, on the same pixels, in the visitor's language; the app replaces it without a loading
 * spinner in between. Compared element by element: the page opened with JavaScript off (the server's
 * picture), then with it (the live app, its session and stats held back so it shows its first render).
 */
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, publicIds, test, type PublicIds } from './fixtures';

const PARTS = [
  '.brand',
  '.main-nav',
  '.lang-switch',
  '.menu-toggle',
  '.site-header',
  '.hero__eyebrow',
  '.hero__title',
  '.hero__subtitle',
  '.hero__actions',
  '.hero__points',
  '.stats__card',
];

/**
 * Opens `url` in a fresh context in `lang`: with JavaScript off (the server's picture) or on (the live app;
 * `hold` lists the API calls held back so the app shows its first render). Console errors are collected.
 */
async function open(browser: Browser, baseURL: string, url: string, opts: BrowserContextOptions, lang: 'zh-CN' | 'en', live: boolean, hold: RegExp) {
  const context = await browser.newContext({ ...opts, javaScriptEnabled: live });
  if (lang === 'en') {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL }]);
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  if (live) await page.route(hold, () => undefined);
  return { context, page, errors };
}

/** The live page has rendered: the held-back session is preloaded by the HTML, so the load event never comes; wait for the style sheets and the app's own footer and logo. */
async function appRendered(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null));
  await expect(page.locator('.site-footer')).toBeAttached(); // the server paints no footer
  await expect(page.getByTestId('header-logo')).toBeVisible();
}

/** The boxes of the parts present on the page (the first of each), rounded to the pixel. */
async function boxes(browser: Browser, baseURL: string, url: string, opts: BrowserContextOptions, lang: 'zh-CN' | 'en', live: boolean) {
  // the app's first render, as the server drew it: session and stats still unknown (later answers change
  // the header's buttons and the numbers, as they did before there was a first paint)
  const { context, page, errors } = await open(browser, baseURL, url, opts, lang, live, /\/api\/(auth\/session|stats\/home)/);
  await page.goto(url, { waitUntil: live ? 'domcontentloaded' : 'load' });
  if (live) await appRendered(page);
  const found = await page.evaluate((parts) => {
    const out: Record<string, string> = {};
    for (const sel of parts) {
      const el = document.querySelector(sel);
      if (!el) continue;
      const r = el.getBoundingClientRect();
      out[sel] = [r.x, r.y, r.width, r.height].map((v) => Math.round(v)).join(',');
    }
    return out;
  }, PARTS);
  const htmlLang = await page.evaluate(() => document.documentElement.lang);
  const title = await page.evaluate(() => document.querySelector('.hero__title')?.textContent ?? null);
  await context.close();
  return { found, htmlLang, title, errors };
}

for (const [label, opts] of [
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test(`the home page's first paint is what the app shows, on the same pixels, in both languages (${label})`, async ({ browser, baseURL }) => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const server = await boxes(browser, baseURL!, '/', opts, lang, false);
      const app = await boxes(browser, baseURL!, '/', opts, lang, true);
      expect(server.htmlLang).toBe(lang);
      expect(server.title).toContain(lang === 'en' ? 'Connect brands with' : '让品牌与优质直播达人');
      expect(Object.keys(server.found)).toEqual(expect.arrayContaining(['.hero__title', '.stats__card', '.site-header']));
      expect(app.found, `${lang}: every part on the same pixels`).toEqual(server.found);
      expect(app.title).toBe(server.title);
      expect(app.errors).toEqual([]);
    }
  });
}

/**
 * Every element of <main> in the first two screens, in document order: its tag, classes and box (rounded),
 * and the page's visible text. The same list with JavaScript off (the server's picture) and on (the app's
 * first render, its session held back) means the app drew the same page on the same pixels.
 */
async function mainPicture(browser: Browser, baseURL: string, url: string, opts: BrowserContextOptions, lang: 'zh-CN' | 'en', live: boolean) {
  const { context, page, errors } = await open(browser, baseURL, url, opts, lang, live, /\/api\/auth\/session/);
  // a task or video page counts its view once it is shown, then fetches the new count: the first render is what counts here
  if (live) await page.route(/\/api\/(tasks|videos)\/[^/]+\/view$/, (r) => r.fulfill({ json: { counted: false } }));
  // every other API call the app makes before its first render would mean the page did not come with its data
  const calls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/') && u.pathname !== '/api/auth/session' && r.method() === 'GET') calls.push(u.pathname + u.search);
  });
  await page.goto(url, { waitUntil: live ? 'domcontentloaded' : 'load' });
  if (live) await appRendered(page);
  const picture = await page.evaluate(() => {
    const limit = window.innerHeight * 2;
    const out: string[] = [];
    for (const el of document.querySelectorAll('main *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.top > limit) continue;
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).sort().join('.') : '';
      out.push(`${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} ${[r.x, r.y, r.width, r.height].map((v) => Math.round(v)).join(',')}`);
    }
    return { boxes: out, text: (document.querySelector('main') as HTMLElement | null)?.innerText ?? '' };
  });
  await context.close();
  return { ...picture, errors, calls };
}

/**
 * The app's boxes, where each is within a pixel of the server's (a fraction of a pixel can round either way
 * between two layouts of the same markup): compared with toEqual, a real difference shows as a diff.
 */
function sameBoxes(app: string[], server: string[]): string[] {
  return app.map((a, i) => {
    const s = server[i];
    const [aName, aBox] = a.split(' ');
    const [sName, sBox] = s?.split(' ') ?? [];
    if (aName !== sName || !aBox || !sBox) return a;
    const av = aBox.split(',').map(Number);
    const sv = sBox.split(',').map(Number);
    return av.every((v, k) => Math.abs(v - sv[k]) <= 1) ? s : a;
  });
}

test.describe('list and detail pages paint their content from the HTML (decision 0026)', () => {
  let ids: PublicIds;
  test.beforeAll(async ({ request }) => {
    ids = await publicIds(request);
  });
  // the page's own content the server must have painted (a card of the list, the detail's heading)
  const pages: [string, (ids: PublicIds) => string, RegExp][] = [
    ['task hall', () => '/tasks', /^article\.tk-card /],
    ['task detail', (i) => `/task/${i.task}`, /^h1\b/],
    ['influencers', () => '/influencers', /^article\.pp-card /],
    ['influencer detail', (i) => `/influencer/${i.influencer}`, /^h1\b/],
    ['company detail', (i) => `/company/${i.company}`, /^h1\b/],
    ['videos', () => '/videos', /^a\.video-card /],
    ['video detail', (i) => `/video/${i.video}`, /^h1\b/],
    // the public form pages drawn with antd, with antd's styles from the HTML (decision 0046)
    ['contact', () => '/contact', /^input\.ant-input[. ]/],
    ['sign-up', () => '/signup', /^input\.ant-input[. ]/],
    ['sign-in', () => '/login-test', /^input\.ant-input[. ]/],
    ['password reset', () => '/forgot-password', /^input\.ant-input[. ]/],
    ['admin sign-in', () => '/admin-login', /^input\.ant-input[. ]/],
  ];
  for (const [name, path, mark] of pages) {
    test(`${name}: the server's picture is the app's first render, element by element, in both languages`, async ({ browser, baseURL }) => {
      const cases: [BrowserContextOptions, 'zh-CN' | 'en'][] = [
        [{ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, 'zh-CN'],
        [{ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, 'en'],
        [{ viewport: { width: 1280, height: 800 } }, 'zh-CN'],
      ];
      for (const [opts, lang] of cases) {
        const server = await mainPicture(browser, baseURL!, path(ids), opts, lang, false);
        const app = await mainPicture(browser, baseURL!, path(ids), opts, lang, true);
        const where = `${lang} ${opts.viewport?.width}px`;
        expect(
          server.boxes.some((b) => mark.test(b)),
          `${where}: ${mark} painted by the server`,
        ).toBe(true);
        expect(sameBoxes(app.boxes, server.boxes), `${where}: every element on the same pixels`).toEqual(server.boxes);
        expect(app.text, where).toBe(server.text);
        expect(app.calls, `${where}: the page came with its data`).toEqual([]);
        expect(app.errors).toEqual([]);
      }
    });
  }
});

test('times: the app tells the server the device’s zone, and the next page is painted in it', async ({ browser, baseURL, request }) => {
  const ids = await publicIds(request);
  const context = await browser.newContext({ timezoneId: 'America/New_York', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/task/${ids.task}`);
    await expect(page.locator('#root[data-live]')).toBeAttached();
    expect((await context.cookies()).find((c) => c.name === 'tz')?.value).toBe(encodeURIComponent('America/New_York'));
    // the same page from the server alone (JavaScript off, same cookies): the times the app shows once it has moved
    // from the zone the page was painted in (the server's default, before the cookie existed) to the device's
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      await plain.addCookies((await context.cookies()).filter((c) => c.name === 'tz'));
      const server = await plain.newPage();
      await server.goto(`${baseURL}/task/${ids.task}`);
      const times = (text: string) => text.match(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/g) ?? [];
      const serverTimes = times(await server.locator('main').innerText());
      expect(serverTimes.length).toBeGreaterThan(0);
      // and not the zone it paints in without the cookie (Beijing: 13 hours apart)
      await plain.clearCookies();
      await server.goto(`${baseURL}/task/${ids.task}`);
      expect(times(await server.locator('main').innerText())).not.toEqual(serverTimes);
      await expect.poll(async () => times(await page.locator('main').innerText())).toEqual(serverTimes);
    } finally {
      await plain.close();
    }
  } finally {
    await context.close();
  }
});

test('the app replaces the first paint without a loading spinner in between', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as Window & { __spinner?: boolean };
    new MutationObserver(() => {
      if (document.querySelector('.page-loading')) w.__spinner = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(page.getByTestId('home-stats')).toBeVisible();
  await expect(page.locator('.site-footer')).toBeAttached();
  expect(await page.evaluate(() => (window as Window & { __spinner?: boolean }).__spinner ?? false)).toBe(false);
});
