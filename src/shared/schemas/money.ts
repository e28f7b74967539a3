/** Wallets, top-ups and the finance console (decision 0018). Amounts are integer cents. */
import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { LEDGER_ACCOUNT_KINDS, TOPUP_MAX_CENTS, TOPUP_METHODS, TOPUP_MIN_CENTS, TOPUP_STATUSES } from '../money';
import { centsIn, centsOut, queryCursor, queryInt, text } from './fields';

/** A top-up amount: a JSON integer of cents (USD), $1.00 to $1,000,000.00 (decision 0053: never dollars, never a fraction). */
export const topupCentsField = centsIn(
  TOPUP_MIN_CENTS,
  TOPUP_MAX_CENTS,
  { invalid: 'MONEY_AMOUNT_INVALID', tooSmall: 'MONEY_AMOUNT_RANGE', tooLarge: 'MONEY_AMOUNT_RANGE' },
  'The amount to add to the wallet',
);

export const topupInput = z.object({
  amountCents: topupCentsField,
  method: z.enum(TOPUP_METHODS, { error: 'TOPUP_METHOD_INVALID' }),
});
export type TopupInput = z.input<typeof topupInput>;

export const topup = z.object({
  id: z.string(),
  amountCents: centsOut('Amount'),
  method: z.enum(TOPUP_METHODS),
  status: z.enum(TOPUP_STATUSES),
  /** bank transfers: the code to write on the transfer */
  bankReference: z.string().nullable(),
  /** sandbox payments: the (test) checkout page to pay on; Stripe: its Checkout page (the same as checkoutUrl) while pending */
  redirectUrl: z.string().nullable(),
  /** Stripe (decision 0055): the Checkout Session's page the company pays on, while pending */
  checkoutUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type Topup = z.infer<typeof topup>;
export const topupsQuery = pageQuery(50, 50);
export const topupsResponse = listOf(topup);
export type TopupsResponse = z.infer<typeof topupsResponse>;
export const topupResponse = z.object({ topup });

/** which methods this installation offers (decision 0055): Stripe when configured, the sandbox outside production, bank transfer always */
export const topupMethodsResponse = z.object({ methods: z.array(z.enum(TOPUP_METHODS)) });
export type TopupMethodsResponse = z.infer<typeof topupMethodsResponse>;

export const statementLine = z.object({
  id: z.number(),
  /** the journal entry (its receipt: GET /api/wallet/receipts/:entryId) */
  entryId: z.string().uuid(),
  at: z.string(),
  kind: z.string(),
  memo: z.string(),
  amountCents: centsOut('Amount'),
  balanceAfterCents: centsOut('Balance after'),
  /** the deal the movement belongs to (a fee, a settlement, an agency share, a deposit), named; null otherwise */
  deal: z.object({ id: z.string().uuid(), taskTitle: z.string(), influencerName: z.string() }).nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

/** one movement as its receipt (收据): the whole entry, the reader's side marked, what it was for */
export const receipt = z.object({
  entryId: z.string().uuid(),
  kind: z.string(),
  at: z.string(),
  /** what the movement did to the reader's own accounts (+ in, − out) */
  myAmountCents: centsOut('My amount'),
  lines: z.array(z.object({ accountKind: z.enum(LEDGER_ACCOUNT_KINDS), mine: z.boolean(), amountCents: centsOut('Amount') })),
  deal: z.object({ id: z.string().uuid(), title: z.string() }).nullable(),
  task: z.object({ id: z.string().uuid(), title: z.string() }).nullable(),
  /** a bank transfer's reference code, a payout's bank reference */
  reference: z.string().nullable(),
});
export type Receipt = z.infer<typeof receipt>;

export const walletQuery = z.object({
  /** keyset cursor: the statement continues with lines older than this one */
  before: queryCursor().optional(),
  limit: queryInt(1, 100).optional(),
});

export const walletResponse = z.object({
  currency: z.literal('USD'),
  availableCents: centsOut('Available'),
  pendingCents: centsOut('Pending'),
  escrowCents: centsOut('Escrow'),
  /** companies: deal commissions left unpaid at settlement (publishing waits until they are paid) */
  dueCommissions: z.array(z.object({ dealId: z.string().uuid(), taskTitle: z.string(), amountCents: centsOut('Amount') })),
  /** what the company owes for chargebacks it had already spent (decision 0057): its next money in pays it first */
  chargebackDebtCents: centsOut('Owed for chargebacks'),
  statement: z.object({ items: z.array(statementLine), nextBefore: z.number().nullable() }),
});
export type WalletResponse = z.infer<typeof walletResponse>;

/** the sandbox provider's notification (POST /api/payments/webhook/sandbox), signed in the X-Sandbox-Signature header */
export const sandboxWebhookBody = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['checkout.succeeded', 'checkout.failed']),
  providerRef: z.string().min(1).max(100),
  amountCents: centsOut('Amount').positive(),
});
export type SandboxWebhookBody = z.infer<typeof sandboxWebhookBody>;

export const sandboxPayBody = z.object({ outcome: z.enum(['succeeded', 'failed']).default('succeeded') });

// finance console
export const adminTopupQuery = pageQuery(200, 200).extend({ status: z.enum(['pending', 'done']).default('pending') });
export const adminTopup = topup.extend({
  userId: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type AdminTopup = z.infer<typeof adminTopup>;
export const adminTopupsResponse = listOf(adminTopup);
/** what 财务's confirm and reject answer: the transfer as the list shows it now (decision 0056) */
export const adminTopupAnswer = z.object({ topup: adminTopup });
export type AdminTopupAnswer = z.infer<typeof adminTopupAnswer>;
export type AdminTopupsResponse = z.infer<typeof adminTopupsResponse>;
export const rejectTopupBody = z.object({ reason: text(200, { required: 'TOPUP_REJECT_REASON_REQUIRED' }) });

/** a top-up: POST /api/wallet/topups, GET /api/wallet/topups/{id} */
export const topupAnswer = z.object({ topup });
/** POST /api/wallet/commissions/pay: how many due commissions were paid now, and how many are still due */
export const commissionPayment = z.object({ paid: z.number().int(), remaining: z.number().int() });
/** the sandbox provider's answer to its (development) payment: whether it had been paid already */
export const sandboxPayResult = z.object({ ok: z.literal(true), duplicate: z.boolean() });
