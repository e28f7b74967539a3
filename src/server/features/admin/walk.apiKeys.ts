import type { AdminCall } from './walk';

const ID = '00000000-0000-4000-8000-000000000000';

/** 用户管理 → an account's API keys (served by the developers feature, decision 0038), for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: `/api/admin/users/${ID}/api-keys`, permission: 'user_management' },
  { method: 'POST', url: `/api/admin/api-keys/${ID}/revoke`, permission: 'user_management' },
];
