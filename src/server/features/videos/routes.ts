import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParam } from '../../../shared/schemas/common';
import { videoDetailQuery, videoDetailResponse, videoListQuery, videoListResponse, videoViewResponse } from '../../../shared/schemas/videos';
import type { AppContext } from '../../platform/context';
import { notModified } from '../../platform/openapi/responses';
import { visitorKey } from '../../platform/visitor';
import { getVideoDetail, listVideos, recordVideoView } from './service';

export const videoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/videos',
      {
        schema: {
          operationId: 'listVideos',
          tags: ['videos'],
          summary: 'Showcase videos (active only): search, category, featured, sort, pagination',
          description: 'Who: anyone. Sorts: latest, popular (views), trending (views counted in the last 7 days), rating, sort_order.',
          querystring: videoListQuery,
          response: { 200: videoListResponse, 304: notModified, 400: errorBody },
        },
      },
      async (request, reply) => ctx.publicCache.serve(request, reply, 'videos', () => listVideos(ctx, request.query)),
    );

    app.get(
      '/api/video-detail',
      {
        schema: {
          operationId: 'getVideo',
          tags: ['videos'],
          summary: 'One active video and up to 6 related videos (same category)',
          description: 'Who: anyone. 404 VIDEO_NOT_FOUND for an unknown or inactive video.',
          querystring: videoDetailQuery,
          response: { 200: videoDetailResponse, 400: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=5');
        return getVideoDetail(ctx.db, request.query.id);
      },
    );

    app.post(
      '/api/videos/:id/view',
      {
        schema: {
          operationId: 'recordVideoView',
          tags: ['videos'],
          summary: 'Count a visit of the video page (once per visitor per 30 minutes)',
          description: 'Who: anyone; the page calls it once per visit.',
          params: idParam,
          response: { 200: videoViewResponse, 400: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        const key = await visitorKey(ctx, request, reply);
        const budget = await ctx.limiter.hit(`video-views:ip:${request.ip}`, 120, 3600);
        if (!budget.allowed) return { counted: false };
        return { counted: await recordVideoView(ctx, request.params.id, key) };
      },
    );
  };
