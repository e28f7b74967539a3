import { WALK_ID, type AdminCall } from './walk';

/** 财务 (served by the money feature), for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: '/api/admin/finance/topups', permission: 'finance' },
  { method: 'POST', url: `/api/admin/finance/topups/${WALK_ID}/confirm`, permission: 'finance' },
  { method: 'POST', url: `/api/admin/finance/topups/${WALK_ID}/reject`, payload: { reason: 'x' }, permission: 'finance' },
  { method: 'GET', url: '/api/admin/finance/payouts', permission: 'finance' },
  { method: 'GET', url: '/api/admin/finance/overview', permission: 'finance' },
  { method: 'GET', url: '/api/admin/finance/entries?q=x&kind=topup&from=2026-11-01&to=2026-11-30', permission: 'finance' },
  { method: 'POST', url: `/api/admin/finance/payouts/${WALK_ID}/paid`, payload: { reference: 'x' }, permission: 'finance' },
  { method: 'POST', url: `/api/admin/finance/payouts/${WALK_ID}/reject`, payload: { reason: 'x' }, permission: 'finance' },
  { method: 'GET', url: '/api/admin/finance/refunds', permission: 'finance' },
  { method: 'GET', url: '/api/admin/finance/disputes', permission: 'finance' },
  { method: 'POST', url: `/api/admin/finance/refunds/${WALK_ID}/approve`, permission: 'finance' },
  { method: 'POST', url: `/api/admin/finance/refunds/${WALK_ID}/reject`, payload: { reason: 'x' }, permission: 'finance' },
  // the reconciliation with Stripe (decision 0059): a day in the path, walked as an id
  { method: 'GET', url: '/api/admin/finance/reconciliations', permission: 'finance' },
  { method: 'GET', url: '/api/admin/finance/reconciliations/2026-01-01', permission: 'finance' },
  { method: 'POST', url: '/api/admin/finance/reconciliations/2026-01-01/run', permission: 'finance' },
];
