import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { AuditOutlined, MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { formatBps } from '@shared/money';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { useTaskFormat } from './format';
import { InvitationAnswer } from './InvitationAnswer';
import { InvitationExpiry } from './InvitationExpiry';
import type { InvitationForInfluencer } from './invitationsApi';
import { InvitationStatusTag } from './StatusBadge';
import { useActingTo } from '../agencies/actingFor';

/** 收到的邀请 (/influencer-tasks?tab=invitations): pending ones answerable here, answered ones with their status. */
export function MyInvitations({ query }: { query: UseQueryResult<InvitationForInfluencer[]> }) {
  const { t } = useTranslation('tasks');
  if (query.isPending) {
    return (
      <Loading className="tk-rows" label={t('myInvitations.loading')}>
        {[0, 1].map((i) => (
          <div className="card tk-row tk-row--skeleton" key={i} aria-hidden="true">
            <span className="tk-skel tk-skel--title" />
            <span className="tk-skel tk-skel--line tk-skel--short" />
          </div>
        ))}
      </Loading>
    );
  }
  if (query.isError) {
    return <LoadFailed testId="my-invitations" title={t('myInvitations.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.data.length === 0) {
    return <Empty testId="my-invitations-empty" icon={<MailOutlined />} title={t('myInvitations.empty')} text={t('myInvitations.emptyHint')} />;
  }
  return (
    <ul className="tk-rows" data-testid="my-invitations">
      {query.data.map((inv) => (
        <InvitationRow key={inv.id} inv={inv} />
      ))}
    </ul>
  );
}

function InvitationRow({ inv }: { inv: InvitationForInfluencer }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const to = useActingTo();
  const company = inv.task.companyName || t('fallback.unknownCompany');
  const pending = inv.status === 'pending' && inv.task.status === 'open';
  return (
    <li className="card tk-row" data-testid="invitation-item" data-task-id={inv.taskId} data-status={inv.status}>
      <div className="tk-row__main">
        <h3 className="tk-row__title">
          <Link to={to(`/task/${inv.taskId}`)}>{inv.task.title}</Link>
        </h3>
        <dl className="tk-row__facts">
          <div>
            <dt>{t('myInvitations.company')}</dt>
            <dd>
              <a href={`/company/${inv.task.companyId}`} target="_blank" rel="noopener">
                {company}
                <span className="visually-hidden">{t('hall.opensInNewTab')}</span>
              </a>
            </dd>
          </div>
          <div>
            <dt>{t('myInvitations.rate')}</dt>
            <dd className="tk-money" data-testid="invitation-rate">
              {inv.task.pricingModel === 'commission'
                ? t('myInvitations.commission', { percent: formatBps(inv.task.commissionBps) })
                : f.money(inv.offeredRateCents)}
            </dd>
          </div>
          <div>
            <dt>
              <UserAddOutlined aria-hidden="true" /> {t('slots.label')}
            </dt>
            <dd data-testid="invitation-slots">{t('slots.value', { current: inv.task.currentApplicants, slots: inv.task.slots })}</dd>
          </div>
          <div>
            <dt>{t('myInvitations.status')}</dt>
            <dd>
              <InvitationStatusTag status={inv.status} testId="invitation-status" />
            </dd>
          </div>
          <div>
            <dt>{pending ? t('myInvitations.expires') : t('card.liveDate')}</dt>
            <dd>{pending ? <InvitationExpiry expiresAt={inv.expiresAt} testId="invitation-expiry" /> : f.dateTime(inv.task.liveDate)}</dd>
          </div>
          {inv.respondedAt && (
            <div>
              <dt>{t('myInvitations.answered')}</dt>
              <dd>{f.dateTime(inv.respondedAt)}</dd>
            </div>
          )}
        </dl>
        <p className="tk-invitation__message" data-testid="invitation-message">
          <span className="visually-hidden">{t('myInvitations.message')}: </span>
          {inv.message}
        </p>
        {inv.status === 'declined' && inv.declineReason && <p className="tk-muted">{t('invitations.reason', { reason: inv.declineReason })}</p>}
      </div>
      {pending && (
        <div className="tk-row__actions">
          <InvitationAnswer
            invitation={inv}
            task={{ id: inv.taskId, pricingModel: inv.task.pricingModel, commissionBps: inv.task.commissionBps }}
            company={company}
          />
        </div>
      )}
      {inv.status === 'accepted' && inv.dealId && (
        <div className="tk-row__actions">
          <Link to={to(`/deal/${inv.dealId}`)} className="btn btn--primary btn--sm" data-testid="invitation-deal-link">
            <AuditOutlined aria-hidden="true" />
            {t('myInvitations.viewDeal')}
          </Link>
        </div>
      )}
    </li>
  );
}
