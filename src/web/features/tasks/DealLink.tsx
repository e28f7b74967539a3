import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuditOutlined } from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { useActingTo } from '../agencies/actingFor';

type DealSummary = Schema<'DealSummary'>;

/** my-tasks: the accepted application's deal (订单), its state and whose move it is */
export function DealLink({ deal, viewer }: { deal: DealSummary; viewer: 'company' | 'influencer' }) {
  const { t } = useTranslation('deals');
  const to = useActingTo();
  const mine = deal.waitingFor === viewer || deal.waitingFor === 'both';
  const waiting =
    deal.waitingFor === null
      ? null
      : deal.waitingFor === 'admin'
        ? t('waiting.admin')
        : mine
          ? t('waiting.mine')
          : t('waiting.other', { side: t(`waiting.${deal.waitingFor}`) });
  return (
    <span className="tk-deal" data-testid="my-task-deal" data-deal-status={deal.status}>
      <Link to={to(`/deal/${deal.id}`)} className={`btn btn--sm ${mine ? 'btn--primary' : 'btn--ghost'}`} data-testid="my-task-deal-link">
        <AuditOutlined aria-hidden="true" />
        {t('myTasks.viewDeal')}
      </Link>
      <span className="tk-deal__state">
        {t(`states.${deal.status}`)}
        {waiting && ` · ${waiting}`}
      </span>
    </span>
  );
}
