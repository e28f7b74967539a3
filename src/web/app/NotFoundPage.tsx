import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordPage } from '@shared/pages';
import { usePageTitle } from '../lib/usePageTitle';

/** Where the not-found page of a record's address leads, besides home. */
const LIST_OF: Record<RecordPage, string> = {
  task: '/tasks',
  influencer: '/influencers',
  company: '/tasks',
  video: '/videos',
  deal: '/deals',
  agency: '/influencers',
};

/**
 * The not-found page: an address that is none of the app's pages, or (`kind`) one naming a record the server
 * answered 404 for — 410 (`status`) when the platform deleted it. The server paints the same component in
 * the page's HTML with that status (src/server/features/seo/status.ts), so the app's first render matches.
 */
export function NotFoundPage({ kind = null, status = 404 }: { kind?: RecordPage | null; status?: 404 | 410 }) {
  const { t } = useTranslation();
  usePageTitle(t('notFound.documentTitle'));
  const gone = status === 410 && (kind === 'task' || kind === 'video') ? kind : null;
  const title = gone ? t(`notFound.gone.${gone}.title`) : kind ? t(`notFound.kinds.${kind}.title`) : t('notFound.title');
  const text = gone ? t(`notFound.gone.${gone}.description`) : kind ? t(`notFound.kinds.${kind}.description`) : t('notFound.description');
  return (
    <section className="status-page" aria-labelledby="not-found-title" data-testid="not-found" data-status={status} data-kind={kind ?? undefined}>
      <p className="status-page__code" aria-hidden="true">
        {status}
      </p>
      {/* the record pages' own test hooks (task-not-found, …) name the same heading */}
      <h1 id="not-found-title" className="status-page__title" data-testid={kind ? `${kind}-not-found` : undefined}>
        {title}
      </h1>
      <p className="status-page__text">{text}</p>
      <div className="status-page__actions">
        {kind && (
          <Link to={LIST_OF[kind]} className="btn btn--ghost" data-testid="not-found-list">
            {t(`notFound.kinds.${kind}.link`)}
          </Link>
        )}
        <Link to="/" className="btn btn--primary" data-testid="not-found-home">
          {t('notFound.backHome')}
        </Link>
      </div>
    </section>
  );
}

export default NotFoundPage;
