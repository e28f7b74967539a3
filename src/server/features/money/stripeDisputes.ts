/**
 * Chargebacks on Stripe top-ups (issue 39 item 4; decision 0057), one row per Stripe dispute (dp_…):
 *   - `charge.dispute.created` holds the disputed amount: as much as the company's available balance covers moves into
 *     the dispute's hold (`dispute:<id>:hold`: company_available → dispute_held); the rest is the dispute's debt,
 *     collected from the company's next money in (a top-up, or the wallet's 支付 button) like a due commission
 *     (`dispute:<id>:collect:<collected so far>`); finance (财务管理) is told in the bell and by mail;
 *   - `charge.dispute.closed` won: the hold goes back (`dispute:<id>:release`) and the debt is forgiven; lost: the
 *     hold and what is still owed go to Stripe (`dispute:<id>:loss`: dispute_held + world_company_debts →
 *     world_provider_clearing), Stripe's dispute fee to the platform's fees (`dispute:<id>:fee`); the debt stays, and
 *     collecting it later pays world_company_debts back;
 *   - the event id is recorded and the dispute row locked: a re-delivery moves nothing.
 */
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatCents } from '../../../shared/money';
import type { AdminStripeDispute } from '../../../shared/schemas/stripeMoney';
import type { Tx } from '../../db/client';
import { adminPermissions, companies, ledgerAccounts, paymentEvents, stripeDisputes, topups, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { StripeEventSummary } from '../../platform/stripe';
import { addNotifications } from '../notifications';
import { accountFor, post } from './ledger';
import { lockedWallet } from './stripeRefunds';

type DisputeRow = typeof stripeDisputes.$inferSelect;

/** what a Dispute object carries that we use (read with zod, not trusted as typed) */
export const stripeDisputeShape = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('dispute'),
  amount: z.number().int().positive(),
  currency: z.string(),
  status: z.string(),
  reason: z.string().nullable().optional(),
  charge: z.union([z.string(), z.object({ id: z.string() })]),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  evidence_details: z.object({ due_by: z.number().int().nullable() }).partial().nullable().optional(),
  balance_transactions: z.array(z.object({ id: z.string(), fee: z.number().int(), currency: z.string() }).passthrough()).optional(),
});
type StripeDispute = z.infer<typeof stripeDisputeShape>;
const idOf = (x: string | { id: string } | null) => (x === null ? null : typeof x === 'string' ? x : x.id);

/** The webhook's share for disputes (called by handleStripeWebhook). Null: not a dispute event. */
export async function handleDisputeEvent(ctx: AppContext, ev: StripeEventSummary): Promise<{ ok: true; duplicate: boolean } | null> {
  if (!ev.type.startsWith('charge.dispute.')) return null;
  const parsed = stripeDisputeShape.safeParse(ev.object);
  if (!parsed.success) throw new AppError('BAD_REQUEST');
  const d = parsed.data;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: 'stripe', eventId: ev.id, type: ev.type, topupId: null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return { ok: true as const, duplicate: true };
    let row = await lockDispute(tx, d.id);
    if (!row) row = await openDispute(ctx, tx, d, now);
    if (!row) return { ok: true as const, duplicate: false }; // not a payment of ours
    await tx
      .update(paymentEvents)
      .set({ topupId: row.topupId })
      .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, ev.id)));
    const due = d.evidence_details?.due_by;
    await tx
      .update(stripeDisputes)
      .set({ stripeStatus: d.status, evidenceDueBy: due ? new Date(due * 1000) : row.evidenceDueBy, updatedAt: now })
      .where(eq(stripeDisputes.id, row.id));
    if (row.status !== 'open') return { ok: true as const, duplicate: true };
    if (ev.type === 'charge.dispute.closed' || d.status === 'won' || d.status === 'lost') {
      if (d.status === 'won' || d.status === 'warning_closed' || d.status === 'prevented') await win(tx, row, now);
      else if (d.status === 'lost') await lose(tx, row, d, now);
    }
    return { ok: true as const, duplicate: false };
  });
}

async function lockDispute(tx: Tx, providerRef: string): Promise<DisputeRow | null> {
  const [row] = await tx.select().from(stripeDisputes).where(eq(stripeDisputes.providerRef, providerRef)).for('update');
  return row ?? null;
}

/** a new dispute on one of our top-ups' payments: the row, the hold (as far as the balance covers it), finance told */
async function openDispute(ctx: AppContext, tx: Tx, d: StripeDispute, now: Date): Promise<DisputeRow | null> {
  const pi = idOf(d.payment_intent);
  if (!pi) return null;
  const [t] = await tx
    .select()
    .from(topups)
    .where(and(eq(topups.paymentRef, pi), eq(topups.method, 'stripe')));
  if (!t) {
    ctx.log.warn({ dispute: d.id }, 'stripe: a dispute on a payment no top-up knows');
    return null;
  }
  if (d.currency !== 'usd') throw new AppError('TOPUP_AMOUNT_MISMATCH');
  const due = d.evidence_details?.due_by;
  const [inserted] = await tx
    .insert(stripeDisputes)
    .values({
      providerRef: d.id,
      chargeRef: idOf(d.charge),
      paymentRef: pi,
      topupId: t.id,
      userId: t.userId,
      amountCents: d.amount,
      reason: d.reason ?? null,
      stripeStatus: d.status,
      evidenceDueBy: due ? new Date(due * 1000) : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) return lockDispute(tx, d.id);
  const wallet = await lockedWallet(tx, t.userId);
  const held = Math.min(wallet.balance, d.amount);
  if (held > 0) {
    await post(
      tx,
      {
        kind: 'dispute_hold',
        memo: `stripe ${d.id}`,
        idempotencyKey: `dispute:${inserted.id}:hold`,
        lines: [
          { accountId: wallet.id, amountCents: -held },
          { accountId: await accountFor(tx, 'dispute_held', t.userId, inserted.id), amountCents: held },
        ],
      },
      now,
    );
  }
  const [row] = await tx
    .update(stripeDisputes)
    .set({ debtCents: d.amount - held })
    .where(eq(stripeDisputes.id, inserted.id))
    .returning();
  await tellFinance(tx, row, t.userId);
  return row;
}

async function tellFinance(tx: Tx, row: DisputeRow, companyUserId: string) {
  const admins = await tx.select({ id: adminPermissions.adminId }).from(adminPermissions).where(eq(adminPermissions.permissionName, 'finance'));
  const [co] = await tx
    .select({ name: companies.companyName, email: users.email })
    .from(users)
    .leftJoin(companies, eq(companies.userId, users.id))
    .where(eq(users.id, companyUserId));
  await addNotifications(
    tx,
    admins.map((a) => ({
      userId: a.id,
      type: 'stripe_dispute_opened' as const,
      params: {
        company: co?.name ?? co?.email ?? '',
        amount: `$${formatCents(row.amountCents)}`,
        due: row.evidenceDueBy ? row.evidenceDueBy.toISOString().slice(0, 10) : '-',
      },
      link: '/admin?tab=finance',
    })),
    { mail: 'always' },
  );
}

async function heldOf(tx: Tx, row: DisputeRow) {
  const id = await accountFor(tx, 'dispute_held', row.userId, row.id);
  const [a] = await tx.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return { id, held: a?.balance ?? 0 };
}

/** won: the hold goes back to the company, the debt is forgiven */
async function win(tx: Tx, row: DisputeRow, now: Date) {
  const { id, held } = await heldOf(tx, row);
  if (held > 0) {
    await post(
      tx,
      {
        kind: 'dispute_release',
        memo: `stripe ${row.providerRef}`,
        idempotencyKey: `dispute:${row.id}:release`,
        lines: [
          { accountId: id, amountCents: -held },
          { accountId: await accountFor(tx, 'company_available', row.userId), amountCents: held },
        ],
      },
      now,
    );
  }
  await tx.update(stripeDisputes).set({ status: 'won', debtCents: 0, closedAt: now, updatedAt: now }).where(eq(stripeDisputes.id, row.id));
}

/** lost: the whole amount goes to Stripe — what is held, and what the company still owes (its debt, fronted) — plus the fee */
async function lose(tx: Tx, row: DisputeRow, d: StripeDispute, now: Date) {
  const { id, held } = await heldOf(tx, row);
  const owed = row.amountCents - held;
  await post(
    tx,
    {
      kind: 'dispute_loss',
      memo: `stripe ${row.providerRef}`,
      idempotencyKey: `dispute:${row.id}:loss`,
      lines: [
        ...(held > 0 ? [{ accountId: id, amountCents: -held }] : []),
        ...(owed > 0 ? [{ accountId: await accountFor(tx, 'world_company_debts', null), amountCents: -owed }] : []),
        { accountId: await accountFor(tx, 'world_provider_clearing', null), amountCents: row.amountCents },
      ],
    },
    now,
  );
  const fee = (d.balance_transactions ?? []).filter((b) => b.currency === 'usd').reduce((s, b) => s + b.fee, 0);
  if (fee > 0) {
    await post(
      tx,
      {
        kind: 'provider_fee',
        memo: `stripe ${row.providerRef}`,
        idempotencyKey: `dispute:${row.id}:fee`,
        lines: [
          { accountId: await accountFor(tx, 'world_provider_fees', null), amountCents: -fee },
          { accountId: await accountFor(tx, 'world_provider_clearing', null), amountCents: fee },
        ],
      },
      now,
    );
  }
  await tx.update(stripeDisputes).set({ status: 'lost', feeCents: fee, closedAt: now, updatedAt: now }).where(eq(stripeDisputes.id, row.id));
}

/**
 * Collects the company's chargeback debts from its available balance, oldest first, as far as it covers them (called
 * when money comes in, like due commissions, and from the wallet's pay button). While the dispute is open the money
 * goes into its hold; once lost, it pays back what the platform fronted (world_company_debts). Returns cents collected.
 */
export async function collectDisputeDebts(tx: Tx, companyUserId: string, now: Date): Promise<number> {
  const owed = await tx
    .select()
    .from(stripeDisputes)
    .where(and(eq(stripeDisputes.userId, companyUserId), gt(stripeDisputes.debtCents, 0), ne(stripeDisputes.status, 'won')))
    .orderBy(asc(stripeDisputes.createdAt), asc(stripeDisputes.id))
    .for('update');
  let total = 0;
  for (const row of owed) {
    const wallet = await lockedWallet(tx, companyUserId);
    const x = Math.min(wallet.balance, row.debtCents);
    if (x <= 0) break;
    const to = row.status === 'open' ? await accountFor(tx, 'dispute_held', companyUserId, row.id) : await accountFor(tx, 'world_company_debts', null);
    await post(
      tx,
      {
        kind: 'dispute_debt',
        memo: `stripe ${row.providerRef}`,
        idempotencyKey: `dispute:${row.id}:collect:${row.collectedCents}`,
        lines: [
          { accountId: wallet.id, amountCents: -x },
          { accountId: to, amountCents: x },
        ],
      },
      now,
    );
    await tx
      .update(stripeDisputes)
      .set({ debtCents: row.debtCents - x, collectedCents: row.collectedCents + x, updatedAt: now })
      .where(eq(stripeDisputes.id, row.id));
    total += x;
  }
  return total;
}

/** what the company owes for chargebacks (the wallet shows it; money in pays it first) */
export async function disputeDebtOf(db: AppContext['db'] | Tx, companyUserId: string): Promise<number> {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${stripeDisputes.debtCents}), 0)::text` })
    .from(stripeDisputes)
    .where(and(eq(stripeDisputes.userId, companyUserId), ne(stripeDisputes.status, 'won')));
  return Number(r?.total ?? 0);
}

/** 财务: the open disputes, the nearest evidence deadline first (or the closed ones, newest first) */
export async function listAdminDisputes(ctx: AppContext, status: 'open' | 'closed'): Promise<AdminStripeDispute[]> {
  const rows = await ctx.db
    .select({ d: stripeDisputes, email: users.email, companyName: companies.companyName })
    .from(stripeDisputes)
    .innerJoin(users, eq(users.id, stripeDisputes.userId))
    .leftJoin(companies, eq(companies.userId, stripeDisputes.userId))
    .where(status === 'open' ? eq(stripeDisputes.status, 'open') : inArray(stripeDisputes.status, ['won', 'lost']))
    .orderBy(status === 'open' ? sql`${stripeDisputes.evidenceDueBy} asc nulls last` : desc(stripeDisputes.closedAt))
    .limit(200);
  return rows.map(({ d, email, companyName }) => ({
    id: d.id,
    providerRef: d.providerRef,
    topupId: d.topupId,
    userId: d.userId,
    email,
    companyName,
    amountCents: d.amountCents,
    debtCents: d.debtCents,
    reason: d.reason,
    status: d.status as AdminStripeDispute['status'],
    stripeStatus: d.stripeStatus,
    evidenceDueBy: d.evidenceDueBy?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    closedAt: d.closedAt?.toISOString() ?? null,
  }));
}
