import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type OutgoingMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  /** the plain-text part */
  body: string;
  /** the HTML part (queued mail is multipart: text + HTML; decision 0040) */
  html?: string;
  replyTo?: string;
  /** `<id@domain>`: queued mail keeps one across retries, its domain from MAIL_FROM */
  messageId?: string;
  /** extra headers (List-Unsubscribe, List-Unsubscribe-Post) */
  headers?: Record<string, string>;
};

/** Delivery of mail (and, for the development outbox, SMS). Never logs bodies: they carry codes. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(msg: OutgoingMessage): Promise<void>;
  /** health: resolves when mail can be handed over (SMTP: the server answers and accepts the login) */
  check?(): Promise<void>;
}

/** Development and test delivery: the message is stored, and /email-test or GET /api/dev/outbox shows it. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(private db: Db) {}
  async send(msg: OutgoingMessage) {
    await this.db.insert(outbox).values({ channel: msg.channel, to: msg.to, subject: msg.subject ?? null, body: msg.body });
  }
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private transport: Transporter;
  constructor(
    url: string,
    private from: string,
  ) {
    // a server that does not answer fails the send within seconds (the queue tries again later), not minutes
    this.transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }
  async send(msg: OutgoingMessage) {
    if (msg.channel !== 'email') throw new Error('SmtpMailer only sends email');
    await this.transport.sendMail({
      from: this.from,
      to: msg.to,
      subject: msg.subject,
      text: msg.body,
      ...(msg.html ? { html: msg.html } : {}),
      ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
      ...(msg.messageId ? { messageId: msg.messageId } : {}),
      ...(msg.headers ? { headers: msg.headers } : {}),
    });
  }
  async check() {
    await this.transport.verify();
  }
  close() {
    this.transport.close();
  }
}

/** Health counts the mail server as failing after this many failed sends in a row… */
export const MAIL_FAILURES_DEGRADED = 3;
/** …the last of them within this long (decision 0047). */
export const MAIL_FAILURE_WINDOW_MS = 5 * 60_000;

/**
 * The mailer the app uses: the configured one, with the outcome of every e-mail it hands over remembered — the
 * codes sent at once and the queue worker's sends alike. A server that answers the health probe but refuses
 * every message shows here: `sending` is `failing` after MAIL_FAILURES_DEGRADED failures in a row, the last
 * within MAIL_FAILURE_WINDOW_MS, and `ok` again after one success.
 */
export class TrackedMailer implements Mailer {
  readonly kind: Mailer['kind'];
  check?: () => Promise<void>;
  private failuresInARow = 0;
  private lastFailureAt = 0;
  constructor(
    readonly inner: Mailer,
    private nowMs: () => number,
  ) {
    this.kind = inner.kind;
    // only a mailer that can be probed is (tests replace or remove `check` on the instance)
    if (inner.check) this.check = () => inner.check!();
  }

  async send(msg: OutgoingMessage) {
    // the development outbox carries SMS too: only e-mail says anything about the mail server
    if (msg.channel !== 'email') return this.inner.send(msg);
    try {
      await this.inner.send(msg);
    } catch (err) {
      this.failuresInARow += 1;
      this.lastFailureAt = this.nowMs();
      throw err;
    }
    this.failuresInARow = 0;
  }

  /** whether recent sends fail (by the app's clock) */
  sending(): 'ok' | 'failing' {
    const recent = this.nowMs() - this.lastFailureAt < MAIL_FAILURE_WINDOW_MS;
    return this.failuresInARow >= MAIL_FAILURES_DEGRADED && recent ? 'failing' : 'ok';
  }
}
