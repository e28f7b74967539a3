import { useTranslation } from 'react-i18next';
import { FireFilled } from '@ant-design/icons';
import { INVITATION_STATUSES, type InvitationStatus } from '@shared/options';
import { isApplicationStatus, isTaskStatus, useTaskFormat } from './format';

/** Task status: 招募中 / 进行中 / 已完成 / 已取消, anything else 未知. */
export function TaskStatusBadge({ status, testId }: { status: string; testId?: string }) {
  const f = useTaskFormat();
  const kind = isTaskStatus(status) ? status : 'unknown';
  return (
    <span className={`tk-badge tk-badge--${kind}`} data-testid={testId} data-status={kind}>
      {f.status(status)}
    </span>
  );
}

/** Application status: 待审核 / 已通过 / 已拒绝 / 已撤回. */
export function ApplicationStatusTag({ status, testId }: { status: string; testId?: string }) {
  const f = useTaskFormat();
  const kind = isApplicationStatus(status) ? status : 'unknown';
  return (
    <span className={`tk-badge tk-badge--app-${kind}`} data-testid={testId} data-status={kind}>
      {f.applicationStatus(status)}
    </span>
  );
}

const isInvitationStatus = (s: string): s is InvitationStatus => (INVITATION_STATUSES as readonly string[]).includes(s);

/** Invitation status: 待回复 / 已接受 / 已拒绝 / 已过期 / 已撤回 / 已失效. */
export function InvitationStatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation('tasks');
  const kind = isInvitationStatus(status) ? status : 'unknown';
  return (
    <span className={`tk-badge tk-badge--inv-${kind}`} data-testid={testId} data-status={kind}>
      {t(`invitationStatus.${kind}`)}
    </span>
  );
}

export function UrgentTag() {
  const { t } = useTranslation('tasks');
  return (
    <span className="tk-badge tk-badge--urgent">
      <FireFilled aria-hidden="true" /> {t('urgent')}
    </span>
  );
}
