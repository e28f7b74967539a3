/**
 * People pages (issue 8): a visitor browses the directory → a masked profile → a similar influencer;
 * a company contacts an influencer who reads it in Messages; an influencer follows a company and hears
 * of its next task.
 */
import { randomBytes } from 'node:crypto';
import { DEMO, apiLogin, choose, expect, headerReady, test } from './fixtures';

test('a visitor browses the directory, opens a masked profile and a similar influencer', async ({ page, context, guard }) => {
  guard.allow(/\/api\/influencers\/00000000/, 404);
  await page.goto('/influencers');
  await headerReady(page);
  const cards = page.getByTestId('influencer-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(3);
  // visitors never see followers or rates: the server sends null, the card shows ***
  await expect(cards.first().getByTestId('card-followers')).toHaveText('***');
  await expect(cards.first().getByTestId('card-rate')).toHaveText('***');

  // a category finds only its influencers; a search for nonsense finds none
  await choose(page, page.getByTestId('directory-category'), '美妆护肤');
  await expect(page).toHaveURL(/category=/);
  await expect(cards.first()).toBeVisible();
  await page.getByTestId('directory-search').fill('不存在的达人名字xyz');
  await expect(page.getByTestId('directory-empty')).toContainText('没有找到匹配的达人');
  await page.getByTestId('directory-clear').click();
  await expect(cards.first()).toBeVisible();

  // the card opens the profile in a new tab (from=list)
  const name = (await cards.first().locator('.pp-card__link').innerText()).split('\n')[0].trim();
  const [detail] = await Promise.all([context.waitForEvent('page'), cards.first().locator('.pp-card__link').click()]);
  await detail.waitForLoadState();
  await expect(detail).toHaveURL(/\/influencer\/[0-9a-f-]{36}\?from=list/);
  await expect(detail.getByTestId('influencer-detail')).toBeVisible();
  await expect(detail.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(detail.getByTestId('detail-followers')).toHaveText('***');
  await expect(detail.getByTestId('detail-rate')).toHaveText('***');
  await expect(detail.getByTestId('detail-tiktok')).toHaveText('***');
  await expect(detail.getByTestId('contact-influencer')).toHaveCount(0);

  // similar influencers open in the same tab
  const similar = detail.getByTestId('similar-list').getByTestId('influencer-card');
  if ((await similar.count()) > 0) {
    const other = (await similar.first().locator('.pp-card__link').innerText()).trim();
    await similar.first().locator('.pp-card__link').click();
    await expect(detail.getByRole('heading', { level: 1 })).toContainText(other);
  }
  await detail.close();

  // an unknown id is 达人不存在, answered 404 (decision 0030)
  guard.allow(/\/influencer\/00000000-0000-4000-8000-000000000000$/, 404);
  const missing = await page.goto('/influencer/00000000-0000-4000-8000-000000000000');
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('influencer-not-found')).toContainText('达人不存在');
});

test('a company contacts an influencer, who reads and answers it in Messages', async ({ page, browser, guard }) => {
  const text = `想邀请您直播新品 ${randomBytes(3).toString('hex')}`;
  await apiLogin(page, DEMO.company, DEMO.password);
  const list = (await (await page.request.get('/api/influencers?limit=50')).json()) as { items: { id: string; nickname: string }[] };
  await page.goto(`/influencer/${list.items[0].id}`);
  await expect(page.getByTestId('detail-followers')).not.toHaveText('***');
  await page.getByTestId('contact-influencer').click();
  await page.getByTestId('contact-send').click();
  await expect(page.getByTestId('contact-error')).toHaveText('请输入消息内容');
  await page.getByTestId('contact-message').fill(text);
  await page.getByTestId('contact-send').click();
  await expect(page.getByTestId('contact-sent')).toBeVisible();

  const ctx = await browser.newContext();
  const inf = await ctx.newPage();
  guard.attach(inf);
  await apiLogin(inf, DEMO.influencer, DEMO.password);
  const mine = (await (await inf.request.get('/api/influencers/me')).json()) as { profile: { id: string } };
  expect(mine.profile.id, 'the demo influencer is the best rated in the seed').toBe(list.items[0].id);
  await inf.goto('/messages');
  const item = inf.getByTestId('conversation-item').first();
  await expect(item).toContainText(text.slice(0, 20));
  await item.click();
  await expect(inf.getByTestId('message').last()).toContainText(text);
  await inf.getByTestId('reply-message').fill('可以，请寄送样品');
  await inf.getByTestId('reply-send').click();
  await expect(inf.getByTestId('message').last()).toContainText('可以，请寄送样品');
  await ctx.close();

  await page.goto('/messages');
  await expect(page.getByTestId('conversation-item').first()).toContainText('可以，请寄送样品');
});

test('an influencer follows a company and is told of its new task', async ({ page, browser, guard }) => {
  await apiLogin(page, DEMO.influencer, DEMO.password);
  const companyCtx = await browser.newContext();
  const co = await companyCtx.newPage();
  guard.attach(co);
  await apiLogin(co, DEMO.company, DEMO.password);
  const mine = (await (await co.request.get('/api/companies/me')).json()) as { profile: { id: string } };
  const companyId = mine.profile.id;

  await page.goto(`/company/${companyId}`);
  const follow = page.getByTestId('follow-company');
  await expect(follow).toBeVisible();
  if ((await follow.getAttribute('aria-pressed')) === 'true') {
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
  }
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toContainText('已关注');

  const title = `关注通知测试 ${randomBytes(3).toString('hex')}`;
  const cats = (await (await co.request.get('/api/categories')).json()) as { items: { id: string }[] };
  const res = await co.request.post('/api/tasks', {
    data: { title, description: '新品直播', categoryId: cats.items[0].id, budgetMinCents: 10_000, budgetMaxCents: 50_000 },
  });
  expect(res.status(), await res.text()).toBe(200);
  await companyCtx.close();

  await page.goto('/');
  await headerReady(page);
  await page.getByTestId('notif-bell').click();
  await expect(page.getByTestId('notif-panel')).toContainText(title);
});
