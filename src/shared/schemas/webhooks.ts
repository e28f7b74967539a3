/**
 * Signed webhooks of the open platform (decision 0042): the event types an endpoint may subscribe to, the `data`
 * of each event (listed in the API document under `webhooks`), the endpoints and their deliveries as the API
 * answers them. The delivery body is `{id, type, createdAt, data}`, signed in the `webhook-signature` header.
 */
import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { bpsOut, centsOut, text } from './fields';
import { DEAL_EVENT_NAMES, DEAL_STATES, DISPUTE_REASONS, type DealEvent } from '../deals';
import { APPLICATION_STATUSES } from '../options';
import { PRICING_MODELS } from '../money';

/** Every event type an endpoint can subscribe to, in the order the developer page lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'application.created',
  'application.withdrawn',
  'invitation.accepted',
  'invitation.declined',
  'deal.created',
  'deal.state_changed',
  'deal.report_submitted',
  'deal.completed',
  'dispute.opened',
  'dispute.decided',
  'settlement.posted',
  'payout.paid',
  'topup.succeeded',
  'task.filled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
/** the test event an owner sends by hand; always delivered, never subscribed to */
export const WEBHOOK_PING = 'ping' as const;
/** what a delivery carries: an event type or the test event */
export const WEBHOOK_DELIVERY_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_PING] as const;

/** endpoints one account may have */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** the previous secret still signs this long after a rotation (hours) */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** a failing endpoint is disabled after this long (hours), its owner mailed */
export const WEBHOOK_GIVE_UP_HOURS = 72;
/** the start of every signing secret (Standard Webhooks); the rest is 32 random bytes in base64 (base64url before decision 0051) */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

// ------------------------------------------------------------------------------------------------
// event data: ids to fetch the full resource with the API, and the facts of the change

export const applicationEventData = z.object({
  applicationId: z.string(),
  taskId: z.string(),
  influencerId: z.string(),
  /** the proposed rate, integer cents (0 for a commission-only task) */
  proposedRateCents: centsOut('The influencer’s quote'),
  status: z.enum(APPLICATION_STATUSES),
});
export const invitationEventData = z.object({
  invitationId: z.string(),
  taskId: z.string(),
  influencerId: z.string(),
  /** the deal the acceptance started (accepted only) */
  dealId: z.string().nullable(),
  /** the influencer's reason (declined only) */
  reason: z.string().nullable(),
});
export const dealCreatedEventData = z.object({
  dealId: z.string(),
  taskId: z.string(),
  companyId: z.string(),
  influencerId: z.string(),
  status: z.enum(DEAL_STATES),
  pricingModel: z.enum(PRICING_MODELS),
  /** the agreed fee, cents */
  feeCents: centsOut('Fee'),
  depositCents: centsOut('Deposit'),
});
export const dealStateChangedEventData = z.object({
  dealId: z.string(),
  taskId: z.string(),
  /** the deal event that moved it (src/shared/deals.ts), e.g. `confirm_schedule` */
  event: z.enum(DEAL_EVENT_NAMES as [DealEvent, ...DealEvent[]]),
  from: z.enum(DEAL_STATES),
  to: z.enum(DEAL_STATES),
});
export const dealEventData = z.object({ dealId: z.string(), taskId: z.string() });
export const disputeOpenedEventData = z.object({
  dealId: z.string(),
  taskId: z.string(),
  disputeId: z.string(),
  openedBy: z.enum(['company', 'influencer']),
  reason: z.enum(DISPUTE_REASONS),
});
export const disputeDecidedEventData = z.object({
  dealId: z.string(),
  taskId: z.string(),
  outcome: z.enum(['completed', 'partial', 'cancelled']),
  /** the share of the fee paid to the influencer (cancelled: 0) */
  payoutBps: bpsOut('The share of the fee paid to the influencer (cancelled: 0)'),
  reason: z.string(),
});
export const settlementPostedEventData = z.object({
  dealId: z.string(),
  taskId: z.string(),
  /** what the settlement paid out in total, cents (fee share and paid commission) */
  grossCents: centsOut('Gross'),
  commissionCents: centsOut('Commission').nullable(),
  commissionStatus: z.enum(['none', 'due', 'paid']),
  settledAt: z.string(),
});
export const payoutPaidEventData = z.object({ payoutId: z.string(), amountCents: centsOut('Amount'), reference: z.string() });
export const topupSucceededEventData = z.object({ topupId: z.string(), amountCents: centsOut('Amount'), method: z.string() });
export const taskFilledEventData = z.object({ taskId: z.string(), slots: z.number().int() });
export const pingEventData = z.object({ endpointId: z.string(), message: z.string() });

/** The data schema of each event type (the API document's `webhooks` names them). */
export const WEBHOOK_EVENT_DATA = {
  'application.created': applicationEventData,
  'application.withdrawn': applicationEventData,
  'invitation.accepted': invitationEventData,
  'invitation.declined': invitationEventData,
  'deal.created': dealCreatedEventData,
  'deal.state_changed': dealStateChangedEventData,
  'deal.report_submitted': dealEventData,
  'deal.completed': dealEventData,
  'dispute.opened': disputeOpenedEventData,
  'dispute.decided': disputeDecidedEventData,
  'settlement.posted': settlementPostedEventData,
  'payout.paid': payoutPaidEventData,
  'topup.succeeded': topupSucceededEventData,
  'task.filled': taskFilledEventData,
} as const satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>;

// ------------------------------------------------------------------------------------------------
// endpoints and deliveries

export const webhookEndpointCreateInput = z.object({
  /** https://…; http only to this machine outside production; checked by the server (WEBHOOK_URL_INVALID, WEBHOOK_URL_FORBIDDEN) */
  url: text(2000, { required: 'WEBHOOK_URL_INVALID' }),
  description: text(200).optional(),
  eventTypes: z
    .array(webhookEventType, { error: 'WEBHOOK_EVENTS_REQUIRED' })
    .min(1, { error: 'WEBHOOK_EVENTS_REQUIRED' })
    .max(WEBHOOK_EVENT_TYPES.length, { error: 'WEBHOOK_EVENTS_REQUIRED' })
    .transform((s) => [...new Set(s)]),
});
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateInput>;

export const webhookEndpointUpdateInput = z.object({
  url: text(2000, { required: 'WEBHOOK_URL_INVALID' }).optional(),
  description: text(200).optional(),
  eventTypes: webhookEndpointCreateInput.shape.eventTypes.optional(),
  /** true turns a disabled endpoint on again (its waiting deliveries resume); false turns it off */
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdateInput = z.input<typeof webhookEndpointUpdateInput>;

export const WEBHOOK_ENDPOINT_STATES = ['active', 'disabled'] as const;
/** why an endpoint is disabled: by its owner, by failing for 3 days, by an admin */
export const WEBHOOK_DISABLED_REASONS = ['owner', 'failing', 'admin'] as const;

/** An endpoint as listed: never its secret. */
export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(webhookEventType),
  state: z.enum(WEBHOOK_ENDPOINT_STATES),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  /** failing since (the first failure after the last success), if it is */
  failingSince: z.string().nullable(),
  /** the previous secret still signs until then (a rotation's overlap) */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** an account's endpoints: at most `max`, so one page */
export const webhookEndpointsQuery = pageQuery(100, 100);
export const webhookEndpointsResponse = listOf(webhookEndpoint).extend({ max: z.number(), eventTypes: z.array(webhookEventType) });
export type WebhookEndpointsResponse = z.infer<typeof webhookEndpointsResponse>;

/** creating or rotating: the only time the signing secret is ever sent */
export const webhookEndpointSecretResponse = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookEndpointSecretResponse = z.infer<typeof webhookEndpointSecretResponse>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  /** the event type, or `ping` (the test event) */
  type: z.enum(WEBHOOK_DELIVERY_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** why the last attempt failed (timeout, refused address, …); never the receiver's body */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveriesQuery = pageQuery(50, 50);
export const webhookDeliveriesResponse = listOf(webhookDelivery);
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponse>;

/** an endpoint after a change */
export const webhookEndpointAnswer = z.object({ endpoint: webhookEndpoint });
/** a delivery just queued (a test event, a resend) */
export const webhookDeliveryAnswer = z.object({ delivery: webhookDelivery });
