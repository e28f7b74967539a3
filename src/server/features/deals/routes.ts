import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import { ADMIN_EVENTS, eventDef, PARTY_EVENTS } from '../../../shared/deals';
import { adminDisputeQuery, adminDisputesResponse, dealDetail, dealListQuery, dealListResponse, FORMS } from '../../../shared/schemas/deals';
import { onBehalfQuery } from '../../../shared/schemas/agencies';
import { requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { mediaResponse } from '../../platform/openapi/responses';
import { currentUser, guard } from '../../platform/session';
import './jobs';
import { fireDealEvent } from './fire';
import { getDeal, listMyDeals } from './queries';
import { listDisputes } from './disputes';
import { readDealFile } from './files';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const parties = guard({ roles: ['company', 'influencer'] });
const partiesAndAdmins = guard({ roles: ['company', 'influencer', 'admin'] });
const dealIdParams = z.object({ id: z.string().uuid({ error: 'DEAL_NOT_FOUND' }) });
/** the events a person fires (a party or an admin), in the table's order */
const FIRED_BY_PEOPLE = [...new Set([...PARTY_EVENTS, ...ADMIN_EVENTS])];
/** an event without a form: the body is ignored (the web sends {}) */
const noForm = z.object({}).optional();
const pascal = (e: string) => e.replace(/(^|_)([a-z])/g, (_m, _u: string, c: string) => c.toUpperCase());

export const dealRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/deals',
      {
        preValidation: parties,
        config: { keyScope: 'deals:read', onBehalf: 'deals' },
        schema: {
          operationId: 'listDeals',
          tags: ['deals'],
          summary: "The signed-in company's or influencer's deals, latest activity first",
          description: 'Who: companies and influencers (their own deals only); an agency for a roster influencer (the deals made under it).',
          querystring: dealListQuery.extend(onBehalfQuery.shape),
          response: { 200: dealListResponse, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listMyDeals(ctx, await currentUser(request), request.query.status, request.query),
    );

    app.get(
      '/api/deals/:id',
      {
        preValidation: partiesAndAdmins,
        config: { keyScope: 'deals:read', onBehalf: 'deal' },
        schema: {
          operationId: 'getDeal',
          tags: ['deals'],
          summary: 'One deal: terms, timeline, live report, disputes and the actions the viewer may take now',
          description: 'Who: the deal’s company and influencer, and admins with 任务管理. Anyone else gets 404 (the deal’s existence is not revealed).',
          params: z.object({ id: z.string().uuid({ error: 'DEAL_NOT_FOUND' }) }),
          querystring: onBehalfQuery,
          response: { 200: dealDetail, ...errors },
        },
      },
      async (request) => getDeal(ctx, await currentUser(request), request.params.id),
    );

    // one operation per event of the deal table (src/shared/deals.ts), each with its own form: a client
    // knows the body of /events/propose_schedule from the document (decision 0031). System events and
    // unknown names are no operation (404).
    for (const event of FIRED_BY_PEOPLE) {
      const def = eventDef(event);
      const form = def.form ? FORMS[def.form] : null;
      app.post(
        `/api/deals/:id/events/${event}`,
        {
          preValidation: partiesAndAdmins,
          // an admin's event (a dispute decision, admin_cancel) is no key's: keys never act as admins
          // the influencer's events: an agency may fire them for a roster influencer on a deal made under it (decision 0045)
          config: {
            ...(def.by.some((r) => r !== 'admin') ? { keyScope: 'deals:write' as const } : {}),
            ...(def.by.includes('influencer') ? { onBehalf: 'deal' as const } : {}),
          },
          schema: {
            operationId: `postDealEvent${pascal(event)}`,
            tags: ['deals'],
            summary: `Deal event ${event}: ${def.from.join(' | ')} → ${def.to ?? '(state unchanged)'}`,
            description:
              `Who: ${def.by.map((r) => (r === 'admin' ? 'an admin with 任务管理' : `the deal’s ${r}`)).join(', ')}` +
              (def.guards?.length ? `; only when ${def.guards.join(', ')} (src/shared/deals.ts)` : '') +
              (def.then ? `; the platform then fires ${def.then}` : '') +
              '. Answers the deal as GET /api/deals/{id} does, after the event. 404 for anyone else (the deal’s existence is not revealed); 409 when the state or a guard does not allow it now.',
            params: dealIdParams,
            ...(def.by.includes('influencer') ? { querystring: onBehalfQuery } : {}),
            ...(form ? { body: form } : { body: noForm }),
            response: { 200: dealDetail, ...errors },
          },
        },
        async (request) => fireDealEvent(ctx, await currentUser(request), request.params.id, event, request.body ?? {}, { ip: request.ip }),
      );
    }

    app.get(
      '/api/deal-files/:id',
      {
        // an agency reads its own uploads (screenshots it attached for a roster influencer, decision 0045)
        preValidation: guard({ roles: ['company', 'influencer', 'admin', 'agency'] }),
        schema: {
          operationId: 'getDealFile',
          tags: ['deals'],
          summary: 'A private image: live report screenshot, dispute evidence, or an image in a message',
          description:
            'Who: its uploader, the two parties of a deal or conversation it is attached to, the agency a deal was made under (decision 0045), and admins with 任务管理. Anyone else gets 404.',
          params: z.object({ id: z.string().uuid({ error: 'NOT_FOUND' }) }),
          response: { 200: mediaResponse('image/*', 'The image (WebP, JPEG, PNG, GIF or AVIF), private: cached by the browser only') },
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
          operationId: 'listDisputes',
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
