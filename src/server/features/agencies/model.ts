/** Open deals per (agency, influencer) pair, in one query: `${agencyId}:${influencerId}` → count (absent: 0). */
export async function openAgencyDealsOf(db: DbOrTx, pairs: { agencyId: string; influencerId: string }[]): Promise<Map<string, number>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .select({ agencyId: deals.agencyId, influencerId: deals.influencerId, n: sql<number>`count(*)::int` })
    .from(deals)
    .where(
      and(
        inArray(deals.agencyId, [...new Set(pairs.map((p) => p.agencyId))]),
        inArray(deals.influencerId, [...new Set(pairs.map((p) => p.influencerId))]),
        notInArray(deals.status, FINISHED_DEALS),
      ),
    )
    .groupBy(deals.agencyId, deals.influencerId);
  return new Map(rows.map((r) => [`${r.agencyId}:${r.influencerId}`, r.n]));
}

/**
 * Agencies (MCN 机构, decision 0044): the agency row, who may act as an approved agency, and the one question the
 * rest of the product asks — which agency, at which share, an influencer belongs to now
 * (`activeRosterMembership`). Deals snapshot its answer when they are created; acting on behalf (next slice)
 * asks it before every action.
 */
import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { shanghaiDay } from '../../../shared/workingDays';
import type { DbOrTx } from '../../db/client';
import { agencies, agencyMemberships, deals, influencers, users } from '../../db/schema';
import { AppError } from '../../platform/errors';

export type AgencyRow = typeof agencies.$inferSelect;
export type MembershipRow = typeof agencyMemberships.$inferSelect;

/** deal states after which a deal is finished (nothing more is paid) */
const FINISHED_DEALS = ['completed', 'cancelled'];

export async function agencyOfUser(db: DbOrTx, userId: string): Promise<AgencyRow | null> {
  const [row] = await db.select().from(agencies).where(eq(agencies.userId, userId)).limit(1);
  return row ?? null;
}

/** The signed-in agency, approved (403 AGENCY_NOT_APPROVED while it waits for review or was rejected). */
export async function requireApprovedAgency(db: DbOrTx, userId: string): Promise<AgencyRow> {
  const row = await agencyOfUser(db, userId);
  if (!row) throw new AppError('AGENCY_NOT_FOUND');
  if (row.status !== 'approved') throw new AppError('AGENCY_NOT_APPROVED');
  return row;
}

/**
 * The membership in force for the influencer now: active, its end date (if any) not passed (Shanghai day),
 * its agency approved and not suspended. Null = the influencer acts and earns alone. An ending membership is
 * not in force: new deals from the end request on are the influencer's alone.
 */
export async function activeRosterMembership(
  db: DbOrTx,
  influencerId: string,
  now: Date,
): Promise<{ id: string; agencyId: string; agencyUserId: string; sharePercent: number } | null> {
  const today = shanghaiDay(now);
  const [row] = await db
    .select({ id: agencyMemberships.id, agencyId: agencyMemberships.agencyId, agencyUserId: agencies.userId, sharePercent: agencyMemberships.sharePercent })
    .from(agencyMemberships)
    .innerJoin(agencies, eq(agencies.id, agencyMemberships.agencyId))
    .innerJoin(users, eq(users.id, agencies.userId))
    .where(
      and(
        eq(agencyMemberships.influencerId, influencerId),
        eq(agencyMemberships.status, 'active'),
        sql`(${agencyMemberships.endsOn} is null or ${agencyMemberships.endsOn} >= ${today}::date)`,
        eq(agencies.status, 'approved'),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Deals made under an agency for an influencer that are not finished yet. */
export async function openAgencyDeals(db: DbOrTx, agencyId: string, influencerId: string, exceptDealId?: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deals)
    .where(
      and(
        eq(deals.agencyId, agencyId),
        eq(deals.influencerId, influencerId),
        notInArray(deals.status, FINISHED_DEALS),
        exceptDealId ? ne(deals.id, exceptDealId) : undefined,
      ),
    );
  return r.n;
}

/**
 * Finishes the influencer's ending memberships (and active ones whose end date passed) once the deals made under
 * them are finished: status ended. Called when a membership is ended, before a new one is accepted, and when a
 * deal of the influencer finishes (settled or cancelled), inside that transaction (`finishingDealId`: that deal,
 * whose row still shows its state before the event).
 */
export async function closeFinishedMemberships(tx: DbOrTx, influencerId: string, now: Date, finishingDealId?: string): Promise<void> {
  const today = shanghaiDay(now);
  // the influencer row, as the accept and the end take it: a deal finishing while its membership is being ended
  // waits for that end and then sees it (READ COMMITTED reads anew per statement), so the membership ends here;
  // without the lock, each side saw the other's state before it and the membership stayed ending for good
  await tx.select({ id: influencers.id }).from(influencers).where(eq(influencers.id, influencerId)).for('no key update');
  // an end date that passed ends the membership like a request would
  await tx
    .update(agencyMemberships)
    .set({ status: 'ending', endRequestedAt: now, endRequestedBy: 'expiry' })
    .where(and(eq(agencyMemberships.influencerId, influencerId), eq(agencyMemberships.status, 'active'), sql`${agencyMemberships.endsOn} < ${today}::date`));
  const ending = await tx
    .select({ id: agencyMemberships.id, agencyId: agencyMemberships.agencyId })
    .from(agencyMemberships)
    .where(and(eq(agencyMemberships.influencerId, influencerId), eq(agencyMemberships.status, 'ending')));
  const done: string[] = [];
  for (const m of ending) {
    if ((await openAgencyDeals(tx, m.agencyId, influencerId, finishingDealId)) === 0) done.push(m.id);
  }
  if (done.length) {
    await tx
      .update(agencyMemberships)
      .set({ status: 'ended', endedAt: now })
      .where(and(inArray(agencyMemberships.id, done), eq(agencyMemberships.status, 'ending')));
  }
}

/** the user of an agency (its account), null when the agency is gone */
export async function agencyUserOf(db: DbOrTx, agencyId: string): Promise<string | null> {
  const [r] = await db.select({ userId: agencies.userId }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return r?.userId ?? null;
}
