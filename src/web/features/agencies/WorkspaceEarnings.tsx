import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '@ant-design/icons';
import { Loading, LoadFailed } from '../../components/PageState';
import { useFormat } from '../../lib/format';
import { earningsQuery } from './workspaceApi';

const EarningsChart = lazy(() => import('./EarningsChart'));

/**
 * 收益趋势 (机构工作台, issue 25 item 5): the agency's share per month over the last 12 months as a bar chart (ECharts,
 * loaded with this section only), the months as a list, and the CSV of the same figures.
 */
export function WorkspaceEarnings() {
  const { t } = useTranslation('agencies');
  const { money } = useFormat();
  const q = useQuery(earningsQuery);
  const chart = useMemo(() => {
    const months = q.data?.months ?? [];
    return { months: months.map((m) => m.month), values: months.map((m) => m.earningsCents) };
  }, [q.data]);
  const total = q.data?.months.reduce((s, m) => s + m.earningsCents, 0) ?? 0;
  return (
    <section className="ag-card" aria-labelledby="ag-earnings" data-testid="ws-earnings">
      <div className="ag-card__head">
        <h2 id="ag-earnings">{t('ws.earningsTitle')}</h2>
        <a className="btn btn--ghost" href="/api/agency/earnings.csv" download data-testid="ws-earnings-csv">
          <DownloadOutlined aria-hidden="true" /> {t('ws.exportCsv')}
        </a>
      </div>
      <p className="ag-muted">
        {t('ws.earningsNote')} ·{' '}
        <Link to="/agency-settlement" data-testid="ws-settlement-link">
          {t('settlement.link')}
        </Link>
      </p>
      {q.isPending ? (
        <Loading label={t('ws.loading')} className="ag-chart" />
      ) : q.isError ? (
        <LoadFailed testId="ws-earnings" title={t('ws.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <Suspense fallback={<Loading label={t('ws.loading')} className="ag-chart" />}>
            <EarningsChart months={chart.months} values={chart.values} series={t('ws.earningsSeries')} label={t('ws.earningsChart')} format={money} />
          </Suspense>
          {total === 0 ? (
            <p className="ag-muted" data-testid="ws-earnings-empty">
              {t('ws.earningsEmpty')}
            </p>
          ) : (
            <ul className="ag-months" data-testid="ws-earnings-months">
              {q.data.months
                .filter((m) => m.earningsCents > 0)
                .reverse()
                .map((m) => (
                  <li key={m.month}>
                    <span>{m.month}</span>
                    <strong>{money(m.earningsCents)}</strong>
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
