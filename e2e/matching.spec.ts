/**
 * Matching (issue 14): a company opens 推荐达人 on its task (detail and /company-tasks) and sees the
 * reasons; an influencer sees 为你推荐 at the top of the hall and on /influencer-tasks.
 */
import { DEMO, apiLogin, expect, headerReady, test } from './fixtures';

test('a company opens 推荐达人 on its task and sees why each influencer is there', async ({ page }) => {
  await apiLogin(page, DEMO.company, DEMO.password);
  // a fresh open task in the first category (美妆), online, with a budget the demo influencers' rates fit
  const cats = (await (await page.request.get('/api/categories')).json()) as { items: { id: string; name: string }[] };
  const beauty = cats.items.find((c) => c.name === '美妆') ?? cats.items[0];
  const title = `推荐达人测试 ${Date.now().toString(36)}`;
  const res = await page.request.post('/api/tasks', {
    data: { title, description: '新品口红直播', categoryId: beauty.id, budgetMinCents: 50_000, budgetMaxCents: 300_000 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const task = ((await res.json()) as { task: { id: string } }).task;

  await page.goto(`/task/${task.id}`);
  const panel = page.getByTestId('recommended-influencers');
  await expect(panel.getByRole('heading', { name: '推荐达人' })).toBeVisible();
  const first = panel.getByTestId('recommended-influencer').first();
  await expect(first).toBeVisible();
  await expect(first.locator('.mt-reason').first()).toBeVisible();
  await expect(panel).toContainText('类目匹配');
  await expect(first.getByRole('link')).toHaveAttribute('href', /^\/influencer\/[0-9a-f-]{36}$/);

  // the same list from /company-tasks, in a drawer
  await page.goto('/company-tasks');
  const row = page.locator('li', { hasText: title }).first();
  await row.getByTestId('recommend-open').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('recommended-influencer').first()).toBeVisible();
  await expect(drawer).toContainText('推荐达人');
});

test('an influencer sees 为你推荐 with reasons in the hall and on my tasks; a visitor does not', async ({ page }) => {
  await page.goto('/tasks');
  await headerReady(page);
  await expect(page.getByTestId('task-card').or(page.getByTestId('hall-empty')).first()).toBeVisible();
  await expect(page.getByTestId('for-you')).toHaveCount(0);

  await apiLogin(page, DEMO.influencer, DEMO.password);
  await page.goto('/tasks');
  const strip = page.getByTestId('for-you');
  await expect(strip.getByRole('heading', { name: '为你推荐' })).toBeVisible();
  await expect(strip.getByTestId('for-you-task').first()).toBeVisible();
  await expect(strip.locator('.mt-reason').first()).toBeVisible();

  await page.goto('/influencer-tasks');
  await expect(page.getByTestId('for-you').getByTestId('for-you-task').first()).toBeVisible();
});
