import type { AdminCall } from './walk';

/**
 * 概览's demo data (served by the demo feature, decision 0032), for the access walk in admin.test.ts. Both
 * need finance as well as user_management: demo.test.ts checks an admin holding only one of them.
 */
export const calls: AdminCall[] = [
  { method: 'GET', url: '/api/admin/demo-data', permission: 'user_management' },
  { method: 'POST', url: '/api/admin/demo-data/remove', permission: 'user_management' },
];
