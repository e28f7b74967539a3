/**
 * Stripe's notifications for top-ups (decision 0055). POST /api/payments/webhook/stripe:
 *   - the signature is checked by the SDK over the raw body (bad or stale → 400, nothing changes);
 *   - checkout.session.completed with payment_status "paid", or checkout.session.async_payment_succeeded,
 *     credits the top-up's full amount exactly once: in one transaction the event id is recorded
 *     (payment_events), the top-up row is locked and must still be pending, and the entry `topup:<id>` is
 *     posted under its idempotency key — a replay, or two deliveries at once, move the money once;
 *   - an amount or a currency that differs from the top-up's is refused (400, nothing moves, the top-up stays
 *     pending for a person to look at);
 *   - checkout.session.expired and checkout.session.async_payment_failed end the top-up (failed);
 *   - any other event is answered 2xx and ignored.
 * The fee Stripe took is read afterwards from the charge's balance transaction and booked on the platform's
 * books (`topup:<id>:fee`: world_provider_fees ← world_provider_clearing); a job (`stripe.topup_fee`), scheduled
 * in the crediting transaction, books it later when Stripe has not made it yet or the process died first.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { paymentEvents, topups } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { registerJob, scheduleJob } from '../../platform/jobs';
import { stripeSessionShape, type StripeFee, type StripeSession } from '../../platform/stripe';
import { accountFor, post } from './ledger';
import { stripeProvider } from './providers';
import { lockTopup, succeed, type TopupRow } from './service';
import { handleConnectEvent, isConnectEvent } from './stripeConnect';
import { handleDisputeEvent } from './stripeDisputes';
import { handleRefundEvent } from './stripeRefunds';

export type StripeWebhookResult = { ok: true; duplicate: boolean };

const FEE_JOB = 'stripe.topup_fee';
const uuid = z.string().uuid();

type Use = 'paid' | 'maybe_paid' | 'failed' | 'expired';
const USED: Record<string, Use> = {
  'checkout.session.completed': 'maybe_paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

export async function handleStripeWebhook(ctx: AppContext, rawBody: string, signature: string | undefined): Promise<StripeWebhookResult> {
  const stripe = stripeProvider(ctx);
  if (!stripe) throw new AppError('NOT_FOUND');
  const ev = stripe.parseEvent(rawBody, signature, ctx.clock.nowMs());
  if (!ev) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  // connected accounts and payout transfers (decision 0058)
  if (isConnectEvent(ev.type)) return handleConnectEvent(ctx, ev);
  // refunds and disputes (decision 0057) have their own files
  const other = (await handleRefundEvent(ctx, ev)) ?? (await handleDisputeEvent(ctx, ev));
  if (other) return other;
  const use = USED[ev.type];
  if (!use) return { ok: true, duplicate: false };
  const parsed = stripeSessionShape.safeParse(ev.object);
  if (!parsed.success) throw new AppError('BAD_REQUEST');
  const session = parsed.data;
  const ref = session.metadata?.topupId ?? session.client_reference_id;
  // a session this platform did not make (another integration on the same Stripe account): not ours, acknowledged
  if (!ref || !uuid.safeParse(ref).success) return { ok: true, duplicate: false };

  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: 'stripe', eventId: ev.id, type: ev.type, topupId: null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    const row = await lockTopup(tx, eq(topups.id, ref));
    if (!row || row.method !== 'stripe' || row.providerRef !== session.id) {
      ctx.log.warn({ event: ev.id, type: ev.type }, 'stripe: an event for a Checkout Session no top-up knows');
      return { duplicate: !fresh, row: null };
    }
    await tx
      .update(paymentEvents)
      .set({ topupId: row.id })
      .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, ev.id)));
    if (!fresh || row.status !== 'pending') return { duplicate: true, row };
    await apply(ctx, tx, row, session, use, now);
    return { duplicate: false, row };
  });
  // the fee, now that the money has moved (outside the transaction: it asks Stripe); the job books it if this cannot
  if (outcome.row) await collectFee(ctx, outcome.row.id).catch((err: unknown) => feeLater(ctx, outcome.row!.id, err));
  return { ok: true, duplicate: outcome.duplicate };
}

async function apply(ctx: AppContext, tx: Tx, row: TopupRow, session: StripeSession, use: Use, now: Date) {
  if (use === 'failed' || use === 'expired') {
    await tx
      .update(topups)
      .set({ status: 'failed', failureReason: use === 'expired' ? 'expired' : 'payment_failed', updatedAt: now })
      .where(eq(topups.id, row.id));
    return;
  }
  // completed but not paid yet (a delayed method): async_payment_succeeded or _failed follows
  if (use === 'maybe_paid' && session.payment_status !== 'paid') return;
  if (session.amount_total !== row.amountCents || session.currency !== 'usd') {
    ctx.log.error({ topup: row.id, amount: session.amount_total, currency: session.currency }, 'stripe: paid amount or currency differs from the top-up');
    throw new AppError('TOPUP_AMOUNT_MISMATCH');
  }
  const pi = session.payment_intent;
  await tx
    .update(topups)
    .set({ paymentRef: typeof pi === 'string' ? pi : (pi?.id ?? null) })
    .where(eq(topups.id, row.id));
  await succeed(tx, { ...row, paymentRef: typeof pi === 'string' ? pi : (pi?.id ?? null) }, now, null);
  await scheduleJob(tx, { kind: FEE_JOB, key: `${FEE_JOB}:${row.id}`, runAt: new Date(now.getTime() + 60_000), payload: { topupId: row.id } });
}

/**
 * Books Stripe's fee for a succeeded top-up once (locked row, `fee_cents` still null, idempotency key
 * `topup:<id>:fee`): the platform's provider-fees account is debited and the clearing account credited, so the
 * clearing account holds what Stripe will pay out; the company's wallet is not touched.
 */
async function bookFee(tx: Tx, topupId: string, fee: NonNullable<StripeFee>, now: Date): Promise<boolean> {
  const row = await lockTopup(tx, eq(topups.id, topupId));
  if (!row || row.status !== 'succeeded' || row.feeCents !== null) return false;
  if (fee.currency !== 'usd') throw new Error(`stripe: the fee of top-up ${topupId} is in ${fee.currency}, not usd (the Stripe account must settle in USD)`);
  if (!Number.isSafeInteger(fee.feeCents) || fee.feeCents < 0) throw new Error(`stripe: the fee of top-up ${topupId} is not a cent amount`);
  if (fee.feeCents > 0) {
    const clearing = await accountFor(tx, 'world_provider_clearing', null);
    const fees = await accountFor(tx, 'world_provider_fees', null);
    await post(
      tx,
      {
        kind: 'provider_fee',
        memo: `stripe ${fee.balanceTransactionId}`,
        idempotencyKey: `topup:${topupId}:fee`,
        lines: [
          { accountId: fees, amountCents: -fee.feeCents },
          { accountId: clearing, amountCents: fee.feeCents },
        ],
      },
      now,
    );
  }
  await tx.update(topups).set({ feeCents: fee.feeCents, updatedAt: now }).where(eq(topups.id, topupId));
  return true;
}

/** reads the fee from Stripe and books it; false while Stripe has no balance transaction yet */
export async function collectFee(ctx: AppContext, topupId: string): Promise<boolean> {
  const stripe = stripeProvider(ctx);
  const [row] = await ctx.db.select().from(topups).where(eq(topups.id, topupId));
  if (!stripe || !row || row.method !== 'stripe' || row.status !== 'succeeded' || row.feeCents !== null || !row.paymentRef) return true;
  const fee = await stripe.feeOf(row.paymentRef, true);
  if (!fee) return false;
  await ctx.db.transaction((tx) => bookFee(tx, topupId, fee, ctx.clock.now()));
  return true;
}

function feeLater(ctx: AppContext, topupId: string, err: unknown) {
  ctx.log.warn({ topup: topupId, err: err instanceof Error ? err.message : String(err) }, 'stripe: the fee will be booked by the job');
}

// the job: when the webhook could not book the fee (not made yet, Stripe unreachable, the process died)
registerJob(FEE_JOB, async (ctx, tx, job) => {
  const topupId = String(job.payload.topupId);
  const stripe = stripeProvider(ctx);
  const row = await lockTopup(tx, eq(topups.id, topupId));
  if (!stripe || !row || row.status !== 'succeeded' || row.feeCents !== null || !row.paymentRef) return;
  const fee = await stripe.feeOf(row.paymentRef);
  // thrown: retried later with a growing delay (jobs), until Stripe has made the balance transaction
  if (!fee) throw new Error(`stripe: no balance transaction yet for top-up ${topupId}`);
  await bookFee(tx, topupId, fee, ctx.clock.now());
});
