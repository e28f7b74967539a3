import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoDataResponse, demoRemovalResponse } from '../../../shared/schemas/admin';
import { errorBody } from '../../../shared/schemas/errorBody';
import { ADMIN_PERMISSION_LABELS } from '../../../shared/options';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { getDemoData, removeDemoData } from './service';

const errors = { 401: errorBody, 403: errorBody, 409: errorBody };
const who = 'Who: admins holding user_management and finance (a visitor 401, an influencer or a company 403, an admin without either permission 403).';

/** The demo data of a production site (decision 0032): what it is, and its removal (概览's banner). */
export const demoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireAdmin(ctx, 'user_management');
    // nothing of the back office is ever cached (as adminRoutes)
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    /** the removal takes accounts (user_management) and money (finance): both are needed */
    const needFinance = async (request: Parameters<typeof currentAdmin>[0]) => {
      if (!currentAdmin(request).permissions.includes('finance')) {
        throw new AppError('ADMIN_PERMISSION_MISSING', { permission: ADMIN_PERMISSION_LABELS.finance.zh });
      }
    };
    app.get(
      '/api/admin/demo-data',
      {
        preValidation: guard,
        schema: {
          operationId: 'getDemoData',
          tags: ['admin'],
          summary: 'The demo data: demo accounts and what belongs to them, and the deals with real users that stop its removal',
          description: who,
          response: { 200: demoDataResponse, ...errors },
        },
      },
      async (request) => {
        await needFinance(request);
        return getDemoData(ctx);
      },
    );
    app.post(
      '/api/admin/demo-data/remove',
      {
        preValidation: guard,
        schema: {
          operationId: 'removeDemoData',
          tags: ['admin'],
          summary:
            '删除演示数据: removes the demo accounts, their tasks, deals, conversations, files, videos and demo money in one transaction (audited); the ledger stays balanced',
          description: `${who} 409 DEMO_DATA_IN_USE while a demo account has a deal with a real one; 409 DEMO_DATA_OWN_ACCOUNT for a demo admin. Nothing left to remove: zeros.`,
          response: { 200: demoRemovalResponse, ...errors },
        },
      },
      async (request) => {
        await needFinance(request);
        return { removed: await removeDemoData(ctx, currentAdmin(request).id, { ip: request.ip }) };
      },
    );
  };
