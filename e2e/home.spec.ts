import type { Page, Route } from '@playwright/test';
import { expect, test, withoutFirstData } from './fixtures';

type VideoList = { items: { id: string; title: string; posterUrl: string | null }[]; total: number; page: number; limit: number };

const isVideoList = (url: URL) => url.pathname === '/api/videos';
const placeholders = (page: Page) =>
  page.getByTestId('home-videos').locator('[data-testid="video-placeholder"], .ant-skeleton, [role="status"], [aria-busy="true"]');

test.describe('home page', () => {
  test('stats strip shows the real counts and the 4 latest videos are shown', async ({ page }) => {
    const statsRes = await page.request.get('/api/stats/home');
    expect(statsRes.ok()).toBe(true);
    const stats = (await statsRes.json()) as Record<string, number>;
    const latest = (await (await page.request.get('/api/videos?limit=4&sort=latest')).json()) as VideoList;
    expect(latest.items).toHaveLength(4); // the demo seed has 8 videos

    await page.goto('/');
    const strip = page.getByTestId('home-stats');
    await expect(strip).toBeVisible();
    const fmt = new Intl.NumberFormat('zh-CN');
    for (const [key, n] of Object.entries(stats)) {
      expect(n, key).toBeGreaterThan(0);
      await expect(strip, `stats strip shows ${key}=${n}`).toContainText(fmt.format(n));
    }
    for (const label of ['注册用户', '合作品牌', '成功案例', '直播场次']) await expect(strip).toContainText(label);

    const cards = page.getByTestId('home-videos').getByTestId('video-card');
    await expect(cards).toHaveCount(4);
    for (const [i, v] of latest.items.entries()) await expect(cards.nth(i)).toContainText(v.title);
    await expect(placeholders(page)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('home.png'), fullPage: true });

    // a card opens the video's detail route
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`/video/${latest.items[0].id}$`));
  });

  test('loading placeholders show while the videos load', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(isVideoList, async (route) => {
      await gate;
      await route.continue();
    });
    await withoutFirstData(page);
    await page.goto('/');
    await expect(placeholders(page).first()).toBeVisible();
    await expect(page.getByTestId('video-card')).toHaveCount(0);
    await page.getByTestId('home-videos').screenshot({ path: test.info().outputPath('home-videos-loading.png') });
    release();
    await expect(page.getByTestId('video-card')).toHaveCount(4);
    await expect(placeholders(page)).toHaveCount(0);
  });

  test('empty list shows 暂无视频', async ({ page }) => {
    await page.route(isVideoList, (route) => route.fulfill({ json: { items: [], total: 0, page: 1, limit: 4 } }));
    await withoutFirstData(page);
    await page.goto('/');
    await expect(page.getByTestId('home-videos').getByText('暂无视频')).toBeVisible();
    await expect(page.getByTestId('video-card')).toHaveCount(0);
  });

  test('a failing list shows 获取视频失败 and 重试 recovers', async ({ page, guard }) => {
    guard.allow(/\/api\/videos/, 500);
    let calls = 0;
    const fail = (route: Route) => {
      calls += 1;
      return route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } });
    };
    await page.route(isVideoList, fail);
    await withoutFirstData(page);
    await page.goto('/');
    const area = page.getByTestId('home-videos');
    await expect(area.getByRole('heading', { name: '获取视频失败' })).toBeVisible({ timeout: 20_000 });
    expect(calls).toBeGreaterThan(0);
    await area.screenshot({ path: test.info().outputPath('home-videos-error.png') });

    await page.unroute(isVideoList, fail);
    await area.getByRole('button', { name: '重试' }).click();
    await expect(area.getByTestId('video-card')).toHaveCount(4);
    await expect(area.getByText('获取视频失败')).toHaveCount(0);
  });

  test('a broken or missing poster falls back to the default image', async ({ page, guard }) => {
    guard.allow(/\/uploads\/e2e-missing-poster/, 404);
    await page.route(isVideoList, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as VideoList;
      body.items[0].posterUrl = '/uploads/e2e-missing-poster.png';
      body.items[1].posterUrl = null;
      await route.fulfill({ response: res, json: body });
    });
    await withoutFirstData(page);
    await page.goto('/');
    const cards = page.getByTestId('video-card');
    await expect(cards).toHaveCount(4);
    for (const i of [0, 1]) {
      await cards.nth(i).scrollIntoViewIfNeeded(); // posters load lazily
      const poster = cards.nth(i).locator('img').first();
      await expect(poster, `card ${i} poster`).toHaveAttribute('src', /default/);
      await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    // an intact poster is kept
    await expect(cards.nth(2).locator('img').first()).toHaveAttribute('src', /\/uploads\//);
  });
});
