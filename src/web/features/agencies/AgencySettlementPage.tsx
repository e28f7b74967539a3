import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Input, Segmented, Tag } from 'antd';
import { DownloadOutlined, InboxOutlined, LockOutlined } from '@ant-design/icons';
import { SignInGate } from '../../components/SignInGate';
import { Empty, Loading, LoadFailed, StateBox } from '../../components/PageState';
import { Pager } from '../../components/Pager';
import { client, data, type Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { isApiError } from '../../lib/api';
import { formatBps } from '@shared/money';
import { Avatar } from '../people/InfluencerCard';
import { workspaceKeys } from './workspaceApi';
import '../../components/ListPage.css';
import './agencies.css';

type Me = Schema<'Me'>;
type Settlement = Schema<'AgencySettlementResponse'>;
type View = 'influencer' | 'deal';
const PAGE_SIZE = 20;
const HOUR = 3600_000;

/** today in the platform's days (Asia/Shanghai), as the server counts the range */
function platformToday(): string {
  return new Date(Date.now() + 8 * HOUR).toISOString().slice(0, 10);
}

/** the quick ranges: this month, last month, this year (platform days, up to today) */
function presets(today: string): Record<'month' | 'lastMonth' | 'year', [string, string]> {
  const [y, m] = today.split('-').map(Number);
  const lastEnd = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return {
    month: [`${today.slice(0, 7)}-01`, today],
    lastMonth: [`${lastEnd.slice(0, 7)}-01`, lastEnd],
    year: [`${y}-01-01`, today],
  };
}

/**
 * /agency-settlement (结算对账, issue 40 item 4, decision 0066): what the agency earned in a range of days, by influencer
 * and by deal, its CSVs, and what is pending now (its expected cut of the fees in escrow and the commissions owed).
 */
export default function AgencySettlementPage() {
  const { t } = useTranslation('agencies');
  usePageTitle(t('settlement.title'));
  return (
    <SignInGate className="ag-page" testId="agency-settlement-signin" title={t('workspace.signInTitle')} action={t('workspace.signIn')}>
      {(user) => <SettlementLoader user={user} />}
    </SignInGate>
  );
}

function SettlementLoader({ user }: { user: Me }) {
  const { t } = useTranslation('agencies');
  if (user.userType !== 'agency')
    return (
      <div className="container ag-page">
        <StateBox icon={<LockOutlined />} title={t('workspace.onlyAgencies')} />
      </div>
    );
  return <SettlementView />;
}

function SettlementView() {
  const { t } = useTranslation('agencies');
  const { money } = useFormat();
  const { apiErrorText } = useErrorText();
  const [params, setParams] = useSearchParams();
  const today = platformToday();
  const quick = presets(today);
  const from = params.get('from') ?? quick.month[0];
  const to = params.get('to') ?? quick.month[1];
  const view: View = params.get('view') === 'deal' ? 'deal' : 'influencer';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (next: Partial<{ from: string; to: string; view: View; page: number }>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) p.set(k, String(v));
    if (!('page' in next)) p.delete('page');
    setParams(p, { replace: true });
  };
  const q = useQuery({
    queryKey: [...workspaceKeys.all, 'settlement', from, to, page] as const,
    queryFn: ({ signal }) => data(client.GET('/api/agency/settlement', { params: { query: { from, to, page, limit: PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
    retry: (n, e) => !isApiError(e) && n < 2,
  });
  const csv = `/api/agency/settlement.csv?${new URLSearchParams({ from, to, by: view })}`;
  const active = (Object.keys(quick) as (keyof typeof quick)[]).find((k) => quick[k][0] === from && quick[k][1] === to);
  return (
    <div className="container ag-page" data-testid="agency-settlement">
      <div>
        <p className="ag-muted">
          <Link to="/agency">{t('settlement.back')}</Link>
        </p>
        <h1 className="ag-title">{t('settlement.title')}</h1>
        <p className="ag-muted">{t('settlement.intro')}</p>
      </div>
      <section className="ag-card" aria-label={t('settlement.range')}>
        <div className="ag-range">
          <label>
            <span>{t('settlement.from')}</span>
            <Input type="date" value={from} max={to} onChange={(e) => e.target.value && set({ from: e.target.value })} data-testid="settlement-from" />
          </label>
          <label>
            <span>{t('settlement.to')}</span>
            <Input type="date" value={to} min={from} onChange={(e) => e.target.value && set({ to: e.target.value })} data-testid="settlement-to" />
          </label>
        </div>
        <ul className="ag-chips ag-presets">
          {(Object.keys(quick) as (keyof typeof quick)[]).map((k) => (
            <li key={k}>
              <button
                type="button"
                className={`ag-preset${active === k ? ' ag-preset--on' : ''}`}
                aria-pressed={active === k}
                onClick={() => set({ from: quick[k][0], to: quick[k][1] })}
                data-testid={`settlement-preset-${k}`}
              >
                {t(`settlement.presets.${k}`)}
              </button>
            </li>
          ))}
        </ul>
        <p className="ag-muted ag-range__note">{t('settlement.rangeNote')}</p>
      </section>
      {q.isPending ? (
        <Loading label={t('ws.loading')} className="ag-skeleton" />
      ) : q.isError ? (
        <LoadFailed testId="settlement" title={apiErrorText(q.error, t('ws.loadFailed'))} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <section className="ag-card" aria-labelledby="ag-settle-totals">
            <h2 id="ag-settle-totals">{t('settlement.totalsTitle', { from: q.data.from, to: q.data.to })}</h2>
            <dl className="ag-stats ag-stats--two">
              <div>
                <dt>{t('settlement.earned')}</dt>
                <dd data-testid="settlement-earned">{money(q.data.totals.earnedCents)}</dd>
                <p className="ag-muted">{t('settlement.paidDeals', { count: q.data.totals.paidDeals })}</p>
              </div>
              <div>
                <dt>{t('settlement.pending')}</dt>
                <dd data-testid="settlement-pending">{money(q.data.totals.pendingCents)}</dd>
                <p className="ag-muted">{t('settlement.pendingDeals', { count: q.data.totals.pendingDeals })}</p>
              </div>
            </dl>
            <p className="ag-muted">{t('settlement.pendingNote')}</p>
          </section>
          <section className="ag-card" aria-labelledby="ag-settle-rows">
            <div className="ag-card__head">
              <h2 id="ag-settle-rows">{t('settlement.rowsTitle')}</h2>
              <a className="btn btn--ghost" href={csv} download data-testid="settlement-csv">
                <DownloadOutlined aria-hidden="true" /> {t('ws.exportCsv')}
              </a>
            </div>
            <Segmented<View>
              value={view}
              onChange={(v) => set({ view: v })}
              options={[
                { value: 'influencer', label: t('settlement.byInfluencer') },
                { value: 'deal', label: t('settlement.byDeal') },
              ]}
              data-testid="settlement-view"
            />
            {view === 'influencer' ? <ByInfluencer rows={q.data.byInfluencer} /> : <ByDeal s={q.data} page={page} onPage={(p) => set({ page: p })} />}
          </section>
        </>
      )}
    </div>
  );
}

function ByInfluencer({ rows }: { rows: Settlement['byInfluencer'] }) {
  const { t } = useTranslation('agencies');
  const { money } = useFormat();
  if (rows.length === 0) return <Empty testId="settlement-empty" icon={<InboxOutlined />} title={t('settlement.empty')} compact />;
  return (
    <ul className="ag-list" data-testid="settlement-influencers">
      {rows.map((r) => (
        <li key={r.influencer.id} className="ag-row" data-testid="settlement-influencer">
          <div className="ag-row__main">
            <Avatar src={r.influencer.avatarUrl} name={r.influencer.nickname} size={40} />
            <div>
              <Link to={`/influencer/${r.influencer.id}`} className="ag-row__name">
                {r.influencer.nickname}
              </Link>
              {r.membershipStatus !== 'active' && <span className="ag-tag ag-tag--ended">{t('ws.left')}</span>}
              <div className="ag-row__meta">{t('settlement.paidDeals', { count: r.paidDeals })}</div>
            </div>
          </div>
          <ul className="ag-chips">
            <li data-testid="settlement-row-earned">{t('settlement.earnedAmount', { amount: money(r.earnedCents) })}</li>
            <li data-testid="settlement-row-pending" className={r.pendingCents > 0 ? 'ag-chip--due' : undefined}>
              {t('settlement.pendingAmount', { amount: money(r.pendingCents) })}
            </li>
          </ul>
        </li>
      ))}
    </ul>
  );
}

function ByDeal({ s, page, onPage }: { s: Settlement; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(['agencies', 'deals']);
  const { money, date } = useFormat();
  if (s.deals.total === 0) return <Empty testId="settlement-empty" icon={<InboxOutlined />} title={t('settlement.empty')} compact />;
  return (
    <>
      <ul className="ag-list" data-testid="settlement-deals">
        {s.deals.items.map((d) => (
          <li key={d.dealId} className="ag-row" data-testid="settlement-deal">
            <div className="ag-row__text">
              <Link to={`/deal/${d.dealId}`} className="ag-row__name">
                {d.task.title}
              </Link>{' '}
              <Tag>{t(`deals:states.${d.status as 'accepted'}`)}</Tag>
              <div className="ag-row__meta">
                {t('settlement.dealMeta', { influencer: d.influencer.nickname, share: formatBps(d.shareBps) })}
                {d.lastPaidAt && ` · ${t('settlement.paidOn', { date: date(d.lastPaidAt) })}`}
              </div>
            </div>
            <ul className="ag-chips">
              {(d.earnedCents > 0 || !d.pending) && (
                <li data-testid="settlement-deal-earned">{t('settlement.earnedAmount', { amount: money(d.earnedCents) })}</li>
              )}
              {d.pending && (
                <li data-testid="settlement-deal-pending" className="ag-chip--due">
                  {t(`settlement.pendingKind.${d.pending}`, { amount: money(d.pendingCents) })}
                </li>
              )}
            </ul>
          </li>
        ))}
      </ul>
      <Pager
        current={page}
        pageSize={PAGE_SIZE}
        total={s.deals.total}
        totalText={t('ws.total', { count: s.deals.total })}
        onChange={onPage}
        testId="settlement-pager"
      />
    </>
  );
}
