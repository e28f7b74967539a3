/**
 * A local Stripe-compatible server for the tests (decision 0055): node:http on 127.0.0.1 answering what the
 * platform asks of Stripe, in Stripe's documented shapes, and recording every request the SDK sends:
 *   POST /v1/checkout/sessions           (form-encoded as the SDK sends it; Idempotency-Key honoured)
 *   GET  /v1/checkout/sessions/:id
 *   GET  /v1/payment_intents/:id         (expand[]=latest_charge.balance_transaction)
 *   POST /v1/accounts, GET /v1/accounts/:id, POST /v1/account_links, POST /v1/transfers   (Connect, decision 0058;
 *        see connect() below: `onboard`, `reverse`, `connectEvent`, and `state` failTransfers / dropTransferAnswer)
 *   GET  /v1/balance_transactions        (created[gte|lt], source, type, limit, starting_after, expand[]=data.source;
 *        decision 0059): every charge, refund, transfer, transfer reversal and dispute movement made here is one, and a
 *        test may `plant` more (a difference the reconciliation must show); `state.nowMs` dates them (the app's clock)
 * `pay(sessionId)` plays the customer paying; `event()` builds an event and `sign()` signs it with the SDK's own
 * test-header helper, as Stripe signs its webhooks.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** a balance transaction as Stripe lists it; `source` the id, expanded from `sources` */
export type BalanceTxn = {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: string;
  fee: number;
  net: number;
  type: string;
  reporting_category: string;
  source: string | null;
  created: number;
  status: string;
};
export type Recorded = { method: string; path: string; query: URLSearchParams; params: URLSearchParams; headers: http.IncomingHttpHeaders };
type Session = Record<string, unknown> & { id: string; amount_total: number; currency: string; payment_intent: string | null };
type Intent = { id: string; amount: number; currency: string; chargeId: string; feeCents: number; feeReady: boolean };

export const STRIPE_TEST_KEY = 'sk_test_localfake0123456789';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_localfake0123456789abcdef';

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export function stripeServer() {
  const requests: Recorded[] = [];
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const idempotent = new Map<string, string>();
  /** refunds made (decision 0057), by id */
  const refunds = new Map<string, Record<string, unknown> & { id: string; status: string; payment_intent: string; amount: number }>();
  /** while set, GET /v1/payment_intents/* is never answered (a process killed while it waits) */
  const state = {
    holdIntents: false,
    failCreate: false,
    /** Connect: how many POST /v1/transfers to answer 500 without making anything */
    failTransfers: 0,
    /**
     * Connect: how many POST /v1/transfers make (or replay) the transfer, then drop the connection before answering
     * (the SDK retries a closed connection once by itself, under the same idempotency key: 2 loses the answer for good)
     */
    dropTransferAnswers: 0,
    /** refunds (decision 0057): the status a new refund answers with, and whether creating one fails */
    refundStatus: 'pending',
    failRefunds: false,
    /** the time balance transactions are dated with (tests set the app's clock) */
    nowMs: () => Date.now(),
    /** GET /v1/balance_transactions answers 500 while set */
    failBalance: false,
  };
  /** Stripe's balance history (decision 0059), newest last; `sources` the objects `expand[]=data.source` gives */
  const balance: BalanceTxn[] = [];
  const sources = new Map<string, Record<string, unknown>>();
  const record = (
    t: Omit<BalanceTxn, 'object' | 'currency' | 'net' | 'created' | 'status' | 'id'> & { id?: string; net?: number },
    source?: Record<string, unknown>,
  ) => {
    const txn: BalanceTxn = {
      object: 'balance_transaction',
      currency: 'usd',
      created: Math.floor(state.nowMs() / 1000),
      status: 'available',
      ...t,
      id: t.id ?? rid('txn'),
      net: t.net ?? t.amount - t.fee,
    };
    balance.push(txn);
    if (source && txn.source) sources.set(txn.source, source);
    return txn;
  };
  const connect = connectRoutes(record);
  const stripe = new Stripe(STRIPE_TEST_KEY);

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: http.ServerResponse, what: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

  function intentJson(pi: Intent, expand: string[]) {
    const bt = pi.feeReady
      ? {
          id: `txn_${pi.chargeId.slice(3)}`,
          object: 'balance_transaction',
          amount: pi.amount,
          currency: pi.currency,
          fee: pi.feeCents,
          net: pi.amount - pi.feeCents,
          type: 'charge',
          status: 'pending',
        }
      : null;
    const charge = {
      id: pi.chargeId,
      object: 'charge',
      amount: pi.amount,
      currency: pi.currency,
      paid: true,
      status: 'succeeded',
      payment_intent: pi.id,
      balance_transaction: expand.includes('latest_charge.balance_transaction') ? bt : (bt?.id ?? null),
    };
    return {
      id: pi.id,
      object: 'payment_intent',
      amount: pi.amount,
      amount_received: pi.amount,
      currency: pi.currency,
      status: 'succeeded',
      latest_charge: expand.includes('latest_charge') || expand.includes('latest_charge.balance_transaction') ? charge : pi.chargeId,
    };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = new URLSearchParams(body);
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, params, headers: req.headers });
      if (req.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`) {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (state.failCreate) return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        const key = req.headers['idempotency-key'];
        const again = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (again) return send(res, 200, sessions.get(again));
        const id = rid('cs');
        const unit = Number(params.get('line_items[0][price_data][unit_amount]'));
        const qty = Number(params.get('line_items[0][quantity]') ?? '1');
        const metadata: Record<string, string> = {};
        for (const [k, v] of params) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const session: Session = {
          id,
          object: 'checkout.session',
          mode: params.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          amount_total: unit * qty,
          amount_subtotal: unit * qty,
          currency: params.get('line_items[0][price_data][currency]') ?? 'usd',
          client_reference_id: params.get('client_reference_id'),
          metadata,
          // what the session may be paid with, as Stripe reports it (payment_method_types on the object)
          payment_method_types: [0, 1, 2, 3, 4, 5].map((i) => params.get(`allowed_payment_method_types[${i}]`)).filter((x): x is string => x !== null),
          payment_intent: null,
          success_url: params.get('success_url'),
          cancel_url: params.get('cancel_url'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
          livemode: false,
        };
        sessions.set(id, session);
        if (typeof key === 'string') idempotent.set(key, id);
        return send(res, 200, session);
      }
      const cs = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && cs) {
        const s = sessions.get(cs[1]);
        return s ? send(res, 200, s) : notFound(res, `checkout.session: '${cs[1]}'`);
      }
      if (connect.handle(req, res, url, params, state, send, notFound)) return;
      if (req.method === 'GET' && url.pathname === '/v1/balance_transactions') {
        if (state.failBalance) return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        const q = url.searchParams;
        const num = (k: string) => (q.get(k) === null ? null : Number(q.get(k)));
        const gte = num('created[gte]');
        const lt = num('created[lt]');
        const expand = [...q.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
        // newest first, as Stripe lists them
        let list = [...balance]
          .reverse()
          .filter((t) => (gte === null || t.created >= gte) && (lt === null || t.created < lt))
          .filter((t) => !q.get('source') || t.source === q.get('source'))
          .filter((t) => !q.get('type') || t.type === q.get('type'));
        const after = q.get('starting_after');
        if (after) list = list.slice(list.findIndex((t) => t.id === after) + 1);
        const limit = Math.min(100, Number(q.get('limit') ?? 10));
        const page = list
          .slice(0, limit)
          .map((t) => (expand.includes('data.source') && t.source && sources.has(t.source) ? { ...t, source: sources.get(t.source) } : t));
        return send(res, 200, { object: 'list', url: '/v1/balance_transactions', has_more: list.length > limit, data: page });
      }
      const pi = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && pi) {
        if (state.holdIntents) return; // never answered
        const p = intents.get(pi[1]);
        const expand = [...url.searchParams.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
        return p ? send(res, 200, intentJson(p, expand)) : notFound(res, `payment_intent: '${pi[1]}'`);
      }
      // refunds (decision 0057): POST /v1/refunds (Idempotency-Key honoured), GET /v1/refunds/:id, GET /v1/refunds?payment_intent=
      if (url.pathname === '/v1/refunds' || url.pathname.startsWith('/v1/refunds/')) {
        if (state.failRefunds) return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        const one = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && one) return refunds.has(one[1]) ? send(res, 200, refunds.get(one[1])) : notFound(res, `refund: '${one[1]}'`);
        if (req.method === 'GET') {
          const pi = url.searchParams.get('payment_intent');
          return send(res, 200, {
            object: 'list',
            url: '/v1/refunds',
            has_more: false,
            data: [...refunds.values()].filter((r) => !pi || r.payment_intent === pi),
          });
        }
        const key = req.headers['idempotency-key'];
        const again = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (again) return send(res, 200, refunds.get(again));
        const p = intents.get(params.get('payment_intent') ?? '');
        if (!p) return notFound(res, `payment_intent: '${params.get('payment_intent')}'`);
        const metadata: Record<string, string> = {};
        for (const [k, v] of params) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const refund = {
          id: rid('re'),
          object: 'refund',
          amount: Number(params.get('amount') ?? p.amount),
          currency: p.currency,
          charge: p.chargeId,
          payment_intent: p.id,
          reason: params.get('reason'),
          metadata,
          status: state.refundStatus,
          balance_transaction: null,
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        record({ type: 'refund', reporting_category: 'refund', amount: -refund.amount, fee: 0, source: refund.id }, refund);
        if (typeof key === 'string') idempotent.set(key, refund.id);
        return send(res, 200, refund);
      }
      notFound(res, `route ${req.method} ${url.pathname}`);
    });
  });

  return {
    requests,
    sessions,
    intents,
    refunds,
    state,
    /** Connect (decision 0058): the accounts and transfers made, onboarding, reversals and events of connected accounts */
    accounts: connect.accounts,
    transfers: connect.transfers,
    onboard: connect.onboard,
    reverse: connect.reverse,
    /** an event of a connected account (`account` set), as a Connect endpoint receives it */
    connectEvent(type: string, object: Record<string, unknown>, account: string, id = rid('evt')): string {
      return JSON.stringify({ ...JSON.parse(this.event(type, object, id)), account });
    },
    /** what STRIPE_API_URL is set to */
    url: '',
    /** listens on 127.0.0.1 (`port`: a fixed one, e.g. the one STRIPE_API_URL of an e2e server names; default any free one) */
    async start(port = 0): Promise<string> {
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
      this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return this.url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    /** the customer pays the session: it becomes complete and paid, with a payment intent, a charge and (when ready) its fee */
    pay(sessionId: string, opts: { feeCents?: number; feeReady?: boolean } = {}): Session {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const intent: Intent = {
        id: rid('pi'),
        amount: s.amount_total,
        currency: s.currency,
        chargeId: rid('ch'),
        feeCents: opts.feeCents ?? Math.round(s.amount_total * 0.029) + 30,
        feeReady: opts.feeReady ?? true,
      };
      intents.set(intent.id, intent);
      Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
      record(
        {
          id: `txn_${intent.chargeId.slice(3)}`,
          type: 'charge',
          reporting_category: 'charge',
          amount: intent.amount,
          fee: intent.feeCents,
          source: intent.chargeId,
        },
        { id: intent.chargeId, object: 'charge', amount: intent.amount, currency: intent.currency, payment_intent: intent.id },
      );
      return s;
    },
    /** Stripe's balance history (decision 0059) */
    balance,
    /** a balance transaction of the test's own (a difference for the reconciliation to find) */
    plant: (t: Parameters<typeof record>[0], source?: Record<string, unknown>) => record(t, source),
    /** a customer disputes the payment: Stripe withdraws the amount and its dispute fee at once; answers the Dispute */
    dispute(paymentIntentId: string, amount: number, feeCents = 1500) {
      const p = intents.get(paymentIntentId);
      if (!p) throw new Error(`no payment intent ${paymentIntentId}`);
      const d = { id: rid('dp'), object: 'dispute', amount, currency: 'usd', charge: p.chargeId, payment_intent: p.id };
      record({ type: 'adjustment', reporting_category: 'dispute', amount: -amount, fee: feeCents, source: d.id }, d);
      return d;
    },
    /** the dispute is won: Stripe gives the amount (and the fee, `feeBack`) back */
    reinstate(dispute: { id: string; amount: number }, feeBack = 1500) {
      record({ type: 'adjustment', reporting_category: 'dispute_reversal', amount: dispute.amount, fee: -feeBack, source: dispute.id }, { ...dispute });
    },
    /** an event as Stripe sends it */
    event(type: string, object: Record<string, unknown>, id = rid('evt')): string {
      return JSON.stringify({
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    },
    /** the Stripe-Signature header for `payload`, by the SDK's own test helper */
    sign(payload: string, opts: { secret?: string; timestampMs?: number } = {}): string {
      return stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? STRIPE_TEST_WEBHOOK_SECRET,
        timestamp: Math.floor((opts.timestampMs ?? Date.now()) / 1000),
      });
    },
  };
}
export type StripeServer = ReturnType<typeof stripeServer>;

// ---------------------------------------------------------------------------------------------
// Connect (decision 0058): Express accounts, onboarding links and transfers, in Stripe's documented shapes

type Send = (res: http.ServerResponse, status: number, body: unknown) => void;
type ConnectAccount = Record<string, unknown> & {
  id: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: Record<string, string>;
};
type Transfer = Record<string, unknown> & { id: string; amount: number; amount_reversed: number; reversed: boolean; destination: string };

function connectRoutes(
  record: (t: Omit<BalanceTxn, 'object' | 'currency' | 'net' | 'created' | 'status' | 'id'> & { id?: string }, source?: Record<string, unknown>) => BalanceTxn,
) {
  const accounts = new Map<string, ConnectAccount>();
  const transfers = new Map<string, Transfer>();
  const idempotent = new Map<string, unknown>();
  const metadataOf = (params: URLSearchParams) => {
    const metadata: Record<string, string> = {};
    for (const [k, v] of params) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]] = v;
    }
    return metadata;
  };
  const invalid = (send: Send, res: http.ServerResponse, message: string, code?: string, param?: string) =>
    send(res, 400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) } });

  return {
    accounts,
    transfers,
    /** the person finishes Stripe's onboarding: details submitted, payouts enabled, the transfers capability active */
    onboard(accountId: string): ConnectAccount {
      const a = accounts.get(accountId);
      if (!a) throw new Error(`no account ${accountId}`);
      Object.assign(a, { details_submitted: true, payouts_enabled: true, charges_enabled: true, capabilities: { ...a.capabilities, transfers: 'active' } });
      return a;
    },
    /** the platform reverses the whole transfer in the dashboard */
    reverse(transferId: string): Transfer {
      const t = transfers.get(transferId);
      if (!t) throw new Error(`no transfer ${transferId}`);
      Object.assign(t, { amount_reversed: t.amount, reversed: true });
      const reversal = { id: rid('trr'), object: 'transfer_reversal', amount: t.amount, transfer: t.id };
      record({ type: 'transfer_refund', reporting_category: 'transfer_reversal', amount: t.amount, fee: 0, source: reversal.id }, reversal);
      return t;
    },
    handle(
      req: http.IncomingMessage,
      res: http.ServerResponse,
      url: URL,
      params: URLSearchParams,
      state: { failTransfers: number; dropTransferAnswers: number },
      send: Send,
      notFound: (res: http.ServerResponse, what: string) => void,
    ): boolean {
      const key = typeof req.headers['idempotency-key'] === 'string' ? `${url.pathname}:${req.headers['idempotency-key']}` : null;
      const replay = key ? idempotent.get(key) : undefined;
      const remember = (body: unknown) => {
        if (key) idempotent.set(key, body);
        return body;
      };
      if (req.method === 'POST' && url.pathname === '/v1/accounts') {
        if (replay) return (send(res, 200, replay), true);
        const id = rid('acct');
        const a: ConnectAccount = {
          id,
          object: 'account',
          type: params.get('type'),
          email: params.get('email'),
          country: 'US',
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
          capabilities: params.get('capabilities[transfers][requested]') === 'true' ? { transfers: 'inactive' } : {},
          metadata: metadataOf(params),
          created: Math.floor(Date.now() / 1000),
        };
        accounts.set(id, a);
        send(res, 200, remember(a));
        return true;
      }
      const acct = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && acct) {
        const a = accounts.get(acct[1]);
        if (a) send(res, 200, a);
        else notFound(res, `account: '${acct[1]}'`);
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        const account = params.get('account') ?? '';
        if (!accounts.has(account)) return (invalid(send, res, `No such account: '${account}'`, 'resource_missing', 'account'), true);
        if (!params.get('return_url') || !params.get('refresh_url')) return (invalid(send, res, 'Missing required param: return_url.'), true);
        const created = Math.floor(Date.now() / 1000);
        send(res, 200, {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(8).toString('hex')}`,
        });
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/v1/transfers') {
        const answer = (body: unknown) => {
          if (state.dropTransferAnswers > 0) {
            state.dropTransferAnswers--;
            req.socket.destroy();
          } else send(res, 200, body);
          return true;
        };
        if (replay) return answer(replay);
        if (state.failTransfers > 0) {
          state.failTransfers--;
          send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
          return true;
        }
        const destination = params.get('destination') ?? '';
        const a = accounts.get(destination);
        if (!a) return (invalid(send, res, `No such destination: '${destination}'`, 'resource_missing', 'destination'), true);
        if (a.capabilities.transfers !== 'active') {
          return (
            invalid(
              send,
              res,
              'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
              'insufficient_capabilities_for_transfer',
              'destination',
            ),
            true
          );
        }
        const id = rid('tr');
        const t: Transfer = {
          id,
          object: 'transfer',
          amount: Number(params.get('amount')),
          amount_reversed: 0,
          currency: params.get('currency') ?? 'usd',
          description: params.get('description'),
          destination,
          destination_payment: rid('py'),
          balance_transaction: rid('txn'),
          metadata: metadataOf(params),
          reversed: false,
          reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
          source_type: 'card',
          transfer_group: params.get('transfer_group'),
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        transfers.set(id, t);
        record({ type: 'transfer', reporting_category: 'transfer', amount: -t.amount, fee: 0, source: id }, t);
        return answer(remember(t));
      }
      return false;
    },
  };
}
