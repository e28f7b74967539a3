import { WALK_ID, type AdminCall } from './walk';

/** Every admin route of 分类管理 and 任务管理, for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [
  { method: 'GET', url: '/api/admin/categories', permission: 'task_management' },
  { method: 'POST', url: '/api/admin/categories', payload: { name: 'x' }, permission: 'task_management' },
  { method: 'PUT', url: `/api/admin/categories/${WALK_ID}`, payload: { name: 'x' }, permission: 'task_management' },
  { method: 'DELETE', url: `/api/admin/categories/${WALK_ID}`, permission: 'task_management' },
  { method: 'GET', url: '/api/admin/tasks', permission: 'task_management' },
  { method: 'GET', url: `/api/admin/tasks/${WALK_ID}`, permission: 'task_management' },
  { method: 'DELETE', url: `/api/admin/tasks/${WALK_ID}`, permission: 'task_management' },
];
