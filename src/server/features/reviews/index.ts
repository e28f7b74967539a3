/**
 * The reviews feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/reviews is its own (eslint: local/feature-entry, decision 0035).
 */
export { PUBLISHED, dealReviewState, recomputeRatings, scheduleReviewsClose } from './service';
