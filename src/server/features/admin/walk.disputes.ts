import type { AdminCall } from './walk';

/** 纠纷处理 (served by the deals feature), for the access walk in admin.test.ts. */
export const calls: AdminCall[] = [{ method: 'GET', url: '/api/admin/disputes', permission: 'task_management' }];
