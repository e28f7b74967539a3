import { WALK_ID, type AdminCall } from './walk';

/** Every admin route of 视频管理 and 联系消息, for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: '/api/admin/videos', permission: 'content_moderation' },
  { method: 'GET', url: '/api/admin/video-categories', permission: 'content_moderation' },
  { method: 'GET', url: '/api/admin/influencer-picker', permission: 'content_moderation' },
  { method: 'POST', url: '/api/admin/videos', payload: { title: 'x', videoUrl: '/demo/clip-1.mp4' }, permission: 'content_moderation' },
  { method: 'PUT', url: `/api/admin/videos/${WALK_ID}`, payload: { title: 'x', videoUrl: '/demo/clip-1.mp4' }, permission: 'content_moderation' },
  { method: 'PATCH', url: `/api/admin/videos/${WALK_ID}/toggle`, payload: { field: 'isActive', value: false }, permission: 'content_moderation' },
  { method: 'DELETE', url: `/api/admin/videos/${WALK_ID}`, permission: 'content_moderation' },
  { method: 'GET', url: '/api/admin/contact-messages', permission: 'user_management' },
  { method: 'POST', url: `/api/admin/contact-messages/${WALK_ID}/close`, permission: 'user_management' },
  { method: 'POST', url: `/api/admin/contact-messages/${WALK_ID}/reply`, payload: { message: 'x' }, permission: 'user_management' },
];
