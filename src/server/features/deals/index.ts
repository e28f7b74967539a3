/**
 * The deals feature's public entry: what other features (and scripts) may use. Everything else in
 * features/deals is its own business (eslint: local/feature-entry, decision 0035).
 */
import './jobs';

export { createDeal } from './create';
export { cancelDealsOfTask, fireDealEvent } from './fire';
export { dealsOfTask, endTaskIfDealsEnded, settleTaskAfterDeal } from './taskSettlement';
export { dealPageShown } from './queries';
export { deliveredResults } from './results';
