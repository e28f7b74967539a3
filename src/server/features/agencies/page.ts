/**
 * The public agency page (GET /api/agencies/{id}, /agency/{id}): an approved agency whose account is not
 * suspended, and its current roster — only the influencers the directory would show this viewer, masked as the
 * directory masks them (features/people/cards.ts decides).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AgencyPageResponse, AgencyPublic } from '../../../shared/schemas/agencies';
import type { DbOrTx } from '../../db/client';
import { agencies, agencyMemberships, influencers, users, userSettings } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { cardColumns, LISTED, toCard, visibleTo, type Viewer } from '../people/cards';
import type { AgencyRow } from './model';

export const toAgencyPublic = (a: AgencyRow): AgencyPublic => ({
  id: a.id,
  name: a.name,
  description: a.description,
  logoUrl: a.logoUrl,
  city: a.city,
  createdAt: a.createdAt.toISOString(),
});

/** The agency /agency/{id} shows: approved, its account neither suspended nor deleted (joined with `users`). */
const shownAgency = (id: string) => and(eq(agencies.id, id), eq(agencies.status, 'approved'), isNull(users.suspendedAt), isNull(users.deletedAt));

/** Whether /agency/{id} shows an agency (the page status, seo/status.ts), by the page's own rule. */
export async function agencyPageShown(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: agencies.id }).from(agencies).innerJoin(users, eq(users.id, agencies.userId)).where(shownAgency(id)).limit(1);
  return Boolean(row);
}

export async function getAgencyPage(db: DbOrTx, id: string, viewer: Viewer): Promise<AgencyPageResponse> {
  const [row] = await db.select({ a: agencies }).from(agencies).innerJoin(users, eq(users.id, agencies.userId)).where(shownAgency(id)).limit(1);
  if (!row) throw new AppError('AGENCY_NOT_FOUND');
  const current = and(eq(agencyMemberships.agencyId, id), sql`${agencyMemberships.status} in ('active','ending')`);
  const [roster, [{ n }]] = await Promise.all([
    db
      .select(cardColumns)
      .from(agencyMemberships)
      .innerJoin(influencers, eq(influencers.id, agencyMemberships.influencerId))
      .leftJoin(userSettings, eq(userSettings.userId, influencers.userId))
      .where(and(current, LISTED, visibleTo(viewer)))
      .orderBy(desc(influencers.rating), influencers.id)
      .limit(100),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(agencyMemberships)
      .where(current),
  ]);
  return { agency: toAgencyPublic(row.a), roster: roster.map((r) => toCard(r, viewer)), rosterCount: n };
}

/** 签约机构 on an influencer's page: the approved agency of its current membership, or null. */
export async function agencyBadgeOf(db: DbOrTx, influencerId: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name, logoUrl: agencies.logoUrl })
    .from(agencyMemberships)
    .innerJoin(agencies, eq(agencies.id, agencyMemberships.agencyId))
    .innerJoin(users, eq(users.id, agencies.userId))
    .where(
      and(eq(agencyMemberships.influencerId, influencerId), eq(agencyMemberships.status, 'active'), eq(agencies.status, 'approved'), isNull(users.suspendedAt)),
    )
    .limit(1);
  return row ?? null;
}
