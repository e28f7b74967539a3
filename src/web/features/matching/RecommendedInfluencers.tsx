import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StarFilled } from '@ant-design/icons';
import { Avatar } from '../people/InfluencerCard';
import { useErrorText } from '../../lib/errors';
import { recommendedInfluencersQuery } from './api';
import { ReasonTags } from './ReasonTags';
import './matching.css';

/**
 * 推荐达人: the owning company's ranked list for one task (decision 0019), each influencer with the
 * reasons that ranked them and a link to their page. Masking is the server's (as in the directory).
 */
export function RecommendedInfluencers({ taskId, heading = true }: { taskId: string; heading?: boolean }) {
  const { t } = useTranslation('matching');
  const { apiErrorText, errorText } = useErrorText();
  const q = useQuery(recommendedInfluencersQuery(taskId));
  return (
    <section className="mt-panel" aria-labelledby={heading ? `mt-inf-${taskId}` : undefined} aria-label={heading ? undefined : t('influencers.title')} data-testid="recommended-influencers">
      {heading && (
        <h2 className="tk-block__title" id={`mt-inf-${taskId}`}>
          {t('influencers.title')}
        </h2>
      )}
      <p className="mt-muted">{t('influencers.note')}</p>
      {q.isPending && <p role="status">{t('loading')}</p>}
      {q.isError && <p role="alert">{apiErrorText(q.error, errorText('INTERNAL'))}</p>}
      {q.data && !q.data.open && <p className="mt-muted">{t('influencers.closed')}</p>}
      {q.data?.open && q.data.items.length === 0 && <p className="mt-muted">{t('influencers.empty')}</p>}
      {q.data && q.data.items.length > 0 && (
        <ol className="mt-list">
          {q.data.items.map((i) => (
            <li key={i.id} className="mt-item" data-testid="recommended-influencer" data-influencer-id={i.id}>
              <Avatar src={i.avatarUrl} name={i.nickname} size={44} />
              <div className="mt-item__body">
                <a className="mt-item__name" href={`/influencer/${i.id}`} target="_blank" rel="noopener">
                  {i.nickname}
                  <span className="visually-hidden">{t('opensInNewTab')}</span>
                </a>
                <span className="mt-item__meta">
                  <StarFilled aria-hidden="true" /> {t('influencers.rating', { rating: i.rating.toFixed(1), count: i.totalReviews })}
                  {i.location ? ` · ${i.location}` : ''}
                </span>
                <ReasonTags reasons={i.reasons} side="influencer" />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
