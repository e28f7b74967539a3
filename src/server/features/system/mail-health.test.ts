/**
 * Health tells the truth about mail (issue 37, decision 0047): an SMTP server that answers (the health probe
 * passes) but rejects every message makes `GET /api/health` say `degraded`, mail `degraded`, after three failed
 * sends in a row — sign-up codes sent at once and the queue worker's sends alike — and `ok` again after one
 * success, or once no send has failed for 5 minutes. A real SMTP server on loopback (smtp-server).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queueMail, sendQueuedMail } from '../../platform/mailQueue';
import { Client, createTestApp, errorOf, type TestApp } from '../../test/harness';

/** Answers every command; refuses each message's data with 550 while `rejecting`. */
let rejecting = false;
let accepted = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData: (stream, _session, done) => {
    stream.on('end', () => {
      if (rejecting) return done(Object.assign(new Error('Message rejected'), { responseCode: 550 }));
      accepted += 1;
      done();
    });
    stream.resume();
  },
});

let t: TestApp;
const clock = new ManualClock(new Date('2026-12-01T08:00:00Z'));
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'no-reply@mail.example.com', RATE_LIMIT_MAX: '0' }, { clock });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let n = 0;
/** A sign-up code for a new address, each from its own client address (the code limits stay out of the way). */
const askForCode = () => new Client(t.app).post('/api/auth/email-code', { email: `health-${(n += 1)}@example.com` });
const health = async () => {
  const res = await new Client(t.app).get('/api/health');
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string; dependencies: { mail: { status: string; kind: string } } };
};

describe('mail in GET /api/health', () => {
  it('is up while sends succeed', async () => {
    expect((await askForCode()).statusCode).toBe(200);
    expect(accepted).toBe(1);
    expect(await health()).toMatchObject({ status: 'ok', dependencies: { mail: { status: 'up', kind: 'smtp' } } });
  });

  it('a server that answers but rejects every message: degraded after three failed code sends, ok after one success', async () => {
    rejecting = true;
    for (let i = 0; i < 2; i += 1) {
      expect(errorOf(await askForCode())).toMatchObject({ status: 502, code: 'SEND_FAILED' });
      // two failures may be a bad address or a blip
      expect((await health()).dependencies.mail.status).toBe('up');
    }
    expect(errorOf(await askForCode())).toMatchObject({ status: 502, code: 'SEND_FAILED' });
    expect(await health()).toMatchObject({ status: 'degraded', dependencies: { mail: { status: 'degraded', kind: 'smtp' } } });
    // a minute later, still failing: still degraded
    clock.advance(60_000);
    expect(errorOf(await askForCode())).toMatchObject({ status: 502 });
    expect((await health()).status).toBe('degraded');

    rejecting = false;
    expect((await askForCode()).statusCode).toBe(200);
    expect(await health()).toMatchObject({ status: 'ok', dependencies: { mail: { status: 'up' } } });
  });

  it("the queue worker's failed sends count too; 5 minutes without a failure and it is up again", async () => {
    rejecting = true;
    await queueMail(t.app.ctx.db, {
      direct: { kind: 'contact_ack', to: 'queued@example.com', locale: 'en', title: 'Thanks', body: 'We read every message.' },
    });
    for (let i = 0; i < 3; i += 1) {
      expect((await sendQueuedMail(t.app.ctx)).failed).toBe(1);
      // the next try is due after the retry delay (30 s, 1 min, …)
      clock.advance(2 * 60_000);
    }
    // the third failure was 2 minutes ago: within the 5-minute window
    expect(await health()).toMatchObject({ status: 'degraded', dependencies: { mail: { status: 'degraded' } } });
    clock.advance(3 * 60_000 + 1000);
    expect(await health()).toMatchObject({ status: 'ok', dependencies: { mail: { status: 'up' } } });

    // and the mail is sent once the server takes it
    rejecting = false;
    const before = accepted;
    clock.advance(10 * 60_000);
    expect((await sendQueuedMail(t.app.ctx)).sent).toBe(1);
    expect(accepted).toBe(before + 1);
  });
});
