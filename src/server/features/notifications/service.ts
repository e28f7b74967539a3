import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, userSettings } from '../../db/schema';
import { renderNotification, type NotificationContent } from '../../../shared/notifications';
import { AppError } from '../../platform/errors';
import type { PageQuery } from '../../../shared/schemas/common';
import type { AppNotification, NotificationLocale, NotificationReadAnswer, NotificationsReadAllAnswer } from '../../../shared/schemas/notifications';
import { queueMail } from '../../platform/mailQueue';
import { publish } from '../../platform/realtime';
import { agencyCopiesOf } from './agencyCopies';

/** A notification to record: a type with its params (rendered in the reader's language), for one user. */
export type NewNotification = NotificationContent & { userId: string; link?: string };

/**
 * Records in-product notifications (inside the caller's transaction) and, with `mail`, queues their mail in the
 * same transaction (decision 0040): `true` mails users who keep notification mail (and this kind) on, `'always'`
 * mails account decisions even to those who turned it off. A roster influencer's deal notification is copied to its
 * agency here (agencyCopies.ts). Returns the list given.
 */
export async function addNotifications(tx: DbOrTx, given: NewNotification[], opts: { mail?: boolean | 'always' } = {}) {
  if (given.length === 0) return given;
  // a roster influencer's deal notification reaches its agency too (decision 0060)
  const list = [...given, ...(await agencyCopiesOf(tx, given))];
  await tx.insert(notifications).values(
    list.map((n) => {
      const zh = renderNotification(n, 'zh');
      return { userId: n.userId, type: n.type, params: n.params, title: zh.title, body: zh.body, link: n.link ?? null };
    }),
  );
  // open pages refresh their bell when the transaction commits
  await publish(
    tx,
    list.map((n) => n.userId),
    { type: 'notification' },
  );
  if (opts.mail) await queueNotificationMails(tx, list, { always: opts.mail === 'always' });
  return given;
}

/** Queues the mail of notifications in the caller's transaction (sent by the mail queue, platform/mailQueue.ts). */
export async function queueNotificationMails(tx: DbOrTx, list: NewNotification[], opts: { always?: boolean } = {}) {
  await queueMail(
    tx,
    list.map((n) => ({ notification: { userId: n.userId, type: n.type, params: n.params, link: n.link, always: opts.always } })),
  );
}

/** GET /api/notifications: one page of my notifications, newest first, and how many are unread. */
const toNotification = (r: typeof notifications.$inferSelect): AppNotification => ({
  id: r.id,
  type: r.type,
  params: r.params,
  title: r.title,
  body: r.body,
  link: r.link,
  readAt: r.readAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const unreadOf = async (db: DbOrTx, userId: string) => {
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return unread;
};

export async function listNotifications(db: DbOrTx, userId: string, q: PageQuery) {
  const [rows, [{ total }], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId)),
    unreadOf(db, userId),
  ]);
  return { items: rows.map(toNotification), total: Number(total), page: q.page, limit: q.limit, unreadCount: unread };
}

/** One of my notifications read (reading it again changes nothing); someone else's answers 404. */
export async function markOneRead(db: DbOrTx, userId: string, id: string): Promise<NotificationReadAnswer> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
  return { notification: toNotification(row), unreadCount: await unreadOf(db, userId) };
}

/** Every unread notification of mine read. */
export async function markAllRead(db: DbOrTx, userId: string): Promise<NotificationsReadAllAnswer> {
  const res = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: res.length, unreadCount: await unreadOf(db, userId) };
}

/**
 * The language a browser shows (the `lang` cookie the web app writes; none = the default, Chinese): at sign-up
 * and sign-in it becomes the language of the user's notifications and mail, so the app need not send it in a
 * request of its own right after (which could cross a sign-out).
 */
export const browserLocale = (cookie: string | undefined): 'zh-CN' | 'en' => (cookie === 'en' ? 'en' : 'zh-CN');

/** The language a user's notifications and mail are written in (saved with their settings). */
export async function setNotificationLocale(db: DbOrTx, userId: string, locale: 'zh-CN' | 'en'): Promise<NotificationLocale> {
  // the default language is the column's default: a user without settings needs no row for it
  if (locale === 'zh-CN') {
    await db
      .update(userSettings)
      .set({ locale, updatedAt: new Date() })
      .where(and(eq(userSettings.userId, userId), ne(userSettings.locale, locale)));
    return { locale };
  }
  await db
    .insert(userSettings)
    .values({ userId, locale })
    .onConflictDoUpdate({ target: userSettings.userId, set: { locale, updatedAt: new Date() } });
  return { locale };
}
