import { z } from 'zod';
import { listOf, pageQuery } from './common';

/** The mail queue (decision 0040): the one-click turn-off of a kind of notification mail, and the admin's view. */
export const unsubscribeQuery = z.object({ t: z.string().min(1).max(400) });
export const unsubscribeResponse = z.object({
  ok: z.literal(true),
  /** the notification type no longer mailed */
  kind: z.string(),
});

export const MAIL_QUEUE_STATUSES = ['failed', 'pending'] as const;
export const adminMailQuery = pageQuery(200, 200).extend({ status: z.enum(MAIL_QUEUE_STATUSES, { error: 'BAD_REQUEST' }).default('failed') });
export const adminMailItem = z.object({
  id: z.string().uuid(),
  /** a notification type or a direct mail's kind (contact_reply, admin_invite, …) */
  kind: z.string(),
  to: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'skipped', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  firstFailedAt: z.string().nullable(),
});
export type AdminMailItem = z.infer<typeof adminMailItem>;
export const adminMailResponse = listOf(adminMailItem).extend({
  /** mails waiting to be sent (new or being retried) */
  waiting: z.number().int(),
  /** mails given up after 24 h */
  failed: z.number().int(),
});
export type AdminMailResponse = z.infer<typeof adminMailResponse>;

/** POST /api/admin/mail/{id}/resend: the mail as queued again */
export const adminMailAnswer = z.object({ mail: adminMailItem });
export type AdminMailAnswer = z.infer<typeof adminMailAnswer>;
