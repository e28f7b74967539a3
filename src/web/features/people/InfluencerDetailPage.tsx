import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ClockCircleOutlined, MailOutlined, SafetyCertificateFilled, SafetyCertificateOutlined, SendOutlined, StarFilled } from '@ant-design/icons';
import type { InfluencerDetailResponse } from './api';
import { Empty, Loading } from '../../components/PageState';
import { Tabs } from '../../components/Tabs';
import { lazyWithAntd } from '../../app/withAntd';
import { loadNamespaces } from '../../i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import { useBack } from '../../lib/useBack';
import { useMe } from '../auth/api';
import { useAuthDialog } from '../auth/authDialogContext';
import { influencerQuery } from './api';
import { BackLink, DetailProblem } from './DetailState';
import { usePeopleFormat } from './format';
import { Avatar, InfluencerCard } from './InfluencerCard';
import { ReviewList } from './ReviewList';
import '../tasks/tasks.css';
import './people.css';
import type { Prefetch } from '../../app/prefetch';
import { isUuid } from '@shared/ids';

// the contact dialog renders antd (Modal, Input): loaded with the antd scope when a company first opens it
const ContactDialog = lazyWithAntd(() => Promise.all([import('./ContactDialog'), loadNamespaces(['errors'])]).then(([m]) => m.ContactDialog));
// 邀请参与任务 (issue 14): the tasks' invite dialog with its task picker, and its texts, on the first click
const InviteDialog = lazyWithAntd(() => Promise.all([import('../tasks/InviteDialog'), loadNamespaces(['tasks', 'errors'])]).then(([m]) => m.InviteDialog));

const MAX_TAGS = 3;

/** What the profile's first render reads (rendered by the server for a visitor; decision 0034). */
export const prefetch: Prefetch = async ({ queryClient, params }) => {
  const id = (params.id ?? '').trim();
  if (isUuid(id)) await queryClient.prefetchQuery(influencerQuery(id));
};

/** /influencer/{id} — an influencer's public page (part 2 §2). */
export default function InfluencerDetailPage() {
  const { t } = useTranslation('people');
  const { id = '' } = useParams();
  const influencerId = id.trim();
  const valid = isUuid(influencerId);
  const detail = useQuery({ ...influencerQuery(influencerId), enabled: valid });
  const back = useBack('/influencers');
  usePageTitle(detail.data?.influencer.nickname ?? t('detail.documentTitle'));

  if (!valid || detail.isError) {
    return (
      <DetailProblem
        testId="influencer"
        error={detail.error}
        missingId={!influencerId}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
        back={back}
        texts={{
          missingId: t('detail.missingId'),
          notFound: t('detail.notFound'),
          notFoundText: t('detail.notFoundText'),
          errorTitle: t('detail.errorTitle'),
          back: t('detail.toList'),
        }}
      />
    );
  }
  if (detail.isPending) {
    return (
      <Loading className="container tk-page" label={t('list.loading')}>
        <div className="card pp-profile-head pp-skel-block" />
      </Loading>
    );
  }
  return <InfluencerView data={detail.data} back={back} />;
}

function InfluencerView({ data, back }: { data: InfluencerDetailResponse; back: () => void }) {
  const { t } = useTranslation('people');
  const f = usePeopleFormat();
  const me = useMe();
  const authDialog = useAuthDialog();
  const [contactOpen, setContactOpen] = useState(false);
  // mounted from the first opening on (and kept, so the dialog can animate out)
  const [contactUsed, setContactUsed] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);
  const { influencer: inf, reviews, reviewSummary, completedWork, similar, delivered } = data;
  const user = me.data ?? null;
  const isCompany = user?.userType === 'company';

  return (
    <div className="container tk-page pp-detail" data-testid="influencer-detail" data-influencer-id={inf.id}>
      <BackLink onClick={back} label={t('back')} testId="influencer-back" />
      {inf.isOwner && (
        <p className="pp-owner-note" role="note">
          {inf.isApproved ? t('detail.ownerNote') : t('detail.pendingNote')} <Link to="/influencer-profile">{t('detail.editProfile')}</Link>
        </p>
      )}
      <header className="card pp-profile-head">
        <Avatar src={inf.avatarUrl} name={inf.nickname} size={96} />
        <div className="pp-profile-head__main">
          <h1 className="pp-profile-head__name">
            {inf.nickname}
            {inf.isVerified && (
              <span className="pp-badge pp-badge--verified" data-testid="badge-verified">
                <SafetyCertificateFilled aria-hidden="true" /> {t('verified')}
              </span>
            )}
            {!inf.isApproved && (
              <span className="pp-badge pp-badge--pending" data-testid="badge-pending">
                <ClockCircleOutlined aria-hidden="true" /> {t('pendingReview')}
              </span>
            )}
          </h1>
          <p className="pp-profile-head__meta">
            {inf.location?.trim() || t('card.unknownLocation')} · <StarFilled className="pp-star" aria-hidden="true" />{' '}
            <span data-testid="detail-rating">{f.rating(inf.rating)}</span> ·{' '}
            <span data-testid="detail-review-count">{t('card.reviews', { count: reviewSummary.count })}</span>
          </p>
          {inf.agency && (
            <p className="pp-profile-head__meta" data-testid="detail-agency">
              {t('detail.agency')}: <Link to={`/agency/${inf.agency.id}`}>{inf.agency.name}</Link>
            </p>
          )}
          {inf.tags.length > 0 && (
            <ul className="pp-chips" aria-label={t('detail.facts')}>
              {inf.tags.slice(0, MAX_TAGS).map((tag) => (
                <li key={tag} className="pp-chip pp-chip--tag">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
          <dl className="pp-card__stats pp-card__stats--wide">
            <div>
              <dt>{t('card.followers')}</dt>
              <dd data-testid="detail-followers">{f.count(inf.followersCount)}</dd>
            </div>
            <div>
              <dt>{t('card.rate')}</dt>
              <dd data-testid="detail-rate">{f.rate(inf.hourlyRateCents)}</dd>
            </div>
            <div>
              <dt>{t('detail.tiktok')}</dt>
              <dd data-testid="detail-tiktok">{inf.tiktokAccount ?? t('masked')}</dd>
            </div>
          </dl>
        </div>
        {isCompany && (
          <div className="pp-profile-head__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                setContactUsed(true);
                setContactOpen(true);
              }}
              disabled={!inf.acceptsMessages}
              title={inf.acceptsMessages ? undefined : t('contact.disabled')}
              data-testid="contact-influencer"
            >
              <MailOutlined aria-hidden="true" /> {t('contact.button')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setInviteOpen(true)} data-testid="invite-influencer">
              <SendOutlined aria-hidden="true" /> {t('invite.button')}
            </button>
            {!inf.acceptsMessages && <p className="tk-muted">{t('contact.disabled')}</p>}
          </div>
        )}
        {!user && me.isSuccess && (
          <div className="pp-profile-head__actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => authDialog.open({ mode: 'signin', userType: 'company' })}
              data-testid="contact-signin"
            >
              {t('list.maskedHint')}
            </button>
          </div>
        )}
      </header>
      {isCompany && contactUsed && (
        <Suspense fallback={null}>
          <ContactDialog influencerId={inf.id} name={inf.nickname} open={contactOpen} onClose={() => setContactOpen(false)} />
        </Suspense>
      )}
      {isCompany && inviteOpen && (
        <Suspense fallback={null}>
          <InviteDialog influencer={{ id: inf.id, nickname: inf.nickname }} onClose={() => setInviteOpen(false)} />
        </Suspense>
      )}

      <div className="pp-detail__grid">
        <div className="card pp-detail__main">
          <Tabs
            items={[
              {
                key: 'profile',
                label: t('detail.tabs.profile'),
                children: (
                  <div className="pp-section" data-testid="tab-profile">
                    <h2 className="tk-block__title">{t('detail.bio')}</h2>
                    <p className="pp-bio">{inf.bio?.trim() || t('detail.noBio')}</p>
                    <h2 className="tk-block__title">
                      <SafetyCertificateOutlined aria-hidden="true" /> {t('detail.delivered.title')}
                    </h2>
                    {delivered.lives > 0 ? (
                      <>
                        <dl className="pp-delivered" data-testid="detail-delivered">
                          <div>
                            <dt>{t('detail.delivered.lives')}</dt>
                            <dd data-testid="delivered-lives">{f.count(delivered.lives)}</dd>
                          </div>
                          <div>
                            <dt>{t('detail.delivered.avgViews')}</dt>
                            <dd>{f.count(delivered.avgViews)}</dd>
                          </div>
                          <div>
                            <dt>{t('detail.delivered.avgGmv')}</dt>
                            <dd>{f.money(delivered.avgGmvCents)}</dd>
                          </div>
                        </dl>
                        <p className="tk-muted">{t('detail.delivered.hint')}</p>
                      </>
                    ) : (
                      <p className="tk-muted" data-testid="detail-delivered-none">
                        {t('detail.delivered.none')}
                      </p>
                    )}
                    <h2 className="tk-block__title">
                      {t('detail.facts')} <span className="tk-muted">{t('detail.delivered.selfDeclared')}</span>
                    </h2>
                    <dl className="pp-facts">
                      <dt>{t('list.category')}</dt>
                      <dd>{inf.categories.length ? f.list(inf.categories.map(f.category)) : t('detail.notSet')}</dd>
                      <dt>{t('detail.experience')}</dt>
                      <dd>{t('detail.years', { years: inf.experienceYears, count: inf.experienceYears })}</dd>
                      <dt>{t('detail.liveCount')}</dt>
                      <dd>{f.count(inf.totalLiveCount)}</dd>
                      <dt>{t('detail.avgViews')}</dt>
                      <dd>{f.count(inf.avgViews)}</dd>
                      {inf.languages.length > 0 && (
                        <>
                          <dt>{t('detail.languages')}</dt>
                          <dd>{f.list(inf.languages.map(f.language))}</dd>
                        </>
                      )}
                    </dl>
                    <h2 className="tk-block__title">{t('detail.contactInfo')}</h2>
                    {inf.contactEmail || inf.contactPhone ? (
                      <dl className="pp-facts" data-testid="detail-contact">
                        <dt>{t('detail.email')}</dt>
                        <dd>{inf.contactEmail ?? t('detail.notSet')}</dd>
                        <dt>{t('detail.phone')}</dt>
                        <dd>{inf.contactPhone ?? t('detail.notSet')}</dd>
                      </dl>
                    ) : (
                      <p className="tk-muted" data-testid="detail-contact-hidden">
                        {t('detail.contactHidden')}
                      </p>
                    )}
                  </div>
                ),
              },
              {
                key: 'tasks',
                label: t('detail.tabs.tasks'),
                children:
                  completedWork.length === 0 ? (
                    <Empty level={3} title={t('detail.noWork')} />
                  ) : (
                    <ul className="pp-rows" data-testid="tab-tasks">
                      {completedWork.map((w) => (
                        <li key={w.taskId} className="pp-row">
                          <Link to={`/task/${w.taskId}`} className="pp-row__title">
                            {w.title}
                          </Link>
                          <span className="tk-muted">
                            {w.companyName ?? ''} · {t('detail.completedAt', { date: f.date(w.completedAt) })}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ),
              },
              {
                key: 'reviews',
                label: `${t('detail.tabs.reviews')} (${reviewSummary.count})`,
                children: <ReviewList reviews={reviews} summary={reviewSummary} empty={t('detail.noReviews')} />,
              },
            ]}
          />
        </div>
        <aside className="pp-detail__side" aria-labelledby="pp-similar-title">
          <h2 className="tk-block__title" id="pp-similar-title">
            {t('detail.similar')}
          </h2>
          {similar.length === 0 ? (
            <p className="tk-muted">{t('detail.noSimilar')}</p>
          ) : (
            <ul className="pp-similar" data-testid="similar-list">
              {similar.map((s) => (
                <li key={s.id}>
                  <InfluencerCard item={s} newTab={false} />
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}
