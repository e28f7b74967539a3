import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { ReasonTags } from '../matching/ReasonTags';
import '../matching/matching.css';
import { useTaskFormat } from '../tasks/format';
import { withActing } from './actingFor';
import { forYouQuery, workspaceQuery } from './workspaceApi';

/**
 * 为你推荐 per roster influencer (机构工作台, issue 25 item 5): the influencer's own recommendations (the matching of
 * decision 0019), read by the agency on its behalf; a task opens as the agency acting for the influencer (`?as=`).
 */
export function WorkspaceForYou() {
  const { t } = useTranslation('agencies');
  const roster = useQuery(workspaceQuery);
  const active = (roster.data?.roster ?? []).filter((r) => r.membershipStatus === 'active');
  const [chosen, setChosen] = useState<string | undefined>();
  const influencerId = chosen ?? active[0]?.influencer.id;
  return (
    <section className="ag-card" aria-labelledby="ag-foryou" data-testid="ws-for-you">
      <h2 id="ag-foryou">{t('ws.forYouTitle')}</h2>
      {roster.isPending ? (
        <Loading label={t('ws.loading')} className="ag-skeleton" />
      ) : roster.isError ? (
        <LoadFailed testId="ws-for-you" title={t('ws.loadFailed')} onRetry={() => void roster.refetch()} retrying={roster.isFetching} />
      ) : !influencerId ? (
        <p className="ag-muted">{t('ws.forYouNeedsApproval')}</p>
      ) : (
        <>
          <Select
            className="ag-select"
            aria-label={t('ws.forYouFor')}
            value={influencerId}
            onChange={(v: string) => setChosen(v)}
            options={active.map((r) => ({ value: r.influencer.id, label: r.influencer.nickname }))}
            data-testid="ws-for-you-influencer"
          />
          <Recommendations influencerId={influencerId} />
        </>
      )}
    </section>
  );
}

function Recommendations({ influencerId }: { influencerId: string }) {
  const { t } = useTranslation('agencies');
  const f = useTaskFormat();
  const q = useQuery(forYouQuery(influencerId));
  if (q.isPending) return <Loading label={t('ws.loading')} className="ag-skeleton" />;
  if (q.isError) return <LoadFailed testId="ws-for-you-list" title={t('ws.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} compact />;
  if (q.data.length === 0) return <Empty testId="ws-for-you-empty" icon={<BulbOutlined />} title={t('ws.forYouEmpty')} compact />;
  return (
    <ul className="ag-list" data-testid="ws-for-you-list">
      {q.data.map((task) => (
        <li key={task.id} className="ag-row" data-testid="ws-for-you-task">
          <div className="ag-row__text">
            <Link to={withActing(`/task/${task.id}`, influencerId)} className="ag-row__name">
              {task.title}
            </Link>
            <div className="ag-row__meta">
              {task.companyName} · {f.budget(task.budgetMinCents, task.budgetMaxCents)} · {f.location(task.location)}
            </div>
            <ReasonTags reasons={task.reasons} side="roster" />
          </div>
        </li>
      ))}
    </ul>
  );
}
