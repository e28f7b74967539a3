import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Loading } from '../components/Loading';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorBoundary } from './RouteErrorPage';
import { lazyPage, type LazyPage } from './lazyPage';

// every page is its own chunk; the second argument lists the i18n namespaces it needs
const HomePage = lazyPage(() => import('../features/home/HomePage'), ['home', 'videos'], { antd: false });
const SignupPage = lazyPage(() => import('../features/auth/SignupPage'), ['auth']);
const LoginTestPage = lazyPage(() => import('../features/auth/LoginTestPage'), ['auth']);
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'), ['auth']);
const EmailTestPage = lazyPage(() => import('../features/dev/EmailTestPage'), ['dev', 'auth']);
const SmsTestPage = lazyPage(() => import('../features/dev/SmsTestPage'), ['devtools']);
const ImageUploadTestPage = lazyPage(() => import('../features/dev/ImageUploadTestPage'), ['devtools']);
const InfluencerImageUploadTestPage = lazyPage(() => import('../features/dev/InfluencerImageUploadTestPage'), ['devtools']);
const InfluencerProfilePage = lazyPage(() => import('../features/accounts/InfluencerProfilePage'), ['accounts']);
const MaterialsPage = lazyPage(() => import('../features/accounts/MaterialsPage'), ['accounts']);
const CompanyProfilePage = lazyPage(() => import('../features/accounts/CompanyProfilePage'), ['accounts']);
const ProfilePage = lazyPage(() => import('../features/accounts/ProfilePage'), ['accounts']);
const AccountSettingsPage = lazyPage(() => import('../features/accounts/AccountSettingsPage'), ['settings', 'accounts']);
const TaskHallPage = lazyPage(() => import('../features/tasks/TaskHallPage'), ['tasks'], { antd: false });
const TaskDetailPage = lazyPage(() => import('../features/tasks/TaskDetailPage'), ['tasks'], { antd: false });
const CompanyTasksPage = lazyPage(() => import('../features/tasks/CompanyTasksPage'), ['tasks', 'deals']);
const InfluencerTasksPage = lazyPage(() => import('../features/tasks/InfluencerTasksPage'), ['tasks', 'deals']);
const InfluencersPage = lazyPage(() => import('../features/people/InfluencersPage'), ['people'], { antd: false });
const InfluencerDetailPage = lazyPage(() => import('../features/people/InfluencerDetailPage'), ['people'], { antd: false });
const CompanyDetailPage = lazyPage(() => import('../features/people/CompanyDetailPage'), ['people', 'tasks'], { antd: false });
const MessagesPage = lazyPage(() => import('../features/messages/MessagesPage'), ['messages', 'people']);
const AboutPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.AboutPage })), ['site']);
const TermsPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.TermsPage })), ['site']);
const PrivacyPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.PrivacyPage })), ['site']);
const HelpPage = lazyPage(() => import('../features/site/HelpPage'), ['site']);
const ContactPage = lazyPage(() => import('../features/site/ContactPage'), ['site']);
const RouteTestPage = lazyPage(() => import('../features/site/RouteTestPage'), ['site']);
const VideosPage = lazyPage(() => import('../features/videos/VideosPage'), ['videos'], { antd: false });
const VideoDetailPage = lazyPage(() => import('../features/videos/VideoDetailPage'), ['videos'], { antd: false });
const AdminLoginPage = lazyPage(() => import('../features/admin/AdminLoginPage'), ['admin']);
const AdminSetupPage = lazyPage(() => import('../features/admin/AdminSetupPage'), ['admin']);
const DealPage = lazyPage(() => import('../features/deals/DealPage'), ['deals', 'messages']);
const DealsPage = lazyPage(() => import('../features/deals/DealsPage'), ['deals']);
const WalletPage = lazyPage(() => import('../features/money/WalletPage'), ['money', 'payouts']);
const SandboxPayPage = lazyPage(() => import('../features/money/SandboxPayPage'), ['money']);
const ReceiptPage = lazyPage(() => import('../features/money/ReceiptPage'), ['money']);
const AdminConsolePage = lazyPage(() => import('../features/admin/AdminConsolePage'), ['admin']);

/**
 * The public pages the server paints first (src/server/features/seo/firstPaint.tsx, the same paths):
 * main.tsx loads the page before React's first render, so that render replaces the server's picture with
 * the page itself, never with the loading fallback (decision 0024).
 */
const FIRST_PAINT_PAGES: [RegExp, LazyPage][] = [
  [/^\/$/, HomePage],
  [/^\/tasks$/, TaskHallPage],
  [/^\/task\/[^/]+$/, TaskDetailPage],
  [/^\/influencers$/, InfluencersPage],
  [/^\/influencer\/[^/]+$/, InfluencerDetailPage],
  [/^\/company\/[^/]+$/, CompanyDetailPage],
  [/^\/videos$/, VideosPage],
  [/^\/video\/[^/]+$/, VideoDetailPage],
];

/** Loads the page of `pathname` ahead of the first render (nothing for other paths; never fails). */
export function preloadPage(pathname: string): Promise<void> {
  const path = pathname.replace(/\/+$/, '') || '/';
  const page = FIRST_PAINT_PAGES.find(([re]) => re.test(path))?.[1];
  return page ? page.preload().catch(() => undefined) : Promise.resolve();
}

/**
 * Every route of the spec, declared with <Routes> inside the app's <BrowserRouter> (App.tsx). The admin
 * console (/admin) has its own full-screen layout. Declarative routes instead of createBrowserRouter: the
 * app uses no loaders or actions, and the data router is ~18 KB gzip of the shell (decision 0021).
 * Errors: a failing page shows RouteErrorPage inside the layout (AppLayout's boundary); a failing shell or
 * admin console shows it standalone.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary standalone>
      <Routes>
        <Route
          path="admin"
          element={
            <Suspense fallback={<Loading />}>
              <AdminConsolePage />
            </Suspense>
          }
        />
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="signup" element={<SignupPage />} />
          <Route path="login-test" element={<LoginTestPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="email-test" element={<EmailTestPage />} />
          <Route path="sms-test" element={<SmsTestPage />} />
          <Route path="image-upload-test" element={<ImageUploadTestPage />} />
          <Route path="influencer-image-upload-test" element={<InfluencerImageUploadTestPage />} />
          <Route path="influencer-profile" element={<InfluencerProfilePage />} />
          <Route path="materials" element={<MaterialsPage />} />
          <Route path="company-profile" element={<CompanyProfilePage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="account-settings" element={<AccountSettingsPage />} />
          <Route path="tasks" element={<TaskHallPage />} />
          <Route path="task" element={<TaskDetailPage />} />
          <Route path="task/:id" element={<TaskDetailPage />} />
          <Route path="company-tasks" element={<CompanyTasksPage />} />
          <Route path="influencer-tasks" element={<InfluencerTasksPage />} />
          <Route path="influencers" element={<InfluencersPage />} />
          <Route path="influencer" element={<InfluencerDetailPage />} />
          <Route path="influencer/:id" element={<InfluencerDetailPage />} />
          <Route path="company" element={<CompanyDetailPage />} />
          <Route path="company/:id" element={<CompanyDetailPage />} />
          <Route path="deals" element={<DealsPage />} />
          <Route path="deal/:id" element={<DealPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="messages/:id" element={<MessagesPage />} />
          <Route path="wallet" element={<WalletPage />} />
          <Route path="wallet/sandbox-pay/:id" element={<SandboxPayPage />} />
          <Route path="wallet/receipt/:id" element={<ReceiptPage />} />
          <Route path="videos" element={<VideosPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="help" element={<HelpPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="admin-login" element={<AdminLoginPage />} />
          <Route path="admin-setup" element={<AdminSetupPage />} />
          <Route path="route-test" element={<RouteTestPage />} />
          <Route path="route-test/:id" element={<RouteTestPage />} />
          <Route path="video/:id" element={<VideoDetailPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
