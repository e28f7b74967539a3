/**
 * The matching feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/matching is its own (eslint: local/feature-entry, decision 0035).
 */
export { rankInfluencers, rankTasks, similarInfluencers, taskTarget } from './service';
