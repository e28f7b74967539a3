/**
 * 财务 in the admin console (issue 12): the books at a glance and the ledger search. Everything is read
 * from the ledger (decision 0018) in SQL — totals from the accounts' cached balances, revenue from the
 * platform fee account's lines — never summed in JavaScript row by row.
 *
 * Index use (no index was added for this): the revenue account's lines are reached through
 * `ledger_lines (account_id, id)` and only then filtered by time — that account gets at most two lines
 * per settled deal. The ledger search walks `ledger_lines` backwards by its primary key and keeps each
 * entry's first line, so an unfiltered page reads about a page of lines; its cursor is that line's id.
 */
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { isCalendarDay } from '../../../shared/dates';
import type { LedgerAccountKind } from '../../../shared/money';
import {
  FINANCE_ENTRIES_PAGE,
  FINANCE_REVENUE_DAYS,
  type FinanceOverview,
  type LedgerEntriesResponse,
  type LedgerEntry,
  type LedgerEntryKind,
} from '../../../shared/schemas/finance';
import { escapeLike, queryRows, type DbOrTx } from '../../db/client';
import { companies, influencers, ledgerAccounts, ledgerEntries, ledgerLines, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { beijingDayStart, businessDay } from '../../platform/beijingTime';

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_MS = 8 * 60 * 60 * 1000;
/** the start of a Shanghai day given as YYYY-MM-DD (a calendar day: the query's schema checked it) */

/** the platform fee revenue account's lines (reached through ledger_lines (account_id, id)) */
const revenueAccount = sql`(select a.id from ledger_accounts a where a.kind = 'platform_fee_revenue' and a.owner_id is null and a.ref_id is null)`;

/** Platform fee revenue posted in [from, to) — the admin overview's 今日收入 is today's (Shanghai day). */
export async function revenueBetween(db: DbOrTx, from: Date, to?: Date): Promise<number> {
  const [r] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(l.amount_cents), 0)::text as total from ledger_lines l
         where l.account_id = ${revenueAccount} and l.created_at >= ${from} ${to ? sql`and l.created_at < ${to}` : sql``}`,
  );
  return Number(r?.total ?? 0);
}

/** GET /api/admin/finance/overview */
export async function financeOverview(ctx: AppContext, q: { days?: number }): Promise<FinanceOverview> {
  const days = q.days ?? FINANCE_REVENUE_DAYS.default;
  const now = ctx.clock.now();
  const today = businessDay(now);
  const since = new Date(today.start.getTime() - (days - 1) * DAY_MS);
  const db = ctx.db;
  const [[totals], [pending], byDay] = await Promise.all([
    queryRows<Record<'company' | 'influencer' | 'escrow' | 'deposits' | 'transit' | 'revenue', string>>(
      db,
      sql`select coalesce(sum(balance_cents) filter (where kind = 'company_available'), 0)::text as company,
                 coalesce(sum(balance_cents) filter (where kind = 'influencer_available'), 0)::text as influencer,
                 coalesce(sum(balance_cents) filter (where kind in ('escrow', 'prepaid_escrow')), 0)::text as escrow,
                 coalesce(sum(balance_cents) filter (where kind = 'deposits_held'), 0)::text as deposits,
                 coalesce(sum(balance_cents) filter (where kind = 'payouts_in_transit'), 0)::text as transit,
                 coalesce(sum(balance_cents) filter (where kind = 'platform_fee_revenue'), 0)::text as revenue
            from ledger_accounts`,
    ),
    // each count reads a partial index (topups_pending_idx, payouts_requested_idx, deals_commission_due_idx)
    queryRows<Record<'transfers' | 'transfersCents' | 'payouts' | 'payoutsCents' | 'dues' | 'duesCents', string>>(
      db,
      sql`select t.n::text as transfers, t.c::text as "transfersCents", p.n::text as payouts, p.c::text as "payoutsCents", d.n::text as dues, d.c::text as "duesCents"
            from (select count(*) as n, coalesce(sum(amount_cents), 0) as c from topups where method = 'bank_transfer' and status = 'pending') t,
                 (select count(*) as n, coalesce(sum(amount_cents), 0) as c from payouts where status = 'requested') p,
                 (select count(*) as n, coalesce(sum(commission_cents), 0) as c from deals where commission_status = 'due') d`,
    ),
    queryRows<{ d: string; cents: string }>(
      db,
      sql`select to_char((l.created_at at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as d, sum(l.amount_cents)::text as cents
            from ledger_lines l
           where l.account_id = ${revenueAccount} and l.created_at >= ${since}
           group by 1`,
    ),
  ]);
  const perDay = new Map(byDay.map((r) => [r.d, Number(r.cents)]));
  const revenueByDay = Array.from({ length: days }, (_, i) => {
    const date = new Date(since.getTime() + OFFSET_MS + i * DAY_MS).toISOString().slice(0, 10);
    return { date, cents: perDay.get(date) ?? 0 };
  });
  return {
    currency: 'USD',
    totals: {
      companyWalletsCents: Number(totals.company),
      influencerWalletsCents: Number(totals.influencer),
      escrowHeldCents: Number(totals.escrow),
      depositsHeldCents: Number(totals.deposits),
      payoutsInTransitCents: Number(totals.transit),
      revenueCents: Number(totals.revenue),
    },
    pending: {
      bankTransfers: { count: Number(pending.transfers), amountCents: Number(pending.transfersCents) },
      payouts: { count: Number(pending.payouts), amountCents: Number(pending.payoutsCents) },
      commissionsDue: { count: Number(pending.dues), amountCents: Number(pending.duesCents) },
    },
    revenueByDay,
    today: today.date,
    computedAt: now.toISOString(),
  };
}

export type EntriesQuery = { q?: string; kind?: LedgerEntryKind; from?: string; to?: string; before?: number; limit?: number };

/**
 * GET /api/admin/finance/entries: entries newest first (posting order), each with its lines, the
 * accounts' kinds and owners. Two queries whatever the page size: the page of entries, then all of
 * their lines. `q` matches the idempotency key, the memo, or an owner's email, company name or
 * nickname; `kind` the entry's kind; `from`/`to` Shanghai days (both included).
 */
export async function searchEntries(ctx: AppContext, q: EntriesQuery): Promise<LedgerEntriesResponse> {
  const limit = Math.min(q.limit ?? FINANCE_ENTRIES_PAGE.default, FINANCE_ENTRIES_PAGE.max);
  // a service called with days the schema did not check still refuses them
  for (const day of [q.from, q.to]) if (day !== undefined && !isCalendarDay(day)) throw new AppError('DATE_INVALID');
  if (q.from && q.to && q.from > q.to) throw new AppError('DATE_RANGE_REVERSED');
  const from = q.from ? beijingDayStart(q.from) : null;
  const to = q.to ? beijingDayStart(q.to) : null;

  // the entry's first line stands for it: one row per entry, in posting order, cursor = its id
  const where: SQL[] = [sql`not exists (select 1 from ledger_lines p where p.entry_id = ${ledgerLines.entryId} and p.id < ${ledgerLines.id})`];
  if (q.before) where.push(lt(ledgerLines.id, q.before));
  if (from) where.push(sql`${ledgerLines.createdAt} >= ${from}`);
  if (to) where.push(sql`${ledgerLines.createdAt} < ${new Date(to.getTime() + DAY_MS)}`);
  if (q.kind) where.push(eq(ledgerEntries.kind, q.kind));
  const text = q.q?.trim();
  if (text) {
    const like = `%${escapeLike(text)}%`;
    where.push(sql`(${ledgerEntries.idempotencyKey} ilike ${like} or ${ledgerEntries.memo} ilike ${like} or exists (
      select 1 from ledger_lines x
        join ledger_accounts a on a.id = x.account_id
        join users u on u.id = a.owner_id
        left join companies c on c.user_id = u.id
        left join influencers i on i.user_id = u.id
       where x.entry_id = ${ledgerEntries.id} and (u.email ilike ${like} or c.company_name ilike ${like} or i.nickname ilike ${like})))`);
  }
  const rows = await ctx.db
    .select({
      id: ledgerEntries.id,
      seq: ledgerLines.id,
      kind: ledgerEntries.kind,
      memo: ledgerEntries.memo,
      idempotencyKey: ledgerEntries.idempotencyKey,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(...where))
    .orderBy(desc(ledgerLines.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  if (page.length === 0) return { items: [], nextBefore: null };

  const lines = await ctx.db
    .select({
      entryId: ledgerLines.entryId,
      accountKind: ledgerAccounts.kind,
      ownerId: ledgerAccounts.ownerId,
      refId: ledgerAccounts.refId,
      amountCents: ledgerLines.amountCents,
      email: users.email,
      companyName: companies.companyName,
      nickname: influencers.nickname,
    })
    .from(ledgerLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .leftJoin(users, eq(users.id, ledgerAccounts.ownerId))
    .leftJoin(companies, eq(companies.userId, ledgerAccounts.ownerId))
    .leftJoin(influencers, eq(influencers.userId, ledgerAccounts.ownerId))
    .where(
      inArray(
        ledgerLines.entryId,
        page.map((r) => r.id),
      ),
    )
    .orderBy(ledgerLines.id);
  const byEntry = new Map<string, LedgerEntry['lines']>();
  for (const l of lines) {
    const list = byEntry.get(l.entryId) ?? [];
    list.push({
      accountKind: l.accountKind as LedgerAccountKind,
      ownerId: l.ownerId,
      ownerName: l.companyName ?? l.nickname ?? null,
      ownerEmail: l.email,
      refId: l.refId,
      amountCents: l.amountCents,
    });
    byEntry.set(l.entryId, list);
  }
  return {
    items: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lines: byEntry.get(r.id) ?? [] })),
    nextBefore: more ? page[page.length - 1].seq : null,
  };
}
