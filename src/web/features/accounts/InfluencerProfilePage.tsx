import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from 'antd';
import {
  ArrowRightOutlined,
  ClockCircleOutlined,
  EditOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  SafetyCertificateFilled,
  StarFilled,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { Me } from '../auth/api';
import type { InfluencerProfile } from './api';
import { usePageTitle } from '../../lib/usePageTitle';
import { AccountGate, PageSpinner, QueryProblem } from './AccountGate';
import { Checklist, type ChecklistItem } from './Checklist';
import { InfluencerEditForm } from './InfluencerEditForm';
import { Chips } from './ListEditors';
import { influencerQuery } from './api';
import { useFormat } from './format';
import './accounts.css';

/** /influencer-profile — the influencer's own profile: view and edit modes (part 1 §2). */
export default function InfluencerProfilePage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('influencer.documentTitle'));
  return (
    <div className="page acc-page">
      <AccountGate role="influencer" loginCode="LOGIN_REQUIRED_PROFILE">
        {(user) => <InfluencerProfileScreen user={user} />}
      </AccountGate>
    </div>
  );
}

function InfluencerProfileScreen({ user }: { user: Me }) {
  const { dateTime: formatDateTime } = useFormat();
  const { t } = useTranslation('accounts');
  const query = useQuery(influencerQuery(user.id));
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <QueryProblem error={query.error} loginCode="LOGIN_REQUIRED_PROFILE" onRetry={() => void query.refetch()} />;
  const p = query.data;

  return (
    <div className="container">
      <header className="page-head acc-head">
        <div>
          <h1>{t('influencer.title')}</h1>
          <p>{t('influencer.subtitle')}</p>
        </div>
        {!editing && (
          <button type="button" className="btn btn--primary" onClick={() => setEditing(true)} data-testid="profile-edit">
            <EditOutlined aria-hidden="true" /> {t('common.edit')}
          </button>
        )}
      </header>

      {!p.isApproved && (
        <Alert
          type="warning"
          showIcon
          icon={<ClockCircleOutlined />}
          className="acc-notice"
          data-testid="pending-review"
          title={t('influencer.pendingTitle')}
          description={
            <>
              <span>{t('influencer.pendingText')}</span>{' '}
              <span data-testid="pending-review-time">{t('influencer.submittedAt', { time: formatDateTime(p.createdAt) })}</span>
            </>
          }
        />
      )}

      {editing ? <InfluencerEditForm userId={user.id} profile={p} onDone={() => setEditing(false)} /> : <InfluencerView profile={p} email={user.email} />}
    </div>
  );
}

function statusKey(s: string): 'active' | 'inactive' | 'suspended' | 'unknown' {
  return s === 'active' || s === 'inactive' || s === 'suspended' ? s : 'unknown';
}

function InfluencerView({ profile: p, email }: { profile: InfluencerProfile; email: string }) {
  const { t } = useTranslation('accounts');
  const fmt = useFormat();
  const notSet = t('common.notSet');
  const status = statusKey(p.status);

  const checklist: ChecklistItem[] = [
    { key: 'avatar', label: t('influencer.checklist.avatar'), done: !!p.avatarUrl },
    { key: 'bio', label: t('influencer.checklist.bio'), done: !!p.bio },
    { key: 'location', label: t('influencer.checklist.location'), done: !!p.location },
    { key: 'categories', label: t('influencer.checklist.categories'), done: p.categories.length > 0 },
    { key: 'tags', label: t('influencer.checklist.tags'), done: p.tags.length > 0 },
    { key: 'tiktok', label: t('influencer.checklist.tiktok'), done: !!p.tiktokAccount },
    { key: 'rate', label: t('influencer.checklist.rate'), done: p.hourlyRateCents > 0 },
    {
      key: 'supplement',
      label: t('influencer.checklist.supplement'),
      done: !!(p.firstName && p.lastName && p.phoneNumber && p.tiktokProfileUrl && p.tiktokFollowersCount !== null),
    },
  ];

  const stats = [
    { key: 'followers', icon: <TeamOutlined />, label: t('influencer.stats.followers'), value: fmt.number(p.followersCount) },
    { key: 'live-count', icon: <VideoCameraOutlined />, label: t('influencer.stats.liveCount'), value: fmt.number(p.totalLiveCount) },
    { key: 'avg-views', icon: <EyeOutlined />, label: t('influencer.stats.avgViews'), value: fmt.number(p.avgViews) },
    {
      key: 'rating',
      icon: <StarFilled />,
      label: t('influencer.stats.rating'),
      value: p.rating.toFixed(1),
      sub: t('influencer.stats.reviews', { count: p.totalReviews }),
    },
  ];

  return (
    <div data-testid="profile-view">
      <section className="card acc-hero" aria-labelledby="influencer-name">
        <div className="acc-hero__avatar acc-hero__avatar--circle">
          {p.avatarUrl ? <img src={p.avatarUrl} alt={t('influencer.fields.avatar')} data-testid="profile-avatar" /> : <UserOutlined aria-hidden="true" />}
        </div>
        <div className="acc-hero__main">
          <div className="acc-hero__title-row">
            <h2 id="influencer-name" className="acc-hero__name" data-testid="profile-view-nickname">
              {p.nickname || notSet}
            </h2>
            {p.isVerified ? (
              <span className="acc-badge acc-badge--verified" data-testid="verified-badge">
                <SafetyCertificateFilled aria-hidden="true" /> {t('common.verified')}
              </span>
            ) : (
              <span className="acc-badge" data-testid="unverified-badge">
                {t('common.unverified')}
              </span>
            )}
            <span className={`acc-badge acc-badge--status-${status}`} data-testid="influencer-status" data-status={status}>
              {t('influencer.statusValue', { status: t(`influencer.status.${status}`) })}
            </span>
            {p.isApproved && <span className="acc-badge acc-badge--ok">{t('influencer.approved')}</span>}
          </div>
          <p className="acc-hero__meta">
            <span>
              <EnvironmentOutlined aria-hidden="true" /> {p.location || t('common.unknownRegion')}
            </span>
            <span>{p.tiktokAccount ? `TikTok ${p.tiktokAccount}` : `TikTok ${notSet}`}</span>
            <span>{email}</span>
          </p>
        </div>
      </section>

      <ul className="acc-stats" aria-label={t('influencer.stats.label')}>
        {stats.map((s) => (
          <li key={s.key} className="acc-stat" data-testid={`stat-${s.key}`}>
            <span className="acc-stat__icon" aria-hidden="true">
              {s.icon}
            </span>
            <span className="acc-stat__body">
              <span className="acc-stat__label">{s.label}</span>
              <span className="acc-stat__value">{s.value}</span>
              {s.sub && <span className="acc-stat__sub">{s.sub}</span>}
            </span>
          </li>
        ))}
      </ul>

      <div className="acc-grid">
        <div className="acc-grid__main">
          <section className="card acc-card" aria-labelledby="inf-basic">
            <h2 id="inf-basic" className="acc-card__title">
              {t('influencer.sections.basic')}
            </h2>
            <dl className="acc-dl">
              <div>
                <dt>{t('influencer.fields.nickname')}</dt>
                <dd>{p.nickname || notSet}</dd>
              </div>
              <div>
                <dt>{t('influencer.fields.realName')}</dt>
                <dd data-testid="profile-view-real-name">{p.realName || notSet}</dd>
              </div>
              <div>
                <dt>{t('influencer.fields.tiktokAccount')}</dt>
                <dd>{p.tiktokAccount || notSet}</dd>
              </div>
              <div>
                <dt>{t('influencer.fields.location')}</dt>
                <dd>{p.location || notSet}</dd>
              </div>
              <div>
                <dt>{t('influencer.fields.hourlyRate')}</dt>
                <dd data-testid="profile-view-rate">{t('influencer.rateValue', { value: fmt.money(p.hourlyRateCents) })}</dd>
              </div>
              <div>
                <dt>{t('influencer.fields.experienceYears')}</dt>
                <dd data-testid="profile-view-experience">{t('influencer.yearsValue', { value: fmt.decimal(p.experienceYears), count: p.experienceYears })}</dd>
              </div>
            </dl>
          </section>

          <section className="card acc-card" aria-labelledby="inf-cats">
            <h2 id="inf-cats" className="acc-card__title">
              {t('influencer.sections.categories')}
            </h2>
            <Chips items={p.categories} label={fmt.category} empty={t('influencer.noCategories')} testId="profile-view-categories" />
            <h2 className="acc-card__title acc-card__title--sub">{t('influencer.sections.tags')}</h2>
            <Chips items={p.tags} empty={t('influencer.noTags')} testId="profile-view-tags" />
          </section>

          <section className="card acc-card" aria-labelledby="inf-bio">
            <h2 id="inf-bio" className="acc-card__title">
              {t('influencer.sections.bio')}
            </h2>
            <p className={p.bio ? 'acc-prose' : 'acc-muted'} data-testid="profile-view-bio">
              {p.bio || t('common.noDescription')}
            </p>
          </section>
        </div>

        <aside className="acc-grid__side">
          <Checklist items={checklist} testId="profile-checklist" />
          <section className="card acc-card acc-cta" aria-labelledby="inf-supplement">
            <h2 id="inf-supplement" className="acc-card__title">
              {t('influencer.sections.supplement')}
            </h2>
            <p className="acc-muted">{t('influencer.supplementText')}</p>
            <Link to="/materials" className="btn btn--ghost btn--block" data-testid="profile-materials-link">
              {t('influencer.supplementLink')} <ArrowRightOutlined aria-hidden="true" />
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}
