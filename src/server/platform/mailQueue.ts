/**
 * The durable mail queue (decision 0040). `queueMail(tx, …)` writes a mail in the transaction of the change that
 * causes it — it is sent only if that change commits, and a crash or an SMTP outage after the commit loses
 * nothing. `sendQueuedMail(ctx)` (run by the job worker on every instance) claims due mail with
 * `FOR UPDATE SKIP LOCKED` and a short lease, sends it outside any transaction, and marks it sent — or tries it
 * again with a growing delay, for 24 hours, then marks it failed for an admin to see and resend.
 * Sign-up and reset codes are not queued: the user waits for them on screen (auth sends them at once).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, lte, min, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailQueue, users, userSettings } from '../db/schema';
import { renderNotification } from '../../shared/notifications';
import type { AppContext } from './context';
import { mailDomain, mailSubject, renderMail, type MailLocale } from './mailMessage';

/** A notification mailed to its user (rendered when sent, in the user's language; skipped if they turned it off). */
export type QueuedNotification = {
  userId: string;
  type: string;
  params: Record<string, unknown>;
  link?: string;
  /** account decisions: mailed even to those who turned notification mail off, without an unsubscribe */
  always?: boolean;
};

/** Any other mail: rendered now, sent as it is. */
export type QueuedDirectMail = {
  /** what it is (contact_reply, admin_invite, contact_ack, …): shown to admins */
  kind: string;
  to: string;
  locale: MailLocale;
  title: string;
  body: string;
  link?: string;
  /** the address a reply goes to (contact replies: support) */
  replyTo?: string;
  /** the user it is about, if any */
  userId?: string;
};

export type QueuedMail = { notification: QueuedNotification } | { direct: QueuedDirectMail };

/** Queues mail inside the caller's transaction: the one way to send mail that nobody waits for on screen. */
export async function queueMail(tx: DbOrTx, mails: QueuedMail | QueuedMail[]): Promise<void> {
  const list = Array.isArray(mails) ? mails : [mails];
  if (list.length === 0) return;
  await tx.insert(mailQueue).values(
    list.map((m) =>
      'notification' in m
        ? {
            kind: m.notification.type,
            userId: m.notification.userId,
            payload: { params: m.notification.params, link: m.notification.link ?? null, always: m.notification.always ?? false },
          }
        : {
            kind: m.direct.kind,
            userId: m.direct.userId ?? null,
            to: m.direct.to,
            payload: { locale: m.direct.locale, title: m.direct.title, body: m.direct.body, link: m.direct.link ?? null, replyTo: m.direct.replyTo ?? null },
          },
    ),
  );
}

/** how long a claimed mail is this instance's before another may take it (a crash mid-send) */
const LEASE_MS = 5 * 60_000;
/** a mail that still fails this long after its first failure is marked failed */
export const GIVE_UP_AFTER_MS = 24 * 3600_000;
/** the delay before the next try after `attempts` failures: 30 s, 1 min, 2 min … at most 1 h */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

type Row = typeof mailQueue.$inferSelect;
type Message = { to: string; subject: string; text: string; html: string; replyTo?: string; headers?: Record<string, string> };

/**
 * Sends the queued mail that is due, at most `limit`. Returns how many were sent, failed for now, or skipped.
 * Safe on several instances at once: a mail is claimed by one.
 */
export async function sendQueuedMail(ctx: AppContext, limit = 50): Promise<{ sent: number; failed: number; skipped: number }> {
  const out = { sent: 0, failed: 0, skipped: 0 };
  while (out.sent + out.failed + out.skipped < limit) {
    const now = ctx.clock.now();
    const batch = await claim(ctx, now, Math.min(10, limit - out.sent - out.failed - out.skipped));
    if (batch.length === 0) break;
    let outage = false;
    for (const row of batch) {
      if (outage) {
        // the server refused the mail before: give the rest of the batch back untried
        await ctx.db.update(mailQueue).set({ lockedUntil: null }).where(eq(mailQueue.id, row.id));
        continue;
      }
      let message: Message | null;
      try {
        message = await compose(ctx, row);
      } catch (err) {
        message = null;
        await failed(ctx, row, err);
        out.failed += 1;
        continue;
      }
      if (!message) {
        await ctx.db.update(mailQueue).set({ status: 'skipped', lockedUntil: null, sentAt: now }).where(eq(mailQueue.id, row.id));
        out.skipped += 1;
        continue;
      }
      try {
        await ctx.mailer.send({
          channel: 'email',
          to: message.to,
          subject: message.subject,
          body: message.text,
          html: message.html,
          replyTo: message.replyTo,
          headers: message.headers,
          messageId: `<${row.id}@${mailDomain(ctx.config.mail.from)}>`,
        });
      } catch (err) {
        await failed(ctx, row, err);
        out.failed += 1;
        outage = true;
        continue;
      }
      // a sent mail keeps what it was and when, not its words: a body may carry a one-time link (an admin
      // invitation's token), which must not be readable a second time from the queue
      await ctx.db
        .update(mailQueue)
        .set({ status: 'sent', sentAt: ctx.clock.now(), lockedUntil: null, lastError: null, payload: {} })
        .where(eq(mailQueue.id, row.id));
      out.sent += 1;
    }
    if (outage) break;
  }
  if (out.failed > 0) {
    const waiting = await waitingMail(ctx.db);
    ctx.log.warn({ waiting, failedNow: out.failed }, 'mail could not be sent; it waits in the queue and is tried again');
  }
  return out;
}

/** Due mail claimed for this instance (a lease, in one short transaction). */
async function claim(ctx: AppContext, now: Date, n: number): Promise<Row[]> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.status, 'pending'),
          or(eq(mailQueue.attempts, 0), lte(mailQueue.nextAttemptAt, now)),
          or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailQueue.createdAt))
      .limit(n)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailQueue)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          mailQueue.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

async function failed(ctx: AppContext, row: Row, err: unknown) {
  const now = ctx.clock.now();
  const attempts = row.attempts + 1;
  const firstFailedAt = row.firstFailedAt ?? now;
  const giveUp = now.getTime() - firstFailedAt.getTime() >= GIVE_UP_AFTER_MS;
  const message = err instanceof Error ? err.message : String(err);
  await ctx.db
    .update(mailQueue)
    .set({
      attempts,
      firstFailedAt,
      lastError: message.slice(0, 500),
      lockedUntil: null,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      status: giveUp ? 'failed' : 'pending',
    })
    .where(eq(mailQueue.id, row.id));
  if (giveUp) ctx.log.error({ mail: row.id, kind: row.kind, attempts }, 'mail failed for 24 hours and is given up (the admin console can resend it)');
}

/** The message of a queued mail; null when it is not to be sent (the user turned it off, or is gone). */
async function compose(ctx: AppContext, row: Row): Promise<Message | null> {
  const siteUrl = ctx.config.siteUrl;
  const p = row.payload as Record<string, unknown>;
  if (row.to) {
    const locale: MailLocale = p.locale === 'en' ? 'en' : 'zh-CN';
    const title = String(p.title ?? '');
    const { text, html } = renderMail(siteUrl, { locale, title, body: String(p.body ?? ''), link: typeof p.link === 'string' ? p.link : undefined });
    return { to: row.to, subject: mailSubject(locale, title), text, html, replyTo: typeof p.replyTo === 'string' ? p.replyTo : undefined };
  }
  if (!row.userId) return null;
  const [u] = await ctx.db
    .select({ email: users.email, emailOn: userSettings.emailNotifications, locale: userSettings.locale, mailOff: userSettings.mailOff })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, row.userId));
  // gone, or deleted (its address anonymised)
  if (!u || u.email.endsWith('.invalid')) return null;
  const always = p.always === true;
  if (!always && (u.emailOn === false || (u.mailOff ?? []).includes(row.kind))) return null;
  const locale: MailLocale = u.locale === 'en' ? 'en' : 'zh-CN';
  const rendered = renderNotification({ type: row.kind, params: p.params }, locale === 'en' ? 'en' : 'zh');
  const unsubscribeUrl = always ? undefined : `${siteUrl}/api/mail/unsubscribe?t=${unsubscribeToken(ctx.config.secretKey, row.userId, row.kind)}`;
  const { text, html } = renderMail(siteUrl, {
    locale,
    title: rendered.title,
    body: rendered.body,
    link: typeof p.link === 'string' ? p.link : undefined,
    unsubscribeUrl,
  });
  return {
    to: u.email,
    subject: mailSubject(locale, rendered.title),
    text,
    html,
    // RFC 8058: a POST to this address turns the kind off at once, without a session
    headers: unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
  };
}

/** How many mails wait to be sent (new or being retried). */
export async function waitingMail(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailQueue).where(eq(mailQueue.status, 'pending'));
  return row?.n ?? 0;
}

/**
 * The mail queue for /metrics (decision 0048): mail waiting to be sent (new or being retried) and the oldest one's
 * time, and mail given up after 24 hours of failures (until an admin resends it). Read from mail_queue_status_idx.
 */
export async function mailBacklog(db: DbOrTx): Promise<{ pending: number; failed: number; oldestPendingAt: Date | null }> {
  const rows = await db
    .select({ status: mailQueue.status, n: count(), oldest: min(mailQueue.createdAt) })
    .from(mailQueue)
    .where(inArray(mailQueue.status, ['pending', 'failed']))
    .groupBy(mailQueue.status);
  const pending = rows.find((r) => r.status === 'pending');
  return { pending: pending?.n ?? 0, failed: rows.find((r) => r.status === 'failed')?.n ?? 0, oldestPendingAt: pending?.oldest ?? null };
}

/** The signed token of a one-click turn-off: which user, which notification type (base64url `user.type.mac`). */
export function unsubscribeToken(secretKey: string, userId: string, type: string): string {
  return Buffer.from(`${userId}.${type}.${unsubscribeMac(secretKey, userId, type)}`).toString('base64url');
}

const unsubscribeMac = (secretKey: string, userId: string, type: string) =>
  createHmac('sha256', secretKey).update(`mail-unsubscribe\n${userId}\n${type}`).digest('base64url').slice(0, 32);

/** The user and type of a valid token; null for anything else. */
export function readUnsubscribeToken(secretKey: string, token: string): { userId: string; type: string } | null {
  if (token.length > 400) return null;
  const parts = Buffer.from(token, 'base64url').toString('utf8').split('.');
  if (parts.length !== 3) return null;
  const [userId, type, mac] = parts;
  if (!/^[0-9a-f-]{36}$/.test(userId) || !/^[a-z_]{1,60}$/.test(type)) return null;
  const want = Buffer.from(unsubscribeMac(secretKey, userId, type));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? { userId, type } : null;
}
