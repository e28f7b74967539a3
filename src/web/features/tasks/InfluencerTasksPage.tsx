import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Modal, Tabs } from 'antd';
import { InboxOutlined, ProfileOutlined, RedoOutlined, RollbackOutlined, UserAddOutlined } from '@ant-design/icons';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import type { Schema } from '../../lib/client';
import { myApplicationsQuery, useWithdrawApplication, type ApplicationForInfluencer } from './api';
import { myDealsQuery } from '../deals/api';
import { DealLink } from './DealLink';
import { useTaskFormat } from './format';
import { RoleGate } from './RoleGate';
import { ForYouMount } from '../matching/ForYouMount';
import { MyInvitations } from './MyInvitations';
import { myInvitationsQuery } from './invitationsApi';
import { Empty, Loading, LoadFailed, StateBox } from '../../components/PageState';
import { ApplicationStatusTag, TaskStatusBadge } from './StatusBadge';
import { ActingBannerMount, useActingFor, useActingTo } from '../agencies/actingFor';
import './tasks.css';

type DealSummary = Schema<'DealSummary'>;

/**
 * /influencer-tasks — the influencer's applications: current ones, then history (finished tasks, withdrawn). An agency
 * opens it for a roster influencer (`?as=`, decision 0045) and acts as the influencer would.
 */
export default function InfluencerTasksPage() {
  const { t } = useTranslation('tasks');
  usePageTitle(t('influencer.documentTitle'));
  const as = useActingFor();
  return <RoleGate role={as ? 'agency' : 'influencer'}>{() => <InfluencerTasks />}</RoleGate>;
}

type Confirm = ReturnType<typeof Modal.useModal>[0]['confirm'];

const isHistory = (a: ApplicationForInfluencer) => a.status === 'withdrawn' || a.task.status === 'completed' || a.task.status === 'cancelled';

function InfluencerTasks() {
  const { t } = useTranslation('tasks');
  const as = useActingFor();
  const to = useActingTo();
  const apps = useQuery(myApplicationsQuery(as));
  const deals = useQuery(myDealsQuery('all', as));
  const dealOf = new Map((deals.data ?? []).map((d) => [d.taskId, d]));
  const invitations = useQuery(myInvitationsQuery(as));
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'invitations' ? 'invitations' : 'applications';
  const pendingInvitations = (invitations.data ?? []).filter((i) => i.status === 'pending').length;
  const [modal, modalHolder] = Modal.useModal();
  const noProfile = apps.isError && isApiError(apps.error) && apps.error.code === 'INFLUENCER_PROFILE_REQUIRED';

  let body: React.ReactNode;
  if (apps.isPending) {
    body = (
      <Loading className="tk-rows" label={t('influencer.loading')}>
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
        testId="influencer-no-profile"
        role="alert"
        tone="error"
        icon={<ProfileOutlined />}
        title={t('influencer.noProfile')}
        actions={
          <Link to="/influencer-profile" className="btn btn--primary">
            {t('influencer.toProfile')}
          </Link>
        }
      />
    );
  } else if (apps.isError) {
    body = <LoadFailed testId="influencer-tasks" title={t('influencer.loadFailed')} onRetry={() => void apps.refetch()} retrying={apps.isFetching} />;
  } else if (apps.data.length === 0) {
    body = (
      <Empty
        testId="influencer-tasks-empty"
        icon={<InboxOutlined />}
        title={t('influencer.empty')}
        text={t('influencer.emptyHint')}
        actions={
          <Link to={to('/tasks')} className="btn btn--primary">
            {t('influencer.toHall')}
          </Link>
        }
      />
    );
  } else {
    const current = apps.data.filter((a) => !isHistory(a));
    const history = apps.data.filter(isHistory);
    body = (
      <>
        <AppSection title={t('influencer.current')} apps={current} empty={t('influencer.currentEmpty')} confirm={modal.confirm} dealOf={dealOf} />
        <AppSection title={t('influencer.history')} apps={history} empty={t('influencer.historyEmpty')} confirm={modal.confirm} dealOf={dealOf} />
      </>
    );
  }

  return (
    <div className="container tk-page">
      <ActingBannerMount />
      <div className="tk-page-head">
        <div>
          <h1 className="tk-page-head__title">{t('influencer.title')}</h1>
          <p className="tk-page-head__subtitle">{t('influencer.subtitle')}</p>
        </div>
        <Link to={to('/tasks')} className="btn btn--ghost">
          {t('influencer.toHall')}
        </Link>
      </div>
      <ForYouMount />
      {noProfile ? (
        body
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(k) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                if (k === 'invitations') next.set('tab', 'invitations');
                else next.delete('tab');
                return next;
              },
              { replace: true },
            )
          }
          items={[
            { key: 'applications', label: <span data-testid="influencer-tab-applications">{t('myInvitations.tabApplications')}</span>, children: body },
            {
              key: 'invitations',
              label: (
                <span data-testid="influencer-tab-invitations">
                  {t('myInvitations.tab')} {pendingInvitations > 0 && <span className="tk-count tk-count--alert">{pendingInvitations}</span>}
                </span>
              ),
              children: <MyInvitations query={invitations} />,
            },
          ]}
        />
      )}
      {modalHolder}
    </div>
  );
}

function AppSection({
  title,
  apps,
  empty,
  confirm,
  dealOf,
}: {
  title: string;
  apps: ApplicationForInfluencer[];
  empty: string;
  confirm: Confirm;
  dealOf: Map<string, DealSummary>;
}) {
  const id = useId();
  return (
    <section className="tk-section" aria-labelledby={id}>
      <h2 className="tk-section__title" id={id}>
        {title} <span className="tk-count">{apps.length}</span>
      </h2>
      {apps.length === 0 ? (
        <p className="tk-muted tk-section__empty">{empty}</p>
      ) : (
        <ul className="tk-rows">
          {apps.map((a) => (
            <ApplicationRow key={a.id} app={a} confirm={confirm} deal={a.status === 'accepted' ? dealOf.get(a.taskId) : undefined} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApplicationRow({ app, confirm, deal }: { app: ApplicationForInfluencer; confirm: Confirm; deal: DealSummary | undefined }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const feedback = useFeedback();
  const { apiErrorText } = useErrorText();
  const withdraw = useWithdrawApplication();
  const to = useActingTo();

  const onWithdraw = () =>
    confirm({
      title: t('influencer.withdrawTitle'),
      content: t('influencer.withdrawText', { title: app.task.title }),
      okText: t('influencer.confirm'),
      cancelText: t('influencer.back'),
      okButtonProps: { danger: true },
      centered: true,
      onOk: () =>
        withdraw
          .mutateAsync({ applicationId: app.id, taskId: app.taskId })
          .then(() => feedback.success(t('influencer.withdrawn')))
          .catch((err: unknown) => feedback.error(apiErrorText(err, t('influencer.withdrawFailed')))),
    });

  return (
    <li className="card tk-row" data-testid="influencer-application-row" data-task-id={app.taskId} data-status={app.status}>
      <div className="tk-row__main">
        <h3 className="tk-row__title">
          <Link to={to(`/task/${app.taskId}`)}>{app.task.title}</Link>
        </h3>
        <dl className="tk-row__facts">
          <div>
            <dt>{t('influencer.company')}</dt>
            <dd>{app.task.companyName || t('fallback.unknownCompany')}</dd>
          </div>
          <div>
            <dt>{t('influencer.taskStatus')}</dt>
            <dd>
              <TaskStatusBadge status={app.task.status} testId="influencer-task-status" />
            </dd>
          </div>
          <div>
            <dt>
              <UserAddOutlined aria-hidden="true" /> {t('slots.label')}
            </dt>
            <dd data-testid="influencer-application-slots">{t('slots.value', { current: app.task.currentApplicants, slots: app.task.slots })}</dd>
          </div>
          <div>
            <dt>{t('influencer.applicationStatus')}</dt>
            <dd>
              <ApplicationStatusTag status={app.status} testId="influencer-application-status" />
            </dd>
          </div>
          <div>
            <dt>{t('influencer.rate')}</dt>
            <dd className="tk-money">{f.money(app.proposedRateCents)}</dd>
          </div>
          <div>
            <dt>{t('influencer.appliedAt')}</dt>
            <dd>{f.dateTime(app.appliedAt)}</dd>
          </div>
        </dl>
      </div>
      {deal && (
        <div className="tk-row__actions">
          <DealLink deal={deal} viewer="influencer" />
        </div>
      )}
      {app.status === 'pending' && (
        <div className="tk-row__actions">
          <button
            type="button"
            className="btn btn--ghost btn--sm btn--danger"
            onClick={onWithdraw}
            disabled={withdraw.isPending}
            data-testid="application-withdraw"
          >
            <RollbackOutlined aria-hidden="true" />
            {t('influencer.withdraw')}
          </button>
        </div>
      )}
      {app.status === 'withdrawn' && app.task.status === 'open' && (
        <div className="tk-row__actions">
          <Link to={to(`/task/${app.taskId}`)} className="btn btn--ghost btn--sm" data-testid="application-reapply">
            <RedoOutlined aria-hidden="true" />
            {t('influencer.reapply')}
          </Link>
        </div>
      )}
    </li>
  );
}
