/**
 * The statement of a user's available balance (对账单): its lines newest first, keyset-paged, each naming what it
 * was for — the deal's task and influencer when the movement belongs to a deal (its ledger key `deal:<id>:…`), so an
 * agency or an influencer settling up reads names, not ids (issue 40, item 4) — and the same lines as a CSV.
 */
import { desc, eq, inArray, lt, and } from 'drizzle-orm';
import type { LedgerAccountKind } from '../../../shared/money';
import type { StatementLine } from '../../../shared/schemas/money';
import { deals, influencers, ledgerAccounts, ledgerEntries, ledgerLines } from '../../db/schema';
import { toCsv, type CsvValue } from '../../platform/csv';
import type { AppContext } from '../../platform/context';
import type { AuthUser } from '../../platform/session';
import { accountWhere } from './ledger';

export const availableKind = (user: AuthUser): LedgerAccountKind =>
  user.userType === 'company' ? 'company_available' : user.userType === 'agency' ? 'agency_available' : 'influencer_available';

export async function accountOf(ctx: AppContext, kind: LedgerAccountKind, ownerId: string) {
  const [a] = await ctx.db.select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(accountWhere(kind, ownerId));
  return a ?? null;
}

const DEAL_KEY = /^deal:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?::|$)/;

/** Lines of one account, newest first, older than `before` (keyset on the line id); the deals they name in one query. */
export async function statementLines(ctx: AppContext, accountId: string, before: number | undefined, limit: number): Promise<StatementLine[]> {
  const rows = await ctx.db
    .select({
      id: ledgerLines.id,
      entryId: ledgerLines.entryId,
      at: ledgerLines.createdAt,
      kind: ledgerEntries.kind,
      memo: ledgerEntries.memo,
      key: ledgerEntries.idempotencyKey,
      amountCents: ledgerLines.amountCents,
      balanceAfterCents: ledgerLines.balanceAfterCents,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(before ? and(eq(ledgerLines.accountId, accountId), lt(ledgerLines.id, before)) : eq(ledgerLines.accountId, accountId))
    .orderBy(desc(ledgerLines.id))
    .limit(limit);
  const dealIds = [...new Set(rows.flatMap((r) => DEAL_KEY.exec(r.key)?.[1] ?? []))];
  const named = new Map<string, NonNullable<StatementLine['deal']>>();
  if (dealIds.length > 0) {
    const found = await ctx.db
      .select({ id: deals.id, taskTitle: deals.taskTitle, influencerName: influencers.nickname })
      .from(deals)
      .innerJoin(influencers, eq(influencers.id, deals.influencerId))
      .where(inArray(deals.id, dealIds));
    for (const d of found) named.set(d.id, d);
  }
  return rows.map(({ key, ...r }) => ({ ...r, at: r.at.toISOString(), deal: named.get(DEAL_KEY.exec(key)?.[1] ?? '') ?? null }));
}

/**
 * GET /api/wallet/statement.csv: the whole statement, oldest first, amounts in integer cents like every amount of
 * the API (decision 0053: amount_cents, balance_cents), with the deal's task, influencer and id after them (new columns
 * last, so a reader of the old columns by position reads the same) where a line belongs to one; the file from the product's CSV writer (BOM, quoting, formulas neutralised).
 */
export async function statementCsv(ctx: AppContext, user: AuthUser): Promise<string> {
  const available = await accountOf(ctx, availableKind(user), user.id);
  const out: CsvValue[][] = [['date', 'type', 'memo', 'amount_cents', 'balance_cents', 'task', 'influencer', 'deal_id']];
  let before: number | undefined;
  const lines: StatementLine[] = [];
  if (available) {
    for (;;) {
      const page = await statementLines(ctx, available.id, before, 1000);
      lines.push(...page);
      if (page.length < 1000) break;
      before = page[page.length - 1].id;
    }
  }
  for (const l of lines.reverse())
    out.push([l.at, l.kind, l.memo, l.amountCents, l.balanceAfterCents, l.deal?.taskTitle ?? '', l.deal?.influencerName ?? '', l.deal?.id ?? '']);
  return toCsv(out);
}
