/**
 * The books' check for Stripe refunds and disputes (decision 0057), part of checkLedger (`npm run ledger:check`):
 * a refund's hold holds its amount exactly while it is asked or approved; it was booked to Stripe exactly when it
 * succeeded and returned exactly when it failed or was rejected; no top-up is asked back beyond its amount; a dispute's
 * hold plus its debt is its amount while open and nothing once closed; a lost one has its loss entry and its fee as
 * recorded; what companies owe for lost chargebacks is what world_company_debts is owed.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

const keyed = (key: string) => sql.raw(`exists (select 1 from ledger_entries e where e.idempotency_key = ${key})`);

export async function checkStripeMoney(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const refunds = await queryRows<{ id: string; status: string; held: string }>(
    db,
    sql`select r.id, r.status, coalesce(a.balance_cents, 0)::text as held from stripe_refunds r
          left join ledger_accounts a on a.kind = 'refund_held' and a.ref_id = r.id
         where coalesce(a.balance_cents, 0) <> case when r.status in ('requested', 'approved') then r.amount_cents else 0 end
            or not ${keyed(`'refund:' || r.id::text || ':hold'`)}
            or (r.status = 'succeeded') <> ${keyed(`'refund:' || r.id::text`)}
            or (r.status in ('failed', 'rejected')) <> ${keyed(`'refund:' || r.id::text || ':return'`)}`,
  );
  for (const r of refunds) problems.push(`refund ${r.id} (${r.status}): holds ${r.held}, or its entries do not match its status`);
  const over = await queryRows<{ id: string }>(
    db,
    sql`select t.id from topups t
         where t.amount_cents < (select coalesce(sum(r.amount_cents), 0) from stripe_refunds r where r.topup_id = t.id and r.status in ('requested', 'approved', 'succeeded'))`,
  );
  for (const r of over) problems.push(`top-up ${r.id} is asked back beyond its amount`);
  const disputes = await queryRows<{ id: string; status: string; held: string }>(
    db,
    sql`select d.id, d.status, coalesce(a.balance_cents, 0)::text as held from stripe_disputes d
          left join ledger_accounts a on a.kind = 'dispute_held' and a.ref_id = d.id
         where (d.status = 'open' and coalesce(a.balance_cents, 0) + d.debt_cents <> d.amount_cents)
            or (d.status <> 'open' and coalesce(a.balance_cents, 0) <> 0)
            or (d.status = 'won' and d.debt_cents <> 0)
            or (d.status = 'lost') <> ${keyed(`'dispute:' || d.id::text || ':loss'`)}
            or coalesce(d.fee_cents, 0) <> coalesce((select -sum(l.amount_cents) from ledger_lines l
                  join ledger_entries e on e.id = l.entry_id join ledger_accounts w on w.id = l.account_id
                 where e.idempotency_key = 'dispute:' || d.id::text || ':fee' and w.kind = 'world_provider_fees'), 0)`,
  );
  for (const r of disputes) problems.push(`dispute ${r.id} (${r.status}): holds ${r.held}, or its entries do not match its status`);
  const [debts] = await queryRows<{ owed: string; booked: string }>(
    db,
    sql`select (select coalesce(sum(debt_cents), 0) from stripe_disputes where status = 'lost')::text as owed,
               (select coalesce(-sum(balance_cents), 0) from ledger_accounts where kind = 'world_company_debts')::text as booked`,
  );
  if (debts && debts.owed !== debts.booked) problems.push(`companies owe ${debts.owed} for lost chargebacks, the books say ${debts.booked}`);
  return problems;
}
