import { apiLogin, DEMO, expect, pngBytes, test, uploadFile } from './fixtures';
import { expectResponse, uniquePhone, wrongSmsCode } from './accounts-helpers';

test.describe('developer test pages', () => {
  test('/sms-test checks the format, sends a 4-digit code shown from the outbox and verifies it', async ({ page, guard }) => {
    guard.allow(/\/api\/dev\/sms-code\/verify$/, 400);
    await page.goto('/sms-test');
    await expect(page.getByRole('heading', { level: 1, name: '短信验证码测试' })).toBeVisible();
    const phoneInput = page.getByTestId('sms-test-phone');
    await expect(phoneInput).toHaveAttribute('maxlength', '11');
    await expect(page.getByTestId('sms-test-code')).toHaveAttribute('maxlength', '4');

    await page.getByTestId('sms-test-send').click();
    await expect(page.getByTestId('sms-test-send-status')).toHaveText('请输入手机号码');
    await phoneInput.fill('1234');
    await page.getByTestId('sms-test-send').click();
    await expect(page.getByTestId('sms-test-send-status')).toHaveText('请输入正确的手机号码格式');

    const phone = uniquePhone();
    await phoneInput.fill(phone);
    await expect(page.getByTestId('sms-test-format-ok')).toBeVisible();
    await expectResponse(page, 'POST', '/api/dev/sms-code', 200, () => page.getByTestId('sms-test-send').click());
    await expect(page.getByTestId('sms-test-send-status')).toHaveText(`短信已发送到 ${phone}，请查收！`);
    const message = page.getByTestId('sms-test-message').first();
    await expect(message).toContainText(phone);
    const code = (await message.textContent())?.match(/\b(\d{4})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{4}$/);

    await page.getByTestId('sms-test-code').fill(wrongSmsCode(code));
    await expectResponse(page, 'POST', '/api/dev/sms-code/verify', 400, () => page.getByTestId('sms-test-verify').click());
    await expect(page.getByTestId('sms-test-code-status')).toHaveText('验证码错误，请重新输入');
    await page.getByTestId('sms-test-code').fill(code);
    await expectResponse(page, 'POST', '/api/dev/sms-code/verify', 204, () => page.getByTestId('sms-test-verify').click());
    await expect(page.getByTestId('sms-test-code-status')).toContainText('验证成功！');
  });

  test('the image test pages upload only for signed-in users: a visitor is asked to sign in (zh and en)', async ({ page }) => {
    for (const path of ['/image-upload-test', '/influencer-image-upload-test']) {
      await page.goto(path);
      await expect(page.getByTestId('image-test-signin')).toContainText('请先登录');
      await expect(page.getByTestId('image-test-signin')).toContainText('图片上传测试仅对已登录用户开放，登录后即可上传图片。');
      await expect(page.getByTestId('image-test-input')).toHaveCount(0);
    }
    // the server refuses a visitor's upload whatever the page shows
    const res = await page.request.post('/api/uploads?purpose=image-test', {
      multipart: { file: { name: 'x.png', mimeType: 'image/png', buffer: await pngBytes() } },
    });
    expect(res.status()).toBe(401);

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/image-upload-test');
    await expect(page.getByTestId('image-test-signin')).toContainText('Please sign in');
    await expect(page.getByTestId('image-test-signin')).toContainText('The image upload test is open to signed-in users only.');

    // signing in from the prompt brings the uploader
    await page.getByTestId('image-test-signin-button').click();
    await page.getByTestId('login-email').fill(DEMO.company);
    await page.getByTestId('login-password').fill(DEMO.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('image-test-input')).toHaveCount(1);
    await expect(page.getByTestId('image-test-signin')).toHaveCount(0);
  });

  test('/image-upload-test uploads an image and shows its URL, size, dimensions and type', async ({ page }) => {
    await apiLogin(page, DEMO.company, DEMO.password);
    await page.goto('/image-upload-test');
    await expect(page.getByRole('heading', { level: 1, name: '图片上传测试' })).toBeVisible();
    await expect(page.getByTestId('image-test-upload')).toBeDisabled();
    await uploadFile(page, page.getByTestId('image-test-input'), { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByTestId('image-test-error')).toHaveText('只能上传图片文件');

    await uploadFile(page, page.getByTestId('image-test-input'), { name: 'sample.png', mimeType: 'image/png', buffer: await pngBytes() });
    await expect(page.getByTestId('image-test-selected')).toContainText('sample.png');
    await expectResponse(page, 'POST', /\/api\/uploads\?purpose=image-test/, 200, () => page.getByTestId('image-test-upload').click());
    await expect(page.getByTestId('image-test-preview')).toBeVisible();
    await expect(page.getByTestId('image-test-url')).toHaveText(/\/uploads\//);
    await expect(page.getByTestId('image-test-size')).toHaveText(/\d+(\.\d+)? (B|KB|MB)/);
    await expect(page.getByTestId('image-test-dimensions')).toHaveText(/\d+ × \d+ 像素/);
    await expect(page.getByTestId('image-test-type')).toHaveText(/^image\//);
    // the preview really loads
    await expect.poll(() => page.getByTestId('image-test-preview').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  test('/influencer-image-upload-test takes a dropped image and previews it as an avatar', async ({ page }) => {
    await apiLogin(page, DEMO.influencer, DEMO.password);
    await page.goto('/influencer-image-upload-test');
    await expect(page.getByRole('heading', { level: 1, name: '达人头像上传测试' })).toBeVisible();
    const png = (await pngBytes()).toString('base64');
    const dataTransfer = await page.evaluateHandle((b64) => {
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'avatar.png', { type: 'image/png' }));
      return dt;
    }, png);
    await expectResponse(page, 'POST', /\/api\/uploads\?purpose=image-test/, 200, () =>
      page.getByTestId('image-test-dropzone').dispatchEvent('drop', { dataTransfer }),
    );
    await expect(page.getByTestId('image-test-preview')).toBeVisible();
    await expect(page.getByTestId('image-test-url')).toHaveText(/\/uploads\//);
    await expect(page.getByTestId('image-test-dimensions')).toHaveText(/\d+ × \d+ 像素/);
  });

  test('on a production server (dev endpoints answer 404) the pages say 仅在开发环境可用', async ({ page, guard }) => {
    guard.allow(/\/api\/dev\//, 404);
    guard.allow(/\/api\/uploads/, 404);
    const notFound = { status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'NOT_FOUND', message: '请求的资源不存在' } }) };
    await page.route('**/api/dev/**', (route) => route.fulfill(notFound));
    await page.route('**/api/uploads?purpose=image-test', (route) => route.fulfill(notFound));

    await page.goto('/sms-test');
    await page.getByTestId('sms-test-phone').fill(uniquePhone());
    await page.getByTestId('sms-test-send').click();
    await expect(page.getByTestId('sms-test-unavailable')).toContainText('仅在开发环境可用');

    await apiLogin(page, DEMO.company, DEMO.password);
    await page.goto('/image-upload-test');
    await uploadFile(page, page.getByTestId('image-test-input'), { name: 'x.png', mimeType: 'image/png', buffer: await pngBytes() });
    await page.getByTestId('image-test-upload').click();
    await expect(page.getByTestId('image-test-unavailable')).toContainText('仅在开发环境可用');
  });
});
