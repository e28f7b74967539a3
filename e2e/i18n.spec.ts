import type { Locator, Page } from '@playwright/test';
import { choose, expect, headerReady, test } from './fixtures';

const CJK = /[\u3400-\u9fff\uff00-\uffef]/;

/** Visible text of `area` with the language names (shown in their own language) left out. */
async function chineseLeftIn(area: Locator) {
  const text = (await area.innerText()).replace(/简体中文/g, '');
  return text.split('\n').filter((line) => CJK.test(line));
}

async function pick(page: Page, label: string) {
  await choose(page, page.getByTestId('lang-switch'), label);
}

test('language switch: English changes the visible texts, survives a reload, and switches back', async ({ page }) => {
  await page.goto('/');
  await headerReady(page);
  const header = page.locator('header').first();
  const hero = page.getByRole('heading', { level: 1 });
  await expect(header.getByRole('link', { name: '首页', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('header-login')).toHaveText('登录');
  const zhHero = ((await hero.textContent()) ?? '').trim();
  expect(zhHero).toMatch(CJK);
  await expect(page.getByLabel('选择语言')).toBeVisible();

  await pick(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(header.getByRole('link', { name: 'Home', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('header-login')).not.toHaveText('登录');
  await expect(hero).not.toHaveText(zhHero);
  await expect(hero).not.toHaveText(CJK);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toMatch(/^en/);
  // the shell, the hero and the stats strip carry no Chinese any more (demo data may)
  expect(await chineseLeftIn(header), 'Chinese left in the header').toEqual([]);
  expect(await chineseLeftIn(page.locator('section.hero, section:has(h1)').first()), 'Chinese left in the hero').toEqual([]);
  expect(await chineseLeftIn(page.getByTestId('home-stats')), 'Chinese left in the stats strip').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('home-en.png') });

  await page.reload();
  await headerReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(header.getByRole('link', { name: 'Home', exact: true }).first()).toBeVisible();
  await expect(hero).not.toHaveText(CJK);

  await pick(page, '简体中文');
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
  await expect(header.getByRole('link', { name: '首页', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('header-login')).toHaveText('登录');
  await expect(hero).toHaveText(zhHero);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toMatch(/^zh/);
});
