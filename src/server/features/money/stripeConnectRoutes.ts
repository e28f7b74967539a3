import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import { stripeAccountLink, stripeAccountView } from '../../../shared/schemas/payouts';
import type { AppContext } from '../../platform/context';
import { currentUser, guard } from '../../platform/session';
import { getStripeAccount, linkStripeAccount, refreshStripeAccount } from './stripeConnect';

/** only influencers and agencies receive payouts through Stripe Connect (decision 0058); a company is refused (403) */
const payees = guard({ roles: ['influencer', 'agency'] });

/** Linking a Stripe Express account for payouts (decision 0058). */
export const stripeConnectRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/wallet/stripe-account',
      {
        preValidation: payees,
        schema: {
          operationId: 'getStripeAccount',
          tags: ['money'],
          summary:
            'The signed-in user’s Stripe account for payouts: whether linking is offered here (Stripe configured), and not_linked / onboarding / enabled',
          description: 'Who: influencers and agencies, their own account only (a company 403, a visitor 401).',
          response: { 200: stripeAccountView, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => getStripeAccount(ctx, await currentUser(request)),
    );

    app.post(
      '/api/wallet/stripe-account/link',
      {
        preValidation: payees,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          operationId: 'linkStripeAccount',
          tags: ['money'],
          summary:
            'A Stripe onboarding link (Account Link) for the user’s Stripe Express account, created the first time: open `url`; Stripe returns to /wallet?connect=return (or /wallet?connect=refresh for a new link)',
          description:
            'Who: influencers and agencies. 404 when Stripe is not configured here; 502 PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached (nothing stored).',
          response: { 200: stripeAccountLink, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 502: errorBody },
        },
      },
      async (request) => linkStripeAccount(ctx, await currentUser(request)),
    );

    app.post(
      '/api/wallet/stripe-account/refresh',
      {
        preValidation: payees,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          operationId: 'refreshStripeAccount',
          tags: ['money'],
          summary: 'Back from Stripe’s onboarding: the account’s state read from Stripe now (payouts enabled or not)',
          description:
            'Who: influencers and agencies, their own account only. 404 when Stripe is not configured here; 502 PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached.',
          response: { 200: stripeAccountView, 401: errorBody, 403: errorBody, 404: errorBody, 502: errorBody },
        },
      },
      async (request) => refreshStripeAccount(ctx, await currentUser(request)),
    );
  };
