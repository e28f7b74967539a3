import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsCsvQuery, analyticsQuery, analyticsResponse, platformSettings, settingsResponse, siteSettings } from '../../../shared/schemas/adminInsights';
import { analyticsCsv, getAnalytics, resolveRange } from './analytics';
import { errorBody } from '../../../shared/schemas/errorBody';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { mediaResponse, notModified } from '../../platform/openapi/responses';
import { getSettingsForAdmin, getSiteSettings, updateSettings } from '../settings';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const S = 'Who: admins holding system_settings (a visitor 401, an influencer or a company 403, an admin without the permission 403).';

/** 系统设置 (system_settings) and the public settings every page reads. */
export const adminInsightsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const settingsGuard = requireAdmin(ctx, 'system_settings');

    app.get(
      '/api/admin/settings',
      {
        preValidation: settingsGuard,
        schema: {
          operationId: 'getPlatformSettings',
          tags: ['admin'],
          summary: '系统设置: the settings in force, last change by/at',
          description: S,
          response: { 200: settingsResponse, ...errors },
        },
      },
      async () => getSettingsForAdmin(ctx),
    );
    app.put(
      '/api/admin/settings',
      {
        preValidation: settingsGuard,
        schema: {
          operationId: 'updatePlatformSettings',
          tags: ['admin'],
          summary: 'Save the settings (validated, audited with before/after)',
          description: S,
          body: platformSettings,
          response: { 200: settingsResponse, ...errors },
        },
      },
      async (request) => updateSettings(ctx, currentAdmin(request).id, request.body, { ip: request.ip }),
    );

    const analyticsGuard = requireAdmin(ctx, 'data_analytics');
    const A = 'Who: admins holding data_analytics (a visitor 401, an influencer or a company 403, an admin without the permission 403).';
    app.get(
      '/api/admin/analytics',
      {
        preValidation: analyticsGuard,
        schema: {
          operationId: 'getAnalytics',
          tags: ['admin'],
          summary:
            '数据分析: per-day series, acceptance rate, tasks by category, funnel, top influencers and companies over from..to (default the last 30 days, at most 366)',
          description: A,
          querystring: analyticsQuery,
          response: { 200: analyticsResponse, ...errors },
        },
      },
      async (request) => getAnalytics(ctx, request.query),
    );
    app.get(
      '/api/admin/analytics.csv',
      {
        preValidation: analyticsGuard,
        schema: {
          operationId: 'exportAnalyticsCsv',
          tags: ['admin'],
          summary: 'The table behind one chart as CSV (UTF-8 with BOM)',
          description: A,
          querystring: analyticsCsvQuery,
          response: { 200: mediaResponse('text/csv', 'The table as CSV (UTF-8 with BOM), a download'), 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request, reply) => {
        const csv = await analyticsCsv(ctx, request.query);
        const r = resolveRange(ctx, request.query);
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="${request.query.chart}-${r.from}-${r.to}.csv"`);
        return csv;
      },
    );

    app.get(
      '/api/site-settings',
      {
        schema: {
          operationId: 'getSiteSettings',
          tags: ['site'],
          summary: 'What every page reads: the fee, the settlement window, sign-up per type, the announcement banner',
          description: 'Who: anyone. Shared for a few seconds like the public lists.',
          response: { 200: siteSettings, 304: notModified },
        },
      },
      async (request, reply) => ctx.publicCache.serve(request, reply, 'site-settings', () => getSiteSettings(ctx)),
    );
  };
