/**
 * Money under concurrency (decision 0018): a provider notification delivered twice at once, two finance
 * confirmations of one transfer at once, confirm against reject. Each round starts from a fresh pending
 * top-up; the outcome must be one of the two serial orders, the money must move at most once and the
 * ledger invariants must hold (50 rounds on PostgreSQL — CONCURRENCY_ROUNDS for more —, a few on PGlite, which runs one transaction at a time).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany } from '../../db/factories';
import { ledgerAccounts, ledgerEntries, topups } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import type { AuthUser } from '../../platform/session';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, type RaceOp, type RaceWorld, PGLITE_ROUNDS } from '../../test/race';
import { checkLedger } from './ledger';
import { confirmBankTransfer, createTopup, handleSandboxWebhook, rejectBankTransfer, sandboxProvider } from './service';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? (onPostgres ? 50 : PGLITE_ROUNDS));
const PARALLEL = onPostgres ? 4 : 1;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));

let t: TestApp;
let admin: AuthUser;
let company: AuthUser;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const a = await makeAdmin(t.app.ctx.db, { permissions: ['finance'] });
  admin = { id: a.id, email: a.email, userType: 'admin', sessionId: 'x' };
  const co = await makeCompany(t.app.ctx.db);
  company = { id: co.user.id, email: co.user.email, userType: 'company', sessionId: 'y' };
});
afterAll(async () => {
  if (t) expect(await checkLedger(t.app.ctx.db)).toEqual([]);
  await t?.close();
});

type World = { topupId: string; providerRef: string | null; before: number };
type Snap = { status: string; entries: number; moved: number; ledger: string[] };

const balance = async () => {
  const [a] = await t.app.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerId, company.id));
  return a?.balanceCents ?? 0;
};

const world = (method: 'sandbox' | 'bank_transfer'): RaceWorld<World, Snap> => ({
  async make() {
    const tp = await createTopup(t.app.ctx, company, { amountCents: 4321, method });
    const [row] = await t.app.ctx.db.select().from(topups).where(eq(topups.id, tp.id));
    return { topupId: tp.id, providerRef: row.providerRef, before: await balance() };
  },
  async snapshot(w) {
    const [row] = await t.app.ctx.db.select().from(topups).where(eq(topups.id, w.topupId));
    const entries = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `topup:${w.topupId}`));
    // rounds run side by side on one wallet: what this round moved is read from its own entry
    return { status: row.status, entries: entries.length, moved: row.status === 'succeeded' ? row.amountCents : 0, ledger: await checkLedger(t.app.ctx.db) };
  },
  violations: (s) => [
    ...s.ledger,
    ...(s.entries > 1 ? ['money moved twice'] : []),
    ...((s.status === 'succeeded') !== (s.entries === 1) ? ['status and ledger disagree'] : []),
  ],
});

const deliver: RaceOp<World> = {
  name: 'webhook',
  run: async (w) => {
    const raw = JSON.stringify({ id: `evt_${w.topupId}`, type: 'checkout.succeeded', providerRef: w.providerRef, amountCents: 4321 });
    const r = await handleSandboxWebhook(t.app.ctx, raw, sandboxProvider(t.app.ctx).sign(raw, clock.nowMs()));
    // both deliveries answer 200; which one was first does not matter to the provider
    return r.ok;
  },
};
const confirm: RaceOp<World> = { name: 'confirm', run: (w) => confirmBankTransfer(t.app.ctx, admin, w.topupId, null) };
const reject: RaceOp<World> = { name: 'reject', run: (w) => rejectBankTransfer(t.app.ctx, admin, w.topupId, '未收到', null) };

describe('money moves at most once', () => {
  it('a notification delivered twice at once', async () => {
    const before = await balance();
    const r = await raceAgainstSerial(world('sandbox'), deliver, deliver, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
    // every round (2 serial + ROUNDS together) credited 43.21 exactly once
    expect((await balance()) - before).toBe((ROUNDS + 2) * 4321);
  });

  it('two confirmations of one transfer at once: one succeeds, the other is told it was handled', async () => {
    const before = await balance();
    const r = await raceAgainstSerial(world('bank_transfer'), confirm, confirm, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
    expect(r.legal.map((l) => JSON.parse(l).outcomes)).toEqual([
      ['ok', 'TOPUP_NOT_PENDING'],
      ['TOPUP_NOT_PENDING', 'ok'],
    ]);
    expect((await balance()) - before).toBe((ROUNDS + 2) * 4321);
  });

  it('confirm against reject: whichever comes first wins, the money moves at most once', async () => {
    const r = await raceAgainstSerial(world('bank_transfer'), confirm, reject, { rounds: ROUNDS, parallel: PARALLEL });
    expect(r.illegal).toEqual([]);
    expect(r.legal).toHaveLength(2);
  });
});
