/**
 * The roster under concurrency (decision 0044): two agencies' invitations accepted by one influencer at once
 * (one wins: at most one current membership, the unique partial index and the influencer row lock), and an
 * accept meeting another agency's new invitation (never a pending invitation beside a membership). Each round
 * must end as one of the two serial orders. The agency's change or withdrawal of a pending invitation meeting the
 * influencer's accept of the share she read (decision 0062): never a membership at a share she did not confirm.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency, makeInfluencer } from '../../db/factories';
import { agencyInvitations, agencyMemberships } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, raceRounds, type RaceOp } from '../../test/race';
import { changeRosterInvitation, withdrawRosterInvitation } from './invitationChanges';
import { answerRosterInvitation, inviteToRoster } from './roster';

const { rounds: ROUNDS, parallel: PARALLEL, onPostgres } = raceRounds();

let t: TestApp;
let ctx: AppContext;
const ag = {} as Record<'A' | 'B', { userId: string; id: string }>;

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.app.ctx;
  for (const l of ['A', 'B'] as const) {
    const made = await makeAgency(ctx.db, { name: l, user: { passwordHash: 'not-a-real-hash' } });
    ag[l] = { userId: made.user.id, id: made.agency.id };
  }
});
afterAll(async () => {
  await t?.close();
});

type World = { influencerId: string; userId: string; inv: Partial<Record<'A' | 'B', string>> };

async function makeWorld(): Promise<World> {
  const made = await makeInfluencer(ctx.db, { isApproved: true, user: { passwordHash: 'not-a-real-hash' } });
  const w: World = { influencerId: made.influencer.id, userId: made.user.id, inv: {} };
  w.inv.A = (await inviteToRoster(ctx, ag.A.userId, { influencerId: w.influencerId, shareBps: 2000 })).id;
  return w;
}

async function snapshot(w: World) {
  const m = await ctx.db.select().from(agencyMemberships).where(eq(agencyMemberships.influencerId, w.influencerId));
  const i = await ctx.db.select().from(agencyInvitations).where(eq(agencyInvitations.influencerId, w.influencerId));
  const name = (id: string) => (id === ag.A.id ? 'A' : 'B');
  return {
    memberships: m.map((r) => `${name(r.agencyId)}:${r.status}:${r.sharePercent}`).sort(),
    invitations: i.map((r) => `${name(r.agencyId)}:${r.status}`).sort(),
  };
}
type Snap = Awaited<ReturnType<typeof snapshot>>;

function violations(s: Snap): string[] {
  const out: string[] = [];
  const current = s.memberships.filter((m) => !m.endsWith(':ended'));
  if (current.length > 1) out.push(`two current memberships: ${current.join(', ')}`);
  if (current.length > 0 && s.invitations.some((i) => i.endsWith(':pending'))) out.push('a pending invitation beside a membership');
  return out;
}

type Op = RaceOp<World>;
const accept = (l: 'A' | 'B'): Op => ({
  name: `accept ${l}`,
  run: (w) => answerRosterInvitation(ctx, w.userId, w.inv[l]!, 'accept'),
});
const inviteB: Op = { name: 'B invites', run: (w) => inviteToRoster(ctx, ag.B.userId, { influencerId: w.influencerId, shareBps: 3000 }) };

/** the influencer accepts the 20 % she read */
const acceptRead: Op = { name: 'accept at 20 %', run: (w) => answerRosterInvitation(ctx, w.userId, w.inv.A!, 'accept', { shareBps: 2000 }) };
const change: Op = { name: 'A changes to 30 %', run: (w) => changeRosterInvitation(ctx, ag.A.userId, w.inv.A!, { shareBps: 3000 }) };
const withdraw: Op = { name: 'A withdraws', run: (w) => withdrawRosterInvitation(ctx, ag.A.userId, w.inv.A!) };
/** a membership is only ever at the share the influencer confirmed */
const confirmedOnly = (s: Snap) => [
  ...violations(s),
  ...s.memberships.filter((m) => !m.endsWith(':20')).map((m) => `a membership at a share not confirmed: ${m}`),
];

describe(`the roster under concurrency (${ROUNDS} rounds${onPostgres ? ', PostgreSQL' : ', PGlite'})`, () => {
  it('two agencies’ invitations accepted at once: one wins', async () => {
    const world = {
      make: async () => {
        const w = await makeWorld();
        w.inv.B = (await inviteToRoster(ctx, ag.B.userId, { influencerId: w.influencerId, shareBps: 3000 })).id;
        return w;
      },
      snapshot,
      violations,
    };
    const r = await raceAgainstSerial(world, accept('A'), accept('B'), { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
  }, 600_000);

  it('the agency changes the share while the influencer accepts the share she read', async () => {
    const r = await raceAgainstSerial({ make: makeWorld, snapshot, violations: confirmedOnly }, acceptRead, change, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
  }, 600_000);

  it('the agency withdraws while the influencer accepts', async () => {
    const r = await raceAgainstSerial({ make: makeWorld, snapshot, violations }, acceptRead, withdraw, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
  }, 600_000);

  it('an accept meets another agency’s new invitation', async () => {
    const world = { make: makeWorld, snapshot, violations };
    const r = await raceAgainstSerial(world, accept('A'), inviteB, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
  }, 600_000);
});
