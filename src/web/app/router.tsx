import { Suspense } from 'react';
import { Route, Routes, matchRoutes } from 'react-router';
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
const DevelopersPage = lazyPage(() => import('../features/developers/DevelopersPage'), ['developers']);
const AdminConsolePage = lazyPage(() => import('../features/admin/AdminConsolePage'), ['admin']);

/**
 * The routes inside the app's layout, in one table: AppRoutes below declares them, and the server's render
 * (src/web/entry-server.tsx) and main.tsx find a page from it (`matchPage`). `render: true` marks the public
 * pages the server renders with their data (their modules export `prefetch`); every other page comes as the
 * app's frame and loads in the browser (decision 0034).
 */
type PageRoute = { path: string; page: LazyPage; render?: true };
const PAGE_ROUTES: PageRoute[] = [
  { path: 'signup', page: SignupPage },
  { path: 'login-test', page: LoginTestPage },
  { path: 'forgot-password', page: ForgotPasswordPage },
  { path: 'email-test', page: EmailTestPage },
  { path: 'sms-test', page: SmsTestPage },
  { path: 'image-upload-test', page: ImageUploadTestPage },
  { path: 'influencer-image-upload-test', page: InfluencerImageUploadTestPage },
  { path: 'influencer-profile', page: InfluencerProfilePage },
  { path: 'materials', page: MaterialsPage },
  { path: 'company-profile', page: CompanyProfilePage },
  { path: 'profile', page: ProfilePage },
  { path: 'account-settings', page: AccountSettingsPage },
  { path: 'tasks', page: TaskHallPage, render: true },
  { path: 'task', page: TaskDetailPage },
  { path: 'task/:id', page: TaskDetailPage, render: true },
  { path: 'company-tasks', page: CompanyTasksPage },
  { path: 'influencer-tasks', page: InfluencerTasksPage },
  { path: 'influencers', page: InfluencersPage, render: true },
  { path: 'influencer', page: InfluencerDetailPage },
  { path: 'influencer/:id', page: InfluencerDetailPage, render: true },
  { path: 'company', page: CompanyDetailPage },
  { path: 'company/:id', page: CompanyDetailPage, render: true },
  { path: 'deals', page: DealsPage },
  { path: 'deal/:id', page: DealPage },
  { path: 'messages', page: MessagesPage },
  { path: 'messages/:id', page: MessagesPage },
  { path: 'wallet', page: WalletPage },
  { path: 'wallet/sandbox-pay/:id', page: SandboxPayPage },
  { path: 'wallet/receipt/:id', page: ReceiptPage },
  { path: 'developers', page: DevelopersPage },
  { path: 'videos', page: VideosPage, render: true },
  { path: 'about', page: AboutPage },
  { path: 'terms', page: TermsPage },
  { path: 'privacy', page: PrivacyPage },
  { path: 'help', page: HelpPage },
  { path: 'contact', page: ContactPage },
  { path: 'admin-login', page: AdminLoginPage },
  { path: 'admin-setup', page: AdminSetupPage },
  { path: 'route-test', page: RouteTestPage },
  { path: 'route-test/:id', page: RouteTestPage },
  { path: 'video/:id', page: VideoDetailPage, render: true },
];
const HOME: PageRoute = { path: '/', page: HomePage, render: true };
const MATCHABLE = [HOME, ...PAGE_ROUTES.map((r) => ({ ...r, path: `/${r.path}` }))];

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
          {PAGE_ROUTES.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
