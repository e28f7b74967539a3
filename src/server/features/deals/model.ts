/**
 * What every use case of a deal reads: the row and its types, its parties, the facts the event table's
 * guards read (src/shared/deals.ts), who may see it, and the row lock.
 */
import { and, eq } from 'drizzle-orm';
import { dealFactsOf, dealOverdue, type DealFacts, type DealOverdue, type GuardEnv, type PartyRole } from '../../../shared/deals';
import type { DbOrTx } from '../../db/client';
import { companies, dealDisputes, deals, influencers, tasks, userProfiles } from '../../db/schema';
import { permissionsOf } from '../../platform/admin';
import { AppError } from '../../platform/errors';
import type { AuthUser } from '../../platform/session';

export const HOUR = 3600_000;

export type DealRow = typeof deals.$inferSelect;
export type DisputeRow = typeof dealDisputes.$inferSelect;
export type Parties = {
  companyUserId: string;
  companyName: string;
  logoUrl: string | null;
  influencerUserId: string;
  nickname: string;
  avatarUrl: string | null;
};
/** what the guards need of the open dispute */
export type OpenDispute = { openedBy: string; answeredAt: Date | null } | null;

export const dealEnded = (status: string) => status === 'completed' || status === 'cancelled';

export async function openDispute(db: DbOrTx, dealId: string): Promise<DisputeRow | null> {
  const [d] = await db
    .select()
    .from(dealDisputes)
    .where(and(eq(dealDisputes.dealId, dealId), eq(dealDisputes.outcome, 'open')))
    .limit(1);
  return d ?? null;
}

export const party = (v: string | null): PartyRole | null => (v === 'company' || v === 'influencer' ? v : null);

export function factsOf(d: DealRow, dispute: OpenDispute): DealFacts {
  return dealFactsOf(d, dispute);
}

/** how late the deal is now (decision 0060): from its times and the platform clock */
export function overdueOf(d: DealRow, env: GuardEnv): DealOverdue | null {
  return dealOverdue({ ...d, feeDue: dealFactsOf(d, null).feeDue }, env);
}

export async function partiesOf(db: DbOrTx, d: Pick<DealRow, 'companyId' | 'influencerId'>): Promise<Parties> {
  const [row] = await db
    .select({
      companyUserId: companies.userId,
      companyName: companies.companyName,
      logoUrl: companies.logoUrl,
      influencerUserId: influencers.userId,
      nickname: influencers.nickname,
      avatarUrl: influencers.avatarUrl,
    })
    .from(companies)
    .innerJoin(influencers, eq(influencers.id, d.influencerId))
    .where(eq(companies.id, d.companyId));
  if (!row) throw new AppError('DEAL_NOT_FOUND');
  return row;
}

/**
 * The viewer's side of a deal: the company, the influencer, an admin holding 任务管理 — or nobody
 * (404, so a stranger cannot even learn that the deal exists).
 */
export async function viewerRole(db: DbOrTx, user: AuthUser, parties: Parties): Promise<'company' | 'influencer' | 'admin'> {
  if (user.userType === 'admin') {
    if ((await permissionsOf(db, user.id)).includes('task_management')) return 'admin';
    throw new AppError('DEAL_NOT_FOUND');
  }
  if (user.userType === 'company' && parties.companyUserId === user.id) return 'company';
  if (user.userType === 'influencer' && parties.influencerUserId === user.id) return 'influencer';
  throw new AppError('DEAL_NOT_FOUND');
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Locks the task row, then the deal row (the lock order of every task transition, decision 0004). */
export async function lockDeal(tx: DbOrTx, id: string): Promise<DealRow> {
  // task_id never changes: reading it unlocked is safe; then the task row, then the deal row
  const [ref] = await tx.select({ taskId: deals.taskId }).from(deals).where(eq(deals.id, id)).limit(1);
  if (!ref) throw new AppError('DEAL_NOT_FOUND');
  await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, ref.taskId)).for('update');
  const [d] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
  if (!d) throw new AppError('DEAL_NOT_FOUND');
  return d;
}

export async function adminUserIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx.select({ id: userProfiles.userId }).from(userProfiles).where(eq(userProfiles.userType, 'admin'));
  return rows.map((r) => r.id);
}
