/**
 * 视频管理 and 联系消息 (issue 9): a video is created with a cover, shown on the home page, switched
 * off (gone from the home page), deleted; a message sent from /contact is answered from the console
 * and the answer is in the sender's mail.
 */
import { expect, pngBytes, test, uniqueEmail } from './fixtures';

test('a video is created with a cover, shown on the home page, disabled and deleted', async ({ page, adminEmail, adminPassword }) => {
  expect((await page.request.post('/api/admin/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
  const title = `管理员视频${Date.now().toString(36).slice(-5)}`;
  await page.goto('/admin?tab=videos');
  await page.getByTestId('video-add').click();
  await expect(page.getByTestId('video-save')).toBeDisabled(); // title and URL required
  await page.getByTestId('video-form-title').fill(title);
  await page.getByTestId('video-form-url').fill('/demo/clip-3.mp4');
  await page.getByTestId('video-cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await pngBytes() });
  await expect(page.getByTestId('video-cover-preview')).toHaveAttribute('src', /\/uploads\//);
  await page.getByTestId('video-pick-influencer').click();
  await page.getByTestId('picker-item').first().click();
  await page.getByTestId('video-save').click();
  await expect(page.getByText('视频创建成功')).toBeVisible();
  const row = page.getByTestId('video-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);

  // the home page shows the 4 latest videos
  await page.goto('/');
  await expect(page.getByText(title)).toBeVisible();

  await page.goto('/admin?tab=videos');
  await row.getByTestId('video-active').click();
  await expect(page.getByText('启用状态更新成功')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  await page.goto('/admin?tab=videos');
  await row.getByTestId('video-delete').click();
  await page.getByTestId('video-delete-ok').click();
  await expect(page.getByText('视频删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('videos-pager')).toContainText(/显示第 \d+ 到 \d+ 条，共 \d+ 条/);
});

test('a contact message is answered by mail from 联系消息 and marked handled', async ({ page, browser, adminEmail, adminPassword }) => {
  const email = uniqueEmail('contact');
  const subject = `咨询${Date.now().toString(36).slice(-5)}`;
  const ctx = await browser.newContext();
  const sender = await ctx.newPage();
  const sent = await sender.request.post('/api/contact', { data: { name: '赵先生', email, subject, message: '请问如何入驻？', userType: 'general' } });
  expect(sent.status(), await sent.text()).toBe(200);
  await ctx.close();

  expect((await page.request.post('/api/admin/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
  await page.goto('/admin?tab=contact');
  const row = page.getByTestId('contact-row').filter({ hasText: subject });
  await row.getByTestId('contact-view').click();
  await expect(page.getByTestId('contact-detail')).toContainText('请问如何入驻？');
  await page.getByTestId('contact-reply').fill('您好，注册后完善资料即可入驻。');
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('回复已发送')).toBeVisible();
  await expect(row).toContainText('已回复');
  const mail = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { items: { body: string }[] };
  expect(mail.items.map((m) => m.body).join('\n')).toContain('您好，注册后完善资料即可入驻。');
  await row.getByTestId('contact-view').click();
  await page.getByTestId('contact-close').click();
  await expect(row).toContainText('已处理');
});
