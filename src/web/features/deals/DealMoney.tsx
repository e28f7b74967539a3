import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBps } from '@shared/money';
import type { Schema } from '../../lib/client';
import { useDealFormat } from './format';
import { SettlementCompare } from './SettlementCompare';

type DealDetail = Schema<'DealDetail'>;

/**
 * 费用与结算: the money terms fixed at acceptance, what the escrow holds now, what completion pays and
 * how it is computed (the same computeSettlement the server posts), or the settlement once done.
 */
export function DealMoney({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  const m = d.money;
  const rows: [string, ReactNode, string?][] = [[t('funds.model'), t(`funds.models.${m.pricingModel}`), 'deal-money-model']];
  if (m.pricingModel !== 'commission') rows.push([m.pricingModel === 'fixed' ? t('funds.fee') : t('funds.slotFee'), f.money(m.feeCents), 'deal-money-fee']);
  if (m.commissionBps > 0) rows.push([t('funds.commission'), t('funds.commissionOfGmv', { percent: formatBps(m.commissionBps) }), 'deal-money-commission']);
  if (m.depositCents > 0) rows.push([t('funds.deposit'), f.money(m.depositCents), 'deal-money-deposit']);
  if (m.tracked) rows.push([t('funds.platformFee'), formatBps(m.platformFeeBps), 'deal-money-platform-fee']);

  return (
    <section className="card dl-card" aria-labelledby="deal-money-title" data-testid="deal-money">
      <h2 className="dl-card__title" id="deal-money-title">
        {t('sections.money')}
      </h2>
      <dl className="dl-facts">
        {rows.map(([k, v, id]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd data-testid={id}>{v}</dd>
          </div>
        ))}
      </dl>
      {!m.tracked ? (
        <p className="dl-muted">{t('funds.untracked')}</p>
      ) : (
        <>
          <Held d={d} />
          {d.status !== 'cancelled' && <Breakdown d={d} />}
          {d.status !== 'cancelled' && m.agencySplit && <AgencySplit split={m.agencySplit} />}
          {m.decision && (
            <SettlementCompare
              title={m.decision.payoutBps / 100 === 0 ? t('decision.cancelledTitle') : t('decision.title', { percent: m.decision.payoutBps / 100 })}
              terms={m.terms}
              pricingModel={m.pricingModel}
              before={m.decision.before}
              after={m.decision.after}
              percent={m.decision.payoutBps / 100}
              deposit={m.depositCents > 0 ? { cents: m.depositCents, awarded: m.depositAwarded } : undefined}
              testId="deal-money-decision"
            />
          )}
        </>
      )}
    </section>
  );
}

function Held({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  const m = d.money;
  const lines: { key: string; text: string; tone?: 'due' }[] = [];
  if (m.escrowCents > 0) lines.push({ key: 'escrow', text: `${t('funds.escrow')} ${f.money(m.escrowCents)}` });
  if (m.feeDueCents > 0) lines.push({ key: 'fee-due', text: `${t('funds.feeDue')} ${f.money(m.feeDueCents)}`, tone: 'due' });
  if (m.depositHeldCents > 0) lines.push({ key: 'deposit-held', text: `${t('funds.depositHeld')} ${f.money(m.depositHeldCents)}` });
  else if (d.facts.depositDue) lines.push({ key: 'deposit-due', text: `${t('funds.depositDue')} ${f.money(m.depositCents)}`, tone: 'due' });
  const mine =
    (d.viewerRole === 'company' && d.facts.feeDue) || (d.viewerRole === 'influencer' && d.facts.depositDue)
      ? d.viewerRole === 'company'
        ? 'fee'
        : 'deposit'
      : null;
  if (!lines.length && !mine && !m.paymentDueAt) return null;
  return (
    <div className="dl-held">
      <ul className="dl-held__list">
        {lines.map((l) => (
          <li key={l.key} className={l.tone === 'due' ? 'dl-held__due' : undefined} data-testid={`deal-money-${l.key}`}>
            {l.text}
          </li>
        ))}
      </ul>
      {m.paymentDueAt && (
        <p className="dl-muted" data-testid="deal-money-pay-by">
          {t('funds.payBy', { time: f.dateTime(m.paymentDueAt) })}
        </p>
      )}
      {mine && (
        <p className="dl-held__hint">
          {mine === 'fee' ? t('funds.payFeeHint', { amount: f.money(m.feeDueCents) }) : t('funds.payDepositHint', { amount: f.money(m.depositCents) })}{' '}
          <Link to="/wallet">{t('funds.topUp')}</Link>
        </p>
      )}
    </div>
  );
}

/** What completion pays (before it) or paid (after it): the same computation either way. */
function Breakdown({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  const m = d.money;
  const e = m.estimate;
  const settled = m.settledAt !== null;
  const gmv = d.report?.gmvCents ?? null;
  let commission: ReactNode = null;
  if (m.commissionBps > 0) {
    // how it was computed, before and after: GMV × rate (× the decided share)
    const how = t('funds.estimateCommission', { gmv: f.money(gmv ?? 0), rate: formatBps(m.commissionBps) });
    if (settled && m.commissionCents !== null) {
      const state = m.commissionStatus === 'due' ? t('funds.commissionDue', { amount: f.money(m.commissionCents) }) : t('funds.commissionPaid');
      commission = <Row label={`${how} · ${state}`} value={f.money(m.commissionCents)} testId="deal-money-commission-status" />;
    } else if (!settled) {
      commission = gmv !== null ? <Row label={how} value={f.money(e.commissionCents)} /> : <Row label={t('funds.estimateCommissionLater')} value="—" />;
    }
  }
  const feeLabel = m.pricingModel === 'slot_commission' ? t('funds.slotFee') : t('funds.fee');
  return (
    <div className="dl-calc" data-testid={settled ? 'deal-money-settled' : 'deal-money-estimate'}>
      <h3 className="dl-sub">{settled ? t('funds.settledTitle') : t('funds.estimateTitle')}</h3>
      {settled && <p className="dl-muted">{t('funds.settledAt', { time: f.dateTime(m.settledAt) })}</p>}
      <dl className="dl-calc__rows">
        {m.feeCents > 0 && (
          <Row
            label={d.payoutBps === 10_000 ? feeLabel : t('funds.estimateFee', { fee: feeLabel, percent: d.payoutBps / 100 })}
            value={f.money(e.feeShareCents)}
          />
        )}
        {commission}
        <Row label={t('funds.estimatePlatformFee', { percent: formatBps(m.platformFeeBps) })} value={`−${f.money(e.platformFeeCents)}`} />
        <Row label={t('funds.estimateNet')} value={f.money(e.influencerNetCents)} strong testId="deal-money-net" />
        {e.refundCents > 0 && <Row label={t('funds.estimateRefund')} value={f.money(e.refundCents)} />}
      </dl>
      {settled && m.depositCents > 0 && (
        <p className="dl-muted" data-testid="deal-money-deposit-outcome">
          {m.depositAwarded ? t('funds.depositAwarded', { amount: f.money(m.depositCents) }) : t('funds.depositReturned', { amount: f.money(m.depositCents) })}
        </p>
      )}
    </div>
  );
}

/** The influencer's net shared with the agency the deal was made under (the influencer's side and admins only). */
function AgencySplit({ split }: { split: NonNullable<DealDetail['money']['agencySplit']> }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  return (
    <div className="dl-calc" data-testid="deal-money-split">
      <h3 className="dl-sub">{t('funds.splitTitle')}</h3>
      <p className="dl-muted">{split.settled ? t('funds.splitSettled') : t('funds.splitExpected')}</p>
      <dl className="dl-calc__rows">
        <Row
          label={t('funds.splitAgency', { agency: split.agencyName, percent: split.shareBps / 100 })}
          value={f.money(split.agencyCents)}
          testId="deal-money-split-agency"
        />
        <Row label={t('funds.splitInfluencer')} value={f.money(split.influencerCents)} strong testId="deal-money-split-influencer" />
      </dl>
    </div>
  );
}

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'dl-calc__total' : undefined}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
