import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import { MATCH_LIMIT_MAX, matchQuery, recommendedInfluencersResponse, recommendedTasksResponse } from '../../../shared/schemas/matching';
import { pageOfAll } from '../../../shared/schemas/common';
import { onBehalfQuery } from '../../../shared/schemas/agencies';
import type { AppContext } from '../../platform/context';
import { currentUser, guard } from '../../platform/session';
import { recommendInfluencers, recommendTasks } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const companyOnly = guard({ roles: ['company'], unauthenticated: 'UNAUTHENTICATED', forbidden: 'COMPANY_ONLY_TASKS' });
const influencerOnly = guard({ roles: ['influencer'], unauthenticated: 'INFLUENCER_LOGIN_REQUIRED', forbidden: 'INFLUENCER_ACCOUNT_REQUIRED' });

/** Matching (decision 0019): 推荐达人 for the owner of a task, 为你推荐 for a signed-in influencer. */
export const matchingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/tasks/:id/recommended-influencers',
      {
        schema: {
          operationId: 'listRecommendedInfluencers',
          tags: ['matching'],
          summary: 'Recommended influencers for a task (推荐达人), best first, each with its score and up to 3 reasons',
          description:
            'Who: the company that owns the task (visitors 401, influencers 403, any other company 404). Approved, active, visible influencers who have not applied and have no other deal overlapping the live session. `open` is false (and the list empty) once the task no longer recruits.',
          params: idParam,
          querystring: matchQuery,
          response: { 200: recommendedInfluencersResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const { open, items } = await recommendInfluencers(ctx.db, await currentUser(request), request.params.id, MATCH_LIMIT_MAX);
        return { open, ...pageOfAll(items, request.query) };
      },
    );

    app.get(
      '/api/me/recommended-tasks',
      {
        schema: {
          operationId: 'listRecommendedTasks',
          tags: ['matching'],
          summary: 'Recommended open tasks for the signed-in influencer (为你推荐), each with its score and up to 3 reasons',
          description:
            'Who: signed-in influencers (visitors 401, companies and admins 403), and an approved agency for a current roster influencer (`onBehalfOf`, decision 0045: the 为你推荐 of each influencer in its workspace). Leaves out tasks they applied to and tasks whose live session overlaps one of their deals.',
          querystring: matchQuery.extend(onBehalfQuery.shape),
          response: { 200: recommendedTasksResponse, ...errors },
        },
        config: { onBehalf: 'new' },
        preValidation: influencerOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return pageOfAll(await recommendTasks(ctx.db, await currentUser(request), MATCH_LIMIT_MAX, ctx.clock.now()), request.query);
      },
    );
  };
