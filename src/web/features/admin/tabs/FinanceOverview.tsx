import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Card, Segmented, Skeleton, Statistic } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { financeKeys, financeOverviewQuery } from '../../money/financeApi';
import { useAdminFormat } from '../format';
import type { Schema } from '../../../lib/client';
import { formatMoney } from '../../../lib/format';
import { LoadFailed } from '../../../components/PageState';

type Overview = Schema<'FinanceOverview'>;

const TOTALS: {
  key: keyof Overview['totals'];
  label: 'companyWallets' | 'influencerWallets' | 'escrowHeld' | 'depositsHeld' | 'payoutsInTransit' | 'revenue';
}[] = [
  { key: 'companyWalletsCents', label: 'companyWallets' },
  { key: 'influencerWalletsCents', label: 'influencerWallets' },
  { key: 'escrowHeldCents', label: 'escrowHeld' },
  { key: 'depositsHeldCents', label: 'depositsHeld' },
  { key: 'payoutsInTransitCents', label: 'payoutsInTransit' },
  { key: 'revenueCents', label: 'revenue' },
];
const PENDING = ['bankTransfers', 'payouts', 'commissionsDue'] as const;
const DAYS = [7, 30, 90] as const;

/** 财务 → 资金总览: what the ledger holds, what waits for finance, and the platform fee revenue per Shanghai day. */
export default function FinanceOverview() {
  const { t } = useTranslation('finance');
  const f = useAdminFormat();
  const qc = useQueryClient();
  const [days, setDays] = useState<(typeof DAYS)[number]>(30);
  const q = useQuery(financeOverviewQuery(days));
  const o = q.data;

  if (q.isError) {
    return (
      <div className="adm-section">
        <LoadFailed testId="finance-overview" compact title={t('overview.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      </div>
    );
  }
  const total = o ? o.revenueByDay.reduce((s, d) => s + d.cents, 0) : 0;
  const peak = o ? Math.max(1, ...o.revenueByDay.map((d) => d.cents)) : 1;
  return (
    <section className="adm-section" data-testid="finance-overview">
      <div className="adm-toolbar">
        <h2 style={{ margin: 0 }}>{t('overview.title')}</h2>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={q.isFetching}
          onClick={() => void qc.invalidateQueries({ queryKey: financeKeys.overview(days) })}
        >
          {t('overview.refresh')}
        </Button>
        {o && <span className="adm-change">{t('overview.updatedAt', { time: f.dateTime(o.computedAt) })}</span>}
      </div>
      <div className="adm-cards">
        {TOTALS.map((c) => (
          <Card key={c.key} size="small" data-testid={`finance-${c.label}`}>
            <Skeleton loading={!o} active paragraph={{ rows: 1 }} title={false}>
              <Statistic title={t(`overview.totals.${c.label}`)} value={o ? formatMoney(o.totals[c.key]) : ''} />
            </Skeleton>
          </Card>
        ))}
        {PENDING.map((k) => (
          <Card key={k} size="small" data-testid={`finance-pending-${k}`}>
            <Skeleton loading={!o} active paragraph={{ rows: 1 }} title={false}>
              <Statistic
                title={t(`overview.pending.${k}`)}
                value={o ? f.number(o.pending[k].count) : ''}
                valueStyle={o && o.pending[k].count > 0 ? { color: '#d46b08' } : undefined}
              />
              {o && <div className="adm-change">{formatMoney(o.pending[k].amountCents)}</div>}
            </Skeleton>
          </Card>
        ))}
      </div>
      <Card size="small" title={t('overview.revenueTitle')}>
        <div className="adm-toolbar" style={{ marginBottom: 0 }}>
          <Segmented
            size="small"
            value={days}
            onChange={(v) => setDays(v)}
            options={DAYS.map((d) => ({ value: d, label: t('overview.days', { days: d }) }))}
            data-testid="finance-revenue-days"
          />
          {o && (
            <span className="adm-change" style={{ marginTop: 0 }} data-testid="finance-revenue-total">
              {t('overview.revenueTotal', { days, amount: formatMoney(total) })}
            </span>
          )}
        </div>
        {!o ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : (
          <>
            <div
              className="adm-bars"
              role="img"
              aria-label={t('overview.revenueChart', { days, amount: formatMoney(total) })}
              data-testid="finance-revenue-chart"
            >
              {o.revenueByDay.map((d) => (
                <span key={d.date} className="adm-bars__bar" title={t('overview.revenueDay', { date: f.day(d.date), amount: formatMoney(d.cents) })}>
                  <span style={{ height: `${d.cents > 0 ? Math.max(3, Math.round((d.cents / peak) * 100)) : 0}%` }} />
                </span>
              ))}
            </div>
            <div className="adm-bars__axis">
              <span>{o.revenueByDay[0] ? f.day(o.revenueByDay[0].date) : ''}</span>
              <span>{f.day(o.today)}</span>
            </div>
          </>
        )}
      </Card>
    </section>
  );
}
