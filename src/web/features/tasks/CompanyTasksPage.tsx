import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import {
  CalendarOutlined,
  CheckCircleOutlined,
  EyeOutlined,
  InboxOutlined,
  PlusOutlined,
  ProfileOutlined,
  StopOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { myDealsQuery } from '../deals/api';
import { DealLink } from './DealLink';
import { RecommendDrawerMount } from '../matching/RecommendMount';
import { useErrorText } from '../../lib/errors';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { COMPANY_TASKS_PAGE, companyTasksQuery, useTaskStatusChange } from './api';
import { Pager } from '../../components/Pager';
import { ApplicantsPanel, CloseRecruitingButton } from './ApplicantsPanel';
import { TaskInvitations } from './TaskInvitations';
import { useTaskFormat } from './format';
import { RoleGate } from './RoleGate';
import { Empty, Loading, LoadFailed, StateBox } from '../../components/PageState';
import { TaskStatusBadge, UrgentTag } from './StatusBadge';
import { TaskBody, TaskCounts, TaskFacts } from './TaskInfo';
import '../../components/ListPage.css';
import './tasks.css';

type CompanyTask = Schema<'CompanyTask'>;
type DealSummary = Schema<'DealSummary'>;

// the form (Drawer, Select, InputNumber, zod schema) loads when first opened
const PublishTaskDrawer = lazy(() => import('./PublishTaskDrawer'));

/** /company-tasks — the company's tasks: publish, status changes, a task modal with its applicants. */
export default function CompanyTasksPage() {
  const { t } = useTranslation('tasks');
  usePageTitle(t('company.documentTitle'));
  return <RoleGate role="company">{() => <CompanyTasks />}</RoleGate>;
}

type Confirm = ReturnType<typeof Modal.useModal>[0]['confirm'];

function CompanyTasks() {
  const { t } = useTranslation('tasks');
  const [page, setPage] = useState(1);
  const tasks = useQuery(companyTasksQuery(page));
  // each accepted task has a deal (订单): the row links to it and says whose move it is
  const deals = useQuery(myDealsQuery('all'));
  const dealOf = new Map((deals.data ?? []).map((d) => [d.taskId, d]));
  const [publish, setPublish] = useState<{ open: boolean; seq: number } | null>(null);
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const noProfile = tasks.isError && isApiError(tasks.error) && tasks.error.code === 'COMPANY_PROFILE_REQUIRED';
  const openPublish = () => setPublish((s) => ({ open: true, seq: (s?.seq ?? 0) + (s?.open ? 0 : 1) }));
  const openTask = tasks.data?.items.find((x) => x.id === openTaskId) ?? null;
  // ?publish=1 (the company's welcome after sign-up, 发布第一个任务) opens the form once the company may publish
  const [params, setParams] = useSearchParams();
  const wantsPublish = params.get('publish') === '1';
  const tasksLoaded = tasks.isSuccess;
  const tasksFailed = tasks.isError;
  useEffect(() => {
    if (!wantsPublish || (!tasksLoaded && !tasksFailed)) return;
    if (tasksLoaded) setPublish((s) => ({ open: true, seq: (s?.seq ?? 0) + 1 }));
    setParams(
      (p) => {
        p.delete('publish');
        return p;
      },
      { replace: true },
    );
  }, [wantsPublish, tasksLoaded, tasksFailed, setParams]);

  let body: React.ReactNode;
  if (tasks.isPending) {
    body = (
      <Loading className="tk-rows" label={t('company.loading')}>
        {[0, 1, 2].map((i) => (
          <div className="card tk-row tk-row--skeleton" key={i} aria-hidden="true">
            <span className="tk-skel tk-skel--title" />
            <span className="tk-skel tk-skel--line tk-skel--short" />
          </div>
        ))}
      </Loading>
    );
  } else if (noProfile) {
    body = (
      <StateBox
        testId="company-no-profile"
        role="alert"
        tone="error"
        icon={<ProfileOutlined />}
        title={t('company.noProfile')}
        text={t('company.noProfileText')}
        actions={
          <Link to="/company-profile" className="btn btn--primary" data-testid="company-profile-link">
            {t('company.toProfile')}
          </Link>
        }
      />
    );
  } else if (tasks.isError) {
    body = <LoadFailed testId="company-tasks" title={t('company.loadFailed')} onRetry={() => void tasks.refetch()} retrying={tasks.isFetching} />;
  } else if (tasks.data.total === 0) {
    body = (
      <Empty
        testId="company-tasks-empty"
        icon={<InboxOutlined />}
        title={t('company.empty')}
        text={t('company.emptyHint')}
        actions={
          <button type="button" className="btn btn--primary" onClick={openPublish}>
            <PlusOutlined aria-hidden="true" />
            {t('company.publish')}
          </button>
        }
      />
    );
  } else {
    body = (
      <>
        <Stats counts={tasks.data.counts} total={tasks.data.total} />
        <ul className="tk-rows" data-testid="company-task-list">
          {tasks.data.items.map((task) => (
            <CompanyTaskRow key={task.id} task={task} deal={dealOf.get(task.id)} confirm={modal.confirm} onOpen={() => setOpenTaskId(task.id)} />
          ))}
        </ul>
        {tasks.data.total > COMPANY_TASKS_PAGE && (
          <nav className="tk-pagination" aria-label={t('hall.pagination')}>
            <Pager current={page} pageSize={COMPANY_TASKS_PAGE} total={tasks.data.total} onChange={setPage} testId="company-tasks-pagination" />
          </nav>
        )}
      </>
    );
  }

  return (
    <div className="container tk-page">
      <div className="tk-page-head">
        <div>
          <h1 className="tk-page-head__title">{t('company.title')}</h1>
          <p className="tk-page-head__subtitle">{t('company.subtitle')}</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={openPublish} data-testid="publish-task">
          <PlusOutlined aria-hidden="true" />
          {t('company.publish')}
        </button>
      </div>
      {body}
      {modalHolder}
      {publish && (
        <Suspense fallback={null}>
          <PublishTaskDrawer key={publish.seq} open={publish.open} onClose={() => setPublish((s) => (s ? { ...s, open: false } : s))} />
        </Suspense>
      )}
      <Modal
        open={openTask !== null}
        onCancel={() => setOpenTaskId(null)}
        footer={null}
        width={880}
        destroyOnHidden
        title={openTask?.title}
        data-testid="company-task-modal"
      >
        {openTask && <TaskModalBody task={openTask} />}
      </Modal>
    </div>
  );
}

/** the counters cover every task of the company (the answer's counts), not only the page shown */
function Stats({ counts, total }: { counts: Schema<'CompanyTasksResponse'>['counts']; total: number }) {
  const { t } = useTranslation('tasks');
  const items = [
    { key: 'all', n: total },
    { key: 'open', n: counts.open },
    { key: 'in_progress', n: counts.in_progress },
    { key: 'completed', n: counts.completed },
  ] as const;
  return (
    <dl className="tk-stats">
      {items.map((i) => (
        <div key={i.key} className="tk-stats__item">
          <dt>{t(`company.stats.${i.key}`)}</dt>
          <dd>{i.n}</dd>
        </div>
      ))}
    </dl>
  );
}

const BEFORE_LIVE = new Set(['accepted', 'samples_shipped', 'samples_received', 'schedule_proposed', 'scheduled']);

function CompanyTaskRow({ task, deal, confirm, onOpen }: { task: CompanyTask; deal: DealSummary | undefined; confirm: Confirm; onOpen: () => void }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const feedback = useFeedback();
  const { apiErrorText } = useErrorText();
  const change = useTaskStatusChange();
  // with a deal, the live report's confirmation completes the task, and cancelling follows the deal's rules
  const canCancel = task.status === 'open' || (task.status === 'in_progress' && (!deal || BEFORE_LIVE.has(deal.status)));
  const canComplete = task.status === 'in_progress' && !deal;

  const run = (action: 'cancel' | 'complete') =>
    confirm({
      title: action === 'cancel' ? t('company.cancelTitle') : t('company.completeTitle'),
      content: action === 'cancel' ? t('company.cancelText', { title: task.title }) : t('company.completeText', { title: task.title }),
      okText: t('company.confirm'),
      cancelText: t('company.back'),
      okButtonProps: { danger: action === 'cancel' },
      centered: true,
      onOk: () =>
        change
          .mutateAsync({ taskId: task.id, action })
          .then(() => feedback.success(action === 'cancel' ? t('company.cancelled') : t('company.completed')))
          // the list reloads either way (useTaskStatusChange)
          .catch((err: unknown) => feedback.error(apiErrorText(err, t('company.updateFailed')))),
    });

  return (
    <li className="card tk-row" data-testid="company-task-row" data-task-id={task.id} data-status={task.status}>
      <div className="tk-row__main">
        <div className="tk-row__badges">
          <TaskStatusBadge status={task.status} testId="company-task-status" />
          {task.isUrgent && <UrgentTag />}
          <span className="tk-chip">{f.category(task.category)}</span>
        </div>
        <h2 className="tk-row__title">
          <Link to={`/task/${task.id}`}>{task.title}</Link>
        </h2>
        <ul className="tk-row__meta">
          <li className="tk-money">{f.budget(task.budgetMinCents, task.budgetMaxCents)}</li>
          <li>
            <CalendarOutlined aria-hidden="true" /> {f.dateTime(task.liveDate)}
          </li>
          <li>
            <TeamOutlined aria-hidden="true" /> {t('company.applicants')}:{' '}
            <span data-testid="company-task-counts">{t('company.applicantsValue', { pending: task.pendingCount, total: task.applicationsCount })}</span>
          </li>
          <li>
            <UserAddOutlined aria-hidden="true" /> {t('slots.label')}:{' '}
            <span data-testid="company-task-slots">{t('slots.value', { current: task.currentApplicants, slots: task.slots })}</span>
          </li>
          <li>
            <UserOutlined aria-hidden="true" /> {t('company.selected')}:{' '}
            <span data-testid="company-task-selected">{task.selectedInfluencer?.nickname ?? t('company.noneSelected')}</span>
          </li>
          <li className="tk-muted">{t('company.createdAt', { date: f.date(task.createdAt) })}</li>
        </ul>
      </div>
      <div className="tk-row__actions">
        {deal && <DealLink deal={deal} viewer="company" />}
        {task.status === 'open' && <RecommendDrawerMount task={task} />}
        <CloseRecruitingButton taskId={task.id} task={task} confirm={confirm} />
        <button type="button" className="btn btn--ghost btn--sm" onClick={onOpen} data-testid="company-task-open">
          <EyeOutlined aria-hidden="true" />
          {t('company.open')}
        </button>
        {canComplete && (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => run('complete')}
            disabled={change.isPending}
            data-testid="company-task-complete"
          >
            <CheckCircleOutlined aria-hidden="true" />
            {t('company.complete')}
          </button>
        )}
        {canCancel && (
          <button
            type="button"
            className="btn btn--ghost btn--sm btn--danger"
            onClick={() => run('cancel')}
            disabled={change.isPending}
            data-testid="company-task-cancel"
          >
            <StopOutlined aria-hidden="true" />
            {t('company.cancel')}
          </button>
        )}
      </div>
    </li>
  );
}

function TaskModalBody({ task }: { task: CompanyTask }) {
  const { t } = useTranslation('tasks');
  return (
    <div className="tk-modal" data-testid="company-task-detail">
      <div className="tk-row__badges">
        <TaskStatusBadge status={task.status} />
        {task.isUrgent && <UrgentTag />}
      </div>
      <p className="tk-detail__published tk-counts">
        <TaskCounts task={task} />
      </p>
      <TaskFacts task={task} />
      <TaskBody task={task} headingLevel={3} />
      <ApplicantsPanel
        taskId={task.id}
        taskStatus={task.status}
        headingLevel={3}
        slots={{ slots: task.slots, hired: task.currentApplicants, title: task.title }}
      />
      <TaskInvitations taskId={task.id} headingLevel={3} />
      <div className="tk-modal__foot">
        <Link to={`/task/${task.id}`} className="btn btn--ghost btn--sm">
          {t('company.openPage')}
        </Link>
      </div>
    </div>
  );
}
