import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'antd';
import { BellOutlined, LockOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { AccountInfo } from './api';
import type { Me } from '../auth/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignOut } from '../auth/api';
import { AccountGate, PageSpinner, QueryProblem } from './AccountGate';
import { DeletionRequest } from './DeletionRequest';
import { PasswordSettings } from './PasswordSettings';
import { PhoneSettings } from './PhoneSettings';
import { NotificationSettings, PrivacySettings } from './PreferenceSettings';
import { accountQuery } from './api';
import { accountTypeKey, useFormat } from './format';
import './accounts.css';

const TABS = ['profile', 'security', 'notifications', 'privacy'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (v: string | null): v is TabKey => !!v && (TABS as readonly string[]).includes(v);

/** /account-settings — any signed-in user: phone, password, notifications, privacy, sign-out, deletion request. */
export default function AccountSettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('documentTitle'));
  return (
    <div className="page acc-page">
      <AccountGate loginCode="LOGIN_REQUIRED_SETTINGS">{(user) => <SettingsScreen user={user} />}</AccountGate>
    </div>
  );
}

function SettingsScreen({ user }: { user: Me }) {
  const { t } = useTranslation('settings');
  const query = useQuery(accountQuery(user.id));
  const [params, setParams] = useSearchParams();
  // an agency's staff account (decision 0067) keeps its password here; the rest is the agency owner's
  const staff = Boolean(user.agencyStaff);
  const tabs: readonly TabKey[] = staff ? ['security'] : TABS;
  const asked = params.get('tab');
  const tab: TabKey = isTab(asked) && tabs.includes(asked) ? asked : (tabs[0] ?? 'profile');

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return <QueryProblem error={query.error} loginCode="LOGIN_REQUIRED_SETTINGS" onRetry={() => void query.refetch()} fallback={t('loadFailed')} />;
  }
  const account = query.data;

  const icons: Record<TabKey, React.ReactNode> = {
    profile: <UserOutlined />,
    security: <LockOutlined />,
    notifications: <BellOutlined />,
    privacy: <SafetyOutlined />,
  };

  return (
    <div className="container">
      <header className="page-head">
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
      </header>
      <div className="settings-layout">
        <aside className="settings-layout__side">
          <AccountInfoCard account={account} />
          {!staff && <DeletionRequest userId={user.id} account={account} />}
        </aside>
        <section className="card settings-tabs" aria-label={t('tabs.label')}>
          <Tabs
            activeKey={tab}
            tabBarGutter={24}
            onChange={(key) => setParams(key === tabs[0] ? {} : { tab: key }, { replace: true })}
            items={tabs.map((key) => ({
              key,
              label: (
                <span className="settings-tab" data-testid={`settings-tab-${key}`}>
                  <span className="settings-tab__icon" aria-hidden="true">
                    {icons[key]}
                  </span>
                  {t(`tabs.${key}`)}
                </span>
              ),
              children:
                key === 'profile' ? (
                  <PhoneSettings userId={user.id} account={account} />
                ) : key === 'security' ? (
                  <PasswordSettings />
                ) : key === 'notifications' ? (
                  <NotificationSettings userId={user.id} settings={account.settings} />
                ) : (
                  <PrivacySettings userId={user.id} settings={account.settings} />
                ),
            }))}
          />
        </section>
      </div>
    </div>
  );
}

function AccountInfoCard({ account }: { account: AccountInfo }) {
  const { dateTime: formatDateTime } = useFormat();
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('accounts');
  const { signOut, busy } = useSignOut();
  const navigate = useNavigate();
  const type = accountTypeKey(account.userType);
  const pending = account.status === 'deletion_pending';

  return (
    <section className="card acc-card" aria-labelledby="account-info-title" data-testid="account-info">
      <h2 id="account-info-title" className="acc-card__title">
        {t('info.title')}
      </h2>
      <dl className="acc-dl acc-dl--single">
        <div>
          <dt>{t('info.id')}</dt>
          <dd>
            <code className="acc-code" data-testid="account-id">
              {account.id}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('info.email')}</dt>
          <dd className="acc-break" data-testid="account-email">
            {account.email}
          </dd>
        </div>
        <div>
          <dt>{t('info.createdAt')}</dt>
          <dd data-testid="account-created-at">{formatDateTime(account.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('info.type')}</dt>
          <dd data-testid="account-type" data-user-type={type}>
            {ta(`types.${type}`)}
          </dd>
        </div>
        <div>
          <dt>{t('info.status')}</dt>
          <dd>
            <span className={`acc-badge ${pending ? 'acc-badge--warn' : 'acc-badge--ok'}`} data-testid="account-status" data-status={account.status}>
              {pending ? t('info.deletionPending') : t('info.normal')}
            </span>
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn--ghost btn--block btn--danger"
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          void signOut().then(() => navigate('/'));
        }}
        data-testid="settings-logout"
      >
        <LogoutOutlined aria-hidden="true" /> {busy ? t('info.loggingOut') : t('info.logout')}
      </button>
    </section>
  );
}
