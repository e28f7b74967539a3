import { DEMO, apiLogin, choose, expect, pngBytes, test, uploadFile } from './fixtures';
import { expectResponse, signUpViaApi } from './accounts-helpers';

test.describe('influencer profile and supplement form', () => {
  test('a new influencer completes /materials, then edits the profile (avatar, categories, tags)', async ({ page, guard }) => {
    test.setTimeout(240_000);
    guard.allow(/\/api\/influencers\/me\/materials$/, 500);
    await signUpViaApi(page.request, 'influencer', 'mat');

    // new influencers are not approved yet: the pending-review notice with the submission time
    await page.goto('/influencer-profile');
    await expect(page.getByRole('heading', { level: 1, name: '达人资料' })).toBeVisible();
    const pending = page.getByTestId('pending-review');
    await expect(pending).toContainText('审核通常需要1-3个工作日');
    await expect(page.getByTestId('pending-review-time')).toHaveText(/提交时间：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await expect(page.getByTestId('influencer-status')).toHaveText('状态：活跃');
    await expect(page.getByTestId('unverified-badge')).toHaveText('未认证');
    await expect(page.getByTestId('profile-checklist-supplement')).toHaveAttribute('data-done', 'false');
    await expect(page.getByTestId('stat-followers').locator('.acc-stat__value')).toHaveText('0');

    await page.getByTestId('profile-materials-link').click();
    await expect(page).toHaveURL(/\/materials$/);
    for (const title of ['基本信息', 'TikTok 账号信息', '专业信息', '直播信息']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByTestId('materials-phone')).toHaveAttribute('type', 'tel');
    await expect(page.getByTestId('materials-tiktok-url')).toHaveAttribute('type', 'url');
    await expect(page.getByTestId('materials-tiktok-followers')).toHaveAttribute('type', 'number');
    await expect(page.getByTestId('materials-engagement')).toHaveAttribute('step', '0.01');
    await expect(page.getByText('请先写星期，再写时间段，例如：周二, 20:00-24:00')).toBeVisible();

    // required fields are checked before anything is sent
    await page.getByTestId('materials-save').click();
    await expect(page.getByText('请填写此字段').first()).toBeVisible();
    await expect(page.getByText('请输入手机号码')).toBeVisible();

    await page.getByTestId('materials-first-name').fill('张');
    await page.getByTestId('materials-last-name').fill('小美');
    await page.getByTestId('materials-phone').fill('13800138000');
    await page.getByTestId('materials-nickname').fill('小美直播间');
    await page.getByTestId('materials-location').fill('杭州');
    await page.getByTestId('materials-tiktok-account').fill('@xiaomei_live');
    await page.getByTestId('materials-tiktok-url').fill('not a url');
    await page.getByTestId('materials-tiktok-followers').fill('52000');
    await page.getByTestId('materials-avg-plays').fill('12000');
    await page.getByTestId('materials-engagement').fill('5.25');
    await page.getByTestId('materials-tiktok-shop').check();
    await page.getByTestId('materials-hourly-rate').fill('60');
    await page.getByTestId('materials-experience').fill('2.5');
    await page.getByTestId('materials-categories').getByLabel('美妆').check();
    await page.getByTestId('materials-categories').getByLabel('厨房用品').check();
    // tags: Enter or the button; empty ignored; removable
    await page.getByTestId('materials-tag-input').fill('口播');
    await page.getByTestId('materials-tag-input').press('Enter');
    await page.getByTestId('materials-tag-input').fill('测评');
    await page.getByTestId('materials-tag-add').click();
    await page.getByTestId('materials-tag-input').fill('   ');
    await page.getByTestId('materials-tag-add').click();
    await page.getByTestId('materials-tag-input').fill('临时');
    await page.getByTestId('materials-tag-add').click();
    const tagList = page.getByTestId('materials-tag-list');
    await expect(tagList.getByRole('listitem')).toHaveCount(3);
    await tagList.getByRole('button', { name: '移除 临时' }).click();
    await expect(tagList.getByRole('listitem')).toHaveText(['口播', '测评']);
    await choose(page, page.getByTestId('materials-venue'), '专业直播间');
    await page.getByTestId('materials-schedule').fill('周二, 20:00-24:00');
    await page.getByTestId('materials-bilingual').check();
    await page.getByTestId('materials-languages').getByLabel('中文').check();
    await page.getByTestId('materials-languages').getByLabel('英语').check();

    // a bad URL is refused in the browser
    await page.getByTestId('materials-save').click();
    await expect(page.getByText('请输入有效的网址')).toBeVisible();
    await page.getByTestId('materials-tiktok-url').fill('https://www.tiktok.com/@xiaomei_live');

    // a failing save shows 更新失败，请重试 in a red banner
    await page.route('**/api/influencers/me/materials', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: '操作失败，请重试' } }) }),
    );
    await page.getByTestId('materials-save').click();
    await expect(page.getByTestId('materials-error')).toContainText('更新失败，请重试');
    await page.unroute('**/api/influencers/me/materials');

    // 保存中... while saving, then 资料更新成功！ and /influencer-profile after 2 s
    await page.route('**/api/influencers/me/materials', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await expectResponse(page, 'PUT', '/api/influencers/me/materials', 200, async () => {
      await page.getByTestId('materials-save').click();
      await expect(page.getByTestId('materials-save')).toContainText('保存中...');
    });
    await expect(page.getByTestId('materials-success')).toContainText('资料更新成功！');
    await expect(page).toHaveURL(/\/materials$/);
    await expect(page).toHaveURL(/\/influencer-profile$/, { timeout: 10_000 });

    // the view shows what was saved
    await expect(page.getByTestId('profile-view-nickname')).toHaveText('小美直播间');
    await expect(page.getByTestId('profile-view-real-name')).toHaveText('张小美');
    await expect(page.getByTestId('profile-view-rate')).toHaveText('$60.00/小时');
    await expect(page.getByTestId('profile-view-experience')).toHaveText('2.5 年');
    await expect(page.getByTestId('profile-view-categories').getByRole('listitem')).toHaveText(['美妆', '厨房用品']);
    await expect(page.getByTestId('profile-view-tags').getByRole('listitem')).toHaveText(['口播', '测评']);
    await expect(page.getByTestId('profile-checklist-supplement')).toHaveAttribute('data-done', 'true');
    // 粉丝数 is the TikTok follower count entered on /materials (issue 10 item 17), also after a reload
    await expect(page.getByTestId('stat-followers').locator('.acc-stat__value')).toHaveText('52,000');
    await page.reload();
    await expect(page.getByTestId('stat-followers')).toContainText('粉丝数');
    await expect(page.getByTestId('stat-followers').locator('.acc-stat__value')).toHaveText('52,000');

    // the prefilled form shows the saved values again
    await page.goto('/materials');
    await expect(page.getByTestId('materials-phone')).toHaveValue('13800138000');
    await expect(page.getByTestId('materials-engagement')).toHaveValue('5.25');
    await expect(page.getByTestId('materials-tiktok-shop')).toBeChecked();
    await expect(page.getByTestId('materials-languages').getByLabel('英语')).toBeChecked();
    await page.getByTestId('materials-back').click();

    // ---- edit mode of /influencer-profile
    await page.getByTestId('profile-edit').click();
    const nickname = page.getByTestId('profile-nickname');
    await expect(nickname).toHaveValue('小美直播间');
    await nickname.fill('   ');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('昵称不能为空')).toBeVisible();
    await nickname.fill('小美爱直播');

    // categories from the fixed list; a repeat is refused
    await choose(page, page.getByTestId('category-select'), '美妆护肤');
    await page.getByTestId('category-add').click();
    await choose(page, page.getByTestId('category-select'), '美妆护肤');
    await page.getByTestId('category-add').click();
    await expect(page.getByTestId('category-error')).toHaveText('该分类已存在');
    await expect(page.getByTestId('category-list').getByRole('listitem')).toHaveText(['美妆', '厨房用品', '美妆护肤']);
    // tags: free text; a repeat is refused, an empty one ignored
    await page.getByTestId('tag-input').fill('测评');
    await page.getByTestId('tag-add').click();
    await expect(page.getByTestId('tag-error')).toHaveText('该标签已存在');
    await page.getByTestId('tag-input').fill('种草');
    await page.getByTestId('tag-input').press('Enter');
    await expect(page.getByTestId('tag-list').getByRole('listitem')).toHaveText(['口播', '测评', '种草']);

    await page.getByTestId('profile-rate').fill('-5');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('时薪不能小于0')).toBeVisible();
    await page.getByTestId('profile-rate').fill('80');
    await expect(page.getByTestId('profile-experience')).toHaveAttribute('step', '0.1');
    await page.getByTestId('profile-experience').fill('3.5');
    await page.getByTestId('profile-bio').fill('专注美妆直播三年');

    // avatar: images only, uploaded with progress
    await uploadFile(page, page.getByTestId('profile-avatar-upload'), { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('profile-avatar-upload-error')).toHaveText('只能上传图片文件');
    const png = await pngBytes();
    await expectResponse(page, 'POST', /\/api\/uploads\?purpose=avatar/, 200, () =>
      uploadFile(page, page.getByTestId('profile-avatar-upload'), { name: 'me.png', mimeType: 'image/png', buffer: png }),
    );
    await expect(page.getByText('新图片已上传，保存后生效')).toBeVisible();

    await expectResponse(page, 'PUT', '/api/influencers/me', 200, () => page.getByTestId('profile-save').click());
    await expect(page.getByText('资料保存成功！')).toBeVisible();
    await expect(page.getByTestId('profile-view')).toBeVisible();
    await expect(page.getByTestId('profile-edit-form')).toHaveCount(0);
    await expect(page.getByTestId('profile-view-nickname')).toHaveText('小美爱直播');
    await expect(page.getByTestId('profile-view-rate')).toHaveText('$80.00/小时');
    await expect(page.getByTestId('profile-view-experience')).toHaveText('3.5 年');
    await expect(page.getByTestId('profile-view-bio')).toHaveText('专注美妆直播三年');
    await expect(page.getByTestId('profile-view-categories').getByRole('listitem')).toHaveText(['美妆', '厨房用品', '美妆护肤']);
    await expect(page.getByTestId('profile-avatar')).toHaveAttribute('src', /\/uploads\//);

    // persisted on the server
    const me = (await (await page.request.get('/api/influencers/me')).json()) as {
      profile: { nickname: string; hourlyRateCents: number; tags: string[]; avatarUrl: string | null };
    };
    expect(me.profile.nickname).toBe('小美爱直播');
    expect(me.profile.hourlyRateCents).toBe(8000);
    expect(me.profile.tags).toEqual(['口播', '测评', '种草']);
    expect(me.profile.avatarUrl).toMatch(/\/uploads\//);
    await page.screenshot({ path: test.info().outputPath('influencer-profile.png'), fullPage: true });
  });

  test('visitors and other account types are refused with the spec messages', async ({ page, guard }) => {
    guard.allow(/\/api\/influencers\/me$/, 401);
    // a visitor: /materials sends to /login-test, /influencer-profile asks to sign in
    await page.goto('/materials');
    await expect(page).toHaveURL(/\/login-test$/);
    await page.goto('/influencer-profile');
    await expect(page.getByRole('heading', { name: '请先登录后再访问个人中心' })).toBeVisible();
    await page.getByTestId('login-required-signin').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    // a company: 权限不足 / 只有达人用户可以访问此页面 (decided before any profile call)
    await apiLogin(page, DEMO.company, DEMO.password);
    let profileCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/influencers/me')) profileCalls++;
    });
    await page.goto('/influencer-profile');
    await expect(page.getByTestId('access-denied')).toContainText('权限不足');
    await expect(page.getByTestId('access-denied')).toContainText('只有达人用户可以访问此页面');
    await page.goto('/materials');
    await expect(page.getByTestId('access-denied')).toContainText('只有达人用户可以访问此页面');
    expect(profileCalls).toBe(0);
  });
});
