import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common';
import { videoListQuery, videoListResponse } from '../../../shared/schemas/videos';
import type { AppContext } from '../../platform/context';
import { listVideos } from './service';

export const videoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/videos',
      {
        schema: {
          tags: ['videos'],
          summary: 'Showcase videos (active only), paginated',
          description: 'Who: anyone.',
          querystring: videoListQuery,
          response: { 200: videoListResponse, 400: errorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=30');
        return listVideos(ctx.db, request.query);
      },
    );
  };
