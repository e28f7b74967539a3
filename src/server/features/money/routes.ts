import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  adminTopupAnswer,
  adminTopupQuery,
  adminTopupsResponse,
  commissionPayment,
  receipt,
  rejectTopupBody,
  sandboxPayBody,
  sandboxPayResult,
  sandboxWebhookBody,
  topupAnswer,
  topupInput,
  topupMethodsResponse,
  topupsQuery,
  topupsResponse,
  walletQuery,
  walletResponse,
} from '../../../shared/schemas/money';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { loopbackOnly } from '../../platform/loopback';
import { mediaResponse } from '../../platform/openapi/responses';
import { currentUser, guard } from '../../platform/session';
import {
  confirmBankTransfer,
  createTopup,
  getTopup,
  handleSandboxWebhook,
  listAdminTopups,
  listTopups,
  payCommissions,
  paySandbox,
  readReceipt,
  readWallet,
  rejectBankTransfer,
} from './service';
import { statementCsv } from './statement';
import { topupMethods } from './providers';
import { handleStripeWebhook } from './stripeTopups';

const walletOwners = guard({ roles: ['company', 'influencer', 'agency'] });
const companiesOnly = guard({ roles: ['company'] });
const idParams = z.object({ id: z.string().uuid({ error: 'TOPUP_NOT_FOUND' }) });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Wallets, top-ups, the payment provider's webhook and the finance console's transfers (decision 0018). */
export const moneyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/wallet',
      {
        preValidation: walletOwners,
        config: { keyScope: 'wallet:read' },
        schema: {
          operationId: 'getWallet',
          tags: ['money'],
          summary: 'The signed-in user’s wallet: available, pending and escrow balances (cents, USD) and a statement page (newest first, keyset by `before`)',
          description: 'Who: companies and influencers, their own wallet only (there is no way to name another user’s).',
          querystring: walletQuery,
          response: { 200: walletResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => readWallet(ctx, await currentUser(request), request.query),
    );

    app.get(
      '/api/wallet/receipts/:id',
      {
        preValidation: walletOwners,
        config: { keyScope: 'wallet:read' },
        schema: {
          operationId: 'getReceipt',
          tags: ['money'],
          summary: 'One movement’s receipt (收据): the entry’s lines with the reader’s side marked, and what it was for',
          description: 'Who: companies and influencers whose account the entry touched; anyone else 404.',
          params: z.object({ id: z.string().uuid({ error: 'NOT_FOUND' }) }),
          response: { 200: receipt, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request) => readReceipt(ctx, await currentUser(request), request.params.id),
    );

    app.get(
      '/api/wallet/statement.csv',
      {
        preValidation: walletOwners,
        config: { keyScope: 'wallet:read' },
        schema: {
          operationId: 'exportStatementCsv',
          tags: ['money'],
          summary: 'The whole statement of the signed-in user’s available balance as CSV (oldest first)',
          description: 'Who: companies and influencers, their own statement only.',
          response: {
            200: mediaResponse('text/csv', 'The statement as CSV (UTF-8 with BOM): date, type, memo, amount_cents, balance_cents (integer cents), a download'),
          },
        },
      },
      async (request, reply) => {
        const csv = await statementCsv(ctx, await currentUser(request));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="statement.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.get(
      '/api/wallet/topups',
      {
        preValidation: walletOwners,
        config: { keyScope: 'wallet:read' },
        schema: {
          operationId: 'listTopups',
          tags: ['money'],
          summary: 'The signed-in user’s top-ups, newest first (50)',
          description: 'Who: companies and influencers, their own top-ups only.',
          querystring: topupsQuery,
          response: { 200: topupsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listTopups(ctx, await currentUser(request), request.query),
    );

    app.get(
      '/api/wallet/topups/:id',
      {
        preValidation: walletOwners,
        config: { keyScope: 'wallet:read' },
        schema: {
          operationId: 'getTopup',
          tags: ['money'],
          summary: 'One of the signed-in user’s top-ups (the page after Stripe’s Checkout reads its status here)',
          description: 'Who: companies and influencers, their own top-ups only (anyone else’s: 404).',
          params: idParams,
          response: { 200: topupAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request) => ({ topup: await getTopup(ctx, await currentUser(request), request.params.id) }),
    );

    app.get(
      '/api/wallet/topup-methods',
      {
        preValidation: walletOwners,
        config: { keyScope: 'wallet:read' },
        schema: {
          operationId: 'getTopupMethods',
          tags: ['money'],
          summary: 'The top-up methods this installation offers: stripe when configured, sandbox outside production, bank_transfer always',
          description: 'Who: companies and influencers.',
          response: { 200: topupMethodsResponse, 401: errorBody, 403: errorBody },
        },
      },
      async () => ({ methods: topupMethods(ctx) }),
    );

    app.post(
      '/api/wallet/topups',
      {
        preValidation: walletOwners,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          operationId: 'createTopup',
          tags: ['money'],
          summary:
            'Start a top-up: `amountCents` in integer cents (123456 is $1,234.56), `method` stripe, sandbox or bank_transfer (what GET /api/wallet/topup-methods lists). Always answers pending: the money moves when the payment is confirmed. Stripe answers its Checkout page in `checkoutUrl`.',
          description:
            'Who: companies (to fund tasks and deals) and influencers (to pay a deposit a task asks for). 400 TOPUP_METHOD_UNAVAILABLE for a method not offered here; 502 PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached (the top-up is failed, nothing moved).',
          body: topupInput,
          response: { 200: topupAnswer, ...errors, 502: errorBody },
        },
      },
      async (request) => ({ topup: await createTopup(ctx, await currentUser(request), request.body) }),
    );

    app.post(
      '/api/wallet/commissions/pay',
      {
        preValidation: companiesOnly,
        schema: {
          operationId: 'payCommissions',
          tags: ['money'],
          summary:
            'Pay the commissions left due at settlement from the wallet, oldest first, as far as the balance covers them (409 WALLET_INSUFFICIENT when it covers none)',
          description: 'Who: companies, their own deals only.',
          response: { 200: commissionPayment, ...errors },
        },
      },
      async (request) => payCommissions(ctx, await currentUser(request)),
    );

    // the provider's notification: its signature is checked over the exact bytes received, so this route reads the body raw
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
      hook.post(
        '/api/payments/webhook/sandbox',
        {
          schema: {
            operationId: 'receiveSandboxWebhook',
            tags: ['money'],
            summary: 'The sandbox payment provider’s notification (checkout.succeeded / checkout.failed), signed in X-Sandbox-Signature (t=…,v1=HMAC-SHA256)',
            description:
              'Who: the payment provider, proven by the signature (a bad or stale one → 400 and nothing changes). Delivered twice, the money moves once.',
            // read raw (the signature covers its exact bytes), then checked against this schema
            documentedBody: { mediaType: 'application/json', schema: sandboxWebhookBody },
            response: { 200: z.object({ ok: z.literal(true), duplicate: z.boolean() }), 400: errorBody, 404: errorBody },
          },
        },
        async (request) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const sig = request.headers['x-sandbox-signature'];
          return handleSandboxWebhook(ctx, raw, typeof sig === 'string' ? sig : undefined);
        },
      );
      hook.post(
        '/api/payments/webhook/stripe',
        {
          schema: {
            operationId: 'receiveStripeWebhook',
            tags: ['money'],
            summary:
              'Stripe’s notifications (decision 0055), signed in Stripe-Signature: checkout.session.completed / async_payment_succeeded credit the top-up once, expired / async_payment_failed end it; other events are acknowledged and ignored',
            description:
              'Who: Stripe, proven by the signature over the raw body (a bad or stale one → 400 and nothing changes; 404 when Stripe is not configured). An amount or currency differing from the top-up’s → 400 TOPUP_AMOUNT_MISMATCH, nothing moves. Delivered twice, or twice at once, the money moves once.',
            response: { 200: z.object({ ok: z.literal(true), duplicate: z.boolean() }), 400: errorBody, 404: errorBody },
          },
        },
        async (request) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const sig = request.headers['stripe-signature'];
          return handleStripeWebhook(ctx, raw, typeof sig === 'string' ? sig : undefined);
        },
      );
    });

    if (!ctx.config.isProduction) {
      await app.register(async (plugin) => {
        const dev = plugin.withTypeProvider<ZodTypeProvider>();
        dev.addHook('onRequest', loopbackOnly);
        dev.post(
          '/api/dev/payments/sandbox/:id/pay',
          {
            preValidation: walletOwners,
            schema: {
              operationId: 'devPaySandboxTopup',
              tags: ['dev'],
              summary: 'Development only: the sandbox checkout page’s 测试支付 button — sends the provider’s signed notification for this top-up',
              description: 'Who: the user who owns the top-up, from this machine, outside production.',
              params: idParams,
              body: sandboxPayBody.optional(),
              response: { 200: sandboxPayResult, ...errors },
            },
          },
          async (request) => paySandbox(ctx, await currentUser(request), request.params.id, request.body?.outcome ?? 'succeeded'),
        );
      });
    }

    app.get(
      '/api/admin/finance/topups',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'adminListTopups',
          tags: ['admin'],
          summary: '财务: bank transfers waiting for confirmation (oldest first), or the handled ones',
          description: 'Who: admins holding finance (a visitor 401, an influencer or a company 403, an admin without the permission 403).',
          querystring: adminTopupQuery,
          response: { 200: adminTopupsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listAdminTopups(ctx, request.query.status, request.query),
    );

    app.post(
      '/api/admin/finance/topups/:id/confirm',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'confirmBankTransfer',
          tags: ['admin'],
          summary: '财务: the transfer arrived — the amount is credited to the company’s wallet (audited). 409 when it was already handled.',
          description: 'Who: admins holding finance.',
          params: idParams,
          response: { 200: adminTopupAnswer, ...errors },
        },
      },
      async (request) => confirmBankTransfer(ctx, currentAdmin(request), request.params.id, request.ip),
    );

    app.post(
      '/api/admin/finance/topups/:id/reject',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'rejectBankTransfer',
          tags: ['admin'],
          summary: '财务: no such transfer arrived — the top-up fails with the reason (audited). 409 when it was already handled.',
          description: 'Who: admins holding finance.',
          params: idParams,
          body: rejectTopupBody,
          response: { 200: adminTopupAnswer, ...errors },
        },
      },
      async (request) => rejectBankTransfer(ctx, currentAdmin(request), request.params.id, request.body.reason, request.ip),
    );
  };
