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
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LedgerAccountKind } from '../../../shared/money';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerLines } from '../../db/schema';
import { AppError } from '../../platform/errors';

export type EntryInput = {
  kind: string;
  memo?: string;
  idempotencyKey: string;
  createdBy?: string | null;
  lines: { accountId: string; amountCents: number }[];
};
export type Posted = { entryId: string; replayed: boolean };

/** The account of `kind` for `ownerId` (null: a platform account), created on first use. */
export async function accountFor(tx: DbOrTx, kind: LedgerAccountKind, ownerId: string | null): Promise<string> {
  const find = async () => {
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), ownerId ? eq(ledgerAccounts.ownerId, ownerId) : isNull(ledgerAccounts.ownerId)))
      .limit(1);
    return row?.id ?? null;
  };
  const found = await find();
  if (found) return found;
  // two first uses at once: the unique index keeps one row, the other insert does nothing and reads it
  await tx.insert(ledgerAccounts).values({ kind, ownerId }).onConflictDoNothing();
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
      .where(
        and(
          eq(ledgerAccounts.id, l.accountId),
          sql`(${ledgerAccounts.kind} like 'world\\_%' or ${ledgerAccounts.balanceCents} + ${l.amountCents} >= 0)`,
        ),
      )
      .returning({ balance: ledgerAccounts.balanceCents });
    if (!moved) throw new AppError('WALLET_INSUFFICIENT');
    await tx.insert(ledgerLines).values({ entryId: inserted.id, accountId: l.accountId, amountCents: l.amountCents, balanceAfterCents: moved.balance, createdAt: now });
  }
  return { entryId: inserted.id, replayed: false };
}

/**
 * The invariants of the books, as text (none broken: []): every entry and all lines sum to zero, every
 * entry has two lines or more, each cached balance equals the sum of its lines and its last line's
 * running balance, no account but the outside world's is below zero, and a top-up has moved money
 * exactly when it succeeded, by its own amount. `npm run ledger:check` and every money test file run it.
 */
export async function checkLedger(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await queryRows<{ entry_id: string; total: string; n: string }>(
    db,
    sql`select entry_id, sum(amount_cents)::text as total, count(*)::text as n from ledger_lines group by entry_id having sum(amount_cents) <> 0 or count(*) < 2`,
  );
  for (const r of unbalanced) problems.push(`entry ${r.entry_id}: ${r.n} lines summing to ${r.total}`);
  const bare = await queryRows<{ id: string }>(db, sql`select e.id from ledger_entries e where not exists (select 1 from ledger_lines l where l.entry_id = e.id)`);
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
                   where e.idempotency_key = 'topup:' || t.id::text and a.kind = 'company_available' and a.owner_id = t.user_id))`,
  );
  for (const r of topupsOff) problems.push(`top-up ${r.id} (${r.status}) does not match the ledger`);
  return problems;
}
