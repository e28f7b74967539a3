/**
 * The auth feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/auth is its own (eslint: local/feature-entry, decision 0035).
 */
export { getMe, hashPassword, login, promoteToAdmin, siteOrigin, verifyPassword } from './service';
