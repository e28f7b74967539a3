import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from 'antd';
import { CheckCircleOutlined, EditOutlined, FileDoneOutlined, GlobalOutlined, ShopOutlined, StarFilled } from '@ant-design/icons';
import { COMPANY_INDUSTRIES, COMPANY_SIZES } from '@shared/options';
import type { Me } from '../auth/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { AccountGate, PageSpinner, QueryProblem } from './AccountGate';
import { Checklist } from './Checklist';
import { CompanyEditForm } from './CompanyEditForm';
import { VerificationBadge, VerificationCard } from './CompanyVerification';
import { accountQuery, companyQuery, type CompanyData } from './api';
import { useFormat } from './format';
import './accounts.css';

/**
 * /company-profile — the company's own profile: view / edit, verification with the business licence
 * (part 1 §2, decision 0028). `?verify=1` (the welcome after sign-up) opens the request form.
 */
export default function CompanyProfilePage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('company.documentTitle'));
  return (
    <div className="page acc-page">
      <AccountGate role="company" loginCode="LOGIN_REQUIRED_PROFILE">
        {(user) => <CompanyScreen user={user} />}
      </AccountGate>
    </div>
  );
}

function CompanyScreen({ user }: { user: Me }) {
  const { t } = useTranslation('accounts');
  const query = useQuery(companyQuery(user.id));
  const account = useQuery(accountQuery(user.id));
  // null = follow the data: a company without a profile starts in edit mode
  const [editing, setEditing] = useState<boolean | null>(null);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <QueryProblem error={query.error} loginCode="LOGIN_REQUIRED_PROFILE" onRetry={() => void query.refetch()} />;
  const { profile, verificationState } = query.data;
  const isEditing = editing ?? profile === null;
  const deletionPending = account.data?.status === 'deletion_pending';

  return (
    <div className="container">
      <header className="page-head acc-head">
        <div>
          <h1>{t('company.title')}</h1>
          <p>{t('company.subtitle')}</p>
        </div>
        {!isEditing && (
          <button type="button" className="btn btn--primary" onClick={() => setEditing(true)} data-testid="company-edit">
            <EditOutlined aria-hidden="true" /> {t('common.edit')}
          </button>
        )}
      </header>

      {isEditing ? (
        <>
          {profile === null && <Alert type="info" showIcon className="acc-notice" title={t('company.firstTime')} data-testid="company-first-time" />}
          <CompanyEditForm
            userId={user.id}
            profile={profile}
            verificationState={verificationState}
            defaultEmail={user.email}
            onDone={() => setEditing(false)}
            onCancel={profile ? () => setEditing(false) : undefined}
          />
        </>
      ) : (
        profile && <CompanyView data={query.data} userId={user.id} deletionPending={deletionPending} />
      )}
    </div>
  );
}

function CompanyView({ data, userId, deletionPending }: { data: CompanyData; userId: string; deletionPending: boolean }) {
  const { t } = useTranslation('accounts');
  const fmt = useFormat();
  const notSet = t('common.notSet');
  const c = data.profile;
  const [params] = useSearchParams();
  const canApply = data.verificationState === 'unverified' || data.verificationState === 'rejected';
  const [formOpen, setFormOpen] = useState(() => params.get('verify') === '1' && canApply);
  if (!c) return null;
  const openForm = () => {
    setFormOpen(true);
    document.getElementById('company-verification')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const checklist = (['description', 'industry', 'website', 'businessLicense', 'logoUrl'] as const).map((k) => ({
    key: k,
    label: t(`company.checklist.${k}`),
    done: !!c[k],
  }));

  const rows: { key: string; label: string; value: React.ReactNode }[] = [
    { key: 'contact-person', label: t('company.fields.contactPerson'), value: c.contactPerson || notSet },
    { key: 'business-license', label: t('company.fields.businessLicense'), value: c.businessLicense || notSet },
    { key: 'industry', label: t('company.fields.industry'), value: c.industry ? fmt.option(COMPANY_INDUSTRIES, c.industry) : notSet },
    { key: 'size', label: t('company.fields.companySize'), value: c.companySize ? fmt.option(COMPANY_SIZES, c.companySize) : notSet },
    {
      key: 'website',
      label: t('company.fields.website'),
      value: c.website ? (
        <a href={c.website} target="_blank" rel="noopener noreferrer">
          {c.website}
        </a>
      ) : (
        notSet
      ),
    },
    { key: 'address', label: t('company.fields.address'), value: c.address || notSet },
    { key: 'contact-phone', label: t('company.fields.contactPhone'), value: c.contactPhone || notSet },
    { key: 'contact-email', label: t('company.fields.contactEmail'), value: c.contactEmail || notSet },
  ];

  return (
    <div data-testid="company-view">
      <section className="card acc-hero" aria-labelledby="company-name">
        <div className="acc-hero__avatar acc-hero__avatar--square">
          {c.logoUrl ? <img src={c.logoUrl} alt={t('company.fields.logo')} data-testid="company-logo" /> : <ShopOutlined aria-hidden="true" />}
        </div>
        <div className="acc-hero__main">
          <div className="acc-hero__title-row">
            <h2 id="company-name" className="acc-hero__name" data-testid="company-view-name">
              {c.companyName || t('common.unknownCompany')}
            </h2>
            <VerificationBadge state={data.verificationState} onApply={openForm} />
            <span className={`acc-badge ${deletionPending ? 'acc-badge--warn' : 'acc-badge--ok'}`} data-testid="company-account-status">
              {t('company.accountStatusValue', { status: deletionPending ? t('company.statusDeletion') : t('company.statusNormal') })}
            </span>
          </div>
          <p className="acc-hero__meta">
            {c.industry && <span>{fmt.option(COMPANY_INDUSTRIES, c.industry)}</span>}
            {c.companySize && <span>{fmt.option(COMPANY_SIZES, c.companySize)}</span>}
            {c.website && (
              <span>
                <GlobalOutlined aria-hidden="true" /> {c.website.replace(/^https?:\/\//, '')}
              </span>
            )}
          </p>
        </div>
      </section>

      <ul className="acc-stats acc-stats--3" aria-label={t('influencer.stats.label')}>
        <li className="acc-stat" data-testid="company-stat-total">
          <span className="acc-stat__icon" aria-hidden="true">
            <FileDoneOutlined />
          </span>
          <span className="acc-stat__body">
            <span className="acc-stat__label">{t('company.stats.totalTasks')}</span>
            <span className="acc-stat__value">{fmt.number(c.totalTasks)}</span>
          </span>
        </li>
        <li className="acc-stat" data-testid="company-stat-completed">
          <span className="acc-stat__icon" aria-hidden="true">
            <CheckCircleOutlined />
          </span>
          <span className="acc-stat__body">
            <span className="acc-stat__label">{t('company.stats.completedTasks')}</span>
            <span className="acc-stat__value">{fmt.number(c.completedTasks)}</span>
          </span>
        </li>
        <li className="acc-stat" data-testid="company-stat-rating">
          <span className="acc-stat__icon" aria-hidden="true">
            <StarFilled />
          </span>
          <span className="acc-stat__body">
            <span className="acc-stat__label">{t('company.stats.avgRating')}</span>
            <span className="acc-stat__value">{c.avgRating.toFixed(1)}</span>
          </span>
        </li>
      </ul>

      <div className="acc-grid">
        <div className="acc-grid__main">
          <section className="card acc-card" aria-labelledby="company-basic">
            <h2 id="company-basic" className="acc-card__title">
              {t('company.sections.basic')}
            </h2>
            <dl className="acc-dl">
              {rows.map((r) => (
                <div key={r.key}>
                  <dt>{r.label}</dt>
                  <dd data-testid={`company-view-${r.key}`}>{r.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="card acc-card" aria-labelledby="company-desc">
            <h2 id="company-desc" className="acc-card__title">
              {t('company.sections.description')}
            </h2>
            <p className={c.description ? 'acc-prose' : 'acc-muted'} data-testid="company-view-description">
              {c.description || t('common.noDescription')}
            </p>
          </section>
        </div>
        <aside className="acc-grid__side">
          <VerificationCard userId={userId} data={data} formOpen={formOpen && canApply} onFormOpen={setFormOpen} />
          <Checklist items={checklist} testId="company-checklist" />
        </aside>
      </div>
    </div>
  );
}
