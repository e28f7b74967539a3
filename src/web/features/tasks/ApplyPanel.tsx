import { Suspense, useId } from 'react';
import { loadNamespaces } from '../../i18n';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginOutlined } from '@ant-design/icons';
import type { Me } from '../auth/api';
import type { Schema } from '../../lib/client';
import { formatBps } from '@shared/money';
import { lazyWithAntd } from '../../app/withAntd';
import { useAuthDialog } from '../auth/authDialogContext';
import { useTaskFormat } from './format';
import { ApplicationStatusTag } from './StatusBadge';
import { InvitationExpiry } from './InvitationExpiry';
import { useActingFor, withActing } from '../agencies/actingFor';

type TaskDetailResponse = Schema<'TaskDetailResponse'>;

// antd only where it is used: a visitor's or a company's task page never loads it for this card
const ApplyFormLazy = lazyWithAntd(() => Promise.all([import('./ApplyForm'), loadNamespaces(['errors'])]).then(([m]) => m.ApplyForm));
// an invited influencer's 接受邀请 / 拒绝 (confirm and reason dialogs)
const InvitationAnswer = lazyWithAntd(() => import('./InvitationAnswer').then((m) => m.InvitationAnswer));

function ApplyForm(props: Parameters<typeof ApplyFormLazy>[0]) {
  return (
    <Suspense fallback={<div className="tk-apply-placeholder" aria-busy="true" />}>
      <ApplyFormLazy {...props} />
    </Suspense>
  );
}

type Props = { detail: TaskDetailResponse; user: Me | null };

/**
 * The influencer side of the task page: the apply form while the task is open, the viewer's
 * application once applied, or why they cannot apply (请先登录达人账号, 已停止招募, 已满). After a
 * withdrawal the form comes back while the task is open and not full (the same application is sent
 * again, issue 10 #16).
 */
export function ApplyPanel({ detail, user }: Props) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const authDialog = useAuthDialog();
  const { task, viewer } = detail;
  const titleId = useId();
  // an agency acting for a roster influencer applies, withdraws and answers as the influencer would (decision 0045)
  const as = useActingFor();

  const reapply = viewer.myApplication?.status === 'withdrawn' && viewer.canApply;
  const invitation = viewer.invitation;
  const invited = invitation?.status === 'pending' && task.status === 'open' && viewer.myApplication?.status !== 'accepted';
  let content: React.ReactNode;
  if (invited) {
    const company = task.company.companyName?.trim() || t('fallback.unknownCompany');
    content = (
      <div className="tk-my-app" data-testid="task-invitation" data-status={invitation.status}>
        <p className="tk-note__title">{t('myInvitations.intro')}</p>
        <dl className="tk-my-app__facts">
          <div>
            <dt>{t('myInvitations.rate')}</dt>
            <dd className="tk-money" data-testid="task-invitation-rate">
              {task.pricingModel === 'commission'
                ? t('myInvitations.commission', { percent: formatBps(task.commissionBps) })
                : f.money(invitation.offeredRateCents)}
            </dd>
          </div>
          <div>
            <dt>{t('myInvitations.expires')}</dt>
            <dd>
              <InvitationExpiry expiresAt={invitation.expiresAt} />
            </dd>
          </div>
          <div className="tk-my-app__msg">
            <dt>{t('myInvitations.message')}</dt>
            <dd data-testid="task-invitation-message">{invitation.message}</dd>
          </div>
        </dl>
        <Suspense fallback={<div className="tk-invite-answer tk-invite-answer--block" aria-busy="true" />}>
          <InvitationAnswer invitation={invitation} task={task} company={company} block />
        </Suspense>
      </div>
    );
  } else if (reapply) {
    content = (
      <>
        <p className="tk-note" data-testid="task-reapply-note">
          {t('apply.withdrawnCanReapply')}
        </p>
        <ApplyForm taskId={task.id} min={task.budgetMinCents} max={task.budgetMaxCents} model={task.pricingModel} commissionBps={task.commissionBps} />
      </>
    );
  } else if (viewer.myApplication) {
    const a = viewer.myApplication;
    content = (
      <div className="tk-my-app" data-testid="task-my-application" data-status={a.status}>
        <div className="tk-my-app__row">
          <span>{t('apply.myApplication')}</span>
          <ApplicationStatusTag status={a.status} testId="task-my-application-status" />
        </div>
        {viewer.dealId && (
          <Link to={withActing(`/deal/${viewer.dealId}`, as)} className="btn btn--primary btn--sm" data-testid="task-deal-link">
            {t('apply.viewDeal')}
          </Link>
        )}
        <dl className="tk-my-app__facts">
          <div>
            <dt>{t('apply.myRate')}</dt>
            <dd>{f.money(a.proposedRateCents)}</dd>
          </div>
          <div>
            <dt>{t('apply.appliedAt')}</dt>
            <dd>{f.dateTime(a.appliedAt)}</dd>
          </div>
          {a.message && (
            <div className="tk-my-app__msg">
              <dt>{t('apply.myMessage')}</dt>
              <dd>{a.message}</dd>
            </div>
          )}
        </dl>
        <Link to={withActing('/influencer-tasks', as)} className="btn btn--ghost btn--block btn--sm" data-testid="task-my-tasks-link">
          {t('apply.viewMyTasks')}
        </Link>
      </div>
    );
  } else if (invitation?.status === 'declined' && !viewer.canApply) {
    content = (
      <p className="tk-note" data-testid="task-invitation-declined">
        {t('myInvitations.declinedNote')}
      </p>
    );
  } else if (task.status !== 'open') {
    content = (
      <p className="tk-note" data-testid="task-apply-closed">
        {t('apply.notOpen')}
      </p>
    );
  } else if (!user) {
    content = (
      <div className="tk-note" data-testid="task-apply-login">
        <p className="tk-note__title">{t('apply.loginRequired')}</p>
        <p>{t('apply.loginRequiredText')}</p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => authDialog.open({ mode: 'signin', userType: 'influencer' })}
          data-testid="task-apply-signin"
        >
          <LoginOutlined aria-hidden="true" />
          {t('apply.signIn')}
        </button>
      </div>
    );
  } else if (user.userType !== 'influencer' && !as) {
    content = (
      <div className="tk-note" data-testid="task-apply-login">
        <p className="tk-note__title">{t('apply.loginRequired')}</p>
        <p>{t('apply.influencerOnly')}</p>
      </div>
    );
  } else if (!viewer.canApply) {
    content = (
      <p className="tk-note" data-testid="task-apply-full">
        {t('apply.full')}
      </p>
    );
  } else {
    content = <ApplyForm taskId={task.id} min={task.budgetMinCents} max={task.budgetMaxCents} model={task.pricingModel} commissionBps={task.commissionBps} />;
  }

  return (
    <section className="tk-side card" aria-labelledby={titleId} data-testid="task-apply">
      <h2 className="tk-side__title" id={titleId}>
        {invited ? t('myInvitations.title') : t('apply.title')}
      </h2>
      {content}
    </section>
  );
}
