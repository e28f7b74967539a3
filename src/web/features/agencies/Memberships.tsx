import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { Schema } from '../../lib/client';
import { useFormat } from '../../lib/format';
import { Avatar } from '../people/InfluencerCard';

type Membership = Schema<'AgencyMembership'>;
type Invitation = Schema<'AgencyInvitation'>;
const COLOR = { active: 'green', ending: 'orange', ended: 'default', pending: 'blue', accepted: 'green', declined: 'default', withdrawn: 'default' } as const;

/** One membership row: the other side (the influencer for the agency, the agency for the influencer), share, state. */
export function MembershipRow({
  m,
  side,
  actions,
  footer,
}: {
  m: Membership;
  side: 'agency' | 'influencer';
  actions?: React.ReactNode;
  /** a last line of the row (the workspace's links to act for the influencer) */
  footer?: React.ReactNode;
}) {
  const { t } = useTranslation('agencies');
  const { date, day } = useFormat();
  const other =
    side === 'agency'
      ? { to: `/influencer/${m.influencer.id}`, name: m.influencer.nickname, src: m.influencer.avatarUrl }
      : { to: `/agency/${m.agency.id}`, name: m.agency.name, src: m.agency.logoUrl };
  return (
    <li className="ag-row" data-testid={`membership-${m.status}`}>
      <div className="ag-row__main">
        <Avatar src={other.src} name={other.name} size={40} />
        <div>
          <Link to={other.to} className="ag-row__name">
            {other.name}
          </Link>
          <div className="ag-row__meta">
            {t('membership.share', { share: m.shareBps / 100 })} · {t('membership.since', { date: date(m.startedAt) })}
            {m.endsOn && <> · {t('membership.endsOn', { date: day(m.endsOn) })}</>}
            {m.endedAt && <> · {t('membership.endedAt', { date: date(m.endedAt) })}</>}
            {m.openDeals > 0 && <> · {t('membership.openDeals', { count: m.openDeals })}</>}
          </div>
        </div>
      </div>
      <div className="ag-actions">
        <Tag color={COLOR[m.status]}>{t(`membership.status.${m.status}`)}</Tag>
        {actions}
      </div>
      {footer && <div className="ag-row__footer">{footer}</div>}
    </li>
  );
}

export function InvitationRow({
  i,
  side,
  actions,
  details,
}: {
  i: Invitation;
  side: 'agency' | 'influencer';
  actions?: React.ReactNode;
  /** under the meta line (the influencer's example of what the share means) */
  details?: React.ReactNode;
}) {
  const { t } = useTranslation('agencies');
  const { date, day } = useFormat();
  const name = side === 'agency' ? i.influencer.nickname : i.agency.name;
  return (
    <li className="ag-row" data-testid={`agency-invitation-${i.status}`}>
      <div>
        <div className="ag-row__name">{side === 'influencer' ? t('mine.offer', { agency: name, share: i.shareBps / 100 }) : name}</div>
        <div className="ag-row__meta">
          {side === 'agency' && <>{t('membership.share', { share: i.shareBps / 100 })} · </>}
          {date(i.createdAt)}
          {i.endsOn && <> · {t('membership.endsOn', { date: day(i.endsOn) })}</>}
        </div>
        {details}
      </div>
      <div className="ag-actions">
        <Tag color={COLOR[i.status]}>{t(`membership.invitationStatus.${i.status}`)}</Tag>
        {actions}
      </div>
    </li>
  );
}
