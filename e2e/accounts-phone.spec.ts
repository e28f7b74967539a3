import { expect, test } from './fixtures';
import { expectResponse, signUpViaApi, smsCode, uniquePhone, wrongSmsCode } from './accounts-helpers';

test.describe('account settings: phone number', () => {
  test('a new phone number is verified with the 4-digit SMS code from the outbox and saved', async ({ page, guard }) => {
    guard.allow(/\/api\/account\/phone\/verify$/, 400);
    await signUpViaApi(page.request, 'company', 'phone');
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { level: 1, name: '账号设置' })).toBeVisible();
    await expect(page.getByTestId('settings-tab-profile')).toBeVisible();
    await expect(page.getByTestId('current-phone')).toHaveText('未设置');

    const input = page.getByTestId('phone-input');
    const code = page.getByTestId('phone-code');
    const save = page.getByTestId('phone-save');
    await expect(input).toHaveAttribute('maxlength', '11');
    await expect(code).toHaveAttribute('maxlength', '4');
    await expect(save).toBeDisabled();
    await expect(page.getByTestId('phone-verify-first')).toHaveText('请先验证手机号码');

    // format checks before anything is sent
    await page.getByTestId('phone-send').click();
    await expect(page.getByTestId('phone-status')).toHaveText('请输入手机号码');
    await input.fill('12345678901');
    await page.getByTestId('phone-send').click();
    await expect(page.getByTestId('phone-status')).toHaveText('请输入正确的手机号码格式');

    const phone = uniquePhone();
    await input.fill(phone);
    await page.getByTestId('phone-verify').click();
    await expect(page.getByTestId('code-status')).toHaveText('请输入验证码');
    await code.fill('1234');
    await page.getByTestId('phone-verify').click();
    await expect(page.getByTestId('code-status')).toHaveText('请先发送验证码');

    // send: the SMS goes to the dev outbox, the button counts down from 60 s
    await expectResponse(page, 'POST', '/api/account/phone/code', 200, () => page.getByTestId('phone-send').click());
    await expect(page.getByTestId('phone-status')).toHaveText(`短信已发送到 ${phone}，请查收！`);
    await expect(page.getByTestId('phone-send')).toHaveText(/\d+秒后重新发送/);
    await expect(page.getByTestId('phone-send')).toBeDisabled();
    const sent = await smsCode(page.request, phone);

    await code.fill(wrongSmsCode(sent));
    await expectResponse(page, 'POST', '/api/account/phone/verify', 400, () => page.getByTestId('phone-verify').click());
    await expect(page.getByTestId('code-status')).toHaveText('验证码错误，请重新输入');
    await expect(save).toBeDisabled();

    await code.fill(sent);
    await expectResponse(page, 'POST', '/api/account/phone/verify', 200, () => page.getByTestId('phone-verify').click());
    await expect(page.getByTestId('code-status')).toContainText('验证成功！');
    await expect(save).toBeEnabled();

    await expectResponse(page, 'PUT', '/api/account/phone', 200, () => save.click());
    await expect(page.getByText('个人资料已更新')).toBeVisible();
    await expect(page.getByTestId('current-phone')).toHaveText(phone);
    // a successful save resets the verification
    await expect(input).toHaveValue('');
    await expect(code).toHaveValue('');
    await expect(save).toBeDisabled();
    await expect(page.getByTestId('phone-verify-first')).toBeVisible();

    const account = (await (await page.request.get('/api/account')).json()) as { account: { phone: string | null } };
    expect(account.account.phone).toBe(phone);
  });
});
