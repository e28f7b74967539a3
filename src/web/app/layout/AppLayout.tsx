import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthDialogProvider } from '../../features/auth/AuthDialogProvider';
import { PageLoading } from '../PageLoading';
import { Announcement } from './Announcement';
import { Footer } from './Footer';
import { Header } from './Header';

/** The app shell: header, main (lazy pages), footer; the sign-in dialog is available everywhere. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <AuthDialogProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <Header />
        <main id="main" className="app__main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        <Announcement />
      </div>
      <ScrollRestoration />
    </AuthDialogProvider>
  );
}
