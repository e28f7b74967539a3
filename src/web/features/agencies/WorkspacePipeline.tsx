import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Segmented, Select, Tag } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { Pager } from '../../components/Pager';
import '../../components/ListPage.css';
import type { Schema } from '../../lib/client';
import { useFormat } from '../../lib/format';
import { withActing } from './actingFor';
import { PIPELINE_PAGE_SIZE, pipelineQuery, workspaceQuery, type PipelineFilter, type PipelineKind } from './workspaceApi';

type Item = Schema<'PipelineItem'>;
const KINDS: PipelineKind[] = ['deals', 'applications', 'invitations'];

/** the state's words: the deal table's (deals) or the task's (applications, invitations) */
function useStatusText() {
  const { t } = useTranslation(['deals', 'tasks']);
  return (kind: PipelineKind, status: Item['status']) =>
    kind === 'deals'
      ? t(`deals:states.${status as 'accepted'}`)
      : kind === 'applications'
        ? t(`tasks:applicationStatus.${status as 'pending'}`, { defaultValue: t('tasks:applicationStatus.unknown') })
        : t(`tasks:invitationStatus.${status as 'pending'}`, { defaultValue: t('tasks:invitationStatus.unknown') });
}

/**
 * 业务进展 (机构工作台, issue 25 item 5): deals, applications and invitations across the roster, by state, filtered by
 * influencer and state, a page at a time. A record opens as the agency acting for its influencer (decision 0045).
 */
export function WorkspacePipeline() {
  const { t } = useTranslation('agencies');
  const statusText = useStatusText();
  const [f, setF] = useState<PipelineFilter>({ kind: 'deals', page: 1 });
  const roster = useQuery(workspaceQuery);
  const q = useQuery(pipelineQuery(f));
  const countOf = (kind: PipelineKind) => (q.data?.counts ?? []).filter((c) => c.kind === kind).reduce((s, c) => s + c.count, 0);
  const states = (q.data?.counts ?? []).filter((c) => c.kind === f.kind);
  return (
    <section className="ag-card" aria-labelledby="ag-pipeline" data-testid="ws-pipeline">
      <h2 id="ag-pipeline">{t('ws.pipelineTitle')}</h2>
      <div className="ag-filters">
        <Segmented
          block
          value={f.kind}
          onChange={(kind) => setF({ kind: kind as PipelineKind, influencerId: f.influencerId, page: 1 })}
          options={KINDS.map((k) => ({
            value: k,
            // the name over its count: three fit side by side at 390 px in both languages
            label: (
              <span className="ag-kind">
                <span>{t(`ws.kinds.${k}`)}</span>
                <strong data-testid={`ws-kind-count-${k}`}>{q.data ? countOf(k) : '–'}</strong>
              </span>
            ),
          }))}
          data-testid="ws-pipeline-kind"
        />
        <Select
          allowClear
          aria-label={t('ws.filterInfluencer')}
          placeholder={t('ws.allInfluencers')}
          value={f.influencerId}
          onChange={(influencerId?: string) => setF({ ...f, influencerId, page: 1 })}
          options={(roster.data?.roster ?? []).map((r) => ({ value: r.influencer.id, label: r.influencer.nickname }))}
          data-testid="ws-pipeline-influencer"
        />
        <Select
          allowClear
          aria-label={t('ws.filterState')}
          placeholder={t('ws.allStates')}
          value={f.status}
          onChange={(status?: Item['status']) => setF({ ...f, status, page: 1 })}
          options={states.map((c) => ({ value: c.status, label: `${statusText(f.kind, c.status)} (${c.count})` }))}
          data-testid="ws-pipeline-state"
        />
      </div>
      {q.isPending ? (
        <Loading label={t('ws.loading')} className="ag-skeleton" />
      ) : q.isError ? (
        <LoadFailed testId="ws-pipeline" title={t('ws.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : q.data.items.length === 0 ? (
        <Empty testId="ws-pipeline-empty" icon={<InboxOutlined />} title={t('ws.pipelineEmpty')} compact />
      ) : (
        <>
          <ul className="ag-list" data-testid="ws-pipeline-list" aria-busy={q.isFetching}>
            {q.data.items.map((i) => (
              <PipelineRow key={i.id} i={i} kind={q.data.kind} statusText={statusText(q.data.kind, i.status)} />
            ))}
          </ul>
          <Pager
            current={f.page}
            pageSize={PIPELINE_PAGE_SIZE}
            total={q.data.total}
            totalText={t('ws.total', { count: q.data.total })}
            onChange={(page) => setF({ ...f, page })}
            testId="ws-pipeline-pager"
          />
        </>
      )}
    </section>
  );
}

function PipelineRow({ i, kind, statusText }: { i: Item; kind: PipelineKind; statusText: string }) {
  const { t } = useTranslation('agencies');
  const { t: td } = useTranslation('deals');
  const { money, date } = useFormat();
  // the record opened as the agency acting for the influencer (`?as=`, the web app's form of onBehalfOf, decision 0045)
  const to = withActing(kind === 'deals' ? `/deal/${i.id}` : `/task/${i.task.id}`, i.influencer.id);
  return (
    <li className="ag-row" data-testid="ws-pipeline-row">
      <div className="ag-row__text">
        <Link to={to} className="ag-row__name">
          {i.task.title}
        </Link>
        <div className="ag-row__meta">
          {i.influencer.nickname} · {i.companyName} · {money(i.amountCents)} · {date(i.createdAt)}
        </div>
      </div>
      <div className="ag-actions">
        <Tag>{statusText}</Tag>
        {i.overdue ? (
          // late (decision 0060): what is late says more than whose move it is
          <Tag color={i.overdue === 'report_due' ? 'orange' : 'red'} data-testid="ws-pipeline-overdue">
            {td(`overdue.${i.overdue}`)}
          </Tag>
        ) : (
          i.waitingFor && (
            <Tag color={i.waitingFor === 'influencer' || i.waitingFor === 'both' ? 'orange' : 'default'}>{t(`ws.waitingFor.${i.waitingFor}`)}</Tag>
          )
        )}
        {i.byAgency && <Tag color="blue">{t('ws.byAgency')}</Tag>}
      </div>
    </li>
  );
}
