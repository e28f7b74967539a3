import { Suspense } from 'react';
import { Route, Routes, matchRoutes } from 'react-router';
import { Loading } from '../components/Loading';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorBoundary } from './RouteErrorPage';
import { lazyPage, type LazyPage } from './lazyPage';
import { RENDERED_PATHS, type LayoutPath } from '@shared/routes';

// every page is its own chunk; the second argument lists the i18n namespaces it needs
const HomePage = lazyPage(() => import('../features/home/HomePage'), ['home', 'videos'], { antd: false });
const SignupPage = lazyPage(() => import('../features/auth/SignupPage'), ['auth', 'errors']);
const LoginTestPage = lazyPage(() => import('../features/auth/LoginTestPage'), ['auth', 'errors']);
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'), ['auth', 'errors']);
const EmailTestPage = lazyPage(() => import('../features/dev/EmailTestPage'), ['dev', 'auth', 'errors']);
const SmsTestPage = lazyPage(() => import('../features/dev/SmsTestPage'), ['devtools', 'errors']);
const ImageUploadTestPage = lazyPage(() => import('../features/dev/ImageUploadTestPage'), ['devtools', 'errors']);
const InfluencerImageUploadTestPage = lazyPage(() => import('../features/dev/InfluencerImageUploadTestPage'), ['devtools', 'errors']);
const InfluencerProfilePage = lazyPage(() => import('../features/accounts/InfluencerProfilePage'), ['accounts', 'errors']);
const MaterialsPage = lazyPage(() => import('../features/accounts/MaterialsPage'), ['accounts', 'errors']);
const CompanyProfilePage = lazyPage(() => import('../features/accounts/CompanyProfilePage'), ['accounts', 'errors']);
const ProfilePage = lazyPage(() => import('../features/accounts/ProfilePage'), ['accounts', 'agencies', 'errors']);
const AccountSettingsPage = lazyPage(() => import('../features/accounts/AccountSettingsPage'), ['settings', 'accounts', 'errors']);
const TaskHallPage = lazyPage(() => import('../features/tasks/TaskHallPage'), ['tasks'], { antd: false });
const TaskDetailPage = lazyPage(() => import('../features/tasks/TaskDetailPage'), ['tasks'], { antd: false });
const CompanyTasksPage = lazyPage(() => import('../features/tasks/CompanyTasksPage'), ['tasks', 'deals', 'errors']);
const InfluencerTasksPage = lazyPage(() => import('../features/tasks/InfluencerTasksPage'), ['tasks', 'deals', 'errors']);
const InfluencersPage = lazyPage(() => import('../features/people/InfluencersPage'), ['people'], { antd: false });
const InfluencerDetailPage = lazyPage(() => import('../features/people/InfluencerDetailPage'), ['people'], { antd: false });
const CompanyDetailPage = lazyPage(() => import('../features/people/CompanyDetailPage'), ['people', 'tasks'], { antd: false });
const MessagesPage = lazyPage(() => import('../features/messages/MessagesPage'), ['messages', 'people', 'errors']);
const AboutPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.AboutPage })), ['site'], { antd: false });
const TermsPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.TermsPage })), ['site'], { antd: false });
const PrivacyPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.PrivacyPage })), ['site'], { antd: false });
const HelpPage = lazyPage(() => import('../features/site/HelpPage'), ['site'], { antd: false });
const ContactPage = lazyPage(() => import('../features/site/ContactPage'), ['site', 'errors']);
const RouteTestPage = lazyPage(() => import('../features/site/RouteTestPage'), ['site']);
const VideosPage = lazyPage(() => import('../features/videos/VideosPage'), ['videos'], { antd: false });
const VideoDetailPage = lazyPage(() => import('../features/videos/VideoDetailPage'), ['videos'], { antd: false });
const AdminLoginPage = lazyPage(() => import('../features/admin/AdminLoginPage'), ['admin', 'errors']);
const AdminSetupPage = lazyPage(() => import('../features/admin/AdminSetupPage'), ['admin', 'errors']);
const DealPage = lazyPage(() => import('../features/deals/DealPage'), ['deals', 'messages', 'errors']);
const DealsPage = lazyPage(() => import('../features/deals/DealsPage'), ['deals']);
const WalletPage = lazyPage(() => import('../features/money/WalletPage'), ['money', 'payouts', 'errors']);
const TopupResultPage = lazyPage(() => import('../features/money/TopupResultPage'), ['money']);
const SandboxPayPage = lazyPage(() => import('../features/money/SandboxPayPage'), ['money', 'errors']);
const ReceiptPage = lazyPage(() => import('../features/money/ReceiptPage'), ['money']);
const DevelopersPage = lazyPage(() => import('../features/developers/DevelopersPage'), ['developers', 'errors']);
// the workspace names deal, application and invitation states (deals, tasks) and matching's reasons
const AgencyWorkspacePage = lazyPage(() => import('../features/agencies/AgencyWorkspacePage'), ['agencies', 'deals', 'tasks', 'matching', 'errors']);
const AgencySettlementPage = lazyPage(() => import('../features/agencies/AgencySettlementPage'), ['agencies', 'deals', 'errors']);
const AgencyProfilePage = lazyPage(() => import('../features/agencies/AgencyProfilePage'), ['agencies', 'accounts', 'errors']);
const AgencyStaffPage = lazyPage(() => import('../features/agencies/AgencyStaffPage'), ['agencies', 'errors']);
const StaffAcceptPage = lazyPage(() => import('../features/agencies/StaffAcceptPage'), ['agencies', 'errors']);
const AgencyPage = lazyPage(() => import('../features/agencies/AgencyPage'), ['agencies', 'people'], { antd: false });
const AdminConsolePage = lazyPage(() => import('../features/admin/AdminConsolePage'), ['admin', 'errors']);

/**
 * The page of every address of the app (src/shared/routes.ts lists the addresses, which the server answers too):
 * a Record over those paths, so an address without a page, or a page at an address the server does not know, does
 * not type-check. AppRoutes below declares them, and the server's render (src/web/entry-server.tsx) and main.tsx
 * find a page from the table (`matchPage`). The addresses marked `render` are the public pages the server renders
 * with their data (their modules export `prefetch`); every other page comes as the app's frame and loads in the
 * browser (decision 0034).
 */
const PAGES: Record<LayoutPath, LazyPage> = {
  '/signup': SignupPage,
  '/login-test': LoginTestPage,
  '/forgot-password': ForgotPasswordPage,
  '/email-test': EmailTestPage,
  '/sms-test': SmsTestPage,
  '/image-upload-test': ImageUploadTestPage,
  '/influencer-image-upload-test': InfluencerImageUploadTestPage,
  '/influencer-profile': InfluencerProfilePage,
  '/materials': MaterialsPage,
  '/company-profile': CompanyProfilePage,
  '/profile': ProfilePage,
  '/account-settings': AccountSettingsPage,
  '/tasks': TaskHallPage,
  '/task': TaskDetailPage,
  '/task/:id': TaskDetailPage,
  '/company-tasks': CompanyTasksPage,
  '/influencer-tasks': InfluencerTasksPage,
  '/influencers': InfluencersPage,
  '/influencer': InfluencerDetailPage,
  '/influencer/:id': InfluencerDetailPage,
  '/company': CompanyDetailPage,
  '/company/:id': CompanyDetailPage,
  '/agency': AgencyWorkspacePage,
  '/agency-profile': AgencyProfilePage,
  '/agency-settlement': AgencySettlementPage,
  '/agency-staff': AgencyStaffPage,
  '/agency-staff/accept': StaffAcceptPage,
  '/agency/:id': AgencyPage,
  '/deals': DealsPage,
  '/deal/:id': DealPage,
  '/messages': MessagesPage,
  '/messages/:id': MessagesPage,
  '/wallet': WalletPage,
  '/wallet/sandbox-pay/:id': SandboxPayPage,
  '/wallet/topup-result': TopupResultPage,
  '/wallet/receipt/:id': ReceiptPage,
  '/developers': DevelopersPage,
  '/videos': VideosPage,
  '/video/:id': VideoDetailPage,
  '/about': AboutPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/help': HelpPage,
  '/contact': ContactPage,
  '/admin-login': AdminLoginPage,
  '/admin-setup': AdminSetupPage,
  '/route-test': RouteTestPage,
  '/route-test/:id': RouteTestPage,
};
type PageRoute = { path: string; page: LazyPage; render: boolean };
const rendered = new Set<string>(RENDERED_PATHS);
const LAYOUT_ROUTES: PageRoute[] = (Object.entries(PAGES) as [LayoutPath, LazyPage][]).map(([path, page]) => ({ path, page, render: rendered.has(path) }));
const MATCHABLE: PageRoute[] = [{ path: '/', page: HomePage, render: rendered.has('/') }, ...LAYOUT_ROUTES];

/**
 * The page at `pathname` the server renders (with its route parameters), or null for any other address (a
 * private page, the admin console, an unknown one).
 */
export function matchPage(pathname: string): { page: LazyPage; params: Record<string, string | undefined> } | null {
  const m = matchRoutes(MATCHABLE, pathname)?.[0];
  return m?.route.render ? { page: m.route.page, params: m.params } : null;
}

/** Loads the page the server rendered at `pathname` ahead of the first render (nothing for other paths; never fails). */
export function preloadPage(pathname: string): Promise<void> {
  const m = matchPage(pathname);
  return m ? m.page.preload().catch(() => undefined) : Promise.resolve();
}

/**
 * Every route of the spec, declared with <Routes> inside the app's router (App.tsx in the browser, the
 * StaticRouter of entry-server.tsx on the server). The admin console (/admin) has its own full-screen layout.
 * Declarative routes instead of createBrowserRouter: the app uses no loaders or actions, and the data router
 * is ~18 KB gzip of the shell (decision 0021); a page's first data is its module's `prefetch`.
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
          {LAYOUT_ROUTES.map(({ path, page: Page }) => (
            <Route key={path} path={path.slice(1)} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
