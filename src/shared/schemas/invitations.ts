import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { INVITATION_STATUSES, TASK_STATUSES } from '../options';
import { PRICING_MODELS } from '../money';
import { bpsOut, centsIn, centsOut, text } from './fields';
import { BUDGET_MAX_CENTS } from './tasks';
import { DEAL_STATES } from '../deals';

/**
 * 邀请 (issue 14, decision 0025): a company invites an influencer to its open task; the influencer accepts
 * (an accepted application and its deal) or declines with a reason; unanswered, it expires after 72 h.
 */
export const invitationStatus = z.enum(INVITATION_STATUSES);

/** POST /api/task-invitations — the owning company */
export const inviteRequest = z.object({
  taskId: z.string({ error: 'TASK_NOT_FOUND' }).uuid({ error: 'TASK_NOT_FOUND' }),
  influencerId: z.string({ error: 'INFLUENCER_NOT_FOUND' }).uuid({ error: 'INFLUENCER_NOT_FOUND' }),
  message: text(500, { multiline: true, required: 'INVITATION_MESSAGE_REQUIRED' }),
  /** integer cents inside the task's budget; ignored (0) for a commission-only task */
  offeredRateCents: centsIn(
    0,
    BUDGET_MAX_CENTS,
    { invalid: 'INVITATION_RATE_REQUIRED', tooLarge: 'NUMBER_TOO_LARGE' },
    'The rate offered, inside the task’s budget (0 for a commission-only task)',
  ),
});
export type InviteRequest = z.infer<typeof inviteRequest>;
export type InviteInput = z.input<typeof inviteRequest>;

/** POST /api/task-invitations/:id/decline — the invited influencer */
export const declineInvitationRequest = z.object({
  reason: text(200, { multiline: true, required: 'INVITATION_REASON_REQUIRED' }),
});
export type DeclineInvitationRequest = z.infer<typeof declineInvitationRequest>;

export const invitationIdParams = z.object({ id: z.string().uuid({ error: 'INVITATION_NOT_FOUND' }) });
export const taskInvitationsQuery = pageQuery(50, 100).extend({ taskId: z.string({ error: 'TASK_NOT_FOUND' }).uuid({ error: 'TASK_NOT_FOUND' }) });

const invitationBase = {
  id: z.string().uuid(),
  taskId: z.string().uuid(),
  status: invitationStatus,
  offeredRateCents: centsOut('The rate the company offered'),
  message: z.string(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  respondedAt: z.string().nullable(),
  /** the deal it started when accepted */
  dealId: z.string().uuid().nullable(),
};

/** the owning company's list (the task page's 邀请 tab) */
export const invitationForCompany = z.object({
  ...invitationBase,
  influencer: z.object({
    id: z.string().uuid(),
    nickname: z.string(),
    avatarUrl: z.string().nullable(),
    rating: z.number(),
    isVerified: z.boolean(),
  }),
});
export type InvitationForCompany = z.infer<typeof invitationForCompany>;

export const taskInvitationsResponse = listOf(invitationForCompany).extend({
  /** the daily limit (系统设置) and what is left of it in the last 24 hours */
  perDay: z.number().int(),
  remainingToday: z.number().int(),
});
export type TaskInvitationsResponse = z.infer<typeof taskInvitationsResponse>;

/** the influencer's list (/influencer-tasks 收到的邀请) */
export const invitationForInfluencer = z.object({
  ...invitationBase,
  task: z.object({
    id: z.string().uuid(),
    title: z.string(),
    status: z.enum(TASK_STATUSES),
    budgetMinCents: centsOut('The lowest budget'),
    budgetMaxCents: centsOut('The highest budget'),
    liveDate: z.string().nullable(),
    durationHours: z.number(),
    location: z.string(),
    pricingModel: z.enum(PRICING_MODELS),
    commissionBps: bpsOut('The commission on the confirmed GMV (0 for a fixed fee)'),
    slots: z.number().int(),
    currentApplicants: z.number().int(),
    companyId: z.string().uuid(),
    companyName: z.string(),
  }),
});
export type InvitationForInfluencer = z.infer<typeof invitationForInfluencer>;
export const myInvitationsQuery = pageQuery(50, 100);
export const myInvitationsResponse = listOf(invitationForInfluencer);
export type MyInvitationsResponse = z.infer<typeof myInvitationsResponse>;

/** One invitation as it now is: what inviting, declining and withdrawing answer (decisions 0054, 0056). */
export const invitation = z.object(invitationBase);
export const invitationResponse = z.object({ invitation });
export type InvitationResponse = z.infer<typeof invitationResponse>;
/** POST /api/task-invitations/{id}/accept: the accepted invitation (its `dealId` set) and the deal it started */
export const acceptInvitationResponse = z.object({
  invitation,
  deal: z.object({ id: z.string().uuid(), status: z.enum(DEAL_STATES) }),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponse>;
