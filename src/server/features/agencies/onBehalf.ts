/**
 * Acting on behalf (代理操作, issue 25 item 3, decision 0045). An approved agency calls the influencer's own
 * operations with `?onBehalfOf=<influencers.id>`; the request then acts as that influencer (every rule of the
 * influencer applies) while the records name the agency too. This module is the one place that decides it:
 * - a route opts in with `config: { onBehalf: mode }` and merges `onBehalfQuery` into its querystring;
 * - one preValidation hook (before the route's own guard) resolves the parameter: any route that did not opt in
 *   refuses it (403), only an agency account may send it (401/403), approved (403 AGENCY_NOT_APPROVED), for an
 *   influencer on its roster (404 AGENCY_MEMBER_NOT_FOUND) as the mode requires; then `request.getUser()`
 *   answers the influencer, with `onBehalf` naming the agency;
 * - one onSend hook writes every successful state-changing on-behalf request to the audit log.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { agencies, agencyMemberships, agencyStaff, conversationMessages, conversations, dealDisputes, deals, influencers, users } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError, safeErrorLog } from '../../platform/errors';
import { actAs, type AuthUser, type OnBehalf } from '../../platform/session';
import { activeRosterMembership, agencyOfUser } from './model';
import { isUuid } from '../../../shared/ids';

/**
 * What an operation needs of the roster:
 * - `new`: a new action in the marketplace (apply, answer an invitation) and its reads — the membership in force
 *   (active, not past its end date);
 * - `deals`: the influencer's deals list — the membership active or ending (the list shows only the deals made
 *   under this agency);
 * - `deal` / `conversation`: an existing deal (`:id` is the deal, or the deal's conversation) — made under this
 *   agency for this influencer, the membership active or ending (the end takes effect once those deals finish).
 */
export type OnBehalfMode = 'new' | 'deals' | 'deal' | 'conversation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route accepts `?onBehalfOf=` from an agency for its roster (decision 0045) */
    onBehalf?: OnBehalfMode;
  }
}

/** the methods that change state (what the audit hooks record) */
export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const notMember = () => new AppError('AGENCY_MEMBER_NOT_FOUND');

/** the membership of this agency and influencer that still covers existing deals: active or ending */
async function hasOpenMembership(db: DbOrTx, agencyId: string, influencerId: string): Promise<boolean> {
  const [m] = await db
    .select({ id: agencyMemberships.id })
    .from(agencyMemberships)
    .where(
      and(eq(agencyMemberships.agencyId, agencyId), eq(agencyMemberships.influencerId, influencerId), inArray(agencyMemberships.status, ['active', 'ending'])),
    )
    .limit(1);
  return Boolean(m);
}

/** whether this agency had this influencer on its roster and the membership is ending or ended */
async function hadMembership(db: DbOrTx, agencyId: string, influencerId: string): Promise<boolean> {
  const [m] = await db
    .select({ id: agencyMemberships.id })
    .from(agencyMemberships)
    .where(
      and(eq(agencyMemberships.agencyId, agencyId), eq(agencyMemberships.influencerId, influencerId), inArray(agencyMemberships.status, ['ending', 'ended'])),
    )
    .limit(1);
  return Boolean(m);
}

/** the deal `:id` names (directly or through its conversation), if it is this agency's for this influencer */
async function dealUnderAgency(db: DbOrTx, mode: 'deal' | 'conversation', id: unknown, agencyId: string, influencerId: string): Promise<boolean> {
  if (typeof id !== 'string' || !isUuid(id)) return false;
  let dealId: string | null = id;
  if (mode === 'conversation') {
    const [c] = await db.select({ dealId: conversations.dealId }).from(conversations).where(eq(conversations.id, id)).limit(1);
    dealId = c?.dealId ?? null;
  }
  if (!dealId) return false;
  const [d] = await db.select({ agencyId: deals.agencyId, influencerId: deals.influencerId }).from(deals).where(eq(deals.id, dealId)).limit(1);
  return Boolean(d && d.agencyId === agencyId && d.influencerId === influencerId);
}

/**
 * The resolver: the influencer an agency user may act as for this operation, as the user the operation runs with
 * (`onBehalf` set), or an AppError (403 FORBIDDEN not an agency, 403 AGENCY_NOT_APPROVED, 404 AGENCY_MEMBER_NOT_FOUND).
 */
export async function resolveOnBehalf(
  ctx: AppContext,
  caller: AuthUser,
  influencerId: string,
  mode: OnBehalfMode,
  params: Record<string, unknown>,
): Promise<AuthUser> {
  if (caller.userType !== 'agency' || caller.onBehalf) throw new AppError('FORBIDDEN');
  const agency = await agencyOfUser(ctx.db, caller.id);
  if (!agency) throw new AppError('FORBIDDEN');
  if (agency.status !== 'approved') throw new AppError('AGENCY_NOT_APPROVED');
  if (!isUuid(influencerId)) throw notMember();
  const [inf] = await ctx.db
    .select({
      id: influencers.id,
      userId: influencers.userId,
      nickname: influencers.nickname,
      email: users.email,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
    })
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(eq(influencers.id, influencerId))
    .limit(1);
  if (!inf || inf.suspendedAt || inf.deletedAt) throw notMember();
  let readOnly = false;
  if (mode === 'new') {
    const m = await activeRosterMembership(ctx.db, inf.id, ctx.clock.now());
    if (!m || m.agencyId !== agency.id) {
      // a former member: say why (an old acting link), not that the influencer does not exist
      throw (await hadMembership(ctx.db, agency.id, inf.id)) ? new AppError('AGENCY_MEMBERSHIP_ENDED') : notMember();
    }
  } else {
    // the deals made under the agency stay its history after the membership ends: readable, never changed (decision 0061)
    if (!(await hasOpenMembership(ctx.db, agency.id, inf.id))) {
      if (!(await hadMembership(ctx.db, agency.id, inf.id))) throw notMember();
      readOnly = true;
    }
    if (mode !== 'deals' && !(await dealUnderAgency(ctx.db, mode, params.id, agency.id, inf.id))) throw notMember();
  }
  const onBehalf: OnBehalf = {
    agencyId: agency.id,
    agencyName: agency.name,
    agencyUserId: caller.id,
    influencerId: inf.id,
    nickname: inf.nickname,
    ...(readOnly ? { readOnly } : {}),
    ...(caller.staff ? { staff: { userId: caller.staff.userId, name: caller.staff.name } } : {}),
  };
  return { ...caller, id: inf.userId, email: inf.email, userType: 'influencer', onBehalf };
}

/** The agency behind a request acting on behalf, if any (for the services that record it). */
export const onBehalfAgencyId = (user: AuthUser): string | null => user.onBehalf?.agencyId ?? null;

/** Who acted for the record: the agency and, when one of its staff did, that staff member (decision 0067). */
export type ActedFor = { agencyId: string; actedByUserId: string | null };
export const actedFor = (user: AuthUser): ActedFor | null =>
  user.onBehalf ? { agencyId: user.onBehalf.agencyId, actedByUserId: user.onBehalf.staff?.userId ?? null } : null;

/** The uploads a request may attach (screenshots, evidence, message images): the influencer's and, acting on behalf, the agency user's. */
export const uploaderIds = (user: { id: string; onBehalf?: OnBehalf }): string[] => (user.onBehalf ? [user.id, user.onBehalf.agencyUserId] : [user.id]);

type Acting = FastifyRequest & { onBehalfUser?: AuthUser };

/** Registered after the sessions and the API keys, before the routes (app.ts). */
export function registerOnBehalf(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preValidation', async (request) => {
    // an address that is no operation answers its 404 as it would without the parameter
    if (!request.url.startsWith('/api/') || request.is404) return;
    const raw = (request.query as Record<string, unknown> | undefined)?.onBehalfOf;
    if (raw === undefined) return;
    const mode = request.routeOptions.config?.onBehalf;
    // the influencer's private operations (settings, password, bank accounts, payouts, wallet, reviews…) refuse it
    if (!mode) throw new AppError('FORBIDDEN');
    const caller = await request.getUser();
    if (!caller) throw new AppError('UNAUTHENTICATED');
    const user = await resolveOnBehalf(ctx, caller, typeof raw === 'string' ? raw : '', mode, (request.params ?? {}) as Record<string, unknown>);
    if (user.onBehalf?.readOnly && MUTATING.has(request.method)) throw new AppError('AGENCY_MEMBERSHIP_ENDED');
    actAs(request, user);
    (request as Acting).onBehalfUser = user;
  });

  // every state-changing on-behalf request that succeeded, in the audit log (no admin; target: the agency)
  app.addHook('onSend', async (request, reply, payload) => {
    const user = (request as Acting).onBehalfUser;
    if (!user?.onBehalf || !MUTATING.has(request.method) || reply.statusCode >= 400) return payload;
    const ob = user.onBehalf;
    const operation = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId ?? 'unknown';
    const params = (request.params ?? {}) as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const target = typeof params.id === 'string' ? params.id : typeof body.taskId === 'string' ? body.taskId : null;
    try {
      await audit(ctx.db, {
        adminId: null,
        action: 'agency_on_behalf',
        description: `机构 ${ob.agencyName}${ob.staff ? `（${ob.staff.name}）` : ''} 代 ${ob.nickname}：${operation}`,
        targetType: 'agency',
        targetId: ob.agencyId,
        after: {
          agencyId: ob.agencyId,
          agencyUserId: ob.agencyUserId,
          staffUserId: ob.staff?.userId ?? null,
          influencerId: ob.influencerId,
          operation,
          path: request.url.split('?')[0]!.slice(0, 500),
          target,
        },
        ip: request.ip,
      });
    } catch (err) {
      request.log.warn({ ...safeErrorLog(err), agencyId: ob.agencyId }, 'on-behalf action not audited');
    }
    return payload;
  });
}

/**
 * Who acted on behalf in some records (timeline entries, messages): a function from a record's agency and staff member
 * to `{ agencyId, agencyName, staffName }` (null when no agency acted). Two statements whatever the number of records.
 */
export async function actedOnBehalfRefs(
  db: DbOrTx,
  records: { onBehalfAgencyId: string | null; actedByUserId: string | null }[],
): Promise<
  (r: { onBehalfAgencyId: string | null; actedByUserId: string | null }) => { agencyId: string; agencyName: string; staffName: string | null } | null
> {
  const agencyRefs = await onBehalfRefs(
    db,
    records.map((r) => r.onBehalfAgencyId),
  );
  const staffIds = [...new Set(records.map((r) => r.actedByUserId).filter((x): x is string => Boolean(x)))];
  const staff = staffIds.length
    ? await db
        .select({ userId: agencyStaff.userId, agencyId: agencyStaff.agencyId, name: agencyStaff.name })
        .from(agencyStaff)
        .where(inArray(agencyStaff.userId, staffIds))
    : [];
  const nameOf = (agencyId: string, userId: string | null) =>
    userId ? (staff.find((s) => s.userId === userId && s.agencyId === agencyId)?.name ?? null) : null;
  return (r) => {
    const ref = r.onBehalfAgencyId ? agencyRefs.get(r.onBehalfAgencyId) : undefined;
    return ref ? { ...ref, staffName: nameOf(ref.agencyId, r.actedByUserId) } : null;
  };
}

/** The names of the agencies that acted on behalf in some records (timeline entries, messages): id → `{ agencyId, agencyName }`. */
export async function onBehalfRefs(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, { agencyId: string; agencyName: string }>> {
  const unique = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!unique.length) return new Map();
  const rows = await db.select({ agencyId: agencies.id, agencyName: agencies.name }).from(agencies).where(inArray(agencies.id, unique));
  return new Map(rows.map((r) => [r.agencyId, r]));
}

/**
 * Whether an agency user may read a private deal file (GET /api/deal-files/{id}) it did not upload: one attached to a
 * deal made under its agency — a report screenshot, dispute evidence or an image in the deal's conversation — also
 * after the membership ended (the deal stays its history to read, decision 0061), the rule of reading the deal itself
 * on behalf (mode `deal`). So the agency sees in the deal room what the influencer sees, and nothing of any other deal.
 */
export async function agencyMayReadDealFile(db: DbOrTx, agencyUserId: string, fileId: string): Promise<boolean> {
  const agency = await agencyOfUser(db, agencyUserId);
  if (!agency || agency.status !== 'approved') return false;
  const [hit] = await db
    .select({ id: deals.id })
    .from(deals)
    .leftJoin(dealDisputes, eq(dealDisputes.dealId, deals.id))
    .where(
      and(
        eq(deals.agencyId, agency.id),
        sql`(${fileId}::uuid = any(${deals.reportScreenshots}) or ${fileId}::uuid = any(${dealDisputes.evidence}) or ${fileId}::uuid = any(${dealDisputes.answerEvidence})
          or exists (select 1 from ${conversationMessages} inner join ${conversations} on ${conversations.id} = ${conversationMessages.conversationId}
            where ${conversations.dealId} = ${deals.id} and ${fileId}::uuid = any(${conversationMessages.images})))`,
      ),
    )
    .limit(1);
  return Boolean(hit);
}
