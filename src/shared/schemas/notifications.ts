import { z } from 'zod';
import { listOf, pageQuery } from './common';

export const notification = z.object({
  id: z.string().uuid(),
  type: z.string(),
  /** the type's parameters; the reader's language renders them (src/shared/notifications.ts) */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** the zh text as written (shown for types this version does not know) */
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
/** GET /api/notifications: the bell shows the first page (50) */
export const notificationsQuery = pageQuery(50, 100);
export const notificationsResponse = listOf(notification).extend({ unreadCount: z.number().int() });
export type AppNotification = z.infer<typeof notification>;
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** POST /api/notifications/{id}/read: the notification as it is now, and how many are still unread */
export const notificationReadAnswer = z.object({ notification, unreadCount: z.number().int() });
export type NotificationReadAnswer = z.infer<typeof notificationReadAnswer>;
/** POST /api/notifications/read-all: how many this call marked, and how many are unread now (0 unless one arrived since) */
export const notificationsReadAllAnswer = z.object({ marked: z.number().int(), unreadCount: z.number().int() });
export type NotificationsReadAllAnswer = z.infer<typeof notificationsReadAllAnswer>;

/** PUT /api/notifications/locale — the language of my notifications and mail */
export const notificationLocaleRequest = z.object({ locale: z.enum(['zh-CN', 'en']) });
/** the setting as stored */
export const notificationLocale = z.object({ locale: z.enum(['zh-CN', 'en']) });
export type NotificationLocale = z.infer<typeof notificationLocale>;
