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

/** PUT /api/notifications/locale — the language of my notifications and mail */
export const notificationLocaleRequest = z.object({ locale: z.enum(['zh-CN', 'en']) });
