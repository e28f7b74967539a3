/**
 * The money feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/money is its own (eslint: local/feature-entry, decision 0035).
 */
export {
  agencyCut,
  balanceOf,
  hasDueCommission,
  openDealEscrow,
  payDealDeposit,
  payDealFee,
  prepayTask,
  refundDeal,
  refundTaskPrepayment,
  settleDeal,
} from './escrow';
export { revenueBetween } from './finance';
export { accountFor, checkLedger, post } from './ledger';
export { readWallet } from './service';
