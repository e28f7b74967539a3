/**
 * A task's side of its deals (decision 0025): the deals of a task, and what a deal's end does to its task.
 * It lives with the deals (not in features/tasks) because the deal events call it and features/tasks calls
 * the deals: one direction only, tasks → deals.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, deals, tasks } from '../../db/schema';
import { dealEnded } from './model';

/** The deals of a task, oldest first (a task with several slots has one per recruited influencer). */
export async function dealsOfTask(tx: DbOrTx, taskId: string) {
  return tx
    .select({ id: deals.id, status: deals.status, influencerId: deals.influencerId })
    .from(deals)
    .where(eq(deals.taskId, taskId))
    .orderBy(asc(deals.createdAt), asc(deals.id));
}

/**
 * A deal of the task ended (called inside its transaction; the task row is locked). While the task still
 * recruits, a cancelled deal frees its slot. Once the task no longer recruits (in_progress) and none of its
 * deals is active, the task ends: completed when one of them was, otherwise cancelled. With one slot this
 * is the old rule: the deal's end is the task's (decision 0025).
 */
export async function settleTaskAfterDeal(tx: DbOrTx, deal: { id: string; taskId: string }, outcome: 'completed' | 'cancelled', now: Date) {
  const taskId = deal.taskId;
  const [t] = await tx.select({ status: tasks.status, companyId: tasks.companyId }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!t) return;
  if (t.status === 'open') {
    if (outcome === 'cancelled') {
      await tx
        .update(tasks)
        .set({ currentApplicants: sql`greatest(${tasks.currentApplicants} - 1, 0)`, updatedAt: now })
        .where(and(eq(tasks.id, taskId), eq(tasks.status, 'open')));
    }
    return;
  }
  if (t.status !== 'in_progress') return;
  // the ending deal's own row is written after this (applyEvent's patch): count it as ended
  await endTaskIfDealsEnded(tx, taskId, t.companyId, now, { id: deal.id, status: outcome });
}

/** in_progress with every deal ended: the task becomes completed (one deal was) or cancelled. */
export async function endTaskIfDealsEnded(tx: DbOrTx, taskId: string, companyId: string, now: Date, ending?: { id: string; status: string }) {
  const all = (await dealsOfTask(tx, taskId)).map((d) => (ending && d.id === ending.id ? { ...d, status: ending.status } : d));
  if (all.length === 0 || all.some((d) => !dealEnded(d.status))) return;
  const done = all.some((d) => d.status === 'completed');
  const [moved] = await tx
    .update(tasks)
    .set({ status: done ? 'completed' : 'cancelled', updatedAt: now })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'in_progress')))
    .returning({ id: tasks.id });
  if (moved && done) {
    await tx
      .update(companies)
      .set({ completedTasks: sql`${companies.completedTasks} + 1` })
      .where(eq(companies.id, companyId));
  }
}
