import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftOutlined, CommentOutlined, SafetyCertificateFilled, UserOutlined } from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { useBack } from '../../lib/useBack';
import { useMe } from '../auth/api';
import { recordTaskView, taskDetailQuery, taskKeys } from './api';
import { useTaskFormat } from './format';
import { Loading, LoadFailed, NotFound } from '../../components/PageState';
import { TaskStatusBadge, UrgentTag } from './StatusBadge';
import { TaskBody, TaskCounts, TaskFacts } from './TaskInfo';
import { lazyWithAntd } from '../../app/withAntd';
import { RecommendedInfluencersMount } from '../matching/RecommendMount';
import { ApplyPanel } from './ApplyPanel';
import { ActingBannerMount, useActingFor } from '../agencies/actingFor';
import './tasks.css';
import type { Prefetch } from '../../app/prefetch';

type TaskDetailResponse = Schema<'TaskDetailResponse'>;

// the apply form and the applicants panel render antd (Form, Modal, Tabs): each is its own chunk, loaded
// with the antd scope once the task is shown, so the page itself paints without antd (decision 0021)
// the apply card itself renders without antd (a visitor sees a sign-in card) and is part of the page: it
// is in the server's first paint for a visitor (decision 0026); its form loads antd when shown
const ApplicantsPanel = lazyWithAntd(() => import('./ApplicantsPanel').then((m) => m.ApplicantsPanel));
// the owner's 邀请 section (issue 14): its withdraw confirm is antd's
const TaskInvitations = lazyWithAntd(() => import('./TaskInvitations').then((m) => m.TaskInvitations));

const useTaskBack = () => useBack('/tasks');

function BackButton() {
  const { t } = useTranslation('tasks');
  const back = useTaskBack();
  return (
    <button type="button" className="tk-back" onClick={back} data-testid="task-back">
      <ArrowLeftOutlined aria-hidden="true" /> {t('detail.back')}
    </button>
  );
}

/** What the task page's first render reads (rendered by the server for a visitor; decision 0034). */
export const prefetch: Prefetch = async ({ queryClient, params }) => {
  const taskId = (params.id ?? '').trim();
  if (taskId) await queryClient.prefetchQuery(taskDetailQuery(taskId));
};

/** /task/{id} — the task page: facts, company, requirements; apply form or applicants panel. */
export default function TaskDetailPage() {
  const { t } = useTranslation('tasks');
  const { id = '' } = useParams();
  const taskId = id.trim();
  const qc = useQueryClient();
  // an agency acting for a roster influencer reads what the influencer may do (decision 0045)
  const as = useActingFor();
  const detail = useQuery({ ...taskDetailQuery(taskId, as), enabled: taskId !== '' });
  usePageTitle(detail.data?.task.title ?? t('detail.documentTitle'));

  // one visit = one view call (the server dedupes per visitor); a counted view refreshes the numbers
  const viewed = useRef<string | null>(null);
  const loaded = detail.isSuccess;
  useEffect(() => {
    if (!taskId || !loaded || viewed.current === taskId) return;
    viewed.current = taskId;
    recordTaskView(taskId).then(
      (r) => {
        if (r.counted) void qc.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
      },
      () => {
        /* a failed count is not worth a message */
      },
    );
  }, [taskId, loaded, qc]);

  if (!taskId) {
    return (
      <div className="container tk-page">
        <BackButton />
        <NotFound testId="task-missing-id" title={t('detail.missingId')} text={t('detail.missingIdText')} actions={<HallLink />} />
      </div>
    );
  }
  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    const err = detail.error;
    const notFound = isApiError(err) && (err.status === 404 || err.code === 'TASK_NOT_FOUND');
    const missing = isApiError(err) && err.code === 'TASK_ID_MISSING';
    return (
      <div className="container tk-page">
        <BackButton />
        {notFound || missing ? (
          <NotFound
            testId="task-not-found"
            title={missing ? t('detail.missingId') : t('detail.notFound')}
            text={missing ? t('detail.missingIdText') : t('detail.notFoundText')}
            actions={<HallLink />}
          />
        ) : (
          <LoadFailed
            testId="task"
            title={t('detail.errorTitle')}
            text={t('detail.errorText')}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
            actions={<BackAction />}
          />
        )}
      </div>
    );
  }
  return <TaskDetailView detail={detail.data} />;
}

function HallLink() {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  return (
    <button type="button" className="btn btn--primary" onClick={() => navigate('/tasks')} data-testid="task-to-hall">
      {t('detail.toHall')}
    </button>
  );
}

function BackAction() {
  const { t } = useTranslation('tasks');
  const back = useTaskBack();
  return (
    <button type="button" className="btn btn--ghost" onClick={back}>
      <ArrowLeftOutlined aria-hidden="true" /> {t('detail.back')}
    </button>
  );
}

function TaskDetailView({ detail }: { detail: TaskDetailResponse }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const me = useMe();
  const user = me.isError ? null : me.data;
  const { task, viewer } = detail;

  return (
    <div className="container tk-page tk-detail" data-testid="task-detail" data-task-id={task.id}>
      <ActingBannerMount />
      <BackButton />
      <div className="tk-detail__grid">
        <header className="card tk-detail__head">
          <div className="tk-detail__badges">
            <TaskStatusBadge status={task.status} testId="task-status" />
            {task.isUrgent && <UrgentTag />}
            <span className="tk-chip">{f.category(task.category)}</span>
          </div>
          <h1 className="tk-detail__title">{task.title}</h1>
          <p className="tk-detail__published tk-counts">
            <span className="tk-counts__item">{t('detail.publishedAt', { date: f.dateTime(task.createdAt) })}</span>
            <TaskCounts task={task} />
          </p>
          <TaskFacts task={task} />
          {task.selectedInfluencer && (
            <p className="tk-detail__selected" data-testid="task-selected">
              <UserOutlined aria-hidden="true" /> {t('detail.selected')}: <strong>{task.selectedInfluencer.nickname}</strong>
            </p>
          )}
        </header>
        <aside className="tk-detail__side">
          <CompanyCard detail={detail} />
          {!viewer.isOwner && user !== undefined && <ApplyPanel detail={detail} user={user} />}
          {viewer.isOwner && viewer.dealId && (
            <Link to={`/deal/${viewer.dealId}`} className="btn btn--primary tk-deal-cta" data-testid="task-deal-link">
              {t('apply.viewDeal')}
            </Link>
          )}
        </aside>
        <div className="tk-detail__main">
          <div className="card tk-detail__body">
            <TaskBody task={task} />
          </div>
          {viewer.isOwner && (
            <div className="card">
              <Suspense fallback={<span className="tk-skel tk-skel--block" role="status" aria-label={t('detail.loading')} />}>
                <ApplicantsPanel taskId={task.id} taskStatus={task.status} slots={{ slots: task.slots, hired: task.currentApplicants, title: task.title }} />
              </Suspense>
            </div>
          )}
          {viewer.isOwner && (
            <div className="card">
              <Suspense fallback={<span className="tk-skel tk-skel--block" role="status" aria-label={t('detail.loading')} />}>
                <TaskInvitations taskId={task.id} />
              </Suspense>
            </div>
          )}
          {viewer.isOwner && task.status === 'open' && <RecommendedInfluencersMount task={task} />}
          <section className="card tk-discussion" aria-labelledby="tk-discussion-title">
            <h2 className="tk-block__title" id="tk-discussion-title">
              <CommentOutlined aria-hidden="true" /> {t('detail.discussionTitle')}
            </h2>
            <p className="tk-muted">{t('detail.discussionNote')}</p>
          </section>
        </div>
      </div>
    </div>
  );
}

function CompanyCard({ detail }: { detail: TaskDetailResponse }) {
  const { t } = useTranslation('tasks');
  const { company } = detail.task;
  const name = company.companyName?.trim() || t('fallback.unknownCompany');
  return (
    <section className="card tk-company" aria-labelledby="tk-company-title" data-testid="task-company">
      <h2 className="tk-side__label" id="tk-company-title">
        {t('detail.company')}
      </h2>
      <a href={`/company/${company.id}`} target="_blank" rel="noopener" className="tk-company__link" data-testid="task-company-link">
        <CompanyLogo url={company.logoUrl} name={name} />
        <span className="tk-company__text">
          <span className="tk-company__name">
            {name}
            {company.isVerified && <SafetyCertificateFilled className="tk-verified" role="img" aria-label={t('verified')} />}
          </span>
          <span className="tk-company__more">
            {t('detail.viewCompany')}
            <span className="visually-hidden">{t('hall.opensInNewTab')}</span>
          </span>
        </span>
      </a>
    </section>
  );
}

function CompanyLogo({ url, name }: { url: string | null; name: string }) {
  // logo fallback: the first letter of the name
  const [failed, setFailed] = useState(false);
  return (
    <span className="tk-company__logo" aria-hidden="true">
      {url && !failed ? <img src={url} alt="" width={52} height={52} onError={() => setFailed(true)} /> : name.charAt(0)}
    </span>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation('tasks');
  return (
    <Loading className="container tk-page tk-detail" label={t('detail.loading')} testId="task-detail-loading">
      <ActingBannerMount />
      <span className="tk-skel tk-skel--line tk-skel--back" />
      <div className="tk-detail__grid">
        <div className="card tk-detail__head">
          <span className="tk-skel tk-skel--chip" />
          <span className="tk-skel tk-skel--title" />
          <span className="tk-skel tk-skel--line" />
          <span className="tk-skel tk-skel--line tk-skel--short" />
          <span className="tk-skel tk-skel--block" />
        </div>
        <div className="tk-detail__side">
          <div className="card">
            <span className="tk-skel tk-skel--line" />
            <span className="tk-skel tk-skel--line tk-skel--short" />
          </div>
        </div>
      </div>
    </Loading>
  );
}
