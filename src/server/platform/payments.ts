/**
 * Payment providers (decision 0018). A provider takes a checkout for an amount and later tells us,
 * asynchronously and signed, whether it was paid: creating a top-up only ever answers "pending", and
 * the money moves when the verified notification arrives (POST /api/payments/webhook/<provider>).
 *
 * The sandbox provider is the only one today: for development and tests, clearly a test payment. Its
 * "payment" is a notification signed with a key derived from SECRET_KEY, in the same shape as a real
 * provider's (timestamped HMAC-SHA256 over the raw body, Stripe-style `t=…,v1=…`).
 */
import { randomUUID } from 'node:crypto';
import { hmac, safeEqualHex } from './crypto';

export type Checkout = { providerRef: string; redirectUrl: string | null };

export interface PaymentProvider {
  readonly name: string;
  createCheckout(amountCents: number, reference: string): Promise<Checkout>;
  /** true when `signature` is this provider's signature of exactly `rawBody`, made within the tolerance of `nowMs` */
  verifyWebhook(rawBody: string, signature: string | undefined, nowMs: number): boolean;
}

/** notifications older (or newer) than this are refused: a captured one cannot be replayed later */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly key: string;
  constructor(secretKey: string) {
    this.key = hmac(secretKey, 'payments:sandbox:webhook');
  }
  async createCheckout(_amountCents: number, reference: string): Promise<Checkout> {
    return { providerRef: `sbx_${randomUUID().replace(/-/g, '')}`, redirectUrl: `/wallet/sandbox-pay/${reference}` };
  }
  /** the header value for `rawBody` at `nowMs` (what the sandbox sends; tests sign with it too) */
  sign(rawBody: string, nowMs: number): string {
    const t = Math.floor(nowMs / 1000);
    return `t=${t},v1=${hmac(this.key, `${t}.${rawBody}`)}`;
  }
  verifyWebhook(rawBody: string, signature: string | undefined, nowMs: number): boolean {
    if (!signature || signature.length > 200) return false;
    const parts = new Map(signature.split(',').map((p) => p.trim().split('=') as [string, string]));
    const t = parts.get('t');
    const v1 = parts.get('v1');
    if (!t || !/^\d{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
    if (Math.abs(nowMs - Number(t) * 1000) > WEBHOOK_TOLERANCE_MS) return false;
    return safeEqualHex(hmac(this.key, `${t}.${rawBody}`), v1);
  }
}
