import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/usePageTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.documentTitle'));
  return (
    <section className="status-page" aria-labelledby="not-found-title" data-testid="not-found">
      <p className="status-page__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title" className="status-page__title">
        {t('notFound.title')}
      </h1>
      <p className="status-page__text">{t('notFound.description')}</p>
      <div className="status-page__actions">
        <Link to="/" className="btn btn--primary" data-testid="not-found-home">
          {t('notFound.backHome')}
        </Link>
      </div>
    </section>
  );
}

export default NotFoundPage;
