import { z } from 'zod';

export const outboxQuery = z.object({ to: z.string().trim().min(1).max(254) });
export const outboxMessage = z.object({
  id: z.string().uuid(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxResponse = z.object({ messages: z.array(outboxMessage) });
