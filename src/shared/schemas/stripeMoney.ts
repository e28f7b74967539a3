/** Stripe refunds and disputes (decision 0057). Amounts are integer cents (USD). */
import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { TOPUP_MAX_CENTS } from '../money';
import { centsIn, centsOut, text } from './fields';

export const STRIPE_REFUND_STATUSES = ['requested', 'approved', 'succeeded', 'failed', 'rejected'] as const;
export type StripeRefundStatus = (typeof STRIPE_REFUND_STATUSES)[number];
export const STRIPE_DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;

/** POST /api/wallet/topups/:id/refunds: how much of the top-up to return to the payment it came from */
export const refundInput = z.object({
  amountCents: centsIn(
    1,
    TOPUP_MAX_CENTS,
    { invalid: 'MONEY_AMOUNT_INVALID', tooLarge: 'REFUND_OVER_REFUNDABLE' },
    'The amount to return to the card or wallet it was paid with',
  ),
});
export type RefundInput = z.input<typeof refundInput>;

export const stripeRefund = z.object({
  id: z.string().uuid(),
  topupId: z.string().uuid(),
  amountCents: centsOut('Amount returned'),
  status: z.enum(STRIPE_REFUND_STATUSES),
  failureReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type StripeRefund = z.infer<typeof stripeRefund>;

/** a Stripe top-up that may still be returned, and how much: min(what is left of it, the available balance) */
export const refundableTopup = z.object({
  topupId: z.string().uuid(),
  amountCents: centsOut('The top-up'),
  leftCents: centsOut('What is left of it (not returned nor asked back)'),
  refundableCents: centsOut('What may be asked back now'),
  confirmedAt: z.string(),
  /** the last day Stripe takes the refund (the refund window) */
  refundableUntil: z.string(),
});
export type RefundableTopup = z.infer<typeof refundableTopup>;

export const walletRefundsQuery = pageQuery(50, 50);
export const walletRefundsResponse = listOf(stripeRefund);
export const refundableTopupsResponse = listOf(refundableTopup);
export const refundResponse = z.object({ refund: stripeRefund });

export const adminRefundQuery = pageQuery(200, 200).extend({ status: z.enum(['requested', 'done']).default('requested') });
export const adminRefund = stripeRefund.extend({
  userId: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  topupAmountCents: centsOut('The top-up'),
});
export type AdminRefund = z.infer<typeof adminRefund>;
export const adminRefundsResponse = listOf(adminRefund);
export const rejectRefundBody = z.object({ reason: text(200, { required: 'REFUND_REJECT_REASON_REQUIRED' }) });

export const adminStripeDisputeQuery = pageQuery(200, 200).extend({ status: z.enum(['open', 'closed']).default('open') });
export const adminStripeDispute = z.object({
  id: z.string().uuid(),
  /** Stripe's dispute id (dp_…), to open it in Stripe's dashboard */
  providerRef: z.string(),
  topupId: z.string().uuid(),
  userId: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  amountCents: centsOut('Disputed'),
  /** what the company had already spent: still owed */
  debtCents: centsOut('Still owed by the company'),
  reason: z.string().nullable(),
  status: z.enum(STRIPE_DISPUTE_STATUSES),
  stripeStatus: z.string(),
  /** Stripe's evidence_details.due_by */
  evidenceDueBy: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type AdminStripeDispute = z.infer<typeof adminStripeDispute>;
export const adminStripeDisputesResponse = listOf(adminStripeDispute);

// ---------------------------------------------------------------------------------------------
// the daily reconciliation with Stripe (issue 39 item 6; decision 0059)

export const RECONCILIATION_STATUSES = ['matched', 'differences', 'failed'] as const;
export const RECONCILIATION_DIFFERENCE_KINDS = ['missing_in_books', 'missing_at_provider', 'amount_mismatch'] as const;
export const RECONCILIATION_OBJECTS = ['topup', 'refund', 'dispute', 'payout', 'unknown'] as const;

/** a UTC day, YYYY-MM-DD */
export const reconciliationDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'RECONCILIATION_DAY_INVALID' })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'RECONCILIATION_DAY_INVALID',
  });
export const reconciliationParams = z.object({ day: reconciliationDay });

/** one day reconciled */
export const adminReconciliation = z.object({
  day: z.string(),
  status: z.enum(RECONCILIATION_STATUSES),
  /** balance transactions Stripe listed for the day */
  transactions: z.number().int(),
  matched: z.number().int(),
  /** movements the books do not follow by design (payouts to the platform's bank, Stripe's own billing) */
  outside: z.number().int(),
  differences: z.number().int(),
  providerNetCents: centsOut('What Stripe’s balance moved that day (net of fees)'),
  /** why Stripe could not be read (failed) */
  error: z.string().nullable(),
  /** the admin who ran it by hand; null: the daily job */
  ranByEmail: z.string().nullable(),
  ranAt: z.string(),
});
export type AdminReconciliation = z.infer<typeof adminReconciliation>;
export const adminReconciliationsQuery = pageQuery(30, 100);
export const adminReconciliationsResponse = listOf(adminReconciliation);

/** one difference between Stripe and the books */
export const adminReconciliationDifference = z.object({
  id: z.string().uuid(),
  kind: z.enum(RECONCILIATION_DIFFERENCE_KINDS),
  objectType: z.enum(RECONCILIATION_OBJECTS),
  objectId: z.string().uuid().nullable(),
  /** Stripe's balance transaction (txn_…) and the object it is about (ch_…, re_…, dp_…, tr_…) */
  transactionRef: z.string().nullable(),
  sourceRef: z.string().nullable(),
  providerCents: z.number().int().nullable().describe('What Stripe’s balance moved, in integer cents (USD); null: nothing'),
  bookCents: z.number().int().nullable().describe('What the books say it should have moved, in integer cents (USD); null: nothing'),
  note: z.string(),
});
export type AdminReconciliationDifference = z.infer<typeof adminReconciliationDifference>;
export const adminReconciliationDayQuery = pageQuery(100, 200);
/** a day's result and its differences, one page at a time */
export const adminReconciliationDayResponse = listOf(adminReconciliationDifference).extend({ reconciliation: adminReconciliation });
/** POST …/run: the day's new result */
export const adminReconciliationAnswer = z.object({ reconciliation: adminReconciliation });
export type AdminReconciliationAnswer = z.infer<typeof adminReconciliationAnswer>;
