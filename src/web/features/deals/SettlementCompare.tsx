import { useTranslation } from 'react-i18next';
import { formatBps, type PricingModel, type Settlement, type SettlementTerms } from '@shared/money';
import { formatMoney } from '../../lib/format';

export type CompareProps = {
  title: string;
  terms: SettlementTerms;
  pricingModel: PricingModel;
  /** the settlement as agreed (100 %) */
  before: Settlement;
  /** at the decided share; null while the share typed is not a whole percent in range */
  after: Settlement | null;
  /** the decided share (shown in the column's heading) */
  percent: number | null;
  /** a deposit held for the deal: where it goes as agreed (back) and as decided */
  deposit?: { cents: number; awarded: boolean };
  testId: string;
};

/**
 * A dispute decision's money, as agreed and as decided (decision 0030): the fee share, the commission on the
 * GMV — scaled by the same share —, the platform fee on both, what the influencer receives and what the company
 * gets back and pays. Both columns come from computeSettlement (decisionComparison): live in the admin's
 * decision dialog, and from the deal detail on the deal page of both sides. Amounts always with cents.
 */
export function SettlementCompare({ title, terms, pricingModel, before, after, percent, deposit, testId }: CompareProps) {
  const { t } = useTranslation('deals');
  const money = formatMoney;
  const fee = pricingModel === 'slot_commission' ? t('funds.slotFee') : t('funds.fee');
  const rows: { key: string; label: string; of: (s: Settlement) => string; total?: boolean }[] = [];
  if (terms.escrowCents > 0) rows.push({ key: 'fee-share', label: fee, of: (s) => money(s.feeShareCents) });
  if (terms.commissionBps > 0) {
    rows.push({
      key: 'commission',
      label:
        terms.gmvCents === null
          ? t('decision.commissionNoReport')
          : t('funds.estimateCommission', { gmv: money(terms.gmvCents), rate: formatBps(terms.commissionBps) }),
      of: (s) => money(s.commissionCents),
    });
  }
  rows.push(
    {
      key: 'platform-fee',
      label: t('funds.estimatePlatformFee', { percent: formatBps(terms.platformFeeBps) }),
      of: (s) => (s.platformFeeCents > 0 ? `−${money(s.platformFeeCents)}` : money(0)),
    },
    { key: 'influencer', label: t('funds.estimateNet'), of: (s) => money(s.influencerNetCents), total: true },
  );
  if (terms.escrowCents > 0) rows.push({ key: 'refund', label: t('funds.estimateRefund'), of: (s) => money(s.refundCents) });
  rows.push({ key: 'company', label: t('decision.companyPays'), of: (s) => money(s.companyPaysCents), total: true });

  return (
    <div className="dl-compare" data-testid={testId}>
      <h3 className="dl-sub">{title}</h3>
      <p className="dl-muted">{t('decision.intro')}</p>
      <div className="dl-compare__scroll">
        <table className="dl-compare__table">
          <thead>
            <tr>
              <th scope="col">{t('decision.item')}</th>
              <th scope="col">{t('decision.asAgreed')}</th>
              <th scope="col">{percent === null ? t('decision.decidedPending') : t('decision.decided', { percent })}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const was = r.of(before);
              const now = after ? r.of(after) : '—';
              return (
                <tr key={r.key} className={r.total ? 'dl-compare__total' : undefined}>
                  <th scope="row">{r.label}</th>
                  <td data-testid={`${testId}-${r.key}-before`}>{was}</td>
                  <td data-testid={`${testId}-${r.key}-after`} className={after && now !== was ? 'dl-compare__changed' : undefined}>
                    {now}
                  </td>
                </tr>
              );
            })}
            {deposit && deposit.cents > 0 && (
              <tr>
                <th scope="row">{t('decision.deposit', { amount: money(deposit.cents) })}</th>
                <td className="dl-compare__text">{t('decision.depositReturned')}</td>
                <td data-testid={`${testId}-deposit-after`} className={deposit.awarded ? 'dl-compare__text dl-compare__changed' : 'dl-compare__text'}>
                  {deposit.awarded ? t('decision.depositAwarded') : t('decision.depositReturned')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
