import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { HeartFilled, HeartOutlined, SafetyCertificateFilled, StarFilled } from '@ant-design/icons';
import { COMPANY_INDUSTRIES, COMPANY_SIZES, labelOf } from '@shared/options';
import type { CompanyDetailResponse } from './api';
import { useFeedback } from '../../components/feedback';
import { Tabs } from '../../components/Tabs';
import { useErrorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useBack } from '../../lib/useBack';
import { useMe } from '../auth/api';
import { companyQuery, useFollow } from './api';
import { Loading } from '../../components/PageState';
import { BackLink, DetailProblem } from './DetailState';
import { usePeopleFormat } from './format';
import { Avatar } from './InfluencerCard';
import { ReviewList } from './ReviewList';
import '../tasks/tasks.css';
import './people.css';
import type { Prefetch } from '../../app/prefetch';
import { isUuid } from '@shared/ids';

/** What the company page's first render reads (rendered by the server for a visitor; decision 0034). */
export const prefetch: Prefetch = async ({ queryClient, params }) => {
  const id = (params.id ?? '').trim();
  if (isUuid(id)) await queryClient.prefetchQuery(companyQuery(id));
};

/** /company/{id} — a company's public page (part 2 §2). */
export default function CompanyDetailPage() {
  const { t } = useTranslation('people');
  const { id = '' } = useParams();
  const companyId = id.trim();
  const valid = isUuid(companyId);
  const detail = useQuery({ ...companyQuery(companyId), enabled: valid });
  const back = useBack('/tasks');
  usePageTitle(detail.data?.company.companyName ?? t('company.documentTitle'));

  if (!valid || detail.isError) {
    return (
      <DetailProblem
        testId="company"
        error={detail.error}
        missingId={!companyId}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
        back={back}
        texts={{
          missingId: t('company.missingId'),
          notFound: t('company.notFound'),
          errorTitle: t('company.errorTitle'),
          back: t('back'),
        }}
      />
    );
  }
  if (detail.isPending) {
    return (
      <Loading className="container tk-page">
        <div className="card pp-profile-head pp-skel-block" />
      </Loading>
    );
  }
  return <CompanyView data={detail.data} back={back} />;
}

function FollowButton({ data }: { data: CompanyDetailResponse }) {
  const { t } = useTranslation('people');
  const follow = useFollow(data.company.id);
  const feedback = useFeedback();
  const { apiErrorText, errorText } = useErrorText();
  const on = data.company.following;
  return (
    <button
      type="button"
      className={on ? 'btn btn--ghost' : 'btn btn--primary'}
      onClick={() => follow.mutate(!on, { onError: (e) => feedback.error(apiErrorText(e, errorText('INTERNAL'))) })}
      disabled={follow.isPending}
      aria-pressed={on}
      title={t('company.followHint')}
      data-testid="follow-company"
    >
      {on ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />} {on ? t('company.following') : t('company.follow')}
    </button>
  );
}

function TaskRows({ tasks, empty }: { tasks: CompanyDetailResponse['openTasks']; empty: string }) {
  const { t } = useTranslation('people');
  const { t: tt } = useTranslation('tasks');
  const f = usePeopleFormat();
  if (tasks.length === 0) return <p className="tk-muted">{empty}</p>;
  return (
    <ul className="pp-rows">
      {tasks.map((task) => (
        <li key={task.id} className="pp-row" data-testid="company-task">
          <Link to={`/task/${task.id}`} className="pp-row__title">
            {task.title}
          </Link>
          <span className="tk-muted">
            {tt(`status.${task.status}`, { defaultValue: task.status })} ·{' '}
            {t('company.budget', { min: formatMoney(task.budgetMinCents), max: formatMoney(task.budgetMaxCents) })} · {f.date(task.createdAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function CompanyView({ data, back }: { data: CompanyDetailResponse; back: () => void }) {
  const { t } = useTranslation('people');
  const f = usePeopleFormat();
  const me = useMe();
  const c = data.company;
  const isInfluencer = me.data?.userType === 'influencer';
  const website = c.website && /^https?:\/\//i.test(c.website) ? c.website : null;
  return (
    <div className="container tk-page pp-detail" data-testid="company-detail" data-company-id={c.id}>
      <BackLink onClick={back} label={t('back')} testId="company-back" />
      <header className="card pp-profile-head">
        <Avatar src={c.logoUrl} name={c.companyName} size={96} />
        <div className="pp-profile-head__main">
          <h1 className="pp-profile-head__name">
            {c.companyName}
            {c.isVerified && (
              <span className="pp-badge pp-badge--verified" data-testid="badge-verified">
                <SafetyCertificateFilled aria-hidden="true" /> {t('verified')}
              </span>
            )}
          </h1>
          <p className="pp-profile-head__meta">
            {c.industry ? labelOf(COMPANY_INDUSTRIES, c.industry, f.lang) : t('company.unknown')} ·{' '}
            {c.companySize ? labelOf(COMPANY_SIZES, c.companySize, f.lang) : t('company.unknown')}
          </p>
          <dl className="pp-card__stats pp-card__stats--wide">
            <div>
              <dt>{t('company.stats.total')}</dt>
              <dd>{c.totalTasks}</dd>
            </div>
            <div>
              <dt>{t('company.stats.completed')}</dt>
              <dd>{c.completedTasks}</dd>
            </div>
            <div>
              <dt>{t('company.stats.followers')}</dt>
              <dd data-testid="company-followers">{f.count(c.followersCount)}</dd>
            </div>
            <div>
              <dt>{t('company.stats.rating')}</dt>
              <dd>
                <StarFilled className="pp-star" aria-hidden="true" /> <span data-testid="company-rating">{f.rating(c.avgRating)}</span>{' '}
                <span className="tk-muted" data-testid="company-review-count">
                  ({t('card.reviews', { count: data.reviewSummary.count })})
                </span>
              </dd>
            </div>
          </dl>
        </div>
        {isInfluencer && (
          <div className="pp-profile-head__actions">
            <FollowButton data={data} />
          </div>
        )}
      </header>
      <div className="card pp-detail__main pp-detail__main--full">
        <Tabs
          items={[
            {
              key: 'overview',
              label: t('company.tabs.overview'),
              children: (
                <div className="pp-section">
                  <h2 className="tk-block__title">{t('company.description')}</h2>
                  <p className="pp-bio">{c.description?.trim() || t('company.noDescription')}</p>
                  <dl className="pp-facts">
                    <dt>{t('company.website')}</dt>
                    <dd>
                      {website ? (
                        <a href={website} target="_blank" rel="noopener noreferrer nofollow">
                          {c.website}
                        </a>
                      ) : (
                        t('company.unknown')
                      )}
                    </dd>
                    <dt>{t('company.address')}</dt>
                    <dd>{c.address?.trim() || t('company.unknown')}</dd>
                    {c.contactPerson && (
                      <>
                        <dt>{t('company.contactPerson')}</dt>
                        <dd>{c.contactPerson}</dd>
                        <dt>{t('detail.email')}</dt>
                        <dd>{c.contactEmail ?? t('company.unknown')}</dd>
                        <dt>{t('detail.phone')}</dt>
                        <dd>{c.contactPhone ?? t('company.unknown')}</dd>
                      </>
                    )}
                  </dl>
                  {!c.contactPerson && <p className="tk-muted">{t('detail.contactHidden')}</p>}
                </div>
              ),
            },
            {
              key: 'tasks',
              label: `${t('company.tabs.tasks')} (${data.openTasks.length + data.pastTasks.length})`,
              children: (
                <div className="pp-section">
                  <h2 className="tk-block__title">{t('company.openTasks')}</h2>
                  <TaskRows tasks={data.openTasks} empty={t('company.noOpenTasks')} />
                  <h2 className="tk-block__title">{t('company.pastTasks')}</h2>
                  <TaskRows tasks={data.pastTasks} empty={t('company.noPastTasks')} />
                </div>
              ),
            },
            {
              key: 'reviews',
              label: `${t('company.tabs.reviews')} (${data.reviewSummary.count})`,
              children: <ReviewList reviews={data.reviews} summary={data.reviewSummary} empty={t('company.noReviews')} />,
            },
          ]}
        />
      </div>
    </div>
  );
}
