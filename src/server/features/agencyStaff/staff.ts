/**
 * An agency's staff accounts (子账号, issue 40 item 5, decision 0067): invitations by e-mail (a single-use link valid
 * 7 days; only its SHA-256 is stored), accepting one (a new account of type agency, or a former staff member's account
 * taking a new name and password), the list, a role changed, a member removed (their sessions end at once).
 * What staff may do is decided in staffAccess.ts; here the agency is always the signed-in agency's owner's.
 */
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  AcceptAgencyStaffInvitation,
  AgencyStaffInvitationInfo,
  AgencyStaffInviteRequest,
  AgencyStaffMember,
  AgencyStaffResponse,
  AgencyStaffRole,
} from '../../../shared/schemas/agencyStaff';
import type { PageQuery } from '../../../shared/schemas/common';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import { agencies, agencyStaff, agencyStaffInvitations, sessions, userProfiles, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mailQueue';
import type { AuthUser } from '../../platform/session';
import { hashPassword, siteOrigin } from '../auth';
import { agencyOfUser } from '../agencies';

const INVITE_TTL_MS = 7 * 24 * 3600_000;
/** active members and open invitations together */
export const STAFF_MAX = 20;

const ROLE_ZH: Record<AgencyStaffRole, string> = { admin: '管理员', operator: '运营' };
const ROLE_EN: Record<AgencyStaffRole, string> = { admin: 'administrator', operator: 'operator' };
const asRole = (v: string): AgencyStaffRole => (v === 'admin' ? 'admin' : 'operator');

async function ownAgency(db: DbOrTx, ownerUserId: string) {
  const agency = await agencyOfUser(db, ownerUserId);
  if (!agency) throw new AppError('AGENCY_NOT_FOUND');
  return agency;
}

async function openInvitations(db: DbOrTx, agencyId: string, now: Date) {
  return db
    .select()
    .from(agencyStaffInvitations)
    .where(
      and(
        eq(agencyStaffInvitations.agencyId, agencyId),
        isNull(agencyStaffInvitations.acceptedAt),
        isNull(agencyStaffInvitations.revokedAt),
        gt(agencyStaffInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(agencyStaffInvitations.createdAt));
}

/** GET /api/agency/staff: the active members (a page) and the open invitations. */
export async function listStaff(ctx: AppContext, ownerUserId: string, q: PageQuery): Promise<AgencyStaffResponse> {
  const agency = await ownAgency(ctx.db, ownerUserId);
  const where = and(eq(agencyStaff.agencyId, agency.id), eq(agencyStaff.status, 'active'));
  const [rows, [total], invitations] = await Promise.all([
    ctx.db
      .select({
        id: agencyStaff.id,
        userId: agencyStaff.userId,
        name: agencyStaff.name,
        email: users.email,
        role: agencyStaff.role,
        createdAt: agencyStaff.createdAt,
      })
      .from(agencyStaff)
      .innerJoin(users, eq(users.id, agencyStaff.userId))
      .where(where)
      .orderBy(asc(agencyStaff.createdAt), asc(agencyStaff.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(agencyStaff).where(where),
    openInvitations(ctx.db, agency.id, ctx.clock.now()),
  ]);
  return {
    items: rows.map((r) => ({ ...r, role: asRole(r.role), createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    page: q.page,
    limit: q.limit,
    invites: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: asRole(i.role),
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/** Whether an address may become a staff account: no account, or a former staff member's (type agency, no agency). */
async function staffableAccount(db: DbOrTx, email: string): Promise<{ userId: string } | null> {
  const [u] = await db
    .select({ id: users.id, userType: userProfiles.userType, ownAgency: agencies.id, deletedAt: users.deletedAt, suspendedAt: users.suspendedAt })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(agencies, eq(agencies.userId, users.id))
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!u) return null;
  const [active] = await db
    .select({ id: agencyStaff.id })
    .from(agencyStaff)
    .where(and(eq(agencyStaff.userId, u.id), eq(agencyStaff.status, 'active')))
    .limit(1);
  if (active) throw new AppError('AGENCY_STAFF_ALREADY');
  const [former] = await db.select({ id: agencyStaff.id }).from(agencyStaff).where(eq(agencyStaff.userId, u.id)).limit(1);
  if (!former || u.userType !== 'agency' || u.ownAgency || u.deletedAt || u.suspendedAt) throw new AppError('AGENCY_STAFF_EMAIL_TAKEN');
  return { userId: u.id };
}

/** POST /api/agency/staff/invitations: a mailed single-use link; a new one to the same address replaces the open one. */
export async function inviteStaff(ctx: AppContext, actor: AuthUser, input: AgencyStaffInviteRequest) {
  const now = ctx.clock.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  return ctx.db.transaction(async (tx) => {
    const agency = await ownAgency(tx, actor.id);
    // one at a time per agency: the limit below counts what is committed
    await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agency.id)).for('update');
    await staffableAccount(tx, input.email);
    await tx
      .update(agencyStaffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(agencyStaffInvitations.agencyId, agency.id),
          eq(agencyStaffInvitations.email, input.email),
          isNull(agencyStaffInvitations.acceptedAt),
          isNull(agencyStaffInvitations.revokedAt),
        ),
      );
    const [[members], open] = await Promise.all([
      tx
        .select({ n: count() })
        .from(agencyStaff)
        .where(and(eq(agencyStaff.agencyId, agency.id), eq(agencyStaff.status, 'active'))),
      openInvitations(tx, agency.id, now),
    ]);
    if (Number(members?.n ?? 0) + open.length >= STAFF_MAX) throw new AppError('AGENCY_STAFF_LIMIT', { max: STAFF_MAX });
    const [row] = await tx
      .insert(agencyStaffInvitations)
      .values({
        agencyId: agency.id,
        email: input.email,
        role: input.role,
        tokenHash: sha256(token),
        invitedByUserId: actor.staff?.userId ?? actor.id,
        expiresAt,
        createdAt: now,
      })
      .returning();
    const link = `${siteOrigin(ctx)}/agency-staff/accept?token=${encodeURIComponent(token)}`;
    // queued with the invitation: sent only if it is stored, and retried (decision 0040)
    await queueMail(tx, {
      direct: {
        kind: 'agency_staff_invite',
        to: input.email,
        locale: 'zh-CN',
        title: `${agency.name} 邀请您加入机构子账号 / ${agency.name} invites you to its team`,
        body:
          `机构「${agency.name}」邀请您以${ROLE_ZH[input.role]}身份加入其团队。请在 7 天内打开以下链接设置姓名和密码：\n${link}\n\n` +
          `The agency “${agency.name}” invites you to join its team as ${ROLE_EN[input.role]}. Open the link within 7 days to set your name and password:\n${link}`,
        link,
      },
    });
    return { id: row!.id, email: row!.email, role: asRole(row!.role), createdAt: row!.createdAt.toISOString(), expiresAt: row!.expiresAt.toISOString() };
  });
}

/** DELETE /api/agency/staff/invitations/{id}: an open invitation of this agency withdrawn (the link stops working). */
export async function withdrawStaffInvitation(ctx: AppContext, ownerUserId: string, id: string) {
  const agency = await ownAgency(ctx.db, ownerUserId);
  const [row] = await ctx.db
    .update(agencyStaffInvitations)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(agencyStaffInvitations.id, id),
        eq(agencyStaffInvitations.agencyId, agency.id),
        isNull(agencyStaffInvitations.acceptedAt),
        isNull(agencyStaffInvitations.revokedAt),
      ),
    )
    .returning({ id: agencyStaffInvitations.id });
  if (!row) throw new AppError('INVITE_INVALID');
}

async function memberOf(tx: DbOrTx, agencyId: string, id: string) {
  const [m] = await tx
    .select()
    .from(agencyStaff)
    .where(and(eq(agencyStaff.id, id), eq(agencyStaff.agencyId, agencyId), eq(agencyStaff.status, 'active')))
    .for('update');
  if (!m) throw new AppError('AGENCY_STAFF_NOT_FOUND');
  return m;
}

/** PATCH /api/agency/staff/{id}: a member's role; a staff member cannot change their own. */
export async function changeStaffRole(ctx: AppContext, actor: AuthUser, id: string, role: AgencyStaffRole): Promise<AgencyStaffMember> {
  return ctx.db.transaction(async (tx) => {
    const agency = await ownAgency(tx, actor.id);
    const m = await memberOf(tx, agency.id, id);
    if (actor.staff?.memberId === m.id) throw new AppError('AGENCY_STAFF_SELF');
    await tx.update(agencyStaff).set({ role }).where(eq(agencyStaff.id, m.id));
    const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, m.userId));
    return { id: m.id, userId: m.userId, name: m.name, email: u?.email ?? '', role, createdAt: m.createdAt.toISOString() };
  });
}

/** DELETE /api/agency/staff/{id}: the member removed; every session of theirs ends in the same transaction. */
export async function removeStaff(ctx: AppContext, actor: AuthUser, id: string) {
  await ctx.db.transaction(async (tx) => {
    const agency = await ownAgency(tx, actor.id);
    const m = await memberOf(tx, agency.id, id);
    if (actor.staff?.memberId === m.id) throw new AppError('AGENCY_STAFF_SELF');
    await tx.update(agencyStaff).set({ status: 'removed', removedAt: ctx.clock.now() }).where(eq(agencyStaff.id, m.id));
    await tx.delete(sessions).where(eq(sessions.userId, m.userId));
  });
}

async function openInvitation(db: DbOrTx, token: string, now: Date, lock = false) {
  const q = db
    .select({ inv: agencyStaffInvitations, agencyName: agencies.name })
    .from(agencyStaffInvitations)
    .innerJoin(agencies, eq(agencies.id, agencyStaffInvitations.agencyId))
    .where(
      and(
        eq(agencyStaffInvitations.tokenHash, sha256(token)),
        isNull(agencyStaffInvitations.acceptedAt),
        isNull(agencyStaffInvitations.revokedAt),
        gt(agencyStaffInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update', { of: agencyStaffInvitations }) : await q;
  if (!row) throw new AppError('INVITE_INVALID');
  return row;
}

/** POST /api/agency-staff/invitation: what the link's holder is invited to. */
export async function inspectStaffInvitation(ctx: AppContext, token: string): Promise<AgencyStaffInvitationInfo> {
  const { inv, agencyName } = await openInvitation(ctx.db, token, ctx.clock.now());
  const existing = await staffableAccount(ctx.db, inv.email);
  return { agencyName, email: inv.email, role: asRole(inv.role), expiresAt: inv.expiresAt.toISOString(), existingAccount: Boolean(existing) };
}

/**
 * POST /api/agency-staff/accept: once. Creates the staff account (type agency, no agency of its own) with the name and
 * password given — or gives a former staff member's account the new name and password — and joins the agency.
 * Answers the user id to sign in.
 */
export async function acceptStaffInvitation(ctx: AppContext, input: AcceptAgencyStaffInvitation): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const { inv } = await openInvitation(tx, input.token, now, true);
      const existing = await staffableAccount(tx, inv.email);
      let userId: string;
      if (existing) {
        userId = existing.userId;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      } else {
        const [u] = await tx.insert(users).values({ email: inv.email, passwordHash }).returning({ id: users.id });
        userId = u!.id;
        await tx.insert(userProfiles).values({ userId, userType: 'agency' });
      }
      await tx
        .insert(agencyStaff)
        .values({ agencyId: inv.agencyId, userId, name: input.name, role: inv.role, invitedByUserId: inv.invitedByUserId, createdAt: now });
      await tx.update(agencyStaffInvitations).set({ acceptedAt: now }).where(eq(agencyStaffInvitations.id, inv.id));
      return userId;
    });
  } catch (err) {
    // the same address accepted twice at once, or signed up meanwhile
    if (isUniqueViolation(err)) throw new AppError('AGENCY_STAFF_ALREADY');
    throw err;
  }
}
