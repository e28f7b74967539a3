import type { AdminCall } from './walk';

const ID = '00000000-0000-4000-8000-000000000000';

/** 用户管理 → an account's webhook endpoints (served by the webhooks feature, decision 0042), for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: `/api/admin/users/${ID}/webhook-endpoints`, permission: 'user_management' },
  { method: 'POST', url: `/api/admin/webhook-endpoints/${ID}/disable`, permission: 'user_management' },
];
