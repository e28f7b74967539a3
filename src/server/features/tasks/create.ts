/** POST /api/tasks — a company publishes a task (with an idempotency key, decision 0004). */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { liveDateInWindow, type TaskCard, type TaskCreateRequest } from '../../../shared/schemas/tasks';
import { type DbOrTx } from '../../db/client';
import { companies, idempotencyKeys, taskCategories, tasks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hasDueCommission, prepayTask } from '../money';
import { notifyFollowers } from '../people/service';
import { toCard, cardQuery } from './cards';
import { companyOf } from './locks';

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Claims `key` for this request inside the publishing transaction. Returns null when the request is
 * the key's first (go on and create; the caller records the task on the row), or the id of the task
 * an earlier request with the same key and body created. A concurrent request with the same key
 * waits on the primary key until the first commits (then it finds the row) or rolls back (then it
 * claims the key itself). A row older than 24 h is taken over.
 */
async function claimIdempotencyKey(ctx: AppContext, tx: DbOrTx, userId: string, key: string, input: TaskCreateRequest): Promise<string | null> {
  const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const now = ctx.clock.now();
  const expired = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash, taskId: null, createdAt: now },
      setWhere: lt(idempotencyKeys.createdAt, expired),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed) {
    // the account's other expired keys go now (a small, indexed delete)
    await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, expired)));
    return null;
  }
  const [prior] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!prior || prior.requestHash !== requestHash || !prior.taskId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return prior.taskId;
}

/**
 * POST /api/tasks — a company publishes a task (starts open, 0 applicants, 0 views). With an
 * idempotency key, a repeat of the same request (same account, key and body, within 24 h) answers
 * with the task the first one created.
 */
export async function createTask(ctx: AppContext, userId: string, input: TaskCreateRequest, idempotencyKey?: string): Promise<TaskCard> {
  // 直播日期需在今天到一年内, by the platform clock (the schema checked the rest, including amounts ≤ budgetMaxCents)
  const liveDate = input.liveDate ? new Date(input.liveDate) : null;
  if (liveDate && !liveDateInWindow(liveDate, ctx.clock.now())) {
    throw new AppError('TASK_LIVE_DATE_RANGE', undefined, { liveDate: 'TASK_LIVE_DATE_RANGE' });
  }
  const id = await ctx.db.transaction(async (tx) => {
    const company = await companyOf(tx, userId);
    const earlier = idempotencyKey ? await claimIdempotencyKey(ctx, tx, userId, idempotencyKey, input) : null;
    if (earlier) return earlier;
    // a commission left unpaid after a settlement blocks publishing until it is paid (decision 0022)
    if (await hasDueCommission(tx, company.id)) throw new AppError('COMMISSION_DUE');
    const [cat] = await tx
      .select({ id: taskCategories.id })
      .from(taskCategories)
      .where(and(eq(taskCategories.id, input.categoryId), eq(taskCategories.isActive, true)))
      .limit(1);
    if (!cat) throw new AppError('TASK_CATEGORY_REQUIRED', undefined, { categoryId: 'TASK_CATEGORY_REQUIRED' });
    const [t] = await tx
      .insert(tasks)
      .values({
        companyId: company.id,
        title: input.title,
        description: input.description,
        categoryId: input.categoryId,
        productName: input.productName,
        requirements: input.requirements,
        budgetMinCents: input.budgetMinCents,
        budgetMaxCents: input.budgetMaxCents,
        maxApplicants: input.maxApplicants,
        slots: input.slots,
        liveDate,
        durationHours: input.durationHours,
        location: input.location,
        isUrgent: input.isUrgent,
        isAdvancePaid: input.isAdvancePaid,
        paidAmountCents: input.isAdvancePaid ? input.paidAmountCents : null,
        requiresDeposit: input.requiresDeposit,
        depositAmountCents: input.requiresDeposit ? input.depositAmountCents : null,
        pricingModel: input.pricingModel,
        commissionBps: input.pricingModel === 'fixed' ? 0 : (input.commissionBps ?? 0),
        status: 'open',
      })
      .returning({ id: tasks.id });
    // the prepayment leaves the company's wallet now, into the task's escrow (WALLET_INSUFFICIENT otherwise)
    if (input.isAdvancePaid && input.paidAmountCents) {
      await prepayTask(tx, { taskId: t.id, companyUserId: userId, cents: input.paidAmountCents, now: ctx.clock.now() });
    }
    await tx
      .update(companies)
      .set({ totalTasks: sql`${companies.totalTasks} + 1` })
      .where(eq(companies.id, company.id));
    if (idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ taskId: t.id })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
    }
    // a followed company's new task notifies its followers (their mail queued in this transaction)
    await notifyFollowers(tx, company, { id: t.id, title: input.title });
    return t.id;
  });
  const [row] = await cardQuery(ctx.db).where(eq(tasks.id, id));
  return toCard(row);
}
