/**
 * 分类管理 and 任务管理 (issue 9): an admin creates a category, a company publishes a task in it,
 * deleting the category is refused with the §5 message; the task is deleted with the confirmation
 * (the company is told); each action is in the audit log.
 */
import { DEMO, expect, test } from './fixtures';

test('a category is created, used by a task, its deletion refused; the task is deleted; the audit log shows both', async ({
  page,
  browser,
  adminEmail,
  adminPassword,
  guard,
}) => {
  guard.allow(/\/api\/admin\/categories\/[0-9a-f-]+$/, 409);
  const login = await page.request.post('/api/admin/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status()).toBe(200);
  const name = `测试分类${Date.now().toString(36).slice(-5)}`;

  await page.goto('/admin?tab=categories');
  await page.getByTestId('category-add').click();
  await page.getByTestId('category-save').click();
  await expect(page.getByText('分类名称不能为空')).toBeVisible();
  await page.getByTestId('category-name').fill(name);
  await page.getByTestId('category-save').click();
  await expect(page.getByText('分类创建成功！')).toBeVisible();
  const node = page.getByTestId('category-node').filter({ hasText: name });
  await expect(node).toBeVisible();
  const categoryId = await node.getAttribute('data-category-id');

  // a company publishes a task in it
  const ctx = await browser.newContext();
  const co = await ctx.newPage();
  expect((await co.request.post('/api/auth/login', { data: { email: DEMO.company, password: DEMO.password } })).status()).toBe(200);
  const title = `管理员将删除的任务${Date.now().toString(36).slice(-5)}`;
  const made = await co.request.post('/api/tasks', {
    data: { title, description: '直播介绍新品', categoryId, budgetMinCents: 10_000, budgetMaxCents: 50_000 },
  });
  expect(made.status(), await made.text()).toBe(200);

  await page.getByRole('button', { name: '刷新' }).first().click();
  await expect(node).toContainText('1 个任务');
  await node.getByTestId('category-delete').click();
  await page.getByTestId('category-delete-ok').click();
  await expect(page.getByText('无法删除正在使用的分类，请先移除相关任务')).toBeVisible();

  // the task is deleted from 任务管理
  await page.goto('/admin?tab=tasks');
  await page.getByTestId('tasks-search').locator('input').fill(title);
  await page.getByTestId('tasks-search').locator('input').press('Enter');
  const row = page.getByTestId('task-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page.getByTestId('task-detail')).toContainText(title);
  await page.getByTestId('task-modal-delete').click();
  await expect(page.getByText('确定要删除此任务吗？此操作不可逆。')).toBeVisible();
  await page.getByTestId('task-delete-ok').click();
  await expect(page.getByText('任务删除成功！')).toBeVisible();
  await expect(row).toHaveCount(0);

  // the company was told
  const notes = (await (await co.request.get('/api/notifications')).json()) as { items: { body: string }[] };
  expect(notes.items.map((n) => n.body).join('\n')).toContain(title);
  await ctx.close();

  // now the category can go
  await page.goto('/admin?tab=categories');
  await node.getByTestId('category-delete').click();
  await page.getByTestId('category-delete-ok').click();
  await expect(page.getByText('分类删除成功！')).toBeVisible();

  await page.goto('/admin?tab=audit');
  await page.getByTestId('audit-search').locator('input').fill(name);
  await page.getByTestId('audit-search').locator('input').press('Enter');
  await expect(page.getByTestId('audit-action')).toHaveText(['删除分类', '创建分类']);
  await page.getByTestId('audit-search').locator('input').fill(title);
  await page.getByTestId('audit-search').locator('input').press('Enter');
  await expect(page.getByTestId('audit-action')).toHaveText(['删除任务']);
});
