/**
 * The settings feature's public entry: 系统设置, which an admin edits (admin/insightsRoutes.ts) and every
 * feature reads. Its own feature, apart from admin, so that reading a setting never depends on the back
 * office (decision 0035).
 */
export { getSettings, getSettingsForAdmin, getSiteSettings, readSettings, updateSettings } from './settings';
