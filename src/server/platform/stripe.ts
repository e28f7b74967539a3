/**
 * The Stripe payment provider (decision 0055), behind the PaymentProvider interface, with the official
 * `stripe` SDK: Checkout Sessions for top-ups (card, Alipay, WeChat Pay; USD cents), the webhook's signature
 * checked by the SDK's `constructEvent` over the raw body, and the fee Stripe took read from the charge's
 * balance transaction. The SDK talks to STRIPE_API_URL (Stripe's own by default; the tests' local server).
 */
import Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../config';
import { WEBHOOK_TOLERANCE_MS, type Checkout, type PaymentProvider } from './payments';

type StripeConfig = NonNullable<Config['payments']['stripe']>;

/** what a Checkout Session event carries that the top-up needs (read with zod, not trusted as typed) */
export const stripeSessionShape = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('checkout.session'),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  payment_status: z.string(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  client_reference_id: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
});
export type StripeSession = z.infer<typeof stripeSessionShape>;

/** `account`: the connected account an event of a Connect endpoint is about (decision 0058) */
export type StripeEventSummary = { id: string; type: string; object: unknown; account?: string };

/** the fee of a payment: null while Stripe has not made the balance transaction yet */
export type StripeFee = { feeCents: number; currency: string; balanceTransactionId: string } | null;

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly client: Stripe;
  private readonly webhookSecrets: string[];
  constructor(
    cfg: StripeConfig,
    private readonly siteUrl: string,
  ) {
    this.client = new Stripe(cfg.secretKey, {
      host: cfg.api.host,
      port: cfg.api.port,
      protocol: cfg.api.protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    // the platform's endpoint, then the Connect endpoint's (its events are about connected accounts), decision 0058
    this.webhookSecrets = cfg.connectWebhookSecret ? [cfg.webhookSecret, cfg.connectWebhookSecret] : [cfg.webhookSecret];
  }

  /**
   * A Checkout Session for `amountCents` US cents, naming the top-up `reference` in client_reference_id and
   * metadata; the idempotency key is the top-up's, so a retried request makes no second session.
   */
  async createCheckout(amountCents: number, reference: string): Promise<Checkout> {
    const session = await this.client.checkout.sessions.create(
      {
        mode: 'payment',
        // the API version this SDK is pinned to (2026-11-18) names the methods allowed_payment_method_types (decision 0055)
        allowed_payment_method_types: ['card', 'alipay', 'wechat_pay'],
        payment_method_options: { wechat_pay: { client: 'web' } },
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amountCents, product_data: { name: 'Wallet top-up 钱包充值' } } }],
        client_reference_id: reference,
        metadata: { topupId: reference },
        payment_intent_data: { metadata: { topupId: reference } },
        success_url: `${this.siteUrl}/wallet/topup-result?topup=${reference}`,
        cancel_url: `${this.siteUrl}/wallet/topup-result?topup=${reference}&cancelled=1`,
      },
      { idempotencyKey: `topup-checkout:${reference}` },
    );
    if (!session.url) throw new Error('stripe: the Checkout Session has no url');
    return { providerRef: session.id, redirectUrl: session.url };
  }

  /** the verified event (the SDK's constructEvent over the exact bytes), or null when the signature is bad or stale */
  parseEvent(rawBody: string, signature: string | undefined, nowMs: number): StripeEventSummary | null {
    if (!signature || signature.length > 2000) return null;
    for (const secret of this.webhookSecrets) {
      try {
        const ev = this.client.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_MS / 1000, undefined, nowMs);
        return { id: ev.id, type: ev.type, object: ev.data.object, ...(ev.account ? { account: ev.account } : {}) };
      } catch {
        // not this endpoint's signature: the next secret, else null
      }
    }
    return null;
  }

  verifyWebhook(rawBody: string, signature: string | undefined, nowMs: number): boolean {
    return this.parseEvent(rawBody, signature, nowMs) !== null;
  }

  /**
   * the fee Stripe took for the payment intent's charge (its balance transaction, expanded), null until it exists;
   * `quick`: one try within 8 s (while Stripe waits for the webhook's answer), else the client's retries and timeout
   */
  async feeOf(paymentIntentId: string, quick = false): Promise<StripeFee> {
    const pi = await this.client.paymentIntents.retrieve(
      paymentIntentId,
      { expand: ['latest_charge.balance_transaction'] },
      quick ? { timeout: 8000, maxNetworkRetries: 0 } : undefined,
    );
    const charge = pi.latest_charge;
    if (!charge || typeof charge === 'string') return null;
    const bt = charge.balance_transaction;
    if (!bt || typeof bt === 'string') return null;
    return { feeCents: bt.fee, currency: bt.currency, balanceTransactionId: bt.id };
  }
}
