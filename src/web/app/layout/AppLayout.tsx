import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthDialogProvider } from '../../features/auth/AuthDialogProvider';
import { useMe } from '../../features/auth/api';
import { leftAddress, serverNotFoundAt } from '../firstPaint';
import { NotFoundPage } from '../NotFoundPage';
import { Loading } from '../../components/Loading';
import { RouteErrorBoundary } from '../RouteErrorPage';
import { Announcement } from './Announcement';
import { Footer } from './Footer';
import { Header } from './Header';
import { useScrollRestoration } from './useScrollRestoration';

/** The app shell: header, main (lazy pages), footer; the sign-in dialog is available everywhere. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useScrollRestoration();
  // an address the server answered 404/410 for shows the not-found page it painted, not the route's page
  const me = useMe();
  const notFound = serverNotFoundAt(pathname, me.isSuccess ? me.data !== null : undefined);
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
              {notFound ? <NotFoundPage kind={notFound.kind} status={notFound.status} /> : <Outlet />}
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <Footer />
        <Announcement />
      </div>
    </AuthDialogProvider>
  );
}
