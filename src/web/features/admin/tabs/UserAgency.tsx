import { useTranslation } from 'react-i18next';
import { Descriptions, Divider, Tag } from 'antd';
import type { Schema } from '../../../lib/client';
import { useAdminFormat } from '../format';

type Agency = NonNullable<Schema<'AdminUserDetail'>['agency']>;
type Membership = Agency['current'][number];
const COLOR = { active: 'green', ending: 'orange', ended: 'default' } as const;

/** 用户管理's detail of an agency account (decision 0044, issue 25 item 6): its sign-up details, its roster with shares, its history. */
export function UserAgency({ agency: a }: { agency: Agency }) {
  const { t } = useTranslation('admin');
  const dash = (v: string | null) => (v ? v : t('notSet'));
  return (
    <div data-testid="user-agency">
      <Divider />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={t('users.detail.agency.title')} bordered>
        <Descriptions.Item label={t('users.detail.agency.name')}>{a.name}</Descriptions.Item>
        <Descriptions.Item label={t('users.detail.agency.contactPerson')}>{a.contactPerson}</Descriptions.Item>
        <Descriptions.Item label={t('users.detail.agency.phone')}>{a.phone}</Descriptions.Item>
        <Descriptions.Item label={t('users.detail.agency.creditCode')}>{a.creditCode}</Descriptions.Item>
        <Descriptions.Item label={t('users.detail.agency.city')}>{dash(a.city)}</Descriptions.Item>
        <Descriptions.Item label={t('users.detail.agency.license')}>
          {a.licenseUrl ? (
            <a href={a.licenseUrl} target="_blank" rel="noreferrer">
              {t('users.detail.agency.viewLicense')}
            </a>
          ) : (
            t('notSet')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.detail.agency.description')} span={2}>
          {dash(a.description)}
        </Descriptions.Item>
        {a.rejectionReason && (
          <Descriptions.Item label={t('users.detail.agency.rejection')} span={2}>
            {a.rejectionReason}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Divider titlePlacement="start" plain>
        {t('users.detail.agency.roster')}
      </Divider>
      {a.current.length === 0 ? <p>{t('users.detail.agency.rosterEmpty')}</p> : <Memberships list={a.current} testId="user-agency-roster" />}
      <Divider titlePlacement="start" plain>
        {t('users.detail.agency.history')}
      </Divider>
      {a.history.length === 0 ? <p>{t('users.detail.agency.historyEmpty')}</p> : <Memberships list={a.history} testId="user-agency-history" />}
    </div>
  );
}

function Memberships({ list, testId }: { list: Membership[]; testId: string }) {
  const { t } = useTranslation('admin');
  const f = useAdminFormat();
  return (
    <ul className="adm-list" data-testid={testId}>
      {list.map((m) => (
        <li key={m.id} data-testid="user-agency-membership">
          <strong>{m.influencer.nickname}</strong> <Tag color={COLOR[m.status]}>{t(`users.detail.agency.status.${m.status}`)}</Tag>
          <div className="adm-change">
            {[
              t('users.detail.agency.share', { share: m.shareBps / 100 }),
              t('users.detail.agency.since', { date: f.date(m.startedAt) }),
              m.endsOn ? t('users.detail.agency.endsOn', { date: f.day(m.endsOn) }) : null,
              m.endRequestedBy ? t('users.detail.agency.endRequestedBy', { by: t(`users.detail.agency.by.${m.endRequestedBy}`) }) : null,
              m.endedAt ? t('users.detail.agency.endedAt', { date: f.date(m.endedAt) }) : null,
              m.status !== 'ended' ? t('users.detail.agency.openDeals', { count: m.openDeals }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </li>
      ))}
    </ul>
  );
}
