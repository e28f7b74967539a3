/**
 * The agency hears every roster deal (decision 0060): a notification to an influencer about a deal made under an
 * agency (`deals.agency_id`, snapshotted when the deal was made, decision 0044) is copied to the agency's user, in
 * the same transaction as the influencer's. One place for every sender — the deal events, the timed jobs, an
 * application's acceptance — because they all record their notifications here (`addNotifications`).
 *
 * Which notifications: the types in AGENCY_FORWARDED_TYPES whose link is the deal's page (`/deal/{id}`), addressed
 * to that deal's influencer. The copy names the influencer (`forInfluencer`: its title reads 代 {influencer}：…) and
 * links to the deal with the acting context (`/deal/{id}?as={influencerId}`), so the agency lands in the deal room
 * acting for the influencer. It is a notification of the agency's user like any other: its bell, its live events and
 * its mail (per its own settings).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { AGENCY_FORWARDED_TYPES, FOR_INFLUENCER } from '../../../shared/notifications';
import { ACTING_PARAM } from '../../../shared/routes';
import type { DbOrTx } from '../../db/client';
import { agencies, deals, influencers } from '../../db/schema';
import type { NewNotification } from './service';

const DEAL_LINK = /^\/deal\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const forwarded = new Set<string>(AGENCY_FORWARDED_TYPES);

/** The agency's copies of the notifications in `list` (none when no deal in it was made under an agency). */
export async function agencyCopiesOf(tx: DbOrTx, list: readonly NewNotification[]): Promise<NewNotification[]> {
  const candidates = list.flatMap((n) => {
    const m = forwarded.has(n.type) && n.link ? DEAL_LINK.exec(n.link) : null;
    return m ? [{ n, dealId: m[1]!.toLowerCase() }] : [];
  });
  if (candidates.length === 0) return [];
  const rows = await tx
    .select({
      dealId: deals.id,
      influencerId: deals.influencerId,
      influencerUserId: influencers.userId,
      nickname: influencers.nickname,
      agencyUserId: agencies.userId,
    })
    .from(deals)
    .innerJoin(influencers, eq(influencers.id, deals.influencerId))
    .innerJoin(agencies, eq(agencies.id, deals.agencyId))
    .where(and(inArray(deals.id, [...new Set(candidates.map((c) => c.dealId))]), isNotNull(deals.agencyId)));
  if (rows.length === 0) return [];
  const byDeal = new Map(rows.map((r) => [r.dealId, r]));
  const copies: NewNotification[] = [];
  for (const { n, dealId } of candidates) {
    const r = byDeal.get(dealId);
    // only the influencer's own notification: the company's side of the deal is not the agency's
    if (!r || n.userId !== r.influencerUserId) continue;
    const params: Record<string, string | number> = { ...n.params, [FOR_INFLUENCER]: r.nickname };
    copies.push({
      ...n,
      params,
      userId: r.agencyUserId,
      link: `/deal/${r.dealId}?${ACTING_PARAM}=${r.influencerId}`,
    } as NewNotification);
  }
  return copies;
}
