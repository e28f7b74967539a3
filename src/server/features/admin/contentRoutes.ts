import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContactMessage,
  adminContactResponse,
  adminVideo,
  adminVideoQuery,
  adminVideosResponse,
  contactListQuery,
  contactReply,
  influencerPicker,
  influencerPickerQuery,
  videoCategoriesQuery,
  videoCategoryList,
  videoInput,
  videoToggle,
} from '../../../shared/schemas/adminContent';
import { noContent } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import {
  closeContactMessage,
  createVideo,
  deleteVideo,
  influencerPicker as pickInfluencers,
  listAdminVideos,
  listContactMessages,
  listVideoCategories,
  replyContactMessage,
  toggleVideo,
  updateVideo,
} from './content';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const who = (p: string) => `Who: admins holding ${p} (a visitor 401, an influencer or a company 403, an admin without the permission 403).`;
const videoId = z.object({ id: z.string().uuid({ error: 'VIDEO_NOT_FOUND' }) });
const messageId = z.object({ id: z.string().uuid({ error: 'CONTACT_MESSAGE_NOT_FOUND' }) });

/** 视频管理 (content_moderation) and 联系消息 (user_management). */
export const adminContentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const videosGuard = requireAdmin(ctx, 'content_moderation');
    const contactGuard = requireAdmin(ctx, 'user_management');
    const V = who('content_moderation');
    const C = who('user_management');

    app.get(
      '/api/admin/videos',
      {
        preValidation: videosGuard,
        schema: {
          operationId: 'adminListVideos',
          tags: ['admin'],
          summary: '视频管理: search, category / 推荐 / 启用 filters, 20 a page, the four counters',
          description: V,
          querystring: adminVideoQuery,
          response: { 200: adminVideosResponse, ...errors },
        },
      },
      async (request) => listAdminVideos(ctx.db, request.query),
    );
    app.get(
      '/api/admin/video-categories',
      {
        preValidation: videosGuard,
        schema: {
          operationId: 'listVideoCategories',
          tags: ['admin'],
          summary: 'The video categories',
          description: V,
          querystring: videoCategoriesQuery,
          response: { 200: videoCategoryList, ...errors },
        },
      },
      async (request) => listVideoCategories(ctx.db, request.query),
    );
    app.get(
      '/api/admin/influencer-picker',
      {
        preValidation: videosGuard,
        schema: {
          operationId: 'pickInfluencers',
          tags: ['admin'],
          summary: 'Registered influencers by nickname (the picker of the video form)',
          description: V,
          querystring: influencerPickerQuery,
          response: { 200: influencerPicker, ...errors },
        },
      },
      async (request) => pickInfluencers(ctx.db, request.query),
    );
    app.post(
      '/api/admin/videos',
      {
        preValidation: videosGuard,
        schema: {
          operationId: 'createVideo',
          tags: ['admin'],
          summary: 'Add a video (title and a playable URL required)',
          description: V,
          body: videoInput,
          response: { 200: adminVideo, ...errors },
        },
      },
      async (request) => createVideo(ctx, currentAdmin(request).id, request.body, { ip: request.ip }),
    );
    app.put(
      '/api/admin/videos/:id',
      {
        preValidation: videosGuard,
        schema: {
          operationId: 'updateVideo',
          tags: ['admin'],
          summary: 'Edit a video',
          description: V,
          params: videoId,
          body: videoInput,
          response: { 200: adminVideo, ...errors },
        },
      },
      async (request) => updateVideo(ctx, currentAdmin(request).id, request.params.id, request.body, { ip: request.ip }),
    );
    app.patch(
      '/api/admin/videos/:id/toggle',
      {
        preValidation: videosGuard,
        schema: {
          operationId: 'toggleVideo',
          tags: ['admin'],
          summary: '启用 / 推荐 switch, saved at once',
          description: V,
          params: videoId,
          body: videoToggle,
          response: { 200: adminVideo, ...errors },
        },
      },
      async (request) => toggleVideo(ctx, currentAdmin(request).id, request.params.id, request.body, { ip: request.ip }),
    );
    app.delete(
      '/api/admin/videos/:id',
      {
        preValidation: videosGuard,
        schema: {
          operationId: 'deleteVideo',
          tags: ['admin'],
          summary: 'Delete a video',
          description: V,
          params: videoId,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await deleteVideo(ctx, currentAdmin(request).id, request.params.id, { ip: request.ip });
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/admin/contact-messages',
      {
        preValidation: contactGuard,
        schema: {
          operationId: 'listContactMessages',
          tags: ['admin'],
          summary: '联系消息: the messages of /contact, newest first',
          description: C,
          querystring: contactListQuery,
          response: { 200: adminContactResponse, ...errors },
        },
      },
      async (request) => listContactMessages(ctx.db, request.query),
    );
    app.post(
      '/api/admin/contact-messages/:id/close',
      {
        preValidation: contactGuard,
        schema: {
          operationId: 'closeContactMessage',
          tags: ['admin'],
          summary: 'Mark a message handled',
          description: C,
          params: messageId,
          response: { 200: adminContactMessage, ...errors },
        },
      },
      async (request) => closeContactMessage(ctx, currentAdmin(request).id, request.params.id, { ip: request.ip }),
    );
    app.post(
      '/api/admin/contact-messages/:id/reply',
      {
        preValidation: contactGuard,
        schema: {
          operationId: 'replyToContactMessage',
          tags: ['admin'],
          summary: 'Reply by mail (stored; the message becomes replied)',
          description: C,
          params: messageId,
          body: contactReply,
          response: { 200: adminContactMessage, ...errors },
        },
      },
      async (request) => replyContactMessage(ctx, currentAdmin(request).id, request.params.id, request.body.message, { ip: request.ip }),
    );
  };
