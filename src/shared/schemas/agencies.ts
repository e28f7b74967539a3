/**
 * Agencies (MCN 机构, issue 25, decision 0044): the account's sign-up details, the public agency page, the
 * roster (签约达人) with its invitations and memberships. Shares are whole percents 0–70 of the influencer's
 * net after the platform fee, spoken in the API as basis points (decision 0053): shareBps 0–7000, multiples of 100.
 */
import { z } from 'zod';
import { creditCodeField } from './profiles';
import { influencerCard } from './people';
import { bpsIn, bpsOut, calendarDay, centsOut, optionalText, text } from './fields';
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
export const onBehalfRef = z.object({ agencyId: z.string().uuid(), agencyName: z.string() });

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
  /** the agency's cut paid this month from this influencer's deals (its wallet's deal lines), cents */
  earningsCents: centsOut('Earnings'),
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
    earningsCents: centsOut('Earnings'),
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
