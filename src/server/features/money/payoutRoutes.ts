import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, pageOfAll } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  adminPayoutAnswer,
  adminPayoutQuery,
  adminPayoutsResponse,
  bankAccountAnswer,
  bankAccountInput,
  bankAccountsQuery,
  bankAccountsResponse,
  markPaidBody,
  payoutAnswer,
  payoutInput,
  payoutsQuery,
  payoutsResponse,
  rejectPayoutBody,
} from '../../../shared/schemas/payouts';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { currentUser, guard } from '../../platform/session';
import { addBankAccount, decidePayout, listAdminPayouts, listBankAccounts, listPayouts, removeBankAccount, requestPayout } from './payouts';

const walletOwners = guard({ roles: ['company', 'influencer', 'agency'] });
const bankParams = z.object({ id: z.string().uuid({ error: 'BANK_ACCOUNT_NOT_FOUND' }) });
const payoutParams = z.object({ id: z.string().uuid({ error: 'PAYOUT_NOT_FOUND' }) });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Bank accounts, withdrawals and the finance console's payouts (decision 0020). */
export const payoutRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/wallet/bank-accounts',
      {
        preValidation: walletOwners,
        schema: {
          operationId: 'listBankAccounts',
          tags: ['money'],
          summary: 'The signed-in user’s bank accounts for payouts, newest first: bank, holder and the last four digits (the number itself is never answered)',
          description: 'Who: companies and influencers, their own accounts only.',
          querystring: bankAccountsQuery,
          response: { 200: bankAccountsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => pageOfAll(await listBankAccounts(ctx, await currentUser(request)), request.query),
    );

    app.post(
      '/api/wallet/bank-accounts',
      {
        preValidation: walletOwners,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          operationId: 'addBankAccount',
          tags: ['money'],
          summary:
            'Add a bank account: holder name, bank name, account number (6–34 digits; spaces and dashes are dropped). Stored encrypted; answered masked.',
          description: 'Who: companies and influencers (at most 5 accounts each).',
          body: bankAccountInput,
          response: { 200: bankAccountAnswer, ...errors },
        },
      },
      async (request) => ({ bankAccount: await addBankAccount(ctx, await currentUser(request), request.body) }),
    );

    app.delete(
      '/api/wallet/bank-accounts/:id',
      {
        preValidation: walletOwners,
        schema: {
          operationId: 'removeBankAccount',
          tags: ['money'],
          summary: 'Remove a bank account (payouts already made to it keep naming it)',
          description: 'Who: its owner; anyone else’s account answers 404.',
          params: bankParams,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await removeBankAccount(ctx, await currentUser(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/wallet/payouts',
      {
        preValidation: walletOwners,
        schema: {
          operationId: 'listPayouts',
          tags: ['money'],
          summary: 'The signed-in user’s payouts (newest first, 50), the minimum payout, and the working days a payout requested now arrives between',
          description: 'Who: companies and influencers, their own payouts only.',
          querystring: payoutsQuery,
          response: { 200: payoutsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listPayouts(ctx, await currentUser(request), request.query),
    );

    app.post(
      '/api/wallet/payouts',
      {
        preValidation: walletOwners,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          operationId: 'requestPayout',
          tags: ['money'],
          summary:
            'Withdraw `amountCents` (integer cents: 123456 is $1,234.56) of the available balance to one of the user’s bank accounts: at least the minimum (系统设置), at most the balance (409 WALLET_INSUFFICIENT) less its demo money (409 DEMO_MONEY_PAYOUT: money the demo seed made up, or paid out of it, never leaves). Expected within 3–5 working days; `expectedBy` is the 5th.',
          description:
            'Who: companies, influencers and agencies, to their own bank account only (another user’s answers 404). `destination: "stripe"` (decision 0058): to the user’s linked Stripe account instead, transferred by the platform without finance; 409 STRIPE_ACCOUNT_NOT_READY unless that account can receive payouts (influencers and agencies only).',
          body: payoutInput,
          response: { 200: payoutAnswer, ...errors },
        },
      },
      async (request) => ({ payout: await requestPayout(ctx, await currentUser(request), request.body) }),
    );

    app.get(
      '/api/admin/finance/payouts',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'adminListPayouts',
          tags: ['admin'],
          summary: '财务: payouts waiting to be sent (oldest first), or the handled ones (latest decision first)',
          description: 'Who: admins holding finance (a visitor 401, an influencer or a company 403, an admin without the permission 403).',
          querystring: adminPayoutQuery,
          response: { 200: adminPayoutsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listAdminPayouts(ctx, request.query.status, request.query),
    );

    app.post(
      '/api/admin/finance/payouts/:id/paid',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'markPayoutPaid',
          tags: ['admin'],
          summary:
            '财务: the transfer was sent — the payout is paid with the bank’s reference (audited, the user notified). 409 when it was already handled, or PAYOUT_AUTOMATIC for a Stripe payout (paid by its transfer only).',
          description: 'Who: admins holding finance.',
          params: payoutParams,
          body: markPaidBody,
          response: { 200: adminPayoutAnswer, ...errors },
        },
      },
      async (request) => decidePayout(ctx, currentAdmin(request), request.params.id, { outcome: 'paid', reference: request.body.reference }, request.ip),
    );

    app.post(
      '/api/admin/finance/payouts/:id/reject',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'rejectPayout',
          tags: ['admin'],
          summary:
            '财务: the payout cannot be sent — the amount returns to the user’s available balance, with the reason (audited, the user notified). 409 when it was already handled.',
          description: 'Who: admins holding finance.',
          params: payoutParams,
          body: rejectPayoutBody,
          response: { 200: adminPayoutAnswer, ...errors },
        },
      },
      async (request) => decidePayout(ctx, currentAdmin(request), request.params.id, { outcome: 'rejected', reason: request.body.reason }, request.ip),
    );
  };
