import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthDialogProvider } from '../../features/auth/AuthDialogProvider';
import { PageLoading } from '../PageLoading';
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
  return (
    <AuthDialogProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <Header />
        <main id="main" className="app__main" tabIndex={-1}>
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <Footer />
        <Announcement />
      </div>
    </AuthDialogProvider>
  );
}
