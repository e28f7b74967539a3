import { describe, expect, it } from 'vitest';
import {
  bpsToPercentInput,
  centsToDollarsInput,
  computeSettlement,
  decisionComparison,
  dollars,
  dollarsInputToCents,
  formatCents,
  parseDollars,
  percentInputToBps,
} from './money';

describe('dollars to cents by string handling', () => {
  it('parses what people type', () => {
    expect(parseDollars('1,234.56')).toBe(123456);
    expect(parseDollars('1234.56')).toBe(123456);
    expect(parseDollars(' $12 ')).toBe(1200);
    expect(parseDollars('0.5')).toBe(50);
    expect(parseDollars('0.07')).toBe(7);
    expect(parseDollars('100.10')).toBe(10010);
    expect(parseDollars('1,000,000')).toBe(100_000_000);
    // 0.1 + 0.2 style float traps do not exist here
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars('1.15')).toBe(115);
  });
  it('refuses everything else', () => {
    for (const bad of ['', ' ', '-1', '+1', '1e3', '1.234', '12,34', '1,2345', 'abc', '1.', '.5', 'NaN', 'Infinity', '1 000', '12345678901234567890']) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });
  it('formats cents', () => {
    expect(formatCents(123456)).toBe('1,234.56');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-50)).toBe('-0.50');
    expect(formatCents(100_000_000)).toBe('1,000,000.00');
    expect(dollars(123456)).toBe('$1,234.56');
    expect(dollars(-250)).toBe('-$2.50');
    expect(dollars(250, { sign: true })).toBe('+$2.50');
    expect(() => formatCents(1.5)).toThrow();
  });
});

describe('a dispute decision explained (computeSettlement at the decided share)', () => {
  // a $1,500.00 slot fee, 12.5 % commission on $20,000.37 sold, 10 % platform fee
  const terms = { escrowCents: 150_000, platformFeeBps: 1000, commissionBps: 1250, gmvCents: 2_000_037 };
  const asAgreed = {
    feeShareCents: 150_000,
    refundCents: 0,
    // 2,000,037 × 12.5 % = 250,004.625 → 250,005 (half up)
    commissionCents: 250_005,
    feeOnShareCents: 15_000,
    // 25,000.5 → 25,001
    feeOnCommissionCents: 25_001,
    platformFeeCents: 40_001,
    influencerNetCents: 360_004,
    companyPaysCents: 400_005,
  };

  it('100 %: the terms as agreed, before and after alike', () => {
    expect(computeSettlement({ ...terms, payoutPercent: 100 })).toEqual(asAgreed);
    expect(decisionComparison(terms, 100)).toEqual({ before: asAgreed, after: asAgreed });
  });

  it('37 %: the fee share and the commission are both scaled, the fee on each follows, the rest of the escrow goes back', () => {
    const { before, after } = decisionComparison(terms, 37);
    expect(before).toEqual(asAgreed);
    expect(after).toEqual({
      feeShareCents: 55_500, // 150,000 × 37 % (rounded down)
      refundCents: 94_500,
      commissionCents: 92_501, // 250,005 × 37 % = 92,501.85 → 92,501
      feeOnShareCents: 5_550,
      feeOnCommissionCents: 9_250, // 9,250.1 → 9,250
      platformFeeCents: 14_800,
      influencerNetCents: 133_201,
      companyPaysCents: 148_001,
    });
    // nothing is lost: the escrow is split, what the company pays is what the influencer and the platform get
    expect(after.feeShareCents + after.refundCents).toBe(terms.escrowCents);
    expect(after.influencerNetCents + after.platformFeeCents).toBe(after.companyPaysCents);
  });

  it('0 %: everything goes back, no commission, no fee', () => {
    expect(decisionComparison(terms, 0).after).toEqual({
      feeShareCents: 0,
      refundCents: 150_000,
      commissionCents: 0,
      feeOnShareCents: 0,
      feeOnCommissionCents: 0,
      platformFeeCents: 0,
      influencerNetCents: 0,
      companyPaysCents: 0,
    });
  });

  it('without a report there is no commission; a share that is not a whole percent from 0 to 100 is refused', () => {
    expect(decisionComparison({ ...terms, gmvCents: null }, 50).after.commissionCents).toBe(0);
    expect(() => decisionComparison(terms, 40.5)).toThrow();
    expect(() => decisionComparison(terms, 101)).toThrow();
    expect(() => decisionComparison(terms, -1)).toThrow();
  });
});

describe('form fields in dollars and percents, the API in cents and basis points (decision 0053)', () => {
  it('reads a typed dollar number as exact cents, never value × 100', () => {
    expect(19.99 * 100).not.toBe(1999); // the float trap the helper avoids
    expect(dollarsInputToCents(1234.56)).toBe(123456);
    expect(dollarsInputToCents(0.29)).toBe(29);
    expect(dollarsInputToCents(19.99)).toBe(1999);
    expect(dollarsInputToCents(12)).toBe(1200);
    expect(dollarsInputToCents(0)).toBe(0);
    expect(dollarsInputToCents(100_000_000)).toBe(10_000_000_000);
    expect(dollarsInputToCents(1.005)).toBeNull();
    expect(dollarsInputToCents(-1)).toBeNull();
    expect(dollarsInputToCents(Number.NaN)).toBeNull();
    expect(dollarsInputToCents(1e21)).toBeNull();
  });
  it('shows cents back in a dollar field and round-trips', () => {
    expect(centsToDollarsInput(123456)).toBe(1234.56);
    expect(centsToDollarsInput(1200)).toBe(12);
    expect(centsToDollarsInput(5)).toBe(0.05);
    for (const c of [0, 1, 29, 99, 1999, 123456, 10_000_000_000]) expect(dollarsInputToCents(centsToDollarsInput(c))).toBe(c);
  });
  it('reads a typed percentage as basis points and back', () => {
    expect(percentInputToBps(20)).toBe(2000);
    expect(percentInputToBps(12.5)).toBe(1250);
    expect(percentInputToBps(0.07)).toBe(7);
    expect(percentInputToBps(12.345)).toBeNull();
    expect(percentInputToBps(-1)).toBeNull();
    expect(bpsToPercentInput(1250)).toBe(12.5);
    expect(bpsToPercentInput(2000)).toBe(20);
  });
});
