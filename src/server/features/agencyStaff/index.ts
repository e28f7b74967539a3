/**
 * An agency's staff accounts (子账号, decision 0067): the invitations, the list, roles and removal. What a staff member
 * may do on each operation is decided in features/agencies (staffAccess.ts), where the session meets acting on behalf.
 */
export { agencyStaffRoutes } from './routes';
