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
