import { WALK_ID, type AdminCall } from './walk';

/** 评价管理 (served by the reviews feature), for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: '/api/admin/reviews', permission: 'content_moderation' },
  { method: 'POST', url: `/api/admin/reviews/${WALK_ID}/hide`, payload: { reason: 'x' }, permission: 'content_moderation' },
  { method: 'POST', url: `/api/admin/reviews/${WALK_ID}/unhide`, permission: 'content_moderation' },
];
