/**
 * 开发者设置 (decision 0038): an account's API keys, managed with a signed-in session only — no route here
 * declares a `keyScope`, so a key can never list, create or revoke keys — and the admin console's view of them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_KEYS_MAX, apiKeyAnswer, apiKeyCreatedResponse, apiKeyCreateInput, apiKeysQuery, apiKeysResponse } from '../../../shared/schemas/apiKeys';
import { idParam, pageOfAll } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { currentUser, guard } from '../../platform/session';
import { adminRevokeKey, createKey, listKeys, revokeOwnKey } from './keys';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
// an agency's keys carry the same scopes, for its roster with ?onBehalfOf= (decision 0045)
const keyOwner = guard({ roles: ['company', 'influencer', 'agency'] });
const WHO = 'Who: companies, influencers and agencies, with a signed-in session (an API key is refused: 403 API_KEY_NOT_ALLOWED; a visitor 401, an admin 403).';

export const developerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // a secret and the lists of keys are never kept by a browser or a proxy (this plugin's routes only)
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/me/api-keys',
      {
        schema: {
          operationId: 'listApiKeys',
          tags: ['developers'],
          summary: 'My API keys (prefix, scopes, state, created, last used and from where); never a secret',
          description: WHO,
          querystring: apiKeysQuery,
          response: { 200: apiKeysResponse, ...errors },
        },
        preValidation: keyOwner,
      },
      async (request) => ({
        ...pageOfAll(await listKeys(ctx, (await currentUser(request)).id), request.query),
        max: API_KEYS_MAX,
        perMinute: ctx.config.apiKeyRateLimit,
      }),
    );

    app.post(
      '/api/me/api-keys',
      {
        schema: {
          operationId: 'createApiKey',
          tags: ['developers'],
          summary: 'Create an API key: the answer carries its secret, the only time it is ever sent',
          description: `${WHO} At most ${API_KEYS_MAX} live keys (409 API_KEY_LIMIT). The account is mailed.`,
          body: apiKeyCreateInput,
          response: { 200: apiKeyCreatedResponse, ...errors },
        },
        preValidation: keyOwner,
      },
      async (request) => createKey(ctx, (await currentUser(request)).id, request.body),
    );

    app.post(
      '/api/me/api-keys/:id/revoke',
      {
        schema: {
          operationId: 'revokeApiKey',
          tags: ['developers'],
          summary: 'Revoke one of my API keys: requests with it are refused (401) from now on',
          description: `${WHO} Another account's key: 404. Revoking twice changes nothing. The account is mailed.`,
          params: idParam,
          response: { 200: apiKeyAnswer, ...errors },
        },
        preValidation: keyOwner,
      },
      async (request) => ({ key: await revokeOwnKey(ctx, (await currentUser(request)).id, request.params.id) }),
    );

    const adminGuard = requireAdmin(ctx, 'user_management');
    const adminWho = 'Who: admins holding user_management (a visitor 401, an influencer or a company 403, an admin without the permission 403).';
    app.get(
      '/api/admin/users/:id/api-keys',
      {
        schema: {
          operationId: 'adminListUserApiKeys',
          tags: ['admin'],
          summary: "An account's API keys (用户管理)",
          description: adminWho,
          params: idParam,
          querystring: apiKeysQuery,
          response: { 200: apiKeysResponse, ...errors },
        },
        preValidation: adminGuard,
      },
      async (request) => ({ ...pageOfAll(await listKeys(ctx, request.params.id), request.query), max: API_KEYS_MAX, perMinute: ctx.config.apiKeyRateLimit }),
    );
    app.post(
      '/api/admin/api-keys/:id/revoke',
      {
        schema: {
          operationId: 'adminRevokeApiKey',
          tags: ['admin'],
          summary: 'Revoke a leaked API key of any account (audited; the owner is notified and mailed)',
          description: adminWho,
          params: idParam,
          response: { 200: apiKeyAnswer, ...errors },
        },
        preValidation: adminGuard,
      },
      async (request) => ({ key: await adminRevokeKey(ctx, currentAdmin(request).id, request.params.id, request.ip) }),
    );
  };
