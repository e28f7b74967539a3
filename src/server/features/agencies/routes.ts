/**
 * Agencies' routes (decision 0044): the public agency page, the agency's roster and invitations, the
 * influencer's side of them. Roles are decided by the guards; another agency's or influencer's rows are 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptAgencyInvitationRequest,
  agencyEarningsResponse,
  agencyIdParams,
  agencyPipelineQuery,
  agencyPipelineResponse,
  agencySettlementCsvQuery,
  agencySettlementQuery,
  agencySettlementResponse,
  agencyWorkspaceResponse,
  agencyInvitationResponse,
  agencyMembershipResponse,
  agencyPageResponse,
  agencyProfileResponse,
  agencyProfileUpdate,
  invitationIdParams,
  myAgencyResponse,
  rosterInfluencerParams,
  rosterInvitationChange,
  rosterInvitationRequest,
  rosterResponse,
} from '../../../shared/schemas/agencies';
import { errorBody } from '../../../shared/schemas/errorBody';
import type { AppContext } from '../../platform/context';
import { mediaResponse } from '../../platform/openapi/responses';
import { currentUser, guard } from '../../platform/session';
import { getAgencyPage } from './page';
import { getPipeline } from './pipeline';
import { readSettings } from '../settings';
import { earningsCsv, getEarnings, getWorkspace } from './workspace';
import { changeRosterInvitation, withdrawRosterInvitation } from './invitationChanges';
import { getAgencyProfile, saveAgencyProfile } from './profile';
import { getSettlement, settlementCsv } from './settlement';
import { answerRosterInvitation, endByAgency, endByInfluencer, getMyAgency, getRoster, inviteToRoster } from './roster';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const agencyOnly = guard({ roles: ['agency'], forbidden: 'AGENCY_ONLY' });
const influencerOnly = guard({ roles: ['influencer'], forbidden: 'INFLUENCER_ONLY' });

export const agencyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/agencies/:id',
      {
        schema: {
          operationId: 'getAgency',
          tags: ['agencies'],
          summary: 'An agency’s public page with its public roster',
          description:
            'Who: anyone. An approved agency whose account is active (404 AGENCY_NOT_FOUND otherwise); the roster lists only the influencers the directory shows this viewer, masked as there.',
          params: agencyIdParams,
          response: { 200: agencyPageResponse, 400: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-cache');
        return getAgencyPage(ctx.db, request.params.id, await request.getUser());
      },
    );

    app.get(
      '/api/agency/roster',
      {
        schema: {
          operationId: 'getAgencyRoster',
          tags: ['agencies'],
          summary: 'The agency’s own roster: current members, invitations sent, history',
          description: 'Who: agencies (their own; also while waiting for review).',
          response: { 200: rosterResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request) => getRoster(ctx.db, (await currentUser(request)).id),
    );

    app.get(
      '/api/agency/profile',
      {
        schema: {
          operationId: 'getAgencyProfile',
          tags: ['agencies'],
          summary: 'The agency’s own record (机构资料): name, contact, code, description, city, logo, review state',
          description: 'Who: agencies, their own (also while waiting for review or rejected).',
          response: { 200: agencyProfileResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return getAgencyProfile(ctx.db, (await currentUser(request)).id);
      },
    );

    app.put(
      '/api/agency/profile',
      {
        schema: {
          operationId: 'updateAgencyProfile',
          tags: ['agencies'],
          summary: 'Edit the agency’s record; a new credit code or licence goes back to review',
          description:
            'Who: agencies, their own. Name, contact, phone, description, city and logo change at once. A new `creditCode` or a new licence (`licenseUploadId`) sets the agency back to pending (`reviewRequired: true`): until an admin approves it again it cannot invite or act for its roster. A rejected agency’s save resubmits it. 404 UPLOAD_NOT_FOUND for a file that is not this account’s upload of that kind.',
          body: agencyProfileUpdate,
          response: { 200: agencyProfileResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request) => saveAgencyProfile(ctx, (await currentUser(request)).id, request.body),
    );

    app.get(
      '/api/agency/workspace',
      {
        schema: {
          operationId: 'getAgencyWorkspace',
          tags: ['agencies'],
          summary: 'The agency’s workspace figures: per current roster influencer the open deals, whose move, this month’s earnings and GMV, rating',
          description:
            'Who: agencies, their own (also while waiting for review), and their staff (a 运营 gets the earnings as null). Earnings: the agency’s cut its wallet received this platform month (Asia/Shanghai); GMV: the reported GMV of its deals completed this month; the totals include former members’ deals.',
          response: { 200: agencyWorkspaceResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const user = await currentUser(request);
        return getWorkspace(ctx, user.id, { withEarnings: user.staff?.role !== 'operator' });
      },
    );

    app.get(
      '/api/agency/pipeline',
      {
        schema: {
          operationId: 'getAgencyPipeline',
          tags: ['agencies'],
          summary: 'The agency’s pipeline: deals, applications or invitations across its roster, filtered, newest first, paginated',
          description:
            'Who: agencies, their own. Deals: those made under the agency; applications and invitations: those of the current roster (active or ending memberships). `counts` gives every kind by state (the influencer filter applies).',
          querystring: agencyPipelineQuery,
          response: { 200: agencyPipelineResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const settings = await readSettings(ctx, ctx.db);
        return getPipeline(ctx.db, (await currentUser(request)).id, request.query, { now: ctx.clock.now(), settlementHours: settings.settlementHours });
      },
    );

    app.get(
      '/api/agency/earnings',
      {
        schema: {
          operationId: 'getAgencyEarnings',
          tags: ['agencies'],
          summary: 'The agency’s earnings (its cut) and its deals’ GMV per platform month, the last 12 months, oldest first',
          description: 'Who: agencies, their own.',
          response: { 200: agencyEarningsResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return getEarnings(ctx, (await currentUser(request)).id);
      },
    );

    app.get(
      '/api/agency/earnings.csv',
      {
        schema: {
          operationId: 'exportAgencyEarningsCsv',
          tags: ['agencies'],
          summary: 'The agency’s earnings per month as CSV (the last 12 months)',
          description: 'Who: agencies, their own.',
          response: {
            200: mediaResponse(
              'text/csv',
              'Month, earnings and GMV in integer cents (earnings_cents, gmv_cents), completed deals (UTF-8 with BOM), a download',
            ),
            ...errors,
          },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        const csv = await earningsCsv(ctx, (await currentUser(request)).id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="agency-earnings.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.get(
      '/api/agency/settlement',
      {
        schema: {
          operationId: 'getAgencySettlement',
          tags: ['agencies'],
          summary: 'Settling up: the agency’s cut earned in a range of days by influencer and by deal, and what is pending now',
          description:
            'Who: agencies, their own. `from`/`to`: platform days (Asia/Shanghai), both included; by default this month up to today. ' +
            'Earned: the agency’s cut of fees and commissions paid into its wallet in the range (the same lines as the monthly earnings). ' +
            'Pending: as of now, whatever the range — its expected cut, after the platform fee and at the share fixed on each deal, of the fees held in escrow and of the commissions companies still owe. ' +
            '`byInfluencer` lists every influencer with money in the range or pending (former members too); `deals` pages through the deals, the latest payment first, pending-only deals after.',
          querystring: agencySettlementQuery,
          response: { 200: agencySettlementResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return getSettlement(ctx, (await currentUser(request)).id, request.query);
      },
    );

    app.get(
      '/api/agency/settlement.csv',
      {
        schema: {
          operationId: 'exportAgencySettlementCsv',
          tags: ['agencies'],
          summary: 'Settling up as CSV: every deal (by=deal) or every influencer (by=influencer) of the range',
          description: 'Who: agencies, their own. The range and the figures of GET /api/agency/settlement, every row, amounts in integer cents.',
          querystring: agencySettlementCsvQuery,
          response: {
            200: mediaResponse(
              'text/csv',
              'by=deal: deal_id, task, influencer_id, influencer, deal_status, share_bps, earned_cents, last_paid_at, pending_cents, pending; by=influencer: influencer_id, influencer, membership_status, paid_deals, earned_cents, pending_cents (UTF-8 with BOM), a download',
            ),
            ...errors,
          },
        },
        preValidation: agencyOnly,
      },
      async (request, reply) => {
        const { csv, filename } = await settlementCsv(ctx, (await currentUser(request)).id, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.post(
      '/api/agency/roster-invitations',
      {
        schema: {
          operationId: 'inviteToAgencyRoster',
          tags: ['agencies'],
          summary: 'Invite an influencer to the roster (by id or e-mail) at a share of 0–70 %',
          description:
            'Who: approved agencies (403 AGENCY_NOT_APPROVED before). 404 AGENCY_INFLUENCER_NOT_FOUND for no such influencer; 409 AGENCY_ALREADY_MEMBER when the influencer belongs to an agency, AGENCY_INVITATION_PENDING when this agency already waits for an answer.',
          body: rosterInvitationRequest,
          response: { 200: agencyInvitationResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request) => ({ invitation: await inviteToRoster(ctx, (await currentUser(request)).id, request.body) }),
    );

    app.post(
      '/api/agency/roster-invitations/:id/withdraw',
      {
        schema: {
          operationId: 'withdrawAgencyRosterInvitation',
          tags: ['agencies'],
          summary: 'Withdraw a pending roster invitation',
          description:
            'Who: the agency that sent it (anyone else 404 AGENCY_INVITATION_NOT_FOUND). 409 AGENCY_INVITATION_ANSWERED once it was accepted, declined or withdrawn. The influencer is told.',
          params: invitationIdParams,
          response: { 200: agencyInvitationResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request) => ({ invitation: await withdrawRosterInvitation(ctx, (await currentUser(request)).id, request.params.id) }),
    );

    app.patch(
      '/api/agency/roster-invitations/:id',
      {
        schema: {
          operationId: 'changeAgencyRosterInvitation',
          tags: ['agencies'],
          summary: 'Change a pending roster invitation’s share',
          description:
            'Who: the agency that sent it (anyone else 404 AGENCY_INVITATION_NOT_FOUND). 409 AGENCY_INVITATION_ANSWERED once answered. The influencer is told; an accept that confirmed the old share is refused (409 AGENCY_INVITATION_CHANGED).',
          params: invitationIdParams,
          body: rosterInvitationChange,
          response: { 200: agencyInvitationResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request) => ({ invitation: await changeRosterInvitation(ctx, (await currentUser(request)).id, request.params.id, request.body) }),
    );

    app.post(
      '/api/agency/roster/:influencerId/end',
      {
        schema: {
          operationId: 'endAgencyMembershipByAgency',
          tags: ['agencies'],
          summary: 'End a roster membership (the agency)',
          description:
            'Who: the agency of the membership (anyone else 404). New deals are the influencer’s alone from now on; the membership ends once the deals made under it are finished.',
          params: rosterInfluencerParams,
          response: { 200: agencyMembershipResponse, ...errors },
        },
        preValidation: agencyOnly,
      },
      async (request) => ({ membership: await endByAgency(ctx, (await currentUser(request)).id, request.params.influencerId) }),
    );

    app.get(
      '/api/me/agency-invitations',
      {
        schema: {
          operationId: 'getMyAgencyInvitations',
          tags: ['agencies'],
          summary: 'The influencer’s agency invitations, current agency and history',
          description: 'Who: influencers, their own.',
          response: { 200: myAgencyResponse, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => {
        const settings = await readSettings(ctx, ctx.db);
        return getMyAgency(ctx.db, (await currentUser(request)).id, settings.platformFeeBps);
      },
    );

    for (const answer of ['accept', 'decline'] as const) {
      app.post(
        `/api/agency-invitations/:id/${answer}`,
        {
          schema: {
            operationId: answer === 'accept' ? 'acceptAgencyInvitation' : 'declineAgencyInvitation',
            tags: ['agencies'],
            summary: answer === 'accept' ? 'Accept an agency’s roster invitation' : 'Decline an agency’s roster invitation',
            description:
              'Who: the invited influencer (anyone else 404). 409 AGENCY_INVITATION_ANSWERED when already answered' +
              (answer === 'accept'
                ? ', AGENCY_ALREADY_MEMBER while the influencer belongs to an agency (one at a time), AGENCY_INVITATION_CHANGED when `shareBps` (the share the influencer read) is no longer the invitation’s: the agency changed it.'
                : '.'),
            params: invitationIdParams,
            ...(answer === 'accept' ? { body: acceptAgencyInvitationRequest.optional() } : {}),
            response: { 200: agencyInvitationResponse, ...errors },
          },
          preValidation: influencerOnly,
        },
        async (request) => ({
          invitation: await answerRosterInvitation(
            ctx,
            (await currentUser(request)).id,
            request.params.id,
            answer,
            (request.body as { shareBps?: number } | undefined) ?? {},
          ),
        }),
      );
    }

    app.post(
      '/api/me/agency/end',
      {
        schema: {
          operationId: 'endMyAgencyMembership',
          tags: ['agencies'],
          summary: 'End the roster membership (the influencer)',
          description:
            'Who: influencers with a current membership (404 otherwise). New deals are the influencer’s alone from now on; it ends once the deals made under it are finished.',
          response: { 200: agencyMembershipResponse, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => ({ membership: await endByInfluencer(ctx, (await currentUser(request)).id) }),
    );
  };
