/**
 * The videos feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/videos is its own (eslint: local/feature-entry, decision 0035).
 */
export { listVideos, toCard, videoPageShown } from './service';
