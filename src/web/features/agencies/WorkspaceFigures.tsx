import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TeamOutlined } from '@ant-design/icons';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { useFormat } from '../../lib/format';
import { Avatar } from '../people/InfluencerCard';
import { workspaceQuery } from './workspaceApi';

/**
 * 本月概览 (机构工作台, issue 25 item 5): the agency's month in four figures and, per current roster influencer, the
 * open deals, how many wait for the influencer's move, this month's earnings and GMV, and the rating. A 运营 staff
 * member gets no earnings (null from the server, decision 0067): the figure is left out.
 */
export function WorkspaceFigures() {
  const { t } = useTranslation('agencies');
  const { money } = useFormat();
  const q = useQuery(workspaceQuery);
  return (
    <section className="ag-card" aria-labelledby="ag-month" data-testid="ws-figures">
      <h2 id="ag-month">{t('ws.monthTitle')}</h2>
      {q.isPending ? (
        <Loading label={t('ws.loading')} className="ag-skeleton" />
      ) : q.isError ? (
        <LoadFailed testId="ws-figures" title={t('ws.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className="ag-muted">{t(q.data.totals.earningsCents === null ? 'ws.monthNoteNoEarnings' : 'ws.monthNote', { month: q.data.month })}</p>
          <dl className="ag-stats">
            <div>
              <dt>{t('ws.totals.openDeals')}</dt>
              <dd data-testid="ws-total-open">{q.data.totals.openDeals}</dd>
            </div>
            <div>
              <dt>{t('ws.totals.waiting')}</dt>
              <dd data-testid="ws-total-waiting">{q.data.totals.waitingOnInfluencer}</dd>
            </div>
            {q.data.totals.earningsCents !== null && (
              <div>
                <dt>{t('ws.totals.earnings')}</dt>
                <dd data-testid="ws-total-earnings">{money(q.data.totals.earningsCents)}</dd>
              </div>
            )}
            <div>
              <dt>{t('ws.totals.gmv')}</dt>
              <dd data-testid="ws-total-gmv">{money(q.data.totals.gmvCents)}</dd>
            </div>
          </dl>
          <h3 className="ag-sub">{t('ws.rosterTitle')}</h3>
          {q.data.roster.length === 0 ? (
            <Empty testId="ws-roster-empty" icon={<TeamOutlined />} title={t('ws.rosterEmpty')} />
          ) : (
            <ul className="ag-list" data-testid="ws-roster">
              {q.data.roster.map((r) => (
                <li key={r.influencer.id} className="ag-row" data-testid="ws-roster-row">
                  <div className="ag-row__main">
                    <Avatar src={r.influencer.avatarUrl} name={r.influencer.nickname} size={40} />
                    <div>
                      <Link to={`/influencer/${r.influencer.id}`} className="ag-row__name">
                        {r.influencer.nickname}
                      </Link>
                      {r.membershipStatus === 'ended' && (
                        <span className="ag-tag ag-tag--ended" data-testid="ws-row-left">
                          {t('ws.left')}
                        </span>
                      )}
                      <div className="ag-row__meta">
                        {r.totalReviews > 0 ? t('ws.rating', { rating: r.rating.toFixed(1), count: r.totalReviews }) : t('ws.noRating')}
                      </div>
                    </div>
                  </div>
                  <ul className="ag-chips">
                    <li data-testid="ws-row-open">{t('ws.openDeals', { count: r.openDeals })}</li>
                    <li data-testid="ws-row-waiting" className={r.waitingOnInfluencer > 0 ? 'ag-chip--due' : undefined}>
                      {t('ws.waiting', { count: r.waitingOnInfluencer })}
                    </li>
                    {r.earningsCents !== null && <li data-testid="ws-row-earnings">{t('ws.earnings', { amount: money(r.earningsCents) })}</li>}
                    <li data-testid="ws-row-gmv">{t('ws.gmv', { amount: money(r.gmvCents) })}</li>
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
