/**
 * Staff accounts under concurrency (decision 0067): one invitation accepted from two browsers at once (one account,
 * one member: the invitation's row lock and the unique active membership), the agency withdrawing an invitation while
 * it is accepted, and a member removed while its role changes. Each round must end as one of the two serial orders.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency } from '../../db/factories';
import { agencyStaff, agencyStaffInvitations, mailQueue, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { AuthUser } from '../../platform/session';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, raceRounds, type RaceOp } from '../../test/race';
import { acceptStaffInvitation, changeStaffRole, inviteStaff, removeStaff, withdrawStaffInvitation } from './staff';

const { rounds: ROUNDS, parallel: PARALLEL, onPostgres } = raceRounds();

let t: TestApp;
let ctx: AppContext;

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.app.ctx;
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
type World = { owner: AuthUser; email: string; invitationId: string; token: string; memberId?: string };

/** an agency of its own (the staff limit is per agency) and an open invitation whose token the test knows (from the queued mail) */
async function makeWorld(): Promise<World> {
  const made = await makeAgency(ctx.db, { user: { passwordHash: 'not-a-real-hash' } });
  const owner: AuthUser = { id: made.user.id, email: made.user.email, userType: 'agency', sessionId: '' };
  const email = `race-${process.pid}-${(n += 1)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const inv = await inviteStaff(ctx, owner, { email, role: 'operator' });
  const [mail] = await ctx.db.select({ payload: mailQueue.payload }).from(mailQueue).where(eq(mailQueue.to, email)).orderBy(desc(mailQueue.createdAt)).limit(1);
  const token = decodeURIComponent(String(mail?.payload.link).split('token=')[1]);
  return { owner, email, invitationId: inv.id, token };
}

async function withMember(): Promise<World> {
  const w = await makeWorld();
  const userId = await acceptStaffInvitation(ctx, { token: w.token, name: '张三', password: 'secret123', confirmPassword: 'secret123' });
  const [m] = await ctx.db.select().from(agencyStaff).where(eq(agencyStaff.userId, userId));
  return { ...w, memberId: m!.id };
}

async function snapshot(w: World) {
  const accounts = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, w.email));
  const members = accounts.length
    ? await ctx.db
        .select({ status: agencyStaff.status, role: agencyStaff.role, name: agencyStaff.name })
        .from(agencyStaff)
        .where(eq(agencyStaff.userId, accounts[0]!.id))
    : [];
  const [inv] = await ctx.db.select().from(agencyStaffInvitations).where(eq(agencyStaffInvitations.id, w.invitationId));
  return {
    accounts: accounts.length,
    members: members.map((m) => `${m.status}:${m.role}`).sort(),
    invitation: inv?.acceptedAt ? 'accepted' : inv?.revokedAt ? 'revoked' : 'open',
  };
}
type Snap = Awaited<ReturnType<typeof snapshot>>;

function violations(s: Snap): string[] {
  const out: string[] = [];
  if (s.accounts > 1) out.push(`${s.accounts} accounts for one address`);
  if (s.members.filter((m) => m.startsWith('active')).length > 1) out.push('two active memberships');
  if (s.invitation === 'revoked' && s.members.length > 0 && s.members.some((m) => m.startsWith('active'))) out.push('a member from a withdrawn invitation');
  return out;
}

type Op = RaceOp<World>;
const acceptAs = (name: string): Op => ({
  name: `accept as ${name}`,
  run: (w) => acceptStaffInvitation(ctx, { token: w.token, name, password: 'secret123', confirmPassword: 'secret123' }),
});
const withdraw: Op = { name: 'the agency withdraws', run: (w) => withdrawStaffInvitation(ctx, w.owner.id, w.invitationId) };
const remove: Op = { name: 'remove', run: (w) => removeStaff(ctx, w.owner, w.memberId!) };
const promote: Op = { name: 'make admin', run: (w) => changeStaffRole(ctx, w.owner, w.memberId!, 'admin') };

describe(`staff accounts under concurrency (${ROUNDS} rounds${onPostgres ? ', PostgreSQL' : ', PGlite'})`, () => {
  it('one invitation accepted from two browsers at once: one account, one member', async () => {
    const r = await raceAgainstSerial({ make: makeWorld, snapshot, violations }, acceptAs('张三'), acceptAs('李四'), { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
  }, 600_000);

  it('the agency withdraws the invitation while it is accepted', async () => {
    const r = await raceAgainstSerial({ make: makeWorld, snapshot, violations }, acceptAs('张三'), withdraw, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
  }, 600_000);

  it('a member removed while its role changes', async () => {
    const r = await raceAgainstSerial({ make: withMember, snapshot, violations }, remove, promote, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
  }, 600_000);
});
