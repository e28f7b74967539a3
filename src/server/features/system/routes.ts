import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common';
import { healthResponse } from '../../../shared/schemas/stats';
import { ping } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

const startedAt = Date.now();
const version = process.env.npm_package_version ?? '0.1.0';

export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database readiness',
          description: 'Who: anyone. 200 once the database answers, 503 otherwise.',
          response: { 200: healthResponse, 503: errorBody },
        },
        config: { rateLimit: false },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          await ping(ctx.db);
        } catch {
          throw new AppError('UNAVAILABLE');
        }
        return {
          status: 'ok' as const,
          database: ctx.database.kind,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          version,
        };
      },
    );
  };
