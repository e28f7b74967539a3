import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CheckCircleFilled, ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { DISPUTE_REASONS, REPORT_OVERDUE_HOURS, type DealEvent, type DealState, type DisputeReason } from '@shared/deals';
import type { Schema } from '../../lib/client';
import { Loading, LoadFailed, NotFound } from '../../components/PageState';
import { isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { ConversationThread } from '../messages/ConversationThread';
import { DealGate } from './DealGate';
import { dealQuery } from './api';
import { DealActionDialog } from './DealActionDialog';
import { DealMoney } from './DealMoney';
import { DealReviews } from './DealReviews';
import { useDealFormat } from './format';
import { ActingBannerMount, useActingFor, useActingTo, withActing } from '../agencies/actingFor';
import './deals.css';

type DealDetail = Schema<'DealDetail'>;

/** /deal/:id — the deal room: terms, progress, what to do now, the live report, disputes and the timeline. */
export default function DealPage() {
  const { t } = useTranslation('deals');
  const { id = '' } = useParams();
  usePageTitle(t('documentTitle'));
  return (
    <DealGate>
      <Deal id={id} />
    </DealGate>
  );
}

const STEP_OF: Record<DealState, number> = {
  awaiting_payment: 0,
  accepted: 0,
  samples_shipped: 1,
  samples_received: 1,
  schedule_proposed: 2,
  scheduled: 2,
  reported: 3,
  disputed: 3,
  confirmed: 4,
  completed: 4,
  cancelled: -1,
};
const STEPS = ['accepted', 'samples', 'scheduled', 'reported', 'completed'] as const;
const isDisputeReason = (v: string): v is DisputeReason => (DISPUTE_REASONS as readonly string[]).includes(v);

function Deal({ id }: { id: string }) {
  const { t } = useTranslation('deals');
  // an agency acting for the influencer (`?as=`, decision 0045) reads and acts as the influencer; reviews stay the influencer's own
  const as = useActingFor();
  const q = useQuery(dealQuery(id, as));
  const [acting, setActing] = useState<DealEvent | null>(null);
  const f = useDealFormat();

  if (q.isPending) {
    return (
      <Loading className="container dl-page" label={t('loading')}>
        <ActingBannerMount />
        <div className="card dl-card dl-skeleton" />
        <div className="card dl-card dl-skeleton" />
      </Loading>
    );
  }
  if (q.isError) {
    const missing = isApiError(q.error) && (q.error.status === 404 || q.error.status === 403);
    return (
      <div className="container dl-page">
        <ActingBannerMount />
        {missing ? (
          <NotFound
            testId="deal-not-found"
            title={t('notFound')}
            actions={
              <Link to={withActing('/deals', as)} className="btn btn--primary">
                {t('listTitle')}
              </Link>
            }
          />
        ) : (
          <LoadFailed testId="deal" title={t('loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        )}
      </div>
    );
  }
  const d = q.data;
  return (
    <div className="container dl-page" data-testid="deal-page" data-status={d.status}>
      <ActingBannerMount />
      <Header d={d} />
      <div className="dl-layout">
        <div className="dl-main">
          {d.cancel.requestedBy && d.status !== 'cancelled' && (
            <p className="dl-banner" role="status" data-testid="deal-cancel-request">
              {t('cancel.requested', { side: t(`roles.${d.cancel.requestedBy}`), reason: d.cancel.requestReason ?? '' })}
            </p>
          )}
          {d.status === 'cancelled' && (
            <p className="dl-banner dl-banner--muted" data-testid="deal-cancelled">
              {t('cancel.cancelledBy', { side: t(`roles.${(d.cancel.cancelledBy ?? 'system') as 'company'}`), reason: d.cancel.reason ?? '' })}
            </p>
          )}
          <Actions d={d} onAct={setActing} />
          <DealMoney d={d} />
          {!as && <DealReviews d={d} />}
          <Report d={d} />
          <Disputes d={d} />
          {d.conversationId && <DealConversation conversationId={d.conversationId} acting={as !== null} />}
          <Schedule d={d} />
          <Samples d={d} />
          <Terms d={d} />
        </div>
        <aside className="dl-aside">
          <Timeline d={d} />
        </aside>
      </div>
      <DealActionDialog
        dealId={d.id}
        event={acting}
        onClose={() => setActing(null)}
        amount={acting === 'pay_fee' ? f.money(d.money.feeDueCents) : acting === 'pay_deposit' ? f.money(d.money.depositCents) : undefined}
        depositHeld={d.money.depositHeldCents > 0}
        settlement={d.money.tracked ? { terms: d.money.terms, pricingModel: d.money.pricingModel, depositCents: d.money.depositHeldCents } : undefined}
      />
    </div>
  );
}

/** The deal's own conversation (the same thread as in 消息中心), live while the page is open. */
function DealConversation({ conversationId, acting }: { conversationId: string; acting: boolean }) {
  const { t } = useTranslation('messages');
  return (
    <ConversationThread
      id={conversationId}
      testId="deal-conversation"
      header={() => (
        <header className="pp-thread__head">
          <h2 className="pp-thread__title">{t('dealThread')}</h2>
          {/* 消息中心 is the influencer's own: an agency writes here, on the deal */}
          {!acting && (
            <Link to={`/messages/${conversationId}`} className="msg-deal-link">
              {t('title')}
            </Link>
          )}
        </header>
      )}
      emptyHint={t('dealThreadHint')}
    />
  );
}

function Header({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const to = useActingTo();
  const step = STEP_OF[d.status];
  const mine = d.waitingFor === d.viewerRole || (d.waitingFor === 'both' && d.viewerRole !== 'admin');
  let waiting: string | null = null;
  if (d.waitingFor === 'admin') waiting = t('waiting.admin');
  else if (d.waitingFor === 'both') waiting = t('waiting.both');
  else if (d.waitingFor) waiting = mine ? t('waiting.mine') : t('waiting.other', { side: t(`waiting.${d.waitingFor}`) });
  return (
    <header className="card dl-card dl-head">
      <div className="dl-head__top">
        <h1 className="dl-head__title">{d.terms.taskTitle}</h1>
        <span className={`dl-state dl-state--${d.status}`} data-testid="deal-status" data-status={d.status}>
          {t(`states.${d.status}`)}
        </span>
      </div>
      <p className="dl-head__parties">
        <Link to={`/company/${d.company.id}`}>{d.company.name}</Link>
        <span aria-hidden="true"> × </span>
        <Link to={`/influencer/${d.influencer.id}`}>{d.influencer.nickname}</Link>
        {d.influencer.viaAgency && (
          <span className="dl-muted" data-testid="deal-via-agency">
            {' '}
            ({t('viaAgency', { agency: d.influencer.viaAgency.name })})
          </span>
        )}
        <span className="dl-muted"> · </span>
        <Link to={to(`/task/${d.taskId}`)} className="dl-muted">
          {t('toTask')}
        </Link>
      </p>
      {d.viewOnly && (
        <p className="dl-overdue dl-readonly" role="status" data-testid="deal-read-only">
          <WarningOutlined aria-hidden="true" /> <strong>{t('viewOnly')}</strong>
        </p>
      )}
      {d.overdue && (
        <p className={`dl-overdue dl-overdue--${d.overdue}`} data-testid="deal-overdue" data-overdue={d.overdue}>
          <WarningOutlined aria-hidden="true" /> <strong>{t(`overdue.${d.overdue}`)}</strong>
          <span className="dl-overdue__hint">{t(`overdueHint.${d.overdue}`, { hours: REPORT_OVERDUE_HOURS })}</span>
        </p>
      )}
      {waiting && (
        <p className={`dl-waiting${mine ? ' dl-waiting--mine' : ''}`} data-testid="deal-waiting">
          <ClockCircleOutlined aria-hidden="true" /> {waiting}
        </p>
      )}
      {step >= 0 && (
        <ol className="dl-steps" aria-label={t('sections.timeline')}>
          {STEPS.map((s, i) => (
            <li
              key={s}
              className={i < step || d.status === 'completed' ? 'is-done' : i === step ? 'is-current' : ''}
              aria-current={i === step ? 'step' : undefined}
            >
              <span className="dl-steps__dot" aria-hidden="true">
                {i < step || d.status === 'completed' ? <CheckCircleFilled /> : i + 1}
              </span>
              <span className="dl-steps__label">{t(`steps.${s}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </header>
  );
}

function Actions({ d, onAct }: { d: DealDetail; onAct: (e: DealEvent) => void }) {
  const { t } = useTranslation('deals');
  if (d.actions.length === 0) return null;
  const danger = new Set<DealEvent>(['cancel', 'admin_cancel', 'dispute', 'agree_cancel', 'resolve_cancel']);
  const primary = new Set<DealEvent>([
    'pay_fee',
    'pay_deposit',
    'ship_samples',
    'receive_samples',
    'confirm_schedule',
    'report_live',
    'confirm',
    'answer_dispute',
    'resolve_complete',
  ]);
  const ordered = [...(d.actions as DealEvent[])].sort(
    (a, b) => Number(primary.has(b)) - Number(primary.has(a)) || Number(danger.has(a)) - Number(danger.has(b)),
  );
  return (
    <Section name="actions" testId="deal-actions">
      <div className="dl-actions">
        {ordered.map((e) => (
          <button
            key={e}
            type="button"
            className={`btn btn--sm ${primary.has(e) ? 'btn--primary' : danger.has(e) ? 'btn--ghost btn--danger' : 'btn--ghost'}`}
            onClick={() => onAct(e)}
            data-testid={`deal-action-${e}`}
          >
            {e === 'propose_schedule' && d.schedule.start ? t('events.propose_schedule') : t(`events.${e}`)}
          </button>
        ))}
      </div>
    </Section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="dl-facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Terms({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  return (
    <Section name="terms">
      <Facts
        rows={[
          [
            t('terms.rate'),
            <span className="dl-money" data-testid="deal-rate">
              {f.money(d.terms.rateCents)}
            </span>,
          ],
          [t('terms.plannedLiveDate'), f.date(d.terms.plannedLiveDate)],
          [t('terms.duration'), t('terms.durationValue', { hours: d.terms.durationHours })],
          [t('terms.product'), d.terms.productName ?? t('notSet')],
        ]}
      />
      {d.terms.requirements.length > 0 && (
        <>
          <h3 className="dl-sub">{t('terms.requirements')}</h3>
          <ul className="dl-reqs">
            {d.terms.requirements.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function Samples({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  return (
    <Section name="samples" testId="deal-samples">
      {d.samples.shippedAt ? (
        <Facts
          rows={[
            [t('samples.carrier'), d.samples.carrier],
            [t('samples.trackingNo'), <span className="dl-mono">{d.samples.trackingNo}</span>],
            [t('samples.shippedAt'), f.dateTime(d.samples.shippedAt)],
            [t('samples.receivedAt'), d.samples.receivedAt ? f.dateTime(d.samples.receivedAt) : t('samples.notReceived')],
          ]}
        />
      ) : (
        <p className="dl-muted">{t('samples.none')}</p>
      )}
    </Section>
  );
}

function Schedule({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  const s = d.schedule;
  return (
    <Section name="schedule" testId="deal-schedule">
      {s.start ? (
        <>
          <Facts
            rows={[
              [t('schedule.start'), f.dateTime(s.start)],
              [t('schedule.end'), f.dateTime(s.end)],
              [
                t('schedule.room'),
                <a href={s.roomUrl ?? '#'} target="_blank" rel="noopener noreferrer nofollow" className="dl-link">
                  {s.roomUrl}
                </a>,
              ],
            ]}
          />
          <p className="dl-muted">
            {s.proposedBy && t('schedule.proposedBy', { side: t(`waiting.${s.proposedBy}`) })} ·{' '}
            {s.confirmedAt ? t('schedule.confirmed') : t('schedule.unconfirmed')}
          </p>
        </>
      ) : (
        <p className="dl-muted">{t('schedule.none')}</p>
      )}
    </Section>
  );
}

function Report({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  const r = d.report;
  if (!r) {
    if (['scheduled', 'schedule_proposed'].includes(d.status)) {
      return (
        <Section name="report">
          <p className="dl-muted">{t('report.none')}</p>
        </Section>
      );
    }
    return null;
  }
  return (
    <Section name="report" testId="deal-report">
      <div className="dl-figures">
        <Figure label={t('report.views')} value={f.count(r.views)} />
        <Figure label={t('report.peakViewers')} value={f.count(r.peakViewers)} />
        <Figure label={t('report.orders')} value={f.count(r.orders)} />
        <Figure label={t('report.gmv')} value={f.money(r.gmvCents)} testId="deal-report-gmv" />
      </div>
      <Facts
        rows={[
          [t('report.startedAt'), f.dateTime(r.startedAt)],
          [t('report.endedAt'), f.dateTime(r.endedAt)],
          [
            t('report.replay'),
            <a href={r.replayUrl} target="_blank" rel="noopener noreferrer nofollow" className="dl-link">
              {r.replayUrl}
            </a>,
          ],
        ]}
      />
      {r.screenshots.length > 0 && <Gallery label={t('report.screenshots')} images={r.screenshots} />}
      <p className="dl-muted">{t('report.reportedAt', { time: f.dateTime(r.reportedAt) })}</p>
      {d.status === 'reported' && d.autoConfirmAt && (
        <p className="dl-waiting" data-testid="deal-auto-confirm">
          <ClockCircleOutlined aria-hidden="true" /> {t('report.autoConfirm', { time: f.dateTime(d.autoConfirmAt) })}
        </p>
      )}
      {d.autoConfirmed && (
        <p className="dl-muted" data-testid="deal-auto-confirmed">
          {t('report.autoConfirmed')}
        </p>
      )}
    </Section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="dl-figure" data-testid={testId}>
      <span className="dl-figure__value">{value}</span>
      <span className="dl-figure__label">{label}</span>
    </div>
  );
}

function Gallery({ label, images }: { label: string; images: { id: string; url: string }[] }) {
  return (
    <div className="dl-gallery">
      <h3 className="dl-sub">{label}</h3>
      <ul>
        {images.map((img) => (
          <li key={img.id}>
            <a href={img.url} target="_blank" rel="noopener noreferrer">
              <img src={img.url} alt={label} width={96} height={96} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Disputes({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  if (d.disputes.length === 0) return null;
  const now = new Date(d.serverNow).getTime();
  return (
    <Section name="disputes" testId="deal-disputes">
      {[...d.disputes].reverse().map((x) => (
        <article key={x.id} className={`dl-dispute dl-dispute--${x.outcome}`} data-testid="deal-dispute" data-outcome={x.outcome}>
          <p className="dl-dispute__head">
            <strong>{t(`disputes.reasons.${x.reason}`)}</strong>
            <span className="dl-dispute__outcome">{t(`disputes.outcomes.${x.outcome}`, { percent: (x.payoutBps ?? 0) / 100 })}</span>
          </p>
          <p className="dl-muted">{t('disputes.openedBy', { side: t(`waiting.${x.openedBy}`), time: f.dateTime(x.openedAt) })}</p>
          {x.outcome === 'open' && (
            <p className="dl-muted">{t('disputes.age', { hours: Math.max(0, Math.floor((now - new Date(x.openedAt).getTime()) / 3600_000)) })}</p>
          )}
          <h3 className="dl-sub">{t('disputes.statement')}</h3>
          <p className="dl-text">{x.statement}</p>
          {x.evidence.length > 0 && <Gallery label={t('disputes.evidence')} images={x.evidence} />}
          <h3 className="dl-sub">{t('disputes.answer')}</h3>
          <p className="dl-text">{x.answer ?? <span className="dl-muted">{t('disputes.noAnswer')}</span>}</p>
          {x.answerEvidence.length > 0 && <Gallery label={t('disputes.evidence')} images={x.answerEvidence} />}
          {x.decisionReason && (
            <p className="dl-banner" data-testid="deal-decision">
              {t('disputes.decision', { reason: x.decisionReason })}
            </p>
          )}
        </article>
      ))}
    </Section>
  );
}

function Timeline({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  return (
    <Section name="timeline" testId="deal-timeline">
      <ol className="dl-timeline">
        {[...d.timeline].reverse().map((e) => (
          <li key={e.id} data-testid="deal-timeline-entry" data-event={e.event}>
            <span className="dl-timeline__event">{t(`events.${e.event as DealEvent | 'accept'}`)}</span>
            <span className="dl-timeline__meta">
              {e.onBehalf
                ? e.onBehalf.staffName
                  ? t('onBehalfStaff', { agency: e.onBehalf.agencyName, staff: e.onBehalf.staffName, influencer: e.actorName ?? '' })
                  : t('onBehalf', { agency: e.onBehalf.agencyName, influencer: e.actorName ?? '' })
                : (e.actorName ?? t(`roles.${e.actorRole}`))}{' '}
              · <time dateTime={e.at}>{f.dateTime(e.at)}</time>
            </span>
            {typeof e.data.reason === 'string' && e.data.reason && (
              <span className="dl-timeline__note">
                {e.event === 'dispute' && isDisputeReason(e.data.reason) ? t(`disputes.reasons.${e.data.reason}`) : e.data.reason}
              </span>
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** one card of the deal page: a titled section (its heading labels it) */
function Section({
  name,
  testId,
  children,
}: {
  name: 'actions' | 'terms' | 'samples' | 'schedule' | 'report' | 'disputes' | 'timeline';
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('deals');
  return (
    <section className="card dl-card" aria-labelledby={`dl-${name}`} data-testid={testId}>
      <h2 className="dl-card__title" id={`dl-${name}`}>
        {t(`sections.${name}`)}
      </h2>
      {children}
    </section>
  );
}
