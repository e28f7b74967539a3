import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Modal, Tabs } from 'antd';
import { AuditOutlined, CheckOutlined, CloseOutlined, InboxOutlined, SafetyCertificateFilled, StarFilled, StopOutlined } from '@ant-design/icons';
import type { TaskStatus } from '@shared/options';
import { useFeedback } from '../../components/feedback';
import { useErrorText } from '../../lib/errors';
import { taskApplicationsQuery, useDecideApplication, type ApplicationForCompany } from './api';
import { canCloseRecruiting, useCloseRecruiting } from './invitationsApi';
import { useTaskFormat } from './format';
import { Empty, Loading, LoadFailed } from '../../components/PageState';

const TABS = ['pending', 'accepted', 'refused'] as const;
type Tab = (typeof TABS)[number];

/** Which tab matters first in each task state: an open task waits on its pending applications, a task in progress or done has its accepted one. */
const PREFERRED: Record<TaskStatus, Tab[]> = {
  open: ['pending', 'accepted', 'refused'],
  in_progress: ['accepted', 'pending', 'refused'],
  completed: ['accepted', 'refused', 'pending'],
  cancelled: ['accepted', 'refused', 'pending'],
};

/** The tab to open on: the first of the state's order that has applications (issue 10 #18: never an empty tab when another has some). */
export function defaultTab(status: TaskStatus, counts: Record<Tab, number>): Tab {
  const order = PREFERRED[status];
  return order.find((k) => counts[k] > 0) ?? order[0];
}

/** What the panel knows of its task's places (已招 current/slots); without it the task has one place. */
export type SlotsInfo = { slots: number; hired: number; title: string };

/**
 * The owning company's applicants: tabs pending / accepted / refused, opening on the one that has
 * content for the task's state (until the user picks one); actions on pending ones; an accepted one
 * links to its deal (受邀 when it came from an invitation); 结束招募 for an open task with places left.
 */
export function ApplicantsPanel({
  taskId,
  taskStatus,
  headingLevel = 2,
  slots,
}: {
  taskId: string;
  taskStatus: TaskStatus;
  headingLevel?: 2 | 3;
  slots?: SlotsInfo;
}) {
  const { t } = useTranslation('tasks');
  const titleId = useId();
  const [picked, setTab] = useState<Tab | null>(null);
  const apps = useQuery(taskApplicationsQuery(taskId));
  const [modal, modalHolder] = Modal.useModal();
  const H = `h${headingLevel}` as const;

  let body: React.ReactNode;
  if (apps.isPending) {
    body = (
      <Loading className="tk-applicants__loading" label={t('applicants.loading')}>
        {[0, 1].map((i) => (
          <div className="tk-applicant tk-applicant--skeleton" key={i} aria-hidden="true">
            <span className="tk-skel tk-skel--avatar" />
            <span className="tk-skel tk-skel--line" />
          </div>
        ))}
      </Loading>
    );
  } else if (apps.isError) {
    body = (
      <LoadFailed testId="applicants" level={3} compact title={t('applicants.loadFailed')} onRetry={() => void apps.refetch()} retrying={apps.isFetching} />
    );
  } else {
    const byTab = Object.fromEntries(TABS.map((k) => [k, apps.data.filter((a) => a.status === k)])) as Record<Tab, ApplicationForCompany[]>;
    const tab = picked ?? defaultTab(taskStatus, { pending: byTab.pending.length, accepted: byTab.accepted.length, refused: byTab.refused.length });
    body = (
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={TABS.map((k) => ({
          key: k,
          label: (
            <span data-testid={`applicants-tab-${k}`}>
              {t(`applicants.tabs.${k}`)} <span className="tk-count">{byTab[k].length}</span>
            </span>
          ),
          children:
            byTab[k].length === 0 ? (
              <Empty level={3} icon={<InboxOutlined />} title={t('applicants.empty')} testId="applicants-empty" />
            ) : (
              <ul className="tk-applicants">
                {byTab[k].map((a) => (
                  <ApplicantRow key={a.id} app={a} taskId={taskId} confirm={modal.confirm} slots={slots} />
                ))}
              </ul>
            ),
        }))}
      />
    );
  }

  return (
    <section className="tk-block tk-applicants-panel" aria-labelledby={titleId} data-testid="applicants-panel">
      <div className="tk-applicants-panel__head">
        <H className="tk-block__title" id={titleId}>
          {t('applicants.title')}
        </H>
        {slots && (
          <CloseRecruitingButton
            taskId={taskId}
            task={{ status: taskStatus, slots: slots.slots, currentApplicants: slots.hired, title: slots.title }}
            confirm={modal.confirm}
          />
        )}
      </div>
      {body}
      {modalHolder}
    </section>
  );
}

type Confirm = ReturnType<typeof Modal.useModal>[0]['confirm'];

function Avatar({ url, name }: { url: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return <img className="tk-avatar" src={url} alt="" loading="lazy" onError={() => setFailed(true)} />;
  }
  return (
    <span className="tk-avatar tk-avatar--letter" aria-hidden="true">
      {name.trim().charAt(0) || '?'}
    </span>
  );
}

function ApplicantRow({ app, taskId, confirm, slots }: { app: ApplicationForCompany; taskId: string; confirm: Confirm; slots?: SlotsInfo }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const feedback = useFeedback();
  const { apiErrorText } = useErrorText();
  const decide = useDecideApplication();
  const name = app.influencer.nickname;
  // with several places, accepting one keeps the task recruiting until the last place
  const several = slots !== undefined && slots.slots > 1;
  const last = several && slots.hired + 1 >= slots.slots;
  const acceptText = !several
    ? t('applicants.acceptText', { name })
    : last
      ? t('applicantsSlots.acceptTextLast', { name, slots: slots.slots, count: slots.slots })
      : t('applicantsSlots.acceptText', { name, current: slots.hired + 1, slots: slots.slots });

  const act = (action: 'accept' | 'refuse') => {
    confirm({
      title: action === 'accept' ? t('applicants.acceptTitle') : t('applicants.refuseTitle'),
      content:
        action === 'accept' ? (
          <>
            <p>{acceptText}</p>
            {app.proposedRateCents > 0 && <p data-testid="applicant-accept-money">{t('applicants.acceptMoney', { amount: f.money(app.proposedRateCents) })}</p>}
          </>
        ) : (
          t('applicants.refuseText', { name })
        ),
      okText: t('applicants.confirm'),
      cancelText: t('applicants.cancel'),
      okButtonProps: { danger: action === 'refuse' },
      centered: true,
      onOk: () =>
        decide
          .mutateAsync({ applicationId: app.id, taskId, action })
          .then(() =>
            feedback.success(action === 'accept' ? (several && !last ? t('applicantsSlots.accepted') : t('applicants.accepted')) : t('applicants.refused')),
          )
          .catch((err: unknown) => feedback.error(apiErrorText(err, t('applicants.actionFailed')))),
    });
  };

  return (
    <li className="tk-applicant" data-testid="applicant-row" data-status={app.status} data-nickname={name}>
      <Avatar url={app.influencer.avatarUrl} name={name} />
      <div className="tk-applicant__main">
        <div className="tk-applicant__head">
          <span className="tk-applicant__name">
            {name}
            {app.influencer.isVerified && <SafetyCertificateFilled className="tk-verified" role="img" aria-label={t('verified')} />}
            {app.invited && (
              <span className="tk-badge tk-badge--invited" data-testid="applicant-invited">
                {t('applicantsSlots.invited')}
              </span>
            )}
            {app.viaAgency && (
              <span className="tk-badge" data-testid="applicant-via-agency">
                {t('applicants.viaAgency', { agency: app.viaAgency.name })}
              </span>
            )}
          </span>
          <span className="tk-applicant__rate">
            <span className="visually-hidden">{t('applicants.rate')}: </span>
            {f.money(app.proposedRateCents)}
          </span>
        </div>
        <p className="tk-applicant__stats">
          <span>
            {t('applicants.followers')} {f.compact(app.influencer.followersCount)}
          </span>
          <span>
            <StarFilled className="tk-star" aria-hidden="true" /> <span className="visually-hidden">{t('applicants.rating')} </span>
            {app.influencer.rating.toFixed(1)}
          </span>
          <span>{t('applicants.appliedAt', { date: f.dateTime(app.appliedAt) })}</span>
        </p>
        <p className={`tk-applicant__msg${app.message ? '' : ' tk-muted'}`}>{app.message || t('applicants.noMessage')}</p>
        {app.status === 'accepted' && app.dealId && (
          <div className="tk-applicant__actions">
            <Link to={`/deal/${app.dealId}`} className="btn btn--ghost btn--sm" data-testid="applicant-deal-link">
              <AuditOutlined aria-hidden="true" />
              {t('applicantsSlots.viewDeal')}
              <span className="visually-hidden"> {name}</span>
            </Link>
          </div>
        )}
        {app.status === 'pending' && (
          <div className="tk-applicant__actions">
            <button type="button" className="btn btn--primary btn--sm" onClick={() => act('accept')} disabled={decide.isPending} data-testid="applicant-accept">
              <CheckOutlined aria-hidden="true" />
              {t('applicants.accept')}
              <span className="visually-hidden"> {name}</span>
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm btn--danger"
              onClick={() => act('refuse')}
              disabled={decide.isPending}
              data-testid="applicant-refuse"
            >
              <CloseOutlined aria-hidden="true" />
              {t('applicants.refuse')}
              <span className="visually-hidden"> {name}</span>
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** 结束招募: an open task with several places and at least one hired stops recruiting (with a confirm). */
export function CloseRecruitingButton({
  taskId,
  task,
  confirm,
}: {
  taskId: string;
  task: { status: string; slots: number; currentApplicants: number; title: string };
  confirm: Confirm;
}) {
  const { t } = useTranslation('tasks');
  const feedback = useFeedback();
  const { apiErrorText } = useErrorText();
  const close = useCloseRecruiting();
  if (!canCloseRecruiting(task)) return null;
  const onClick = () =>
    confirm({
      title: t('recruiting.title'),
      content: t('recruiting.text', { title: task.title, current: task.currentApplicants, slots: task.slots }),
      okText: t('recruiting.confirm'),
      cancelText: t('recruiting.back'),
      okButtonProps: { danger: true },
      centered: true,
      onOk: () =>
        close
          .mutateAsync({ taskId })
          .then(() => feedback.success(t('recruiting.done')))
          .catch((err: unknown) => feedback.error(apiErrorText(err, t('recruiting.failed')))),
    });
  return (
    <button type="button" className="btn btn--ghost btn--sm btn--danger" onClick={onClick} disabled={close.isPending} data-testid="close-recruiting">
      <StopOutlined aria-hidden="true" />
      {t('recruiting.close')}
    </button>
  );
}
