import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { lazyPage } from './lazyPage';

// every page is its own chunk; the second argument lists the i18n namespaces it needs
const HomePage = lazyPage(() => import('../features/home/HomePage'), ['home', 'videos']);
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
const CompanyTasksPage = lazyPage(() => import('../features/tasks/CompanyTasksPage'), ['tasks']);
const InfluencerTasksPage = lazyPage(() => import('../features/tasks/InfluencerTasksPage'), ['tasks']);

/**
 * Routes built so far. Routes of the spec not registered yet (/influencers, /tasks, /videos,
 * /about ...) fall through to the not-found page until their features land.
 */
export const router = createBrowserRouter([
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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
