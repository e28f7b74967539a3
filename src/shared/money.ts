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
  'escrow',
  'deposits_held',
  'platform_fee_revenue',
  'payouts_in_transit',
  'world_payments_in',
  'world_payouts_out',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const TOPUP_METHODS = ['sandbox', 'bank_transfer'] as const;
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
