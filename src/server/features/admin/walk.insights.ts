import type { AdminCall } from './walk';

/** Every admin route of 系统设置 and 数据分析, for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: '/api/admin/analytics', permission: 'data_analytics' },
  { method: 'GET', url: '/api/admin/analytics.csv?chart=daily', permission: 'data_analytics' },
  { method: 'GET', url: '/api/admin/settings', permission: 'system_settings' },
  {
    method: 'PUT',
    url: '/api/admin/settings',
    payload: {
      platformFeeBps: 1000,
      settlementHours: 24,
      supportEmail: 'support@example.com',
      signupOpen: { influencer: true, company: true },
      announcement: { enabled: false, textZh: null, textEn: null, tone: 'info' },
    },
    permission: 'system_settings',
  },
];
