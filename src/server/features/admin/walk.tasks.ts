import type { AdminCall } from './walk';

/** Every admin route of this area, for the access walk in admin.test.ts (visitor 401, members 403, an admin without the permission 403). */
export const calls: AdminCall[] = [];
