import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockAnswer, outboxQuery, outboxResponse } from '../../../shared/schemas/dev';
import { pageOfAll } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import { outbox } from '../../db/schema';
import { loopbackOnly } from '../../platform/loopback';
import { OffsetClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { runDueJobs } from '../../platform/jobs';
import { sendQueuedMail } from '../../platform/mailQueue';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';

/** Development and test only: registered only when NODE_ENV is not production. */
export const devRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // only this machine may read codes or use these tools (platform/loopback.ts)
    app.addHook('onRequest', loopbackOnly);
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          operationId: 'devReadOutbox',
          tags: ['dev'],
          summary: 'Mail and SMS sent to an address or phone, newest first (development only)',
          description: 'Who: anyone, in development and test only; absent in production.',
          querystring: outboxQuery,
          response: { 200: outboxResponse, 400: errorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // queued mail is sent first (decision 0040), so the outbox shows it at once, as a mailbox would soon
        await sendQueuedMail(ctx);
        const rows = await ctx.db.select().from(outbox).where(eq(outbox.to, request.query.to.toLowerCase())).orderBy(desc(outbox.createdAt)).limit(50);
        return pageOfAll(
          rows.map((r) => ({
            id: r.id,
            channel: r.channel as 'email' | 'sms',
            to: r.to,
            subject: r.subject,
            body: r.body,
            createdAt: r.createdAt.toISOString(),
          })),
          request.query,
        );
      },
    );

    app.post(
      '/api/dev/clock',
      {
        schema: {
          operationId: 'devAdvanceClock',
          tags: ['dev'],
          summary: 'Move the server clock forward and run the timed jobs now due (DEV_CLOCK=1 only)',
          description: 'Who: anyone on this machine, in development and test with DEV_CLOCK=1; 404 otherwise.',
          body: z.object({
            advanceMs: z
              .number()
              .int()
              .min(0)
              .max(366 * 24 * 3600_000),
          }),
          response: { 200: clockAnswer, 404: errorBody },
        },
      },
      async (request) => {
        if (!(ctx.clock instanceof OffsetClock)) throw new AppError('NOT_FOUND');
        ctx.clock.advance(request.body.advanceMs);
        const jobsRun = await runDueJobs(ctx);
        return { now: ctx.clock.now().toISOString(), jobsRun };
      },
    );
  };
