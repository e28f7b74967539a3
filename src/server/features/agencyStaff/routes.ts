/**
 * Staff accounts' routes (子账号, decision 0067): the agency's staff and invitations (its owner and its 管理员 — see
 * staffAccess.ts), and the invitation link's two public operations (what it is; accept it and be signed in).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptAgencyStaffInvitation,
  agencyStaffInvitation,
  agencyStaffInvitationInfo,
  agencyStaffInvitationToken,
  agencyStaffInviteRequest,
  agencyStaffMember,
  agencyStaffResponse,
  agencyStaffRoleChange,
  staffIdParams,
  staffInvitationIdParams,
} from '../../../shared/schemas/agencyStaff';
import { meResponse } from '../../../shared/schemas/auth';
import { noContent, pageQuery } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import type { AppContext } from '../../platform/context';
import { createSession, currentUser, destroySession, guard, setSessionCookie } from '../../platform/session';
import { getMe } from '../auth';
import { browserLocale, setNotificationLocale } from '../notifications';
import { acceptStaffInvitation, changeStaffRole, inspectStaffInvitation, inviteStaff, listStaff, removeStaff, withdrawStaffInvitation } from './staff';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const agencyOnly = guard({ roles: ['agency'], forbidden: 'AGENCY_ONLY' });
const WHO = 'Who: agencies — the owner and staff members with the admin role (管理员); an operator (运营) gets 403 AGENCY_STAFF_ADMIN_ONLY.';

export const agencyStaffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/agency/staff',
      {
        schema: {
          operationId: 'listAgencyStaff',
          tags: ['agencies'],
          summary: 'The agency’s staff accounts (子账号) and its open invitations',
          description: WHO,
          querystring: pageQuery(),
          response: { 200: agencyStaffResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return listStaff(ctx, (await currentUser(request)).id, request.query);
      },
    );

    app.post(
      '/api/agency/staff/invitations',
      {
        schema: {
          operationId: 'inviteAgencyStaff',
          tags: ['agencies'],
          summary: 'Invite a staff member by e-mail as admin (管理员) or operator (运营): a mailed single-use link, 7 days',
          description: `${WHO} A new invitation to the same address replaces the open one. 409 AGENCY_STAFF_EMAIL_TAKEN for an address of another account, AGENCY_STAFF_ALREADY for a staff member of an agency, AGENCY_STAFF_LIMIT beyond 20 members and invitations.`,
          body: agencyStaffInviteRequest,
          response: { 201: agencyStaffInvitation, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => reply.code(201).send(await inviteStaff(ctx, await currentUser(request), request.body)),
    );

    app.delete(
      '/api/agency/staff/invitations/:id',
      {
        schema: {
          operationId: 'withdrawAgencyStaffInvitation',
          tags: ['agencies'],
          summary: 'Withdraw an open staff invitation (its link stops working)',
          description: `${WHO} 400 INVITE_INVALID when it is not this agency’s open invitation.`,
          params: staffInvitationIdParams,
          response: { 204: noContent, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        await withdrawStaffInvitation(ctx, (await currentUser(request)).id, request.params.id);
        return reply.code(204).send();
      },
    );

    app.patch(
      '/api/agency/staff/:id',
      {
        schema: {
          operationId: 'changeAgencyStaffRole',
          tags: ['agencies'],
          summary: 'Change a staff member’s role',
          description: `${WHO} 404 AGENCY_STAFF_NOT_FOUND for another agency’s or a removed member; 409 AGENCY_STAFF_SELF for one’s own.`,
          params: staffIdParams,
          body: agencyStaffRoleChange,
          response: { 200: agencyStaffMember, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request) => changeStaffRole(ctx, await currentUser(request), request.params.id, request.body.role),
    );

    app.delete(
      '/api/agency/staff/:id',
      {
        schema: {
          operationId: 'removeAgencyStaff',
          tags: ['agencies'],
          summary: 'Remove a staff member: the account leaves the agency and every session of it ends at once',
          description: `${WHO} 404 AGENCY_STAFF_NOT_FOUND for another agency’s or a removed member; 409 AGENCY_STAFF_SELF for one’s own.`,
          params: staffIdParams,
          response: { 204: noContent, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        await removeStaff(ctx, await currentUser(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/agency-staff/invitation',
      {
        schema: {
          operationId: 'inspectAgencyStaffInvitation',
          tags: ['agencies'],
          summary: 'What a staff invitation link invites to: the agency, the address, the role',
          description: 'Who: anyone holding the link (400 INVITE_INVALID when it is unknown, used, withdrawn or expired).',
          body: agencyStaffInvitationToken,
          response: { 200: agencyStaffInvitationInfo, 400: errorBody, 409: errorBody },
        },
      },
      async (request) => inspectStaffInvitation(ctx, request.body.token),
    );

    app.post(
      '/api/agency-staff/accept',
      {
        schema: {
          operationId: 'acceptAgencyStaffInvitation',
          tags: ['agencies'],
          summary: 'Accept a staff invitation: name and password; the staff account is created (or a former one rejoins) and signed in',
          description: 'Who: anyone holding the link; once. Any session of this browser is replaced by the staff account’s.',
          body: acceptAgencyStaffInvitation,
          response: { 200: meResponse, 400: errorBody, 409: errorBody },
        },
      },
      async (request, reply) => {
        const userId = await acceptStaffInvitation(ctx, request.body);
        const previous = await request.getUser();
        if (previous?.sessionId) await destroySession(ctx.db, previous.sessionId);
        setSessionCookie(reply, await createSession(ctx.db, userId, request), ctx.config.isProduction);
        await setNotificationLocale(ctx.db, userId, browserLocale(request.cookies.lang));
        return { user: await getMe(ctx.db, userId) };
      },
    );
  };
