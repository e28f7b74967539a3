import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  adminReviewAnswer,
  adminReviewQuery,
  adminReviewsResponse,
  dealReviews,
  hideForm,
  replyForm,
  reviewForm,
  reviewParams,
} from '../../../shared/schemas/reviews';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { currentUser, guard } from '../../platform/session';
import { listAdminReviews, replyToReview, setReviewHidden, writeReview } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const parties = guard({ roles: ['company', 'influencer'] });
const ADMIN = 'Who: admins holding content_moderation (a visitor 401, an influencer or a company 403, an admin without the permission 403).';

/** Two-way reviews after a deal (decision 0015). */
export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/deals/:id/review',
      {
        preValidation: parties,
        schema: {
          operationId: 'reviewDeal',
          tags: ['deals'],
          summary: 'Review the other side of a completed deal (1–5 stars and a comment), once, within 14 days of completion',
          description:
            'Who: the deal’s company (reviewing the influencer) and influencer (reviewing the company); anyone else gets 404, admins 403. ' +
            'Blind: the review is revealed to the other side when both have written or when the window closes. 409 before completion, after the window, or on a second review.',
          params: z.object({ id: z.string().uuid({ error: 'DEAL_NOT_FOUND' }) }),
          body: reviewForm,
          response: { 200: dealReviews, ...errors },
        },
      },
      async (request) => writeReview(ctx, await currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/api/reviews/:id/reply',
      {
        preValidation: parties,
        schema: {
          operationId: 'replyToReview',
          tags: ['deals'],
          summary: 'The reviewed side’s one reply to a review about them, after it is revealed',
          description:
            'Who: the reviewed party of the deal (the influencer for the company’s review, the company for the influencer’s); its author gets 403, anyone else 404, admins 403. ' +
            '409 before reveal, on a hidden review, or on a second reply.',
          params: reviewParams,
          body: replyForm,
          response: { 200: dealReviews, ...errors },
        },
      },
      async (request) => replyToReview(ctx, await currentUser(request), request.params.id, request.body),
    );

    const moderators = requireAdmin(ctx, 'content_moderation');
    app.get(
      '/api/admin/reviews',
      {
        preValidation: moderators,
        schema: {
          operationId: 'adminListReviews',
          tags: ['admin'],
          summary: '评价管理: every review newest first (blind ones too), by state: all, published, waiting (blind), hidden',
          description: ADMIN,
          querystring: adminReviewQuery,
          response: { 200: adminReviewsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listAdminReviews(ctx.db, request.query),
    );
    app.post(
      '/api/admin/reviews/:id/hide',
      {
        preValidation: moderators,
        schema: {
          operationId: 'hideReview',
          tags: ['admin'],
          summary: 'Hide an abusive review with a reason (off the public pages and out of the ratings; the author is told); audited',
          description: ADMIN,
          params: reviewParams,
          body: hideForm,
          response: { 200: adminReviewAnswer, ...errors },
        },
      },
      async (request) => setReviewHidden(ctx, currentAdmin(request).id, request.params.id, request.body, { ip: request.ip }),
    );
    app.post(
      '/api/admin/reviews/:id/unhide',
      {
        preValidation: moderators,
        schema: {
          operationId: 'unhideReview',
          tags: ['admin'],
          summary: 'Show a hidden review again (back in the ratings); audited',
          description: ADMIN,
          params: reviewParams,
          response: { 200: adminReviewAnswer, ...errors },
        },
      },
      async (request) => setReviewHidden(ctx, currentAdmin(request).id, request.params.id, null, { ip: request.ip }),
    );
  };
