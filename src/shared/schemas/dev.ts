import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { text } from './fields';

export const outboxQuery = pageQuery(50, 50).extend({ to: text(254, { required: 'EMAIL_REQUIRED' }) });
export const outboxMessage = z.object({
  id: z.string().uuid(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxResponse = listOf(outboxMessage);

/** POST /api/dev/clock (development and tests): the clock's time now and how many due jobs ran */
export const clockAnswer = z.object({ now: z.string(), jobsRun: z.number() });
