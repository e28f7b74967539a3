/**
 * The demo feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/demo is its own (eslint: local/feature-entry, decision 0035).
 */
export { demoBalances, demoHeldIn, grantDemoMoney } from './money';
export { countDemoAccounts, removeDemoData } from './service';
