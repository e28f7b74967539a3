import type { AdminCall } from './walk';

const ID = '00000000-0000-4000-8000-000000000000';

/** 系统设置 → 邮件 (served by the mail feature, decision 0040), for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: '/api/admin/mail', permission: 'system_settings' },
  { method: 'POST', url: `/api/admin/mail/${ID}/resend`, permission: 'system_settings' },
];
