import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { InboxOutlined } from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { usePageTitle } from '../../lib/usePageTitle';
import { DealGate } from './DealGate';
import { myDealsQuery } from './api';
import { useDealFormat } from './format';
import { ActingBannerMount, useActingFor, useActingTo } from '../agencies/actingFor';
import './deals.css';

type DealSummary = Schema<'DealSummary'>;

/** /deals — the signed-in company's or influencer's deals, latest activity first (`?as=`: an agency's deals for a roster influencer). */
export default function DealsPage() {
  const { t } = useTranslation('deals');
  usePageTitle(t('listTitle'));
  return (
    <DealGate>
      <Deals />
    </DealGate>
  );
}

function Deals() {
  const { t } = useTranslation('deals');
  const q = useQuery(myDealsQuery('all', useActingFor()));
  let body;
  if (q.isPending) body = <Loading className="card dl-card dl-skeleton" label={t('loading')} />;
  else if (q.isError) body = <LoadFailed testId="deals" title={t('loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.length === 0) body = <Empty testId="deals-empty" icon={<InboxOutlined />} title={t('list.empty')} text={t('list.emptyHint')} />;
  else {
    const active = q.data.filter((d) => d.status !== 'completed' && d.status !== 'cancelled');
    const closed = q.data.filter((d) => d.status === 'completed' || d.status === 'cancelled');
    body = (
      <>
        <DealList title={t('list.active')} items={active} />
        <DealList title={t('list.closed')} items={closed} />
      </>
    );
  }
  return (
    <div className="container dl-page">
      <ActingBannerMount />
      <div className="dl-list-head">
        <h1 className="dl-head__title">{t('listTitle')}</h1>
        <p className="dl-muted">{t('listSubtitle')}</p>
      </div>
      {body}
    </div>
  );
}

function DealList({ title, items }: { title: string; items: DealSummary[] }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  const to = useActingTo();
  if (items.length === 0) return null;
  return (
    <section className="dl-list" aria-label={title}>
      <h2 className="dl-card__title">
        {title} <span className="dl-muted">{items.length}</span>
      </h2>
      <ul className="dl-rows">
        {items.map((d) => (
          <li key={d.id} className="card dl-row" data-testid="deal-row" data-status={d.status}>
            <Link to={to(`/deal/${d.id}`)} className="dl-row__link">
              <span className="dl-row__title">{d.taskTitle}</span>
              <span className="dl-row__meta">
                {d.counterpart.name} · {t('list.rate')} {f.money(d.rateCents)}
                {d.scheduleStart && ` · ${t('list.liveAt')} ${f.dateTime(d.scheduleStart)}`}
                {d.overdue && (
                  <>
                    {' · '}
                    <span className="dl-row__overdue" data-testid="deal-row-overdue">
                      {t(`overdue.${d.overdue}`)}
                    </span>
                  </>
                )}
              </span>
              <span className={`dl-state dl-state--${d.status}`}>{t(`states.${d.status}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
