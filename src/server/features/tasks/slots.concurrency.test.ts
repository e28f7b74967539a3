/**
 * Issue 14 (decision 0025): invitations and slots under concurrency. A task with 2 places, one already
 * filled (I0's accepted application and its deal); I1 and I2 hold pending invitations, I3 a pending
 * application. Every pair of changes that can meet on the task's last place is fired together many rounds
 * (50 on PostgreSQL; CONCURRENCY_ROUNDS for more); each round must end as one of the two serial orders and keep the invariants:
 * never more places filled than the task has, one deal per accepted application, nothing left waiting on a
 * task that stopped recruiting.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeCompany, makeInfluencer, makeTask, makeTaskCategory } from '../../db/factories';
import { deals, taskApplications, taskInvitations, tasks } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, raceRounds, type RaceOp } from '../../test/race';
import { fireDealEvent } from '../deals';
import { acceptInvitation, declineInvitation, invite, withdrawInvitation } from './invitations';
import { acceptApplication, applyOnce } from './applications';
import { cancelTask, closeRecruiting } from './lifecycle';

const { rounds: ROUNDS, parallel: PARALLEL, onPostgres } = raceRounds();

let t: TestApp;
let ctx: AppContext;
let companyUserId: string;
let companyId: string;
let categoryId: string;
type Label = 'I0' | 'I1' | 'I2' | 'I3' | 'I4';
const LABELS: Label[] = ['I0', 'I1', 'I2', 'I3', 'I4'];
const inf = {} as Record<Label, { userId: string; id: string }>;

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.app.ctx;
  const co = await makeCompany(ctx.db, { user: { passwordHash: 'not-a-real-hash' } });
  companyUserId = co.user.id;
  companyId = co.company.id;
  categoryId = (await makeTaskCategory(ctx.db, { name: '美妆' })).id;
  // every round's deals are funded from this wallet at acceptance
  await fundWallet(ctx.db, { userId: companyUserId, userType: 'company', cents: 1_000_000_000 });
  for (const l of LABELS) {
    const made = await makeInfluencer(ctx.db, { user: { passwordHash: 'not-a-real-hash' }, nickname: l, isApproved: true, status: 'active' });
    inf[l] = { userId: made.user.id, id: made.influencer.id };
  }
});
afterAll(async () => {
  await t?.close();
});

type World = { taskId: string; inv: Partial<Record<Label, string>>; app: Partial<Record<Label, string>> };

async function makeWorld(): Promise<World> {
  const task = await makeTask(ctx.db, { companyId, categoryId, slots: 2, maxApplicants: 10, budgetMinCents: 100_000, budgetMaxCents: 300_000 });
  const w: World = { taskId: task.id, inv: {}, app: {} };
  const first = await applyOnce(ctx, inf.I0.userId, { taskId: task.id, proposedRateCents: 150_000, message: null });
  await acceptApplication(ctx, companyUserId, first.id);
  w.app.I0 = first.id;
  for (const l of ['I1', 'I2'] as const) {
    w.inv[l] = (await invite(ctx, companyUserId, { taskId: task.id, influencerId: inf[l].id, message: '邀请', offeredRateCents: 200_000 })).id;
  }
  w.app.I3 = (await applyOnce(ctx, inf.I3.userId, { taskId: task.id, proposedRateCents: 180_000, message: null })).id;
  return w;
}

type Op = RaceOp<World>;
const acceptInv = (l: 'I1' | 'I2'): Op => ({ name: `accept invitation ${l}`, run: (w) => acceptInvitation(ctx, inf[l].userId, w.inv[l]!) });
const declineInv = (l: 'I1' | 'I2'): Op => ({ name: `decline invitation ${l}`, run: (w) => declineInvitation(ctx, inf[l].userId, w.inv[l]!, '没空') });
const withdrawInv = (l: 'I1' | 'I2'): Op => ({ name: `withdraw invitation ${l}`, run: (w) => withdrawInvitation(ctx, companyUserId, w.inv[l]!) });
const acceptApp: Op = { name: 'accept application I3', run: (w) => acceptApplication(ctx, companyUserId, w.app.I3!) };
const cancel: Op = { name: 'cancel task', run: (w) => cancelTask(ctx, { id: companyUserId, userType: 'company' }, w.taskId) };
const close: Op = { name: 'close recruiting', run: (w) => closeRecruiting(ctx, { id: companyUserId, userType: 'company' }, w.taskId) };
const inviteI4: Op = {
  name: 'invite I4',
  run: (w) => invite(ctx, companyUserId, { taskId: w.taskId, influencerId: inf.I4.id, message: '邀请', offeredRateCents: 200_000 }),
};
const applyI4: Op = { name: 'apply I4', run: (w) => applyOnce(ctx, inf.I4.userId, { taskId: w.taskId, proposedRateCents: 200_000, message: null }) };

const PAIRS: [Op, Op][] = [
  // two influencers take the last place at once: exactly N accepted
  [acceptInv('I1'), acceptInv('I2')],
  [acceptInv('I1'), acceptApp],
  // an invitation accepted as the task is cancelled, or recruiting ends
  [acceptInv('I1'), cancel],
  [acceptInv('I1'), close],
  // the same invitation answered and taken back
  [acceptInv('I1'), withdrawInv('I1')],
  [acceptInv('I1'), declineInv('I1')],
  [declineInv('I1'), withdrawInv('I1')],
  // a new invitation or application as the last place goes
  [acceptInv('I1'), inviteI4],
  [acceptInv('I1'), applyI4],
  [close, cancel],
];

const labelOf = (id: string | null) => (id === null ? null : (LABELS.find((l) => inf[l].id === id) ?? id));

async function snapshot(w: World) {
  const [task] = await ctx.db.select().from(tasks).where(eq(tasks.id, w.taskId));
  const apps = await ctx.db.select().from(taskApplications).where(eq(taskApplications.taskId, w.taskId));
  const invs = await ctx.db.select().from(taskInvitations).where(eq(taskInvitations.taskId, w.taskId));
  const ds = await ctx.db.select().from(deals).where(eq(deals.taskId, w.taskId));
  const by = <T extends { influencerId: string }>(rows: T[]) =>
    [...rows].sort((a, b) => String(labelOf(a.influencerId)).localeCompare(String(labelOf(b.influencerId))));
  return {
    task: { status: task.status, filled: task.currentApplicants, slots: task.slots },
    apps: by(apps).map((a) => ({ who: labelOf(a.influencerId), status: a.status, rate: a.proposedRateCents, responded: a.respondedAt !== null })),
    invitations: by(invs).map((v) => ({ who: labelOf(v.influencerId), status: v.status, linked: v.applicationId !== null, responded: v.respondedAt !== null })),
    deals: by(ds).map((d) => ({ who: labelOf(d.influencerId), status: d.status })),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

function violations(s: Snapshot): string[] {
  const out: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) out.push(what);
  };
  const accepted = s.apps.filter((a) => a.status === 'accepted');
  const live = s.deals.filter((d) => d.status !== 'cancelled');
  check(accepted.length <= s.task.slots, `${accepted.length} accepted for ${s.task.slots} places`);
  check(s.deals.length === accepted.length, 'not one deal per accepted application');
  for (const a of accepted)
    check(
      s.deals.some((d) => d.who === a.who),
      `${a.who} accepted without a deal`,
    );
  if (s.task.status === 'open') {
    check(s.task.filled === live.length, `an open task counts ${s.task.filled} filled for ${live.length} live deals`);
    check(s.task.filled < s.task.slots, 'an open task with every place filled');
  } else {
    check(!s.apps.some((a) => a.status === 'pending'), `a ${s.task.status} task with a pending application`);
    check(!s.invitations.some((v) => v.status === 'pending'), `a ${s.task.status} task with a pending invitation`);
  }
  if (s.task.status === 'in_progress') check(live.length >= 1, 'in progress without a live deal');
  if (s.task.status === 'cancelled') check(live.length === 0, 'a cancelled task with a live deal');
  for (const v of s.invitations) {
    check(v.linked === (v.status === 'accepted'), `${v.who}: invitation ${v.status} ${v.linked ? 'with' : 'without'} an application`);
    check(v.responded === (v.status !== 'pending'), `${v.who}: responded_at does not match ${v.status}`);
    if (v.status === 'accepted')
      check(
        accepted.some((a) => a.who === v.who),
        `${v.who}: accepted invitation, application not accepted`,
      );
  }
  check(new Set(s.apps.map((a) => a.who)).size === s.apps.length, 'two applications of one influencer');
  return out;
}

describe(`invitations and slots under concurrency (${ROUNDS} rounds, ${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  for (const [a, b] of PAIRS) {
    it(`${a.name} × ${b.name}`, { timeout: 900_000 }, async () => {
      const { illegal, legal } = await raceAgainstSerial({ make: makeWorld, snapshot, violations }, a, b, { rounds: ROUNDS, parallel: PARALLEL });
      const distinct = [...new Set(illegal)];
      expect(distinct, `${illegal.length} of ${ROUNDS} rounds illegal; legal outcomes: ${legal.join(' | ')}`).toEqual([]);
    });
  }

  // a full task's two deals end at once: they meet on the task row, which ends exactly once
  const cancelDealOf = (l: 'I0' | 'I1'): Op => ({
    name: `cancel ${l}'s deal`,
    run: async (w) => {
      const [d] = (await ctx.db.select({ id: deals.id, influencerId: deals.influencerId }).from(deals).where(eq(deals.taskId, w.taskId))).filter(
        (x) => x.influencerId === inf[l].id,
      );
      await fireDealEvent(
        ctx,
        { id: companyUserId, email: 'c@example.com', userType: 'company', sessionId: 'x' },
        d!.id,
        'cancel',
        { reason: '改期' },
        { ip: '127.0.0.1' },
      );
    },
  });
  const full = async () => {
    const w = await makeWorld();
    await acceptInvitation(ctx, inf.I1.userId, w.inv.I1!);
    return w;
  };
  it(`${cancelDealOf('I0').name} × ${cancelDealOf('I1').name} (full task)`, { timeout: 900_000 }, async () => {
    const { illegal, legal } = await raceAgainstSerial({ make: full, snapshot, violations }, cancelDealOf('I0'), cancelDealOf('I1'), {
      rounds: ROUNDS,
      parallel: PARALLEL,
    });
    expect([...new Set(illegal)], `${illegal.length} of ${ROUNDS} rounds illegal; legal outcomes: ${legal.join(' | ')}`).toEqual([]);
    expect(legal.every((l) => l.includes('"status":"cancelled","filled":2'))).toBe(true);
  });

  it('the serial outcomes are the ones the rules say (two invitations, one place)', async () => {
    const w = await makeWorld();
    await acceptInvitation(ctx, inf.I1.userId, w.inv.I1!);
    await expect(acceptInvitation(ctx, inf.I2.userId, w.inv.I2!)).rejects.toMatchObject({ code: 'INVITATION_STATE_CONFLICT' });
    const s = await snapshot(w);
    expect(s.task).toEqual({ status: 'in_progress', filled: 2, slots: 2 });
    expect(s.invitations.map((v) => v.status)).toEqual(['accepted', 'closed']);
    expect(s.apps.find((a) => a.who === 'I3')?.status).toBe('refused');
  });
});
