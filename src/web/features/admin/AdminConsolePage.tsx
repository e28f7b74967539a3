import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App as AntApp, Button, Drawer, Grid, Layout, Menu, Tag } from 'antd';
import {
  AccountBookOutlined,
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuOutlined,
  PlaySquareOutlined,
  ProfileOutlined,
  SettingOutlined,
  StarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { AdminPermission } from '@shared/options';
import { isApiError } from '../../lib/api';
import { Loading, LoadFailed } from '../../components/PageState';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMe, useSignOut } from '../auth/api';
import { adminMeQuery } from './api';
import { AdminDenied } from './AdminDenied';
import { ADMIN_VERSION } from './constants';
import './admin.css';

export type TabKey =
  'overview' | 'users' | 'categories' | 'tasks' | 'disputes' | 'finance' | 'videos' | 'reviews' | 'analytics' | 'settings' | 'audit' | 'contact';

type TabDef = { key: TabKey; icon: ReactNode; permission?: AdminPermission; component: ComponentType };

/**
 * The tabs of the console, in menu order, each with the permission its endpoints demand (a tab an
 * admin lacks the permission for is not shown; the server refuses its calls on its own).
 */
const TABS: TabDef[] = [
  { key: 'overview', icon: <DashboardOutlined />, component: lazy(() => import('./tabs/OverviewTab')) },
  { key: 'users', icon: <TeamOutlined />, permission: 'user_management', component: lazy(() => import('./tabs/UsersTab')) },
  { key: 'categories', icon: <AppstoreOutlined />, permission: 'task_management', component: lazy(() => import('./tabs/CategoriesTab')) },
  { key: 'tasks', icon: <ProfileOutlined />, permission: 'task_management', component: lazy(() => import('./tabs/TasksTab')) },
  { key: 'disputes', icon: <AlertOutlined />, permission: 'task_management', component: lazy(() => import('./tabs/DisputesTab')) },
  { key: 'finance', icon: <AccountBookOutlined />, permission: 'finance', component: lazy(() => import('./tabs/FinanceTab')) },
  { key: 'videos', icon: <PlaySquareOutlined />, permission: 'content_moderation', component: lazy(() => import('./tabs/VideosTab')) },
  { key: 'reviews', icon: <StarOutlined />, permission: 'content_moderation', component: lazy(() => import('./tabs/ReviewsTab')) },
  { key: 'analytics', icon: <BarChartOutlined />, permission: 'data_analytics', component: lazy(() => import('./tabs/AnalyticsTab')) },
  { key: 'settings', icon: <SettingOutlined />, permission: 'system_settings', component: lazy(() => import('./tabs/SettingsTab')) },
  { key: 'audit', icon: <AuditOutlined />, permission: 'system_settings', component: lazy(() => import('./tabs/AuditTab')) },
  { key: 'contact', icon: <MailOutlined />, permission: 'user_management', component: lazy(() => import('./tabs/ContactTab')) },
];

/** /admin: top bar, left menu (a drawer on phones), the chosen tab (kept in ?tab=). */
export default function AdminConsolePage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('console.documentTitle'));
  const me = useMe();
  const admin = useQuery({ ...adminMeQuery, enabled: me.data?.userType === 'admin' });

  if (me.isPending || (me.data?.userType === 'admin' && admin.isPending)) {
    return <Loading testId="admin-loading" />;
  }
  if (!me.data) return <AdminDenied reason="ADMIN_LOGIN_REQUIRED" />;
  if (me.data.userType !== 'admin') return <AdminDenied reason="ADMIN_ONLY" />;
  if (admin.isError) {
    const code = isApiError(admin.error) ? admin.error.code : '';
    if (code === 'ADMIN_LOGIN_REQUIRED') return <AdminDenied reason="ADMIN_LOGIN_REQUIRED" />;
    if (code === 'ADMIN_ONLY') return <AdminDenied reason="ADMIN_ONLY" />;
    return <LoadFailed testId="admin" level={1} title={t('loadFailed')} onRetry={() => void admin.refetch()} retrying={admin.isFetching} />;
  }
  // antd's App gives the tabs message / modal with the theme and the locale
  return (
    <AntApp>
      <Console email={admin.data?.email ?? me.data.email} permissions={admin.data?.permissions ?? []} />
    </AntApp>
  );
}

function Console({ email, permissions }: { email: string; permissions: AdminPermission[] }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const [drawer, setDrawer] = useState(false);
  const { signOut, busy } = useSignOut();
  const tabs = TABS.filter((tab) => !tab.permission || permissions.includes(tab.permission));
  const wanted = params.get('tab');
  const current = tabs.find((tab) => tab.key === wanted) ?? tabs[0];
  const Tab = current.component;
  const wide = screens.lg !== false && screens.lg !== undefined;

  const choose = (key: string) => {
    const next = new URLSearchParams();
    if (key !== 'overview') next.set('tab', key);
    setParams(next);
    setDrawer(false);
  };
  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[current.key]}
      onClick={(e) => choose(e.key)}
      items={tabs.map((tab) => ({ key: tab.key, icon: tab.icon, label: <span data-testid={`admin-tab-${tab.key}`}>{t(`console.tabs.${tab.key}`)}</span> }))}
    />
  );

  return (
    <Layout className="adm" data-testid="admin-console">
      <Layout.Header className="adm__bar">
        {!wide && <Button type="text" className="adm__burger" icon={<MenuOutlined />} aria-label={t('console.menu')} onClick={() => setDrawer(true)} />}
        <Link to="/admin" className="adm__brand">
          {t('brand')}
        </Link>
        <span className="adm__who" title={email}>
          <Tag color="gold">{t('console.signedInAs', { email })}</Tag>
        </span>
        <Button
          icon={<LogoutOutlined />}
          loading={busy}
          data-testid="admin-logout"
          onClick={async () => {
            // leave the console first: its queries must not ask the server again once signed out
            void navigate('/', { replace: true });
            await signOut();
          }}
        >
          {wide ? t('console.logout') : null}
        </Button>
      </Layout.Header>
      <Layout>
        {wide ? (
          <Layout.Sider width={208} theme="light" className="adm__side">
            {menu}
            <div className="adm__version">{t('version', { version: ADMIN_VERSION })}</div>
          </Layout.Sider>
        ) : (
          <Drawer open={drawer} onClose={() => setDrawer(false)} placement="left" size={260} title={t('console.menu')} styles={{ body: { padding: 0 } }}>
            {menu}
          </Drawer>
        )}
        <Layout.Content className="adm__content">
          <h1 className="adm__title">{t(`console.tabs.${current.key}`)}</h1>
          <Suspense fallback={<Loading />}>
            <Tab />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
