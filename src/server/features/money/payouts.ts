/**
 * Bank accounts and payouts (decision 0020). A company or an influencer keeps bank accounts (the number
 * sealed with AES-256-GCM, only its last four digits ever shown) and withdraws available balance to one:
 * the payout row and the entry `payout:<id>:request` (available → payouts_in_transit) are one
 * transaction, so a withdrawal over the balance leaves nothing behind. Finance (财务管理) then marks it
 * paid with the bank's reference (`payout:<id>:paid`: in transit → world_payouts_out) or returns it
 * (`payout:<id>:rejected`: in transit → available), the payout row locked, audited, the owner notified.
 */
import type { ListOf, PageQuery } from '../../../shared/schemas/common';
import { and, asc, count, desc, eq, isNull, ne } from 'drizzle-orm';
import { dollars, type LedgerAccountKind } from '../../../shared/money';
import type { DbOrTx } from '../../db/client';
import type { AdminPayout, AdminPayoutAnswer, BankAccount, BankAccountData, Payout, PayoutsResponse, PayoutStatus } from '../../../shared/schemas/payouts';
import { BANK_ACCOUNTS_MAX } from '../../../shared/schemas/payouts';
import { payoutWindow } from '../../../shared/workingDays';
import { payoutCalendar } from '../../platform/calendar';
import { bankAccounts, companies, influencers, payouts, userProfiles, users } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { sealer, type Sealer } from '../../platform/sealed';
import type { AuthUser } from '../../platform/session';
import { getSettings } from '../settings';
import { addNotifications, type NewNotification } from '../notifications';
import { demoHeldIn } from '../demo';
import { accountFor, post } from './ledger';
import { emitWebhookEvent } from '../webhooks';
import { scheduleJob } from '../../platform/jobs';
import { payableAccountOf, TRANSFER_JOB } from './stripeConnect';

type BankRow = typeof bankAccounts.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;

const sealers = new WeakMap<AppContext, Sealer>();
/** the sealer of bank account numbers (its key is derived from SECRET_KEY) */
export function accountNumbers(ctx: AppContext): Sealer {
  let s = sealers.get(ctx);
  if (!s) {
    s = sealer(ctx.config.secretKey, 'bank-account-number');
    sealers.set(ctx, s);
  }
  return s;
}

const availableKind = (user: { userType: string | null }): LedgerAccountKind =>
  user.userType === 'company' ? 'company_available' : user.userType === 'agency' ? 'agency_available' : 'influencer_available';

const bankView = (r: Pick<BankRow, 'id' | 'holderName' | 'bankName' | 'accountLast4' | 'createdAt'>): BankAccount => ({
  id: r.id,
  holderName: r.holderName,
  bankName: r.bankName,
  last4: r.accountLast4,
  createdAt: r.createdAt.toISOString(),
});

function payoutView(p: PayoutRow, b: Pick<BankRow, 'holderName' | 'bankName' | 'accountLast4'> | null): Payout {
  return {
    id: p.id,
    amountCents: p.amountCents,
    status: p.status as PayoutStatus,
    method: p.method === 'stripe' ? 'stripe' : 'bank',
    expectedBy: p.expectedBy,
    bank: b ? { holderName: b.holderName, bankName: b.bankName, last4: b.accountLast4 } : null,
    stripeAccountId: p.stripeAccountId,
    reference: p.reference ?? p.providerRef,
    rejectReason: p.rejectReason,
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// bank accounts

const liveAccountsOf = (userId: string) => and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt));

export async function listBankAccounts(ctx: AppContext, user: AuthUser): Promise<BankAccount[]> {
  const rows = await ctx.db.select().from(bankAccounts).where(liveAccountsOf(user.id)).orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
  return rows.map(bankView);
}

/** POST /api/wallet/bank-accounts: the number is sealed before it reaches the database; the answer shows its last four digits. */
export async function addBankAccount(ctx: AppContext, user: AuthUser, input: BankAccountData): Promise<BankAccount> {
  return ctx.db.transaction(async (tx) => {
    // one at a time per user, so that two adds at once cannot pass the limit together
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const live = await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(liveAccountsOf(user.id));
    if (live.length >= BANK_ACCOUNTS_MAX) throw new AppError('BANK_ACCOUNT_LIMIT', { max: BANK_ACCOUNTS_MAX });
    const [row] = await tx
      .insert(bankAccounts)
      .values({
        userId: user.id,
        holderName: input.holderName,
        bankName: input.bankName,
        accountNumberEnc: accountNumbers(ctx).seal(input.accountNumber, user.id),
        accountLast4: input.accountNumber.slice(-4),
        createdAt: ctx.clock.now(),
      })
      .returning();
    return bankView(row);
  });
}

/** DELETE /api/wallet/bank-accounts/:id: soft (payouts keep naming it); someone else's or a removed one is 404. */
export async function removeBankAccount(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  const done = await ctx.db
    .update(bankAccounts)
    .set({ removedAt: ctx.clock.now() })
    .where(and(eq(bankAccounts.id, id), liveAccountsOf(user.id)))
    .returning({ id: bankAccounts.id });
  if (done.length === 0) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
}

// ---------------------------------------------------------------------------------------------
// payouts

/** GET /api/wallet/payouts: the user's payouts (newest first), the minimum and when a payout requested now arrives. */
export async function listPayouts(ctx: AppContext, user: AuthUser, q: PageQuery): Promise<PayoutsResponse> {
  // one page in SQL (payouts_user_idx), `total` on the same filter (decision 0056)
  const where = eq(payouts.userId, user.id);
  const [settings, [{ total }], rows] = await Promise.all([
    getSettings(ctx),
    ctx.db.select({ total: count() }).from(payouts).where(where),
    ctx.db
      .select({ p: payouts, b: bankAccounts })
      .from(payouts)
      .leftJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return {
    items: rows.map((r) => payoutView(r.p, r.b)),
    total: Number(total),
    page: q.page,
    limit: q.limit,
    minCents: settings.payoutMinCents,
    expected: payoutWindow(ctx.clock.now(), payoutCalendar(settings)),
  };
}

/**
 * POST /api/wallet/payouts: at least the minimum, at most the available balance (WALLET_INSUFFICIENT) less
 * its demo money (DEMO_MONEY_PAYOUT, decision 0032), to one of the user's own live bank accounts, or (destination
 * stripe, decision 0058) to the user's linked Stripe account when it can receive payouts (STRIPE_ACCOUNT_NOT_READY),
 * whose transfer the job worker makes. The payout, its entry and that job are one transaction; two
 * withdrawals at once are ordered by the ledger's account lock, and the second one over the balance fails whole.
 */
export async function requestPayout(
  ctx: AppContext,
  user: AuthUser,
  input: { amountCents: number; bankAccountId?: string; destination?: 'bank' | 'stripe' },
): Promise<Payout> {
  const settings = await getSettings(ctx);
  if (input.amountCents < settings.payoutMinCents) throw new AppError('PAYOUT_BELOW_MINIMUM', { min: dollars(settings.payoutMinCents) });
  const now = ctx.clock.now();
  const expectedBy = payoutWindow(now, payoutCalendar(settings)).latest;
  const toStripe = input.destination === 'stripe';
  return ctx.db.transaction(async (tx) => {
    const stripeAccountId = toStripe ? await payableAccountOf(tx, ctx, user.id) : null;
    if (toStripe && !stripeAccountId) throw new AppError('STRIPE_ACCOUNT_NOT_READY');
    const [bank] = toStripe
      ? [null]
      : await tx
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.id, input.bankAccountId ?? ''), liveAccountsOf(user.id)));
    if (!toStripe && !bank) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    // demo money never leaves (decision 0032): the account is locked first, so two payouts at once see the same rest
    const available = await accountFor(tx, availableKind(user), user.id);
    const held = await demoHeldIn(tx, user, available);
    if (held.demo > 0 && input.amountCents > held.balance - held.demo) {
      throw new AppError('DEMO_MONEY_PAYOUT', { demo: dollars(held.demo), max: dollars(Math.max(0, held.balance - held.demo)) });
    }
    const [row] = await tx
      .insert(payouts)
      .values({
        userId: user.id,
        method: toStripe ? 'stripe' : 'bank',
        bankAccountId: bank?.id ?? null,
        stripeAccountId,
        amountCents: input.amountCents,
        status: 'requested',
        expectedBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const from = available;
    const transit = await accountFor(tx, 'payouts_in_transit', user.id);
    const posted = await post(
      tx,
      {
        kind: 'payout_request',
        memo: bank ? `${bank.bankName} •••• ${bank.accountLast4}` : `Stripe ${stripeAccountId}`,
        idempotencyKey: `payout:${row.id}:request`,
        createdBy: user.id,
        lines: [
          { accountId: from, amountCents: -row.amountCents },
          { accountId: transit, amountCents: row.amountCents },
        ],
      },
      now,
    );
    const [saved] = await tx.update(payouts).set({ requestEntryId: posted.entryId }).where(eq(payouts.id, row.id)).returning();
    // the worker transfers it now (decision 0058): committed with the payout, so neither exists without the other
    if (toStripe) await scheduleJob(tx, { kind: TRANSFER_JOB, key: `${TRANSFER_JOB}:${row.id}`, runAt: now, payload: { payoutId: row.id } });
    return payoutView(saved, bank);
  });
}

// ---------------------------------------------------------------------------------------------
// finance console

const adminPayoutSelect = (db: DbOrTx) =>
  db
    .select({
      p: payouts,
      b: bankAccounts,
      email: users.email,
      userType: userProfiles.userType,
      companyName: companies.companyName,
      nickname: influencers.nickname,
    })
    .from(payouts)
    .leftJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, payouts.userId))
    .leftJoin(companies, eq(companies.userId, payouts.userId))
    .leftJoin(influencers, eq(influencers.userId, payouts.userId));
type AdminPayoutRow = Awaited<ReturnType<ReturnType<typeof adminPayoutSelect>['execute']>>[number];
const adminPayoutView = (r: AdminPayoutRow): AdminPayout => ({
  ...payoutView(r.p, r.b),
  userId: r.p.userId,
  email: r.email,
  userType: r.userType ?? '',
  name: r.companyName ?? r.nickname ?? null,
  decidedBy: r.p.decidedBy,
});

/** 财务's payouts: one page in SQL (payouts_requested_idx for the waiting ones), `total` on the same filter (decision 0056). */
export async function listAdminPayouts(ctx: AppContext, status: 'requested' | 'done', q: PageQuery): Promise<ListOf<AdminPayout>> {
  const where = status === 'requested' ? eq(payouts.status, 'requested') : ne(payouts.status, 'requested');
  const [{ total }] = await ctx.db.select({ total: count() }).from(payouts).where(where);
  const rows = await adminPayoutSelect(ctx.db)
    .where(where)
    .orderBy(...(status === 'requested' ? [asc(payouts.createdAt), asc(payouts.id)] : [desc(payouts.decidedAt), desc(payouts.id)]))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(adminPayoutView), total: Number(total), page: q.page, limit: q.limit };
}

type Decision = { outcome: 'paid'; reference: string } | { outcome: 'rejected'; reason: string };

/**
 * 财务 → mark a requested payout paid (with the bank's reference) or return it (with a reason). The
 * payout row is locked: of two decisions at once the second finds it handled (PAYOUT_NOT_PENDING) and
 * moves nothing; the entry's key `payout:<id>:<outcome>` guards a replay besides.
 */
export async function decidePayout(ctx: AppContext, admin: AuthUser, id: string, d: Decision, ip: string | null): Promise<AdminPayoutAnswer> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx): Promise<NewNotification[]> => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!row) throw new AppError('PAYOUT_NOT_FOUND');
    if (row.status !== 'requested') throw new AppError('PAYOUT_NOT_PENDING');
    // a Stripe payout is paid by its transfer, never by hand; finance may only return one the worker gave up on (decision 0058)
    if (row.method === 'stripe' && d.outcome === 'paid') throw new AppError('PAYOUT_AUTOMATIC');
    const [owner] = await tx.select({ userType: userProfiles.userType }).from(userProfiles).where(eq(userProfiles.userId, row.userId));
    const transit = await accountFor(tx, 'payouts_in_transit', row.userId);
    const to =
      d.outcome === 'paid' ? await accountFor(tx, 'world_payouts_out', null) : await accountFor(tx, availableKind(owner ?? { userType: null }), row.userId);
    const posted = await post(
      tx,
      {
        kind: d.outcome === 'paid' ? 'payout_paid' : 'payout_rejected',
        memo: d.outcome === 'paid' ? d.reference : d.reason,
        idempotencyKey: `payout:${row.id}:${d.outcome}`,
        createdBy: admin.id,
        lines: [
          { accountId: transit, amountCents: -row.amountCents },
          { accountId: to, amountCents: row.amountCents },
        ],
      },
      now,
    );
    await tx
      .update(payouts)
      .set({
        status: d.outcome,
        decisionEntryId: posted.entryId,
        reference: d.outcome === 'paid' ? d.reference : null,
        rejectReason: d.outcome === 'rejected' ? d.reason : null,
        decidedBy: admin.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, 'requested')));
    const amount = dollars(row.amountCents);
    if (d.outcome === 'paid') {
      await emitWebhookEvent(tx, {
        accountIds: [row.userId],
        type: 'payout.paid',
        data: { payoutId: row.id, amountCents: row.amountCents, reference: d.reference },
        at: now,
      });
    }
    await audit(tx, {
      adminId: admin.id,
      action: d.outcome === 'paid' ? 'payout_paid' : 'payout_reject',
      description: d.outcome === 'paid' ? `提现已打款 ${amount}（流水号 ${d.reference}）` : `退回提现 ${amount}`,
      targetType: 'payout',
      targetId: row.id,
      before: { status: 'requested' },
      after:
        d.outcome === 'paid'
          ? { status: 'paid', amountCents: row.amountCents, reference: d.reference }
          : { status: 'rejected', amountCents: row.amountCents, reason: d.reason },
      ip,
    });
    return addNotifications(
      tx,
      [
        d.outcome === 'paid'
          ? { userId: row.userId, type: 'payout_paid', params: { amount, reference: d.reference }, link: '/wallet' }
          : { userId: row.userId, type: 'payout_rejected', params: { amount, reason: d.reason }, link: '/wallet' },
      ],
      { mail: true },
    );
  });
  const [r] = await adminPayoutSelect(ctx.db).where(eq(payouts.id, id)).limit(1);
  return { payout: adminPayoutView(r) };
}
