/**
 * The admin feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/admin is its own (eslint: local/feature-entry, decision 0035).
 */
export { getAnalytics } from './analytics';
export { deleteVideo } from './content';
export { getOverview, listAudit } from './overview';
export { deleteAdminTask, listAdminTasks } from './tasks';
export { listUsers } from './users';
