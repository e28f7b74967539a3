/**
 * Ending a membership during a settlement (decision 0044): the company confirms a deal made under the membership
 * while the influencer ends it. Either order ends the same way — the agency paid its share of that deal, the
 * membership ended — and the books balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency } from '../../db/factories';
import { and, eq } from 'drizzle-orm';
import { agencyMemberships, deals, ledgerAccounts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { createTestApp, type TestApp } from '../../test/harness';
import { makeReportedDeal, type ReportedDeal } from '../../test/moneyDeal';
import { raceAgainstSerial, raceRounds, type RaceOp } from '../../test/race';
import { fireDealEvent } from '../deals';
import { checkLedger } from '../money';
import { endByInfluencer } from './roster';

const { rounds: ROUNDS, parallel: PARALLEL, onPostgres } = raceRounds();

let t: TestApp;
let ctx: AppContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = t.app.ctx;
});
afterAll(async () => {
  if (t) expect(await checkLedger(ctx.db)).toEqual([]);
  await t?.close();
});

type World = ReportedDeal & { agencyUserId: string; influencerId: string };

async function make(): Promise<World> {
  const ag = await makeAgency(ctx.db, { user: { passwordHash: 'not-a-real-hash' } });
  const d = await makeReportedDeal(ctx.db, ctx.clock.now(), { feeCents: 100_001, agency: { id: ag.agency.id, sharePercent: 30 } });
  const [row] = await ctx.db.select({ influencerId: deals.influencerId }).from(deals).where(eq(deals.id, d.dealId));
  await ctx.db
    .insert(agencyMemberships)
    .values({ agencyId: ag.agency.id, influencerId: row.influencerId, sharePercent: 30, status: 'active', startedAt: ctx.clock.now() });
  return { ...d, agencyUserId: ag.user.id, influencerId: row.influencerId };
}

async function snapshot(w: World) {
  const [m] = await ctx.db.select().from(agencyMemberships).where(eq(agencyMemberships.influencerId, w.influencerId));
  const balance = async (ownerId: string, kind: 'agency_available' | 'influencer_available') =>
    (
      await ctx.db
        .select({ b: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.ownerId, ownerId), eq(ledgerAccounts.kind, kind)))
    )[0]?.b ?? 0;
  return {
    membership: m.status,
    agency: await balance(w.agencyUserId, 'agency_available'),
    influencer: await balance(w.influencer.id, 'influencer_available'),
  };
}

const confirm: RaceOp<World> = { name: 'company confirms', run: (w) => fireDealEvent(ctx, w.company, w.dealId, 'confirm', {}, { ip: '127.0.0.1' }) };
const end: RaceOp<World> = { name: 'influencer ends', run: (w) => endByInfluencer(ctx, w.influencer.id) };

describe(`ending a membership during a settlement (${ROUNDS} rounds${onPostgres ? ', PostgreSQL' : ', PGlite'})`, () => {
  it('ends as one of the serial orders: the share paid, the membership ended', async () => {
    const r = await raceAgainstSerial(
      {
        make,
        snapshot,
        violations: (s) => [
          ...(s.membership === 'ended' ? [] : [`membership ${s.membership}`]),
          // fee 100,001 less 10 % (10,000) = 90,001; the agency floor(27,000.3) = 27,000
          ...(s.agency === 27_000 ? [] : [`agency ${s.agency}`]),
          ...(s.influencer === 63_001 ? [] : [`influencer ${s.influencer}`]),
        ],
      },
      confirm,
      end,
      { rounds: ROUNDS, parallel: PARALLEL },
    );
    expect(r.illegal).toEqual([]);
  }, 600_000);
});
