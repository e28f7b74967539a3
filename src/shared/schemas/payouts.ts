/** Bank accounts and payouts (decision 0020). Amounts are integer cents; an account number never leaves the server. */
import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { TOPUP_MAX_CENTS } from '../money';
import { centsIn, centsOut, text } from './fields';

/** reversed: a Stripe transfer Stripe took back, its amount returned to the available balance (decision 0058) */
export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected', 'reversed'] as const;
/** bank: finance transfers it to a bank account; stripe: the job worker transfers it to the linked Stripe account (decision 0058) */
export const PAYOUT_METHODS = ['bank', 'stripe'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** bank accounts one user may keep at once */
export const BANK_ACCOUNTS_MAX = 5;

/** "6222 0212 3456 7890" → "6222021234567890": spaces and dashes as people write them are dropped */
export const normaliseAccountNumber = (v: string) => v.replace(/[\s-]/g, '');
export const ACCOUNT_NUMBER_RE = /^\d{6,34}$/;

export const bankAccountInput = z.object({
  holderName: text(60, { required: 'BANK_HOLDER_REQUIRED' }),
  bankName: text(60, { required: 'BANK_NAME_REQUIRED' }),
  accountNumber: z
    .string({ error: 'BANK_ACCOUNT_NUMBER_INVALID' })
    .max(60, { error: 'BANK_ACCOUNT_NUMBER_INVALID' })
    .transform(normaliseAccountNumber)
    .refine((v) => ACCOUNT_NUMBER_RE.test(v), { error: 'BANK_ACCOUNT_NUMBER_INVALID' }),
});
export type BankAccountInput = z.input<typeof bankAccountInput>;
export type BankAccountData = z.output<typeof bankAccountInput>;

/** what the owner (and finance) see: the last four digits only */
export const bankAccount = z.object({
  id: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  last4: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;
export const bankAccountsQuery = pageQuery(100, 100);
export const bankAccountsResponse = listOf(bankAccount);
export type BankAccountsResponse = z.infer<typeof bankAccountsResponse>;

/** A payout amount: a JSON integer of cents (USD); the minimum is a setting, checked by the server (decision 0053). */
const payoutCents = centsIn(
  1,
  TOPUP_MAX_CENTS,
  { invalid: 'MONEY_AMOUNT_INVALID' },
  'The amount to pay out to the bank account; at least the payout minimum (settings)',
);

export const payoutInput = z
  .object({
    amountCents: payoutCents,
    /** bank (the default): to `bankAccountId`; stripe: to the linked Stripe account, paid without finance (decision 0058) */
    destination: z.enum(PAYOUT_METHODS, { error: 'BAD_REQUEST' }).optional(),
    /** required for a bank payout */
    bankAccountId: z.string({ error: 'BANK_ACCOUNT_NOT_FOUND' }).uuid({ error: 'BANK_ACCOUNT_NOT_FOUND' }).optional(),
  })
  .refine((v) => v.destination === 'stripe' || v.bankAccountId !== undefined, { error: 'BANK_ACCOUNT_NOT_FOUND', path: ['bankAccountId'] });
export type PayoutInput = z.input<typeof payoutInput>;

export const payout = z.object({
  id: z.string(),
  amountCents: centsOut('Amount'),
  status: z.enum(PAYOUT_STATUSES),
  /** the 5th working day after the request (Asia/Shanghai), YYYY-MM-DD */
  expectedBy: z.string(),
  method: z.enum(PAYOUT_METHODS),
  /** the bank account of a bank payout; null for a Stripe payout */
  bank: bankAccount.pick({ bankName: true, holderName: true, last4: true }).nullable(),
  /** the connected account (acct_…) of a Stripe payout; null for a bank payout */
  stripeAccountId: z.string().nullable(),
  /** the bank's reference once paid; a Stripe payout's transfer (tr_…) */
  reference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payout>;

export const payoutsQuery = pageQuery(50, 50);
export const payoutsResponse = listOf(payout).extend({
  /** the smallest payout now (系统设置) */
  minCents: centsOut('Min'),
  /** a payout requested now arrives between these working days */
  expected: z.object({ earliest: z.string(), latest: z.string() }),
});
export type PayoutsResponse = z.infer<typeof payoutsResponse>;

// finance console
export const adminPayoutQuery = pageQuery(200, 200).extend({ status: z.enum(['requested', 'done']).default('requested') });
export const adminPayout = payout.extend({
  userId: z.string(),
  email: z.string(),
  userType: z.string(),
  /** the company's name or the influencer's nickname */
  name: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
/** what 财务's paid and reject answer: the payout as the list shows it now (decision 0056) */
export const adminPayoutAnswer = z.object({ payout: adminPayout });
export type AdminPayoutAnswer = z.infer<typeof adminPayoutAnswer>;
export type AdminPayout = z.infer<typeof adminPayout>;
export const adminPayoutsResponse = listOf(adminPayout);
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponse>;
export const markPaidBody = z.object({ reference: text(100, { required: 'PAYOUT_REFERENCE_REQUIRED' }) });
export const rejectPayoutBody = z.object({ reason: text(200, { required: 'PAYOUT_REJECT_REASON_REQUIRED' }) });

// Stripe Connect (decision 0058)
export const STRIPE_ACCOUNT_STATUSES = ['not_linked', 'onboarding', 'enabled'] as const;
export const stripeAccountView = z.object({
  /** whether this installation offers linking a Stripe account (STRIPE_SECRET_KEY configured) */
  offered: z.boolean(),
  /** not_linked; onboarding (created, Stripe does not pay out to it yet); enabled (payouts may go to it) */
  status: z.enum(STRIPE_ACCOUNT_STATUSES),
  /** the connected account, acct_… */
  accountId: z.string().nullable(),
});
export type StripeAccountView = z.infer<typeof stripeAccountView>;
export const stripeAccountLink = z.object({ url: z.string(), account: stripeAccountView });

/** POST /api/wallet/bank-accounts: the saved account */
export const bankAccountAnswer = z.object({ bankAccount });
/** POST /api/wallet/payouts: the requested payout */
export const payoutAnswer = z.object({ payout });
