import { z } from 'zod';

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
export const notificationsResponse = z.object({ notifications: z.array(notification), unreadCount: z.number().int() });
export type AppNotification = z.infer<typeof notification>;
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** PUT /api/notifications/locale — the language of my notifications and mail */
export const notificationLocaleRequest = z.object({ locale: z.enum(['zh-CN', 'en']) });
