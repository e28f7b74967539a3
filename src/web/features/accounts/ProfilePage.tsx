import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MyAgencySection } from '../agencies/MyAgencySection';
import { ArrowRightOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { Me } from '../auth/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { AccountGate } from './AccountGate';
import { accountTypeKey, useFormat } from './format';
import './accounts.css';

/** /profile — the personal centre of any other account type (admin, ordinary): account info and settings. */
export default function ProfilePage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('profile.documentTitle'));
  return (
    <div className="page acc-page">
      <AccountGate loginCode="LOGIN_REQUIRED_PROFILE">{(user) => <ProfileScreen user={user} />}</AccountGate>
    </div>
  );
}

function ProfileScreen({ user }: { user: Me }) {
  const { dateTime: formatDateTime } = useFormat();
  const { t } = useTranslation('accounts');
  const type = accountTypeKey(user.userType);
  const own =
    user.userType === 'influencer'
      ? { to: '/influencer-profile', label: t('profile.influencerLink') }
      : user.userType === 'company'
        ? { to: '/company-profile', label: t('profile.companyLink') }
        : user.userType === 'admin'
          ? { to: '/admin', label: t('profile.adminLink') }
          : user.userType === 'agency'
            ? { to: '/agency', label: t('profile.agencyLink') }
            : null;

  return (
    <div className="container acc-narrow">
      <header className="page-head">
        <h1>{t('profile.title')}</h1>
        <p>{t('profile.subtitle')}</p>
      </header>
      <section className="card acc-hero" aria-labelledby="profile-email">
        <div className="acc-hero__avatar acc-hero__avatar--circle">
          <UserOutlined aria-hidden="true" />
        </div>
        <div className="acc-hero__main">
          <div className="acc-hero__title-row">
            <h2 id="profile-email" className="acc-hero__name acc-break" data-testid="profile-email">
              {user.email}
            </h2>
            <span className="acc-badge acc-badge--ok" data-testid="profile-account-type" data-user-type={type}>
              {t(`types.${type}`)}
            </span>
          </div>
        </div>
      </section>
      <div className="acc-grid acc-grid--even">
        <section className="card acc-card" aria-labelledby="profile-info">
          <h2 id="profile-info" className="acc-card__title">
            {t('profile.infoTitle')}
          </h2>
          <dl className="acc-dl acc-dl--single">
            <div>
              <dt>{t('profile.email')}</dt>
              <dd className="acc-break">{user.email}</dd>
            </div>
            <div>
              <dt>{t('profile.accountType')}</dt>
              <dd>{t(`types.${type}`)}</dd>
            </div>
            <div>
              <dt>{t('profile.createdAt')}</dt>
              <dd data-testid="profile-created-at">{formatDateTime(user.createdAt)}</dd>
            </div>
            <div>
              <dt>{t('profile.phone')}</dt>
              <dd>{user.phone || t('common.notSet')}</dd>
            </div>
          </dl>
        </section>
        <section className="card acc-card acc-cta" aria-labelledby="profile-settings">
          <h2 id="profile-settings" className="acc-card__title">
            <SettingOutlined aria-hidden="true" /> {t('profile.settingsTitle')}
          </h2>
          <p className="acc-muted">{t('profile.settingsText')}</p>
          <Link to="/account-settings" className="btn btn--primary btn--block" data-testid="profile-settings-link">
            {t('profile.settingsLink')} <ArrowRightOutlined aria-hidden="true" />
          </Link>
          {own && (
            <Link to={own.to} className="btn btn--ghost btn--block" data-testid="profile-own-link">
              {own.label}
            </Link>
          )}
        </section>
      </div>
      {user.userType === 'influencer' && <MyAgencySection />}
    </div>
  );
}
