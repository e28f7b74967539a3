/**
 * Conversations (contact and deal), images, unread counts, the away mail (a job under a controllable
 * clock) and live delivery: the hub hears only committed messages, the SSE stream carries them to an
 * open page, and on PostgreSQL a notification crosses to another instance's listener.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../shared/schemas/messages';
import { openDatabase, queryRows } from '../../db/client';
import { makeAdmin, makeCompany, makeInfluencer, makeTaskCategory, fundWallet } from '../../db/factories';
import { conversationMessages, conversations, deals, notifications, outbox, userSettings } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { runDueJobs } from '../../platform/jobs';
import { publish, REALTIME_CHANNEL } from '../../platform/realtime';
import { hashPassword } from '../auth';
import { Client, createTestApp, errorOf, pngBytes, signedIn, upload, type TestApp, delivered } from '../../test/harness';
import { AWAY_MAIL_MINUTES } from './service';

const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
let hash: string;
let categoryId: string;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  hash = await hashPassword('secret123');
  categoryId = (await makeTaskCategory(db(), { name: '美妆' })).id;
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string) => signedIn(t.app, email);

/** an accepted application: the deal and its conversation */
async function dealSetup() {
  const co = await makeCompany(db(), { companyName: '花漾美妆', user: { passwordHash: hash } });
  // the company's wallet pays the fee into escrow at acceptance (decision 0022)
  await fundWallet(db(), { userId: co.user.id, userType: 'company', cents: 1_000_000 });
  const inf = await makeInfluencer(db(), { nickname: '小美', isApproved: true, user: { passwordHash: hash } });
  const c = await login(co.user.email);
  const i = await login(inf.user.email);
  const task = (
    await c.post('/api/tasks', {
      title: '口红新品直播',
      description: '新品口红直播推广',
      categoryId,
      budgetMinCents: 100_000,
      budgetMaxCents: 300_000,
      liveDate: new Date(clock.nowMs() + 7 * 24 * H).toISOString(),
    })
  ).json().task;
  const applied = await i.post('/api/task-applications', { taskId: task.id, proposedRateCents: 250_000, message: '期待合作' });
  const appId = applied.json().application?.id ?? applied.json().id;
  expect((await c.post(`/api/task-applications/${appId}/accept`)).statusCode).toBe(200);
  const [deal] = await db().select().from(deals).where(eq(deals.taskId, task.id));
  const convId = (await c.get(`/api/deals/${deal.id}`)).json().conversationId as string;
  return { co, inf, c, i, deal, convId };
}

describe('deal conversations', () => {
  it('accepting creates the deal’s conversation; both sides write text and images; strangers, visitors and admins without 任务管理 cannot read it', async () => {
    const s = await dealSetup();
    expect(s.convId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await s.i.get(`/api/deals/${s.deal.id}`)).json().conversationId).toBe(s.convId);
    const list = (await s.i.get('/api/conversations')).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: s.convId,
      deal: { id: s.deal.id, taskTitle: '口红新品直播', status: 'accepted' },
      company: { name: '花漾美妆' },
      unread: 0,
    });

    const url = `/api/conversations/${s.convId}/messages`;
    // bad input changes nothing
    expect(errorOf(await s.c.post(url, { message: '  ' }))).toMatchObject({ status: 400, code: 'MESSAGE_REQUIRED', message: '请输入消息内容' });
    expect(errorOf(await s.c.post(url, {}))).toMatchObject({ status: 400, code: 'MESSAGE_REQUIRED' });
    const theirs = (await upload(s.i, 'deal-file', await pngBytes(), 'x.png', 'image/png')).json().id as string;
    expect(errorOf(await s.c.post(url, { message: '看图', images: [theirs] })).code).toBe('DEAL_IMAGE_INVALID');
    const ids = [];
    for (let k = 0; k < 5; k++) ids.push((await upload(s.c, 'deal-file', await pngBytes(8 + k), `p${k}.png`, 'image/png')).json().id as string);
    expect(errorOf(await s.c.post(url, { images: ids })).code).toBe('MESSAGE_TOO_MANY_IMAGES');
    expect(await db().select().from(conversationMessages).where(eq(conversationMessages.conversationId, s.convId))).toEqual([]);

    // a message of images only, then text
    expect((await s.c.post(url, { images: ids.slice(0, 2) })).statusCode).toBe(200);
    clock.advance(1000);
    expect((await s.c.post(url, { message: '样品明天寄出' })).statusCode).toBe(200);
    expect((await s.i.get('/api/conversations/unread')).json()).toEqual({ count: 2 });
    const summary = (await s.i.get('/api/conversations')).json().items[0];
    expect(summary).toMatchObject({ unread: 2, lastMessage: '样品明天寄出', lastMessageImages: false });

    const view = (await s.i.get(`/api/conversations/${s.convId}`)).json();
    expect(view.viewer).toBe('influencer');
    expect(view.canSend).toBe(true);
    expect(view.messages.map((m: { body: string; images: string[]; from: string; mine: boolean }) => [m.body, m.images.length, m.from, m.mine])).toEqual([
      ['', 2, 'company', false],
      ['样品明天寄出', 0, 'company', false],
    ]);
    expect((await s.i.get('/api/conversations/unread')).json()).toEqual({ count: 0 });
    // the other side sees the image; a stranger does not
    expect((await s.i.get(`/api/deal-files/${ids[0]}`)).statusCode).toBe(200);
    const stranger = await login((await makeInfluencer(db(), { user: { passwordHash: hash } })).user.email);
    expect((await stranger.get(`/api/deal-files/${ids[0]}`)).statusCode).toBe(404);
    expect(errorOf(await stranger.get(`/api/conversations/${s.convId}`)).code).toBe('CONVERSATION_NOT_FOUND');
    expect(errorOf(await stranger.post(url, { message: 'hi' })).code).toBe('CONVERSATION_NOT_FOUND');
    expect(errorOf(await new Client(t.app).get(`/api/conversations/${s.convId}`)).status).toBe(401);
    expect(errorOf(await new Client(t.app).post(url, { message: 'hi' })).status).toBe(401);
    expect(errorOf(await new Client(t.app).get('/api/conversations/unread')).status).toBe(401);

    // admins with 任务管理 read a deal's conversation (disputes) without marking it read, and cannot write
    clock.advance(1000);
    expect((await s.i.post(url, { message: '收到，谢谢' })).statusCode).toBe(200);
    const admin = await login((await makeAdmin(db(), { permissions: ['task_management'], password: 'secret123' })).email);
    const asAdmin = (await admin.get(`/api/conversations/${s.convId}`)).json();
    expect(asAdmin).toMatchObject({ viewer: 'admin', canSend: false });
    expect(asAdmin.messages.map((m: { from: string; mine: boolean }) => [m.from, m.mine])).toEqual([
      ['company', false],
      ['company', false],
      ['influencer', false],
    ]);
    expect((await s.c.get('/api/conversations/unread')).json()).toEqual({ count: 1 });
    expect(errorOf(await admin.post(url, { message: '管理员' }))).toMatchObject({ status: 403, code: 'CONVERSATION_READ_ONLY' });
    expect(errorOf(await admin.get('/api/conversations')).status).toBe(403);
    const weak = await login((await makeAdmin(db(), { permissions: ['user_management'], password: 'secret123' })).email);
    expect(errorOf(await weak.get(`/api/conversations/${s.convId}`)).code).toBe('CONVERSATION_NOT_FOUND');
  });

  it('a deal’s parties can write even when the influencer turned contact messages off; the pair’s contact conversation stays apart', async () => {
    const s = await dealSetup();
    await db().insert(userSettings).values({ userId: s.inf.user.id, allowMessages: false });
    expect((await s.c.post(`/api/conversations/${s.convId}/messages`, { message: '直播时间确认一下' })).statusCode).toBe(200);
    expect(errorOf(await s.c.post(`/api/influencers/${s.inf.influencer.id}/contact`, { message: 'hi' })).code).toBe('MESSAGES_DISABLED');
    await db().update(userSettings).set({ allowMessages: true }).where(eq(userSettings.userId, s.inf.user.id));
    const contact = (await s.c.post(`/api/influencers/${s.inf.influencer.id}/contact`, { message: '另有新品想合作' })).json().conversationId;
    expect(contact).not.toBe(s.convId);
    const rows = await db().select().from(conversations).where(eq(conversations.influencerId, s.inf.influencer.id));
    expect(rows.map((r) => r.dealId === null).sort()).toEqual([false, true]);
    expect((await s.i.get('/api/conversations/unread')).json()).toEqual({ count: 2 });
  });
});

describe('notifications and the away mail', () => {
  it('one bell notification per run of unread messages; a mail only when the run is still unread after the away time', async () => {
    const s = await dealSetup();
    const url = `/api/conversations/${s.convId}/messages`;
    const mails = async () =>
      (await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, s.inf.user.email))).filter((m) => m.subject?.includes('未读消息'));
    const bells = async () =>
      (await db().select().from(notifications).where(eq(notifications.userId, s.inf.user.id))).filter((n) => n.type === 'message_received');

    for (const m of ['第一条', '第二条', '第三条']) {
      expect((await s.c.post(url, { message: m })).statusCode).toBe(200);
      clock.advance(60_000);
    }
    expect(await bells()).toHaveLength(1);
    // not yet away long enough
    clock.advance((AWAY_MAIL_MINUTES - 3) * 60_000 - 1000);
    await runDueJobs(t.app.ctx);
    expect(await mails()).toHaveLength(0);
    clock.advance(3 * 60_000);
    await runDueJobs(t.app.ctx);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain('3 条消息');
    expect(sent[0].body).toContain(`/messages/${s.convId}`);
    expect(sent[0].body).not.toContain('第一条'); // the mail says who and how many, not what

    // read in time: no mail; a new run after reading notifies again
    await s.i.get(`/api/conversations/${s.convId}`);
    expect((await s.c.post(url, { message: '第四条' })).statusCode).toBe(200);
    expect(await bells()).toHaveLength(2);
    clock.advance(60_000);
    await s.i.get(`/api/conversations/${s.convId}`);
    clock.advance(AWAY_MAIL_MINUTES * 60_000);
    await runDueJobs(t.app.ctx);
    expect(await mails()).toHaveLength(1);

    // mail turned off: nothing is mailed, the bell still rings
    await db().insert(userSettings).values({ userId: s.inf.user.id, emailNotifications: false });
    expect((await s.c.post(url, { message: '第五条' })).statusCode).toBe(200);
    clock.advance(AWAY_MAIL_MINUTES * 60_000 + 1000);
    await runDueJobs(t.app.ctx);
    expect(await mails()).toHaveLength(1);
  });
});

describe('live delivery', () => {
  it('the hub hears a message when its transaction commits, never one that was rolled back', async () => {
    const s = await dealSetup();
    const heard: LiveEvent[] = [];
    const stop = t.app.ctx.realtime.subscribe(s.inf.user.id, (e) => heard.push(e));
    try {
      await db()
        .transaction(async (tx) => {
          await publish(tx, [s.inf.user.id], { type: 'message', conversationId: s.convId });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      expect((await s.c.post(`/api/conversations/${s.convId}/messages`, { message: '在吗' })).statusCode).toBe(200);
      await expect.poll(() => heard.some((e) => e.type === 'message')).toBe(true);
      expect(heard.filter((e) => e.type === 'message')).toEqual([{ type: 'message', conversationId: s.convId }]);
      // the bell's notification travels the same way
      expect(heard.some((e) => e.type === 'notification')).toBe(true);
      // a stranger's stream hears nothing of it
    } finally {
      stop();
    }
  });

  it('GET /api/events streams the events of the signed-in user only; visitors are refused', async () => {
    const s = await dealSetup();
    expect((await new Client(t.app).get('/api/events', { accept: 'text/event-stream' })).statusCode).toBe(401);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const open = async (c: Client) => {
      const ac = new AbortController();
      const res = await fetch(`${address}/api/events`, { headers: { accept: 'text/event-stream', cookie: cookieOf(c) }, signal: ac.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      let text = '';
      const until = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${needle}`);
          text += new TextDecoder().decode(value);
        }
      };
      return { until, text: () => text, close: () => ac.abort() };
    };
    const inf = await open(s.i);
    const other = await open(await login((await makeInfluencer(db(), { user: { passwordHash: hash } })).user.email));
    try {
      await inf.until('event: ready');
      await other.until('event: ready');
      await expect.poll(() => t.app.ctx.realtime.connections).toBe(2);
      expect((await s.c.post(`/api/conversations/${s.convId}/messages`, { message: '直播间链接发你了' })).statusCode).toBe(200);
      await inf.until(`"conversationId":"${s.convId}"`);
      expect(inf.text()).toContain('event: message');
      expect(inf.text()).not.toContain('直播间链接'); // hints only, never content
      // the company's reading shows 已读 on the influencer's… and the writer hears `read`
      const co = await open(s.c);
      await co.until('event: ready');
      await s.i.get(`/api/conversations/${s.convId}`);
      await co.until('event: read');
      co.close();
      expect(other.text()).not.toContain(s.convId);
      // shutting down ends open streams instead of waiting for them
      t.app.ctx.realtime.closeStreams();
      await expect(inf.until('never sent')).rejects.toThrow('stream ended');
    } finally {
      inf.close();
      other.close();
    }
    await expect.poll(() => t.app.ctx.realtime.connections).toBe(0);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL a notification reaches another instance’s listener', async () => {
    const [{ db: name }] = await queryRows<{ db: string }>(db(), sql`select current_database() as db`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    const other = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 2 });
    try {
      const heard: string[] = [];
      const stop = await other.listen(REALTIME_CHANNEL, (p) => heard.push(p));
      await publish(db(), ['00000000-0000-4000-8000-000000000001'], { type: 'notification' });
      await expect.poll(() => heard.length).toBe(1);
      expect(JSON.parse(heard[0])).toEqual({ to: ['00000000-0000-4000-8000-000000000001'], event: { type: 'notification' } });
      await stop();
    } finally {
      await other.close();
    }
  });
});

describe('the list of conversations pages in SQL (decision 0056)', () => {
  it('newest message first, `limit` per page, a true `total`, nobody else’s conversations', async () => {
    const co = await makeCompany(db(), { user: { passwordHash: hash } });
    const infs = [];
    for (let n = 0; n < 3; n += 1) infs.push(await makeInfluencer(db(), { isApproved: true, user: { passwordHash: hash } }));
    // three contact conversations, a day apart; the newest message leads
    const ids: string[] = [];
    for (const [n, inf] of infs.entries()) {
      const [row] = await db()
        .insert(conversations)
        .values({ companyId: co.company.id, influencerId: inf.influencer.id, lastMessageAt: new Date(Date.UTC(2026, 10, 1 + n)) })
        .returning({ id: conversations.id });
      ids.push(row.id);
    }
    const c = await login(co.user.email);
    const first = (await c.get('/api/conversations?limit=2')).json();
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.items.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
    const second = (await c.get('/api/conversations?limit=2&page=2')).json();
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.items.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    // one influencer sees its one conversation
    const i = await login(infs[1].user.email);
    expect((await i.get('/api/conversations')).json()).toMatchObject({ total: 1, items: [{ id: ids[1] }] });
  });
});
