/**
 * 视频管理 and 联系消息 (issue 9): the video form's rules (nothing stored on bad input), covers from the
 * product's own storage (admins only), the influencer picker linking a video, switches saved at once,
 * the home page following, deletion; contact messages listed, closed and answered by mail; every
 * write in the audit log.
 */
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeInfluencer, makeVideoCategory } from '../../db/factories';
import { adminLogs, contactMessages, outbox, videos } from '../../db/schema';
import { Client, createTestApp, errorOf, pngBytes, upload, type TestApp, delivered } from '../../test/harness';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' });
  const a = await makeAdmin(t.app.ctx.db, { permissions: ['content_moderation', 'user_management'] });
  admin = new Client(t.app);
  expect((await admin.post('/api/auth/login', { email: a.email, password: 'secret123' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});
const lastLog = async (targetId: string) =>
  (await t.app.ctx.db.select().from(adminLogs).where(eq(adminLogs.targetId, targetId)).orderBy(desc(adminLogs.createdAt)).limit(1))[0];

describe('视频管理', () => {
  it('refuses a form without title, without a playable URL, with a bad duration or rating — and stores nothing', async () => {
    const [{ n: before }] = await t.app.ctx.db.select({ n: count() }).from(videos);
    const bad: [unknown, string][] = [
      [{ title: ' ', videoUrl: '/demo/clip-1.mp4' }, 'VIDEO_TITLE_REQUIRED'],
      [{ title: '标题' }, 'VIDEO_URL_REQUIRED'],
      [{ title: '标题', videoUrl: 'https://example.com/page.html' }, 'VIDEO_URL_UNPLAYABLE'],
      [{ title: '标题', videoUrl: '/demo/clip-1.mp4', duration: '2分35秒' }, 'VIDEO_DURATION_INVALID'],
      [{ title: '标题', videoUrl: '/demo/clip-1.mp4', influencerRating: 5.5 }, 'VIDEO_RATING_INVALID'],
      [{ title: '标题', videoUrl: '/demo/clip-1.mp4', influencerRating: 4.55 }, 'VIDEO_RATING_INVALID'],
      [{ title: '标题', videoUrl: '/demo/clip-1.mp4', sortOrder: -1 }, 'SORT_ORDER_INVALID'],
      [{ title: '标题', videoUrl: '/demo/clip-1.mp4', categoryId: 999999 }, 'VIDEO_CATEGORY_INVALID'],
    ];
    for (const [body, code] of bad) expect(errorOf(await admin.post('/api/admin/videos', body)).code, JSON.stringify(body)).toBe(code);
    const [{ n: after }] = await t.app.ctx.db.select({ n: count() }).from(videos);
    expect(after).toBe(before);
  });

  it('creates a video with a cover and an influencer, shows it on the home page, toggles it off, deletes it', async () => {
    const db = t.app.ctx.db;
    const cat = await makeVideoCategory(db, { name: '美妆' });
    const { influencer } = await makeInfluencer(db, { nickname: '封面达人', followersCount: 125000, rating: 4.8 });
    // the cover goes through the product's own storage, for admins only
    const png = await pngBytes(64, 48);
    const member = new Client(t.app);
    await member.post('/api/auth/login', { email: (await makeInfluencer(db)).user.email, password: 'secret123' });
    expect(errorOf(await upload(member, 'video-cover', png, 'c.png')).status).toBe(403);
    const cover = await upload(admin, 'video-cover', png, 'cover.png');
    expect(cover.statusCode, cover.body).toBe(200);

    const res = await admin.post('/api/admin/videos', {
      title: '新品口红试色',
      videoUrl: 'https://www.bilibili.com/video/BV1xx411c7mD',
      categoryId: cat.id,
      duration: '2:35',
      posterUploadId: cover.json().id,
      influencerId: influencer.id,
      tags: ' 美妆 , 口红,, ',
      viewsCount: 1200,
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      posterUrl: cover.json().url,
      influencerId: influencer.id,
      influencerName: '封面达人',
      influencerFollowers: '125000',
      influencerRating: 4.8,
      tags: ['美妆', '口红'],
      categoryName: '美妆',
      isActive: true,
    });
    expect((await lastLog(v.id)).actionType).toBe('video_create');
    const home = async () => (await new Client(t.app).get('/api/videos?limit=4&sort=latest')).json().items.map((x: { id: string }) => x.id) as string[];
    expect(await home()).toContain(v.id);

    const off = await admin.request({ method: 'PATCH', url: `/api/admin/videos/${v.id}/toggle`, payload: { field: 'isActive', value: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: v.id, isActive: false });
    expect(await home()).not.toContain(v.id);
    expect(await lastLog(v.id)).toMatchObject({ actionType: 'video_toggle', before: { isActive: true }, after: { isActive: false } });
    const list = (await admin.get('/api/admin/videos?active=false')).json();
    expect(list.items.map((x: { id: string }) => x.id)).toContain(v.id);
    expect(list.counters.inactive).toBeGreaterThanOrEqual(1);

    // edit keeps the cover unless removed
    const edit = await admin.request({
      method: 'PUT',
      url: `/api/admin/videos/${v.id}`,
      payload: { title: '新品口红试色（改）', videoUrl: '/demo/clip-2.mp4', influencerId: influencer.id },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ title: '新品口红试色（改）', posterUrl: cover.json().url, isActive: true });
    expect((await lastLog(v.id)).after).toMatchObject({ title: '新品口红试色（改）', videoUrl: '/demo/clip-2.mp4' });

    expect((await admin.request({ method: 'DELETE', url: `/api/admin/videos/${v.id}` })).statusCode).toBe(204);
    expect(errorOf(await admin.request({ method: 'DELETE', url: `/api/admin/videos/${v.id}` }))).toMatchObject({ status: 404, code: 'VIDEO_NOT_FOUND' });
    expect((await lastLog(v.id)).actionType).toBe('video_delete');
  });

  it('a cover must be an admin upload of purpose video-cover', async () => {
    const db = t.app.ctx.db;
    const other = await makeAdmin(db);
    const c2 = new Client(t.app);
    await c2.post('/api/auth/login', { email: other.email, password: 'secret123' });
    const theirs = await upload(c2, 'video-cover', await pngBytes(16, 16), 'x.png');
    expect(errorOf(await admin.post('/api/admin/videos', { title: 't', videoUrl: '/demo/clip-1.mp4', posterUploadId: theirs.json().id }))).toMatchObject({
      code: 'VIDEO_COVER_INVALID',
    });
  });

  it('the picker lists registered influencers by nickname', async () => {
    await makeInfluencer(t.app.ctx.db, { nickname: 'aaa-首位' });
    const list = (await admin.get('/api/admin/influencer-picker')).json().items as { nickname: string }[];
    expect(list.length).toBeGreaterThan(0);
    const names = list.map((i) => i.nickname);
    expect([...names].sort((a, b) => a.localeCompare(b))).toBeTruthy();
    expect(names).toContain('aaa-首位');
  });

  it('the picker pages in SQL: a true total, the next page continues by nickname (decision 0056)', async () => {
    for (const n of ['pick-b', 'pick-a', 'pick-c']) await makeInfluencer(t.app.ctx.db, { nickname: n });
    // a suspended influencer is not offered
    await makeInfluencer(t.app.ctx.db, { nickname: 'pick-0', status: 'suspended' });
    const all = (await admin.get('/api/admin/influencer-picker')).json();
    expect(all.total).toBe(all.items.length);
    const names = all.items.map((i: { nickname: string }) => i.nickname) as string[];
    expect(names).toEqual(expect.arrayContaining(['pick-a', 'pick-b', 'pick-c']));
    expect(names).not.toContain('pick-0');
    const first = (await admin.get('/api/admin/influencer-picker?limit=2')).json();
    const second = (await admin.get('/api/admin/influencer-picker?limit=2&page=2')).json();
    expect(first).toMatchObject({ total: all.total, page: 1, limit: 2 });
    expect(second).toMatchObject({ total: all.total, page: 2, limit: 2 });
    expect([...first.items, ...second.items].map((i: { id: string }) => i.id)).toEqual(all.items.slice(0, 4).map((i: { id: string }) => i.id));
  });
});

describe('联系消息', () => {
  it('lists newest first, replies by mail (stored, status replied), closes; both audited', async () => {
    const sent = await new Client(t.app).post('/api/contact', {
      name: '李女士',
      email: 'li@example.com',
      subject: '合作咨询',
      message: '想了解入驻流程',
      userType: 'company',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const list = (await admin.get('/api/admin/contact-messages?status=new')).json();
    const m = list.items.find((i: { email: string }) => i.email === 'li@example.com');
    expect(m).toMatchObject({ subject: '合作咨询', status: 'new' });
    expect(errorOf(await admin.post(`/api/admin/contact-messages/${m.id}/reply`, { message: ' ' }))).toMatchObject({ code: 'MESSAGE_REQUIRED' });
    const replied = await admin.post(`/api/admin/contact-messages/${m.id}/reply`, { message: '您好，入驻流程如下……' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ status: 'replied', reply: '您好，入驻流程如下……' });
    const [mail] = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, 'li@example.com')).orderBy(desc(outbox.createdAt)).limit(1);
    expect(mail.body).toContain('您好，入驻流程如下');
    expect((await lastLog(m.id)).actionType).toBe('contact_reply');
    const closed = await admin.post(`/api/admin/contact-messages/${m.id}/close`);
    expect(closed.json().status).toBe('closed');
    const [row] = await t.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, m.id));
    expect(row.handledAt).toBeTruthy();
  });
});
