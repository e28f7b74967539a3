import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ConsoleGuard, DEMO, expect, navigateInApp, test } from './fixtures';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

const describe = (violations: Violations) =>
  violations
    .map(
      (v) =>
        `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `      at ${n.target.join(' ')}`)
          .join('\n')}`,
    )
    .join('\n');

const PAGES: { path: string; user: string | null; ready: (page: Page) => Promise<void>; act?: (page: Page) => Promise<void> }[] = [
  { path: '/influencer-profile', user: DEMO.influencer, ready: (p) => expect(p.getByTestId('profile-view')).toBeVisible() },
  {
    path: '/influencer-profile',
    user: DEMO.influencer,
    ready: (p) => expect(p.getByTestId('profile-edit')).toBeVisible(),
    act: async (p) => {
      await p.getByTestId('profile-edit').click();
      await expect(p.getByTestId('profile-edit-form')).toBeVisible();
    },
  },
  { path: '/materials', user: DEMO.influencer, ready: (p) => expect(p.getByTestId('materials-form')).toBeVisible() },
  { path: '/company-profile', user: DEMO.company, ready: (p) => expect(p.getByTestId('company-view')).toBeVisible() },
  {
    path: '/company-profile',
    user: DEMO.company,
    ready: (p) => expect(p.getByTestId('company-edit')).toBeVisible(),
    act: async (p) => {
      await p.getByTestId('company-edit').click();
      await expect(p.getByTestId('company-edit-form')).toBeVisible();
    },
  },
  // a company that never asked: 未认证 with the request form open (licence + 统一社会信用代码, decision 0028)
  { path: '/company-profile?verify=1', user: 'company3@demo.test', ready: (p) => expect(p.getByTestId('verification-form')).toBeVisible() },
  { path: '/account-settings', user: DEMO.company, ready: (p) => expect(p.getByTestId('phone-input')).toBeVisible() },
  { path: '/account-settings?tab=privacy', user: DEMO.company, ready: (p) => expect(p.getByTestId('privacy-save')).toBeVisible() },
  { path: '/profile', user: DEMO.admin, ready: (p) => expect(p.getByTestId('profile-email')).toBeVisible() },
  { path: '/account-settings', user: null, ready: (p) => expect(p.getByTestId('login-required')).toBeVisible() },
  { path: '/sms-test', user: null, ready: (p) => expect(p.getByTestId('sms-test-send')).toBeVisible() },
  { path: '/image-upload-test', user: null, ready: (p) => expect(p.getByTestId('image-test-signin')).toBeVisible() },
  { path: '/image-upload-test', user: DEMO.company, ready: (p) => expect(p.getByTestId('image-test-pick')).toBeVisible() },
  { path: '/influencer-image-upload-test', user: DEMO.influencer, ready: (p) => expect(p.getByTestId('image-test-dropzone')).toBeVisible() },
];

/**
 * One test per person: the first page loaded from the server, the next ones reached inside the app as a link
 * does (`navigateInApp`) — a full load and start of the app per page was most of this file's time (decision 0041);
 * the first load of every page is covered by hydration.spec and first-paint.spec.
 */
const PEOPLE = [...new Set(PAGES.map((p) => p.user))];

test.describe('accounts pages: accessibility (axe)', () => {
  for (const user of PEOPLE) {
    const pages = PAGES.filter((p) => p.user === user);
    test(`${pages.map((p) => `${p.path}${p.act ? ' (edit mode)' : ''}`).join(', ')} as ${user ?? 'visitor'}: no serious or critical violations`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
      const guard = new ConsoleGuard();
      try {
        if (user) {
          const res = await context.request.post('/api/auth/login', { data: { email: user, password: DEMO.password } });
          expect(res.status()).toBe(200);
        }
        const page = await context.newPage();
        guard.attach(page);
        for (const [i, entry] of pages.entries()) {
          if (i === 0) await page.goto(entry.path);
          else await navigateInApp(page, entry.path);
          await entry.ready(page);
          if (entry.act) await entry.act(page);
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(500);
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
          const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          const minor = results.violations.filter((v) => !blocking.includes(v));
          if (minor.length > 0) console.log(`axe ${entry.path}: ${minor.length} minor/moderate finding(s):\n${describe(minor)}`);
          expect(blocking, `serious/critical accessibility violations on ${entry.path}:\n${describe(blocking)}`).toEqual([]);
        }
        expect(guard.unexpected(), 'console errors').toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
