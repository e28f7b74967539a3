import { Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoading } from './PageLoading';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { lazyPage } from './lazyPage';

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
const TaskHallPage = lazyPage(() => import('../features/tasks/TaskHallPage'), ['tasks']);
const TaskDetailPage = lazyPage(() => import('../features/tasks/TaskDetailPage'), ['tasks']);
const CompanyTasksPage = lazyPage(() => import('../features/tasks/CompanyTasksPage'), ['tasks', 'deals']);
const InfluencerTasksPage = lazyPage(() => import('../features/tasks/InfluencerTasksPage'), ['tasks', 'deals']);
const InfluencersPage = lazyPage(() => import('../features/people/InfluencersPage'), ['people']);
const InfluencerDetailPage = lazyPage(() => import('../features/people/InfluencerDetailPage'), ['people']);
const CompanyDetailPage = lazyPage(() => import('../features/people/CompanyDetailPage'), ['people', 'tasks']);
const MessagesPage = lazyPage(() => import('../features/messages/MessagesPage'), ['messages', 'people']);
const AboutPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.AboutPage })), ['site']);
const TermsPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.TermsPage })), ['site']);
const PrivacyPage = lazyPage(() => import('../features/site/DocPage').then((m) => ({ default: m.PrivacyPage })), ['site']);
const HelpPage = lazyPage(() => import('../features/site/HelpPage'), ['site']);
const ContactPage = lazyPage(() => import('../features/site/ContactPage'), ['site']);
const RouteTestPage = lazyPage(() => import('../features/site/RouteTestPage'), ['site']);
const VideosPage = lazyPage(() => import('../features/videos/VideosPage'), ['videos']);
const VideoDetailPage = lazyPage(() => import('../features/videos/VideoDetailPage'), ['videos'], { antd: false });
const AdminLoginPage = lazyPage(() => import('../features/admin/AdminLoginPage'), ['admin']);
const AdminSetupPage = lazyPage(() => import('../features/admin/AdminSetupPage'), ['admin']);
const DealPage = lazyPage(() => import('../features/deals/DealPage'), ['deals', 'messages']);
const DealsPage = lazyPage(() => import('../features/deals/DealsPage'), ['deals']);
const WalletPage = lazyPage(() => import('../features/money/WalletPage'), ['money']);
const SandboxPayPage = lazyPage(() => import('../features/money/SandboxPayPage'), ['money']);
const AdminConsolePage = lazyPage(() => import('../features/admin/AdminConsolePage'), ['admin']);

/** Every route of the spec. The admin console (/admin) has its own full-screen layout. */
export const router = createBrowserRouter([
  {
    path: 'admin',
    errorElement: <RouteErrorPage standalone />,
    element: (
      <Suspense fallback={<PageLoading />}>
        <AdminConsolePage />
      </Suspense>
    ),
  },
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage standalone />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'login-test', element: <LoginTestPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'email-test', element: <EmailTestPage /> },
          { path: 'sms-test', element: <SmsTestPage /> },
          { path: 'image-upload-test', element: <ImageUploadTestPage /> },
          { path: 'influencer-image-upload-test', element: <InfluencerImageUploadTestPage /> },
          { path: 'influencer-profile', element: <InfluencerProfilePage /> },
          { path: 'materials', element: <MaterialsPage /> },
          { path: 'company-profile', element: <CompanyProfilePage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'account-settings', element: <AccountSettingsPage /> },
          { path: 'tasks', element: <TaskHallPage /> },
          { path: 'task', element: <TaskDetailPage /> },
          { path: 'task/:id', element: <TaskDetailPage /> },
          { path: 'company-tasks', element: <CompanyTasksPage /> },
          { path: 'influencer-tasks', element: <InfluencerTasksPage /> },
          { path: 'influencers', element: <InfluencersPage /> },
          { path: 'influencer', element: <InfluencerDetailPage /> },
          { path: 'influencer/:id', element: <InfluencerDetailPage /> },
          { path: 'company', element: <CompanyDetailPage /> },
          { path: 'company/:id', element: <CompanyDetailPage /> },
          { path: 'deals', element: <DealsPage /> },
          { path: 'deal/:id', element: <DealPage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/:id', element: <MessagesPage /> },
          { path: 'wallet', element: <WalletPage /> },
          { path: 'wallet/sandbox-pay/:id', element: <SandboxPayPage /> },
          { path: 'videos', element: <VideosPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'admin-login', element: <AdminLoginPage /> },
          { path: 'admin-setup', element: <AdminSetupPage /> },
          { path: 'route-test', element: <RouteTestPage /> },
          { path: 'route-test/:id', element: <RouteTestPage /> },
          { path: 'video/:id', element: <VideoDetailPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
