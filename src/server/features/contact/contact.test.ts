/** POST /api/contact (issue 8): stored, mailed to support and acknowledged; bad input changes nothing. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages, outbox } from '../../db/schema';
import { Client, createTestApp, errorOf, signupCompany, type TestApp, delivered } from '../../test/harness';
import { sendQueuedMail } from '../../platform/mailQueue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@example.com' });
});
afterAll(async () => {
  await t?.close();
});

const valid = { name: '王小明', email: 'Visitor@Example.com', phone: '13800138000', subject: '合作咨询', message: '想了解企业入驻流程', userType: 'company' };
const count = async () => (await t.app.ctx.db.select().from(contactMessages)).length;
const mails = async () => (await (await delivered(t.app)).select().from(outbox)).length;

describe('POST /api/contact', () => {
  it('a visitor sends: stored, mailed to support, acknowledged to the sender', async () => {
    const [rowsBefore, mailsBefore] = [await count(), await mails()];
    const res = await new Client(t.app).post('/api/contact', valid);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ name: '王小明', email: 'visitor@example.com', subject: '合作咨询', userType: 'company', status: 'new', userId: null });
    const support = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, 'help@example.com'));
    expect(support.at(-1)?.body).toContain('想了解企业入驻流程');
    const ack = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, 'visitor@example.com'));
    expect(ack.at(-1)?.body).toContain('24小时内');
    expect([await count(), await mails()]).toEqual([rowsBefore + 1, mailsBefore + 2]);
  });

  it('a signed-in user is recorded as the sender; phone and type are optional', async () => {
    const { client, user } = await signupCompany(t.app);
    const res = await client.post('/api/contact', { name: 'A', email: 'a@example.com', subject: 's', message: 'm' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ userId: user.id, userType: 'general', phone: null });
  });

  it('each required field has its message and nothing is stored', async () => {
    const [before, mailsBefore] = [await count(), await mails()];
    const c = new Client(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: ' ' }, 'CONTACT_NAME_REQUIRED'],
      [{ ...valid, email: '' }, 'EMAIL_REQUIRED'],
      [{ ...valid, email: 'nope' }, 'EMAIL_INVALID'],
      [{ ...valid, subject: '' }, 'CONTACT_SUBJECT_REQUIRED'],
      [{ ...valid, message: '   ' }, 'MESSAGE_REQUIRED'],
      [{ ...valid, phone: 'abc' }, 'PHONE_INVALID'],
      [{ ...valid, userType: 'alien' }, 'BAD_REQUEST'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'TEXT_TOO_LONG'],
    ];
    for (const [body, code] of cases) {
      const res = await c.post('/api/contact', body);
      expect(res.statusCode, code).toBe(400);
      expect(JSON.stringify(res.json()), code).toContain(code);
    }
    expect(errorOf(await c.post('/api/contact', { ...valid, name: '' }))).toMatchObject({ message: '请输入您的姓名' });
    expect(await count()).toBe(before);
    expect(await mails()).toBe(mailsBefore);
  });

  it('is rate-limited per address', async () => {
    const c = new Client(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await c.post('/api/contact', { ...valid, email: `r${i}@example.com` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // a refused message is neither stored nor mailed
    const [rows, sent] = [await count(), await mails()];
    expect(errorOf(await c.post('/api/contact', { ...valid, email: 'late@example.com' }))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect([await count(), await mails()]).toEqual([rows, sent]);
    // another address is not affected
    expect((await new Client(t.app).post('/api/contact', { ...valid, email: 'other@example.com' })).statusCode).toBe(200);
  });

  it('is rate-limited per sender email too (3 an hour), from any address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await new Client(t.app).post('/api/contact', { ...valid, email: 'same@example.com' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('a failing mailer loses neither the message nor its mail: both wait in the queue and go out later', async () => {
    await delivered(t.app);
    const spy = vi.spyOn(t.app.ctx.mailer, 'send').mockRejectedValue(new Error('smtp down'));
    let restored = false;
    try {
      const before = await count();
      const res = await new Client(t.app).post('/api/contact', { ...valid, email: 'down@example.com' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await sendQueuedMail(t.app.ctx)).toMatchObject({ sent: 0, failed: 1 });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await count()).toBe(before + 1);
      spy.mockRestore();
      restored = true;
      // the retry is due after its delay (the platform clock); the ack is sent at once, the support mail then
      const later = new Date(Date.now() + 60_000);
      const now = vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(later);
      try {
        await sendQueuedMail(t.app.ctx);
      } finally {
        now.mockRestore();
      }
      const ack = await (await delivered(t.app)).select().from(outbox).where(eq(outbox.to, 'down@example.com'));
      expect(ack).toHaveLength(1);
    } finally {
      if (!restored) spy.mockRestore();
    }
  });
});
