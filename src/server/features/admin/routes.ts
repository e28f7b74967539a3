import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminPermission } from '../../../shared/options';
import {
  acceptInviteRequest,
  adminLoginRequest,
  adminMe,
  adminsQuery,
  adminsResponse,
  adminInviteAnswer,
  adminSummary,
  adminUserDetail,
  adminUsersQuery,
  adminUsersResponse,
  auditQuery,
  auditResponse,
  deletionDecision,
  deletionDecisionAnswer,
  firstAdminRequest,
  inviteInfo,
  inviteRequest,
  inviteToken,
  overviewResponse,
  permissionsUpdate,
  rejectRequest,
  setupStatus,
  suspendRequest,
} from '../../../shared/schemas/admin';
import { meResponse } from '../../../shared/schemas/auth';
import { noContent } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { createSession, destroySession, setSessionCookie } from '../../platform/session';
import { getMe } from '../auth';
import { browserLocale, setNotificationLocale } from '../notifications';
import {
  acceptInvite,
  adminLogin,
  createFirstAdmin,
  hasAdmin,
  inspectInvite,
  inviteAdmin,
  listAdmins,
  removeAdmin,
  revokeInvite,
  setPermissions,
} from './access';
import { getOverview, listAudit } from './overview';
import { adminContentRoutes } from './contentRoutes';
import { adminInsightsRoutes } from './insightsRoutes';
import { adminTasksRoutes } from './tasksRoutes';
import { getUserDetail, listUsers } from './users';
import { approveUser, decideDeletion, reinstateUser, rejectUser, suspendUser } from './userDecisions';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const userId = z.object({ id: z.string().uuid({ error: 'USER_NOT_FOUND' }) });
const who = (permission?: AdminPermission) =>
  `Who: admins${permission ? ` holding ${permission}` : ''} (a visitor 401, an influencer or a company 403, an admin without the permission 403).`;

export const adminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = ctx.config.isProduction;
    const guard = (permission?: AdminPermission) => requireAdmin(ctx, permission);
    const meta = (request: FastifyRequest) => ({ ip: request.ip });
    app.addHook('onSend', async (request, reply) => {
      // nothing of the back office is ever cached by a browser or a proxy
      if (request.url.startsWith('/api/admin')) reply.header('cache-control', 'no-store');
    });
    const signIn = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
      const previous = await request.getUser();
      if (previous) await destroySession(ctx.db, previous.sessionId);
      setSessionCookie(reply, await createSession(ctx.db, id, request), secure);
      await setNotificationLocale(ctx.db, id, browserLocale(request.cookies.lang));
      return { user: await getMe(ctx.db, id) };
    };

    // ------------------------------------------------------------ sign-in and setup (anyone)
    app.post(
      '/api/admin/login',
      {
        schema: {
          operationId: 'adminSignIn',
          tags: ['admin'],
          summary: '/admin-login: sign in as an admin',
          description:
            'Who: anyone. Admin accounts only: a member account with the right password gets 403 ADMIN_ONLY (权限不足，只有超级管理员可以访问此页面) and no session. Nobody becomes an admin here. Every attempt is written to the audit log; the sign-in limits apply.',
          body: adminLoginRequest,
          response: { 200: meResponse, ...errors },
        },
      },
      async (request, reply) => signIn(request, reply, await adminLogin(ctx, request.body, meta(request))),
    );

    app.get(
      '/api/admin/setup/status',
      {
        schema: {
          operationId: 'getAdminSetupStatus',
          tags: ['admin'],
          summary: '/admin-setup: whether an admin exists (the first-admin form is shown only while none does)',
          description: 'Who: anyone.',
          response: { 200: setupStatus },
        },
      },
      async () => ({ hasAdmin: await hasAdmin(ctx.db) }),
    );

    app.post(
      '/api/admin/setup',
      {
        schema: {
          operationId: 'createFirstAdmin',
          tags: ['admin'],
          summary: '/admin-setup: create the first admin with the one-time setup token from the server log',
          description: 'Who: anyone holding the token, only while no admin exists (409 SETUP_DONE after). 10 attempts per IP per 15 minutes.',
          body: firstAdminRequest,
          response: { 200: meResponse, ...errors },
        },
      },
      async (request, reply) => signIn(request, reply, await createFirstAdmin(ctx, request.body, meta(request))),
    );

    app.post(
      '/api/admin/invites/inspect',
      {
        schema: {
          operationId: 'inspectAdminInvite',
          tags: ['admin'],
          summary: 'The invitation behind a link (address, permissions, expiry)',
          description: 'Who: anyone holding the link (400 INVITE_INVALID otherwise).',
          body: inviteToken,
          response: { 200: inviteInfo, ...errors },
        },
      },
      async (request) => inspectInvite(ctx, request.body.token),
    );

    app.post(
      '/api/admin/invites/accept',
      {
        schema: {
          operationId: 'acceptAdminInvite',
          tags: ['admin'],
          summary: 'Accept an invitation: set the password, the admin account is created and signed in',
          description: 'Who: anyone holding the link; once.',
          body: acceptInviteRequest,
          response: { 200: meResponse, ...errors },
        },
      },
      async (request, reply) => signIn(request, reply, await acceptInvite(ctx, request.body, meta(request))),
    );

    // ------------------------------------------------------------ any admin
    app.get(
      '/api/admin/me',
      {
        preValidation: guard(),
        schema: {
          operationId: 'getAdminMe',
          tags: ['admin'],
          summary: 'The signed-in admin and their permissions (the console shows only their tabs)',
          description: who(),
          response: { 200: adminMe, ...errors },
        },
      },
      async (request) => {
        const a = currentAdmin(request);
        return { id: a.id, email: a.email, permissions: a.permissions };
      },
    );

    app.get(
      '/api/admin/overview',
      {
        preValidation: guard(),
        schema: {
          operationId: 'getAdminOverview',
          tags: ['admin'],
          summary: '概览: the seven stat cards with change versus yesterday, what waits, the 10 latest log entries',
          description: `${who()} Recomputed on every call; today's snapshot is stored in system_stats.`,
          response: { 200: overviewResponse, ...errors },
        },
      },
      async () => getOverview(ctx),
    );

    // ------------------------------------------------------------ user_management
    app.get(
      '/api/admin/users',
      {
        preValidation: guard('user_management'),
        schema: {
          operationId: 'adminListUsers',
          tags: ['admin'],
          summary: '用户管理: search by email, user id or type; filters (queue oldest first); paginated',
          description: who('user_management'),
          querystring: adminUsersQuery,
          response: { 200: adminUsersResponse, ...errors },
        },
      },
      async (request) => listUsers(ctx.db, request.query),
    );

    app.get(
      '/api/admin/users/:id',
      {
        preValidation: guard('user_management'),
        schema: {
          operationId: 'adminGetUser',
          tags: ['admin'],
          summary: 'One user: account, influencer or company profile, verification requests, documents, deletion request',
          description: who('user_management'),
          params: userId,
          response: { 200: adminUserDetail, ...errors },
        },
      },
      async (request) => getUserDetail(ctx.db, request.params.id),
    );

    const decision = (
      path: string,
      operationId: string,
      summary: string,
      run: (request: FastifyRequest<{ Params: { id: string } }>, adminId: string) => Promise<void>,
      body?: z.ZodType,
    ) =>
      app.post(
        `/api/admin/users/:id/${path}`,
        {
          preValidation: guard('user_management'),
          schema: {
            operationId,
            tags: ['admin'],
            summary,
            description: who('user_management'),
            params: userId,
            ...(body ? { body } : {}),
            response: { 200: adminUserDetail, ...errors },
          },
        },
        async (request) => {
          await run(request as FastifyRequest<{ Params: { id: string } }>, currentAdmin(request).id);
          return getUserDetail(ctx.db, request.params.id);
        },
      );
    decision('approve', 'adminApproveUser', '审核通过: approve the influencer, or the company’s pending verification request', (r, a) =>
      approveUser(ctx, a, r.params.id, meta(r)),
    );
    decision(
      'reject',
      'adminRejectUser',
      '审核拒绝 with a reason sent to the user (notification + mail)',
      (r, a) => rejectUser(ctx, a, r.params.id, (r.body as z.infer<typeof rejectRequest>).reason, meta(r)),
      rejectRequest,
    );
    decision(
      'suspend',
      'adminSuspendUser',
      'Suspend: sessions end, sign-in refused, hidden from public pages',
      (r, a) => suspendUser(ctx, a, r.params.id, (r.body as z.infer<typeof suspendRequest>).reason, meta(r)),
      suspendRequest,
    );
    decision('reinstate', 'adminReinstateUser', 'Reinstate a suspended account', (r, a) => reinstateUser(ctx, a, r.params.id, meta(r)));
    app.post(
      '/api/admin/users/:id/deletion',
      {
        preValidation: guard('user_management'),
        schema: {
          operationId: 'adminDecideDeletion',
          tags: ['admin'],
          summary: 'Carry out (personal data removed or anonymised) or decline the pending account-deletion request',
          description: `${who('user_management')} Answers the user after a decline; \`user\` is null once the deletion is carried out.`,
          params: userId,
          body: deletionDecision,
          response: { 200: deletionDecisionAnswer, ...errors },
        },
      },
      async (request) => {
        const { action } = request.body;
        await decideDeletion(ctx, currentAdmin(request).id, request.params.id, action, meta(request));
        return { userId: request.params.id, action, user: action === 'decline' ? await getUserDetail(ctx.db, request.params.id) : null };
      },
    );

    // ------------------------------------------------------------ system_settings: admins and the audit log
    app.get(
      '/api/admin/admins',
      {
        preValidation: guard('system_settings'),
        schema: {
          operationId: 'listAdmins',
          tags: ['admin'],
          summary: '管理员设置: admins with their permissions, open invitations',
          description: who('system_settings'),
          querystring: adminsQuery,
          response: { 200: adminsResponse, ...errors },
        },
      },
      async (request) => listAdmins(ctx, currentAdmin(request).id, request.query),
    );

    app.post(
      '/api/admin/invites',
      {
        preValidation: guard('system_settings'),
        schema: {
          operationId: 'inviteAdmin',
          tags: ['admin'],
          summary: 'Invite an admin by email (a mailed one-time link, 7 days)',
          description: `${who('system_settings')} An address of a member account is refused (409).`,
          body: inviteRequest,
          response: { 200: adminInviteAnswer, ...errors },
        },
      },
      async (request) => inviteAdmin(ctx, currentAdmin(request).id, request.body, meta(request)),
    );

    app.delete(
      '/api/admin/invites/:id',
      {
        preValidation: guard('system_settings'),
        schema: {
          operationId: 'revokeAdminInvite',
          tags: ['admin'],
          summary: 'Revoke an open invitation',
          description: who('system_settings'),
          params: z.object({ id: z.string().uuid({ error: 'INVITE_INVALID' }) }),
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await revokeInvite(ctx, currentAdmin(request).id, request.params.id, meta(request));
        return reply.code(204).send();
      },
    );

    const adminId = z.object({ id: z.string().uuid({ error: 'NOT_AN_ADMIN' }) });
    app.put(
      '/api/admin/admins/:id/permissions',
      {
        preValidation: guard('system_settings'),
        schema: {
          operationId: 'setAdminPermissions',
          tags: ['admin'],
          summary: 'Grant and revoke permissions (one admin at least keeps system_settings)',
          description: who('system_settings'),
          params: adminId,
          body: permissionsUpdate,
          response: { 200: adminSummary, ...errors },
        },
      },
      async (request) => setPermissions(ctx, currentAdmin(request).id, request.params.id, request.body.permissions, meta(request)),
    );

    app.delete(
      '/api/admin/admins/:id',
      {
        preValidation: guard('system_settings'),
        schema: {
          operationId: 'removeAdmin',
          tags: ['admin'],
          summary: 'Remove admin rights (never the last admin’s); their sessions end',
          description: who('system_settings'),
          params: adminId,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await removeAdmin(ctx, currentAdmin(request).id, request.params.id, meta(request));
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/admin/audit',
      {
        preValidation: guard('system_settings'),
        schema: {
          operationId: 'listAuditLog',
          tags: ['admin'],
          summary: '审计日志: every admin action with who, when, what, the target and before/after; searchable, paginated',
          description: who('system_settings'),
          querystring: auditQuery,
          response: { 200: auditResponse, ...errors },
        },
      },
      async (request) => listAudit(ctx.db, request.query),
    );

    // the other areas of the console (each in its own file)
    await app.register(adminTasksRoutes(ctx));
    await app.register(adminContentRoutes(ctx));
    await app.register(adminInsightsRoutes(ctx));
  };
