import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  FileDoneOutlined,
  GlobalOutlined,
  SafetyCertificateFilled,
  ShopOutlined,
  StarFilled,
} from '@ant-design/icons';
import { COMPANY_INDUSTRIES, COMPANY_SIZES } from '@shared/options';
import type { Me } from '@shared/schemas/auth';
import type { CompanyProfile, VerificationRequestInfo } from '@shared/schemas/profiles';
import { useFeedback } from '../../components/feedback';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AccountGate, PageSpinner, QueryProblem } from './AccountGate';
import { Checklist } from './Checklist';
import { CompanyEditForm } from './CompanyEditForm';
import { accountQuery, companyQuery, useRequestVerification } from './api';
import { useFormat } from './format';
import './accounts.css';

/** /company-profile — the company's own profile: view / edit, verification request (part 1 §2). */
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
  const { profile, verification } = query.data;
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
            defaultEmail={user.email}
            onDone={() => setEditing(false)}
            onCancel={profile ? () => setEditing(false) : undefined}
          />
        </>
      ) : (
        profile && <CompanyView profile={profile} verification={verification} userId={user.id} deletionPending={deletionPending} />
      )}
    </div>
  );
}

function CompanyView({
  profile: c,
  verification,
  userId,
  deletionPending,
}: {
  profile: CompanyProfile;
  verification: VerificationRequestInfo | null;
  userId: string;
  deletionPending: boolean;
}) {
  const { t } = useTranslation('accounts');
  const fmt = useFormat();
  const notSet = t('common.notSet');

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
            {c.isVerified ? (
              <span className="acc-badge acc-badge--verified" data-testid="company-verified-badge" data-verified="true">
                <SafetyCertificateFilled aria-hidden="true" /> {t('common.verified')}
              </span>
            ) : (
              <span className="acc-badge" data-testid="company-verified-badge" data-verified="false">
                {t('common.unverified')}
              </span>
            )}
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
          <VerificationCard userId={userId} verified={c.isVerified} verification={verification} />
          <Checklist items={checklist} testId="company-checklist" />
        </aside>
      </div>
    </div>
  );
}

function VerificationCard({ userId, verified, verification }: { userId: string; verified: boolean; verification: VerificationRequestInfo | null }) {
  const { dateTime: formatDateTime } = useFormat();
  const { t } = useTranslation('accounts');
  const { apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const apply = useRequestVerification(userId);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    setProblem(null);
    apply.mutate(undefined, {
      onSuccess: () => feedback.success(t('company.verification.applied')),
      onError: (e) => setProblem(apiErrorText(e, t('common.saveFailed'))),
    });
  };

  const applyButton = (label: string) => (
    <Button type="primary" block size="large" loading={apply.isPending} onClick={submit} data-testid="company-verify-apply">
      {apply.isPending ? t('company.verification.applying') : label}
    </Button>
  );

  let body: React.ReactNode;
  let state: 'verified' | 'pending' | 'rejected' | 'none';
  if (verified) {
    state = 'verified';
    body = (
      <p className="verify-state verify-state--ok">
        <SafetyCertificateFilled aria-hidden="true" /> {t('company.verification.verifiedText')}
      </p>
    );
  } else if (verification?.status === 'pending') {
    state = 'pending';
    body = (
      <>
        <p className="verify-state verify-state--pending">
          <ClockCircleOutlined aria-hidden="true" /> <strong>{t('company.verification.pending')}</strong>
        </p>
        <p className="acc-muted" data-testid="company-verification-time">
          {t('company.verification.pendingText', { time: formatDateTime(verification.submittedAt) })}
        </p>
      </>
    );
  } else if (verification?.status === 'rejected') {
    state = 'rejected';
    body = (
      <>
        <p className="verify-state verify-state--bad">
          <CloseCircleOutlined aria-hidden="true" /> <strong>{t('company.verification.rejected')}</strong>
        </p>
        <p className="acc-muted">{t('company.verification.rejectedText', { time: formatDateTime(verification.submittedAt) })}</p>
        {verification.note && (
          <p className="verify-note" data-testid="company-verification-note">
            {t('company.verification.note', { note: verification.note })}
          </p>
        )}
        {applyButton(t('company.verification.reapply'))}
      </>
    );
  } else {
    state = 'none';
    body = (
      <>
        <p className="acc-muted">{t('company.verification.intro')}</p>
        {applyButton(t('company.verification.apply'))}
      </>
    );
  }

  return (
    <section className="card acc-card" aria-labelledby="company-verification-title" data-testid="company-verification" data-state={state}>
      <h2 id="company-verification-title" className="acc-card__title">
        {t('company.sections.verification')}
      </h2>
      <div className="verify-body" aria-live="polite">
        {body}
      </div>
      {problem && (
        <p className="field-error" role="alert" data-testid="company-verification-error">
          {problem}
        </p>
      )}
    </section>
  );
}
