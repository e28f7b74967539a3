import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ConsoleGuard, expect, test } from './fixtures';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

function describe(violations: AxeResults['violations']) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      at ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      ... and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

async function audit(browser: Browser, baseURL: string, path: string, ready: (page: Page) => Promise<void>) {
  // @axe-core/playwright needs a page from browser.newContext()
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  const guard = new ConsoleGuard();
  try {
    const page = await context.newPage();
    guard.attach(page);
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    // let entrance animations finish so colours are measured at rest
    await page.waitForTimeout(500);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const minor = results.violations.filter((v) => !blocking.includes(v));
    if (minor.length > 0) console.log(`axe ${path}: ${minor.length} minor/moderate finding(s):\n${describe(minor)}`);
    expect(blocking, `serious/critical accessibility violations on ${path}:\n${describe(blocking)}`).toEqual([]);
    expect(guard.unexpected(), 'console errors').toEqual([]);
  } finally {
    await context.close();
  }
}

test.describe('accessibility (axe)', () => {
  test('home page has no serious or critical violations', async ({ browser, baseURL }) => {
    await audit(browser, baseURL!, '/', async (page) => {
      await expect(page.getByTestId('video-card')).toHaveCount(4);
      await expect(page.getByTestId('home-stats')).not.toHaveAttribute('aria-busy', 'true');
    });
  });

  test('sign-up page has no serious or critical violations', async ({ browser, baseURL }) => {
    await audit(browser, baseURL!, '/signup', async (page) => {
      await expect(page.getByTestId('signup-email')).toBeVisible();
    });
  });
});
