/**
 * Agencies (MCN 机构, issue 25, decision 0044): the account's sign-up details, the public agency page, the
 * roster (签约达人) with its invitations and memberships. Shares are whole percents 0–70 of the influencer's
 * net after the platform fee, spoken in the API as basis points (decision 0053): shareBps 0–7000, multiples of 100.
 */
import { z } from 'zod';
import { creditCodeField } from './profiles';
import { influencerCard } from './people';
import { bpsIn, bpsOut, calendarDay, centsOut, dayRangeRule, optionalText, text } from './fields';
import { emailField, listOf, pagination } from './common';
import { DEAL_OVERDUE, DEAL_STATES } from '../deals';
import { APPLICATION_STATUSES, INVITATION_STATUSES } from '../options';

/** how late the deal is now, from its times and the platform clock (decision 0060); null when nothing is late */
export const dealOverdueOut = z
  .enum(DEAL_OVERDUE)
  .nullable()
  .describe(
    'How late the deal is now: report_due (the live ended, no report yet), report_overdue (no report 48 h after the live ended), ' +
      'payment_due (the company has not paid: the fee past the payment window, a report unconfirmed past the settlement window, or a commission due); null when nothing is late',
  );

export const AGENCY_SHARE_MAX = 70;
/** the same cap in basis points, what the API speaks (decision 0053) */
export const AGENCY_SHARE_MAX_BPS = AGENCY_SHARE_MAX * 100;
export const AGENCY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AgencyStatus = (typeof AGENCY_STATUSES)[number];
export const MEMBERSHIP_STATUSES = ['active', 'ending', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const AGENCY_INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export const MEMBERSHIP_END_BY = ['agency', 'influencer', 'admin', 'expiry'] as const;

/** 机构 sign-up (POST /api/auth/signup with userType agency): the organisation, its licence and code. */
export const agencySignupDetails = z.object({
  name: text(100, { required: 'AGENCY_REQUIRED_FIELDS' }),
  contactPerson: text(40, { required: 'AGENCY_REQUIRED_FIELDS' }),
  phone: text(30, { required: 'AGENCY_REQUIRED_FIELDS' }),
  creditCode: creditCodeField,
  /** POST /api/uploads?purpose=business-license, made with the sign-up ticket */
  licenseUploadId: z.string({ error: 'LICENSE_REQUIRED' }).uuid({ error: 'UPLOAD_NOT_FOUND' }),
  description: optionalText(2000, { multiline: true }),
  /** POST /api/uploads?purpose=logo, made with the sign-up ticket */
  logoUploadId: z.string().uuid({ error: 'UPLOAD_NOT_FOUND' }).optional().nullable(),
  city: optionalText(40),
});
export type AgencySignupDetails = z.infer<typeof agencySignupDetails>;

/**
 * PUT /api/agency/profile (机构资料, decision 0065): what sign-up took, edited. A new 统一社会信用代码 or a new licence
 * (`licenseUploadId`, POST /api/uploads?purpose=business-license) sends the agency back to review; `logoUploadId` a new
 * logo (POST /api/uploads?purpose=logo), absent keeps the current one.
 */
export const agencyProfileUpdate = z.object({
  name: text(100, { required: 'AGENCY_REQUIRED_FIELDS' }),
  contactPerson: text(40, { required: 'AGENCY_REQUIRED_FIELDS' }),
  phone: text(30, { required: 'AGENCY_REQUIRED_FIELDS' }),
  creditCode: creditCodeField,
  licenseUploadId: z.string().uuid({ error: 'UPLOAD_NOT_FOUND' }).optional().nullable(),
  description: optionalText(2000, { multiline: true }),
  logoUploadId: z.string().uuid({ error: 'UPLOAD_NOT_FOUND' }).optional().nullable(),
  city: optionalText(40),
});
export type AgencyProfileUpdate = z.infer<typeof agencyProfileUpdate>;

export const agencyIdParams = z.object({ id: z.string().uuid({ error: 'AGENCY_NOT_FOUND' }) });

/** the agency as its public page shows it */
export const agencyPublic = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  city: z.string().nullable(),
  createdAt: z.string(),
});
export type AgencyPublic = z.infer<typeof agencyPublic>;

/** GET/PUT /api/agency/profile: the agency's own record (its licence is private: only whether there is one) */
export const agencyOwnProfile = agencyPublic.extend({
  contactPerson: z.string(),
  phone: z.string(),
  creditCode: z.string(),
  hasLicense: z.boolean(),
  status: z.enum(AGENCY_STATUSES),
  rejectionReason: z.string().nullable(),
});
export const agencyProfileResponse = z.object({
  profile: agencyOwnProfile,
  /** this save sent the agency back to review (a new code or licence, or a rejected agency's resubmission) */
  reviewRequired: z.boolean(),
});
export type AgencyProfileResponse = z.infer<typeof agencyProfileResponse>;

/** GET /api/agencies/{id}: an approved, active agency and the roster influencers whose privacy lets this viewer see them. */
export const agencyPageResponse = z.object({
  agency: agencyPublic,
  roster: z.array(influencerCard),
  rosterCount: z.number().int(),
});
export type AgencyPageResponse = z.infer<typeof agencyPageResponse>;

/** POST /api/agency/roster-invitations: an influencer from the directory (id) or by the account's e-mail. */
export const rosterInvitationRequest = z
  .object({
    influencerId: z.string().uuid({ error: 'AGENCY_INFLUENCER_NOT_FOUND' }).optional(),
    email: emailField.optional(),
    shareBps: bpsIn(0, AGENCY_SHARE_MAX_BPS, 100, { invalid: 'AGENCY_SHARE_INVALID' }, 'The agency’s share of the influencer’s net after the platform fee'),
    endsOn: calendarDay().optional().nullable(),
  })
  .refine((v) => Boolean(v.influencerId) !== Boolean(v.email), { error: 'AGENCY_INVITEE_REQUIRED', path: ['influencerId'] });
export type RosterInvitationRequest = z.infer<typeof rosterInvitationRequest>;

/** PATCH /api/agency/roster-invitations/{id}: a pending invitation's new share */
export const rosterInvitationChange = z.object({
  shareBps: bpsIn(0, AGENCY_SHARE_MAX_BPS, 100, { invalid: 'AGENCY_SHARE_INVALID' }, 'The agency’s new share of the influencer’s net after the platform fee'),
});
export type RosterInvitationChange = z.infer<typeof rosterInvitationChange>;

/** POST /api/agency-invitations/{id}/accept: the share the influencer read (a changed invitation is refused, 409) */
export const acceptAgencyInvitationRequest = z.object({
  shareBps: bpsIn(0, AGENCY_SHARE_MAX_BPS, 100, { invalid: 'AGENCY_SHARE_INVALID' }, 'The share the influencer read and accepts').optional(),
});

const influencerRef = z.object({ id: z.string().uuid(), nickname: z.string(), avatarUrl: z.string().nullable() });
const agencyRef = z.object({ id: z.string().uuid(), name: z.string(), logoUrl: z.string().nullable() });

export const agencyInvitation = z.object({
  id: z.string().uuid(),
  agency: agencyRef,
  influencer: influencerRef,
  shareBps: bpsOut('The agency’s share of the influencer’s net after the platform fee'),
  endsOn: z.string().nullable(),
  status: z.enum(AGENCY_INVITATION_STATUSES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type AgencyInvitation = z.infer<typeof agencyInvitation>;

export const agencyMembership = z.object({
  id: z.string().uuid(),
  agency: agencyRef,
  influencer: influencerRef,
  shareBps: bpsOut('The agency’s share of the influencer’s net after the platform fee'),
  endsOn: z.string().nullable(),
  status: z.enum(MEMBERSHIP_STATUSES),
  startedAt: z.string(),
  endRequestedAt: z.string().nullable(),
  endRequestedBy: z.enum(MEMBERSHIP_END_BY).nullable(),
  endedAt: z.string().nullable(),
  /** deals made under this membership that are not finished yet (an ending membership ends when this is 0) */
  openDeals: z.number().int(),
});
export type Membership = z.infer<typeof agencyMembership>;

/** GET /api/agency/roster: the agency itself, its current roster, the invitations it sent, and the history. */
export const rosterResponse = z.object({
  agency: agencyPublic.extend({ status: z.enum(AGENCY_STATUSES), rejectionReason: z.string().nullable() }),
  current: z.array(agencyMembership),
  invitations: z.array(agencyInvitation),
  history: z.array(agencyMembership),
});
export type RosterResponse = z.infer<typeof rosterResponse>;

/** GET /api/me/agency-invitations: the influencer's invitations, current agency and history. */
export const myAgencyResponse = z.object({
  /** the platform's fee on a fixed fee now (settings), for the share's example on an invitation */
  platformFeeBps: bpsOut('The platform fee on a fixed fee today, taken before the agency’s share'),
  invitations: z.array(agencyInvitation),
  current: agencyMembership.nullable(),
  history: z.array(agencyMembership),
});
export type MyAgencyResponse = z.infer<typeof myAgencyResponse>;

export const invitationIdParams = z.object({ id: z.string().uuid({ error: 'AGENCY_INVITATION_NOT_FOUND' }) });
export const rosterInfluencerParams = z.object({ influencerId: z.string().uuid({ error: 'AGENCY_MEMBERSHIP_NOT_FOUND' }) });
export const agencyMembershipResponse = z.object({ membership: agencyMembership });
export const agencyInvitationResponse = z.object({ invitation: agencyInvitation });

/** the agency an influencer's public page names (签约机构) */
export const agencyBadge = agencyRef.nullable();

/** a record made by an agency acting for the influencer: shown as 机构 {agencyName} 代 {influencer} (decision 0045) */
export const onBehalfRef = z.object({
  agencyId: z.string().uuid(),
  agencyName: z.string(),
  /** the agency's staff member who acted (子账号, decision 0067); null: the agency's owner */
  staffName: z.string().nullable().describe('The agency’s staff member who acted (decision 0067); null when the agency’s owner did'),
});

/**
 * `?onBehalfOf=` (代理操作, decision 0045): merged into the querystring of each influencer operation an agency may
 * call for a roster influencer. Described once, here.
 */
export const onBehalfQuery = z.object({
  onBehalfOf: z
    .string()
    .uuid({ error: 'AGENCY_MEMBER_NOT_FOUND' })
    .optional()
    .describe(
      'An approved agency acting for an influencer on its roster: the influencer’s id (influencers.id). The request then acts as that influencer, with all of its rules, and is recorded as the agency’s (“机构 X 代 Y”). Only agency accounts may send it (anyone else 403; 401 without sign-in); an influencer not on the roster 404 AGENCY_MEMBER_NOT_FOUND — a new application or invitation answer needs the membership active, an existing deal needs to have been made under this agency with the membership active or ending. Operations without this parameter refuse it (403).',
    ),
});
export type OnBehalfQuery = z.infer<typeof onBehalfQuery>;

// ---------------------------------------------------------------- the workspace (机构工作台, issue 25 item 5)

/** the platform's month (Asia/Shanghai), YYYY-MM */
const month = z.string().regex(/^\d{4}-\d{2}$/);

/** one current roster influencer in the workspace: open deals, whose move, this month's figures, rating */
export const workspaceRosterRow = z.object({
  influencer: influencerRef,
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  shareBps: bpsOut('The agency’s share of the influencer’s net after the platform fee'),
  /** deals made under this agency that are not finished */
  openDeals: z.number().int(),
  /** of those, the ones waiting for the influencer's move (the deal table's waitingFor: influencer or both) */
  waitingOnInfluencer: z.number().int(),
  /** the agency's cut paid this month from this influencer's deals (its wallet's deal lines), cents; null for a 运营 */
  earningsCents: centsOut('Earnings (null when a 运营 staff member asks: money is for the agency’s 管理员 and owner)').nullable(),
  /** the reported GMV of this influencer's deals under the agency completed this month, cents */
  gmvCents: centsOut('The GMV (gross merchandise value)'),
  rating: z.number(),
  totalReviews: z.number().int(),
});
export type WorkspaceRosterRow = z.infer<typeof workspaceRosterRow>;

/** GET /api/agency/workspace */
export const agencyWorkspaceResponse = z.object({
  month,
  roster: z.array(workspaceRosterRow),
  /** the agency's whole month, former members' deals included */
  totals: z.object({
    openDeals: z.number().int(),
    waitingOnInfluencer: z.number().int(),
    earningsCents: centsOut('Earnings (null when a 运营 staff member asks: money is for the agency’s 管理员 and owner)').nullable(),
    gmvCents: centsOut('The GMV (gross merchandise value)'),
  }),
});
export type AgencyWorkspaceResponse = z.infer<typeof agencyWorkspaceResponse>;

export const PIPELINE_KINDS = ['deals', 'applications', 'invitations'] as const;
export type PipelineKind = (typeof PIPELINE_KINDS)[number];
export const PIPELINE_STATUSES = [...new Set([...DEAL_STATES, ...APPLICATION_STATUSES, ...INVITATION_STATUSES])] as [string, ...string[]];

/** GET /api/agency/pipeline: one kind of record across the roster, filtered, newest first, a page at a time */
export const agencyPipelineQuery = pagination.extend({
  kind: z.enum(PIPELINE_KINDS, { error: 'BAD_REQUEST' }).default('deals'),
  influencerId: z.string().uuid({ error: 'BAD_REQUEST' }).optional(),
  status: z.enum(PIPELINE_STATUSES, { error: 'BAD_REQUEST' }).optional(),
});
export type AgencyPipelineQuery = z.infer<typeof agencyPipelineQuery>;

export const pipelineItem = z.object({
  id: z.string().uuid(),
  influencer: influencerRef,
  task: z.object({ id: z.string().uuid(), title: z.string() }),
  companyName: z.string(),
  status: z.enum(PIPELINE_STATUSES),
  /** deals: whose move it is (the deal table's waitingFor); null for applications and invitations */
  waitingFor: z.enum(['company', 'influencer', 'both', 'admin']).nullable(),
  /** deals: how late the deal is now (decision 0060); null for applications and invitations */
  overdue: dealOverdueOut,
  /** the rate: the deal's fee, the proposed or offered rate, cents */
  amountCents: centsOut('Amount'),
  /** when it was made (applied, invited, the deal created) */
  createdAt: z.string(),
  /** the agency acted for the influencer (代理操作) in it */
  byAgency: z.boolean(),
});
export type PipelineItem = z.infer<typeof pipelineItem>;

export const agencyPipelineResponse = listOf(pipelineItem).extend({
  kind: z.enum(PIPELINE_KINDS),
  /** how many of each kind are in each state, for the filter (the influencer filter applies) */
  counts: z.array(z.object({ kind: z.enum(PIPELINE_KINDS), status: z.enum(PIPELINE_STATUSES), count: z.number().int() })),
});
export type AgencyPipelineResponse = z.infer<typeof agencyPipelineResponse>;

/** GET /api/agency/earnings: the agency's cut per month, the last 12 platform months, oldest first */
export const agencyEarningsResponse = z.object({
  months: z.array(
    z.object({
      month,
      /** the agency's wallet's deal lines (its cut of fees and commissions) that month, cents */
      earningsCents: centsOut('Earnings'),
      /** the reported GMV of the agency's deals completed that month, cents */
      gmvCents: centsOut('The GMV (gross merchandise value)'),
      /** deals under the agency completed that month */
      completedDeals: z.number().int(),
    }),
  ),
});
export type AgencyEarningsResponse = z.infer<typeof agencyEarningsResponse>;

/**
 * Settling up (结算对账, issue 40 item 4, decision 0066): the agency's cut earned in a range of platform days (Asia/Shanghai,
 * both included; by default this month up to today), by influencer and by deal, and beside it what is pending now —
 * its expected cut of the fees held in escrow and of the commissions due, after the platform fee.
 */
const settlementRange = {
  /** the first platform day, included (default: the first of this month) */
  from: calendarDay().optional(),
  /** the last platform day, included (default: today) */
  to: calendarDay().optional(),
};
export const agencySettlementQuery = pagination.extend(settlementRange).superRefine(dayRangeRule());
export type AgencySettlementQuery = z.infer<typeof agencySettlementQuery>;
export const SETTLEMENT_CSV_BY = ['deal', 'influencer'] as const;
export const agencySettlementCsvQuery = z
  .object({ ...settlementRange, by: z.enum(SETTLEMENT_CSV_BY, { error: 'BAD_REQUEST' }).default('deal') })
  .superRefine(dayRangeRule());
export type AgencySettlementCsvQuery = z.infer<typeof agencySettlementCsvQuery>;

/**
 * what is pending on a deal: `settlement` — not settled yet, its fee paid into escrow (with the commission on a reported
 * GMV); `commission_due` — settled, its commission not paid by the company yet
 */
export const SETTLEMENT_PENDING = ['settlement', 'commission_due'] as const;
export type SettlementPending = (typeof SETTLEMENT_PENDING)[number];

export const agencySettlementInfluencer = z.object({
  influencer: influencerRef,
  /** the latest membership with this agency (a former member stays, marked ended) */
  membershipStatus: z.enum(MEMBERSHIP_STATUSES).nullable(),
  /** deals that paid the agency in the range */
  paidDeals: z.number().int(),
  earnedCents: centsOut('The agency’s cut paid into its wallet in the range'),
  pendingCents: centsOut('The agency’s expected cut, after the platform fee, of what is held or due now'),
});
export type AgencySettlementInfluencer = z.infer<typeof agencySettlementInfluencer>;

export const agencySettlementDeal = z.object({
  dealId: z.string().uuid(),
  status: z.enum(DEAL_STATES),
  task: z.object({ id: z.string().uuid(), title: z.string() }),
  influencer: influencerRef,
  shareBps: bpsOut('The agency’s share on this deal, fixed when it was made'),
  earnedCents: centsOut('The agency’s cut of this deal paid into its wallet in the range'),
  /** when the last of those payments was posted; null when nothing was paid in the range */
  lastPaidAt: z.string().nullable(),
  pendingCents: centsOut('The agency’s expected cut, after the platform fee, of what this deal holds or owes now'),
  pending: z
    .enum(SETTLEMENT_PENDING)
    .nullable()
    .describe(
      'settlement: not settled, its fee held in escrow (with the commission on a reported GMV); commission_due: settled, the commission unpaid; null: nothing pending',
    ),
});
export type AgencySettlementDeal = z.infer<typeof agencySettlementDeal>;

export const agencySettlementResponse = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    earnedCents: centsOut('The agency’s cut paid into its wallet in the range'),
    pendingCents: centsOut('The agency’s expected cut, after the platform fee, of what is held or due now'),
    paidDeals: z.number().int(),
    pendingDeals: z.number().int(),
  }),
  /** every influencer with money in the range or pending now, the largest earned first */
  byInfluencer: z.array(agencySettlementInfluencer),
  /** the deals with money in the range or pending now, the latest payment first, pending ones after; a page */
  deals: listOf(agencySettlementDeal),
});
export type AgencySettlementResponse = z.infer<typeof agencySettlementResponse>;
