/**
 * A partial dispute decision scales the commission on the GMV as well as the fee (computeSettlement), and both
 * sides are shown it (decision 0030): the deal detail carries the settlement terms the admin's dialog previews
 * with, and after the decision the settlement as agreed and as decided — the same for the company and the
 * influencer, and exactly what the ledger moved.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionComparison } from '../../../shared/money';
import type { DealDetail } from '../../../shared/schemas/deals';
import { makeAdmin } from '../../db/factories';
import { ledgerAccounts } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { makeReportedDeal } from '../../test/moneyDeal';
import { balanceOf } from '../money';

const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

/** the platform's fee revenue (this file's first test is the first to settle anything) */
const revenue = async () =>
  (
    await t.app.ctx.db
      .select({ b: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'platform_fee_revenue'), isNull(ledgerAccounts.ownerId)))
  )[0]?.b ?? 0;

// $1,500.00 slot fee, 12.5 % commission, $20,000.37 sold, 10 % platform fee
const TERMS = { escrowCents: 150_000, platformFeeBps: 1000, commissionBps: 1250, gmvCents: 2_000_037 };

describe('a dispute decided at 37 %', () => {
  it('the deal detail carries the computation both sides see, and it is what the ledger moved', async () => {
    const db = t.app.ctx.db;
    const deal = await makeReportedDeal(db, clock.now(), { feeCents: 150_000, commissionBps: 1250, gmvCents: 2_000_037, companyExtraCents: 300_000 });
    const company = await signedIn(t.app, deal.company.email);
    const influencer = await signedIn(t.app, deal.influencer.email);
    const admin = await signedIn(t.app, (await makeAdmin(db, { permissions: ['task_management'] })).email);
    const get = async (c: typeof company) => (await c.get(`/api/deals/${deal.dealId}`)).json() as DealDetail;
    const fire = (c: typeof company, event: string, body: unknown) => c.post(`/api/deals/${deal.dealId}/events/${event}`, body);

    expect((await fire(company, 'dispute', { reason: 'report_untrue', statement: '成交额与后台不符' })).statusCode).toBe(200);
    // what the admin's dialog previews from: the terms, the same for every viewer; nothing decided yet
    const open = await get(admin);
    expect(open.money.terms).toEqual(TERMS);
    expect(open.money.decision).toBeNull();
    expect((await get(company)).money.terms).toEqual(TERMS);

    const walletBefore = await balanceOf(db, 'company_available', deal.company.id);
    expect((await fire(admin, 'resolve_partial', { reason: '按实际成交结算', payoutBps: 3700 })).statusCode).toBe(200);

    const seenByCompany = await get(company);
    const seenByInfluencer = await get(influencer);
    expect(seenByCompany.status).toBe('completed');
    const expected = { payoutBps: 3700, ...decisionComparison(TERMS, 37) };
    expect(seenByCompany.money.decision).toEqual(expected);
    expect(seenByInfluencer.money.decision).toEqual(expected);
    expect((await get(admin)).money.decision).toEqual(expected);
    // the commission is scaled too: 37 % of $25,000.05
    expect(expected.after.commissionCents).toBe(92_501);
    expect(expected.before.commissionCents).toBe(250_005);

    // and it is what was posted: the influencer got the decided net, the platform its fee, the company its
    // refund less the commission
    const after = expected.after;
    expect(await balanceOf(db, 'influencer_available', deal.influencer.id)).toBe(after.influencerNetCents);
    expect(await revenue()).toBe(after.platformFeeCents);
    expect(await balanceOf(db, 'company_available', deal.company.id)).toBe(walletBefore + after.refundCents - after.commissionCents);
    expect(seenByCompany.money).toMatchObject({ commissionCents: after.commissionCents, commissionStatus: 'paid', settledGrossCents: after.companyPaysCents });
  });

  it('decided at 0 % (cancelled by the decision): everything back, shown against the terms as agreed', async () => {
    const db = t.app.ctx.db;
    const deal = await makeReportedDeal(db, clock.now(), { feeCents: 150_000, commissionBps: 1250, gmvCents: 2_000_037 });
    const company = await signedIn(t.app, deal.company.email);
    const influencer = await signedIn(t.app, deal.influencer.email);
    const admin = await signedIn(t.app, (await makeAdmin(db, { permissions: ['task_management'] })).email);
    expect((await influencer.post(`/api/deals/${deal.dealId}/events/dispute`, { reason: 'payment_terms', statement: '企业要求追加场次' })).statusCode).toBe(
      200,
    );
    expect((await admin.post(`/api/deals/${deal.dealId}/events/resolve_cancel`, { reason: '双方未能履约' })).statusCode).toBe(200);
    const seen = (await (await company.get(`/api/deals/${deal.dealId}`)).json()) as DealDetail;
    expect(seen.status).toBe('cancelled');
    expect(seen.money.decision).toEqual({ payoutBps: 0, ...decisionComparison(TERMS, 0) });
    expect(seen.money.decision?.after).toMatchObject({ refundCents: 150_000, commissionCents: 0, influencerNetCents: 0 });
    expect(await balanceOf(db, 'influencer_available', deal.influencer.id)).toBe(0);
  });

  it('a deal completed as agreed has no decision to explain', async () => {
    const db = t.app.ctx.db;
    const deal = await makeReportedDeal(db, clock.now(), { feeCents: 80_000 });
    const company = await signedIn(t.app, deal.company.email);
    expect((await company.post(`/api/deals/${deal.dealId}/events/confirm`, {})).statusCode).toBe(200);
    const seen = (await (await company.get(`/api/deals/${deal.dealId}`)).json()) as DealDetail;
    expect(seen.status).toBe('completed');
    expect(seen.money.decision).toBeNull();
    expect(seen.money.terms).toEqual({ escrowCents: 80_000, platformFeeBps: 1000, commissionBps: 0, gmvCents: 10_000 });
  });
});
