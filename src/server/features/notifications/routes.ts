import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  notificationLocale,
  notificationLocaleRequest,
  notificationReadAnswer,
  notificationsQuery,
  notificationsReadAllAnswer,
  notificationsResponse,
} from '../../../shared/schemas/notifications';
import type { AppContext } from '../../platform/context';
import { currentUser, requireUser } from '../../platform/session';
import { listNotifications, markAllRead, markOneRead, setNotificationLocale } from './service';

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
    app.get(
      '/api/notifications',
      {
        schema: {
          operationId: 'listNotifications',
          tags: ['notifications'],
          summary: 'My notifications, newest first, one page at a time, and the unread count',
          description: 'Who: any signed-in user; only their own.',
          querystring: notificationsQuery,
          response: { 200: notificationsResponse, ...errors },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listNotifications(ctx.db, (await currentUser(request)).id, request.query);
      },
    );
    app.post(
      '/api/notifications/read-all',
      {
        schema: {
          operationId: 'markAllNotificationsRead',
          tags: ['notifications'],
          summary: 'Mark all my notifications read',
          description: 'Who: any signed-in user.',
          response: { 200: notificationsReadAllAnswer, ...errors },
        },
        preValidation: requireUser,
      },
      async (request) => markAllRead(ctx.db, (await currentUser(request)).id),
    );
    app.put(
      '/api/notifications/locale',
      {
        schema: {
          operationId: 'setNotificationLocale',
          tags: ['notifications'],
          summary: 'Set the language my notifications and mail are written in',
          description: 'Who: any signed-in user; only their own setting. The web app sends the chosen language when it changes.',
          body: notificationLocaleRequest,
          response: { 200: notificationLocale, ...errors },
        },
        preValidation: requireUser,
      },
      async (request) => setNotificationLocale(ctx.db, (await currentUser(request)).id, request.body.locale),
    );
    app.post(
      '/api/notifications/:id/read',
      {
        schema: {
          operationId: 'markNotificationRead',
          tags: ['notifications'],
          summary: 'Mark one of my notifications read',
          description: 'Who: the notification’s owner.',
          params: idParam,
          response: { 200: notificationReadAnswer, ...errors },
        },
        preValidation: requireUser,
      },
      async (request) => markOneRead(ctx.db, (await currentUser(request)).id, request.params.id),
    );
  };
