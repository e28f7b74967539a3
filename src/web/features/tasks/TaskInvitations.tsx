import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { AuditOutlined, MailOutlined, RollbackOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { useFeedback } from '../../components/feedback';
import { useErrorText } from '../../lib/errors';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { useTaskFormat } from './format';
import { taskInvitationsQuery, useWithdrawInvitation, type InvitationForCompany } from './invitationsApi';
import { InvitationStatusTag } from './StatusBadge';

type Confirm = ReturnType<typeof Modal.useModal>[0]['confirm'];

/**
 * The owner's 邀请 section of a task (issue 14): every invitation with its status (待回复 with its
 * expiry, 已接受 with a link to the deal, 已拒绝 with the reason …), 撤回 for pending ones, and what is
 * left of today's limit. Loaded with the antd scope (its confirm dialog) on the owner's task page.
 */
export function TaskInvitations({ taskId, headingLevel = 2 }: { taskId: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('tasks');
  const titleId = useId();
  const q = useQuery(taskInvitationsQuery(taskId));
  const [modal, modalHolder] = Modal.useModal();
  const H = `h${headingLevel}` as const;

  let body: React.ReactNode;
  if (q.isPending) {
    body = <Loading className="tk-skel tk-skel--block" label={t('invitations.loading')} />;
  } else if (q.isError) {
    body = <LoadFailed testId="invitations" level={3} compact title={t('invitations.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  } else if (q.data.items.length === 0) {
    body = <Empty level={3} icon={<MailOutlined />} title={t('invitations.empty')} text={t('invitations.emptyHint')} testId="invitations-empty" />;
  } else {
    body = (
      <ul className="tk-applicants">
        {q.data.items.map((inv) => (
          <InvitationRow key={inv.id} inv={inv} taskId={taskId} confirm={modal.confirm} />
        ))}
      </ul>
    );
  }

  return (
    <section className="tk-block" aria-labelledby={titleId} data-testid="task-invitations">
      <div className="tk-applicants-panel__head">
        <H className="tk-block__title" id={titleId}>
          {t('invitations.title')} {q.data && <span className="tk-count">{q.data.items.length}</span>}
        </H>
        {q.data && (
          <span className="tk-muted tk-invite-left" data-testid="invitations-remaining">
            {t('invitations.remaining', { count: q.data.remainingToday, limit: q.data.perDay })}
          </span>
        )}
      </div>
      {body}
      {modalHolder}
    </section>
  );
}

function InvitationRow({ inv, taskId, confirm }: { inv: InvitationForCompany; taskId: string; confirm: Confirm }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const feedback = useFeedback();
  const { apiErrorText } = useErrorText();
  const withdraw = useWithdrawInvitation();
  const name = inv.influencer.nickname;

  const onWithdraw = () =>
    confirm({
      title: t('invitations.withdrawTitle'),
      content: t('invitations.withdrawText', { name }),
      okText: t('invitations.confirm'),
      cancelText: t('invitations.back'),
      okButtonProps: { danger: true },
      centered: true,
      onOk: () =>
        withdraw
          .mutateAsync({ id: inv.id, taskId })
          .then(() => feedback.success(t('invitations.withdrawn')))
          .catch((err: unknown) => feedback.error(apiErrorText(err, t('invitations.withdrawFailed')))),
    });

  return (
    <li className="tk-applicant tk-invitation" data-testid="invitation-row" data-status={inv.status} data-nickname={name}>
      <InfluencerAvatar url={inv.influencer.avatarUrl} name={name} />
      <div className="tk-applicant__main">
        <div className="tk-applicant__head">
          <span className="tk-applicant__name">
            <a href={`/influencer/${inv.influencer.id}`} target="_blank" rel="noopener">
              {name}
              <span className="visually-hidden">{t('hall.opensInNewTab')}</span>
            </a>
            {inv.influencer.isVerified && <SafetyCertificateFilled className="tk-verified" role="img" aria-label={t('verified')} />}
            <InvitationStatusTag status={inv.status} testId="invitation-status" />
          </span>
          {inv.offeredRateCents > 0 && (
            <span className="tk-applicant__rate">
              <span className="visually-hidden">{t('invitations.rate')}: </span>
              {f.money(inv.offeredRateCents)}
            </span>
          )}
        </div>
        <p className="tk-applicant__stats">
          <span>{t('invitations.sentAt', { date: f.dateTime(inv.createdAt) })}</span>
          {inv.status === 'pending' && <span data-testid="invitation-expires">{t('invitations.expiresAt', { date: f.dateTime(inv.expiresAt) })}</span>}
        </p>
        <p className="tk-applicant__msg">{inv.message}</p>
        {inv.status === 'declined' && inv.declineReason && (
          <p className="tk-applicant__msg tk-invitation__reason" data-testid="invitation-reason">
            {t('invitations.reason', { reason: inv.declineReason })}
          </p>
        )}
        {inv.status === 'pending' && (
          <div className="tk-applicant__actions">
            <button
              type="button"
              className="btn btn--ghost btn--sm btn--danger"
              onClick={onWithdraw}
              disabled={withdraw.isPending}
              data-testid="invitation-withdraw"
            >
              <RollbackOutlined aria-hidden="true" />
              {t('invitations.withdraw')}
              <span className="visually-hidden"> {name}</span>
            </button>
          </div>
        )}
        {inv.status === 'accepted' && inv.dealId && (
          <div className="tk-applicant__actions">
            <Link to={`/deal/${inv.dealId}`} className="btn btn--ghost btn--sm" data-testid="invitation-deal-link">
              <AuditOutlined aria-hidden="true" />
              {t('invitations.viewDeal')}
              <span className="visually-hidden"> {name}</span>
            </Link>
          </div>
        )}
      </div>
    </li>
  );
}

function InfluencerAvatar({ url, name }: { url: string | null; name: string }) {
  if (url) return <img className="tk-avatar" src={url} alt="" loading="lazy" />;
  return (
    <span className="tk-avatar tk-avatar--letter" aria-hidden="true">
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
