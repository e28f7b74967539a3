import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import { healthResponse, livenessResponse } from '../../../shared/schemas/stats';
import type { AppContext } from '../../platform/context';
import { appVersion, health, uptimeSeconds } from './health';

export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          operationId: 'getHealth',
          tags: ['system'],
          summary: 'Readiness: the database, and the state of Redis, storage and mail',
          description:
            'Who: anyone. The readiness probe. 200 once the database answers and every migration of this version is applied: `status` is `ok` when ' +
            'every dependency is up, `degraded` when Redis, storage or mail is down, or when recent mail sends fail (mail `degraded`; the instance still ' +
            "serves; with Redis down, rate limits count in this instance's memory). 503 otherwise (database down or migrations pending: " +
            '`params.dependency` is `database`), with Retry-After.',
          response: { 200: healthResponse, 503: errorBody },
        },
        config: { rateLimit: false },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return health(ctx);
      },
    );

    app.get(
      '/api/health/live',
      {
        schema: {
          operationId: 'getLiveness',
          tags: ['system'],
          summary: 'Liveness: the process serves',
          description: 'Who: anyone. The liveness probe: 200 while the process answers HTTP, whatever its dependencies say (restart it only when this fails).',
          response: { 200: livenessResponse },
        },
        config: { rateLimit: false },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, uptimeSeconds: uptimeSeconds(), version: appVersion };
      },
    );
  };
