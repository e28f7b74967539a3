/**
 * Wallets and top-ups (decision 0018). A company funds its wallet either through the payment provider
 * (the sandbox today: pending until the provider's signed notification arrives) or by bank transfer
 * with a reference code that an admin holding 财务管理 (finance) confirms. Either way the money moves in
 * ONE transaction with the top-up's change of state: the top-up row is locked, must still be pending,
 * and the entry `topup:<id>` (world_payments_in → company_available) is posted under that key — so a
 * notification delivered twice, or two confirmations at once, move the money once.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { ListOf, PageQuery } from '../../../shared/schemas/common';
import type { TopupMethod, TopupStatus } from '../../../shared/money';
import { formatCents, LEDGER_ACCOUNT_KINDS } from '../../../shared/money';
import type { AdminTopup, AdminTopupAnswer, Receipt, SandboxWebhookBody, Topup, WalletResponse } from '../../../shared/schemas/money';
import { sandboxWebhookBody } from '../../../shared/schemas/money';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { companies, deals, ledgerAccounts, ledgerEntries, ledgerLines, payouts, tasks, topups, userProfiles, users } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { AuthUser } from '../../platform/session';
import { payDueCommissions } from './escrow';
import { accountOf, availableKind, statementLines } from './statement';
import { collectDisputeDebts, disputeDebtOf } from './stripeDisputes';
import { sandboxProvider, stripeProvider, topupMethods } from './providers';

export { sandboxProvider } from './providers';
import { accountFor, post } from './ledger';
import { emitWebhookEvent } from '../webhooks';

export type TopupRow = typeof topups.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function topupView(r: TopupRow): Topup {
  const checkoutUrl = r.method === 'stripe' && r.status === 'pending' ? r.checkoutUrl : null;
  return {
    id: r.id,
    amountCents: r.amountCents,
    method: r.method as TopupMethod,
    status: r.status as TopupStatus,
    bankReference: r.bankReference,
    redirectUrl: r.method === 'sandbox' && r.status === 'pending' ? `/wallet/sandbox-pay/${r.id}` : checkoutUrl,
    checkoutUrl,
    failureReason: r.failureReason,
    createdAt: r.createdAt.toISOString(),
    confirmedAt: iso(r.confirmedAt),
  };
}

/** LC-XXXX-XXXX from letters and digits that cannot be misread (no 0/O, 1/I/L) */
function bankReferenceCode(): string {
  const abc = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const part = () => Array.from({ length: 4 }, () => abc[randomInt(abc.length)]).join('');
  return `LC-${part()}-${part()}`;
}

/**
 * POST /api/wallet/topups (companies): a pending top-up; Stripe and the sandbox answer with their checkout page, a
 * transfer with its reference code. A method this installation does not offer is refused (TOPUP_METHOD_UNAVAILABLE).
 */
export async function createTopup(ctx: AppContext, user: AuthUser, input: { amountCents: number; method: TopupMethod }): Promise<Topup> {
  if (!topupMethods(ctx).includes(input.method)) throw new AppError('TOPUP_METHOD_UNAVAILABLE');
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(topups)
    .values({
      userId: user.id,
      amountCents: input.amountCents,
      method: input.method,
      status: 'pending',
      provider: input.method === 'bank_transfer' ? null : input.method,
      bankReference: input.method === 'bank_transfer' ? bankReferenceCode() : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (input.method === 'sandbox') {
    const checkout = await sandboxProvider(ctx).createCheckout(row.amountCents, row.id);
    const [withRef] = await ctx.db.update(topups).set({ providerRef: checkout.providerRef }).where(eq(topups.id, row.id)).returning();
    return topupView(withRef);
  }
  const stripe = input.method === 'stripe' ? stripeProvider(ctx) : null;
  if (stripe) {
    let checkout: { providerRef: string; redirectUrl: string | null };
    try {
      checkout = await stripe.createCheckout(row.amountCents, row.id);
    } catch (err) {
      ctx.log.error({ topup: row.id, err: err instanceof Error ? err.message : String(err) }, 'stripe: the Checkout Session could not be created');
      await ctx.db
        .update(topups)
        .set({ status: 'failed', failureReason: 'provider_unavailable', updatedAt: ctx.clock.now() })
        .where(and(eq(topups.id, row.id), eq(topups.status, 'pending')));
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
    const [withRef] = await ctx.db
      .update(topups)
      .set({ providerRef: checkout.providerRef, checkoutUrl: checkout.redirectUrl })
      .where(eq(topups.id, row.id))
      .returning();
    return topupView(withRef);
  }
  return topupView(row);
}

/** GET /api/wallet/topups/:id: one of the signed-in user's own top-ups (the result page after Stripe's Checkout reads it) */
export async function getTopup(ctx: AppContext, user: AuthUser, id: string): Promise<Topup> {
  const [row] = await ctx.db
    .select()
    .from(topups)
    .where(and(eq(topups.id, id), eq(topups.userId, user.id)));
  if (!row) throw new AppError('TOPUP_NOT_FOUND');
  return topupView(row);
}

/** GET /api/wallet/topups: one page in SQL (topups_user_idx), `total` on the same filter (decision 0056). */
export async function listTopups(ctx: AppContext, user: AuthUser, q: PageQuery): Promise<ListOf<Topup>> {
  const where = eq(topups.userId, user.id);
  const [[{ total }], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(topups).where(where),
    ctx.db
      .select()
      .from(topups)
      .where(where)
      .orderBy(desc(topups.createdAt), desc(topups.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { items: rows.map(topupView), total: Number(total), page: q.page, limit: q.limit };
}

/**
 * Moves a locked, pending top-up's money and marks it succeeded (inside the caller's transaction). Stripe's money
 * comes in through the provider's clearing account (decision 0055): the wallet gets the full amount either way.
 */
export async function succeed(tx: Tx, row: TopupRow, now: Date, confirmedBy: string | null) {
  const [owner] = await tx.select({ userType: userProfiles.userType }).from(userProfiles).where(eq(userProfiles.userId, row.userId));
  const isCompany = owner?.userType === 'company';
  const from = await accountFor(tx, row.method === 'stripe' ? 'world_provider_clearing' : 'world_payments_in', null);
  const to = await accountFor(tx, isCompany ? 'company_available' : owner?.userType === 'agency' ? 'agency_available' : 'influencer_available', row.userId);
  const posted = await post(
    tx,
    {
      kind: 'topup',
      memo: row.method === 'bank_transfer' ? `bank_transfer ${row.bankReference ?? ''}`.trim() : row.method,
      idempotencyKey: `topup:${row.id}`,
      createdBy: confirmedBy,
      lines: [
        { accountId: from, amountCents: -row.amountCents },
        { accountId: to, amountCents: row.amountCents },
      ],
    },
    now,
  );
  await tx
    .update(topups)
    .set({ status: 'succeeded', entryId: posted.entryId, confirmedAt: now, confirmedBy, updatedAt: now })
    .where(and(eq(topups.id, row.id), eq(topups.status, 'pending')));
  // money in pays what the company owes first: commissions left due at settlement
  if (isCompany) await payDueCommissions(tx, row.userId, now);
  // and chargebacks it had already spent (decision 0057)
  if (isCompany) await collectDisputeDebts(tx, row.userId, now);
  await emitWebhookEvent(tx, {
    accountIds: [row.userId],
    type: 'topup.succeeded',
    data: { topupId: row.id, amountCents: row.amountCents, method: row.method },
    at: now,
  });
}

export async function lockTopup(tx: Tx, where: ReturnType<typeof eq>): Promise<TopupRow | null> {
  const [row] = await tx.select().from(topups).where(where).for('update');
  return row ?? null;
}

/**
 * POST /api/payments/webhook/sandbox: verifies the signature over the raw body (bad → 400, nothing
 * changes), then confirms or fails the top-up in one transaction. A repeated notification answers
 * `duplicate: true` and moves nothing.
 */
export async function handleSandboxWebhook(ctx: AppContext, rawBody: string, signature: string | undefined): Promise<{ ok: true; duplicate: boolean }> {
  if (!sandboxProvider(ctx).verifyWebhook(rawBody, signature, ctx.clock.nowMs())) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  const body = sandboxWebhookBody.safeParse(parsed);
  if (!body.success) throw new AppError('BAD_REQUEST');
  return applySandboxEvent(ctx, body.data);
}

async function applySandboxEvent(ctx: AppContext, ev: SandboxWebhookBody): Promise<{ ok: true; duplicate: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockTopup(tx, eq(topups.providerRef, ev.providerRef));
    if (!row || row.method !== 'sandbox') throw new AppError('TOPUP_NOT_FOUND');
    if (row.status !== 'pending') return { ok: true as const, duplicate: true };
    if (ev.type === 'checkout.failed') {
      await tx.update(topups).set({ status: 'failed', failureReason: 'payment_failed', updatedAt: now }).where(eq(topups.id, row.id));
      return { ok: true as const, duplicate: false };
    }
    if (ev.amountCents !== row.amountCents) throw new AppError('TOPUP_AMOUNT_MISMATCH');
    await succeed(tx, row, now, null);
    return { ok: true as const, duplicate: false };
  });
}

/**
 * The sandbox's "payment" (development only, the test checkout page): signs the notification the
 * provider would send and hands it to the same webhook handler, signature check included.
 */
export async function paySandbox(ctx: AppContext, user: AuthUser, topupId: string, outcome: 'succeeded' | 'failed') {
  const [row] = await ctx.db
    .select()
    .from(topups)
    .where(and(eq(topups.id, topupId), eq(topups.userId, user.id)));
  if (!row || row.method !== 'sandbox' || !row.providerRef) throw new AppError('TOPUP_NOT_FOUND');
  const raw = JSON.stringify({ id: `evt_${row.id}`, type: `checkout.${outcome}`, providerRef: row.providerRef, amountCents: row.amountCents });
  return handleSandboxWebhook(ctx, raw, sandboxProvider(ctx).sign(raw, ctx.clock.nowMs()));
}

// ---------------------------------------------------------------------------------------------
// finance console: bank transfers

const adminTopupSelect = (db: DbOrTx) =>
  db
    .select({ t: topups, email: users.email, companyName: companies.companyName })
    .from(topups)
    .innerJoin(users, eq(users.id, topups.userId))
    .leftJoin(companies, eq(companies.userId, topups.userId));
const adminTopupView = (r: { t: TopupRow; email: string; companyName: string | null }): AdminTopup => ({
  ...topupView(r.t),
  userId: r.t.userId,
  email: r.email,
  companyName: r.companyName,
  confirmedBy: r.t.confirmedBy,
});
/** One bank transfer as 财务's list shows it: what deciding on it answers (decision 0056). */
async function adminTopupOf(ctx: AppContext, id: string): Promise<AdminTopup> {
  const [r] = await adminTopupSelect(ctx.db).where(eq(topups.id, id)).limit(1);
  if (!r) throw new AppError('TOPUP_NOT_FOUND');
  return adminTopupView(r);
}

/** 财务's bank transfers: one page in SQL, `total` on the same filter (decision 0056). */
export async function listAdminTopups(ctx: AppContext, status: 'pending' | 'done', q: PageQuery): Promise<ListOf<AdminTopup>> {
  const where = and(eq(topups.method, 'bank_transfer'), status === 'pending' ? eq(topups.status, 'pending') : ne(topups.status, 'pending'));
  const [[{ total }], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(topups).innerJoin(users, eq(users.id, topups.userId)).where(where),
    adminTopupSelect(ctx.db)
      .where(where)
      .orderBy(...(status === 'pending' ? [asc(topups.createdAt), asc(topups.id)] : [desc(topups.updatedAt), desc(topups.id)]))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return {
    items: rows.map(adminTopupView),
    total: Number(total),
    page: q.page,
    limit: q.limit,
  };
}

/** 财务 → confirm a received bank transfer: the money moves, audited, in one transaction; a second confirmation gets TOPUP_NOT_PENDING. */
export async function confirmBankTransfer(ctx: AppContext, admin: AuthUser, id: string, ip: string | null): Promise<AdminTopupAnswer> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockTopup(tx, eq(topups.id, id));
    if (!row || row.method !== 'bank_transfer') throw new AppError('TOPUP_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('TOPUP_NOT_PENDING');
    await succeed(tx, row, now, admin.id);
    await audit(tx, {
      adminId: admin.id,
      action: 'topup_confirm',
      description: `确认银行转账 ${row.bankReference ?? ''} $${formatCents(row.amountCents)}`,
      targetType: 'topup',
      targetId: row.id,
      before: { status: 'pending' },
      after: { status: 'succeeded', amountCents: row.amountCents },
      ip,
    });
  });
  return { topup: await adminTopupOf(ctx, id) };
}

export async function rejectBankTransfer(ctx: AppContext, admin: AuthUser, id: string, reason: string, ip: string | null): Promise<AdminTopupAnswer> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockTopup(tx, eq(topups.id, id));
    if (!row || row.method !== 'bank_transfer') throw new AppError('TOPUP_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('TOPUP_NOT_PENDING');
    await tx.update(topups).set({ status: 'failed', failureReason: reason, confirmedBy: admin.id, updatedAt: now }).where(eq(topups.id, row.id));
    await audit(tx, {
      adminId: admin.id,
      action: 'topup_reject',
      description: `驳回银行转账 ${row.bankReference ?? ''}`,
      targetType: 'topup',
      targetId: row.id,
      before: { status: 'pending' },
      after: { status: 'failed', reason },
      ip,
    });
  });
  return { topup: await adminTopupOf(ctx, id) };
}

// ---------------------------------------------------------------------------------------------
// the wallet

/** GET /api/wallet: the signed-in company's or influencer's own balances and a statement page. */
export async function readWallet(ctx: AppContext, user: AuthUser, q: { before?: number; limit?: number }): Promise<WalletResponse> {
  const limit = q.limit ?? 20;
  const available = await accountOf(ctx, availableKind(user), user.id);
  const items = available ? await statementLines(ctx, available.id, q.before, limit + 1) : [];
  const more = items.length > limit;
  const page = more ? items.slice(0, limit) : items;
  const held = await heldFor(ctx, user);
  return {
    currency: 'USD',
    availableCents: available?.balance ?? 0,
    pendingCents: held.pendingCents,
    escrowCents: held.escrowCents,
    dueCommissions: user.userType === 'company' ? await dueCommissionsOf(ctx.db, user.id) : [],
    chargebackDebtCents: user.userType === 'company' ? await disputeDebtOf(ctx.db, user.id) : 0,
    statement: { items: page, nextBefore: more ? page[page.length - 1].id : null },
  };
}

/**
 * What is held for the user, from the ledger: a company's escrow (its deals' fees and its tasks'
 * prepayments); an influencer's pending earnings (the fees held for their open deals, before the
 * platform fee) and their deposits held.
 */
async function heldFor(ctx: AppContext, user: AuthUser): Promise<{ pendingCents: number; escrowCents: number }> {
  if (user.userType === 'company') {
    const [r] = await queryRows<{ total: string }>(
      ctx.db,
      sql`select coalesce(sum(balance_cents), 0)::text as total from ledger_accounts
           where kind in ('escrow', 'prepaid_escrow') and coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid) = ${user.id}::uuid`,
    );
    return { pendingCents: 0, escrowCents: Number(r?.total ?? 0) };
  }
  const [r] = await queryRows<{ pending: string; deposits: string }>(
    ctx.db,
    sql`select
          (select coalesce(sum(a.balance_cents), 0) from ledger_accounts a
             join deals d on d.id = a.ref_id
             join influencers i on i.id = d.influencer_id
            where a.kind = 'escrow' and i.user_id = ${user.id})::text as pending,
          (select coalesce(sum(balance_cents), 0) from ledger_accounts
            where kind = 'deposits_held' and coalesce(owner_id, '00000000-0000-0000-0000-000000000000'::uuid) = ${user.id}::uuid)::text as deposits`,
  );
  return { pendingCents: Number(r?.pending ?? 0), escrowCents: Number(r?.deposits ?? 0) };
}

async function dueCommissionsOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ dealId: deals.id, taskTitle: deals.taskTitle, amountCents: deals.commissionCents })
    .from(deals)
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .where(and(eq(companies.userId, userId), eq(deals.commissionStatus, 'due')))
    .orderBy(deals.completedAt);
  return rows.map((r) => ({ ...r, amountCents: r.amountCents ?? 0 }));
}

/** POST /api/wallet/commissions/pay: the company pays its due commissions from its balance, oldest first, as far as it covers them. */
export async function payCommissions(ctx: AppContext, user: AuthUser): Promise<{ paid: number; remaining: number }> {
  return ctx.db.transaction(async (tx) => {
    const paid = await payDueCommissions(tx, user.id, ctx.clock.now());
    await collectDisputeDebts(tx, user.id, ctx.clock.now());
    const remaining = (await dueCommissionsOf(tx, user.id)).length;
    if (paid === 0 && remaining > 0) throw new AppError('WALLET_INSUFFICIENT');
    return { paid, remaining };
  });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * GET /api/wallet/receipts/:entryId — one movement's receipt, for a user one of whose accounts it
 * touched (anyone else: 404). What it was for comes from its key: a deal or a task it names (the
 * reader is a party), a top-up's transfer code, a payout's bank reference.
 */
export async function readReceipt(ctx: AppContext, user: AuthUser, entryId: string): Promise<Receipt> {
  const rows = await ctx.db
    .select({
      kind: ledgerEntries.kind,
      key: ledgerEntries.idempotencyKey,
      at: ledgerEntries.createdAt,
      accountKind: ledgerAccounts.kind,
      ownerId: ledgerAccounts.ownerId,
      amountCents: ledgerLines.amountCents,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .where(eq(ledgerLines.entryId, entryId))
    .orderBy(ledgerLines.id);
  const first = rows[0];
  if (!first || !rows.some((r) => r.ownerId === user.id)) throw new AppError('NOT_FOUND');
  const ref = first.key.match(UUID)?.[0] ?? null;
  const prefix = first.key.split(':')[0];
  let deal: Receipt['deal'] = null;
  let task: Receipt['task'] = null;
  let reference: string | null = null;
  if (ref && prefix === 'deal') {
    const [d] = await ctx.db.select({ id: deals.id, title: deals.taskTitle }).from(deals).where(eq(deals.id, ref));
    deal = d ?? null;
  } else if (ref && prefix === 'task') {
    const [x] = await ctx.db.select({ id: tasks.id, title: tasks.title }).from(tasks).where(eq(tasks.id, ref));
    task = x ?? null;
  } else if (ref && prefix === 'topup') {
    const [x] = await ctx.db.select({ bankReference: topups.bankReference }).from(topups).where(eq(topups.id, ref));
    reference = x?.bankReference ?? null;
  } else if (ref && prefix === 'payout') {
    const [x] = await ctx.db.select({ reference: payouts.reference }).from(payouts).where(eq(payouts.id, ref));
    reference = x?.reference ?? null;
  }
  return {
    entryId,
    kind: first.kind,
    at: first.at.toISOString(),
    myAmountCents: rows.filter((r) => r.ownerId === user.id).reduce((s, r) => s + r.amountCents, 0),
    lines: rows.flatMap((r) => {
      const accountKind = LEDGER_ACCOUNT_KINDS.find((k) => k === r.accountKind);
      return accountKind ? [{ accountKind, mine: r.ownerId === user.id, amountCents: r.amountCents }] : [];
    }),
    deal,
    task,
    reference,
  };
}
