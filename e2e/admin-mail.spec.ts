/**
 * 系统设置 → 邮件 (issue 29, decision 0040): the admin sees what waits and what failed, in both languages, on a
 * phone and on a desktop. (Failing and resending is tested against a real SMTP server in
 * src/server/features/mail/smtp.test.ts; this server mails to the outbox, which never fails.)
 */
import { expect, test } from './fixtures';

test('the mail card of 系统设置 shows the queue in zh-CN and en, at 390 px and on a desktop', async ({ page, adminEmail, adminPassword }) => {
  expect((await page.request.post('/api/admin/login', { data: { email: adminEmail, password: adminPassword } })).status()).toBe(200);
  for (const lang of ['zh-CN', 'en'] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((l) => localStorage.setItem('lang', l === 'en' ? 'en' : 'zh-CN'), lang).catch(() => undefined);
      await page.goto('/admin?tab=settings');
      await page.evaluate((l) => localStorage.setItem('lang', l === 'en' ? 'en' : 'zh-CN'), lang);
      await page.reload();
      const card = page.getByTestId('mail-queue');
      await expect(card).toBeVisible();
      await expect(card).toContainText(lang === 'en' ? 'No failed mail' : '没有发送失败的邮件');
      await expect(page.getByTestId('mail-failed')).toContainText(lang === 'en' ? 'Failed: 0 mails' : '发送失败：0 封');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await card.screenshot({ path: test.info().outputPath(`mail-${lang}-${width}.png`) });
    }
  }
});
