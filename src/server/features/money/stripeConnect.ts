/**
 * Payouts through Stripe Connect (issue 39 item 5; decision 0058).
 *
 * Linking: an influencer or an agency asks for an onboarding link; the first time, a Stripe Express account is
 * created (idempotency key `connect-account:<user id>`, metadata userId) and kept in `stripe_accounts`; Stripe's
 * Account Link sends the person to onboarding and back to /wallet (return) or to a fresh link (refresh). The
 * account's state is read again on that return and from every `account.updated` event: payouts are enabled when
 * Stripe says `payouts_enabled` and the transfers capability is active.
 *
 * Paying: a withdrawal to the linked account (payouts.ts `requestPayout`, destination stripe) moves the amount into
 * transit and schedules the job `stripe.payout_transfer`. The job locks the payout and makes a Stripe Transfer of the
 * amount to the connected account (idempotency key `payout:<id>`, metadata payoutId): the answer settles it paid
 * (`payout:<id>:paid`: transit → world_provider_clearing, the platform's Stripe balance), and records the transfer
 * (tr_…) in `provider_ref`. A transfer Stripe refuses for good (the account cannot receive it) returns the money
 * (`payout:<id>:rejected`); anything else (network, 5xx, 429, the platform's Stripe balance short) is thrown, and the
 * job runner retries it with its growing delay — the same idempotency key makes the retry return the same transfer.
 *
 * Events: `transfer.created` settles the payout too when the job's own commit was lost (whichever comes first
 * moves the money; the second finds it paid); `transfer.reversed` (fully reversed) returns the amount to the
 * user's available balance once (`payout:<id>:reversed`: world_provider_clearing → available; status reversed).
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { dollars, type LedgerAccountKind } from '../../../shared/money';
import type { StripeAccountView } from '../../../shared/schemas/payouts';
import type { Tx } from '../../db/client';
import { paymentEvents, payouts, stripeAccounts, userProfiles, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { registerJob } from '../../platform/jobs';
import type { AuthUser } from '../../platform/session';
import type { StripeEventSummary } from '../../platform/stripe';
import { addNotifications } from '../notifications';
import { emitWebhookEvent } from '../webhooks';
import { accountFor, post } from './ledger';
import { stripeProvider } from './providers';

export const TRANSFER_JOB = 'stripe.payout_transfer';
type PayoutRow = typeof payouts.$inferSelect;
type AccountRow = typeof stripeAccounts.$inferSelect;

// ---------------------------------------------------------------------------------------------
// the connected account

const accountShape = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('account'),
  details_submitted: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
  capabilities: z.record(z.string(), z.string()).nullish(),
});
type StripeAccountObject = z.infer<typeof accountShape>;

const view = (ctx: AppContext, row: AccountRow | undefined): StripeAccountView => ({
  offered: stripeProvider(ctx) !== null,
  status: !row ? 'not_linked' : row.payoutsEnabled ? 'enabled' : 'onboarding',
  accountId: row?.stripeAccountId ?? null,
});

async function rowOf(ctx: AppContext, userId: string): Promise<AccountRow | undefined> {
  const [row] = await ctx.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, userId));
  return row;
}

function client(ctx: AppContext): Stripe {
  const stripe = stripeProvider(ctx);
  if (!stripe) throw new AppError('NOT_FOUND');
  return stripe.client;
}

/** a failed call to Stripe, as the person sees it: 502, nothing stored */
function unavailable(ctx: AppContext, what: string, err: unknown): AppError {
  ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, `stripe connect: ${what} failed`);
  return new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
}

/** GET /api/wallet/stripe-account: the user's own link (never anyone else's: there is no way to name one) */
export async function getStripeAccount(ctx: AppContext, user: AuthUser): Promise<StripeAccountView> {
  return view(ctx, stripeProvider(ctx) ? await rowOf(ctx, user.id) : undefined);
}

/**
 * POST /api/wallet/stripe-account/link: the account (created once per user) and a fresh onboarding link to it.
 * Two requests at once make one account: Stripe answers both creations with the same account (the idempotency key
 * is the user's), and the row is inserted once.
 */
export async function linkStripeAccount(ctx: AppContext, user: AuthUser): Promise<{ url: string; account: StripeAccountView }> {
  const stripe = client(ctx);
  let row = await rowOf(ctx, user.id);
  if (!row) {
    const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    let created: Stripe.Account;
    try {
      created = await stripe.accounts.create(
        {
          type: 'express',
          email: me?.email,
          capabilities: { transfers: { requested: true } },
          metadata: { userId: user.id },
        },
        { idempotencyKey: `connect-account:${user.id}` },
      );
    } catch (err) {
      throw unavailable(ctx, 'creating the account', err);
    }
    const now = ctx.clock.now();
    await ctx.db
      .insert(stripeAccounts)
      .values({ userId: user.id, stripeAccountId: created.id, createdAt: now, updatedAt: now, ...stateOf(created) })
      .onConflictDoNothing();
    row = await rowOf(ctx, user.id);
    if (!row) throw new AppError('CONFLICT');
  }
  const site = ctx.config.siteUrl;
  try {
    const link = await stripe.accountLinks.create({
      account: row.stripeAccountId,
      type: 'account_onboarding',
      refresh_url: `${site}/wallet?connect=refresh`,
      return_url: `${site}/wallet?connect=return`,
    });
    return { url: link.url, account: view(ctx, row) };
  } catch (err) {
    throw unavailable(ctx, 'creating the onboarding link', err);
  }
}

/** POST /api/wallet/stripe-account/refresh: back from onboarding, the account's state read from Stripe now */
export async function refreshStripeAccount(ctx: AppContext, user: AuthUser): Promise<StripeAccountView> {
  const stripe = client(ctx);
  const row = await rowOf(ctx, user.id);
  if (!row) return view(ctx, undefined);
  let account: Stripe.Account;
  try {
    account = await stripe.accounts.retrieve(row.stripeAccountId);
  } catch (err) {
    throw unavailable(ctx, 'reading the account', err);
  }
  const parsed = accountShape.safeParse(account);
  if (!parsed.success) throw unavailable(ctx, 'reading the account', parsed.error);
  await applyAccount(ctx, parsed.data);
  return view(ctx, await rowOf(ctx, user.id));
}

const stateOf = (a: { details_submitted?: boolean | null; payouts_enabled?: boolean | null; capabilities?: { transfers?: string } | null }) => ({
  detailsSubmitted: a.details_submitted === true,
  payoutsEnabled: a.payouts_enabled === true && a.capabilities?.transfers === 'active',
});

async function applyAccount(ctx: AppContext, a: StripeAccountObject): Promise<void> {
  await ctx.db
    .update(stripeAccounts)
    .set({ ...stateOf(a), updatedAt: ctx.clock.now() })
    .where(eq(stripeAccounts.stripeAccountId, a.id));
}

/** the user's linked account when it can receive payouts now (requestPayout's destination stripe) */
export async function payableAccountOf(tx: Tx, ctx: AppContext, userId: string): Promise<string | null> {
  if (!stripeProvider(ctx)) return null;
  const [row] = await tx.select().from(stripeAccounts).where(eq(stripeAccounts.userId, userId));
  return row?.payoutsEnabled ? row.stripeAccountId : null;
}

// ---------------------------------------------------------------------------------------------
// settling a payout

const availableKind = (userType: string | null | undefined): LedgerAccountKind =>
  userType === 'company' ? 'company_available' : userType === 'agency' ? 'agency_available' : 'influencer_available';

async function lockPayout(tx: Tx, id: string): Promise<PayoutRow | null> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row ?? null;
}

async function ownerKind(tx: Tx, userId: string): Promise<LedgerAccountKind> {
  const [p] = await tx.select({ userType: userProfiles.userType }).from(userProfiles).where(eq(userProfiles.userId, userId));
  return availableKind(p?.userType);
}

/** transit → the platform's Stripe balance, once (the payout locked and still requested) */
async function settlePaid(tx: Tx, row: PayoutRow, transferId: string, now: Date): Promise<PayoutRow> {
  const transit = await accountFor(tx, 'payouts_in_transit', row.userId);
  const clearing = await accountFor(tx, 'world_provider_clearing', null);
  const posted = await post(
    tx,
    {
      kind: 'payout_paid',
      memo: `stripe ${transferId} → ${row.stripeAccountId}`,
      idempotencyKey: `payout:${row.id}:paid`,
      lines: [
        { accountId: transit, amountCents: -row.amountCents },
        { accountId: clearing, amountCents: row.amountCents },
      ],
    },
    now,
  );
  const [saved] = await tx
    .update(payouts)
    .set({ status: 'paid', providerRef: transferId, decisionEntryId: posted.entryId, decidedAt: now, updatedAt: now })
    .where(eq(payouts.id, row.id))
    .returning();
  const amount = dollars(row.amountCents);
  await emitWebhookEvent(tx, {
    accountIds: [row.userId],
    type: 'payout.paid',
    data: { payoutId: row.id, amountCents: row.amountCents, reference: transferId },
    at: now,
  });
  await addNotifications(tx, [{ userId: row.userId, type: 'payout_stripe_paid', params: { amount, reference: transferId }, link: '/wallet' }], {
    mail: true,
  });
  return saved;
}

/** transit → available, once: Stripe refused the transfer for good */
async function settleRefused(tx: Tx, row: PayoutRow, reason: string, now: Date): Promise<void> {
  const transit = await accountFor(tx, 'payouts_in_transit', row.userId);
  const available = await accountFor(tx, await ownerKind(tx, row.userId), row.userId);
  const posted = await post(
    tx,
    {
      kind: 'payout_rejected',
      memo: reason,
      idempotencyKey: `payout:${row.id}:rejected`,
      lines: [
        { accountId: transit, amountCents: -row.amountCents },
        { accountId: available, amountCents: row.amountCents },
      ],
    },
    now,
  );
  await tx
    .update(payouts)
    .set({ status: 'rejected', rejectReason: reason, decisionEntryId: posted.entryId, decidedAt: now, updatedAt: now })
    .where(eq(payouts.id, row.id));
  await addNotifications(tx, [{ userId: row.userId, type: 'payout_rejected', params: { amount: dollars(row.amountCents), reason }, link: '/wallet' }], {
    mail: true,
  });
}

/** the platform's Stripe balance → available, once: the transfer was reversed (the payout locked and paid) */
async function settleReversed(tx: Tx, row: PayoutRow, now: Date): Promise<void> {
  const clearing = await accountFor(tx, 'world_provider_clearing', null);
  const available = await accountFor(tx, await ownerKind(tx, row.userId), row.userId);
  const reason = `Stripe 转账已撤回 / transfer reversed (${row.providerRef})`;
  const posted = await post(
    tx,
    {
      kind: 'payout_rejected',
      memo: reason,
      idempotencyKey: `payout:${row.id}:reversed`,
      lines: [
        { accountId: clearing, amountCents: -row.amountCents },
        { accountId: available, amountCents: row.amountCents },
      ],
    },
    now,
  );
  await tx.update(payouts).set({ status: 'reversed', reversalEntryId: posted.entryId, rejectReason: reason, updatedAt: now }).where(eq(payouts.id, row.id));
  await addNotifications(tx, [{ userId: row.userId, type: 'payout_rejected', params: { amount: dollars(row.amountCents), reason }, link: '/wallet' }], {
    mail: true,
  });
}

/** Stripe refused for good: a request it will refuse again (the account cannot receive transfers); not a short balance */
const refusedForGood = (err: unknown): err is Stripe.errors.StripeError =>
  (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripePermissionError) && err.code !== 'balance_insufficient';

// the worker: one transfer per payout, whatever happens around it
registerJob(TRANSFER_JOB, async (ctx, tx, job) => {
  const row = await lockPayout(tx, String(job.payload.payoutId));
  if (!row || row.method !== 'stripe' || row.status !== 'requested' || !row.stripeAccountId) return;
  const stripe = stripeProvider(ctx);
  // thrown: retried later (STRIPE_SECRET_KEY taken away meanwhile: finance may return it, decision 0058)
  if (!stripe) throw new Error(`stripe: not configured; payout ${row.id} waits`);
  let transfer: Stripe.Transfer;
  try {
    transfer = await stripe.client.transfers.create(
      {
        amount: row.amountCents,
        currency: 'usd',
        destination: row.stripeAccountId,
        description: `Payout ${row.id}`,
        transfer_group: `payout:${row.id}`,
        metadata: { payoutId: row.id },
      },
      // the job is the retry (with its growing delay): one try per run, under the payout's key
      { idempotencyKey: `payout:${row.id}`, maxNetworkRetries: 0 },
    );
  } catch (err) {
    if (refusedForGood(err)) {
      ctx.log.warn({ payout: row.id, code: err.code, err: err.message }, 'stripe: transfer refused; the payout is returned');
      await settleRefused(tx, row, `Stripe: ${err.code ?? err.type}`, ctx.clock.now());
      return;
    }
    throw err;
  }
  await settlePaid(tx, row, transfer.id, ctx.clock.now());
});

// ---------------------------------------------------------------------------------------------
// Stripe's events about accounts and transfers (dispatched from the Stripe webhook, stripeTopups.ts)

const transferShape = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('transfer'),
  amount: z.number().int(),
  amount_reversed: z.number().int().nullish(),
  currency: z.string(),
  destination: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  reversed: z.boolean().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
type Transfer = z.infer<typeof transferShape>;

const CONNECT_EVENTS = new Set(['account.updated', 'transfer.created', 'transfer.reversed', 'transfer.updated']);
export const isConnectEvent = (type: string) => CONNECT_EVENTS.has(type);

const uuid = z.string().uuid();

/** one event about a connected account or a transfer; 2xx for what is not ours */
export async function handleConnectEvent(ctx: AppContext, ev: StripeEventSummary): Promise<{ ok: true; duplicate: boolean }> {
  if (ev.type === 'account.updated') {
    const a = accountShape.safeParse(ev.object);
    if (!a.success) throw new AppError('BAD_REQUEST');
    await applyAccount(ctx, a.data);
    return { ok: true, duplicate: false };
  }
  const parsed = transferShape.safeParse(ev.object);
  if (!parsed.success) throw new AppError('BAD_REQUEST');
  const tr = parsed.data;
  const payoutId = tr.metadata?.payoutId;
  // a transfer this platform did not make for a payout (made in the dashboard, another integration): acknowledged
  if (!payoutId || !uuid.safeParse(payoutId).success) return { ok: true, duplicate: false };
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: 'stripe', eventId: ev.id, type: ev.type, topupId: null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    let row = await lockPayout(tx, payoutId);
    if (!row || row.method !== 'stripe' || !matches(row, tr)) {
      ctx.log.error({ event: ev.id, transfer: tr.id, payout: payoutId }, 'stripe: a transfer event that matches no Stripe payout');
      return { ok: true, duplicate: !fresh };
    }
    if (row.status === 'rejected') {
      // returned to the wallet (finance, after the worker gave up) although Stripe did make the transfer: the money left twice
      ctx.log.error(
        { event: ev.id, transfer: tr.id, payout: row.id },
        'stripe: a transfer exists for a returned payout — reverse the transfer in Stripe (its reversal is then acknowledged, nothing moves here)',
      );
      return { ok: true, duplicate: !fresh };
    }
    let moved = false;
    // the transfer exists: a payout still requested (the job's own commit lost) is paid by it
    if (row.status === 'requested') {
      row = await settlePaid(tx, row, tr.id, now);
      moved = true;
    }
    const fully = tr.reversed === true || (tr.amount_reversed ?? 0) >= tr.amount;
    if ((ev.type === 'transfer.reversed' || ev.type === 'transfer.updated') && fully && row.status === 'paid') {
      await settleReversed(tx, row, now);
      moved = true;
    } else if (ev.type === 'transfer.reversed' && !fully) {
      // a partial reversal is a person's decision in the dashboard; it is not booked here (decision 0058)
      ctx.log.error({ transfer: tr.id, payout: row.id, reversed: tr.amount_reversed }, 'stripe: a partial transfer reversal is not booked');
    }
    return { ok: true, duplicate: !moved };
  });
}

function matches(row: PayoutRow, tr: Transfer): boolean {
  const dest = typeof tr.destination === 'string' ? tr.destination : tr.destination?.id;
  return tr.amount === row.amountCents && tr.currency === 'usd' && dest === row.stripeAccountId && (row.providerRef === null || row.providerRef === tr.id);
}
