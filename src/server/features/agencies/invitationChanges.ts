/**
 * A pending roster invitation changed by the agency that sent it (decision 0062): withdrawn, or its share changed.
 * The invitation row is locked (FOR UPDATE) as the influencer's accept locks it, so a change and an accept that meet
 * are taken one after the other: an accept that comes second finds the new share (and refuses when the influencer
 * confirmed another one: 409 AGENCY_INVITATION_CHANGED); a change that comes second finds the invitation answered
 * (409 AGENCY_INVITATION_ANSWERED). Each change is one transaction with its audit row and the influencer's notification.
 */
import { and, eq } from 'drizzle-orm';
import type { AgencyInvitation, RosterInvitationChange } from '../../../shared/schemas/agencies';
import type { DbOrTx } from '../../db/client';
import { agencyInvitations, influencers } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { addNotifications } from '../notifications';
import { agencyOfUser } from './model';
import { invitationById } from './roster';

/** the agency's own pending invitation, locked; another agency's is 404, an answered one 409 */
async function lockOwnPending(tx: DbOrTx, agencyUserId: string, id: string) {
  const agency = await agencyOfUser(tx, agencyUserId);
  if (!agency) throw new AppError('AGENCY_INVITATION_NOT_FOUND');
  const [row] = await tx
    .select({ i: agencyInvitations })
    .from(agencyInvitations)
    .where(and(eq(agencyInvitations.id, id), eq(agencyInvitations.agencyId, agency.id)))
    .for('update');
  if (!row) throw new AppError('AGENCY_INVITATION_NOT_FOUND');
  if (row.i.status !== 'pending') throw new AppError('AGENCY_INVITATION_ANSWERED');
  const [inf] = await tx.select({ userId: influencers.userId, nickname: influencers.nickname }).from(influencers).where(eq(influencers.id, row.i.influencerId));
  return { agency, invitation: row.i, influencer: inf! };
}

/** POST /api/agency/roster-invitations/{id}/withdraw */
export async function withdrawRosterInvitation(ctx: AppContext, agencyUserId: string, id: string): Promise<AgencyInvitation> {
  await ctx.db.transaction(async (tx) => {
    const { agency, invitation, influencer } = await lockOwnPending(tx, agencyUserId, id);
    await tx.update(agencyInvitations).set({ status: 'withdrawn', answeredAt: ctx.clock.now() }).where(eq(agencyInvitations.id, id));
    await audit(tx, {
      adminId: null,
      action: 'agency_roster_invite_withdraw',
      description: `机构撤回签约邀请：${agency.name} → ${influencer.nickname}`,
      targetType: 'agency',
      targetId: agency.id,
      before: { status: 'pending', sharePercent: invitation.sharePercent },
      after: { status: 'withdrawn', invitationId: id },
    });
    await addNotifications(tx, [{ userId: influencer.userId, type: 'agency_invitation_withdrawn', params: { agency: agency.name }, link: '/profile' }], {
      mail: true,
    });
  });
  return invitationById(ctx.db, id);
}

/** PATCH /api/agency/roster-invitations/{id}: a new share for a pending invitation (the same share changes nothing) */
export async function changeRosterInvitation(ctx: AppContext, agencyUserId: string, id: string, body: RosterInvitationChange): Promise<AgencyInvitation> {
  await ctx.db.transaction(async (tx) => {
    const { agency, invitation, influencer } = await lockOwnPending(tx, agencyUserId, id);
    const percent = body.shareBps / 100;
    if (percent === invitation.sharePercent) return;
    await tx.update(agencyInvitations).set({ sharePercent: percent }).where(eq(agencyInvitations.id, id));
    await audit(tx, {
      adminId: null,
      action: 'agency_roster_invite_change',
      description: `机构修改签约邀请：${agency.name} → ${influencer.nickname}（${invitation.sharePercent}% → ${percent}%）`,
      targetType: 'agency',
      targetId: agency.id,
      before: { sharePercent: invitation.sharePercent },
      after: { sharePercent: percent, invitationId: id },
    });
    await addNotifications(
      tx,
      [{ userId: influencer.userId, type: 'agency_invitation_changed', params: { agency: agency.name, share: percent }, link: '/profile' }],
      { mail: true },
    );
  });
  return invitationById(ctx.db, id);
}
