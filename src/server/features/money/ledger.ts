/**
 * The double-entry ledger (decision 0018). Every movement of money is one call of `post()` inside the
 * transaction of the change that causes it:
 *   1. the entry is inserted under its idempotency key — a second post with the same key (a webhook
 *      delivered twice, a retried job) finds the first entry and moves nothing;
 *   2. the lines must sum to zero (checked here; a deferred trigger refuses a commit that breaks it);
 *   3. the accounts are locked in id order (no deadlock between two entries on the same accounts) and
 *      each balance moves with a conditional update that refuses to take a user's account below zero;
 *   4. the lines are inserted with the balance after each, which is the statement's running balance.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LedgerAccountKind } from '../../../shared/money';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerLines } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { checkPayouts } from './payoutLedger';
import { checkStripeMoney } from './stripeLedger';

const NO_ID = '00000000-0000-0000-0000-000000000000';
/**
 * The condition naming one account, written as the unique index (kind, coalesce(owner), coalesce(ref))
 * is, so that every lookup is an index probe however many per-deal accounts exist. `kinds`: one kind,
 * or several for a sum (the index's leading column).
 */
export function accountWhere(kinds: LedgerAccountKind | readonly LedgerAccountKind[], ownerId: string | null, refId: string | null = null): SQL {
  const kindCond =
    typeof kinds === 'string'
      ? sql`${ledgerAccounts.kind} = ${kinds}`
      : sql`${ledgerAccounts.kind} in ${sql.raw(`(${kinds.map((k) => `'${k}'`).join(', ')})`)}`;
  return sql`${kindCond} and coalesce(${ledgerAccounts.ownerId}, ${NO_ID}::uuid) = ${ownerId ?? NO_ID}::uuid and coalesce(${ledgerAccounts.refId}, ${NO_ID}::uuid) = ${refId ?? NO_ID}::uuid`;
}

export type EntryInput = {
  kind: string;
  memo?: string;
  idempotencyKey: string;
  createdBy?: string | null;
  lines: { accountId: string; amountCents: number }[];
};
export type Posted = { entryId: string; replayed: boolean };

/**
 * The account of `kind` for `ownerId` (null: a platform account), created on first use. Per-item
 * accounts name what they hold money for in `refId`: the deal (escrow, deposits_held) or the task
 * (prepaid_escrow).
 */
export async function accountFor(tx: DbOrTx, kind: LedgerAccountKind, ownerId: string | null, refId: string | null = null): Promise<string> {
  const find = async () => {
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(accountWhere(kind, ownerId, refId))
      .limit(1);
    return row?.id ?? null;
  };
  const found = await find();
  if (found) return found;
  // two first uses at once: the unique index keeps one row, the other insert does nothing and reads it
  await tx.insert(ledgerAccounts).values({ kind, ownerId, refId }).onConflictDoNothing();
  const id = await find();
  if (!id) throw new Error(`ledger account ${kind} could not be created`);
  return id;
}

/** The one way money moves. Must run inside a transaction (`tx`). */
export async function post(tx: Tx, entry: EntryInput, now: Date): Promise<Posted> {
  if (entry.lines.length < 2) throw new Error('ledger: an entry needs at least two lines');
  let sum = 0;
  for (const l of entry.lines) {
    if (!Number.isSafeInteger(l.amountCents) || l.amountCents === 0) throw new Error('ledger: line amounts are non-zero integer cents');
    sum += l.amountCents;
  }
  if (sum !== 0) throw new Error(`ledger: entry ${entry.idempotencyKey} does not balance (sum ${sum})`);

  const [inserted] = await tx
    .insert(ledgerEntries)
    .values({ kind: entry.kind, memo: entry.memo ?? '', idempotencyKey: entry.idempotencyKey, createdBy: entry.createdBy ?? null, createdAt: now })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  if (!inserted) {
    const [first] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, entry.idempotencyKey));
    if (!first) throw new Error('ledger: idempotent entry vanished');
    return { entryId: first.id, replayed: true };
  }

  const ids = [...new Set(entry.lines.map((l) => l.accountId))].sort();
  const locked = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for('update');
  if (locked.length !== ids.length) throw new Error('ledger: unknown account');

  for (const l of entry.lines) {
    const [moved] = await tx
      .update(ledgerAccounts)
      .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${l.amountCents}` })
      .where(and(eq(ledgerAccounts.id, l.accountId), sql`(${ledgerAccounts.kind} like 'world\\_%' or ${ledgerAccounts.balanceCents} + ${l.amountCents} >= 0)`))
      .returning({ balance: ledgerAccounts.balanceCents });
    if (!moved) throw new AppError('WALLET_INSUFFICIENT');
    await tx
      .insert(ledgerLines)
      .values({ entryId: inserted.id, accountId: l.accountId, amountCents: l.amountCents, balanceAfterCents: moved.balance, createdAt: now });
  }
  return { entryId: inserted.id, replayed: false };
}

/**
 * The invariants of the books, as text (none broken: []): every entry and all lines sum to zero, every
 * entry has two lines or more, each cached balance equals the sum of its lines and its last line's
 * running balance, no account but the outside world's is below zero, a top-up has moved money
 * exactly when it succeeded, by its own amount, its provider fee is booked as recorded, and the payouts match their
 * entries (checkPayouts).
 * `npm run ledger:check` and every money test file run it.
 */
export async function checkLedger(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await queryRows<{ entry_id: string; total: string; n: string }>(
    db,
    sql`select entry_id, sum(amount_cents)::text as total, count(*)::text as n from ledger_lines group by entry_id having sum(amount_cents) <> 0 or count(*) < 2`,
  );
  for (const r of unbalanced) problems.push(`entry ${r.entry_id}: ${r.n} lines summing to ${r.total}`);
  const bare = await queryRows<{ id: string }>(
    db,
    sql`select e.id from ledger_entries e where not exists (select 1 from ledger_lines l where l.entry_id = e.id)`,
  );
  for (const r of bare) problems.push(`entry ${r.id} has no lines`);
  const [all] = await queryRows<{ total: string }>(db, sql`select coalesce(sum(amount_cents), 0)::text as total from ledger_lines`);
  if (all && all.total !== '0') problems.push(`all lines sum to ${all.total}`);
  const drift = await queryRows<{ id: string; kind: string; balance: string; lines: string; last: string | null }>(
    db,
    sql`select a.id, a.kind, a.balance_cents::text as balance, coalesce(s.total, 0)::text as lines,
               (select l.balance_after_cents from ledger_lines l where l.account_id = a.id order by l.id desc limit 1)::text as last
          from ledger_accounts a
          left join (select account_id, sum(amount_cents) as total from ledger_lines group by account_id) s on s.account_id = a.id
         where a.balance_cents <> coalesce(s.total, 0)
            or a.balance_cents <> coalesce((select l.balance_after_cents from ledger_lines l where l.account_id = a.id order by l.id desc limit 1), 0)`,
  );
  for (const r of drift) problems.push(`account ${r.kind} ${r.id}: balance ${r.balance}, lines ${r.lines}, last running balance ${r.last ?? 'none'}`);
  const negative = await queryRows<{ id: string; kind: string; balance: string }>(
    db,
    sql`select id, kind, balance_cents::text as balance from ledger_accounts where kind not like 'world\\_%' and balance_cents < 0`,
  );
  for (const r of negative) problems.push(`account ${r.kind} ${r.id} below zero: ${r.balance}`);
  const topupsOff = await queryRows<{ id: string; status: string }>(
    db,
    sql`select t.id, t.status from topups t
         where (t.status = 'succeeded') <> exists (select 1 from ledger_entries e where e.idempotency_key = 'topup:' || t.id::text)
            or (t.status = 'succeeded' and t.amount_cents <> (
                  select coalesce(sum(l.amount_cents), 0) from ledger_lines l
                    join ledger_entries e on e.id = l.entry_id
                    join ledger_accounts a on a.id = l.account_id
                   where e.idempotency_key = 'topup:' || t.id::text and a.kind in ('company_available', 'influencer_available') and a.owner_id = t.user_id))`,
  );
  for (const r of topupsOff) problems.push(`top-up ${r.id} (${r.status}) does not match the ledger`);
  // the payment provider's fee (decision 0055): booked exactly when recorded on its top-up, by that amount
  const feesOff = await queryRows<{ id: string; fee: string | null }>(
    db,
    sql`select t.id, t.fee_cents::text as fee from topups t
         where coalesce(t.fee_cents, 0) <> coalesce((
                 select -sum(l.amount_cents) from ledger_lines l
                   join ledger_entries e on e.id = l.entry_id
                   join ledger_accounts a on a.id = l.account_id
                  where e.idempotency_key = 'topup:' || t.id::text || ':fee' and a.kind = 'world_provider_fees'), 0)`,
  );
  for (const r of feesOff) problems.push(`top-up ${r.id}: provider fee ${r.fee ?? 'none'} does not match the ledger`);
  problems.push(...(await checkEscrow(db)));
  problems.push(...(await checkPayouts(db)));
  problems.push(...(await checkStripeMoney(db)));
  return problems;
}

/**
 * Escrow per deal equals what its deal holds (decision 0022): an open deal's escrow holds its whole fee
 * once funded (less before, never more), a finished one holds nothing; a deposit is held exactly while
 * it is paid and the deal is open; a task's prepayment is held only while the task is open; a paid
 * commission has its entry and a due one has none.
 */
async function checkEscrow(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const escrow = await queryRows<{ id: string; status: string; held: string; fee: string; funded: boolean }>(
    db,
    sql`select d.id, d.status, coalesce(a.balance_cents, 0)::text as held, d.rate_cents::text as fee, d.fee_funded_at is not null as funded
          from deals d
          left join ledger_accounts a on a.kind = 'escrow' and a.ref_id = d.id
         where case
                 when d.status in ('completed', 'cancelled') then coalesce(a.balance_cents, 0) <> 0
                 when d.fee_funded_at is not null then coalesce(a.balance_cents, 0) <> d.rate_cents
                 else coalesce(a.balance_cents, 0) > d.rate_cents or (not d.money_tracked and coalesce(a.balance_cents, 0) <> 0)
               end`,
  );
  for (const r of escrow) problems.push(`deal ${r.id} (${r.status}${r.funded ? ', funded' : ''}): escrow holds ${r.held}, fee ${r.fee}`);
  const deposits = await queryRows<{ id: string; status: string; held: string; deposit: string }>(
    db,
    sql`select d.id, d.status, coalesce(a.balance_cents, 0)::text as held, d.deposit_cents::text as deposit
          from deals d
          left join ledger_accounts a on a.kind = 'deposits_held' and a.ref_id = d.id
         where coalesce(a.balance_cents, 0) <> case when d.deposit_paid_at is not null and d.status not in ('completed', 'cancelled') then d.deposit_cents else 0 end`,
  );
  for (const r of deposits) problems.push(`deal ${r.id} (${r.status}): deposit held ${r.held}, expected of ${r.deposit}`);
  const orphans = await queryRows<{ id: string; kind: string; balance: string }>(
    db,
    sql`select a.id, a.kind, a.balance_cents::text as balance from ledger_accounts a
         where a.balance_cents <> 0
           and ((a.kind in ('escrow', 'deposits_held') and not exists (select 1 from deals d where d.id = a.ref_id))
             or (a.kind = 'prepaid_escrow' and not exists (select 1 from tasks t where t.id = a.ref_id and t.status = 'open')))`,
  );
  for (const r of orphans) problems.push(`account ${r.kind} ${r.id} holds ${r.balance} for nothing open`);
  const commissions = await queryRows<{ id: string; status: string }>(
    db,
    sql`select d.id, d.commission_status as status from deals d
         where (d.commission_status = 'paid') <> exists (select 1 from ledger_entries e where e.idempotency_key = 'deal:' || d.id::text || ':commission')`,
  );
  for (const r of commissions) problems.push(`deal ${r.id}: commission ${r.status} does not match the ledger`);
  return problems;
}
