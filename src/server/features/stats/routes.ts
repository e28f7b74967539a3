import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeStatsResponse } from '../../../shared/schemas/stats';
import type { AppContext } from '../../platform/context';
import { homeStats } from './service';

export const statsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/stats/home',
      {
        schema: {
          operationId: 'getHomeStats',
          tags: ['stats'],
          summary: 'Counts for the home page stats strip',
          description: 'Who: anyone.',
          response: { 200: homeStatsResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return homeStats(ctx.db);
      },
    );
  };
