import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
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

    // GET /api/videos/{id} is the video; /api/video-detail?id= is its deprecated alias for one release (decision 0054)
    for (const alias of [false, true]) {
      app.get(
        alias ? '/api/video-detail' : '/api/videos/:id',
        {
          schema: {
            operationId: alias ? 'getVideoByQuery' : 'getVideo',
            tags: ['videos'],
            summary: alias ? 'Deprecated alias of GET /api/videos/{id}' : 'One active video and up to 6 related videos (same category)',
            description: `Who: anyone. 404 VIDEO_NOT_FOUND for an unknown or inactive video.${alias ? ' Deprecated: use GET /api/videos/{id}; this alias goes in the next release.' : ''}`,
            ...(alias ? { deprecated: true, querystring: videoDetailQuery } : { params: videoDetailQuery }),
            response: { 200: videoDetailResponse, 400: errorBody, 404: errorBody },
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'public, max-age=5');
          const { id } = (alias ? request.query : request.params) as { id: string };
          return getVideoDetail(ctx.db, id);
        },
      );
    }

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
