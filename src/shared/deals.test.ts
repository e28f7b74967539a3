import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, renderDealDoc } from '../../scripts/deal-doc';
import {
  availableEvents,
  canFire,
  dealOverdue,
  DEAL_EVENT_NAMES,
  DEAL_ROLES,
  DEAL_STATES,
  eventDef,
  FINAL_STATES,
  followUp,
  guardHolds,
  waitingFor,
  type DealEvent,
  type DealFacts,
  type DealRole,
  type DealState,
} from './deals';

/**
 * The table as the product promises it, written out by hand: for each event, the states from which each
 * role may fire it (guards aside). The test compares canFire() with this for every state × event × role.
 */
const PRE = 'awaiting_payment accepted samples_shipped samples_received schedule_proposed scheduled';
const EXPECTED: Record<DealEvent, Partial<Record<DealRole, string>>> = {
  pay_fee: { company: 'awaiting_payment' },
  pay_deposit: { influencer: 'awaiting_payment' },
  funded: { system: 'awaiting_payment' },
  payment_expired: { system: 'awaiting_payment' },
  ship_samples: { company: 'accepted' },
  receive_samples: { influencer: 'samples_shipped' },
  propose_schedule: { company: 'accepted samples_received schedule_proposed scheduled', influencer: 'accepted samples_received schedule_proposed scheduled' },
  confirm_schedule: { company: 'schedule_proposed', influencer: 'schedule_proposed' },
  report_live: { influencer: 'scheduled' },
  confirm: { company: 'reported' },
  auto_confirm: { system: 'reported' },
  complete: { system: 'confirmed' },
  dispute: { company: 'reported', influencer: 'reported' },
  answer_dispute: { company: 'disputed', influencer: 'disputed' },
  withdraw_dispute: { company: 'disputed', influencer: 'disputed' },
  resolve_complete: { admin: 'disputed' },
  resolve_partial: { admin: 'disputed' },
  resolve_cancel: { admin: 'disputed' },
  cancel: { company: PRE },
  request_cancel: { company: `${PRE} reported`, influencer: `${PRE} reported` },
  agree_cancel: { company: `${PRE} reported`, influencer: `${PRE} reported` },
  decline_cancel: { company: `${PRE} reported`, influencer: `${PRE} reported` },
  withdraw_cancel: { company: `${PRE} reported`, influencer: `${PRE} reported` },
  admin_cancel: { admin: `${PRE} reported disputed` },
};

const T0 = new Date('2026-12-01T12:00:00Z');
const H = 3600_000;
const env = { now: T0, settlementHours: 24 };

/** facts under which the event's guards hold for this role, so only state and role decide */
function permissive(state: DealState, event: DealEvent, role: DealRole): DealFacts {
  const other = role === 'company' ? 'influencer' : 'company';
  const guards = eventDef(event).guards ?? [];
  return {
    status: state,
    scheduleProposedBy: guards.includes('not_proposer') ? other : null,
    scheduleStart: guards.includes('live_started') ? new Date(T0.getTime() - H) : guards.includes('before_live') ? new Date(T0.getTime() + H) : null,
    reportedAt: guards.includes('window_elapsed') ? new Date(T0.getTime() - 25 * H) : null,
    cancelRequestedBy: guards.includes('cancel_requested_by_other')
      ? other
      : guards.includes('cancel_requested_by_self')
        ? role === 'company' || role === 'influencer'
          ? role
          : null
        : null,
    disputeOpenedBy: guards.includes('dispute_opener')
      ? role === 'company' || role === 'influencer'
        ? role
        : null
      : guards.includes('dispute_unanswered_other')
        ? other
        : null,
    disputeAnswered: false,
    feeDue: guards.includes('fee_unpaid'),
    depositDue: guards.includes('deposit_unpaid'),
  };
}

describe('the deal table', () => {
  it('every state × event × role: allowed exactly where the written table says', () => {
    let checked = 0;
    for (const event of DEAL_EVENT_NAMES) {
      for (const role of DEAL_ROLES) {
        const allowed = new Set((EXPECTED[event][role] ?? '').split(' ').filter(Boolean));
        for (const state of DEAL_STATES) {
          const v = canFire(event, role, permissive(state, event, role), env);
          expect({ event, role, state, ok: v.ok }).toEqual({ event, role, state, ok: allowed.has(state) });
          if (!v.ok) {
            const inBy = (eventDef(event).by as readonly string[]).includes(role);
            expect(v.code).toBe(inBy ? 'DEAL_STATE_CONFLICT' : 'DEAL_ROLE_FORBIDDEN');
          }
          checked++;
        }
      }
    }
    expect(checked).toBe(DEAL_EVENT_NAMES.length * DEAL_ROLES.length * DEAL_STATES.length);
  });

  it('final states allow nothing, and every other state can reach a final one', () => {
    for (const s of FINAL_STATES) {
      for (const role of DEAL_ROLES) for (const e of DEAL_EVENT_NAMES) expect(canFire(e, role, permissive(s, e, role), env).ok).toBe(false);
    }
    const next = new Map<DealState, Set<DealState>>();
    for (const e of DEAL_EVENT_NAMES) {
      const def = eventDef(e);
      for (const s of def.from) {
        if (!next.has(s)) next.set(s, new Set());
        next.get(s)!.add(def.to ?? s);
      }
    }
    const reach = (from: DealState) => {
      const seen = new Set<DealState>([from]);
      const todo = [from];
      while (todo.length) {
        for (const n of next.get(todo.pop()!) ?? []) {
          if (!seen.has(n)) {
            seen.add(n);
            todo.push(n);
          }
        }
      }
      return seen;
    };
    expect([...reach('awaiting_payment')].sort()).toEqual([...DEAL_STATES].sort());
    for (const s of DEAL_STATES) expect(FINAL_STATES.some((f) => reach(s).has(f))).toBe(true);
  });

  it('confirmation is followed by completion in the same step', () => {
    for (const e of ['confirm', 'auto_confirm', 'resolve_complete', 'resolve_partial'] as const) {
      expect(eventDef(e).to).toBe('confirmed');
      expect(followUp(e)).toBe('complete');
    }
    expect(followUp('dispute')).toBeUndefined();
  });
});

describe('the guards', () => {
  const base: DealFacts = {
    status: 'schedule_proposed',
    scheduleProposedBy: 'company',
    scheduleStart: new Date(T0.getTime() + 2 * H),
    reportedAt: null,
    cancelRequestedBy: null,
    disputeOpenedBy: null,
    disputeAnswered: false,
    feeDue: false,
    depositDue: false,
  };

  it('待付款: each side pays its part once; the deal starts when both parts are in', () => {
    const waiting: DealFacts = { ...base, status: 'awaiting_payment', scheduleProposedBy: null, scheduleStart: null, feeDue: true, depositDue: true };
    expect(canFire('pay_fee', 'company', waiting, env)).toEqual({ ok: true, to: 'awaiting_payment' });
    expect(canFire('pay_fee', 'influencer', waiting, env)).toEqual({ ok: false, code: 'DEAL_ROLE_FORBIDDEN' });
    expect(canFire('funded', 'system', waiting, env)).toEqual({ ok: false, code: 'DEAL_NOT_FUNDED' });
    expect(canFire('pay_fee', 'company', { ...waiting, feeDue: false }, env)).toEqual({ ok: false, code: 'DEAL_FEE_PAID' });
    expect(canFire('funded', 'system', { ...waiting, feeDue: false }, env)).toEqual({ ok: false, code: 'DEAL_NOT_FUNDED' });
    expect(canFire('funded', 'system', { ...waiting, feeDue: false, depositDue: false }, env)).toEqual({ ok: true, to: 'accepted' });
    expect(canFire('propose_schedule', 'company', waiting, env).ok).toBe(false);
    expect(canFire('cancel', 'company', waiting, env).ok).toBe(true);
    expect(waitingFor(waiting)).toBe('both');
    expect(waitingFor({ ...waiting, feeDue: false })).toBe('influencer');
    expect(waitingFor({ ...waiting, depositDue: false })).toBe('company');
  });

  it('a schedule is confirmed by the side that did not propose it, and only before the live', () => {
    expect(canFire('confirm_schedule', 'company', base, env)).toEqual({ ok: false, code: 'DEAL_OWN_PROPOSAL' });
    expect(canFire('confirm_schedule', 'influencer', base, env)).toEqual({ ok: true, to: 'scheduled' });
    expect(canFire('confirm_schedule', 'influencer', base, { ...env, now: new Date(T0.getTime() + 3 * H) })).toEqual({ ok: false, code: 'DEAL_LIVE_STARTED' });
  });

  it('the report waits for the start; the company cancels alone only before it', () => {
    const scheduled = { ...base, status: 'scheduled' as const };
    expect(canFire('report_live', 'influencer', scheduled, env)).toEqual({ ok: false, code: 'DEAL_LIVE_NOT_STARTED' });
    expect(canFire('cancel', 'company', scheduled, env).ok).toBe(true);
    const after = { ...env, now: new Date(T0.getTime() + 2 * H) };
    expect(canFire('report_live', 'influencer', scheduled, after)).toEqual({ ok: true, to: 'reported' });
    expect(canFire('cancel', 'company', scheduled, after)).toEqual({ ok: false, code: 'DEAL_LIVE_STARTED' });
    // with no agreed time there is no live to wait for
    expect(guardHolds('before_live', 'company', { ...base, scheduleStart: null }, env)).toBe(true);
    expect(guardHolds('live_started', 'influencer', { ...base, scheduleStart: null }, env)).toBe(false);
  });

  it('the automatic confirmation waits for the whole settlement window, to the millisecond', () => {
    const reported = { ...base, status: 'reported' as const, reportedAt: T0 };
    const at = (ms: number) => ({ now: new Date(T0.getTime() + ms), settlementHours: 24 });
    expect(canFire('auto_confirm', 'system', reported, at(24 * H - 1))).toEqual({ ok: false, code: 'DEAL_WINDOW_OPEN' });
    expect(canFire('auto_confirm', 'system', reported, at(24 * H)).ok).toBe(true);
    expect(canFire('auto_confirm', 'system', reported, { now: new Date(T0.getTime() + 24 * H), settlementHours: 48 }).ok).toBe(false);
  });

  it('cancellation by agreement: one asks, the other agrees or declines, the asker may withdraw', () => {
    const asked = { ...base, status: 'accepted' as const, cancelRequestedBy: 'influencer' as const };
    expect(canFire('request_cancel', 'company', asked, env)).toEqual({ ok: false, code: 'DEAL_CANCEL_REQUESTED' });
    expect(canFire('agree_cancel', 'influencer', asked, env)).toEqual({ ok: false, code: 'DEAL_NO_CANCEL_REQUEST' });
    expect(canFire('agree_cancel', 'company', asked, env)).toEqual({ ok: true, to: 'cancelled' });
    expect(canFire('decline_cancel', 'company', asked, env)).toEqual({ ok: true, to: 'accepted' });
    expect(canFire('withdraw_cancel', 'influencer', asked, env)).toEqual({ ok: true, to: 'accepted' });
    expect(canFire('withdraw_cancel', 'company', asked, env).ok).toBe(false);
  });

  it('a dispute is answered once by the other side and withdrawn only by its opener', () => {
    const disputed = { ...base, status: 'disputed' as const, disputeOpenedBy: 'company' as const };
    expect(canFire('answer_dispute', 'company', disputed, env).ok).toBe(false);
    expect(canFire('answer_dispute', 'influencer', disputed, env)).toEqual({ ok: true, to: 'disputed' });
    expect(canFire('answer_dispute', 'influencer', { ...disputed, disputeAnswered: true }, env).ok).toBe(false);
    expect(canFire('withdraw_dispute', 'influencer', disputed, env)).toEqual({ ok: false, code: 'DEAL_NOT_DISPUTE_OPENER' });
    expect(canFire('withdraw_dispute', 'company', disputed, env)).toEqual({ ok: true, to: 'reported' });
  });

  it('the actions offered are the events that would be accepted', () => {
    const reported = { ...base, status: 'reported' as const, reportedAt: T0 };
    expect(availableEvents('company', reported, env).sort()).toEqual(['confirm', 'dispute', 'request_cancel'].sort());
    expect(availableEvents('influencer', reported, env).sort()).toEqual(['dispute', 'request_cancel'].sort());
    expect(availableEvents('admin', reported, env)).toEqual(['admin_cancel']);
  });

  it('who the deal waits for', () => {
    expect(waitingFor({ ...base, status: 'accepted' })).toBe('both');
    expect(waitingFor(base)).toBe('influencer');
    expect(waitingFor({ ...base, scheduleProposedBy: 'influencer' })).toBe('company');
    expect(waitingFor({ ...base, status: 'reported' })).toBe('company');
    expect(waitingFor({ ...base, status: 'disputed', disputeOpenedBy: 'influencer' })).toBe('company');
    expect(waitingFor({ ...base, status: 'disputed', disputeOpenedBy: 'influencer', disputeAnswered: true })).toBe('admin');
    expect(waitingFor({ ...base, status: 'completed' })).toBeNull();
  });
});

describe('how late a deal is (decision 0060)', () => {
  const H = 3600_000;
  const end = new Date('2026-12-02T14:00:00Z');
  const scheduled = {
    status: 'scheduled',
    scheduleEnd: end,
    scheduleConfirmedAt: new Date('2026-12-01T00:00:00Z'),
    reportedAt: null,
    feeDue: false,
    createdAt: new Date('2026-11-30T00:00:00Z'),
    commissionStatus: 'none',
  };
  const at = (ms: number) => ({ now: new Date(ms), settlementHours: 24 });

  it('a confirmed live without a report: due at its end, overdue 48 h after', () => {
    expect(dealOverdue(scheduled, at(end.getTime() - 1))).toBeNull();
    expect(dealOverdue(scheduled, at(end.getTime()))).toBe('report_due');
    expect(dealOverdue(scheduled, at(end.getTime() + 48 * H - 1))).toBe('report_due');
    expect(dealOverdue(scheduled, at(end.getTime() + 48 * H))).toBe('report_overdue');
    // a proposal nobody confirmed is no live to report
    expect(dealOverdue({ ...scheduled, status: 'schedule_proposed', scheduleConfirmedAt: null }, at(end.getTime() + 72 * H))).toBeNull();
  });

  it('the company has not paid: the fee past the window, a report past the settlement window, a commission due', () => {
    const unpaid = { ...scheduled, status: 'awaiting_payment', scheduleEnd: null, scheduleConfirmedAt: null, feeDue: true };
    const created = unpaid.createdAt.getTime();
    expect(dealOverdue(unpaid, at(created + 72 * H - 1))).toBeNull();
    expect(dealOverdue(unpaid, at(created + 72 * H))).toBe('payment_due');
    expect(dealOverdue({ ...unpaid, feeDue: false }, at(created + 100 * H))).toBeNull();
    const reportedAt = new Date(end.getTime() + H);
    const reported = { ...scheduled, status: 'reported', reportedAt };
    expect(dealOverdue(reported, at(reportedAt.getTime() + 24 * H - 1))).toBeNull();
    expect(dealOverdue(reported, at(reportedAt.getTime() + 24 * H))).toBe('payment_due');
    expect(dealOverdue({ ...reported, status: 'completed', commissionStatus: 'due' }, at(reportedAt.getTime()))).toBe('payment_due');
    expect(dealOverdue({ ...reported, status: 'completed', commissionStatus: 'paid' }, at(reportedAt.getTime() + 1000 * H))).toBeNull();
    expect(dealOverdue({ ...scheduled, status: 'cancelled' }, at(end.getTime() + 1000 * H))).toBeNull();
  });
});

describe('docs/deals.md', () => {
  it('prints the table as it is (run npm run docs:deals after changing it)', () => {
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(renderDealDoc());
  });
});
