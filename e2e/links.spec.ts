/**
 * No link leads to a not-found page (issue 8): from the home page, follow every same-site link the
 * product renders (header, footer, the mobile menu's account entries, cards, tabs …) as a visitor and
 * as each role, breadth first, and check that no page it reaches is the not-found page or the error page.
 *
 * Pages with an id (/task/{id}, /influencer/{id} …) are visited for at most PER_PATTERN ids each, so
 * the crawl covers every kind of page without walking the whole catalogue.
 *
 * Only the first page is loaded from the server; the crawl then moves inside the app as a click on a link does
 * (the router follows the address), instead of loading and starting the whole app again for every page — two
 * thirds of this spec's browser time in CI (decision 0041). Every address answering from the server is checked by
 * the route-table test (`src/shared/routes.ts`) and the server-rendered pages by hydration.spec.
 */
import type { Page, Request } from '@playwright/test';
import { DEMO, apiLogin, expect, headerReady, navigateInApp, test } from './fixtures';

const PER_PATTERN = 2;
const MAX_PAGES = 80;

/** /task/3f2a…, /video/12 → /task/:id: one pattern per kind of page */
function pattern(path: string) {
  return path.replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, '/:id').replace(/\/\d+(?=\/|$)/g, '/:n');
}

async function linksOf(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const out: string[] = [];
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    if (url.pathname.startsWith('/api/')) continue;
    out.push(url.pathname + url.search);
  }
  return out;
}

/**
 * Waits until no request has been in flight for `quietMs` (Playwright's 'networkidle' load state only follows
 * loads of a document, not moves inside the app).
 */
async function networkQuiet(page: Page, inFlight: { n: number }, quietMs = 400) {
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await page.waitForTimeout(50);
    if (inFlight.n > 0) quietSince = Date.now();
  }
}

async function crawl(page: Page) {
  // the live-event stream (/api/events) stays open as long as the page: not a load to wait for
  const counted = (r: Request) => r.resourceType() !== 'eventsource' && !r.url().endsWith('/api/events');
  const inFlight = { n: 0 };
  page.on('request', (r) => counted(r) && inFlight.n++);
  page.on('requestfinished', (r) => counted(r) && inFlight.n--);
  page.on('requestfailed', (r) => counted(r) && inFlight.n--);
  const origin = new URL(page.url() === 'about:blank' ? (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000') : page.url()).origin;
  const queue = ['/'];
  const seen = new Set<string>(queue);
  const perPattern = new Map<string, number>();
  const visited: string[] = [];
  const broken: { path: string; from: string }[] = [];
  const from = new Map<string, string>([['/', '(start)']]);

  while (queue.length > 0 && visited.length < MAX_PAGES) {
    const path = queue.shift() as string;
    if (visited.length === 0) await page.goto(path);
    else {
      await navigateInApp(page, path);
    }
    // the console (/admin) has its own top bar instead of the site header
    if (path.split('?')[0] === '/admin') await expect(page.getByTestId('admin-console')).toBeVisible();
    else await headerReady(page);
    // the page's own content (lazy chunk + its first query) before reading its links
    await page.waitForLoadState('networkidle');
    await networkQuiet(page, inFlight);
    // the router shows the new page once its code has arrived: one frame after the network is quiet
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    visited.push(path);
    const notFound = await page.getByTestId('not-found').count();
    const errorPage = await page.getByTestId('route-error').count();
    if (notFound > 0 || errorPage > 0) broken.push({ path, from: from.get(path) ?? '?' });

    for (const link of await linksOf(page, origin)) {
      if (seen.has(link)) continue;
      seen.add(link);
      const p = pattern(new URL(link, origin).pathname);
      const n = perPattern.get(p) ?? 0;
      if (n >= PER_PATTERN) continue;
      perPattern.set(p, n + 1);
      from.set(link, path);
      queue.push(link);
    }
  }
  return { visited, broken, patterns: [...perPattern.keys()] };
}

test.describe('every link reachable from the home page', () => {
  test('as a visitor', async ({ page }) => {
    const { visited, broken, patterns } = await crawl(page);
    expect(broken, `not-found pages reached: ${JSON.stringify(broken)}`).toEqual([]);
    // the crawl really walked the site, not just the home page
    expect(visited.length).toBeGreaterThan(10);
    for (const p of ['/influencers', '/videos', '/tasks', '/about', '/contact']) expect(patterns).toContain(p);
  });

  for (const role of ['company', 'influencer'] as const) {
    test(`as ${role === 'company' ? 'a company' : 'an influencer'}`, async ({ page }) => {
      await apiLogin(page, DEMO[role], DEMO.password);
      const { visited, broken } = await crawl(page);
      expect(broken, `not-found pages reached: ${JSON.stringify(broken)}`).toEqual([]);
      expect(visited.length).toBeGreaterThan(10);
    });
  }

  // the admin's menu leads to /admin and /admin-setup
  test('as an admin', async ({ page }) => {
    await apiLogin(page, DEMO.admin, DEMO.password);
    const { broken, patterns } = await crawl(page);
    expect(broken, `not-found pages reached: ${JSON.stringify(broken)}`).toEqual([]);
    for (const p of ['/admin', '/admin-setup']) expect(patterns).toContain(p);
  });
});
