/**
 * What an agency's staff member may do (子账号, issue 40 item 5, decision 0067) — the one place that decides it.
 *
 * A staff member signs in with an account of its own (type agency, no agency of its own; `AuthUser.staff` names the
 * agency). On each operation one preValidation hook, before the route's own guard and before acting on behalf:
 * - `self` operations (who am I, my account's page, sign out, my password, my language) run as the staff member's own account;
 * - `operator` operations (acting for the roster — every route that accepts `?onBehalfOf=` — messages, notifications,
 *   the live events, reading the roster, the workspace and the pipeline, deal files and uploads) run as the agency's
 *   owner, for 运营 and 管理员 alike;
 * - `admin` operations (the wallet and its money, bank accounts, payouts, Stripe, roster changes, the agency's profile,
 *   earnings and settlement, API keys, webhooks, the staff themselves) run as the owner for a 管理员 only:
 *   403 AGENCY_STAFF_ADMIN_ONLY for a 运营;
 * - any other operation that needs a signed-in user is refused: 403 AGENCY_STAFF_NOT_ALLOWED (the owner's own account —
 *   e-mail, phone, deletion — and everything not an agency's). Deny by default: a new operation is closed to staff
 *   until it is listed here.
 * - public operations (no sign-in needed) run as the staff member's own account, as they would for a visitor.
 * Every state change a staff member makes as the agency is written to the audit log with their name (the on-behalf
 * hook records the acting ones, with the staff member, in the same row).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError, safeErrorLog } from '../../platform/errors';
import { requiresSignIn } from '../../platform/openapi/responses';
import { actAs, type AuthUser } from '../../platform/session';
import { MUTATING } from './onBehalf';

export type StaffAccess = 'self' | 'operator' | 'admin';

const SELF = ['getMe', 'getSession', 'signOut', 'getAccount', 'changePassword', 'setNotificationLocale'];
const OPERATOR = [
  'listConversations',
  'getUnreadCount',
  'getConversation',
  'sendMessage',
  'streamEvents',
  'listNotifications',
  'markNotificationRead',
  'markAllNotificationsRead',
  'getAgencyRoster',
  'getAgencyWorkspace',
  'getAgencyPipeline',
  'getAgencyProfile',
  'getDealFile',
  'uploadFile',
];
const ADMIN = [
  // money
  'getWallet',
  'getReceipt',
  'exportStatementCsv',
  'listTopups',
  'getTopup',
  'getTopupMethods',
  'createTopup',
  'payCommissions',
  'listWalletRefunds',
  'listRefundableTopups',
  'requestTopupRefund',
  'listBankAccounts',
  'addBankAccount',
  'removeBankAccount',
  'requestPayout',
  'listPayouts',
  'getStripeAccount',
  'linkStripeAccount',
  'refreshStripeAccount',
  'getAgencyEarnings',
  'exportAgencyEarningsCsv',
  'getAgencySettlement',
  'exportAgencySettlementCsv',
  // the roster and the agency's record
  'inviteToAgencyRoster',
  'changeAgencyRosterInvitation',
  'withdrawAgencyRosterInvitation',
  'endAgencyMembershipByAgency',
  'updateAgencyProfile',
  // the agency's systems
  'listApiKeys',
  'createApiKey',
  'revokeApiKey',
  'listWebhookEndpoints',
  'createWebhookEndpoint',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'rotateWebhookSecret',
  'sendWebhookTestEvent',
  'listWebhookDeliveries',
  'resendWebhookDelivery',
  // the staff
  'listAgencyStaff',
  'inviteAgencyStaff',
  'withdrawAgencyStaffInvitation',
  'changeAgencyStaffRole',
  'removeAgencyStaff',
];

const ACCESS = new Map<string, StaffAccess>([
  ...SELF.map((op) => [op, 'self'] as const),
  ...OPERATOR.map((op) => [op, 'operator'] as const),
  ...ADMIN.map((op) => [op, 'admin'] as const),
]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what an agency's staff member may do with this operation, decided once as the route is registered (decision 0067) */
    staffAccess?: StaffAccess | 'public' | 'none';
  }
}

const operationOf = (schema: unknown): string | undefined => (schema as { operationId?: string } | undefined)?.operationId;

/** What a staff member may do with an operation: its access, `public` (no sign-in needed) or `none`. */
export function staffAccessOf(route: Pick<RouteOptions, 'schema' | 'config' | 'onRequest' | 'preValidation' | 'preHandler'>): StaffAccess | 'public' | 'none' {
  const op = operationOf(route.schema);
  const listed = op ? ACCESS.get(op) : undefined;
  if (listed) return listed;
  // acting for the roster is what a 运营 is for
  if ((route.config as { onBehalf?: unknown } | undefined)?.onBehalf) return 'operator';
  return requiresSignIn(route) ? 'none' : 'public';
}

/** A staff member's session as its agency (the owner's account, `staff` naming who acts); anybody else unchanged. */
export const staffAsAgency = (user: AuthUser): AuthUser =>
  user.staff && !user.apiKeyId
    ? { id: user.staff.ownerUserId, email: user.staff.ownerEmail, userType: 'agency', sessionId: user.sessionId, staff: user.staff }
    : user;

type Mapped = FastifyRequest & { staffMapped?: AuthUser };

/** Registered after the sessions and the API keys, before acting on behalf and the routes (app.ts). */
export function registerStaffAccess(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), staffAccess: staffAccessOf(route) };
  });

  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    const user = await request.getUser();
    const staff = user?.staff;
    if (!user || !staff || user.apiKeyId) return;
    const access = request.routeOptions.config?.staffAccess ?? 'none';
    if (access === 'self' || access === 'public') return;
    if (access === 'none') throw new AppError('AGENCY_STAFF_NOT_ALLOWED');
    if (access === 'admin' && staff.role !== 'admin') throw new AppError('AGENCY_STAFF_ADMIN_ONLY');
    const asAgency = staffAsAgency(user);
    actAs(request, asAgency);
    (request as Mapped).staffMapped = asAgency;
  });

  // a staff member's state changes as the agency, in the audit log (acting on behalf is recorded by its own hook)
  app.addHook('onSend', async (request, reply, payload) => {
    const mapped = (request as Mapped).staffMapped;
    if (!mapped?.staff || !MUTATING.has(request.method) || reply.statusCode >= 400) return payload;
    if ((await request.getUser())?.onBehalf) return payload;
    const s = mapped.staff;
    const operation = operationOf(request.routeOptions.schema) ?? 'unknown';
    try {
      await audit(ctx.db, {
        adminId: null,
        action: 'agency_staff',
        description: `机构 ${s.agencyName}（${s.name}）：${operation}`,
        targetType: 'agency',
        targetId: s.agencyId,
        after: { agencyId: s.agencyId, staffUserId: s.userId, staffRole: s.role, operation, path: request.url.split('?')[0]!.slice(0, 500) },
        ip: request.ip,
      });
    } catch (err) {
      request.log.warn({ ...safeErrorLog(err), agencyId: s.agencyId }, 'staff action not audited');
    }
    return payload;
  });
}
