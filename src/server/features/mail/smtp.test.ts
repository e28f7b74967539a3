/**
 * Mail that arrives (issue 29, decision 0040), against a real SMTP server on loopback (the smtp-server package):
 * an application mails the company a multipart message with an absolute link and a working one-click
 * unsubscribe; one notification of each kind arrives in the recipient's language; with the SMTP server stopped
 * and started again every mail arrives exactly once; a new instance on the same database loses nothing; mail
 * that fails for 24 hours is shown to admins with system_settings, who can resend it.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PARAM_KINDS as PARAMS, NOTIFICATION_TYPES, renderNotification } from '../../../shared/notifications';
import { buildApp, type App } from '../../app';
import { makeAdmin, makeCompany, makeInfluencer, makeTask } from '../../db/factories';
import { mailQueue, notifications, userSettings } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { sendQueuedMail } from '../../platform/mailQueue';
import { Client, createTestApp, errorOf, signedIn, type TestApp } from '../../test/harness';
import { queueNotificationMails } from '../notifications';

const SITE = 'https://shop.example.com';

/** A loopback SMTP server that keeps what it receives; stop() and start() again on the same port. */
class Receiver {
  received: ParsedMail[] = [];
  port = 0;
  private server: SMTPServer | null = null;
  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, done) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            done();
          })
          .catch(done);
      },
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
  }
  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  to(address: string) {
    return this.received.filter((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address === address)));
  }
}

let t: TestApp;
/** the instance started in place of the first (the restart test) */
let restarted: App | null = null;
const smtp = new Receiver();
const clock = new ManualClock(new Date('2026-11-20T08:00:00Z'));
beforeAll(async () => {
  await smtp.start();
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: SITE, MAIL_FROM: '直播带货平台 <no-reply@mail.shop.example.com>' },
    { clock },
  );
});
afterAll(async () => {
  await restarted?.close();
  await t?.close();
  await smtp.stop();
});

async function openTaskWithInfluencers(n: number) {
  const co = await makeCompany(t.app.ctx.db);
  const task = await makeTask(t.app.ctx.db, { companyId: co.company.id, status: 'open' });
  const infs = [];
  for (let i = 0; i < n; i++) infs.push(await makeInfluencer(t.app.ctx.db, { isApproved: true, status: 'active' }));
  return { co, task, infs };
}

const apply = async (email: string, taskId: string) => {
  const c = await signedIn(t.app, email);
  const res = await c.post('/api/task-applications', { taskId, proposedRateCents: 200_000 });
  expect(res.statusCode, res.body).toBe(200);
};

describe('mail through a real SMTP server (loopback)', () => {
  it('an application mails the company: multipart, absolute link, one-click unsubscribe that turns that kind off', async () => {
    const { co, task, infs } = await openTaskWithInfluencers(2);
    await apply(infs[0].user.email, task.id);
    // queued in the application's transaction, not sent yet
    expect(smtp.to(co.user.email)).toHaveLength(0);
    expect(await sendQueuedMail(t.app.ctx)).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = smtp.to(co.user.email);
    expect(mail.subject).toBe('【直播带货平台】收到新的任务申请');
    expect(mail.text).toContain(`${SITE}/task/${task.id}`);
    expect(mail.html).toContain(`href="${SITE}/task/${task.id}"`);
    expect(mail.html).toContain('<html lang="zh-CN">');
    expect(mail.messageId).toMatch(/@mail\.shop\.example\.com>?$/);
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? '';
    const listUnsubscribe = header('list-unsubscribe');
    expect(listUnsubscribe).toMatch(new RegExp(`^<${SITE}/api/mail/unsubscribe\\?t=[A-Za-z0-9_-]+>$`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // the page of the link asks, and changes nothing (link checkers open links)
    const path = listUnsubscribe.slice(SITE.length + 1, -1);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('收到新的任务申请');
    expect(page.body).toContain('<form method="post"');
    // the provider's one-click POST: no session, no Origin, a form body
    const one = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ ok: true, kind: 'application_received' });
    const [settings] = await t.app.ctx.db.select().from(userSettings).where(eq(userSettings.userId, co.user.id));
    expect(settings.mailOff).toEqual(['application_received']);
    // twice is the same
    expect((await t.app.inject({ method: 'POST', url: path, headers: { accept: 'text/html' } })).body).toContain('data-testid="unsubscribed"');

    // the next application is still in the bell, but no longer mailed
    await apply(infs[1].user.email, task.id);
    expect(await sendQueuedMail(t.app.ctx)).toMatchObject({ sent: 0, skipped: 1 });
    expect(smtp.to(co.user.email)).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, co.user.id))).toHaveLength(2);
  });

  it('a link that was not signed by this server, or for another kind, is refused (400) and changes nothing', async () => {
    const { co } = await openTaskWithInfluencers(0);
    const forged = Buffer.from(`${co.user.id}.application_received.${'A'.repeat(32)}`).toString('base64url');
    for (const tk of [forged, 'nonsense', 'x'.repeat(401)]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/mail/unsubscribe?t=${tk}` });
        expect(res.statusCode, `${method} ${tk.slice(0, 20)}`).toBe(400);
      }
    }
    expect(errorOf(await new Client(t.app).post(`/api/mail/unsubscribe?t=${forged}`))).toMatchObject({ code: 'UNSUBSCRIBE_LINK_INVALID' });
    expect(await t.app.ctx.db.select().from(userSettings).where(eq(userSettings.userId, co.user.id))).toHaveLength(0);
  });

  it('one notification of each kind arrives with its subject, in the recipient’s language, with an absolute link', async () => {
    const { co } = await openTaskWithInfluencers(0);
    await t.app.ctx.db.insert(userSettings).values({ userId: co.user.id, locale: 'en' });
    const sample = (type: string) => {
      const params: Record<string, string | number> = {};
      for (const [k, kind] of Object.entries(PARAMS[type] ?? {})) params[k] = kind === 'number' ? 2 : `${k}-x`;
      return params;
    };
    await queueNotificationMails(
      t.app.ctx.db,
      NOTIFICATION_TYPES.map((type) => ({ userId: co.user.id, type, params: sample(type), link: `/kind/${type}` }) as never),
    );
    while ((await sendQueuedMail(t.app.ctx)).sent > 0);
    const got = smtp.to(co.user.email);
    expect(got).toHaveLength(NOTIFICATION_TYPES.length);
    for (const type of NOTIFICATION_TYPES) {
      const mail = got.find((m) => m.text?.includes(`${SITE}/kind/${type}\n`));
      expect(mail, type).toBeTruthy();
      expect(mail!.subject).toBe(`[Live-commerce marketplace] ${renderNotification({ type, params: sample(type) }, 'en').title}`);
      expect(mail!.html).toContain('<html lang="en">');
    }
    // a sent mail's words are not kept (a body may carry a one-time link): only what it was and when
    const sent = await t.app.ctx.db.select().from(mailQueue).where(eq(mailQueue.userId, co.user.id));
    expect(sent.filter((r) => r.status === 'sent')).toHaveLength(NOTIFICATION_TYPES.length);
    expect(sent.every((r) => r.status !== 'sent' || Object.keys(r.payload).length === 0)).toBe(true);
  });

  it('SMTP down: nothing is lost, health stays up; started again, every mail arrives exactly once — also after a restart', async () => {
    const { co, task, infs } = await openTaskWithInfluencers(3);
    await smtp.stop();
    await apply(infs[0].user.email, task.id);
    await apply(infs[1].user.email, task.id);
    const down = await sendQueuedMail(t.app.ctx);
    expect(down).toMatchObject({ sent: 0, failed: 1 });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // minutes later, still down: tried again, still waiting
    clock.advance(10 * 60_000);
    expect((await sendQueuedMail(t.app.ctx)).failed).toBeGreaterThan(0);
    await apply(infs[2].user.email, task.id);

    // a restart: this instance is gone, a new one on the same database takes over
    await t.app.close();
    const next = await buildApp(t.config, { database: t.app.ctx.database, clock });
    restarted = next;
    try {
      await smtp.start();
      clock.advance(60 * 60_000);
      // two instances' rounds at once: each mail is claimed by one
      const [a, b] = await Promise.all([sendQueuedMail(next.ctx), sendQueuedMail(next.ctx)]);
      expect(a.sent + b.sent).toBe(3);
      clock.advance(24 * 3600_000);
      expect(await sendQueuedMail(next.ctx)).toMatchObject({ sent: 0, failed: 0 });
      const mails = smtp.to(co.user.email);
      expect(mails).toHaveLength(3);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(3);
      expect(await next.ctx.db.select().from(mailQueue).where(eq(mailQueue.status, 'pending'))).toHaveLength(0);
    } finally {
      t.app = next;
    }
  });

  it('mail failing for 24 hours is marked failed; an admin with system_settings sees and resends it', async () => {
    const { co, task, infs } = await openTaskWithInfluencers(1);
    await smtp.stop();
    await apply(infs[0].user.email, task.id);
    for (let h = 0; h <= 25; h++) {
      await sendQueuedMail(t.app.ctx);
      clock.advance(3600_000);
    }
    const [row] = await t.app.ctx.db.select().from(mailQueue).where(eq(mailQueue.userId, co.user.id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.attempts).toBeGreaterThan(10);

    const admin = await makeAdmin(t.app.ctx.db, { permissions: ['system_settings'] });
    const other = await makeAdmin(t.app.ctx.db, { permissions: ['finance'] });
    const c = await signedIn(t.app, admin.email, admin.password);
    const list = await c.get('/api/admin/mail');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ failed: 1, items: [{ id: row.id, kind: 'application_received', to: co.user.email, status: 'failed' }] });
    // who may: a visitor 401, a company 403, an admin without the permission 403
    expect((await new Client(t.app).get('/api/admin/mail')).statusCode).toBe(401);
    expect((await (await signedIn(t.app, co.user.email)).post(`/api/admin/mail/${row.id}/resend`)).statusCode).toBe(403);
    expect((await (await signedIn(t.app, other.email, other.password)).get('/api/admin/mail')).statusCode).toBe(403);
    expect(errorOf(await c.get('/api/admin/mail?status=sent'))).toMatchObject({ status: 400 });
    // the list pages in SQL with a true total (decision 0056): two more failed mails, two per page
    const more = await t.app.ctx.db
      .insert(mailQueue)
      .values(
        [1, 2].map((n) => ({ userId: co.user.id, kind: 'application_received', status: 'failed', createdAt: new Date(row.createdAt.getTime() + n * 1000) })),
      )
      .returning({ id: mailQueue.id });
    const first = (await c.get('/api/admin/mail?limit=2')).json();
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, failed: 3 });
    // newest first: the two made after the first failed one lead
    expect(first.items.map((x: { id: string }) => x.id)).toEqual([more[1].id, more[0].id]);
    expect((await c.get('/api/admin/mail?limit=2&page=2')).json()).toMatchObject({ total: 3, page: 2, items: [{ id: row.id }] });
    expect((await c.get('/api/admin/mail?status=pending')).json()).toMatchObject({ total: 0, items: [] });

    await smtp.start();
    const resent = await c.post(`/api/admin/mail/${row.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().mail).toMatchObject({ id: row.id, status: 'pending', attempts: 0 });
    expect(errorOf(await c.post(`/api/admin/mail/${row.id}/resend`))).toMatchObject({ status: 409, code: 'MAIL_NOT_FAILED' });
    expect(errorOf(await c.post('/api/admin/mail/00000000-0000-0000-0000-000000000000/resend'))).toMatchObject({ status: 404 });
    expect(await sendQueuedMail(t.app.ctx)).toMatchObject({ sent: 1 });
    expect(smtp.to(co.user.email)).toHaveLength(1);
  });
});
