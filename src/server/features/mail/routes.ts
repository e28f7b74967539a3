import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import { adminMailAnswer, adminMailQuery, adminMailResponse, unsubscribeQuery, unsubscribeResponse } from '../../../shared/schemas/mail';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { mediaResponse } from '../../platform/openapi/responses';
import { listQueuedMail, readUnsubscribeLink, resendMail, unsubscribe } from './service';
import { unsubscribePage } from './page';

const mailId = z.object({ id: z.string().uuid({ error: 'MAIL_NOT_FOUND' }) });
const ADMIN = 'Who: admins holding system_settings (a visitor 401, an influencer or a company 403, an admin without the permission 403).';

/** The one-click unsubscribe (RFC 8058) and the admin's view of failed mail (decision 0040). */
export const mailRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // the one-click POST of a mail provider is a form body (List-Unsubscribe=One-Click); its content is not needed
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get(
      '/api/mail/unsubscribe',
      {
        schema: {
          operationId: 'mailUnsubscribePage',
          tags: ['notifications'],
          summary: 'The page of a mail’s unsubscribe link: asks to confirm turning that kind of mail off',
          description:
            'Who: anyone holding the signed link of a notification mail (no session). Changes nothing: link checkers open links; the page’s button posts.',
          querystring: unsubscribeQuery,
          response: { 200: mediaResponse('text/html', 'The confirmation page (in the recipient’s language)'), 400: errorBody },
        },
      },
      async (request, reply) => {
        const link = await readUnsubscribeLink(ctx, request.query.t);
        reply.header('cache-control', 'no-store').header('content-type', 'text/html; charset=utf-8');
        return unsubscribePage(link.locale, link.kind, link.off ? 'done' : 'ask', request.query.t);
      },
    );

    app.post(
      '/api/mail/unsubscribe',
      {
        schema: {
          operationId: 'mailUnsubscribe',
          tags: ['notifications'],
          summary: 'One-click unsubscribe (RFC 8058): this kind of notification mail is no longer sent to this user',
          description:
            'Who: anyone holding the signed link (the recipient’s mail provider posts `List-Unsubscribe=One-Click`; no session, no Origin check). Idempotent. A browser (Accept: text/html, the confirmation page’s button) gets a page.',
          querystring: unsubscribeQuery,
          response: {
            200: {
              description: 'Turned off',
              content: {
                'application/json': { schema: unsubscribeResponse },
                'text/html': { schema: z.string() },
              },
            },
            400: errorBody,
            415: errorBody,
          },
        },
      },
      async (request, reply) => {
        const link = await unsubscribe(ctx, request.query.t);
        ctx.log.info({ kind: link.kind }, 'notification mail turned off by its one-click link');
        if ((request.headers.accept ?? '').includes('text/html')) {
          reply.header('content-type', 'text/html; charset=utf-8');
          return unsubscribePage(link.locale, link.kind, 'done', request.query.t);
        }
        return { ok: true as const, kind: link.kind };
      },
    );

    const guard = requireAdmin(ctx, 'system_settings');
    app.get(
      '/api/admin/mail',
      {
        preValidation: guard,
        schema: {
          operationId: 'adminListMail',
          tags: ['admin'],
          summary: '系统设置 → 邮件: mail that failed for 24 hours (or that waits), with the counts',
          description: ADMIN,
          querystring: adminMailQuery,
          response: { 200: adminMailResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listQueuedMail(ctx, request.query.status, request.query),
    );
    app.post(
      '/api/admin/mail/:id/resend',
      {
        preValidation: guard,
        schema: {
          operationId: 'adminResendMail',
          tags: ['admin'],
          summary: 'Send a failed mail again (tried at once, then retried for 24 hours; audited)',
          description: ADMIN,
          params: mailId,
          response: { 200: adminMailAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
        },
      },
      async (request) => resendMail(ctx, currentAdmin(request).id, request.params.id, { ip: request.ip }),
    );
  };
