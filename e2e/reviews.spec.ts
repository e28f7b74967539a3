/**
 * Two-way reviews after a deal (issue 11, decision 0015) on a server of its own (demo data,
 * DEV_CLOCK=1), phones at 390 px:
 *  - zh-CN: both sides review a completed deal — blind until the second review — the influencer
 *    replies, and the ratings and counts on the influencer and company pages follow; an admin hides
 *    the company's review in 评价管理 and the influencer's rating is back where it was;
 *  - en: only the company reviews; when the clock passes the 14-day window the review is published.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser } from '@playwright/test';
import { ConsoleGuard, DEMO, expect, test } from './fixtures';
import { acceptedDeal, H, ok, ownDealServer, person as signedInPerson, reportedByApi } from './dealHelpers';

const own = ownDealServer('reviews');
const person = (browser: Browser, guard: ConsoleGuard, email: string, locale: 'zh-CN' | 'en' = 'zh-CN', width = 390) =>
  signedInPerson(browser, guard, own.url, email, locale, width);

/** a task of the demo company taken by the demo influencer, walked to 已完成 through the API: its deal id */
async function completedDeal(company: APIRequestContext, influencer: APIRequestContext, title: string): Promise<string> {
  const dealId = await acceptedDeal(company, influencer, title, 300_000);
  const fire = await reportedByApi(company, influencer, dealId);
  await fire(company, 'confirm');
  return dealId;
}

type Side = { id: string; rating: number; count: number; reviews: { rating: number }[] };
async function influencerSide(r: APIRequestContext, id: string): Promise<Side> {
  const d = await (await r.get(`/api/influencers/${id}`)).json();
  return { id, rating: d.influencer.rating, count: d.reviewSummary.count, reviews: d.reviews };
}
async function companySide(r: APIRequestContext, id: string): Promise<Side> {
  const d = await (await r.get(`/api/companies/${id}`)).json();
  return { id, rating: d.company.avgRating, count: d.reviewSummary.count, reviews: d.reviews };
}
/** the rating after one more review: the average, to one decimal */
const withOneMore = (s: Side, stars: number) => (Math.round(((s.reviews.reduce((a, r) => a + r.rating, 0) + stars) / (s.count + 1)) * 10) / 10).toFixed(1);

test('both review a completed deal: blind until both have written, then the ratings update on both pages', async ({ browser, guard }) => {
  const co = await person(browser, guard, 'company@demo.test');
  const inf = await person(browser, guard, 'influencer@demo.test');
  try {
    const dealId = await completedDeal(co.page.request, inf.page.request, `评价旅程${Date.now().toString(36)}`);
    const detail = await (await co.page.request.get(`/api/deals/${dealId}`)).json();
    const before = { influencer: await influencerSide(co.page.request, detail.influencer.id), company: await companySide(co.page.request, detail.company.id) };
    expect(before.influencer.count).toBe(before.influencer.reviews.length);

    // the influencer reviews first: an empty form is refused, then 3 stars and a comment
    await inf.page.goto(`/deal/${dealId}`);
    const infReviews = inf.page.getByTestId('deal-reviews');
    await expect(infReviews).toContainText('请在');
    await infReviews.getByTestId('deal-review-submit').click();
    await expect(infReviews).toContainText('请选择评分');
    await expect(infReviews).toContainText('请填写评价内容');
    await infReviews.getByRole('radio', { name: '3 星' }).click();
    await infReviews.getByTestId('deal-review-comment-input').fill('对接顺畅，结算及时。');
    // no serious accessibility problem in the form at 390 px
    const axe = await new AxeBuilder({ page: inf.page })
      .include('[data-testid="deal-reviews"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await infReviews.getByTestId('deal-review-submit').click();
    const mine = infReviews.getByTestId('deal-review-mine');
    await expect(mine).toContainText('对接顺畅，结算及时。');
    await expect(mine).toContainText('仅您可见，待公开');
    await expect(infReviews.getByTestId('deal-review-waiting')).toContainText('对方尚未评价');

    // the company sees only that it exists; the pages have not moved
    await co.page.goto(`/deal/${dealId}`);
    const coReviews = co.page.getByTestId('deal-reviews');
    await expect(coReviews.getByTestId('deal-review-waiting')).toContainText('对方已评价。您提交评价后即可看到对方的评价。');
    await expect(coReviews).not.toContainText('对接顺畅');
    expect(await companySide(co.page.request, before.company.id)).toMatchObject({ rating: before.company.rating, count: before.company.count });

    // the company reviews: 4 stars — both are published at once
    await coReviews.getByRole('radio', { name: '4 星' }).click();
    await coReviews.getByTestId('deal-review-comment-input').fill('准备充分，讲解专业，转化超出预期。');
    await coReviews.getByTestId('deal-review-submit').click();
    await expect(coReviews.getByTestId('deal-review-theirs')).toContainText('对接顺畅，结算及时。');
    await expect(coReviews.getByTestId('deal-review-theirs').getByTestId('deal-review-stars')).toHaveAttribute('data-rating', '3');
    await expect(coReviews.getByTestId('deal-review-mine')).toContainText('已公开');
    await co.page.screenshot({ path: test.info().outputPath('deal-reviews-390.png'), fullPage: true });

    // the influencer reads it and replies once
    await inf.page.reload();
    const theirs = inf.page.getByTestId('deal-reviews').getByTestId('deal-review-theirs');
    await expect(theirs).toContainText('准备充分，讲解专业，转化超出预期。');
    await theirs.getByTestId('deal-review-reply-input').fill('感谢认可，期待再次合作！');
    await theirs.getByTestId('deal-review-reply-submit').click();
    await expect(theirs.getByTestId('deal-review-reply')).toContainText('感谢认可，期待再次合作！');
    await expect(theirs.getByTestId('deal-review-reply-form')).toHaveCount(0);

    // the influencer's page: the rating is the average with the new 4, one more review, the reply shown
    await co.page.goto(`/influencer/${before.influencer.id}`);
    await expect(co.page.getByTestId('detail-rating')).toHaveText(withOneMore(before.influencer, 4));
    await expect(co.page.getByTestId('detail-review-count')).toHaveText(`${before.influencer.count + 1} 条评价`);
    await co.page.getByRole('tab', { name: /评价/ }).click();
    const item = co.page.getByTestId('review-item').filter({ hasText: '准备充分，讲解专业' });
    await expect(item).toBeVisible();
    await expect(item.getByTestId('review-reply')).toContainText('感谢认可，期待再次合作！');

    // the company's page: the average with the new 3
    await inf.page.goto(`/company/${before.company.id}`);
    await expect(inf.page.getByTestId('company-rating')).toHaveText(withOneMore(before.company, 3));
    await expect(inf.page.getByTestId('company-review-count')).toContainText(`${before.company.count + 1} 条评价`);
    await inf.page.getByRole('tab', { name: /评价/ }).click();
    await expect(inf.page.getByTestId('review-item').filter({ hasText: '对接顺畅，结算及时。' })).toBeVisible();

    // an admin (内容管理) hides the company's review in 评价管理: the influencer's rating is back where it was
    const adm = await browser.newContext({ baseURL: own.url, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    const admin = await adm.newPage();
    guard.attach(admin);
    expect((await admin.request.post('/api/admin/login', { data: { email: DEMO.admin, password: DEMO.password } })).status()).toBe(200);
    await admin.goto('/admin?tab=reviews');
    const row = admin.getByTestId('admin-review-row').filter({ hasText: '准备充分，讲解专业' });
    await expect(row).toContainText('已公开');
    await row.getByTestId('admin-review-hide').click();
    await admin.getByTestId('admin-review-hide-confirm').click();
    await expect(admin.getByText('请填写隐藏原因')).toBeVisible();
    await admin.getByTestId('admin-review-reason').fill('测试隐藏');
    await admin.getByTestId('admin-review-hide-confirm').click();
    await expect(row).toContainText('已隐藏');
    await expect(row).toContainText('隐藏原因：测试隐藏');
    await adm.close();
    await co.page.goto(`/influencer/${before.influencer.id}`);
    await expect(co.page.getByTestId('detail-rating')).toHaveText(before.influencer.rating.toFixed(1));
    await expect(co.page.getByTestId('detail-review-count')).toHaveText(`${before.influencer.count} 条评价`);
  } finally {
    await co.context.close();
    await inf.context.close();
  }
});

test('a lone review is published when the 14-day window closes (English)', async ({ browser, guard }) => {
  const co = await person(browser, guard, 'company@demo.test', 'en', 1280);
  const inf = await person(browser, guard, 'influencer@demo.test', 'en', 1280);
  try {
    const dealId = await completedDeal(co.page.request, inf.page.request, `Window ${Date.now().toString(36)}`);
    await co.page.goto(`/deal/${dealId}`);
    const reviews = co.page.getByTestId('deal-reviews');
    await reviews.getByRole('radio', { name: '5 stars' }).click();
    await reviews.getByTestId('deal-review-comment-input').fill('Great host, clear product walk-through.');
    await reviews.getByTestId('deal-review-submit').click();
    await expect(reviews.getByTestId('deal-review-mine')).toContainText('Only you can see it until it is published');

    await inf.page.goto(`/deal/${dealId}`);
    await expect(inf.page.getByTestId('deal-review-waiting')).toContainText('The other side has reviewed');
    await ok(await co.page.request.post('/api/dev/clock', { data: { advanceMs: 14 * 24 * H } }), 'clock');
    await inf.page.reload();
    await expect(inf.page.getByTestId('deal-reviews')).toHaveAttribute('data-open', 'false');
    await expect(inf.page.getByTestId('deal-review-theirs')).toContainText('Great host, clear product walk-through.');
    await expect(inf.page.getByTestId('deal-review-mine')).toHaveCount(0);
    await expect(inf.page.getByTestId('deal-reviews')).toContainText('Not reviewed');
  } finally {
    await co.context.close();
    await inf.context.close();
  }
});
