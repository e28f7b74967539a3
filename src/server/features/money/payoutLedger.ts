/**
 * The payout invariants of the books (decision 0020), part of checkLedger(): every payout's request
 * entry moved its amount into the owner's payouts_in_transit; each user's money in transit is exactly
 * the sum of their requested payouts; a paid or rejected payout has its one decision entry (and not the
 * other), taking its amount out of transit; a requested payout has none. Stripe payouts (decision 0058): a reversed
 * payout was paid first and has its reversal entry `payout:<id>:reversed` (no other payout has one), putting its
 * amount back on the owner's available balance; a paid or reversed Stripe payout names its transfer (provider_ref).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

const key = (suffix: string) => sql.raw(`'payout:' || p.id::text || ':' || ${suffix}`);
/** what the entry of `suffix` moved on the owner's payouts_in_transit account */
const transitMoved = (suffix: string) =>
  sql`(select coalesce(sum(l.amount_cents), 0) from ledger_lines l
         join ledger_entries e on e.id = l.entry_id
         join ledger_accounts a on a.id = l.account_id
        where e.idempotency_key = ${key(suffix)} and a.kind = 'payouts_in_transit' and a.owner_id = p.user_id)`;
/** what the entry of `suffix` moved on the owner's available account (a reversed Stripe payout's return) */
const availableMoved = (suffix: string) =>
  sql`(select coalesce(sum(l.amount_cents), 0) from ledger_lines l
         join ledger_entries e on e.id = l.entry_id
         join ledger_accounts a on a.id = l.account_id
        where e.idempotency_key = ${key(suffix)} and a.kind in ('influencer_available', 'agency_available', 'company_available') and a.owner_id = p.user_id)`;
/** the decision a settled payout took: a reversed one was paid */
const DECIDED = "(case when p.status = 'reversed' then 'paid' else p.status end)";
const entryOf = (suffix: string) => sql`(select e.id from ledger_entries e where e.idempotency_key = ${key(suffix)})`;

export async function checkPayouts(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const requests = await queryRows<{ id: string; status: string }>(
    db,
    sql`select p.id, p.status from payouts p
         where p.request_entry_id is distinct from ${entryOf("'request'")}
            or p.amount_cents <> ${transitMoved("'request'")}`,
  );
  for (const r of requests) problems.push(`payout ${r.id} (${r.status}): its request entry does not move its amount into transit`);
  const decisions = await queryRows<{ id: string; status: string }>(
    db,
    sql`select p.id, p.status from payouts p
         where (p.status = 'requested' and (${entryOf("'paid'")} is not null or ${entryOf("'rejected'")} is not null))
            or (p.status <> 'requested' and (
                  p.decision_entry_id is distinct from ${entryOf(DECIDED)}
               or ${entryOf(`case when ${DECIDED} = 'paid' then 'rejected' else 'paid' end`)} is not null
               or ${transitMoved(DECIDED)} <> -p.amount_cents))`,
  );
  for (const r of decisions) problems.push(`payout ${r.id} (${r.status}): its decision entry does not match`);
  const reversals = await queryRows<{ id: string; status: string }>(
    db,
    sql`select p.id, p.status from payouts p
         where p.reversal_entry_id is distinct from ${entryOf("'reversed'")}
            or (p.status = 'reversed' and ${availableMoved("'reversed'")} <> p.amount_cents)
            or (p.method = 'stripe' and p.status in ('paid', 'reversed') and p.provider_ref is null)`,
  );
  for (const r of reversals) problems.push(`payout ${r.id} (${r.status}): its Stripe transfer or reversal does not match`);
  const transit = await queryRows<{ user_id: string; balance: string; requested: string }>(
    db,
    sql`with t as (select owner_id as user_id, balance_cents from ledger_accounts where kind = 'payouts_in_transit'),
             r as (select user_id, sum(amount_cents) as total from payouts where status = 'requested' group by user_id)
        select coalesce(t.user_id, r.user_id) as user_id, coalesce(t.balance_cents, 0)::text as balance, coalesce(r.total, 0)::text as requested
          from t full outer join r on r.user_id = t.user_id
         where coalesce(t.balance_cents, 0) <> coalesce(r.total, 0)`,
  );
  for (const r of transit) problems.push(`user ${r.user_id}: ${r.balance} in transit, but requested payouts add up to ${r.requested}`);
  return problems;
}
