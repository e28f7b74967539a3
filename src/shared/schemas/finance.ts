/** 财务 in the admin console: the books at a glance and the ledger search (issue 12). Amounts are integer cents. */
import { z } from 'zod';
import { LEDGER_ACCOUNT_KINDS } from '../money';
import { calendarDay, centsOut, dayRangeRule, queryInt, queryCursor } from './fields';

/** the kinds of journal entries the platform posts (the ledger search filters by one) */
export const LEDGER_ENTRY_KINDS = [
  'topup',
  'task_prepay',
  'task_prepay_refund',
  'deal_prepaid',
  'deal_fee',
  'deal_deposit',
  'deal_settle',
  'deal_commission',
  'deal_refund',
  'deposit_return',
  'deposit_awarded',
  'payout_request',
  'payout_paid',
  'payout_rejected',
  /** money the demo seed gives a demo account (world_demo → its wallet; decision 0032) */
  'demo_grant',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** how many days of revenue the overview shows: 7 to 90, 30 unless asked */
export const FINANCE_REVENUE_DAYS = { min: 7, max: 90, default: 30 } as const;
/** the ledger search's page: 1 to 100 entries, 30 unless asked */
export const FINANCE_ENTRIES_PAGE = { max: 100, default: 30 } as const;

export const financeOverviewQuery = z.object({ days: queryInt(FINANCE_REVENUE_DAYS.min, FINANCE_REVENUE_DAYS.max).optional() });

const cents = centsOut('An amount');
export const financeOverview = z.object({
  currency: z.literal('USD'),
  totals: z.object({
    companyWalletsCents: cents,
    influencerWalletsCents: cents,
    /** deals' escrow and tasks' prepayments */
    escrowHeldCents: cents,
    depositsHeldCents: cents,
    payoutsInTransitCents: cents,
    /** platform fee revenue to date */
    revenueCents: cents,
  }),
  pending: z.object({
    bankTransfers: z.object({ count: z.number().int(), amountCents: cents }),
    payouts: z.object({ count: z.number().int(), amountCents: cents }),
    commissionsDue: z.object({ count: z.number().int(), amountCents: cents }),
  }),
  /** platform fee revenue per Asia/Shanghai day, oldest first, every day present (0 when nothing was earned) */
  revenueByDay: z.array(z.object({ date: z.string(), cents })),
  /** the Shanghai day the figures end on */
  today: z.string(),
  computedAt: z.string(),
});
export type FinanceOverview = z.infer<typeof financeOverview>;

export const ledgerEntriesQuery = z
  .object({
    /** an idempotency key, a memo, or an owner's email, company name or nickname (part of it) */
    q: z.string({ error: 'BAD_REQUEST' }).trim().max(100, { error: 'BAD_REQUEST' }).optional(),
    kind: z.enum(LEDGER_ENTRY_KINDS, { error: 'BAD_REQUEST' }).optional(),
    /** Shanghai days, both included */
    from: calendarDay().optional(),
    to: calendarDay().optional(),
    /** keyset cursor (`nextBefore` of the previous page): the entries posted before this one */
    before: queryCursor().optional(),
    limit: queryInt(1, FINANCE_ENTRIES_PAGE.max).optional(),
  })
  .superRefine(dayRangeRule());
export type LedgerEntriesQuery = z.input<typeof ledgerEntriesQuery>;

export const ledgerEntryLine = z.object({
  accountKind: z.enum(LEDGER_ACCOUNT_KINDS),
  /** the owner's user id, company name or influencer nickname, and email; null for the platform's own accounts */
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  /** what a per-item account holds money for: the deal or the task */
  refId: z.string().nullable(),
  amountCents: cents,
});
export type LedgerEntryLine = z.infer<typeof ledgerEntryLine>;

export const ledgerEntry = z.object({
  id: z.string(),
  /** the cursor of this entry (its first line's id): posting order */
  seq: z.number().int(),
  kind: z.string(),
  memo: z.string(),
  idempotencyKey: z.string(),
  createdAt: z.string(),
  lines: z.array(ledgerEntryLine),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledgerEntriesResponse = z.object({ items: z.array(ledgerEntry), nextBefore: z.number().int().nullable() });
export type LedgerEntriesResponse = z.infer<typeof ledgerEntriesResponse>;
