/**
 * The deal conversation, live, in two browsers (issue 11): the company writes in 消息中心 and the
 * influencer's open deal page shows it without a reload; the reply with an image arrives the same way;
 * 已读 appears when the other side reads; the header's unread badge follows, in zh-CN and en.
 */
import AxeBuilder from '@axe-core/playwright';
import { acceptedDeal, person } from './dealHelpers';
import { DEMO, expect, pngBytes, test } from './fixtures';

test.describe.configure({ timeout: 180_000 });

test('two browsers exchange messages live in a deal’s conversation; 已读 and the header badge follow', async ({ browser, guard, baseURL }) => {
  const co = await person(browser, guard, baseURL!, DEMO.company, 'zh-CN');
  const inf = await person(browser, guard, baseURL!, DEMO.influencer, 'en');
  try {
    const title = `消息直播${Date.now().toString(36)}`;
    const dealId = await acceptedDeal(co.page.request, inf.page.request, title, 300_000);

    // the influencer has the deal open (English)
    await inf.page.goto(`/deal/${dealId}`);
    const infThread = inf.page.getByTestId('deal-conversation');
    await expect(infThread).toContainText('Deal conversation');

    // the company writes from 消息中心
    await co.page.goto('/messages');
    const item = co.page.getByTestId('conversation-item').filter({ hasText: title });
    await expect(item).toContainText('订单');
    await item.click();
    const coThread = co.page.getByTestId('conversation');
    await expect(coThread.getByTestId('conversation-deal-link')).toContainText(title);
    await co.page.getByTestId('reply-send').click();
    await expect(coThread.getByRole('alert')).toHaveText('请输入消息内容');
    await co.page.getByTestId('reply-message').fill('您好，样品明天寄出，请注意查收');
    await co.page.getByTestId('reply-send').click();
    await expect(co.page.getByTestId('reply-message')).toHaveValue('');

    // …and it appears on the influencer's open page without a reload; reading it shows 已读 to the company
    await expect(infThread.getByTestId('message').last()).toContainText('您好，样品明天寄出');
    await expect(coThread.getByTestId('message-read')).toContainText('已读');

    // the influencer answers with an image; the company's open thread shows it live
    await infThread.getByTestId('message-images-input').setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: await pngBytes() });
    await expect(infThread.locator('.msg-images--draft img')).toHaveCount(1);
    await inf.page.getByTestId('reply-message').fill('Got it, thanks! Here is my live room setup.');
    await inf.page.getByTestId('reply-send').click();
    const last = coThread.getByTestId('message').last();
    await expect(last).toContainText('Here is my live room setup');
    await expect(last.getByTestId('message-image')).toBeVisible();
    await expect.poll(() => last.getByTestId('message-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // away from the conversation, the header badge counts what arrives
    await inf.page.goto('/tasks');
    await expect(inf.page.getByTestId('header-messages')).toBeVisible();
    await expect(inf.page.getByTestId('messages-count')).toHaveCount(0);
    await co.page.getByTestId('reply-message').fill('直播时间定在周五晚上八点可以吗？');
    await co.page.getByTestId('reply-send').click();
    await expect(inf.page.getByTestId('messages-count')).toHaveText('1');
    await expect(inf.page.getByTestId('header-messages')).toHaveAttribute('aria-label', 'Messages, 1 unread');
    await inf.page.getByTestId('header-messages').click();
    const infItem = inf.page.getByTestId('conversation-item').filter({ hasText: title });
    await expect(infItem).toContainText('1');
    await infItem.click();
    await expect(inf.page.getByTestId('conversation').getByTestId('message').last()).toContainText('周五晚上八点');
    await expect(inf.page.getByTestId('messages-count')).toHaveCount(0);
    const a11y = await new AxeBuilder({ page: inf.page }).include('main').analyze();
    expect(a11y.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // at 390 px nothing overflows sideways
    expect(await inf.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await co.context.close();
    await inf.context.close();
  }
});
