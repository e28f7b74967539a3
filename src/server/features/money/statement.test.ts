/**
 * The statement names what a line was for (issue 40, item 4): a line that belongs to a deal carries the deal, its
 * task and its influencer, on the page and in the CSV, for each party; a line of no deal carries null.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, influencers } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { makeReportedDeal } from '../../test/moneyDeal';

const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
});
afterAll(async () => {
  await t?.close();
});

type Line = { kind: string; amountCents: number; deal: { id: string; taskTitle: string; influencerName: string } | null };

describe('the statement names the deal a line belongs to', () => {
  it('the influencer’s settlement and the company’s fee name the task and the influencer; a top-up names none; the CSV too', async () => {
    const db = t.app.ctx.db;
    const deal = await makeReportedDeal(db, clock.now(), { feeCents: 100_000 });
    const co = await signedIn(t.app, deal.company.email);
    expect((await co.post(`/api/deals/${deal.dealId}/events/confirm`, {})).statusCode).toBe(200);
    const [d] = await db
      .select({ title: deals.taskTitle, nickname: influencers.nickname })
      .from(deals)
      .innerJoin(influencers, eq(influencers.id, deals.influencerId))
      .where(eq(deals.id, deal.dealId));
    const named = { id: deal.dealId, taskTitle: d.title, influencerName: d.nickname };

    const inf = await signedIn(t.app, deal.influencer.email);
    const infLines = (await inf.get('/api/wallet')).json().statement.items as Line[];
    expect(infLines.length).toBeGreaterThan(0);
    for (const l of infLines) expect(l.deal, l.kind).toEqual(named);

    const coLines = (await co.get('/api/wallet')).json().statement.items as Line[];
    const withDeal = coLines.filter((l) => l.deal !== null);
    const without = coLines.filter((l) => l.deal === null);
    expect(withDeal.length).toBeGreaterThan(0);
    for (const l of withDeal) expect(l.deal).toEqual(named);
    expect(without.map((l) => l.kind)).toContain('topup');

    const csv = (await inf.get('/api/wallet/statement.csv')).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('date,type,memo,amount_cents,balance_cents,task,influencer,deal_id');
    for (const row of csv.slice(1)) expect(row.endsWith(`,${d.title},${d.nickname},${deal.dealId}`), row).toBe(true);
  });
});
