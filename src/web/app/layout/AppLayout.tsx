import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HydrationMark } from '../hydration';
import { useTranslation } from 'react-i18next';
import { AuthDialogProvider } from '../../features/auth/AuthDialogProvider';
import { useMe } from '../../features/auth/api';
import { leftAddress, useServerNotFound } from '../firstPaint';
import { NotFoundPage } from '../NotFoundPage';
import { Loading } from '../../components/Loading';
import { RouteErrorBoundary } from '../RouteErrorPage';
import { Footer } from './Footer';
import { Header } from './Header';
import { useScrollRestoration } from './useScrollRestoration';
import { useSiteSettings } from '../siteSettings';

// the announcement bar is its own chunk, asked for only while there is an announcement (rare): the server renders
// it with the page, and hydration waits for its code where it stands
const Announcement = lazy(() => import('./Announcement').then((m) => ({ default: m.Announcement })));

/** The app shell: header, main (lazy pages), footer; the sign-in dialog is available everywhere. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useScrollRestoration();
  // an address the server answered 404/410 for shows the not-found page it painted, not the route's page
  const me = useMe();
  const announced = Boolean(useSiteSettings().data?.announcement);
  const notFound = useServerNotFound(pathname, me.isSuccess ? me.data !== null : undefined);
  useEffect(() => leftAddress(pathname), [pathname]);
  return (
    <AuthDialogProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <Header />
        <main id="main" className="app__main" tabIndex={-1}>
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Loading />}>
              <HydrationMark />
              {notFound ? <NotFoundPage kind={notFound.kind} status={notFound.status} /> : <Outlet />}
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <Footer />
        {announced && (
          <Suspense fallback={null}>
            <Announcement />
          </Suspense>
        )}
      </div>
    </AuthDialogProvider>
  );
}
