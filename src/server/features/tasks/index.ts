/**
 * The tasks feature's public entry: what other features (and scripts) may use. Everything else in
 * features/tasks is its own business (eslint: local/feature-entry, decision 0035).
 */
export { acceptApplication, applyOnce } from './applications';
export { taskPageShown, taskCardStatement } from './detail';
export { hallStatement } from './hall';
