import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { Empty, Loading, LoadFailed, StateBox } from '../../components/PageState';
import { isApiError } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { Avatar, InfluencerCard } from '../people/InfluencerCard';
import type { Prefetch } from '../../app/prefetch';
import { agencyPageQuery } from './api';
import '../people/people.css';
import './agencies.css';
import { isUuid } from '@shared/ids';

/** What the agency page's first render reads (rendered by the server for a visitor; decision 0034). */
export const prefetch: Prefetch = async ({ queryClient, params }) => {
  const id = (params.id ?? '').trim();
  if (isUuid(id)) await queryClient.prefetchQuery(agencyPageQuery(id));
};

/** /agency/{id} — an agency's public page with its public roster (decision 0044). */
export default function AgencyPage() {
  const { t } = useTranslation('agencies');
  const { date } = useFormat();
  const { id = '' } = useParams();
  const valid = isUuid(id.trim());
  const q = useQuery({ ...agencyPageQuery(id.trim()), enabled: valid });
  usePageTitle(q.data?.agency.name ?? t('page.title'));

  if (!valid || (q.isError && isApiError(q.error) && q.error.status === 404)) {
    return (
      <div className="container ag-page">
        <StateBox testId="agency-not-found" level={1} icon={<TeamOutlined />} title={t('page.notFound')} />
      </div>
    );
  }
  if (q.isError) return <LoadFailed testId="agency" title={t('page.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.isPending) return <Loading label={t('page.title')} />;
  const { agency, roster, rosterCount } = q.data;
  return (
    <div className="container ag-page" data-testid="agency-page">
      <section className="ag-card ag-head">
        <Avatar src={agency.logoUrl} name={agency.name} size={72} />
        <div>
          <h1 className="ag-title" data-testid="agency-name">
            {agency.name}
          </h1>
          <p className="ag-muted">
            {agency.city && (
              <>
                <EnvironmentOutlined aria-hidden="true" /> {agency.city} ·{' '}
              </>
            )}
            {t('page.since', { date: date(agency.createdAt) })}
          </p>
          {agency.description && <p className="ag-text">{agency.description}</p>}
        </div>
      </section>
      <section className="ag-card" aria-labelledby="ag-roster">
        <h2 id="ag-roster">{t('page.roster')}</h2>
        <p className="ag-muted">{t('page.rosterCount', { count: rosterCount })}</p>
        {roster.length === 0 ? (
          <Empty testId="agency-roster-empty" icon={<TeamOutlined />} title={t('page.rosterEmpty')} />
        ) : (
          <ul className="pp-grid" data-testid="agency-roster">
            {roster.map((item) => (
              <li key={item.id}>
                <InfluencerCard item={item} newTab={false} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
