/**
 * The payment providers of one app (decision 0055): the sandbox (development and tests, never in
 * production) and Stripe when its keys are configured. One instance each per app.
 */
import type { TopupMethod } from '../../../shared/money';
import type { AppContext } from '../../platform/context';
import { SandboxProvider } from '../../platform/payments';
import { StripeProvider } from '../../platform/stripe';

const sandboxes = new WeakMap<AppContext, SandboxProvider>();
const stripes = new WeakMap<AppContext, StripeProvider>();

/** the sandbox provider of this app (its webhook key is derived from SECRET_KEY) */
export function sandboxProvider(ctx: AppContext): SandboxProvider {
  let p = sandboxes.get(ctx);
  if (!p) {
    p = new SandboxProvider(ctx.config.secretKey);
    sandboxes.set(ctx, p);
  }
  return p;
}

/** the Stripe provider of this app, or null when STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET are not set */
export function stripeProvider(ctx: AppContext): StripeProvider | null {
  const cfg = ctx.config.payments.stripe;
  if (!cfg) return null;
  let p = stripes.get(ctx);
  if (!p) {
    p = new StripeProvider(cfg, ctx.config.siteUrl);
    stripes.set(ctx, p);
  }
  return p;
}

/** the methods a top-up may use here: Stripe when configured, the sandbox outside production, bank transfer always */
export function topupMethods(ctx: AppContext): TopupMethod[] {
  const out: TopupMethod[] = [];
  if (ctx.config.payments.stripe) out.push('stripe');
  if (ctx.config.payments.sandbox) out.push('sandbox');
  out.push('bank_transfer');
  return out;
}
