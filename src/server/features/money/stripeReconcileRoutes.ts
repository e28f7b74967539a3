import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  adminReconciliationAnswer,
  adminReconciliationDayQuery,
  adminReconciliationDayResponse,
  adminReconciliationsQuery,
  adminReconciliationsResponse,
  reconciliationParams,
} from '../../../shared/schemas/stripeMoney';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { listReconciliations, reconcileDay, reconciliationDay } from './stripeReconcile';

const WHO = 'Who: admins holding finance (a visitor 401, an influencer, a company or an agency 403, an admin without the permission 403).';

/** The daily reconciliation with Stripe on the finance tab (issue 39 item 6; decision 0059). */
export const stripeReconcileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const finance = requireAdmin(ctx, 'finance');
    const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

    app.get(
      '/api/admin/finance/reconciliations',
      {
        preValidation: finance,
        schema: {
          operationId: 'adminListReconciliations',
          tags: ['admin'],
          summary: '财务: the days reconciled with Stripe, newest first — matched, or how many differences',
          description: WHO,
          querystring: adminReconciliationsQuery,
          response: { 200: adminReconciliationsResponse, ...errors },
        },
      },
      async (request) => listReconciliations(ctx.db, request.query),
    );

    app.get(
      '/api/admin/finance/reconciliations/:day',
      {
        preValidation: finance,
        schema: {
          operationId: 'adminGetReconciliation',
          tags: ['admin'],
          summary: '财务: one day’s reconciliation and its differences (each Stripe balance transaction or book entry that does not match)',
          description: `${WHO} 404 for a day not reconciled yet.`,
          params: reconciliationParams,
          querystring: adminReconciliationDayQuery,
          response: { 200: adminReconciliationDayResponse, ...errors, 404: errorBody },
        },
      },
      async (request) => reconciliationDay(ctx.db, request.params.day, request.query),
    );

    app.post(
      '/api/admin/finance/reconciliations/:day/run',
      {
        preValidation: finance,
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          operationId: 'adminRunReconciliation',
          tags: ['admin'],
          summary: '财务: reconcile a day with Stripe now (the daily job does yesterday by itself); replaces the day’s earlier result',
          description: `${WHO} 409 STRIPE_NOT_CONFIGURED without Stripe; 400 for a day in the future. When Stripe cannot be read the day is stored as failed with the reason.`,
          params: reconciliationParams,
          response: { 200: adminReconciliationAnswer, ...errors, 409: errorBody },
        },
      },
      async (request) => ({ reconciliation: await reconcileDay(ctx, request.params.day, currentAdmin(request).id) }),
    );
  };
