/**
 * The roster (签约达人, decision 0044): an approved agency invites an influencer (by id or the account's e-mail)
 * at a share of 0–70 % with an optional end date; the influencer accepts or declines; either side ends it. At
 * most one current (active or ending) membership per influencer: the accept locks the influencer row and the
 * unique partial index agency_memberships_one_current decides any race that gets past it. Every change is one
 * transaction with its notifications, mail and audit row.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AgencyInvitation, Membership, MyAgencyResponse, RosterInvitationRequest, RosterResponse } from '../../../shared/schemas/agencies';
import { shanghaiDay } from '../../../shared/workingDays';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { agencies, agencyInvitations, agencyMemberships, influencers, userProfiles, users } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { addNotifications } from '../notifications';
import { scheduleMembershipExpiry } from './jobs';
import { agencyOfUser, closeFinishedMemberships, openAgencyDealsOf, requireApprovedAgency } from './model';
import { toAgencyPublic } from './page';

const agencyRef = { id: agencies.id, name: agencies.name, logoUrl: agencies.logoUrl };
const influencerRef = { id: influencers.id, nickname: influencers.nickname, avatarUrl: influencers.avatarUrl };

async function invitationsWhere(db: DbOrTx, where: SQL | undefined, limit = 100): Promise<AgencyInvitation[]> {
  const rows = await db
    .select({ i: agencyInvitations, agency: agencyRef, influencer: influencerRef })
    .from(agencyInvitations)
    .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
    .innerJoin(influencers, eq(influencers.id, agencyInvitations.influencerId))
    .where(where)
    .orderBy(desc(agencyInvitations.createdAt), desc(agencyInvitations.id))
    .limit(limit);
  return rows.map(({ i, agency, influencer }) => ({
    id: i.id,
    agency,
    influencer,
    shareBps: i.sharePercent * 100,
    endsOn: i.endsOn,
    status: i.status as AgencyInvitation['status'],
    createdAt: i.createdAt.toISOString(),
    answeredAt: i.answeredAt?.toISOString() ?? null,
  }));
}

/** one invitation as the API shows it (after a change) */
export async function invitationById(db: DbOrTx, id: string): Promise<AgencyInvitation> {
  const [inv] = await invitationsWhere(db, eq(agencyInvitations.id, id), 1);
  if (!inv) throw new AppError('AGENCY_INVITATION_NOT_FOUND');
  return inv;
}

async function membershipsWhere(db: DbOrTx, where: SQL | undefined, limit = 200): Promise<Membership[]> {
  const rows = await db
    .select({ m: agencyMemberships, agency: agencyRef, influencer: influencerRef })
    .from(agencyMemberships)
    .innerJoin(agencies, eq(agencies.id, agencyMemberships.agencyId))
    .innerJoin(influencers, eq(influencers.id, agencyMemberships.influencerId))
    .where(where)
    .orderBy(desc(agencyMemberships.startedAt), desc(agencyMemberships.id))
    .limit(limit);
  // one count for all listed memberships (not one query per row)
  const open = await openAgencyDealsOf(
    db,
    rows.filter(({ m }) => m.status !== 'ended').map(({ m }) => ({ agencyId: m.agencyId, influencerId: m.influencerId })),
  );
  return rows.map(({ m, agency, influencer }) => ({
    id: m.id,
    agency,
    influencer,
    shareBps: m.sharePercent * 100,
    endsOn: m.endsOn,
    status: m.status as Membership['status'],
    startedAt: m.startedAt.toISOString(),
    endRequestedAt: m.endRequestedAt?.toISOString() ?? null,
    endRequestedBy: (m.endRequestedBy as Membership['endRequestedBy']) ?? null,
    endedAt: m.endedAt?.toISOString() ?? null,
    openDeals: m.status === 'ended' ? 0 : (open.get(`${m.agencyId}:${m.influencerId}`) ?? 0),
  }));
}

/** GET /api/agency/roster: the agency's own page data (also while it waits for review). */
export async function getRoster(db: DbOrTx, agencyUserId: string): Promise<RosterResponse> {
  const a = await agencyOfUser(db, agencyUserId);
  if (!a) throw new AppError('AGENCY_NOT_FOUND');
  return rosterOf(db, a.id);
}

/** an agency's roster, for the agency itself and for admins (用户管理) */
export async function rosterOf(db: DbOrTx, agencyId: string): Promise<RosterResponse> {
  const [a] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!a) throw new AppError('AGENCY_NOT_FOUND');
  const [current, history, invitations] = await Promise.all([
    membershipsWhere(db, and(eq(agencyMemberships.agencyId, a.id), inArray(agencyMemberships.status, ['active', 'ending']))),
    membershipsWhere(db, and(eq(agencyMemberships.agencyId, a.id), eq(agencyMemberships.status, 'ended'))),
    invitationsWhere(db, eq(agencyInvitations.agencyId, a.id)),
  ]);
  return {
    agency: { ...toAgencyPublic(a), status: a.status as RosterResponse['agency']['status'], rejectionReason: a.rejectionReason },
    current,
    invitations,
    history,
  };
}

async function influencerOfUser(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: influencers.id, nickname: influencers.nickname }).from(influencers).where(eq(influencers.userId, userId)).limit(1);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return row;
}

/** GET /api/me/agency-invitations: the influencer's invitations (pending first by date), current agency, history. */
export async function getMyAgency(db: DbOrTx, influencerUserId: string, platformFeeBps: number): Promise<MyAgencyResponse> {
  const inf = await influencerOfUser(db, influencerUserId);
  const [invitations, current, history] = await Promise.all([
    invitationsWhere(db, eq(agencyInvitations.influencerId, inf.id)),
    membershipsWhere(db, and(eq(agencyMemberships.influencerId, inf.id), inArray(agencyMemberships.status, ['active', 'ending'])), 1),
    membershipsWhere(db, and(eq(agencyMemberships.influencerId, inf.id), eq(agencyMemberships.status, 'ended'))),
  ]);
  return { platformFeeBps, invitations, current: current[0] ?? null, history };
}

/** POST /api/agency/roster-invitations */
export async function inviteToRoster(ctx: AppContext, agencyUserId: string, body: RosterInvitationRequest): Promise<AgencyInvitation> {
  const now = ctx.clock.now();
  if (body.endsOn && body.endsOn <= shanghaiDay(now)) throw new AppError('AGENCY_END_DATE_PAST', undefined, { endsOn: 'AGENCY_END_DATE_PAST' });
  const id = await ctx.db
    .transaction(async (tx) => {
      const agency = await requireApprovedAgency(tx, agencyUserId);
      const [inf] = await tx
        .select({ id: influencers.id, userId: influencers.userId, nickname: influencers.nickname })
        .from(influencers)
        .innerJoin(users, eq(users.id, influencers.userId))
        .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(
          and(
            body.influencerId ? eq(influencers.id, body.influencerId) : sql`lower(${users.email}) = ${body.email ?? ''}`,
            eq(userProfiles.userType, 'influencer'),
            isNull(users.suspendedAt),
            isNull(users.deletedAt),
          ),
        )
        .limit(1);
      if (!inf) throw new AppError('AGENCY_INFLUENCER_NOT_FOUND');
      // the influencer row, as an accept takes it: an invitation never slips in beside a concurrent accept
      await tx.select({ id: influencers.id }).from(influencers).where(eq(influencers.id, inf.id)).for('no key update');
      const [current] = await tx
        .select({ id: agencyMemberships.id })
        .from(agencyMemberships)
        .where(and(eq(agencyMemberships.influencerId, inf.id), inArray(agencyMemberships.status, ['active', 'ending'])))
        .limit(1);
      if (current) throw new AppError('AGENCY_ALREADY_MEMBER');
      const [inv] = await tx
        .insert(agencyInvitations)
        .values({ agencyId: agency.id, influencerId: inf.id, sharePercent: body.shareBps / 100, endsOn: body.endsOn ?? null, createdAt: now })
        .returning({ id: agencyInvitations.id });
      await audit(tx, {
        adminId: null,
        action: 'agency_roster_invite',
        description: `机构邀请达人签约：${agency.name} → ${inf.nickname}（${body.shareBps / 100}%）`,
        targetType: 'agency',
        targetId: agency.id,
        after: { influencerId: inf.id, sharePercent: body.shareBps / 100, endsOn: body.endsOn ?? null },
      });
      await addNotifications(
        tx,
        [{ userId: inf.userId, type: 'agency_invitation_received', params: { agency: agency.name, share: body.shareBps / 100 }, link: '/profile' }],
        { mail: true },
      );
      return inv.id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('AGENCY_INVITATION_PENDING');
      throw err;
    });
  return invitationById(ctx.db, id);
}

/**
 * POST /api/agency-invitations/{id}/accept|decline (the invited influencer; anyone else 404). Accepting locks the
 * influencer row first, closes a finished earlier membership, refuses while another is current, and withdraws the
 * influencer's other pending invitations.
 */
export async function answerRosterInvitation(
  ctx: AppContext,
  influencerUserId: string,
  id: string,
  answer: 'accept' | 'decline',
  confirmed: { shareBps?: number } = {},
): Promise<AgencyInvitation> {
  await ctx.db
    .transaction(async (tx) => {
      const [inf] = await tx
        .select({ id: influencers.id, nickname: influencers.nickname })
        .from(influencers)
        .where(eq(influencers.userId, influencerUserId))
        .for('no key update');
      if (!inf) throw new AppError('AGENCY_INVITATION_NOT_FOUND');
      const [inv] = await tx
        .select({ i: agencyInvitations, agencyName: agencies.name, agencyUserId: agencies.userId, agencyStatus: agencies.status })
        .from(agencyInvitations)
        .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
        .where(and(eq(agencyInvitations.id, id), eq(agencyInvitations.influencerId, inf.id)))
        // as the agency's withdraw and change take it (invitationChanges.ts): the share accepted is the one read here
        .for('update', { of: agencyInvitations });
      if (!inv) throw new AppError('AGENCY_INVITATION_NOT_FOUND');
      const now = ctx.clock.now();
      if (answer === 'accept') {
        if (inv.agencyStatus !== 'approved') throw new AppError('AGENCY_NOT_APPROVED');
        await closeFinishedMemberships(tx, inf.id, now);
        const [current] = await tx
          .select({ id: agencyMemberships.id })
          .from(agencyMemberships)
          .where(and(eq(agencyMemberships.influencerId, inf.id), inArray(agencyMemberships.status, ['active', 'ending'])))
          .limit(1);
        if (current) throw new AppError('AGENCY_ALREADY_MEMBER');
      }
      if (inv.i.status !== 'pending') throw new AppError('AGENCY_INVITATION_ANSWERED');
      // the share the influencer read and confirmed: the agency changed it since
      if (answer === 'accept' && confirmed.shareBps !== undefined && confirmed.shareBps !== inv.i.sharePercent * 100)
        throw new AppError('AGENCY_INVITATION_CHANGED');
      const [changed] = await tx
        .update(agencyInvitations)
        .set({ status: answer === 'accept' ? 'accepted' : 'declined', answeredAt: now })
        .where(and(eq(agencyInvitations.id, id), eq(agencyInvitations.status, 'pending')))
        .returning({ id: agencyInvitations.id });
      if (!changed) throw new AppError('AGENCY_INVITATION_ANSWERED');
      if (answer === 'accept') {
        const [joined] = await tx
          .insert(agencyMemberships)
          .values({
            agencyId: inv.i.agencyId,
            influencerId: inf.id,
            invitationId: inv.i.id,
            sharePercent: inv.i.sharePercent,
            endsOn: inv.i.endsOn,
            status: 'active',
            startedAt: now,
          })
          .returning({ id: agencyMemberships.id });
        if (inv.i.endsOn) await scheduleMembershipExpiry(tx, joined!.id, inv.i.endsOn);
        await tx
          .update(agencyInvitations)
          .set({ status: 'withdrawn', answeredAt: now })
          .where(and(eq(agencyInvitations.influencerId, inf.id), eq(agencyInvitations.status, 'pending')));
      }
      await audit(tx, {
        adminId: null,
        action: answer === 'accept' ? 'agency_roster_join' : 'agency_roster_decline',
        description: `${answer === 'accept' ? '达人接受签约' : '达人拒绝签约'}：${inf.nickname} → ${inv.agencyName}（${inv.i.sharePercent}%）`,
        targetType: 'agency',
        targetId: inv.i.agencyId,
        after: { influencerId: inf.id, invitationId: id, sharePercent: inv.i.sharePercent },
      });
      await addNotifications(
        tx,
        [
          answer === 'accept'
            ? { userId: inv.agencyUserId, type: 'agency_invitation_accepted', params: { influencer: inf.nickname, share: inv.i.sharePercent }, link: '/agency' }
            : { userId: inv.agencyUserId, type: 'agency_invitation_declined', params: { influencer: inf.nickname }, link: '/agency' },
        ],
        { mail: true },
      );
    })
    .catch((err: unknown) => {
      // two agencies' invitations accepted at the same moment: the unique partial index lets one through
      if (isUniqueViolation(err)) throw new AppError('AGENCY_ALREADY_MEMBER');
      throw err;
    });
  ctx.publicCache.invalidate('influencers');
  return invitationById(ctx.db, id);
}

/**
 * Ending (POST /api/agency/roster/{influencerId}/end by the agency, POST /api/me/agency/end by the influencer):
 * the membership stops being in force at once — new deals are the influencer's alone — and ends (status ended)
 * when the deals made under it are finished; without open deals, at once.
 */
async function endMembership(ctx: AppContext, find: (tx: DbOrTx) => Promise<{ id: string; influencerId: string } | null>, by: 'agency' | 'influencer') {
  const membershipId = await ctx.db.transaction(async (tx) => {
    const found = await find(tx);
    if (!found) throw new AppError('AGENCY_MEMBERSHIP_NOT_FOUND');
    // the influencer row first, as the accept takes it
    await tx.select({ id: influencers.id }).from(influencers).where(eq(influencers.id, found.influencerId)).for('no key update');
    const now = ctx.clock.now();
    const [m] = await tx
      .update(agencyMemberships)
      .set({ status: 'ending', endRequestedAt: now, endRequestedBy: by })
      .where(and(eq(agencyMemberships.id, found.id), eq(agencyMemberships.status, 'active')))
      .returning();
    if (!m) throw new AppError('AGENCY_MEMBERSHIP_NOT_FOUND');
    await closeFinishedMemberships(tx, m.influencerId, now);
    const [names] = await tx
      .select({ agency: agencies.name, agencyUserId: agencies.userId, influencer: influencers.nickname, influencerUserId: influencers.userId })
      .from(agencies)
      .innerJoin(influencers, eq(influencers.id, m.influencerId))
      .where(eq(agencies.id, m.agencyId));
    await audit(tx, {
      adminId: null,
      action: 'agency_roster_end',
      description: `签约结束（${by === 'agency' ? '机构' : '达人'}发起）：${names.influencer} ← ${names.agency}`,
      targetType: 'agency',
      targetId: m.agencyId,
      before: { status: 'active' },
      after: { status: 'ending', by, influencerId: m.influencerId },
    });
    const params = { agency: names.agency, influencer: names.influencer };
    await addNotifications(
      tx,
      [
        { userId: names.agencyUserId, type: 'agency_membership_ending', params, link: '/agency' },
        { userId: names.influencerUserId, type: 'agency_membership_ending', params, link: '/profile' },
      ],
      { mail: true },
    );
    return m.id;
  });
  ctx.publicCache.invalidate('influencers');
  const [m] = await membershipsWhere(ctx.db, eq(agencyMemberships.id, membershipId), 1);
  return m;
}

export async function endByAgency(ctx: AppContext, agencyUserId: string, influencerId: string) {
  return endMembership(
    ctx,
    async (tx) => {
      const agency = await agencyOfUser(tx, agencyUserId);
      if (!agency) return null;
      const [m] = await tx
        .select({ id: agencyMemberships.id, influencerId: agencyMemberships.influencerId })
        .from(agencyMemberships)
        .where(and(eq(agencyMemberships.agencyId, agency.id), eq(agencyMemberships.influencerId, influencerId), eq(agencyMemberships.status, 'active')))
        .limit(1);
      return m ?? null;
    },
    'agency',
  );
}

export async function endByInfluencer(ctx: AppContext, influencerUserId: string) {
  return endMembership(
    ctx,
    async (tx) => {
      const [m] = await tx
        .select({ id: agencyMemberships.id, influencerId: agencyMemberships.influencerId })
        .from(agencyMemberships)
        .innerJoin(influencers, eq(influencers.id, agencyMemberships.influencerId))
        .where(and(eq(influencers.userId, influencerUserId), eq(agencyMemberships.status, 'active')))
        .limit(1);
      return m ?? null;
    },
    'influencer',
  );
}
