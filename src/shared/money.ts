/**
 * Money on both sides (decision 0018): amounts are integer cents of US dollars, never floats.
 * Dollars typed by a person are parsed by string handling ("1,234.56" → 123456); cents are shown
 * by string handling too ($1,234.56).
 */

/** the ledger's accounts: world_* stand for money outside the platform and are the only ones that go below zero */
export const LEDGER_ACCOUNT_KINDS = [
  'company_available',
  'influencer_available',
  'influencer_pending',
  /** an agency's wallet (decision 0044): its share of its roster's settlements */
  'agency_available',
  'escrow',
  'prepaid_escrow',
  'deposits_held',
  'platform_fee_revenue',
  'payouts_in_transit',
  /** a company's Stripe top-up money asked back (decision 0057): held per refund request (ref) until Stripe confirms or it is returned */
  'refund_held',
  /** a company's money held for a chargeback on its Stripe top-up (decision 0057), per dispute (ref) until it closes */
  'dispute_held',
  'world_payments_in',
  /**
   * money at the payment provider (Stripe) for the platform (decision 0055): a Stripe top-up's gross amount comes
   * in here (negative: the provider holds it for us), its fee goes back out; the provider's payouts to the bank
   * (reconciliation, later) bring it back to zero
   */
  'world_provider_clearing',
  /** the fees the payment provider kept, borne by the platform, never by the company (decision 0055; a debit balance) */
  'world_provider_fees',
  'world_payouts_out',
  /**
   * what companies owe the platform for chargebacks lost after they had spent the money (decision 0057): negative
   * while owed; the company's next money in pays it back
   */
  'world_company_debts',
  /** where the demo seed's money comes from (decision 0032): it never leaves the platform */
  'world_demo',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const TOPUP_METHODS = ['sandbox', 'bank_transfer', 'stripe'] as const;
export type TopupMethod = (typeof TOPUP_METHODS)[number];
export const TOPUP_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

/** one top-up: $1.00 to $1,000,000.00 */
export const TOPUP_MIN_CENTS = 100;
export const TOPUP_MAX_CENTS = 100_000_000;

/** what a person may type: digits with optional thousands commas, at most two decimals */
const DOLLARS = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** "1,234.56" → 123456, "12" → 1200, "0.5" → 50; null for anything else (signs, exponents, three decimals, too long) */
export function parseDollars(input: string): number | null {
  const s = input.trim().replace(/^\$/, '').trim();
  if (s.length === 0 || s.length > 20 || !DOLLARS.test(s)) return null;
  const [whole, frac = ''] = s.replace(/,/g, '').split('.');
  const digits = `${whole}${frac.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return null; // far beyond any amount we take, and still exact as a number
  return Number(digits);
}

/**
 * A number a person typed in a dollar field (a number input's value: 1234.56) → integer cents by string handling
 * (decision 0053: the API takes cents, the forms show dollars): String(1234.56) is "1234.56" → 123456, never
 * 1234.56 × 100 (= 123456.00000000001). Null for a negative, non-finite or over-precise value (three decimals).
 */
export function dollarsInputToCents(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  return parseDollars(String(value));
}

/** integer cents → the number a dollar field shows: 123456 → 1234.56, 1200 → 12 (its decimal string is exact) */
export function centsToDollarsInput(cents: number): number {
  return Number(formatCents(cents).replace(/,/g, ''));
}

/** A percentage a person typed (12.5) → integer basis points (1250) by string handling; null beyond two decimals or below 0. */
export function percentInputToBps(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(String(value));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** integer basis points → the percentage a field shows: 1250 → 12.5 */
export const bpsToPercentInput = (bps: number): number => Number(formatCents(bps).replace(/,/g, ''));

/** 123456 → "1,234.56"; -50 → "-0.50" */
export function formatCents(cents: number, opts: { sign?: boolean } = {}): string {
  if (!Number.isSafeInteger(cents)) throw new Error('cents must be a safe integer');
  const neg = cents < 0;
  const s = String(Math.abs(cents)).padStart(3, '0');
  const whole = s.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = neg ? '-' : opts.sign && cents > 0 ? '+' : '';
  return `${sign}${whole}.${s.slice(-2)}`;
}

/** "$1,234.56" */
export const dollars = (cents: number, opts: { sign?: boolean } = {}) => {
  const f = formatCents(cents, opts);
  return f.startsWith('-') || f.startsWith('+') ? `${f[0]}$${f.slice(1)}` : `$${f}`;
};

// ---------------------------------------------------------------------------------------------
// pricing and settlement (decision 0022): pure integer arithmetic, shared by the server that moves
// the money and the deal page that explains it

/** how an influencer is paid for a task */
export const PRICING_MODELS = ['fixed', 'slot_commission', 'commission'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

/** `amount × bps / 10000`, rounded half up, exact for any safe integer amount (BigInt in between) */
export function applyBps(amountCents: number, bps: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || !Number.isInteger(bps) || bps < 0) throw new Error('applyBps: non-negative integers only');
  return Number((BigInt(amountCents) * BigInt(bps) + 5000n) / 10000n);
}

/** `amount × percent / 100`, rounded down (a share of an amount: the rest goes back) */
export function sharePercent(amountCents: number, percent: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || !Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new Error('sharePercent: bad input');
  return Number((BigInt(amountCents) * BigInt(percent)) / 100n);
}

/** the agency's cut of an influencer's net after the platform fee (decision 0044): whole percent, rounded down */
export const agencyCut = (netCents: number, percent: number | null | undefined) => (percent && netCents > 0 ? Math.floor((netCents * percent) / 100) : 0);

/**
 * What a share means on a fixed fee (decision 0062): the platform's fee first, then the agency's share of the rest,
 * the influencer keeps the remainder — the same arithmetic as a deal's settlement.
 */
export function agencyShareExample(feeCents: number, platformFeeBps: number, shareBps: number) {
  const platformCents = applyBps(feeCents, platformFeeBps);
  const agencyCents = agencyCut(feeCents - platformCents, shareBps / 100);
  return { feeCents, platformCents, agencyCents, influencerCents: feeCents - platformCents - agencyCents };
}

/** a percentage typed or stored with up to two decimals as basis points: 15 → 1500, 12.5 → 1250 */
export function percentToBps(percent: number): number {
  const s = percent.toFixed(2);
  const [whole, frac] = s.split('.');
  return Number(whole) * 100 + Number(frac);
}

/** 1250 → "12.5%", 1500 → "15%" */
export function formatBps(bps: number): string {
  const whole = Math.floor(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''}%`;
}

/** a dollar amount with at most two decimals (the spec's paid_amount, deposit_amount) as cents, by string handling */
export function dollarsToCents(amount: number): number {
  const cents = parseDollars(amount.toFixed(2));
  if (cents === null) throw new Error(`not a dollar amount: ${amount}`);
  return cents;
}

export type SettlementInput = {
  /** what the deal's escrow holds (the fixed or slot fee) */
  escrowCents: number;
  /** the share due to the influencer (100 unless an admin decided otherwise) */
  payoutPercent: number;
  platformFeeBps: number;
  commissionBps: number;
  /** the confirmed live report's GMV (null: no report) */
  gmvCents: number | null;
};
export type Settlement = {
  /** the influencer's part of the escrow, before the platform fee */
  feeShareCents: number;
  /** what goes back to the company from the escrow */
  refundCents: number;
  /** the commission charged to the company (its share applied) */
  commissionCents: number;
  /** the platform fee on the fee share, on the commission, and both */
  feeOnShareCents: number;
  feeOnCommissionCents: number;
  platformFeeCents: number;
  /** what the influencer receives: fee share + commission − platform fee */
  influencerNetCents: number;
  /** what the company pays in the end: the fee share (the rest of the escrow comes back) + the commission */
  companyPaysCents: number;
};

/** How a deal settles: the one computation the server posts and the deal page shows. */
export function computeSettlement(i: SettlementInput): Settlement {
  const feeShareCents = sharePercent(i.escrowCents, i.payoutPercent);
  const commissionCents = i.commissionBps > 0 && i.gmvCents ? sharePercent(applyBps(i.gmvCents, i.commissionBps), i.payoutPercent) : 0;
  const feeOnShare = applyBps(feeShareCents, i.platformFeeBps);
  const feeOnCommission = applyBps(commissionCents, i.platformFeeBps);
  return {
    feeShareCents,
    refundCents: i.escrowCents - feeShareCents,
    commissionCents,
    feeOnShareCents: feeOnShare,
    feeOnCommissionCents: feeOnCommission,
    platformFeeCents: feeOnShare + feeOnCommission,
    influencerNetCents: feeShareCents - feeOnShare + commissionCents - feeOnCommission,
    companyPaysCents: feeShareCents + commissionCents,
  };
}

/** A deal's settlement terms, the share aside: what computeSettlement is given besides payoutPercent. */
export type SettlementTerms = Omit<SettlementInput, 'payoutPercent'>;

/**
 * A dispute decision explained: the settlement as agreed (100 %) and at the decided share — both the fee
 * share and the commission on the GMV scale with it, and the platform fee with them. The same
 * computeSettlement the server settles with, so the admin's dialog (live, as the share is typed) and the
 * deal page of both sides show exactly what is posted. `percent` is a whole number from 0 to 100.
 */
export function decisionComparison(terms: SettlementTerms, percent: number): { before: Settlement; after: Settlement } {
  return { before: computeSettlement({ ...terms, payoutPercent: 100 }), after: computeSettlement({ ...terms, payoutPercent: percent }) };
}
