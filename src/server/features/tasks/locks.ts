/*
 * Transitions of tasks and applications (docs/decisions/0004-task-transitions.md). Every one runs in
 * one transaction that
 *   1. locks the task row first (SELECT … FOR UPDATE) — the one lock order: task, then its
 *      applications — so transitions of one task run one after another, and
 *   2. changes a status only by a conditional update (… WHERE status = <the expected one> RETURNING):
 *      a row that has already moved is left alone and the caller gets a 409.
 * Any interleaving then ends in a state some serial order gives (concurrency.test.ts).
 */

import { eq, inArray } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { companies, influencers, tasks } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from './cards';

/** The company of a signed-in company user (COMPANY_PROFILE_REQUIRED otherwise). */
export async function companyOf(db: DbOrTx, userId: string) {
  const [c] = await db.select({ id: companies.id, name: companies.companyName }).from(companies).where(eq(companies.userId, userId)).limit(1);
  if (!c) throw new AppError('COMPANY_PROFILE_REQUIRED');
  return c;
}

/** Locks the task row for the rest of the transaction (the first lock of every transition). */
export async function lockTask(tx: DbOrTx, taskId: string) {
  if (!isUuid(taskId)) throw new AppError('TASK_NOT_FOUND');
  const [t] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update').limit(1);
  if (!t) throw new AppError('TASK_NOT_FOUND');
  return t;
}

/** Locks the task row for the rest of the transaction; only its owner company may continue. */
export async function lockOwnTask(tx: DbOrTx, taskId: string, userId: string) {
  if (!isUuid(taskId)) throw new AppError('TASK_NOT_FOUND');
  const company = await companyOf(tx, userId);
  const t = await lockTask(tx, taskId);
  if (t.companyId !== company.id) throw new AppError('FORBIDDEN');
  return { task: t, company };
}

export async function influencerUserIds(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await tx.select({ id: influencers.id, userId: influencers.userId }).from(influencers).where(inArray(influencers.id, ids));
  return new Map(rows.map((r) => [r.id, r.userId]));
}
