/**
 * Layout stability of the public pages (issue 13): the cumulative layout shift of a first visit stays
 * under 0.05. Measured in the page with a PerformanceObserver on `layout-shift` entries (buffered, so
 * shifts before the observer are counted), summed the way CLS is defined: the largest session window
 * (shifts less than 1 s apart, at most 5 s long), leaving out shifts right after user input.
 *
 * Each page is opened cold (new context, empty cache) on a phone-sized viewport over an emulated slow
 * mobile network (150 ms round trip, 1.6 Mbit/s down — Lighthouse's mobile profile), so the header,
 * skeletons and lazy chunks arrive one after another as on a real phone; then at 1280 px with no
 * throttling. On failure the message names the elements that moved.
 */
import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, publicIds, test, type ConsoleGuard, type PublicIds } from './fixtures';

// with motion (the other specs run with reduced motion, playwright.config.ts): shifts are measured as most readers see the pages
test.use({ reducedMotion: 'no-preference' });

const LIMIT = 0.05;

type Shift = { value: number; time: number; sources: string[] };

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Installed before any script of the page runs. */
function recordShifts() {
  window.__shifts = [];
  const describe = (n: Node | null) => {
    if (!(n instanceof Element)) return String(n?.nodeName ?? '?');
    const id = n.id ? `#${n.id}` : '';
    const cls = typeof n.className === 'string' && n.className ? `.${n.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    const testId = n.getAttribute('data-testid');
    return `${n.tagName.toLowerCase()}${id}${cls}${testId ? `[data-testid=${testId}]` : ''}`;
  };
  type LayoutShiftEntry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as LayoutShiftEntry[]) {
      if (e.hadRecentInput) continue;
      window.__shifts!.push({ value: e.value, time: e.startTime, sources: (e.sources ?? []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** CLS: the largest session window of shifts (gap < 1 s, window <= 5 s). */
function cls(shifts: Shift[]): { value: number; window: Shift[] } {
  let best = { value: 0, window: [] as Shift[] };
  let cur: Shift[] = [];
  let sum = 0;
  for (const s of shifts) {
    const first = cur[0];
    const last = cur[cur.length - 1];
    if (first && last && s.time - last.time < 1000 && s.time - first.time < 5000) {
      cur.push(s);
      sum += s.value;
    } else {
      cur = [s];
      sum = s.value;
    }
    if (sum > best.value) best = { value: sum, window: [...cur] };
  }
  return best;
}

async function measure(
  browser: Browser,
  guard: ConsoleGuard,
  baseURL: string,
  path: string,
  phone: boolean,
  signedInAs?: string,
): Promise<{ value: number; report: string }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    deviceScaleFactor: phone ? 3 : 1,
    isMobile: phone,
    hasTouch: phone,
  });
  const page: Page = await context.newPage();
  guard.attach(page);
  try {
    if (signedInAs) {
      const login = await context.request.post('/api/auth/login', { data: { email: signedInAs, password: DEMO.password } });
      expect(login.status(), await login.text()).toBe(200);
    }
    await page.addInitScript(recordShifts);
    if (phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // late work (images decoding, fonts, a second round of queries) gets time to land
    await page.waitForTimeout(1500);
    const shifts = await page.evaluate(() => window.__shifts ?? []);
    const { value, window: session } = cls(shifts);
    const report = session.map((s) => `  ${s.value.toFixed(4)} at ${Math.round(s.time)} ms: ${s.sources.join(', ')}`).join('\n');
    return { value, report };
  } finally {
    await context.close();
  }
}

test.describe('layout shift of the public pages', () => {
  const pages: { name: string; path: (ids: PublicIds) => string }[] = [
    { name: 'home', path: () => '/' },
    { name: 'task hall', path: () => '/tasks' },
    { name: 'task detail', path: (ids) => `/task/${ids.task}` },
    { name: 'influencers', path: () => '/influencers' },
    { name: 'influencer detail', path: (ids) => `/influencer/${ids.influencer}` },
    { name: 'company detail', path: (ids) => `/company/${ids.company}` },
    { name: 'videos', path: () => '/videos' },
    { name: 'video detail', path: (ids) => `/video/${ids.video}` },
    { name: 'about', path: () => '/about' },
    { name: 'help', path: () => '/help' },
    { name: 'contact', path: () => '/contact' },
    { name: 'not found', path: () => '/no-such-page' },
  ];

  let ids: PublicIds;
  test.beforeAll(async ({ request }) => {
    ids = await publicIds(request);
  });

  for (const p of pages) {
    test(`${p.name}: CLS < ${LIMIT} on a phone over a slow network and on a desktop`, async ({ browser, baseURL, guard }) => {
      // the not-found page answers 404 (decision 0030), which the browser reports like any failed load
      if (p.name === 'not found') guard.allow(/\/no-such-page$/, 404);
      const results: string[] = [];
      let worst = 0;
      for (const phone of [true, false]) {
        const { value, report } = await measure(browser, guard, baseURL!, p.path(ids), phone);
        results.push(`${phone ? '390 px, slow 4G' : '1280 px'}: CLS ${value.toFixed(4)}${report ? `\n${report}` : ''}`);
        worst = Math.max(worst, value);
      }
      test.info().annotations.push({ type: 'CLS', description: results.join('\n') });
      console.log(`[cls] ${p.name} (${p.path(ids)})\n${results.join('\n')}`);
      expect(worst, `layout shift on ${p.path(ids)}\n${results.join('\n')}`).toBeLessThan(LIMIT);
    });
  }
});

// 为你推荐 comes in above the list once its code and tasks load: its place is held (decision 0066's note)
test.describe('layout shift of a signed-in influencer’s task pages', () => {
  for (const path of ['/tasks', '/influencer-tasks']) {
    test(`${path} with 为你推荐: CLS < ${LIMIT} on a phone over a slow network and on a desktop`, async ({ browser, baseURL, guard }) => {
      const results: string[] = [];
      let worst = 0;
      for (const phone of [true, false]) {
        const { value, report } = await measure(browser, guard, baseURL!, path, phone, DEMO.influencer);
        results.push(`${phone ? '390 px, slow 4G' : '1280 px'}: CLS ${value.toFixed(4)}${report ? `\n${report}` : ''}`);
        worst = Math.max(worst, value);
      }
      console.log(`[cls] influencer ${path}\n${results.join('\n')}`);
      expect(worst, `layout shift on ${path}\n${results.join('\n')}`).toBeLessThan(LIMIT);
    });
  }
});
