/**
 * The deal (订单) lifecycle as data: every state, every event, who may fire it, what must hold and
 * what follows. The server enforces exactly this table (features/deals/events.ts), the web app reads
 * it to offer the actions allowed now, and docs/deals.md prints it as a diagram (scripts/deal-diagram.ts).
 * No zod here: the deal page imports it and stays light.
 */

export const DEAL_STATES = [
  'awaiting_payment',
  'accepted',
  'samples_shipped',
  'samples_received',
  'schedule_proposed',
  'scheduled',
  'reported',
  'disputed',
  'confirmed',
  'completed',
  'cancelled',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

export const FINAL_STATES: readonly DealState[] = ['completed', 'cancelled'];
export const isFinal = (s: DealState) => FINAL_STATES.includes(s);

/** who fires an event: the two parties, an administrator, or the platform itself (a timed job) */
export const DEAL_ROLES = ['company', 'influencer', 'admin', 'system'] as const;
export type DealRole = (typeof DEAL_ROLES)[number];
export type PartyRole = 'company' | 'influencer';

/** what must hold, besides the state and the role; each has an error code when it does not */
export const GUARDS = {
  /** the live has not started yet (or no time is agreed) */
  before_live: 'DEAL_LIVE_STARTED',
  /** the agreed start time has passed */
  live_started: 'DEAL_LIVE_NOT_STARTED',
  /** the other party proposed the schedule */
  not_proposer: 'DEAL_OWN_PROPOSAL',
  /** the settlement window since the report has passed */
  window_elapsed: 'DEAL_WINDOW_OPEN',
  /** nobody has asked to cancel */
  no_cancel_request: 'DEAL_CANCEL_REQUESTED',
  /** the other party asked to cancel */
  cancel_requested_by_other: 'DEAL_NO_CANCEL_REQUEST',
  /** this party asked to cancel */
  cancel_requested_by_self: 'DEAL_NO_CANCEL_REQUEST',
  /** this party opened the dispute */
  dispute_opener: 'DEAL_NOT_DISPUTE_OPENER',
  /** the other party opened the dispute and it has no answer yet */
  dispute_unanswered_other: 'DEAL_DISPUTE_NOT_ANSWERABLE',
  /** the company has not yet paid the rest of the fee into escrow */
  fee_unpaid: 'DEAL_FEE_PAID',
  /** the influencer has not yet paid the deposit */
  deposit_unpaid: 'DEAL_DEPOSIT_PAID',
  /** the fee and the deposit are both in escrow */
  funded: 'DEAL_NOT_FUNDED',
} as const;
export type Guard = keyof typeof GUARDS;

export type EventDef = {
  from: readonly DealState[];
  by: readonly DealRole[];
  /** the state after the event; null: the state stays (the event is still recorded on the timeline) */
  to: DealState | null;
  guards?: readonly Guard[];
  /** an event the platform fires at once, in the same transaction, when its own rule allows (a key of DEAL_EVENTS) */
  then?: string;
  /** the form the event carries (schemas in schemas/deals.ts) */
  form?: 'samples' | 'schedule' | 'report' | 'dispute' | 'answer' | 'reason' | 'resolution';
};

const BEFORE_REPORT = ['awaiting_payment', 'accepted', 'samples_shipped', 'samples_received', 'schedule_proposed', 'scheduled'] as const;
const ACTIVE = [...BEFORE_REPORT, 'reported', 'disputed', 'confirmed'] as const;

export const DEAL_EVENTS = {
  // 待付款: the rest of the fee (and the deposit, when the task asks one) go into escrow before the deal proceeds
  pay_fee: { from: ['awaiting_payment'], by: ['company'], to: null, guards: ['fee_unpaid'], then: 'funded' },
  pay_deposit: { from: ['awaiting_payment'], by: ['influencer'], to: null, guards: ['deposit_unpaid'], then: 'funded' },
  funded: { from: ['awaiting_payment'], by: ['system'], to: 'accepted', guards: ['funded'] },
  // nobody paid within PAYMENT_WINDOW_HOURS of the acceptance: the platform cancels and refunds what was paid
  payment_expired: { from: ['awaiting_payment'], by: ['system'], to: 'cancelled' },
  ship_samples: { from: ['accepted'], by: ['company'], to: 'samples_shipped', form: 'samples' },
  receive_samples: { from: ['samples_shipped'], by: ['influencer'], to: 'samples_received' },
  propose_schedule: {
    from: ['accepted', 'samples_received', 'schedule_proposed', 'scheduled'],
    by: ['company', 'influencer'],
    to: 'schedule_proposed',
    guards: ['before_live'],
    form: 'schedule',
  },
  confirm_schedule: { from: ['schedule_proposed'], by: ['company', 'influencer'], to: 'scheduled', guards: ['not_proposer', 'before_live'] },
  report_live: { from: ['scheduled'], by: ['influencer'], to: 'reported', guards: ['live_started'], form: 'report' },
  confirm: { from: ['reported'], by: ['company'], to: 'confirmed', then: 'complete' },
  auto_confirm: { from: ['reported'], by: ['system'], to: 'confirmed', guards: ['window_elapsed'], then: 'complete' },
  complete: { from: ['confirmed'], by: ['system'], to: 'completed' },
  dispute: { from: ['reported'], by: ['company', 'influencer'], to: 'disputed', form: 'dispute' },
  answer_dispute: { from: ['disputed'], by: ['company', 'influencer'], to: null, guards: ['dispute_unanswered_other'], form: 'answer' },
  withdraw_dispute: { from: ['disputed'], by: ['company', 'influencer'], to: 'reported', guards: ['dispute_opener'] },
  resolve_complete: { from: ['disputed'], by: ['admin'], to: 'confirmed', then: 'complete', form: 'resolution' },
  resolve_partial: { from: ['disputed'], by: ['admin'], to: 'confirmed', then: 'complete', form: 'resolution' },
  resolve_cancel: { from: ['disputed'], by: ['admin'], to: 'cancelled', form: 'resolution' },
  cancel: { from: BEFORE_REPORT, by: ['company'], to: 'cancelled', guards: ['before_live'], form: 'reason' },
  request_cancel: { from: [...BEFORE_REPORT, 'reported'], by: ['company', 'influencer'], to: null, guards: ['no_cancel_request'], form: 'reason' },
  agree_cancel: { from: [...BEFORE_REPORT, 'reported'], by: ['company', 'influencer'], to: 'cancelled', guards: ['cancel_requested_by_other'] },
  decline_cancel: { from: [...BEFORE_REPORT, 'reported'], by: ['company', 'influencer'], to: null, guards: ['cancel_requested_by_other'] },
  withdraw_cancel: { from: [...BEFORE_REPORT, 'reported'], by: ['company', 'influencer'], to: null, guards: ['cancel_requested_by_self'] },
  admin_cancel: { from: ACTIVE.filter((s) => s !== 'confirmed'), by: ['admin'], to: 'cancelled', form: 'reason' },
} as const satisfies Record<string, EventDef>;

export type DealEvent = keyof typeof DEAL_EVENTS;
export const DEAL_EVENT_NAMES = Object.keys(DEAL_EVENTS) as DealEvent[];
export const eventDef = (e: DealEvent): EventDef => DEAL_EVENTS[e];
/** the event the platform fires right after `e`, if any */
export const followUp = (e: DealEvent): DealEvent | undefined => {
  const t = eventDef(e).then;
  return t !== undefined && isDealEvent(t) ? t : undefined;
};
export const isDealEvent = (e: string): e is DealEvent => Object.hasOwn(DEAL_EVENTS, e);

/** the events a party fires from the deal page (system events are the platform's own) */
export const PARTY_EVENTS = DEAL_EVENT_NAMES.filter((e) => (eventDef(e).by as readonly DealRole[]).some((r) => r === 'company' || r === 'influencer'));
export const ADMIN_EVENTS = DEAL_EVENT_NAMES.filter((e) => (eventDef(e).by as readonly DealRole[]).includes('admin'));

/** The facts of a deal the guards read (the server reads them under the row lock). */
export type DealFacts = {
  status: DealState;
  scheduleProposedBy: PartyRole | null;
  scheduleStart: Date | null;
  reportedAt: Date | null;
  cancelRequestedBy: PartyRole | null;
  disputeOpenedBy: PartyRole | null;
  disputeAnswered: boolean;
  /** money still owed into escrow before the deal proceeds */
  feeDue: boolean;
  depositDue: boolean;
};

/** what a deal row holds that its facts are read from (the server's row has these and more) */
export type DealFactsSource = {
  status: string;
  scheduleProposedBy: string | null;
  scheduleStart: Date | null;
  reportedAt: Date | null;
  cancelRequestedBy: string | null;
  moneyTracked: boolean;
  rateCents: number;
  feeFundedAt: Date | null;
  depositCents: number;
  depositPaidAt: Date | null;
};

const partyOf = (v: string | null): PartyRole | null => (v === 'company' || v === 'influencer' ? v : null);

/** A deal's facts from its row and its open dispute (if any): the one reading the deal page, the lists and the agency's pipeline share. */
export function dealFactsOf(d: DealFactsSource, dispute: { openedBy: string; answeredAt: Date | null } | null): DealFacts {
  return {
    status: d.status as DealState,
    scheduleProposedBy: partyOf(d.scheduleProposedBy),
    scheduleStart: d.scheduleStart,
    reportedAt: d.reportedAt,
    cancelRequestedBy: partyOf(d.cancelRequestedBy),
    disputeOpenedBy: dispute ? partyOf(dispute.openedBy) : null,
    disputeAnswered: Boolean(dispute?.answeredAt),
    feeDue: d.moneyTracked && d.rateCents > 0 && !d.feeFundedAt,
    depositDue: d.moneyTracked && d.depositCents > 0 && !d.depositPaidAt,
  };
}

export type GuardEnv = { now: Date; settlementHours: number };

const HOUR = 3600_000;

export function guardHolds(g: Guard, role: DealRole, d: DealFacts, env: GuardEnv): boolean {
  const other = role === 'company' ? 'influencer' : role === 'influencer' ? 'company' : null;
  switch (g) {
    case 'before_live':
      return !d.scheduleStart || env.now.getTime() < d.scheduleStart.getTime();
    case 'live_started':
      return Boolean(d.scheduleStart) && env.now.getTime() >= d.scheduleStart!.getTime();
    case 'not_proposer':
      return d.scheduleProposedBy !== null && d.scheduleProposedBy !== role;
    case 'window_elapsed':
      return Boolean(d.reportedAt) && env.now.getTime() >= d.reportedAt!.getTime() + env.settlementHours * HOUR;
    case 'no_cancel_request':
      return d.cancelRequestedBy === null;
    case 'cancel_requested_by_other':
      return other !== null && d.cancelRequestedBy === other;
    case 'cancel_requested_by_self':
      return d.cancelRequestedBy !== null && d.cancelRequestedBy === role;
    case 'dispute_opener':
      return d.disputeOpenedBy !== null && d.disputeOpenedBy === role;
    case 'dispute_unanswered_other':
      return other !== null && d.disputeOpenedBy === other && !d.disputeAnswered;
    case 'fee_unpaid':
      return d.feeDue;
    case 'deposit_unpaid':
      return d.depositDue;
    case 'funded':
      return !d.feeDue && !d.depositDue;
  }
}

export type Verdict = { ok: true; to: DealState } | { ok: false; code: 'DEAL_STATE_CONFLICT' | 'DEAL_ROLE_FORBIDDEN' | (typeof GUARDS)[Guard] };

/** Whether `role` may fire `event` on a deal with these facts now — the one rule both sides apply. */
export function canFire(event: DealEvent, role: DealRole, d: DealFacts, env: GuardEnv): Verdict {
  const def = eventDef(event);
  if (!def.by.includes(role)) return { ok: false, code: 'DEAL_ROLE_FORBIDDEN' };
  if (!def.from.includes(d.status)) return { ok: false, code: 'DEAL_STATE_CONFLICT' };
  for (const g of def.guards ?? []) {
    if (!guardHolds(g, role, d, env)) return { ok: false, code: GUARDS[g] };
  }
  return { ok: true, to: def.to ?? d.status };
}

/** The events `role` may fire now (the deal page's buttons). */
export function availableEvents(role: DealRole, d: DealFacts, env: GuardEnv): DealEvent[] {
  return DEAL_EVENT_NAMES.filter((e) => canFire(e, role, d, env).ok);
}

/** Who the deal is waiting for in each state (my-tasks shows it). */
export function waitingFor(d: DealFacts): PartyRole | 'both' | 'admin' | null {
  switch (d.status) {
    case 'awaiting_payment':
      return d.feeDue && d.depositDue ? 'both' : d.feeDue ? 'company' : d.depositDue ? 'influencer' : null;
    case 'accepted':
      return 'both';
    case 'samples_shipped':
      return 'influencer';
    case 'samples_received':
      return 'both';
    case 'schedule_proposed':
      return d.scheduleProposedBy === 'company' ? 'influencer' : 'company';
    case 'scheduled':
      return 'influencer';
    case 'reported':
      return 'company';
    case 'disputed':
      return d.disputeAnswered ? 'admin' : d.disputeOpenedBy === 'company' ? 'influencer' : 'company';
    default:
      return null;
  }
}

/** the fixed list of dispute reasons */
export const DISPUTE_REASONS = ['no_show', 'report_untrue', 'requirements_unmet', 'samples_problem', 'payment_terms', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** how long each side has to review the other after completion, days */
export const REVIEW_WINDOW_DAYS = 14;
/** overdue notices: no live report this many hours after the planned end; no answer to a dispute after this many hours */
export const REPORT_OVERDUE_HOURS = 48;
export const DISPUTE_ANSWER_HOURS = 24;
/** how long a deal waits in 待付款 before the platform cancels it, hours */
export const PAYMENT_WINDOW_HOURS = 72;
/** reminders before the live, hours */
export const REMINDER_HOURS = [24, 1] as const;

/**
 * A deal's lateness (decision 0060), read from its times and the platform clock — nothing stored, so it is exact
 * whenever it is asked and no job has to run first:
 * - `report_due`: the agreed live has ended and no report is in yet (within REPORT_OVERDUE_HOURS of the end);
 * - `report_overdue`: still no report REPORT_OVERDUE_HOURS after the live's end (when the overdue notice goes out);
 * - `payment_due`: the company has not paid what it owes: the fee past the payment window, a report left
 *   unconfirmed past the settlement window (the platform confirms it at the next run), or a commission due.
 * null: nothing is late. A final deal is never late, except for a commission still due.
 */
export type DealOverdue = 'report_due' | 'report_overdue' | 'payment_due';
export const DEAL_OVERDUE = ['report_due', 'report_overdue', 'payment_due'] as const;

export type DealTimes = {
  status: string;
  scheduleEnd: Date | null;
  scheduleConfirmedAt: Date | null;
  reportedAt: Date | null;
  feeDue: boolean;
  createdAt: Date;
  commissionStatus: string | null;
};

export function dealOverdue(d: DealTimes, env: GuardEnv): DealOverdue | null {
  const now = env.now.getTime();
  if (d.commissionStatus === 'due') return 'payment_due';
  if (d.status === 'awaiting_payment') return d.feeDue && now >= d.createdAt.getTime() + PAYMENT_WINDOW_HOURS * HOUR ? 'payment_due' : null;
  if (d.status === 'reported') return d.reportedAt && now >= d.reportedAt.getTime() + env.settlementHours * HOUR ? 'payment_due' : null;
  if (d.status === 'scheduled' && d.scheduleConfirmedAt && d.scheduleEnd && !d.reportedAt) {
    const end = d.scheduleEnd.getTime();
    if (now >= end + REPORT_OVERDUE_HOURS * HOUR) return 'report_overdue';
    if (now >= end) return 'report_due';
  }
  return null;
}
