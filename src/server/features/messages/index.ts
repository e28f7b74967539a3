/**
 * The messages feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/messages is its own (eslint: local/feature-entry, decision 0035).
 */
export { createDealConversation, messageFileVisibleTo, storeMessage } from './service';
