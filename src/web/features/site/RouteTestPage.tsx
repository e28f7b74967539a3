import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/usePageTitle';
import './site.css';

/** /route-test/{id} (development only): shows the route parameter and the query string. */
export default function RouteTestPage() {
  const { t } = useTranslation('site');
  usePageTitle(t('routeTest.documentTitle'));
  const { id } = useParams();
  const { search } = useLocation();
  const query = [...new URLSearchParams(search)];
  return (
    <div className="container site-page" data-testid="route-test">
      <article className="card site-doc">
        <h1 className="site-doc__title">{t('routeTest.title')}</h1>
        <dl className="site-route">
          <dt>{t('routeTest.param')}</dt>
          <dd data-testid="route-test-id">{id ?? t('routeTest.none')}</dd>
          <dt>{t('routeTest.query')}</dt>
          <dd data-testid="route-test-query">{query.length ? query.map(([k, v]) => `${k}=${v}`).join('&') : t('routeTest.none')}</dd>
        </dl>
      </article>
    </div>
  );
}
