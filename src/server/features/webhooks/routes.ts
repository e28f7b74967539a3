/**
 * Webhook endpoints (decision 0042): companies and influencers manage their own with a signed-in session or an API
 * key holding `webhooks:manage`; admins with 用户管理 list an account's endpoints and disable one (audited).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, noContent, pageOfAll } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  webhookDeliveriesQuery,
  webhookDeliveriesResponse,
  webhookDeliveryAnswer,
  webhookEndpointAnswer,
  webhookEndpointCreateInput,
  webhookEndpointSecretResponse,
  webhookEndpointsQuery,
  webhookEndpointsResponse,
  webhookEndpointUpdateInput,
} from '../../../shared/schemas/webhooks';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { currentUser, guard } from '../../platform/session';
import {
  adminDisableEndpoint,
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './endpoints';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const owner = guard({ roles: ['company', 'influencer'] });
const WHO = 'Who: companies and influencers, their own endpoints (another account’s: 404; a visitor 401, an admin 403).';
const keyScope = 'webhooks:manage' as const;

export const webhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // a secret, and the lists that sit next to it, are never kept by a browser or a proxy
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/me/webhook-endpoints',
      {
        schema: {
          operationId: 'listWebhookEndpoints',
          tags: ['developers'],
          summary: 'My webhook endpoints (address, events, state); never a secret',
          description: WHO,
          querystring: webhookEndpointsQuery,
          response: { 200: webhookEndpointsResponse, ...errors },
        },
        config: { keyScope },
        preValidation: owner,
      },
      async (request) => ({
        ...pageOfAll(await listEndpoints(ctx, (await currentUser(request)).id), request.query),
        max: WEBHOOK_ENDPOINTS_MAX,
        eventTypes: [...WEBHOOK_EVENT_TYPES],
      }),
    );

    app.post(
      '/api/me/webhook-endpoints',
      {
        schema: {
          operationId: 'createWebhookEndpoint',
          tags: ['developers'],
          summary: 'Register a webhook endpoint: the answer carries its signing secret, the only time it is ever sent',
          description:
            `${WHO} https only (http to this machine in development); an address that resolves to a private, loopback, link-local or reserved ` +
            `address is refused (400 WEBHOOK_URL_FORBIDDEN). At most ${WEBHOOK_ENDPOINTS_MAX} endpoints (409 WEBHOOK_ENDPOINT_LIMIT).`,
          body: webhookEndpointCreateInput,
          response: { 200: webhookEndpointSecretResponse, ...errors },
        },
        config: { keyScope },
        preValidation: owner,
      },
      async (request) => createEndpoint(ctx, (await currentUser(request)).id, request.body),
    );

    app.patch(
      '/api/me/webhook-endpoints/:id',
      {
        schema: {
          operationId: 'updateWebhookEndpoint',
          tags: ['developers'],
          summary: 'Change an endpoint’s address, description or events, or turn it on (waiting deliveries resume) or off',
          description: WHO,
          params: idParam,
          body: webhookEndpointUpdateInput,
          response: { 200: webhookEndpointAnswer, ...errors },
        },
        config: { keyScope },
        preValidation: owner,
      },
      async (request) => ({ endpoint: await updateEndpoint(ctx, (await currentUser(request)).id, request.params.id, request.body) }),
    );

    app.delete(
      '/api/me/webhook-endpoints/:id',
      {
        schema: {
          operationId: 'deleteWebhookEndpoint',
          tags: ['developers'],
          summary: 'Delete an endpoint and its deliveries',
          description: WHO,
          params: idParam,
          response: { 204: noContent, ...errors },
        },
        config: { keyScope },
        preValidation: owner,
      },
      async (request, reply) => {
        await deleteEndpoint(ctx, (await currentUser(request)).id, request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/me/webhook-endpoints/:id/rotate-secret',
      {
        schema: {
          operationId: 'rotateWebhookSecret',
          tags: ['developers'],
          summary: 'A new signing secret (answered once); the previous one keeps signing for 24 hours, both signatures sent',
          description: WHO,
          params: idParam,
          response: { 200: webhookEndpointSecretResponse, ...errors },
        },
        config: { keyScope },
        preValidation: owner,
      },
      async (request) => rotateSecret(ctx, (await currentUser(request)).id, request.params.id),
    );

    app.get(
      '/api/me/webhook-endpoints/:id/deliveries',
      {
        schema: {
          operationId: 'listWebhookDeliveries',
          tags: ['developers'],
          summary: 'An endpoint’s 50 most recent deliveries: status, attempts, response code, latency',
          description: WHO,
          params: idParam,
          querystring: webhookDeliveriesQuery,
          response: { 200: webhookDeliveriesResponse, ...errors },
        },
        config: { keyScope },
        preValidation: owner,
      },
      async (request) => pageOfAll(await listDeliveries(ctx, (await currentUser(request)).id, request.params.id), request.query),
    );

    app.post(
      '/api/me/webhook-endpoints/:id/test',
      {
        schema: {
          operationId: 'sendWebhookTestEvent',
          tags: ['developers'],
          summary: 'Send a `ping` event to this endpoint (delivered by the worker within seconds)',
          description: WHO,
          params: idParam,
          response: { 200: webhookDeliveryAnswer, ...errors },
        },
        config: { keyScope },
        preValidation: owner,
      },
      async (request) => ({ delivery: await sendTestEvent(ctx, (await currentUser(request)).id, request.params.id) }),
    );

    app.post(
      '/api/me/webhook-deliveries/:id/resend',
      {
        schema: {
          operationId: 'resendWebhookDelivery',
          tags: ['developers'],
          summary: 'Send a delivery’s event again (a new delivery, same event id and body)',
          description: WHO,
          params: idParam,
          response: { 200: webhookDeliveryAnswer, ...errors },
        },
        config: { keyScope },
        preValidation: owner,
      },
      async (request) => ({ delivery: await resendDelivery(ctx, (await currentUser(request)).id, request.params.id) }),
    );

    const adminGuard = requireAdmin(ctx, 'user_management');
    const adminWho = 'Who: admins holding user_management (a visitor 401, an influencer or a company 403, an admin without the permission 403).';
    app.get(
      '/api/admin/users/:id/webhook-endpoints',
      {
        schema: {
          operationId: 'adminListUserWebhookEndpoints',
          tags: ['admin'],
          summary: "An account's webhook endpoints (用户管理)",
          description: adminWho,
          params: idParam,
          querystring: webhookEndpointsQuery,
          response: { 200: webhookEndpointsResponse, ...errors },
        },
        preValidation: adminGuard,
      },
      async (request) => ({
        ...pageOfAll(await listEndpoints(ctx, request.params.id), request.query),
        max: WEBHOOK_ENDPOINTS_MAX,
        eventTypes: [...WEBHOOK_EVENT_TYPES],
      }),
    );
    app.post(
      '/api/admin/webhook-endpoints/:id/disable',
      {
        schema: {
          operationId: 'adminDisableWebhookEndpoint',
          tags: ['admin'],
          summary: 'Disable a webhook endpoint of any account (audited; the owner is notified and mailed)',
          description: adminWho,
          params: idParam,
          response: { 200: webhookEndpointAnswer, ...errors },
        },
        preValidation: adminGuard,
      },
      async (request) => ({ endpoint: await adminDisableEndpoint(ctx, currentAdmin(request).id, request.params.id, request.ip) }),
    );
  };
