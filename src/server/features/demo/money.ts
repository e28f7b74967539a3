/**
 * Demo money (decision 0032). The seed books what it gives the demo accounts against its own outside-world
 * account, `world_demo` (entry kind `demo_grant`), never as a top-up. It never leaves the platform: what an
 * account was paid from world_demo or out of another demo account (a demo company's escrow, say) is demo
 * money, whether the account is a demo one or a real one. A payout may draw only on the rest.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client';
import { accountFor, post } from '../money';

/** The ledger accounts that hold demo money: world_demo, a demo user's own, and the per-deal / per-task accounts a demo user pays into. */
export const demoAccountIds = sql`(
  select a.id from ledger_accounts a
   where a.kind = 'world_demo'
      or a.owner_id in (select u.id from users u where u.is_demo)
      or (a.kind = 'escrow' and a.ref_id in (
            select d.id from deals d join companies c on c.id = d.company_id join users u on u.id = c.user_id where u.is_demo))
      or (a.kind = 'deposits_held' and a.ref_id in (
            select d.id from deals d join influencers i on i.id = d.influencer_id join users u on u.id = i.user_id where u.is_demo))
      or (a.kind = 'prepaid_escrow' and a.ref_id in (
            select t.id from tasks t join companies c on c.id = t.company_id join users u on u.id = c.user_id where u.is_demo)))`;

/** Gives a demo account demo money: world_demo → its available balance, once per call (its own key). */
export async function grantDemoMoney(db: Db, o: { userId: string; userType: 'company' | 'influencer'; cents: number }, at: Date) {
  return db.transaction(async (tx) => {
    const posted = await post(
      tx,
      {
        kind: 'demo_grant',
        memo: 'demo money',
        idempotencyKey: `demo:${o.userId}:grant:${at.getTime()}`,
        lines: [
          { accountId: await accountFor(tx, 'world_demo', null), amountCents: -o.cents },
          { accountId: await accountFor(tx, o.userType === 'company' ? 'company_available' : 'influencer_available', o.userId), amountCents: o.cents },
        ],
      },
      at,
    );
    return posted.entryId;
  });
}

/**
 * How much of `accountId`'s balance (a user's available balance) is demo money: what entries drawing on
 * world_demo or on another user's demo account paid into it (the user's own accounts are no source: a
 * returned payout is their own money back), at most the balance, and counted as still held even if some was
 * spent since — the safe side. A demo account's sandbox top-up is no demo money (the seed did not make it).
 * Call it in the transaction that moves the money, after locking the account, so that two payouts at once
 * cannot both take the same real money.
 */
export async function demoHeldIn(tx: Tx, user: { id: string }, accountId: string): Promise<{ balance: number; demo: number }> {
  const [row] = await queryRows<{ balance: string; any_demo: boolean }>(
    tx,
    sql`select a.balance_cents::text as balance, exists (select 1 from ledger_accounts w where w.kind = 'world_demo') or exists (select 1 from users u where u.is_demo) as any_demo
          from ledger_accounts a where a.id = ${accountId} for update`,
  );
  const balance = Number(row?.balance ?? 0);
  if (!row || !row.any_demo) return { balance, demo: 0 };
  const [received] = await queryRows<{ total: string }>(
    tx,
    sql`select coalesce(sum(l.amount_cents), 0)::text as total from ledger_lines l
         where l.account_id = ${accountId} and l.amount_cents > 0
           and exists (select 1 from ledger_lines o join ledger_accounts oa on oa.id = o.account_id
                        where o.entry_id = l.entry_id and o.amount_cents < 0 and o.account_id in ${demoAccountIds}
                          and oa.owner_id is distinct from ${user.id}::uuid)`,
  );
  return { balance, demo: Math.min(balance, Number(received?.total ?? 0)) };
}

export type DemoBalances = {
  /** demo accounts (users) */
  accounts: number;
  /** what the seed and later demo grants created (world_demo's balance, negated) */
  grantedCents: number;
  /** what demo users hold in the ledger, all accounts together (available, escrow, prepayments, deposits, in transit) */
  heldByDemoCents: number;
  /** demo fees among the platform's revenue (entries drawing on demo accounts) */
  platformFeeCents: number;
  /** real users' balances paid out of demo money */
  realUsers: { userId: string; cents: number }[];
};

/** The demo side of the books, for `npm run ledger:check` (reported apart from the real money). */
export async function demoBalances(db: DbOrTx): Promise<DemoBalances> {
  const [counts] = await queryRows<{ accounts: string; granted: string; held: string; fees: string }>(
    db,
    sql`select (select count(*) from users where is_demo)::text as accounts,
               (select coalesce(-sum(balance_cents), 0) from ledger_accounts where kind = 'world_demo')::text as granted,
               (select coalesce(sum(balance_cents), 0) from ledger_accounts where kind <> 'world_demo' and id in ${demoAccountIds})::text as held,
               (select coalesce(sum(l.amount_cents), 0) from ledger_lines l join ledger_accounts a on a.id = l.account_id
                 where a.kind = 'platform_fee_revenue'
                   and exists (select 1 from ledger_lines o where o.entry_id = l.entry_id and o.amount_cents < 0 and o.account_id in ${demoAccountIds}))::text as fees`,
  );
  const real = await queryRows<{ user_id: string; total: string }>(
    db,
    sql`select a.owner_id as user_id, least(a.balance_cents, sum(l.amount_cents))::text as total
          from ledger_lines l join ledger_accounts a on a.id = l.account_id
         where a.kind in ('company_available', 'influencer_available') and l.amount_cents > 0
           and a.owner_id in (select u.id from users u where not u.is_demo)
           and exists (select 1 from ledger_lines o where o.entry_id = l.entry_id and o.amount_cents < 0 and o.account_id in ${demoAccountIds})
         group by a.owner_id, a.balance_cents
        having least(a.balance_cents, sum(l.amount_cents)) > 0`,
  );
  return {
    accounts: Number(counts?.accounts ?? 0),
    grantedCents: Number(counts?.granted ?? 0),
    heldByDemoCents: Number(counts?.held ?? 0),
    platformFeeCents: Number(counts?.fees ?? 0),
    realUsers: real.map((r) => ({ userId: r.user_id, cents: Number(r.total) })),
  };
}
