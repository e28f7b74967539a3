/**
 * An agency and its influencer acting on the same deal at once (decision 0045): the agency (through the on-behalf
 * resolver) and the influencer both confirm the company's proposed schedule. The deal row lock and the conditional
 * update let exactly one through; the other gets DEAL_STATE_CONFLICT, and the rows are those of a serial order.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency, makeCompany, makeDeal, makeInfluencer, makeTask } from '../../db/factories';
import { agencyMemberships, dealEvents, deals, taskApplications } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { AuthUser } from '../../platform/session';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, raceRounds, type RaceOp } from '../../test/race';
import { fireDealEvent } from '../deals';
import { resolveOnBehalf } from './onBehalf';

const { rounds: ROUNDS, parallel: PARALLEL, onPostgres } = raceRounds();
const H = 3600_000;

let t: TestApp;
let ctx: AppContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = t.app.ctx;
});
afterAll(async () => {
  await t?.close();
});

type World = { dealId: string; influencerId: string; influencer: AuthUser; agency: AuthUser };

async function make(): Promise<World> {
  const now = ctx.clock.now();
  const co = await makeCompany(ctx.db);
  const inf = await makeInfluencer(ctx.db, { isApproved: true });
  const ag = await makeAgency(ctx.db);
  await ctx.db
    .insert(agencyMemberships)
    .values({ agencyId: ag.agency.id, influencerId: inf.influencer.id, sharePercent: 20, status: 'active', startedAt: now });
  const task = await makeTask(ctx.db, { companyId: co.company.id, status: 'in_progress' });
  const [app] = await ctx.db
    .insert(taskApplications)
    .values({ taskId: task.id, influencerId: inf.influencer.id, proposedRateCents: 100_000, status: 'accepted' })
    .returning();
  const start = new Date(now.getTime() + 48 * H);
  const deal = await makeDeal(ctx.db, {
    task,
    applicationId: app.id,
    influencerId: inf.influencer.id,
    rateCents: 100_000,
    status: 'schedule_proposed',
    scheduleStart: start,
    scheduleEnd: new Date(start.getTime() + 2 * H),
    roomUrl: 'https://live.douyin.com/1',
    scheduleProposedBy: 'company',
    agencyId: ag.agency.id,
    agencySharePercent: 20,
  });
  return {
    dealId: deal.id,
    influencerId: inf.influencer.id,
    influencer: { id: inf.user.id, email: inf.user.email, userType: 'influencer', sessionId: '' },
    agency: { id: ag.user.id, email: ag.user.email, userType: 'agency', sessionId: '' },
  };
}

async function snapshot(w: World) {
  const [d] = await ctx.db.select({ status: deals.status, version: deals.version }).from(deals).where(eq(deals.id, w.dealId));
  const confirms = await ctx.db
    .select({ by: dealEvents.onBehalfAgencyId })
    .from(dealEvents)
    .where(and(eq(dealEvents.dealId, w.dealId), eq(dealEvents.event, 'confirm_schedule')));
  return { status: d.status, version: d.version, confirms: confirms.map((c) => (c.by ? 'agency' : 'influencer')) };
}

const byAgency: RaceOp<World> = {
  name: 'the agency confirms for the influencer',
  run: async (w) =>
    fireDealEvent(ctx, await resolveOnBehalf(ctx, w.agency, w.influencerId, 'deal', { id: w.dealId }), w.dealId, 'confirm_schedule', {}, { ip: '127.0.0.1' }),
};
const byInfluencer: RaceOp<World> = {
  name: 'the influencer confirms',
  run: (w) => fireDealEvent(ctx, w.influencer, w.dealId, 'confirm_schedule', {}, { ip: '127.0.0.1' }),
};

describe(`an agency and its influencer confirm the schedule at once (${ROUNDS} rounds${onPostgres ? ', PostgreSQL' : ', PGlite'})`, () => {
  it('one confirms, the other gets the state conflict; one timeline entry', async () => {
    const r = await raceAgainstSerial(
      {
        make,
        snapshot,
        violations: (s) => [
          ...(s.status === 'scheduled' ? [] : [`status ${s.status}`]),
          ...(s.version === 2 ? [] : [`version ${s.version}`]),
          ...(s.confirms.length === 1 ? [] : [`${s.confirms.length} confirmations`]),
        ],
      },
      byAgency,
      byInfluencer,
      { rounds: ROUNDS, parallel: PARALLEL },
    );
    expect(r.illegal).toEqual([]);
    // both orders are legal: whoever came first confirmed, the other was refused
    expect(r.legal.some((l) => l.includes('"agency"'))).toBe(true);
    expect(r.legal.some((l) => l.includes('"influencer"'))).toBe(true);
  }, 600_000);
});
