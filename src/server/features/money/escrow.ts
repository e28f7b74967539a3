/**
 * Escrow, deposits, settlement and refunds (decision 0022). Each function posts through the ledger
 * inside the caller's transaction — the transaction of the task or deal change that causes it — under
 * an idempotency key naming the deal or task, so a retried job or a replayed request moves nothing.
 *
 * Accounts: `prepaid_escrow` (owner: the company's user, ref: the task) holds a prepayment made at
 * publishing; `escrow` (owner: the company's user, ref: the deal) holds the deal's fee;
 * `deposits_held` (owner: the influencer's user, ref: the deal) holds the influencer's deposit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { agencyCut, applyBps, computeSettlement, type LedgerAccountKind } from '../../../shared/money';
import type { DbOrTx, Tx } from '../../db/client';
import { agencies, deals, ledgerAccounts, tasks } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { accountFor, accountWhere, post } from './ledger';

type Parties = { companyUserId: string; influencerUserId: string };

/** the balance of an account, 0 when it was never used (no account is created by reading) */
export async function balanceOf(db: DbOrTx, kind: LedgerAccountKind, ownerId: string, refId: string | null = null): Promise<number> {
  const [a] = await db
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(accountWhere(kind, ownerId, refId));
  return a?.balance ?? 0;
}

/** the available balance, with the account row locked until the transaction ends (so a check then a post cannot race) */
async function lockedAvailable(tx: Tx, kind: 'company_available' | 'influencer_available', ownerId: string): Promise<{ id: string; balance: number }> {
  const id = await accountFor(tx, kind, ownerId);
  const [a] = await tx.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).for('update');
  return { id, balance: a?.balance ?? 0 };
}

const lines = (...ls: { accountId: string; amountCents: number }[]) => ls.filter((l) => l.amountCents !== 0);

/**
 * The agency's part of an influencer's net (after the platform fee) under a share of `percent` (decision 0044):
 * rounded down to the cent, the remainder stays with the influencer.
 */
export { agencyCut };

type AgencySplit = { userId: string; percent: number } | null;

/** The deal's agency (its user, for the wallet) and share, as snapshot on the deal. */
async function agencySplitOf(tx: DbOrTx, dealId: string): Promise<AgencySplit> {
  const [row] = await tx
    .select({ userId: agencies.userId, percent: deals.agencySharePercent })
    .from(deals)
    .innerJoin(agencies, eq(agencies.id, deals.agencyId))
    .where(eq(deals.id, dealId));
  return row && row.percent !== null ? { userId: row.userId, percent: row.percent } : null;
}

// ---------------------------------------------------------------------------------------------
// prepayment at publishing (tasks.is_advance_paid / paid_amount)

/** Publishing a prepaid task: the amount moves from the company's wallet into the task's prepaid escrow. */
export async function prepayTask(tx: Tx, input: { taskId: string; companyUserId: string; cents: number; now: Date }) {
  if (input.cents <= 0) return;
  const from = await accountFor(tx, 'company_available', input.companyUserId);
  const to = await accountFor(tx, 'prepaid_escrow', input.companyUserId, input.taskId);
  await post(
    tx,
    {
      kind: 'task_prepay',
      memo: `task ${input.taskId}`,
      idempotencyKey: `task:${input.taskId}:prepay`,
      createdBy: input.companyUserId,
      lines: [
        { accountId: from, amountCents: -input.cents },
        { accountId: to, amountCents: input.cents },
      ],
    },
    input.now,
  );
}

/** A task cancelled before anyone was accepted, or whose recruiting ended with slots unfilled: what is left of its prepayment goes back to the company's wallet. */
export async function refundTaskPrepayment(tx: Tx, input: { taskId: string; companyUserId: string; now: Date; createdBy: string | null }) {
  const held = await balanceOf(tx, 'prepaid_escrow', input.companyUserId, input.taskId);
  if (held <= 0) return;
  await post(
    tx,
    {
      kind: 'task_prepay_refund',
      memo: `task ${input.taskId}`,
      idempotencyKey: `task:${input.taskId}:prepay_refund`,
      createdBy: input.createdBy,
      lines: [
        { accountId: await accountFor(tx, 'prepaid_escrow', input.companyUserId, input.taskId), amountCents: -held },
        { accountId: await accountFor(tx, 'company_available', input.companyUserId), amountCents: held },
      ],
    },
    input.now,
  );
}

// ---------------------------------------------------------------------------------------------
// the deal's escrow

/**
 * Acceptance: the task's prepayment pays the deal's fee first. What exceeds the fee goes back to the
 * company's wallet when this deal fills the task's last slot (`releaseRest`); while the task still
 * recruits (several slots, decision 0025) it stays in the prepaid escrow for the next deal. Returns how
 * much of the fee is in escrow after it.
 */
export async function openDealEscrow(
  tx: Tx,
  input: { dealId: string; taskId: string; feeCents: number; parties: Parties; now: Date; releaseRest?: boolean },
): Promise<number> {
  const { companyUserId } = input.parties;
  const prepaid = await balanceOf(tx, 'prepaid_escrow', companyUserId, input.taskId);
  if (prepaid <= 0) return 0;
  const used = Math.min(prepaid, input.feeCents);
  const release = input.releaseRest ?? true;
  const out = release ? prepaid : used;
  if (out <= 0) return 0;
  await post(
    tx,
    {
      kind: 'deal_prepaid',
      memo: `deal ${input.dealId}`,
      idempotencyKey: `deal:${input.dealId}:prepaid`,
      createdBy: companyUserId,
      lines: lines(
        { accountId: await accountFor(tx, 'prepaid_escrow', companyUserId, input.taskId), amountCents: -out },
        { accountId: await accountFor(tx, 'escrow', companyUserId, input.dealId), amountCents: used },
        { accountId: await accountFor(tx, 'company_available', companyUserId), amountCents: out - used },
      ),
    },
    input.now,
  );
  return used;
}

/** 待付款: the company pays the rest of the fee from its wallet into the deal's escrow. */
export async function payDealFee(tx: Tx, input: { dealId: string; feeCents: number; parties: Parties; now: Date }) {
  const { companyUserId } = input.parties;
  const held = await balanceOf(tx, 'escrow', companyUserId, input.dealId);
  const due = input.feeCents - held;
  if (due <= 0) return;
  const wallet = await lockedAvailable(tx, 'company_available', companyUserId);
  if (wallet.balance < due) throw new AppError('WALLET_INSUFFICIENT', { needCents: due, availableCents: wallet.balance });
  await post(
    tx,
    {
      kind: 'deal_fee',
      memo: `deal ${input.dealId}`,
      idempotencyKey: `deal:${input.dealId}:fee`,
      createdBy: companyUserId,
      lines: [
        { accountId: wallet.id, amountCents: -due },
        { accountId: await accountFor(tx, 'escrow', companyUserId, input.dealId), amountCents: due },
      ],
    },
    input.now,
  );
}

/** 待付款: the influencer pays the deposit from their wallet; it is held for the deal. */
export async function payDealDeposit(tx: Tx, input: { dealId: string; depositCents: number; parties: Parties; now: Date }) {
  const { influencerUserId } = input.parties;
  const wallet = await lockedAvailable(tx, 'influencer_available', influencerUserId);
  if (wallet.balance < input.depositCents) throw new AppError('WALLET_INSUFFICIENT', { needCents: input.depositCents, availableCents: wallet.balance });
  await post(
    tx,
    {
      kind: 'deal_deposit',
      memo: `deal ${input.dealId}`,
      idempotencyKey: `deal:${input.dealId}:deposit`,
      createdBy: influencerUserId,
      lines: [
        { accountId: wallet.id, amountCents: -input.depositCents },
        { accountId: await accountFor(tx, 'deposits_held', influencerUserId, input.dealId), amountCents: input.depositCents },
      ],
    },
    input.now,
  );
}

/** The deposit leaves the hold: back to the influencer, or to the company when an admin awarded it. */
async function releaseDeposit(tx: Tx, d: { id: string; depositAwarded: boolean }, parties: Parties, now: Date) {
  const held = await balanceOf(tx, 'deposits_held', parties.influencerUserId, d.id);
  if (held <= 0) return;
  const to = d.depositAwarded
    ? await accountFor(tx, 'company_available', parties.companyUserId)
    : await accountFor(tx, 'influencer_available', parties.influencerUserId);
  await post(
    tx,
    {
      kind: d.depositAwarded ? 'deposit_awarded' : 'deposit_return',
      memo: `deal ${d.id}`,
      idempotencyKey: `deal:${d.id}:deposit_release`,
      lines: [
        { accountId: await accountFor(tx, 'deposits_held', parties.influencerUserId, d.id), amountCents: -held },
        { accountId: to, amountCents: held },
      ],
    },
    now,
  );
}

type DealMoney = {
  id: string;
  /** the agency and its share snapshot at the deal's creation (decision 0044); null = the influencer's alone */
  agencyId?: string | null;
  agencySharePercent?: number | null;
  taskId: string;
  moneyTracked: boolean;
  payoutPercent: number;
  platformFeeBps: number;
  commissionBps: number;
  reportGmvCents: number | null;
  depositAwarded: boolean;
};

/**
 * Completion: the escrow goes to the influencer less the platform fee (their share, when an admin
 * decided one; the rest back to the company), the commission on the confirmed GMV is charged to the
 * company and paid the same way — or left due when its wallet cannot cover it — and the deposit comes
 * back. Sets the deal's settlement and the task's is_settled / settlement_amount. Returns the patch
 * for the deal row (the caller writes it with the event).
 */
export async function settleDeal(tx: Tx, d: DealMoney, parties: Parties, now: Date): Promise<Partial<typeof deals.$inferInsert>> {
  if (!d.moneyTracked) return {};
  const { companyUserId, influencerUserId } = parties;
  // lock order: the company's wallet before the platform's accounts, as a top-up paying due commissions
  // takes them (the wallet, then the revenue account) — a settlement and a top-up cannot deadlock
  await lockedAvailable(tx, 'company_available', companyUserId);
  const escrowId = await accountFor(tx, 'escrow', companyUserId, d.id);
  const escrowCents = await balanceOf(tx, 'escrow', companyUserId, d.id);
  const s = computeSettlement({
    escrowCents,
    payoutPercent: d.payoutPercent,
    platformFeeBps: d.platformFeeBps,
    commissionBps: d.commissionBps,
    gmvCents: d.reportGmvCents,
  });
  const infAvail = await accountFor(tx, 'influencer_available', influencerUserId);
  const revenue = await accountFor(tx, 'platform_fee_revenue', null);
  const feeOnShare = s.feeOnShareCents;
  const split = d.agencyId ? await agencySplitOf(tx, d.id) : null;
  const net = s.feeShareCents - feeOnShare;
  const cut = agencyCut(net, split?.percent);
  const agencyAvail = split ? await accountFor(tx, 'agency_available', split.userId) : null;
  if (escrowCents > 0) {
    await post(
      tx,
      {
        kind: 'deal_settle',
        memo: `deal ${d.id}`,
        idempotencyKey: `deal:${d.id}:settle`,
        lines: lines(
          { accountId: escrowId, amountCents: -escrowCents },
          { accountId: infAvail, amountCents: net - cut },
          ...(agencyAvail ? [{ accountId: agencyAvail, amountCents: cut }] : []),
          { accountId: revenue, amountCents: feeOnShare },
          { accountId: await accountFor(tx, 'company_available', companyUserId), amountCents: s.refundCents },
        ),
      },
      now,
    );
  }
  await releaseDeposit(tx, d, parties, now);
  let commissionStatus: 'none' | 'due' | 'paid' = 'none';
  let commissionCut = 0;
  if (s.commissionCents > 0) {
    const charged = await chargeCommission(tx, { dealId: d.id, commissionCents: s.commissionCents, feeCents: s.feeOnCommissionCents, parties, split, now });
    commissionStatus = charged === null ? 'due' : 'paid';
    commissionCut = charged ?? 0;
  }
  const gross = s.feeShareCents + (commissionStatus === 'paid' ? s.commissionCents : 0);
  // a task with several slots adds up its deals' settlements (decision 0025)
  await tx
    .update(tasks)
    .set({ isSettled: true, settlementAmountCents: sql`coalesce(${tasks.settlementAmountCents}, 0) + ${gross}`, updatedAt: now })
    .where(eq(tasks.id, d.taskId));
  return {
    settledAt: now,
    settledGrossCents: gross,
    commissionCents: s.commissionCents > 0 ? s.commissionCents : null,
    commissionStatus,
    settledAgencyCents: split ? cut + commissionCut : null,
  };
}

/**
 * Charges a deal's commission to the company's wallet and pays it to the influencer less the platform
 * fee (split with the deal's agency like the fee, decision 0044). Null (nothing moved) when the wallet cannot
 * cover it: the commission stays due. Otherwise the agency's part in cents.
 */
async function chargeCommission(
  tx: Tx,
  i: { dealId: string; commissionCents: number; feeCents: number; parties: Pick<Parties, 'companyUserId' | 'influencerUserId'>; split: AgencySplit; now: Date },
): Promise<number | null> {
  const wallet = await lockedAvailable(tx, 'company_available', i.parties.companyUserId);
  if (wallet.balance < i.commissionCents) return null;
  const fee = i.feeCents;
  const cut = agencyCut(i.commissionCents - fee, i.split?.percent);
  await post(
    tx,
    {
      kind: 'deal_commission',
      memo: `deal ${i.dealId}`,
      idempotencyKey: `deal:${i.dealId}:commission`,
      lines: lines(
        { accountId: wallet.id, amountCents: -i.commissionCents },
        { accountId: await accountFor(tx, 'influencer_available', i.parties.influencerUserId), amountCents: i.commissionCents - fee - cut },
        ...(i.split ? [{ accountId: await accountFor(tx, 'agency_available', i.split.userId), amountCents: cut }] : []),
        { accountId: await accountFor(tx, 'platform_fee_revenue', null), amountCents: fee },
      ),
    },
    i.now,
  );
  return cut;
}

/**
 * Pays the company's due commissions, oldest first, as far as its wallet covers them (after a top-up
 * and from the wallet page). Returns how many were paid.
 */
export async function payDueCommissions(tx: Tx, companyUserId: string, now: Date): Promise<number> {
  const due = await tx
    .select({
      id: deals.id,
      taskId: deals.taskId,
      commissionCents: deals.commissionCents,
      platformFeeBps: deals.platformFeeBps,
      settledGrossCents: deals.settledGrossCents,
      settledAgencyCents: deals.settledAgencyCents,
      hasAgency: sql<boolean>`${deals.agencyId} is not null`,
      influencerUserId: sql<string>`(select i.user_id from influencers i where i.id = ${deals.influencerId})`,
    })
    .from(deals)
    .where(and(sql`${deals.companyId} = (select c.id from companies c where c.user_id = ${companyUserId})`, eq(deals.commissionStatus, 'due')))
    .orderBy(deals.completedAt, deals.id)
    .for('update');
  let paid = 0;
  for (const d of due) {
    const cents = d.commissionCents ?? 0;
    if (cents <= 0) continue;
    const cut = await chargeCommission(tx, {
      dealId: d.id,
      commissionCents: cents,
      feeCents: applyBps(cents, d.platformFeeBps),
      parties: { companyUserId, influencerUserId: d.influencerUserId },
      split: d.hasAgency ? await agencySplitOf(tx, d.id) : null,
      now,
    });
    if (cut === null) break;
    const gross = (d.settledGrossCents ?? 0) + cents;
    await tx
      .update(deals)
      .set({ commissionStatus: 'paid', settledGrossCents: gross, settledAgencyCents: d.hasAgency ? (d.settledAgencyCents ?? 0) + cut : null, updatedAt: now })
      .where(eq(deals.id, d.id));
    // the task's figure adds up all its deals (decision 0025): add this commission, never overwrite the others
    await tx
      .update(tasks)
      .set({ settlementAmountCents: sql`coalesce(${tasks.settlementAmountCents}, 0) + ${cents}`, updatedAt: now })
      .where(eq(tasks.id, d.taskId));
    paid++;
  }
  return paid;
}

/** whether the company owes a commission (it cannot publish until it is paid) */
export async function hasDueCommission(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.companyId, companyId), eq(deals.commissionStatus, 'due')))
    .limit(1);
  return Boolean(row);
}

/** Cancellation: the escrow goes back to the company, the deposit back to the influencer (or to the company when awarded). */
export async function refundDeal(tx: Tx, d: { id: string; depositAwarded: boolean }, parties: Parties, now: Date) {
  const held = await balanceOf(tx, 'escrow', parties.companyUserId, d.id);
  if (held > 0) {
    await post(
      tx,
      {
        kind: 'deal_refund',
        memo: `deal ${d.id}`,
        idempotencyKey: `deal:${d.id}:refund`,
        lines: [
          { accountId: await accountFor(tx, 'escrow', parties.companyUserId, d.id), amountCents: -held },
          { accountId: await accountFor(tx, 'company_available', parties.companyUserId), amountCents: held },
        ],
      },
      now,
    );
  }
  await releaseDeposit(tx, d, parties, now);
}
