/**
 * Notifications are a type with params, rendered in the reader's language: the bell reads params,
 * mail goes out in the language the recipient last chose (PUT /api/notifications/locale).
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNotification } from '../../../shared/notifications';
import { makeUser } from '../../db/factories';
import { notifications, outbox } from '../../db/schema';
import { Client, createTestApp, errorOf, type TestApp } from '../../test/harness';
import { sendQueuedMail } from '../../platform/mailQueue';
import { addNotifications, queueNotificationMails, type NewNotification } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn() {
  const user = await makeUser(t.app.ctx.db, { userType: 'company' });
  const c = new Client(t.app);
  expect((await c.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  return { user, c };
}

/** queues the notifications' mail and sends it (the worker's round) */
const mailNotifications = async (list: NewNotification[]) => {
  await queueNotificationMails(t.app.ctx.db, list);
  await sendQueuedMail(t.app.ctx);
};
const lastMail = async (to: string) => (await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1))[0];

describe('notifications as type + params', () => {
  it('renders each known type in zh and en; unknown types fall back to the stored text', () => {
    const n = { type: 'application_received', params: { influencer: '小王', task: '春季新品', rateCents: 30_000 } };
    expect(renderNotification(n, 'zh')).toEqual({ title: '收到新的任务申请', body: '达人「小王」申请了任务「春季新品」，报价 $300.00。' });
    expect(renderNotification(n, 'en')).toEqual({ title: 'New application', body: '小王 applied for "春季新品" with a quote of $300.00.' });
    expect(renderNotification({ type: 'task_cancelled', params: { task: 'T' } }, 'en').body).toBe('The company cancelled the task "T".');
    // params that do not fit the type (or an unknown type): the stored zh text
    expect(renderNotification({ type: 'task_cancelled', params: {}, title: '旧', body: '旧文本' }, 'en')).toEqual({ title: '旧', body: '旧文本' });
    expect(renderNotification({ type: 'something_new', params: { a: 1 }, title: 'x', body: 'y' }, 'en')).toEqual({ title: 'x', body: 'y' });
  });

  it('stores type + params (and the zh text), and the list answers the params', async () => {
    const { user, c } = await signedIn();
    await addNotifications(t.app.ctx.db, [{ userId: user.id, type: 'task_completed', params: { task: '直播A' }, link: '/task/x' }]);
    const [row] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(row).toMatchObject({ type: 'task_completed', params: { task: '直播A' }, title: '任务已完成', body: '任务「直播A」已被企业标记为完成。' });
    const res = await c.get('/api/notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ type: 'task_completed', params: { task: '直播A' }, link: '/task/x' });

    // reading one answers it read and the unread left; reading all answers how many it marked
    await addNotifications(t.app.ctx.db, [{ userId: user.id, type: 'task_completed', params: { task: '直播B' }, link: '/task/y' }]);
    const one = await c.post(`/api/notifications/${row.id}/read`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ notification: { id: row.id, readAt: expect.any(String) }, unreadCount: 1 });
    expect((await c.post(`/api/notifications/${row.id}/read`)).json().unreadCount).toBe(1);
    expect((await c.post('/api/notifications/read-all')).json()).toEqual({ marked: 1, unreadCount: 0 });
    expect((await c.post('/api/notifications/read-all')).json()).toEqual({ marked: 0, unreadCount: 0 });
    const stranger = await signedIn();
    expect(errorOf(await stranger.c.post(`/api/notifications/${row.id}/read`))).toMatchObject({ status: 404, code: 'NOTIFICATION_NOT_FOUND' });
  });

  it('mail is written in the language the recipient chose (zh by default)', async () => {
    const { user, c } = await signedIn();
    const note = [{ userId: user.id, type: 'application_accepted' as const, params: { task: 'Spring launch' }, link: '/task/1' }];
    await mailNotifications(note);
    expect(await lastMail(user.email)).toMatchObject({ subject: '【直播带货平台】您的申请已通过' });

    const set = await c.request({ method: 'PUT', url: '/api/notifications/locale', payload: { locale: 'en' } });
    expect([set.statusCode, set.json()]).toEqual([200, { locale: 'en' }]);
    await mailNotifications(note);
    const mail = await lastMail(user.email);
    expect(mail.subject).toBe('[Live-commerce marketplace] Your application was accepted');
    expect(mail.body).toContain('Congratulations! Your application for "Spring launch" was accepted.');
  });

  it("signing in takes the browser's language (its lang cookie) for mail: the app sends nothing after a sign-in", async () => {
    const user = await makeUser(t.app.ctx.db, { userType: 'company' });
    const note = [{ userId: user.id, type: 'application_accepted' as const, params: { task: 'Spring launch' }, link: '/task/1' }];
    const english = new Client(t.app);
    english.cookies.set('lang', 'en');
    expect((await english.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    await mailNotifications(note);
    expect((await lastMail(user.email)).subject).toBe('[Live-commerce marketplace] Your application was accepted');
    // a browser in the default language (no cookie) makes it Chinese again
    expect((await new Client(t.app).post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    await mailNotifications(note);
    expect((await lastMail(user.email)).subject).toBe('【直播带货平台】您的申请已通过');
  });

  it('the locale must be zh-CN or en; visitors are refused', async () => {
    const { c } = await signedIn();
    expect((await c.request({ method: 'PUT', url: '/api/notifications/locale', payload: { locale: 'fr' } })).statusCode).toBe(400);
    const visitor = new Client(t.app);
    expect((await visitor.request({ method: 'PUT', url: '/api/notifications/locale', payload: { locale: 'en' } })).statusCode).toBe(401);
  });
});
