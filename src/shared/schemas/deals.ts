import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { dealOverdueOut, onBehalfRef } from './agencies';
import { DEAL_EVENT_NAMES, DEAL_ROLES, DEAL_STATES, DISPUTE_REASONS } from '../deals';
import { PRICING_MODELS } from '../money';
import { bpsIn, bpsOut, centsOut, decimal, int, isoDateTime, parseIsoDateTime, text } from './fields';
import { dealReviews } from './reviews';

const span = (a: string, b: string) => (parseIsoDateTime(b)?.getTime() ?? NaN) - (parseIsoDateTime(a)?.getTime() ?? NaN);

/** an http(s) address: the live room, the replay */
export const webAddress = (required: 'DEAL_ROOM_URL_INVALID' | 'DEAL_REPLAY_URL_INVALID') =>
  text(500, { required }).refine(
    (v) => {
      if (!/^https?:\/\//i.test(v)) return false;
      try {
        return Boolean(new URL(v).hostname);
      } catch {
        return false;
      }
    },
    { error: required },
  );

const uploadIds = z
  .array(z.string().uuid({ error: 'BAD_REQUEST' }), { error: 'BAD_REQUEST' })
  .max(9, { error: 'DEAL_TOO_MANY_IMAGES' })
  .default([]);

export const samplesForm = z.object({
  carrier: text(50, { required: 'DEAL_CARRIER_REQUIRED' }),
  trackingNo: text(60, { required: 'DEAL_TRACKING_REQUIRED' }).refine((v) => /^[A-Za-z0-9-]+$/.test(v), { error: 'DEAL_TRACKING_INVALID' }),
});

export const scheduleForm = z
  .object({
    start: isoDateTime('DEAL_SCHEDULE_INVALID'),
    end: isoDateTime('DEAL_SCHEDULE_INVALID'),
    roomUrl: webAddress('DEAL_ROOM_URL_INVALID'),
  })
  .superRefine((v, ctx) => {
    const ms = span(v.start, v.end);
    if (!(ms > 0) || ms > 24 * 3600_000) ctx.addIssue({ code: 'custom', path: ['end'], message: 'DEAL_SCHEDULE_INVALID' });
  });

const count = (code: 'DEAL_REPORT_NUMBER_INVALID') => int(0, 2_000_000_000, { invalid: code });

export const reportForm = z
  .object({
    replayUrl: webAddress('DEAL_REPLAY_URL_INVALID'),
    startedAt: isoDateTime('DEAL_REPORT_TIME_INVALID'),
    endedAt: isoDateTime('DEAL_REPORT_TIME_INVALID'),
    views: count('DEAL_REPORT_NUMBER_INVALID'),
    peakViewers: count('DEAL_REPORT_NUMBER_INVALID'),
    orders: count('DEAL_REPORT_NUMBER_INVALID'),
    /** gross merchandise value in cents */
    gmvCents: decimal(0, 1e15, 0, { invalid: 'DEAL_REPORT_NUMBER_INVALID' }).describe(
      'The live’s gross merchandise value, in integer cents (USD): 123456 is $1,234.56',
    ),
    screenshots: uploadIds,
  })
  .superRefine((v, ctx) => {
    const ms = span(v.startedAt, v.endedAt);
    if (!(ms > 0) || ms > 24 * 3600_000) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'DEAL_REPORT_TIME_INVALID' });
    if (v.peakViewers > v.views) ctx.addIssue({ code: 'custom', path: ['peakViewers'], message: 'DEAL_REPORT_PEAK_OVER_VIEWS' });
  });

export const disputeForm = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: 'DEAL_DISPUTE_REASON_REQUIRED' }),
  statement: text(2000, { multiline: true, required: 'DEAL_STATEMENT_REQUIRED' }),
  evidence: uploadIds,
});

export const answerForm = z.object({
  statement: text(2000, { multiline: true, required: 'DEAL_STATEMENT_REQUIRED' }),
  evidence: uploadIds,
});

export const reasonForm = z.object({ reason: text(500, { multiline: true, required: 'DEAL_REASON_REQUIRED' }) });

export const resolutionForm = z.object({
  reason: text(1000, { multiline: true, required: 'DEAL_REASON_REQUIRED' }),
  /** resolve_partial only: the share of the rate the influencer receives, whole percents 1–99 as basis points */
  payoutBps: bpsIn(100, 9900, 100, { invalid: 'DEAL_PERCENT_INVALID' }, 'resolve_partial only: the share of the rate the influencer receives').optional(),
  /** the influencer's deposit goes to the company (a dispute decided against the influencer) */
  awardDeposit: z.boolean().default(false),
});

export const FORMS = {
  samples: samplesForm,
  schedule: scheduleForm,
  report: reportForm,
  dispute: disputeForm,
  answer: answerForm,
  reason: reasonForm,
  resolution: resolutionForm,
} as const;

const image = z.object({ id: z.string().uuid(), url: z.string() });

/** timeline entries: the table's events, and `accept` (the deal's creation, when the company accepted the application) */
export const TIMELINE_EVENTS = ['accept', ...DEAL_EVENT_NAMES] as const;
export const dealTimelineEntry = z.object({
  id: z.string().uuid(),
  event: z.enum(TIMELINE_EVENTS as unknown as [string, ...string[]]),
  actorRole: z.enum(DEAL_ROLES),
  actorName: z.string().nullable(),
  /** the influencer's event fired by its agency (机构 X 代 Y, decision 0045); null otherwise */
  onBehalf: onBehalfRef.nullable(),
  fromStatus: z.enum(DEAL_STATES),
  toStatus: z.enum(DEAL_STATES),
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
});

export const dealDispute = z.object({
  id: z.string().uuid(),
  openedBy: z.enum(['company', 'influencer']),
  reason: z.enum(DISPUTE_REASONS),
  statement: z.string(),
  evidence: z.array(image),
  openedAt: z.string(),
  answer: z.string().nullable(),
  answerEvidence: z.array(image),
  answeredAt: z.string().nullable(),
  outcome: z.enum(['open', 'withdrawn', 'completed', 'partial', 'cancelled']),
  payoutBps: bpsOut('The decided share of the rate paid to the influencer (null: not decided)').nullable(),
  decisionReason: z.string().nullable(),
  closedAt: z.string().nullable(),
});

export const dealFactsOut = z.object({
  status: z.enum(DEAL_STATES),
  scheduleProposedBy: z.enum(['company', 'influencer']).nullable(),
  scheduleStart: z.string().nullable(),
  reportedAt: z.string().nullable(),
  cancelRequestedBy: z.enum(['company', 'influencer']).nullable(),
  disputeOpenedBy: z.enum(['company', 'influencer']).nullable(),
  disputeAnswered: z.boolean(),
  feeDue: z.boolean(),
  depositDue: z.boolean(),
});

/** one settlement as computeSettlement gives it (src/shared/money.ts) */
export const settlementOut = z.object({
  feeShareCents: centsOut('Fee share'),
  refundCents: centsOut('Refund'),
  commissionCents: centsOut('Commission'),
  feeOnShareCents: centsOut('Fee on share'),
  feeOnCommissionCents: centsOut('Fee on commission'),
  platformFeeCents: centsOut('Platform fee'),
  influencerNetCents: centsOut('Influencer net'),
  companyPaysCents: centsOut('Company pays'),
});

/** the deal's money (decision 0022): the terms, what is held now, and the settlement when it happened */
export const dealMoney = z.object({
  /** false: accepted before money moved on the platform (nothing held, nothing settled) */
  tracked: z.boolean(),
  pricingModel: z.enum(PRICING_MODELS),
  feeCents: centsOut('Fee'),
  commissionBps: bpsOut('The commission on the confirmed GMV (0 for a fixed fee)'),
  depositCents: centsOut('Deposit'),
  platformFeeBps: bpsOut('The platform service fee, frozen when the deal was made'),
  /** the fee held in escrow now, and what the company still has to pay into it */
  escrowCents: centsOut('Escrow'),
  feeDueCents: centsOut('Fee due'),
  depositHeldCents: centsOut('Deposit held'),
  feeFundedAt: z.string().nullable(),
  depositPaidAt: z.string().nullable(),
  /** 待付款: when the platform cancels the deal if it is still unpaid */
  paymentDueAt: z.string().nullable(),
  /** what completion pays with the terms and the report as they stand (the commission once a GMV is reported) */
  estimate: z.object({
    feeShareCents: centsOut('Fee share'),
    refundCents: centsOut('Refund'),
    commissionCents: centsOut('Commission'),
    platformFeeCents: centsOut('Platform fee'),
    influencerNetCents: centsOut('Influencer net'),
  }),
  settledAt: z.string().nullable(),
  settledGrossCents: centsOut('Settled gross').nullable(),
  commissionCents: centsOut('Commission').nullable(),
  commissionStatus: z.enum(['none', 'due', 'paid']),
  depositAwarded: z.boolean(),
  /**
   * what computeSettlement is given besides the share (SettlementTerms): the fee the escrow holds when funded,
   * the platform fee and commission frozen at acceptance, the reported GMV. An admin's decision dialog computes
   * its preview from these with the same function (decision 0030)
   */
  terms: z.object({
    escrowCents: centsOut('Escrow'),
    platformFeeBps: bpsOut('The platform service fee, frozen when the deal was made'),
    commissionBps: bpsOut('The commission on the confirmed GMV (0 for a fixed fee)'),
    gmvCents: centsOut('The GMV (gross merchandise value)').nullable(),
  }),
  /**
   * an admin decided the dispute at a share below 100 % (部分完成, or 0 % when cancelled): the settlement as
   * agreed and as decided (decisionComparison), the same for both sides
   */
  decision: z.object({ payoutBps: bpsOut('The decided share of the rate paid to the influencer'), before: settlementOut, after: settlementOut }).nullable(),
  /**
   * the split of the influencer's net with the agency the deal was made under (decision 0044): what the settlement
   * paid (`settled`) or, before it, what it will pay with the terms and the report as they stand — floor(net × shareBps
   * / 10000) per payment, the rest the influencer's. Given to the influencer (and an agency acting for them) and admins
   * only; absent for the company and for a deal without an agency
   */
  agencySplit: z
    .object({
      agencyId: z.string().uuid(),
      agencyName: z.string(),
      shareBps: bpsOut('The agency’s share of the influencer’s net after the platform fee'),
      agencyCents: centsOut('The agency’s part'),
      influencerCents: centsOut('The influencer’s part'),
      settled: z.boolean(),
    })
    .optional(),
});
export type DealMoney = z.infer<typeof dealMoney>;

export const dealDetail = z.object({
  id: z.string().uuid(),
  taskId: z.string().uuid(),
  status: z.enum(DEAL_STATES),
  version: z.number(),
  /** the viewer's side of the deal */
  viewerRole: z.enum(['company', 'influencer', 'admin']),
  /** the deal's conversation (GET /api/conversations/:id) */
  conversationId: z.string().uuid().nullable(),
  facts: dealFactsOut,
  /** the events the viewer may fire now (the same rule the server applies) */
  actions: z.array(z.enum(DEAL_EVENT_NAMES as [string, ...string[]])),
  /** an agency reading a deal of a former roster influencer (`?onBehalfOf=`, membership ended): no actions, read only (decision 0061) */
  viewOnly: z.boolean(),
  waitingFor: z.enum(['company', 'influencer', 'both', 'admin']).nullable(),
  overdue: dealOverdueOut,
  settlementHours: z.number(),
  money: dealMoney,
  /** when the automatic confirmation happens (reported deals) */
  autoConfirmAt: z.string().nullable(),
  serverNow: z.string(),
  terms: z.object({
    taskTitle: z.string(),
    rateCents: centsOut('Rate'),
    plannedLiveDate: z.string().nullable(),
    durationHours: z.number(),
    productName: z.string().nullable(),
    requirements: z.array(z.string()),
  }),
  company: z.object({ id: z.string().uuid(), name: z.string(), logoUrl: z.string().nullable() }),
  influencer: z.object({
    id: z.string().uuid(),
    nickname: z.string(),
    avatarUrl: z.string().nullable(),
    /** the agency that applied for the influencer (decision 0045); null: she applied herself (or was invited) */
    viaAgency: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  }),
  samples: z.object({ carrier: z.string().nullable(), trackingNo: z.string().nullable(), shippedAt: z.string().nullable(), receivedAt: z.string().nullable() }),
  schedule: z.object({
    start: z.string().nullable(),
    end: z.string().nullable(),
    roomUrl: z.string().nullable(),
    proposedBy: z.enum(['company', 'influencer']).nullable(),
    confirmedAt: z.string().nullable(),
  }),
  report: z
    .object({
      replayUrl: z.string(),
      startedAt: z.string(),
      endedAt: z.string(),
      views: z.number(),
      peakViewers: z.number(),
      orders: z.number(),
      gmvCents: centsOut('The GMV (gross merchandise value)'),
      screenshots: z.array(image),
      reportedAt: z.string(),
    })
    .nullable(),
  cancel: z.object({
    requestedBy: z.enum(['company', 'influencer']).nullable(),
    requestReason: z.string().nullable(),
    cancelledBy: z.string().nullable(),
    reason: z.string().nullable(),
    at: z.string().nullable(),
  }),
  confirmedAt: z.string().nullable(),
  autoConfirmed: z.boolean(),
  payoutBps: bpsOut('The share of the rate due to the influencer (10000 unless an admin decided otherwise)'),
  completedAt: z.string().nullable(),
  disputes: z.array(dealDispute),
  timeline: z.array(dealTimelineEntry),
  /** the two-way reviews after completion, as the viewer may see them (decision 0015) */
  reviews: dealReviews,
  createdAt: z.string(),
});
export type DealDetail = z.infer<typeof dealDetail>;

export const dealSummary = z.object({
  id: z.string().uuid(),
  taskId: z.string().uuid(),
  taskTitle: z.string(),
  status: z.enum(DEAL_STATES),
  rateCents: centsOut('Rate'),
  counterpart: z.object({ id: z.string().uuid(), name: z.string(), avatarUrl: z.string().nullable() }),
  waitingFor: z.enum(['company', 'influencer', 'both', 'admin']).nullable(),
  overdue: dealOverdueOut,
  scheduleStart: z.string().nullable(),
  updatedAt: z.string(),
});
export type DealSummary = z.infer<typeof dealSummary>;
export const dealListResponse = listOf(dealSummary);
export const dealListQuery = pageQuery(200, 200).extend({ status: z.enum(['active', 'closed', 'all']).default('all') });

/** 纠纷处理 (admin console): open disputes oldest first, or closed ones newest first */
export const adminDisputeQuery = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminDispute = z.object({
  id: z.string().uuid(),
  dealId: z.string().uuid(),
  taskTitle: z.string(),
  company: z.string(),
  influencer: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  openedBy: z.enum(['company', 'influencer']),
  openedAt: z.string(),
  answeredAt: z.string().nullable(),
  /** hours since it was opened (open) or that it took (closed), against the 24-hour promise */
  ageHours: z.number(),
  overdue: z.boolean(),
  outcome: z.enum(['open', 'withdrawn', 'completed', 'partial', 'cancelled']),
  closedAt: z.string().nullable(),
});
export type AdminDispute = z.infer<typeof adminDispute>;
export const adminDisputesResponse = listOf(adminDispute).extend({
  openCount: z.number(),
  overdueCount: z.number(),
});
export type AdminDisputesResponse = z.infer<typeof adminDisputesResponse>;
