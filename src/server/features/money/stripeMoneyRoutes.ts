import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOfAll } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  adminStripeDisputeQuery,
  adminStripeDisputesResponse,
  adminRefundQuery,
  adminRefundsResponse,
  refundInput,
  refundResponse,
  rejectRefundBody,
  refundableTopupsResponse,
  walletRefundsQuery,
  walletRefundsResponse,
} from '../../../shared/schemas/stripeMoney';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { currentUser, guard } from '../../platform/session';
import { listAdminDisputes } from './stripeDisputes';
import { approveRefund, listAdminRefunds, myRefunds, refundableTopups, rejectRefund, requestRefund } from './stripeRefunds';

const companiesOnly = guard({ roles: ['company'] });
const topupParams = z.object({ id: z.string().uuid({ error: 'TOPUP_NOT_FOUND' }) });
const refundParams = z.object({ id: z.string().uuid({ error: 'REFUND_NOT_FOUND' }) });

/** Refunds of Stripe top-ups and chargebacks (decision 0057). */
export const stripeMoneyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/wallet/refundable-topups',
      {
        preValidation: companiesOnly,
        config: { keyScope: 'wallet:read' },
        schema: {
          operationId: 'listRefundableTopups',
          tags: ['money'],
          summary:
            'The signed-in company’s Stripe top-ups that can still be returned to their payment, newest first: refundableCents = min(what is left of the top-up, the available balance)',
          description: 'Who: companies, their own only.',
          querystring: walletRefundsQuery,
          response: { 200: refundableTopupsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => pageOfAll(await refundableTopups(ctx, await currentUser(request)), request.query),
    );

    app.get(
      '/api/wallet/refunds',
      {
        preValidation: companiesOnly,
        config: { keyScope: 'wallet:read' },
        schema: {
          operationId: 'listWalletRefunds',
          tags: ['money'],
          summary: 'The signed-in company’s refund requests, newest first (50)',
          description: 'Who: companies, their own only.',
          querystring: walletRefundsQuery,
          response: { 200: walletRefundsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => pageOfAll(await myRefunds(ctx, await currentUser(request)), request.query),
    );

    app.post(
      '/api/wallet/topups/:id/refunds',
      {
        preValidation: companiesOnly,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          operationId: 'requestTopupRefund',
          tags: ['money'],
          summary:
            'Ask for `amountCents` of a Stripe top-up back to the payment it came from: the amount leaves the available balance into a hold at once; finance approves it and Stripe returns it',
          description:
            'Who: companies, their own top-ups only (anyone else’s: 404). 409 REFUND_NOT_REFUNDABLE for a top-up not paid through Stripe or past the refund window; 409 REFUND_OVER_REFUNDABLE above min(what is left of it, the available balance).',
          params: topupParams,
          body: refundInput,
          response: { 200: refundResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
        },
      },
      async (request) => ({ refund: await requestRefund(ctx, await currentUser(request), request.params.id, request.body.amountCents) }),
    );

    app.get(
      '/api/admin/finance/refunds',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'adminListRefunds',
          tags: ['admin'],
          summary: '财务: refund requests waiting for a decision or for Stripe (oldest first), or the finished ones',
          description: 'Who: admins holding finance (a visitor 401, an influencer or a company 403, an admin without the permission 403).',
          querystring: adminRefundQuery,
          response: { 200: adminRefundsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => pageOfAll(await listAdminRefunds(ctx, request.query.status), request.query),
    );

    app.post(
      '/api/admin/finance/refunds/:id/approve',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'approveRefund',
          tags: ['admin'],
          summary:
            '财务: approve a refund request — the Stripe Refund is made now or by the job (idempotent), and the money leaves when Stripe confirms (audited). 409 when it was already handled.',
          description: 'Who: admins holding finance.',
          params: refundParams,
          response: { 200: refundResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
        },
      },
      async (request) => ({ refund: await approveRefund(ctx, currentAdmin(request), request.params.id, request.ip) }),
    );

    app.post(
      '/api/admin/finance/refunds/:id/reject',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'rejectRefund',
          tags: ['admin'],
          summary: '财务: reject a refund request with the reason — the held amount goes back to the company (audited). 409 when it was already handled.',
          description: 'Who: admins holding finance.',
          params: refundParams,
          body: rejectRefundBody,
          response: { 200: refundResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
        },
      },
      async (request) => ({ refund: await rejectRefund(ctx, currentAdmin(request), request.params.id, request.body.reason, request.ip) }),
    );

    app.get(
      '/api/admin/finance/disputes',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'adminListDisputes',
          tags: ['admin'],
          summary: '财务: chargebacks (Stripe disputes) — the open ones with their evidence deadline, nearest first, or the closed ones',
          description: 'Who: admins holding finance.',
          querystring: adminStripeDisputeQuery,
          response: { 200: adminStripeDisputesResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => pageOfAll(await listAdminDisputes(ctx, request.query.status), request.query),
    );
  };
