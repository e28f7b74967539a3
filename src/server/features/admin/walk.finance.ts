import { WALK_ID, type AdminCall } from './walk';

/** 财务 (served by the money feature), for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: '/api/admin/finance/topups', permission: 'finance' },
  { method: 'POST', url: `/api/admin/finance/topups/${WALK_ID}/confirm`, permission: 'finance' },
  { method: 'POST', url: `/api/admin/finance/topups/${WALK_ID}/reject`, payload: { reason: 'x' }, permission: 'finance' },
];
