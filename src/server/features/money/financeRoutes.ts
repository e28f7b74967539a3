import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import { financeOverview, financeOverviewQuery, ledgerEntriesQuery, ledgerEntriesResponse } from '../../../shared/schemas/finance';
import { requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { financeOverview as readOverview, searchEntries } from './finance';

const who = 'Who: admins holding finance (a visitor 401, an influencer or a company 403, an admin without the permission 403).';

/** 财务: the books at a glance and the ledger search (read only). */
export const financeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/finance/overview',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'getFinanceOverview',
          tags: ['admin'],
          summary:
            '财务: balances held (company and influencer wallets, escrow, deposits, payouts in transit), platform fee revenue to date and per Shanghai day (`days`, 7–90, default 30), and what waits (bank transfers, payouts, commissions due)',
          description: who,
          querystring: financeOverviewQuery,
          response: { 200: financeOverview, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => readOverview(ctx, request.query),
    );

    app.get(
      '/api/admin/finance/entries',
      {
        preValidation: requireAdmin(ctx, 'finance'),
        schema: {
          operationId: 'listLedgerEntries',
          tags: ['admin'],
          summary:
            '财务 → 账本查询: journal entries newest first with their lines (account, owner, amount); `q` matches the idempotency key, memo, or an owner’s email/name; `kind`; `from`/`to` Shanghai days; keyset by `before` (the previous page’s `nextBefore`); `limit` 1–100 (30)',
          description: who,
          querystring: ledgerEntriesQuery,
          response: { 200: ledgerEntriesResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => searchEntries(ctx, request.query),
    );
  };
