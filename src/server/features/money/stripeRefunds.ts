/**
 * Refunds of Stripe top-ups (issue 39 item 3; decision 0057). A company asks for an unused top-up (or part of it)
 * back to the payment it came from, within Stripe's refund window:
 *   - asking holds the amount (`refund:<id>:hold`: company_available → refund_held) so it cannot be spent twice; the
 *     amount is at most min(what is left of the top-up, the available balance) — the top-up row is locked, so two
 *     requests at once cannot both take the same money;
 *   - finance (财务管理) approves or rejects; rejecting returns the hold (`refund:<id>:return`); approving schedules the
 *     job `stripe.refund` in the same transaction and then tries it at once: the Stripe Refund is made for the top-up's
 *     payment intent under the idempotency key `refund:<id>` (a retried job makes no second refund), and its id (re_…)
 *     is stored in `provider_ref`;
 *   - Stripe's answer or its webhook (`refund.created` / `refund.updated` / `refund.failed` / `charge.refunded`)
 *     settles it once, under the locked row: succeeded → `refund:<id>` (refund_held → world_provider_clearing);
 *     failed or canceled → `refund:<id>:return` (the hold back to the company).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatCents } from '../../../shared/money';
import type { AdminRefund, RefundableTopup, StripeRefund, StripeRefundStatus } from '../../../shared/schemas/stripeMoney';
import type { Tx } from '../../db/client';
import { companies, ledgerAccounts, paymentEvents, stripeRefunds, topups, users } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { registerJob, scheduleJob } from '../../platform/jobs';
import type { StripeEventSummary } from '../../platform/stripe';
import type { AuthUser } from '../../platform/session';
import { accountFor, accountWhere, post } from './ledger';
import { stripeProvider } from './providers';

/** Stripe takes refunds within 180 days for cards; Alipay's window is 90 days — the shortest of the methods we offer */
export const REFUND_WINDOW_DAYS = 90;
const DAY = 86_400_000;
const REFUND_JOB = 'stripe.refund';

type RefundRow = typeof stripeRefunds.$inferSelect;

/** the company's available account, locked (its balance cannot change until the transaction ends) */
export async function lockedWallet(tx: Tx, ownerId: string): Promise<{ id: string; balance: number }> {
  const id = await accountFor(tx, 'company_available', ownerId);
  const [a] = await tx.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).for('update');
  return { id, balance: a?.balance ?? 0 };
}

/** what a Refund object (API answer or event) carries that we use, read with zod */
export const stripeRefundShape = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('refund'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string().nullable(),
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
  failure_reason: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});
type StripeRefundObject = z.infer<typeof stripeRefundShape>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
function view(r: RefundRow): StripeRefund {
  return {
    id: r.id,
    topupId: r.topupId,
    amountCents: r.amountCents,
    status: r.status as StripeRefundStatus,
    failureReason: r.failureReason,
    rejectReason: r.rejectReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    settledAt: iso(r.settledAt),
  };
}

/** the user's Stripe top-ups still inside the refund window, with what is left of each (not asked back) */
async function leftOfTopups(db: AppContext['db'] | Tx, userId: string, now: Date, topupId?: string) {
  const since = new Date(now.getTime() - REFUND_WINDOW_DAYS * DAY);
  const rows = await db
    .select({
      id: topups.id,
      amountCents: topups.amountCents,
      confirmedAt: topups.confirmedAt,
      paymentRef: topups.paymentRef,
      asked: sql<string>`coalesce((select sum(r.amount_cents) from stripe_refunds r where r.topup_id = "topups"."id" and r.status in ('requested', 'approved', 'succeeded')), 0)::text`,
    })
    .from(topups)
    .where(
      and(
        eq(topups.userId, userId),
        eq(topups.method, 'stripe'),
        eq(topups.status, 'succeeded'),
        sql`${topups.paymentRef} is not null and ${topups.confirmedAt} > ${since.toISOString()}::timestamptz`,
        topupId ? eq(topups.id, topupId) : undefined,
      ),
    )
    .orderBy(desc(topups.confirmedAt));
  return rows.map((r) => ({ ...r, leftCents: r.amountCents - Number(r.asked), until: new Date(r.confirmedAt!.getTime() + REFUND_WINDOW_DAYS * DAY) }));
}

/** GET /api/wallet/refundable-topups: the company's Stripe top-ups that may still be returned, and how much: min(left, available) */
export async function refundableTopups(ctx: AppContext, user: AuthUser): Promise<RefundableTopup[]> {
  const now = ctx.clock.now();
  const [acct] = await ctx.db.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(accountWhere('company_available', user.id));
  const available = acct?.balance ?? 0;
  const left = await leftOfTopups(ctx.db, user.id, now);
  return left
    .filter((r) => r.leftCents > 0)
    .map((r) => ({
      topupId: r.id,
      amountCents: r.amountCents,
      leftCents: r.leftCents,
      refundableCents: Math.min(r.leftCents, available),
      confirmedAt: r.confirmedAt!.toISOString(),
      refundableUntil: r.until.toISOString(),
    }));
}

/** GET /api/wallet/refunds: the company's refund requests, newest first (50) */
export async function myRefunds(ctx: AppContext, user: AuthUser): Promise<StripeRefund[]> {
  const mine = await ctx.db.select().from(stripeRefunds).where(eq(stripeRefunds.userId, user.id)).orderBy(desc(stripeRefunds.createdAt)).limit(50);
  return mine.map(view);
}

/**
 * POST /api/wallet/topups/:id/refunds (companies): asks for `amountCents` of the company's own Stripe top-up back. The
 * top-up row is locked, the amount must not pass min(what is left, the available balance), and it is held at once.
 */
export async function requestRefund(ctx: AppContext, user: AuthUser, topupId: string, amountCents: number): Promise<StripeRefund> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: topups.id })
      .from(topups)
      .where(and(eq(topups.id, topupId), eq(topups.userId, user.id)))
      .for('update');
    if (!own) throw new AppError('TOPUP_NOT_FOUND');
    const [t] = await leftOfTopups(tx, user.id, now, topupId);
    if (!t?.paymentRef) throw new AppError('REFUND_NOT_REFUNDABLE');
    const wallet = await lockedWallet(tx, user.id);
    if (amountCents > Math.min(t.leftCents, wallet.balance)) throw new AppError('REFUND_OVER_REFUNDABLE');
    const [row] = await tx
      .insert(stripeRefunds)
      .values({ topupId, userId: user.id, amountCents, paymentRef: t.paymentRef, status: 'requested', createdAt: now, updatedAt: now })
      .returning();
    await post(
      tx,
      {
        kind: 'refund_hold',
        memo: `stripe refund ${row.id}`,
        idempotencyKey: `refund:${row.id}:hold`,
        createdBy: user.id,
        lines: [
          { accountId: wallet.id, amountCents: -amountCents },
          { accountId: await accountFor(tx, 'refund_held', user.id, row.id), amountCents },
        ],
      },
      now,
    );
    return view(row);
  });
}

async function lockRefund(tx: Tx, id: string): Promise<RefundRow | null> {
  const [row] = await tx.select().from(stripeRefunds).where(eq(stripeRefunds.id, id)).for('update');
  return row ?? null;
}

/** the hold back to the company's balance (rejected, failed or cancelled), once */
async function returnHold(tx: Tx, row: RefundRow, now: Date, by: string | null) {
  await post(
    tx,
    {
      kind: 'refund_return',
      memo: `stripe refund ${row.id}`,
      idempotencyKey: `refund:${row.id}:return`,
      createdBy: by,
      lines: [
        { accountId: await accountFor(tx, 'refund_held', row.userId, row.id), amountCents: -row.amountCents },
        { accountId: await accountFor(tx, 'company_available', row.userId), amountCents: row.amountCents },
      ],
    },
    now,
  );
}

// ---------------------------------------------------------------------------------------------
// finance

export async function listAdminRefunds(ctx: AppContext, status: 'requested' | 'done'): Promise<AdminRefund[]> {
  const rows = await ctx.db
    .select({ r: stripeRefunds, email: users.email, companyName: companies.companyName, topupAmountCents: topups.amountCents })
    .from(stripeRefunds)
    .innerJoin(users, eq(users.id, stripeRefunds.userId))
    .innerJoin(topups, eq(topups.id, stripeRefunds.topupId))
    .leftJoin(companies, eq(companies.userId, stripeRefunds.userId))
    .where(
      status === 'requested' ? inArray(stripeRefunds.status, ['requested', 'approved']) : inArray(stripeRefunds.status, ['succeeded', 'failed', 'rejected']),
    )
    .orderBy(status === 'requested' ? stripeRefunds.createdAt : desc(stripeRefunds.updatedAt))
    .limit(200);
  return rows.map((x) => ({ ...view(x.r), userId: x.r.userId, email: x.email, companyName: x.companyName, topupAmountCents: x.topupAmountCents }));
}

/**
 * 财务 approves: the request becomes approved and the job that makes the Stripe Refund is scheduled in the same
 * transaction (audited); then the job's work is tried at once (idempotent: the same key at Stripe, the row locked).
 */
export async function approveRefund(ctx: AppContext, admin: AuthUser, id: string, ip: string | null): Promise<StripeRefund> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockRefund(tx, id);
    if (!row) throw new AppError('REFUND_NOT_FOUND');
    if (row.status !== 'requested') throw new AppError('REFUND_NOT_PENDING');
    await tx.update(stripeRefunds).set({ status: 'approved', decidedBy: admin.id, decidedAt: now, updatedAt: now }).where(eq(stripeRefunds.id, id));
    await scheduleJob(tx, { kind: REFUND_JOB, key: `${REFUND_JOB}:${id}`, runAt: new Date(now.getTime() + 60_000), payload: { refundId: id } });
    await audit(tx, {
      adminId: admin.id,
      action: 'refund_approve',
      description: `批准 Stripe 退款 $${formatCents(row.amountCents)}`,
      targetType: 'stripe_refund',
      targetId: id,
      before: { status: 'requested' },
      after: { status: 'approved', amountCents: row.amountCents },
      ip,
    });
  });
  await makeStripeRefund(ctx, id).catch((err: unknown) =>
    ctx.log.warn({ refund: id, err: err instanceof Error ? err.message : String(err) }, 'stripe: the refund will be made by the job'),
  );
  const [row] = await ctx.db.select().from(stripeRefunds).where(eq(stripeRefunds.id, id));
  return view(row);
}

/** 财务 rejects: the hold goes back to the company (audited) */
export async function rejectRefund(ctx: AppContext, admin: AuthUser, id: string, reason: string, ip: string | null): Promise<StripeRefund> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockRefund(tx, id);
    if (!row) throw new AppError('REFUND_NOT_FOUND');
    if (row.status !== 'requested') throw new AppError('REFUND_NOT_PENDING');
    await returnHold(tx, row, now, admin.id);
    const [done] = await tx
      .update(stripeRefunds)
      .set({ status: 'rejected', rejectReason: reason, decidedBy: admin.id, decidedAt: now, updatedAt: now })
      .where(eq(stripeRefunds.id, id))
      .returning();
    await audit(tx, {
      adminId: admin.id,
      action: 'refund_reject',
      description: `驳回 Stripe 退款 $${formatCents(row.amountCents)}`,
      targetType: 'stripe_refund',
      targetId: id,
      before: { status: 'requested' },
      after: { status: 'rejected', reason },
      ip,
    });
    return view(done);
  });
}

// ---------------------------------------------------------------------------------------------
// Stripe

/**
 * The Stripe Refund of an approved request: made for the payment intent, the amount in cents, our ids in metadata, under
 * the idempotency key `refund:<id>` (a retry gets the same refund back); once its id is known it is read instead (keys
 * expire after a day at Stripe).
 */
async function refundAtStripe(ctx: AppContext, row: RefundRow): Promise<StripeRefundObject | null> {
  const stripe = stripeProvider(ctx);
  if (!stripe) return null;
  const refund = row.providerRef
    ? await stripe.client.refunds.retrieve(row.providerRef)
    : await stripe.client.refunds.create(
        {
          payment_intent: row.paymentRef,
          amount: row.amountCents,
          reason: 'requested_by_customer',
          metadata: { refundId: row.id, topupId: row.topupId, userId: row.userId },
        },
        { idempotencyKey: `refund:${row.id}` },
      );
  return stripeRefundShape.parse(refund);
}

/** the approving request's try (outside a transaction: a network call), then applied under the locked row */
export async function makeStripeRefund(ctx: AppContext, id: string): Promise<void> {
  const [row] = await ctx.db.select().from(stripeRefunds).where(eq(stripeRefunds.id, id));
  if (!row || row.status !== 'approved') return;
  const refund = await refundAtStripe(ctx, row);
  if (refund) await ctx.db.transaction((tx) => applyRefund(ctx, tx, refund, row.id));
}

/**
 * Applies what Stripe says of a Refund to our request (locked): its id is recorded; succeeded books the hold out to
 * the clearing account (`refund:<id>`), failed or canceled returns it (`refund:<id>:return`) — each once, while the
 * request is still approved. Another refund (made in Stripe's dashboard) is ignored.
 */
async function applyRefund(ctx: AppContext, tx: Tx, refund: StripeRefundObject, knownId?: string): Promise<boolean> {
  const ours = knownId ?? refund.metadata?.refundId;
  let row: RefundRow | null = null;
  if (ours && z.string().uuid().safeParse(ours).success) row = await lockRefund(tx, ours);
  if (!row) {
    const [byRef] = await tx.select().from(stripeRefunds).where(eq(stripeRefunds.providerRef, refund.id)).for('update');
    row = byRef ?? null;
  }
  if (!row) return false;
  const now = ctx.clock.now();
  if (!row.providerRef) await tx.update(stripeRefunds).set({ providerRef: refund.id, updatedAt: now }).where(eq(stripeRefunds.id, row.id));
  if (row.status !== 'approved') return false;
  if (refund.status === 'succeeded') {
    if (refund.amount !== row.amountCents || refund.currency !== 'usd') {
      ctx.log.error({ refund: row.id, amount: refund.amount, currency: refund.currency }, 'stripe: the refund’s amount or currency differs from the request');
      throw new AppError('TOPUP_AMOUNT_MISMATCH');
    }
    await post(
      tx,
      {
        kind: 'refund',
        memo: `stripe ${refund.id}`,
        idempotencyKey: `refund:${row.id}`,
        lines: [
          { accountId: await accountFor(tx, 'refund_held', row.userId, row.id), amountCents: -row.amountCents },
          { accountId: await accountFor(tx, 'world_provider_clearing', null), amountCents: row.amountCents },
        ],
      },
      now,
    );
    await tx.update(stripeRefunds).set({ status: 'succeeded', settledAt: now, updatedAt: now }).where(eq(stripeRefunds.id, row.id));
    return true;
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await returnHold(tx, row, now, null);
    await tx
      .update(stripeRefunds)
      .set({ status: 'failed', failureReason: refund.failure_reason ?? refund.status, settledAt: now, updatedAt: now })
      .where(eq(stripeRefunds.id, row.id));
    return true;
  }
  return false; // pending, requires_action: a later event tells
}

const chargeRefundedShape = z.object({
  id: z.string(),
  object: z.literal('charge'),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  refunds: z
    .object({ data: z.array(z.unknown()) })
    .nullable()
    .optional(),
});

/**
 * The webhook's share for refunds (called by handleStripeWebhook): refund.created / refund.updated / refund.failed
 * carry the Refund; charge.refunded carries the charge, whose refunds are listed by Stripe when the event does not
 * include them. The event id is recorded; the money moves once whatever is re-delivered. Null: not a refund event.
 */
export async function handleRefundEvent(ctx: AppContext, ev: StripeEventSummary): Promise<{ ok: true; duplicate: boolean } | null> {
  let objects: StripeRefundObject[];
  if (ev.type === 'refund.created' || ev.type === 'refund.updated' || ev.type === 'refund.failed') {
    const parsed = stripeRefundShape.safeParse(ev.object);
    if (!parsed.success) throw new AppError('BAD_REQUEST');
    objects = [parsed.data];
  } else if (ev.type === 'charge.refunded') {
    const charge = chargeRefundedShape.safeParse(ev.object);
    if (!charge.success) throw new AppError('BAD_REQUEST');
    const listed = charge.data.refunds?.data;
    if (listed) objects = listed.flatMap((x) => stripeRefundShape.safeParse(x).data ?? []);
    else {
      const pi = charge.data.payment_intent;
      const stripe = stripeProvider(ctx);
      if (!pi || !stripe) return { ok: true, duplicate: false };
      const piId = typeof pi === 'string' ? pi : pi.id;
      const mine = await ctx.db.select({ id: stripeRefunds.id }).from(stripeRefunds).where(eq(stripeRefunds.paymentRef, piId)).limit(1);
      if (mine.length === 0) return { ok: true, duplicate: false };
      const page = await stripe.client.refunds.list({ payment_intent: piId, limit: 100 });
      objects = page.data.flatMap((x) => stripeRefundShape.safeParse(x).data ?? []);
    }
  } else return null;

  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: 'stripe', eventId: ev.id, type: ev.type, topupId: null, receivedAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    let moved = false;
    for (const o of objects) moved = (await applyRefund(ctx, tx, o)) || moved;
    return { ok: true as const, duplicate: !fresh || !moved };
  });
}

// the job: the refund is made when the approving request could not (Stripe unreachable, the process died)
registerJob(REFUND_JOB, async (ctx, tx, job) => {
  const row = await lockRefund(tx, String(job.payload.refundId));
  if (!row || row.status !== 'approved') return;
  const refund = await refundAtStripe(ctx, row);
  if (refund) await applyRefund(ctx, tx, refund, row.id);
});
