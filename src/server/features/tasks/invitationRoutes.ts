import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import { taskDetailResponse } from '../../../shared/schemas/tasks';
import {
  acceptInvitationResponse,
  declineInvitationRequest,
  invitationIdParams,
  invitationResponse,
  inviteRequest,
  myInvitationsQuery,
  myInvitationsResponse,
  taskInvitationsQuery,
  taskInvitationsResponse,
} from '../../../shared/schemas/invitations';
import type { AppContext } from '../../platform/context';
import { invalidateOnWrite } from '../../platform/publicCache';
import { currentUser, guard } from '../../platform/session';
import { actedFor } from '../agencies';
import { onBehalfQuery } from '../../../shared/schemas/agencies';
import { acceptInvitation, declineInvitation, invite, listMyInvitations, listTaskInvitations, withdrawInvitation } from './invitations';
import { closeRecruiting } from './lifecycle';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const companyOnly = guard({ roles: ['company'], unauthenticated: 'UNAUTHENTICATED', forbidden: 'COMPANY_ONLY_TASKS' });
const influencerOnly = guard({ roles: ['influencer'], unauthenticated: 'INFLUENCER_LOGIN_REQUIRED', forbidden: 'INFLUENCER_ACCOUNT_REQUIRED' });

/** 邀请 and 结束招募 (issue 14, decision 0025). */
export const invitationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // an accepted invitation fills a slot, ending recruiting changes the task: the hall's cache follows
    invalidateOnWrite(app, ctx.publicCache, 'tasks');

    app.post(
      '/api/task-invitations',
      {
        config: { keyScope: 'applications:write' },
        schema: {
          operationId: 'inviteInfluencer',
          tags: ['invitations'],
          summary: 'Invite an influencer to an open task',
          description:
            'Who: the owning company. A listed influencer who has not applied (pending or accepted) and was never invited to this task; the offered rate inside the budget (0 for commission only); at most the daily limit (系统设置) per task in 24 h (429). The influencer is told (notification + mail); unanswered, it expires after 72 h.',
          body: inviteRequest,
          response: { 200: invitationResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => ({ invitation: await invite(ctx, (await currentUser(request)).id, request.body) }),
    );

    app.get(
      '/api/task-invitations',
      {
        config: { keyScope: 'tasks:read' },
        schema: {
          operationId: 'listTaskInvitations',
          tags: ['invitations'],
          summary: "A task's invitations, newest first, with what is left of today's limit",
          description: 'Who: the owning company (another company 403).',
          querystring: taskInvitationsQuery,
          response: { 200: taskInvitationsResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listTaskInvitations(ctx, (await currentUser(request)).id, request.query.taskId, request.query);
      },
    );

    app.get(
      '/api/me/invitations',
      {
        config: { keyScope: 'tasks:read', onBehalf: 'new' },
        schema: {
          operationId: 'listMyInvitations',
          tags: ['invitations'],
          summary: 'My invitations, newest first, with their tasks',
          description: 'Who: influencers with a profile.',
          querystring: myInvitationsQuery.extend(onBehalfQuery.shape),
          response: { 200: myInvitationsResponse, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listMyInvitations(ctx.db, (await currentUser(request)).id, request.query);
      },
    );

    app.post(
      '/api/task-invitations/:id/accept',
      {
        config: { keyScope: 'applications:write', onBehalf: 'new' },
        schema: {
          operationId: 'acceptInvitation',
          tags: ['invitations'],
          summary: 'Accept an invitation: an accepted application at the offered rate and its deal',
          description:
            'Who: the invited influencer (anyone else 404). Pending and not past its 72 h (409 该邀请已过期); the task still recruiting (409). Answers the accepted invitation and the deal it started.',
          params: invitationIdParams,
          querystring: onBehalfQuery,
          response: { 200: acceptInvitationResponse, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => {
        const user = await currentUser(request);
        return acceptInvitation(ctx, user.id, request.params.id, actedFor(user));
      },
    );

    app.post(
      '/api/task-invitations/:id/decline',
      {
        config: { keyScope: 'applications:write', onBehalf: 'new' },
        schema: {
          operationId: 'declineInvitation',
          tags: ['invitations'],
          summary: 'Decline an invitation with a reason',
          description: 'Who: the invited influencer (anyone else 404). Pending and not past its 72 h. Answers the declined invitation.',
          params: invitationIdParams,
          querystring: onBehalfQuery,
          body: declineInvitationRequest,
          response: { 200: invitationResponse, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => {
        const user = await currentUser(request);
        return declineInvitation(ctx, user.id, request.params.id, request.body.reason, actedFor(user));
      },
    );

    app.post(
      '/api/task-invitations/:id/withdraw',
      {
        config: { keyScope: 'applications:write' },
        schema: {
          operationId: 'withdrawInvitation',
          tags: ['invitations'],
          summary: 'Take back a pending invitation',
          description: 'Who: the owning company (anyone else 404). Answers the withdrawn invitation.',
          params: invitationIdParams,
          response: { 200: invitationResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => withdrawInvitation(ctx, (await currentUser(request)).id, request.params.id),
    );

    app.post(
      '/api/tasks/:id/close-recruiting',
      {
        config: { keyScope: 'tasks:write' },
        schema: {
          operationId: 'closeRecruiting',
          tags: ['tasks'],
          summary: 'End recruiting of a task with slots left (结束招募)',
          description:
            'Who: the owning company. The task must be open with at least one influencer hired (409 otherwise); pending applications are refused, invitations closed, what is left of a prepayment returned. Answers the task as GET /api/tasks/{id} does.',
          params: idParam,
          response: { 200: taskDetailResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => closeRecruiting(ctx, await currentUser(request), request.params.id),
    );
  };
