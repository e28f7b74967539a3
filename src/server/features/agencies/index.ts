/**
 * The agencies feature's public entry (decision 0044): what other features, the database seed, tests and scripts
 * use. Everything else in features/agencies is its own (eslint: local/feature-entry, decision 0035).
 */
import './jobs';

export { activeRosterMembership, agencyOfUser, agencyUserOf, closeFinishedMemberships } from './model';
export { agencyBadgeOf, agencyPageShown } from './page';
export { answerRosterInvitation, inviteToRoster, rosterOf } from './roster';
export { createAgencyAtSignup } from './signup';
export { approveAgency, rejectAgency } from './review';
export { agencyRoutes } from './routes';
export {
  actedFor,
  actedOnBehalfRefs,
  agencyMayReadDealFile,
  onBehalfAgencyId,
  onBehalfRefs,
  registerOnBehalf,
  resolveOnBehalf,
  uploaderIds,
  type ActedFor,
  type OnBehalfMode,
} from './onBehalf';
export { registerStaffAccess, staffAsAgency } from './staffAccess';
