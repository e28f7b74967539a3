import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  conversationResponse,
  conversationsQuery,
  conversationsResponse,
  sendMessageRequest,
  sendMessageResponse,
  unreadResponse,
  type LiveEvent,
} from '../../../shared/schemas/messages';
import type { AppContext } from '../../platform/context';
import { mediaResponse } from '../../platform/openapi/responses';
import { AppError } from '../../platform/errors';
import { currentUser, guard } from '../../platform/session';
import { onBehalfQuery } from '../../../shared/schemas/agencies';
import { getConversation, listConversations, sendMessage, unreadCount } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
/** the conversation list and its unread count: an agency reads its roster's deal conversations (decision 0060) */
const listReaders = guard({ roles: ['company', 'influencer', 'agency'] });
const memberOrAdmin = guard({ roles: ['company', 'influencer', 'admin'] });
/** the live events carry the bell's notifications too: agencies have a bell (decision 0044) */
const streamReaders = guard({ roles: ['company', 'influencer', 'admin', 'agency'] });
const conversationId = z.object({ id: z.string().uuid({ error: 'CONVERSATION_NOT_FOUND' }) });
/** open event streams one user may hold on one instance (tabs, devices) */
export const MAX_STREAMS_PER_USER = 8;

export const messageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/conversations',
      {
        preValidation: listReaders,
        config: { keyScope: 'deals:read' },
        schema: {
          operationId: 'listConversations',
          tags: ['messages'],
          summary: 'The signed-in company’s or influencer’s conversations (contact and deal), newest first, with unread counts',
          description:
            'Who: companies and influencers, each sees only their own; an agency sees the deal conversations of the deals made under it for ' +
            'its roster (membership active or ending), which it opens with `onBehalfOf` (unread: the company’s messages not read yet). Admins and visitors are refused.',
          querystring: conversationsQuery,
          response: { 200: conversationsResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return listConversations(ctx.db, await currentUser(request), request.query);
      },
    );

    app.get(
      '/api/conversations/unread',
      {
        preValidation: listReaders,
        schema: {
          operationId: 'getUnreadCount',
          tags: ['messages'],
          summary: 'How many messages from the other side the signed-in user has not read (the header badge)',
          description: 'Who: companies and influencers; an agency: the company’s unread messages in its roster’s deal conversations.',
          response: { 200: unreadResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { count: await unreadCount(ctx.db, await currentUser(request)) };
      },
    );

    app.get(
      '/api/conversations/:id',
      {
        preValidation: memberOrAdmin,
        config: { keyScope: 'deals:read', onBehalf: 'conversation' },
        schema: {
          operationId: 'getConversation',
          tags: ['messages'],
          summary: 'One conversation with its latest 200 messages (a participant’s reading marks the other side’s read)',
          description: 'Who: its two participants, and admins with 任务管理 for a deal’s conversation (read only). For anyone else it does not exist (404).',
          params: conversationId,
          querystring: onBehalfQuery,
          response: { 200: conversationResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return getConversation(ctx, await currentUser(request), request.params.id);
      },
    );

    app.post(
      '/api/conversations/:id/messages',
      {
        preValidation: memberOrAdmin,
        config: { keyScope: 'deals:write', onBehalf: 'conversation' },
        schema: {
          operationId: 'sendMessage',
          tags: ['messages'],
          summary: 'Write in a conversation: text and up to 4 images (uploads of purpose deal-file)',
          description:
            'Who: its two participants (404 for anyone else; CONVERSATION_READ_ONLY for an admin). 请输入消息内容 when both the text and the images are empty; ' +
            'MESSAGES_DISABLED when the influencer does not accept messages (contact conversations only); at most 120 messages per user per hour.',
          params: conversationId,
          querystring: onBehalfQuery,
          body: sendMessageRequest,
          response: { 200: sendMessageResponse, ...errors },
        },
      },
      async (request) => sendMessage(ctx, await currentUser(request), request.params.id, request.body),
    );

    app.get(
      '/api/events',
      {
        preValidation: streamReaders,
        sse: { kind: 'only', heartbeat: true },
        schema: {
          operationId: 'streamEvents',
          tags: ['messages'],
          summary: 'The signed-in user’s live events (server-sent events): message, read, notification',
          description:
            'Who: any signed-in user. Each event names what changed (a conversation id), never its content: the page refetches what it may read. ' +
            'Events reach every instance through PostgreSQL NOTIFY. A `ready` event opens the stream; heartbeats keep proxies from closing it.',
          response: {
            200: mediaResponse('text/event-stream', 'Server-sent events: `ready`, then `message`, `read`, `notification` as they happen'),
            401: errorBody,
            403: errorBody,
            // an Accept that refuses text/event-stream (@fastify/sse's answer, in the error body: platform/errors.ts)
            406: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const user = await currentUser(request);
        if (ctx.realtime.connectionsOf(user.id) >= MAX_STREAMS_PER_USER) throw new AppError('RATE_LIMITED');
        reply.header('cache-control', 'no-store');
        reply.header('x-accel-buffering', 'no');
        reply.sse.keepAlive();
        const send = (event: LiveEvent) => {
          if (reply.sse.isConnected) void reply.sse.send({ event: event.type, data: event }).catch(() => undefined);
        };
        const unsubscribe = ctx.realtime.subscribe(user.id, send, () => reply.sse.close());
        reply.sse.onClose(unsubscribe);
        await reply.sse.send({ event: 'ready', data: {}, retry: 3000 });
      },
    );
  };
