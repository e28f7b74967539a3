import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, okBody } from '../../../shared/schemas/common';
import { adminDisputeQuery, adminDisputesResponse, dealDetail, dealEventBody, dealEventParams, dealListQuery, dealListResponse } from '../../../shared/schemas/deals';
import { requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { currentUser, guard } from '../../platform/session';
import { fireDealEvent, getDeal, listDisputes, listMyDeals, readDealFile } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const parties = guard({ roles: ['company', 'influencer'] });
const partiesAndAdmins = guard({ roles: ['company', 'influencer', 'admin'] });

export const dealRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/deals',
      {
        preValidation: parties,
        schema: {
          tags: ['deals'],
          summary: "The signed-in company's or influencer's deals, latest activity first",
          description: 'Who: companies and influencers (their own deals only).',
          querystring: dealListQuery,
          response: { 200: dealListResponse, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => ({ items: await listMyDeals(ctx.db, await currentUser(request), request.query.status) }),
    );

    app.get(
      '/api/deals/:id',
      {
        preValidation: partiesAndAdmins,
        schema: {
          tags: ['deals'],
          summary: 'One deal: terms, timeline, live report, disputes and the actions the viewer may take now',
          description: 'Who: the deal’s company and influencer, and admins with 任务管理. Anyone else gets 404 (the deal’s existence is not revealed).',
          params: z.object({ id: z.string().uuid({ error: 'DEAL_NOT_FOUND' }) }),
          response: { 200: dealDetail, ...errors },
        },
      },
      async (request) => getDeal(ctx, await currentUser(request), request.params.id),
    );

    app.post(
      '/api/deals/:id/events/:event',
      {
        preValidation: partiesAndAdmins,
        schema: {
          tags: ['deals'],
          summary: 'Fire one event of the deal table (src/shared/deals.ts)',
          description:
            'Who: as the table says per event — the company, the influencer, or an admin with 任务管理; system events (auto_confirm, complete) are refused. ' +
            'The body is the event’s form (samples, schedule, report, dispute, answer, reason, resolution). 409 when the state or a guard does not allow it now.',
          params: dealEventParams,
          body: dealEventBody,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await fireDealEvent(ctx, await currentUser(request), request.params.id, request.params.event, request.body ?? {}, { ip: request.ip });
        return { ok: true as const };
      },
    );

    app.get(
      '/api/deal-files/:id',
      {
        preValidation: partiesAndAdmins,
        schema: {
          tags: ['deals'],
          summary: 'A private image: live report screenshot, dispute evidence, or an image in a message',
          description: 'Who: its uploader, the two parties of a deal or conversation it is attached to, and admins with 任务管理. Anyone else gets 404.',
          params: z.object({ id: z.string().uuid({ error: 'NOT_FOUND' }) }),
        },
      },
      async (request, reply) => {
        const file = await readDealFile(ctx, await currentUser(request), request.params.id);
        if (!file) throw new AppError('NOT_FOUND');
        reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=3600').header('content-disposition', 'inline');
        return reply.send(file.stream);
      },
    );

    app.get(
      '/api/admin/disputes',
      {
        preValidation: requireAdmin(ctx, 'task_management'),
        schema: {
          tags: ['admin'],
          summary: '纠纷处理: open disputes oldest first with their age against the 24-hour promise, or closed ones',
          description: 'Who: admins holding task_management (a visitor 401, an influencer or a company 403, an admin without the permission 403).',
          querystring: adminDisputeQuery,
          response: { 200: adminDisputesResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listDisputes(ctx, request.query),
    );
  };
