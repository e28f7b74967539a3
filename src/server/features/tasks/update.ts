/** PATCH /api/tasks/{id} — the owning company edits its task before anyone applies or is invited (decision 0054). */
import { and, eq } from 'drizzle-orm';
import { liveDateInWindow, taskRuleIssues, type TaskUpdateRequest } from '../../../shared/schemas/tasks';
import { ONLINE_LOCATION } from '../../../shared/options';
import { taskApplications, taskCategories, taskInvitations, tasks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { lockOwnTask } from './locks';

/**
 * Applies `patch` to the company's task. The task row is locked first (the one lock order), so an
 * application or an invitation cannot arrive half-way: the edit is refused with TASK_HAS_APPLICATIONS once
 * one exists (any status: the influencer saw the terms), TASK_STATE_CONFLICT when the task is no longer open.
 * The merged task keeps the publish form's rules (taskRuleIssues); nothing is written when one fails.
 */
export async function updateTask(ctx: AppContext, userId: string, taskId: string, patch: TaskUpdateRequest): Promise<void> {
  const now = ctx.clock.now();
  const liveDate = patch.liveDate === undefined ? undefined : patch.liveDate === null ? null : new Date(patch.liveDate);
  if (liveDate && !liveDateInWindow(liveDate, now)) throw new AppError('TASK_LIVE_DATE_RANGE', undefined, { liveDate: 'TASK_LIVE_DATE_RANGE' });
  await ctx.db.transaction(async (tx) => {
    const { task } = await lockOwnTask(tx, taskId, userId);
    if (task.status !== 'open') throw new AppError('TASK_STATE_CONFLICT');
    const [applied] = await tx.select({ id: taskApplications.id }).from(taskApplications).where(eq(taskApplications.taskId, task.id)).limit(1);
    const [invited] = await tx.select({ id: taskInvitations.id }).from(taskInvitations).where(eq(taskInvitations.taskId, task.id)).limit(1);
    if (applied || invited) throw new AppError('TASK_HAS_APPLICATIONS');
    if (patch.categoryId !== undefined && patch.categoryId !== task.categoryId) {
      const [cat] = await tx
        .select({ id: taskCategories.id })
        .from(taskCategories)
        .where(and(eq(taskCategories.id, patch.categoryId), eq(taskCategories.isActive, true)))
        .limit(1);
      if (!cat) throw new AppError('TASK_CATEGORY_REQUIRED', undefined, { categoryId: 'TASK_CATEGORY_REQUIRED' });
    }
    const pricingModel = patch.pricingModel ?? (task.pricingModel as 'fixed');
    const requiresDeposit = patch.requiresDeposit ?? task.requiresDeposit;
    const merged = {
      budgetMinCents: patch.budgetMinCents ?? task.budgetMinCents,
      budgetMaxCents: patch.budgetMaxCents ?? task.budgetMaxCents,
      slots: patch.slots ?? task.slots,
      maxApplicants: patch.maxApplicants ?? task.maxApplicants,
      pricingModel,
      commissionBps: patch.commissionBps !== undefined ? patch.commissionBps : task.commissionBps,
      isAdvancePaid: task.isAdvancePaid,
      paidAmountCents: task.paidAmountCents,
      requiresDeposit,
      depositAmountCents: patch.depositAmountCents !== undefined ? patch.depositAmountCents : task.depositAmountCents,
    };
    const issues = taskRuleIssues(merged);
    if (issues.length > 0) {
      throw new AppError(issues[0].code, undefined, Object.fromEntries(issues.map((i) => [i.path, i.code])));
    }
    await tx
      .update(tasks)
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.categoryId !== undefined && { categoryId: patch.categoryId }),
        ...(patch.productName !== undefined && { productName: patch.productName || null }),
        ...(patch.requirements !== undefined && { requirements: patch.requirements }),
        ...(liveDate !== undefined && { liveDate }),
        ...(patch.durationHours !== undefined && { durationHours: patch.durationHours }),
        ...(patch.location !== undefined && { location: patch.location || ONLINE_LOCATION }),
        ...(patch.isUrgent !== undefined && { isUrgent: patch.isUrgent }),
        budgetMinCents: merged.budgetMinCents,
        budgetMaxCents: merged.budgetMaxCents,
        slots: merged.slots,
        maxApplicants: merged.maxApplicants,
        pricingModel,
        commissionBps: pricingModel === 'fixed' ? 0 : (merged.commissionBps ?? 0),
        requiresDeposit,
        depositAmountCents: requiresDeposit ? merged.depositAmountCents : null,
        updatedAt: now,
      })
      .where(eq(tasks.id, task.id));
  });
}
