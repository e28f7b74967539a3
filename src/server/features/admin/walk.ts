import type { AdminPermission } from '../../../shared/options';

/**
 * One admin route for the access walk of admin.test.ts: a visitor must get 401, an influencer and a
 * company 403 ADMIN_ONLY, an admin without `permission` 403 ADMIN_PERMISSION_MISSING (and with no
 * `permission`, any admin gets through). Each area lists its routes in walk.<area>.ts.
 */
export type AdminCall = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  permission?: AdminPermission;
};
/** the id used in walked URLs (names nothing) */
export const WALK_ID = '00000000-0000-4000-8000-000000000000';
