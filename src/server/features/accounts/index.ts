/**
 * The accounts feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/accounts is its own (eslint: local/feature-entry, decision 0035).
 */
export { canSeeContact, canSeeProfile } from './account';
export { toVerificationInfo } from './profiles';
