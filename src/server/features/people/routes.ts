import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  companyDetailResponse,
  contactInfluencerRequest,
  contactInfluencerResponse,
  followResponse,
  influencerDetailResponse,
  influencerListQuery,
  influencerListResponse,
} from '../../../shared/schemas/people';
import type { AppContext } from '../../platform/context';
import { notModified } from '../../platform/openapi/responses';
import { currentUser, guard } from '../../platform/session';
import { contactInfluencer, getCompanyDetail, getInfluencerDetail, listInfluencers, setFollow } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
/** a well-formed id that names nothing answers 404 with the page's own message */
const idOf = (code: 'INFLUENCER_NOT_FOUND' | 'COMPANY_NOT_FOUND') => z.string().uuid({ error: code });
const companyOnly = guard({ roles: ['company'], unauthenticated: 'COMPANY_LOGIN_REQUIRED', forbidden: 'COMPANY_ACCOUNT_REQUIRED' });
const influencerOnly = guard({ roles: ['influencer'], unauthenticated: 'UNAUTHENTICATED', forbidden: 'FOLLOW_INFLUENCER_ONLY' });

export const peopleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/influencers',
      {
        schema: {
          operationId: 'listInfluencers',
          tags: ['people'],
          summary: 'The influencer directory: approved, active influencers; search, category, sort, pagination',
          description:
            'Who: anyone. Visitors receive followersCount and hourlyRateCents as null (shown as ***). Profiles set to private are never listed; registered-only profiles only for signed-in viewers.',
          querystring: influencerListQuery,
          response: { 200: influencerListResponse, 304: notModified, 400: errorBody },
        },
      },
      // what a visitor sees is the same for every visitor (shared for a few seconds); members' is theirs
      async (request, reply) =>
        ctx.publicCache.serve(request, reply, 'influencers', async () => listInfluencers(ctx.db, request.query, await request.getUser())),
    );

    // GET /api/influencers/{id} is the influencer; /api/influencer-detail?id= is its deprecated alias for one release (decision 0054)
    for (const alias of [false, true]) {
      app.get(
        alias ? '/api/influencer-detail' : '/api/influencers/:id',
        {
          schema: {
            operationId: alias ? 'getInfluencerByQuery' : 'getInfluencer',
            tags: ['people'],
            summary: alias ? 'Deprecated alias of GET /api/influencers/{id}' : 'One influencer with reviews, completed work and 3 similar influencers',
            description: `Who: anyone for approved, active, visible profiles; an unapproved or hidden profile only for its owner and admins (404 INFLUENCER_NOT_FOUND for others). Masking: visitors get followersCount, hourlyRateCents, tiktokAccount as null; contact details follow the owner’s privacy settings.${alias ? ' Deprecated: use GET /api/influencers/{id}; this alias goes in the next release.' : ''}`,
            ...(alias
              ? { deprecated: true, querystring: z.object({ id: idOf('INFLUENCER_NOT_FOUND') }) }
              : { params: z.object({ id: idOf('INFLUENCER_NOT_FOUND') }) }),
            response: { 200: influencerDetailResponse, ...errors },
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'private, no-cache');
          const { id } = (alias ? request.query : request.params) as { id: string };
          return getInfluencerDetail(ctx.db, id, await request.getUser());
        },
      );
    }

    app.post(
      '/api/influencers/:id/contact',
      {
        preValidation: companyOnly,
        schema: {
          operationId: 'contactInfluencer',
          tags: ['people'],
          summary: 'Contact an influencer: starts (or continues) the conversation of the company and the influencer',
          description:
            'Who: companies (visitors and other roles: 请先登录企业账号). 请输入消息内容 when empty; MESSAGES_DISABLED when the influencer does not accept messages; at most 20 per company per hour.',
          params: z.object({ id: idOf('INFLUENCER_NOT_FOUND') }),
          body: contactInfluencerRequest,
          response: { 200: contactInfluencerResponse, ...errors },
        },
      },
      async (request) => contactInfluencer(ctx, await currentUser(request), request.params.id, request.body.message),
    );

    app.get(
      '/api/companies/:id',
      {
        schema: {
          operationId: 'getCompany',
          tags: ['people'],
          summary: 'One company with its open and past tasks and the reviews on its tasks',
          description: 'Who: anyone, as the company’s privacy settings allow (404 COMPANY_NOT_FOUND otherwise). Contact details follow those settings.',
          params: z.object({ id: idOf('COMPANY_NOT_FOUND') }),
          response: { 200: companyDetailResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-cache');
        return getCompanyDetail(ctx.db, request.params.id, await request.getUser());
      },
    );

    for (const follow of [true, false]) {
      app.route({
        method: follow ? 'POST' : 'DELETE',
        url: '/api/companies/:id/follow',
        preValidation: influencerOnly,
        schema: {
          operationId: follow ? 'followCompany' : 'unfollowCompany',
          tags: ['people'],
          summary: follow ? 'Follow a company (its new tasks notify the follower)' : 'Stop following a company',
          description: 'Who: influencers (FOLLOW_INFLUENCER_ONLY for other roles, 401 for visitors). Idempotent.',
          params: z.object({ id: idOf('COMPANY_NOT_FOUND') }),
          response: { 200: followResponse, ...errors },
        },
        handler: async (request) => setFollow(ctx.db, request.params.id, await currentUser(request), follow),
      });
    }
  };
