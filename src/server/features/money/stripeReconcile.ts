/**
 * The daily reconciliation with Stripe (issue 39 item 6; decision 0059).
 *
 * For a UTC day, every balance transaction Stripe lists (`balanceTransactions.list`, created in the day, the source
 * expanded) is matched to what the books say about the same object — by the object's id, never by amount:
 *   - a charge (its payment intent = a Stripe top-up's payment_ref): the top-up's credit `topup:<id>` took the amount
 *     from world_provider_clearing and, when Stripe took a fee, `topup:<id>:fee` booked exactly that fee;
 *   - a refund (re_… = stripe_refunds.provider_ref): `refund:<id>` gave the amount back to the clearing account;
 *   - a dispute's withdrawal or reinstatement (dp_… = stripe_disputes.provider_ref): the dispute's amount; a lost one's
 *     loss and fee entries (`dispute:<id>:loss`, `:fee`) equal what Stripe took; an open one is held in dispute_held
 *     until it closes (the ledger check watches the hold), a won one needs no entry;
 *   - a transfer (tr_… = payouts.provider_ref): `payout:<id>:paid`; a transfer reversal: `payout:<id>:reversed`.
 * The other way round, every entry the books posted that day on the clearing account for such an object must have its
 * balance transaction at Stripe (looked up by source when it is not among the day's).
 * Anything else Stripe lists (its payouts to the platform's bank, its own billing) is counted as outside the books.
 * The day's result replaces an earlier run of the same day in one transaction.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AdminReconciliation, AdminReconciliationDifference } from '../../../shared/schemas/stripeMoney';
import type { PageQuery } from '../../../shared/schemas/common';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { payouts, stripeDisputes, stripeReconciliationDifferences, stripeReconciliations, stripeRefunds, topups, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { registerJob, scheduleJob } from '../../platform/jobs';
import { stripeProvider } from './providers';
import type { StripeProvider } from '../../platform/stripe';

export const RECONCILE_JOB = 'stripe.reconcile';
/** the daily job runs this long after the day ends (Stripe's balance transactions of late payments are made by then) */
const AFTER_DAY_MS = 2 * 3600_000;
const DAY_MS = 24 * 3600_000;

type Difference = Omit<AdminReconciliationDifference, 'id'>;
type ObjectType = Difference['objectType'];

export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** the clearing account's lines of the entries with these keys: key → sum (the key absent: no such entry) */
async function clearingByKey(db: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{ key: string; cents: string }>(
    db,
    sql`select e.idempotency_key as key, coalesce(sum(l.amount_cents) filter (where a.kind = 'world_provider_clearing'), 0)::text as cents
          from ledger_entries e
          join ledger_lines l on l.entry_id = e.id
          join ledger_accounts a on a.id = l.account_id
         where e.idempotency_key in ${sql.raw(`(${keys.map((k) => `'${k.replace(/'/g, "''")}'`).join(', ')})`)}
         group by e.idempotency_key`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.cents)]));
}

const idOf = (x: unknown): string | null => (typeof x === 'string' ? x : x && typeof x === 'object' && 'id' in x && typeof x.id === 'string' ? x.id : null);
const field = (x: unknown, name: string): unknown => (x && typeof x === 'object' && name in x ? (x as Record<string, unknown>)[name] : undefined);

type Txn = { id: string; type: string; amount: number; fee: number; net: number; source: unknown; reportingCategory: string };

/** what a balance transaction is about: our kind of object and the provider id we store for it */
function subjectOf(t: Txn): { type: ObjectType; ref: string } | null {
  const src = t.source;
  const srcId = idOf(src);
  if ((t.type === 'charge' || t.type === 'payment') && src && typeof src === 'object') {
    const pi = idOf(field(src, 'payment_intent'));
    return pi ? { type: 'topup', ref: pi } : null;
  }
  if ((t.type === 'refund' || t.type === 'payment_refund') && srcId) return { type: 'refund', ref: srcId };
  if (srcId?.startsWith('dp_') || srcId?.startsWith('du_') || field(src, 'object') === 'dispute') return srcId ? { type: 'dispute', ref: srcId } : null;
  if (t.type === 'transfer' && srcId) return { type: 'payout', ref: srcId };
  if ((t.type === 'transfer_refund' || t.type === 'transfer_cancel') && src && typeof src === 'object') {
    const tr = idOf(field(src, 'transfer'));
    return tr ? { type: 'payout', ref: tr } : null;
  }
  return null;
}

/** Reconciles one day with Stripe and stores the result (replacing an earlier one); throws only when not configured. */
export async function reconcileDay(ctx: AppContext, day: string, ranBy: string | null): Promise<AdminReconciliation> {
  const stripe = stripeProvider(ctx);
  if (!stripe) throw new AppError('STRIPE_NOT_CONFIGURED');
  const from = dayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  if (from.getTime() > ctx.clock.nowMs()) throw new AppError('RECONCILIATION_DAY_FUTURE');

  let result: { status: 'matched' | 'differences' | 'failed'; counts: Counts; differences: Difference[]; error: string | null };
  try {
    const txns: Txn[] = [];
    const list = stripe.client.balanceTransactions.list({
      created: { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) },
      limit: 100,
      expand: ['data.source'],
    });
    for await (const t of list) txns.push(asTxn(t));
    const { counts, differences } = await compare(ctx, stripe, txns, from, to);
    result = { status: differences.length ? 'differences' : 'matched', counts, differences, error: null };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Stripe could not be read: the day says so (an operator runs it again); nothing else is stored
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ day, err: message }, 'stripe reconciliation failed');
    result = { status: 'failed', counts: { transactions: 0, matched: 0, outside: 0, providerNetCents: 0 }, differences: [], error: message.slice(0, 500) };
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(stripeReconciliations).where(eq(stripeReconciliations.day, day));
    await tx.insert(stripeReconciliations).values({
      day,
      status: result.status,
      ...result.counts,
      differences: result.differences.length,
      error: result.error,
      ranBy,
      ranAt: now,
    });
    if (result.differences.length) await tx.insert(stripeReconciliationDifferences).values(result.differences.map((d) => ({ day, ...d })));
  });
  return getReconciliation(ctx.db, day);
}

type Counts = { transactions: number; matched: number; outside: number; providerNetCents: number };

function asTxn(t: Stripe.BalanceTransaction): Txn {
  return { id: t.id, type: t.type, amount: t.amount, fee: t.fee, net: t.net, source: t.source, reportingCategory: t.reporting_category };
}

async function compare(ctx: AppContext, stripe: StripeProvider, txns: Txn[], from: Date, to: Date): Promise<{ counts: Counts; differences: Difference[] }> {
  const db = ctx.db;
  const differences: Difference[] = [];
  const counts: Counts = { transactions: txns.length, matched: 0, outside: 0, providerNetCents: txns.reduce((s, t) => s + t.net, 0) };
  const subjects = txns.map((t) => ({ t, s: subjectOf(t) }));
  const refs = (type: ObjectType) => [...new Set(subjects.filter((x) => x.s?.type === type).map((x) => x.s!.ref))];

  // our rows for the day's objects, each read once
  const [tops, refs2, disputes, pays] = await Promise.all([
    refs('topup').length
      ? db
          .select()
          .from(topups)
          .where(inArray(topups.paymentRef, refs('topup')))
      : [],
    refs('refund').length
      ? db
          .select()
          .from(stripeRefunds)
          .where(inArray(stripeRefunds.providerRef, refs('refund')))
      : [],
    refs('dispute').length
      ? db
          .select()
          .from(stripeDisputes)
          .where(inArray(stripeDisputes.providerRef, refs('dispute')))
      : [],
    refs('payout').length
      ? db
          .select()
          .from(payouts)
          .where(inArray(payouts.providerRef, refs('payout')))
      : [],
  ]);
  const topupBy = new Map(tops.map((r) => [r.paymentRef!, r]));
  const refundBy = new Map(refs2.map((r) => [r.providerRef!, r]));
  const disputeBy = new Map(disputes.map((r) => [r.providerRef, r]));
  const payoutBy = new Map(pays.map((r) => [r.providerRef!, r]));
  const keys = [
    ...tops.flatMap((r) => [`topup:${r.id}`, `topup:${r.id}:fee`]),
    ...refs2.map((r) => `refund:${r.id}`),
    ...disputes.flatMap((r) => [`dispute:${r.id}:loss`, `dispute:${r.id}:fee`]),
    ...pays.flatMap((r) => [`payout:${r.id}:paid`, `payout:${r.id}:reversed`]),
  ];
  const books = await clearingByKey(db, keys);
  // the books' clearing lines count what left Stripe as +, what came in as −: Stripe's side is the opposite sign
  const booked = (...ks: string[]) => (ks.some((k) => books.has(k)) ? -ks.reduce((s, k) => s + (books.get(k) ?? 0), 0) : null);

  const seen = new Set<string>();
  for (const { t, s } of subjects) {
    const diff = (kind: Difference['kind'], type: ObjectType, objectId: string | null, bookCents: number | null, note: string) =>
      differences.push({ kind, objectType: type, objectId, transactionRef: t.id, sourceRef: s?.ref ?? idOf(t.source), providerCents: t.net, bookCents, note });
    if (!s) {
      if (t.type === 'charge' || t.type === 'payment' || t.type === 'refund' || t.type === 'transfer' || t.reportingCategory === 'dispute') {
        diff('missing_in_books', 'unknown', null, null, `Stripe ${t.type} the books cannot place`);
      } else counts.outside++;
      continue;
    }
    seen.add(`${s.type}:${s.ref}`);
    if (s.type === 'topup') {
      const r = topupBy.get(s.ref);
      if (!r) {
        diff('missing_in_books', 'topup', null, null, 'a payment that is no top-up');
        continue;
      }
      const got = booked(`topup:${r.id}`, `topup:${r.id}:fee`);
      if (got === t.net) counts.matched++;
      else diff(got === null ? 'missing_in_books' : 'amount_mismatch', 'topup', r.id, got, r.feeCents === null ? 'the fee is not booked yet' : 'credit − fee');
    } else if (s.type === 'refund') {
      const r = refundBy.get(s.ref);
      const got = r ? booked(`refund:${r.id}`) : null;
      if (r && got === t.net) counts.matched++;
      else if (r && got === null && (r.status === 'approved' || r.status === 'requested'))
        counts.matched++; // booked when Stripe confirms it
      else
        diff(got === null ? 'missing_in_books' : 'amount_mismatch', 'refund', r?.id ?? null, got, r ? `refund ${r.status}` : 'a refund the books do not know');
    } else if (s.type === 'dispute') {
      const r = disputeBy.get(s.ref);
      if (!r) {
        diff('missing_in_books', 'dispute', null, null, 'a dispute the books do not know');
      } else if (t.amount < 0 && r.amountCents !== -t.amount) {
        diff('amount_mismatch', 'dispute', r.id, -r.amountCents, `disputed amount (${r.status})`);
      } else if (t.amount > 0 && (r.status !== 'won' || r.amountCents !== t.amount)) {
        diff('amount_mismatch', 'dispute', r.id, r.status === 'won' ? r.amountCents : 0, `reinstated, but the dispute is ${r.status}`);
      } else if (t.amount < 0 && r.status === 'lost' && booked(`dispute:${r.id}:loss`, `dispute:${r.id}:fee`) !== t.net) {
        diff('amount_mismatch', 'dispute', r.id, booked(`dispute:${r.id}:loss`, `dispute:${r.id}:fee`), 'loss + fee');
      } else counts.matched++;
    } else {
      const r = payoutBy.get(s.ref);
      const key = t.type === 'transfer' ? `payout:${r?.id}:paid` : `payout:${r?.id}:reversed`;
      const got = r ? booked(key) : null;
      if (r && got === t.net) counts.matched++;
      else diff(got === null ? 'missing_in_books' : 'amount_mismatch', 'payout', r?.id ?? null, got, t.type === 'transfer' ? 'transfer' : 'transfer reversed');
    }
  }

  // the other way: what the books moved through the clearing account that day, each with its transaction at Stripe
  const posted = await queryRows<{ key: string; cents: string }>(
    db,
    sql`select e.idempotency_key as key, sum(l.amount_cents)::text as cents
          from ledger_entries e
          join ledger_lines l on l.entry_id = e.id
          join ledger_accounts a on a.id = l.account_id and a.kind = 'world_provider_clearing'
         where e.created_at >= ${from.toISOString()} and e.created_at < ${to.toISOString()}
           and (e.idempotency_key ~ '^topup:[0-9a-f-]{36}$' or e.idempotency_key ~ '^refund:[0-9a-f-]{36}$'
             or e.idempotency_key ~ '^payout:[0-9a-f-]{36}:paid$' or e.idempotency_key ~ '^dispute:[0-9a-f-]{36}:loss$')
         group by e.idempotency_key`,
  );
  for (const p of posted) {
    const [kind, id] = p.key.split(':');
    const found = await providerRefOf(db, kind, id);
    if (!found) continue;
    if (seen.has(`${found.type}:${found.ref}`)) continue;
    // a top-up's payment: its charge's balance transaction (the fee's lookup); the others by their source id
    const exists =
      found.type === 'topup'
        ? (await stripe.feeOf(found.ref).catch(unknownToStripe)) !== null
        : (await stripe.client.balanceTransactions.list({ source: found.ref, limit: 1 })).data.length > 0;
    if (!exists) {
      differences.push({
        kind: 'missing_at_provider',
        objectType: found.type,
        objectId: id,
        transactionRef: null,
        sourceRef: found.ref,
        providerCents: null,
        bookCents: -Number(p.cents),
        note: `${p.key} has no balance transaction at Stripe`,
      });
    }
  }
  return { counts, differences };
}

/** an object Stripe does not know (404 resource_missing) reads as none; any other failure fails the day */
function unknownToStripe(err: unknown): null {
  if (err && typeof err === 'object' && 'code' in err && err.code === 'resource_missing') return null;
  throw err;
}

/** the Stripe id the books' object is known by (a top-up: its payment intent) */
async function providerRefOf(db: DbOrTx, kind: string, id: string): Promise<{ type: ObjectType; ref: string } | null> {
  if (kind === 'topup') {
    const [r] = await db.select({ ref: topups.paymentRef, method: topups.method }).from(topups).where(eq(topups.id, id));
    return r?.ref && r.method === 'stripe' ? { type: 'topup', ref: r.ref } : null;
  }
  if (kind === 'refund') {
    const [r] = await db.select({ ref: stripeRefunds.providerRef }).from(stripeRefunds).where(eq(stripeRefunds.id, id));
    return r?.ref ? { type: 'refund', ref: r.ref } : null;
  }
  if (kind === 'payout') {
    const [r] = await db.select({ ref: payouts.providerRef, method: payouts.method }).from(payouts).where(eq(payouts.id, id));
    return r?.ref && r.method === 'stripe' ? { type: 'payout', ref: r.ref } : null;
  }
  const [r] = await db.select({ ref: stripeDisputes.providerRef }).from(stripeDisputes).where(eq(stripeDisputes.id, id));
  return r ? { type: 'dispute', ref: r.ref } : null;
}

// ---------------------------------------------------------------------------------------------
// reading the results

const runSelect = (db: DbOrTx) =>
  db.select({ r: stripeReconciliations, email: users.email }).from(stripeReconciliations).leftJoin(users, eq(users.id, stripeReconciliations.ranBy));

const toView = ({ r, email }: { r: typeof stripeReconciliations.$inferSelect; email: string | null }): AdminReconciliation => ({
  day: r.day,
  status: r.status as AdminReconciliation['status'],
  transactions: r.transactions,
  matched: r.matched,
  outside: r.outside,
  differences: r.differences,
  providerNetCents: r.providerNetCents,
  error: r.error,
  ranByEmail: email,
  ranAt: r.ranAt.toISOString(),
});

export async function getReconciliation(db: DbOrTx, day: string): Promise<AdminReconciliation> {
  const [row] = await runSelect(db).where(eq(stripeReconciliations.day, day));
  if (!row) throw new AppError('RECONCILIATION_NOT_FOUND');
  return toView(row);
}

/** the days reconciled, newest first */
export async function listReconciliations(db: DbOrTx, q: PageQuery) {
  const [rows, [{ n }]] = await Promise.all([
    runSelect(db)
      .orderBy(desc(stripeReconciliations.day))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(stripeReconciliations),
  ]);
  return { items: rows.map(toView), total: n, page: q.page, limit: q.limit };
}

/** a day's result and one page of its differences */
export async function reconciliationDay(db: DbOrTx, day: string, q: PageQuery) {
  const reconciliation = await getReconciliation(db, day);
  const rows = await db
    .select()
    .from(stripeReconciliationDifferences)
    .where(eq(stripeReconciliationDifferences.day, day))
    .orderBy(stripeReconciliationDifferences.id)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    reconciliation,
    items: rows.map((d) => ({
      id: d.id,
      kind: d.kind as AdminReconciliationDifference['kind'],
      objectType: d.objectType as ObjectType,
      objectId: d.objectId,
      transactionRef: d.transactionRef,
      sourceRef: d.sourceRef,
      providerCents: d.providerCents,
      bookCents: d.bookCents,
      note: d.note,
    })),
    total: reconciliation.differences,
    page: q.page,
    limit: q.limit,
  };
}

// ---------------------------------------------------------------------------------------------
// the daily job: each run reconciles its day and plans the next; started with the app when Stripe is configured

async function planDay(tx: DbOrTx, day: string) {
  await scheduleJob(tx, {
    kind: RECONCILE_JOB,
    key: `${RECONCILE_JOB}:${day}`,
    runAt: new Date(dayStart(day).getTime() + DAY_MS + AFTER_DAY_MS),
    payload: { day },
  });
}

/** plans yesterday's reconciliation (once: the job's key is the day); called when the job worker starts */
export async function planReconciliation(ctx: AppContext) {
  if (!stripeProvider(ctx)) return;
  await planDay(ctx.db, dayOf(new Date(ctx.clock.nowMs() - DAY_MS)));
}

registerJob(RECONCILE_JOB, async (ctx, tx: Tx, job) => {
  const day = String(job.payload.day);
  // the next day first: a failed day never stops the days after it
  await planDay(tx, dayOf(new Date(dayStart(day).getTime() + DAY_MS)));
  if (!stripeProvider(ctx)) return;
  // its own transaction (the result is written whatever this job's does); a failure to read Stripe is stored as `failed`
  return async () => {
    await reconcileDay(ctx, day, null);
  };
});
