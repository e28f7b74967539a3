import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StarFilled } from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { Empty } from '../../components/PageState';
import { usePeopleFormat } from './format';

type Review = Schema<'Review'>;

/** Published reviews (decision 0015) with their average and count, and the reviewed side's reply. */
export function ReviewList({ reviews, summary, empty }: { reviews: Review[]; summary?: { average: number; count: number }; empty: string }) {
  const { t } = useTranslation('people');
  const f = usePeopleFormat();
  if (reviews.length === 0) return <Empty level={3} title={empty} />;
  return (
    <div data-testid="tab-reviews">
      {summary && (
        <p className="pp-review-summary">
          <span className="pp-review-summary__avg">{f.rating(summary.average)}</span>
          <span className="tk-muted">
            {t('detail.average')} · {t('detail.reviewCount', { count: summary.count })}
          </span>
        </p>
      )}
      <ul className="pp-rows">
        {reviews.map((r) => (
          <li key={r.id} className="pp-row" data-testid="review-item">
            <span className="pp-stars" role="img" aria-label={`${t('card.rating')} ${r.rating}`}>
              {Array.from({ length: 5 }, (_, i) => (
                <StarFilled key={i} className={i < r.rating ? 'pp-star' : 'pp-star pp-star--off'} aria-hidden="true" />
              ))}
            </span>
            {r.comment && <p className="pp-review__text">{r.comment}</p>}
            {r.reply && (
              <p className="pp-review__text" data-testid="review-reply">
                <span className="tk-muted">{t('detail.replyLabel')}</span>
                {r.reply}
              </p>
            )}
            <span className="tk-muted">
              {r.taskId && r.taskTitle ? <Link to={`/task/${r.taskId}`}>{r.taskTitle}</Link> : null}
              {r.authorName ? ` · ${r.authorName}` : ''} · {f.date(r.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
