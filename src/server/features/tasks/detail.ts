/** who reads a task: what the detail needs of the signed-in user */
export type TaskViewer = Pick<AuthUser, 'id' | 'userType'>;

/** GET /api/tasks/{id} — the task page: the card, and what the viewer may do. */
import { and, desc, eq, fillPlaceholders, sql } from 'drizzle-orm';
import { type TaskDetailResponse } from '../../../shared/schemas/tasks';
import { type Db, type DbOrTx } from '../../db/client';
import { companies, deals, influencers, taskApplications, taskInvitations, tasks } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { AuthUser } from '../../platform/session';
import { asInvitationStatus, toCard, cardQuery, p, isUuid } from './cards';

// the card of one task (task detail), prepared once per database like the hall's statements
const cardStatements = new WeakMap<Db, ReturnType<typeof prepareCard>>();
const prepareCard = (db: Db) =>
  cardQuery(db)
    .where(eq(tasks.id, p('id')))
    .limit(1)
    .prepare('task_card');
function preparedCard(db: Db) {
  let prepared = cardStatements.get(db);
  if (!prepared) cardStatements.set(db, (prepared = prepareCard(db)));
  return prepared;
}

/** The statement the task detail runs for its card, as sent to PostgreSQL (see hallStatement). */
export function taskCardStatement(db: Db, id: string) {
  const query = preparedCard(db).getQuery();
  return { name: 'task_card', text: query.sql, values: fillPlaceholders(query.params, { id }) };
}

async function viewerIdentity(db: DbOrTx, user: TaskViewer | null) {
  if (!user) return { companyId: null, influencerId: null };
  if (user.userType === 'company') {
    const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, user.id)).limit(1);
    return { companyId: c?.id ?? null, influencerId: null };
  }
  if (user.userType === 'influencer') {
    const [i] = await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, user.id)).limit(1);
    return { companyId: null, influencerId: i?.id ?? null };
  }
  return { companyId: null, influencerId: null };
}

/** Whether /task/{id} shows a task (GET /api/tasks/{id}'s rule: the task exists, whatever its status). */
export async function taskPageShown(db: DbOrTx, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, id)).limit(1);
  return Boolean(row);
}

/** GET /api/tasks/{id} — public task data plus what the viewer may do. */
export async function getTaskDetail(db: Db, id: string, user: TaskViewer | null): Promise<TaskDetailResponse> {
  if (!isUuid(id)) throw new AppError('TASK_NOT_FOUND');
  const [row] = await preparedCard(db).execute({ id });
  if (!row) throw new AppError('TASK_NOT_FOUND');
  const me = await viewerIdentity(db, user);
  let myApplication: TaskDetailResponse['viewer']['myApplication'] = null;
  if (me.influencerId) {
    const [a] = await db
      .select()
      .from(taskApplications)
      .where(and(eq(taskApplications.taskId, id), eq(taskApplications.influencerId, me.influencerId)))
      .limit(1);
    if (a) {
      myApplication = {
        id: a.id,
        status: a.status as 'pending',
        proposedRateCents: a.proposedRateCents,
        message: a.message,
        appliedAt: a.appliedAt.toISOString(),
      };
    }
  }
  const card = toCard(row);
  const isOwner = me.companyId !== null && me.companyId === row.companyId;
  // the influencer's own deal of the task; for the owner the newest one (a task with several slots has several)
  const [deal] =
    isOwner || me.influencerId
      ? await db
          .select({ id: deals.id })
          .from(deals)
          .where(and(eq(deals.taskId, id), isOwner ? sql`true` : eq(deals.influencerId, me.influencerId!)))
          .orderBy(desc(deals.createdAt))
          .limit(1)
      : [];
  let invitation: TaskDetailResponse['viewer']['invitation'] = null;
  if (me.influencerId) {
    const [inv] = await db
      .select()
      .from(taskInvitations)
      .where(and(eq(taskInvitations.taskId, id), eq(taskInvitations.influencerId, me.influencerId)))
      .limit(1);
    if (inv) {
      invitation = {
        id: inv.id,
        status: asInvitationStatus(inv.status),
        offeredRateCents: inv.offeredRateCents,
        message: inv.message,
        expiresAt: inv.expiresAt.toISOString(),
      };
    }
  }
  return {
    task: { ...card, isSettled: row.t.isSettled, updatedAt: row.t.updatedAt.toISOString() },
    viewer: {
      isOwner,
      dealId: deal?.id ?? null,
      // a withdrawn application may be sent again (the same row goes back to pending); an invited
      // influencer answers the invitation instead
      canApply:
        user?.userType === 'influencer' &&
        card.status === 'open' &&
        (!myApplication || myApplication.status === 'withdrawn') &&
        invitation?.status !== 'pending' &&
        card.applicationsCount < card.maxApplicants,
      myApplication,
      invitation,
    },
  };
}
