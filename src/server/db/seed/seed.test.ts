/**
 * The demo seed (decision 0015): every rating on the site is the average of published reviews on
 * completed deals — influencers, companies and the videos' copy — and the demo influencer is the best
 * rated (the people browser test relies on it). Every account it makes is a demo account and its money is
 * demo money (decision 0032).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCreditCode } from '../../../shared/creditCode';
import { companies, companyVerificationRequests, deals, influencers, ledgerAccounts, ledgerEntries, reviews, topups, uploads, users, videos } from '../schema';
import { demoBalances } from '../../features/demo';
import { removeDemoData } from '../../features/demo';
import { checkLedger } from '../../features/money';
import { makeAdmin } from '../factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { DEMO_ACCOUNTS, seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const avg = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : 0);

describe('demo seed', () => {
  it('backs every rating with published reviews of completed deals', async () => {
    const db = t.app.ctx.db;
    const rows = await db.select({ r: reviews, status: deals.status }).from(reviews).innerJoin(deals, eq(deals.id, reviews.dealId));
    expect(rows.length).toBeGreaterThan(0);
    for (const { r, status } of rows) {
      expect(status).toBe('completed');
      expect(r.revealedAt).not.toBeNull();
    }
    const published = rows.map((x) => x.r).filter((r) => r.revealedAt && !r.hiddenAt);
    const infs = await db.select().from(influencers);
    for (const i of infs) {
      const of = published.filter((r) => r.authorSide === 'company' && r.influencerId === i.id).map((r) => r.rating);
      expect({ nickname: i.nickname, rating: i.rating, totalReviews: i.totalReviews }).toEqual({
        nickname: i.nickname,
        rating: avg(of),
        totalReviews: of.length,
      });
      expect(of.length, `${i.nickname} has reviews`).toBeGreaterThan(0);
    }
    for (const c of await db.select().from(companies)) {
      const of = published.filter((r) => r.authorSide === 'influencer' && r.companyId === c.id).map((r) => r.rating);
      expect({ name: c.companyName, rating: c.avgRating }).toEqual({ name: c.companyName, rating: avg(of) });
    }
    for (const v of await db.select().from(videos)) {
      expect(v.influencerRating).toBe(infs.find((i) => i.id === v.influencerId)?.rating);
    }
  });

  it('every verified company carries its evidence: a valid 统一社会信用代码 and a licence image, approved (decision 0028)', async () => {
    const db = t.app.ctx.db;
    const list = await db.select().from(companies);
    expect(list.some((c) => !c.isVerified)).toBe(true);
    for (const c of list.filter((x) => x.isVerified)) {
      expect(isValidCreditCode(c.verifiedCreditCode ?? ''), c.companyName).toBe(true);
      expect(c.businessLicense).toBe(c.verifiedCreditCode);
      const [req] = await db.select().from(companyVerificationRequests).where(eq(companyVerificationRequests.companyId, c.id));
      expect(req).toMatchObject({ status: 'approved', creditCode: c.verifiedCreditCode, companyName: c.companyName });
      const [file] = await db
        .select()
        .from(uploads)
        .where(eq(uploads.id, req.licenseUploadId ?? ''));
      expect(file).toMatchObject({ purpose: 'business-license', ownerUserId: c.userId });
      expect(file.storageKey.startsWith('private/')).toBe(true);
      expect(await t.app.ctx.storage.get(file.storageKey)).not.toBeNull();
    }
  });

  it('marks every account it makes as a demo account, and books its money against world_demo, never as a top-up (decision 0032)', async () => {
    const db = t.app.ctx.db;
    const all = await db.select({ email: users.email, isDemo: users.isDemo }).from(users);
    expect(all.length).toBeGreaterThan(10);
    expect(all.filter((u) => !u.isDemo)).toEqual([]);
    expect(await db.select().from(topups)).toEqual([]);
    const [world] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'world_demo'));
    expect(world.balanceCents).toBe(-(50_000_000 + 150_000));
    // the grants, and the demo agency's deal: its fee paid at acceptance and its settlement (the agency's split)
    const kinds = (await db.selectDistinct({ kind: ledgerEntries.kind }).from(ledgerEntries)).map((k) => k.kind).sort();
    expect(kinds).toEqual(['deal_fee', 'deal_settle', 'demo_grant']);
    const demo = await demoBalances(db);
    // the platform's fee on that deal (10 % of ¥4,000.00) came out of demo money: counted apart from real revenue
    expect(demo).toMatchObject({ grantedCents: 50_150_000, heldByDemoCents: 50_110_000, platformFeeCents: 40_000, realUsers: [] });
  });

  it('the demo influencer is the best rated', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/influencers?limit=50' })).json() as { items: { nickname: string; rating: number }[] };
    const [demo] = await t.app.ctx.db
      .select({ nickname: influencers.nickname })
      .from(influencers)
      .innerJoin(users, eq(users.id, influencers.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.influencer));
    expect(list.items[0].nickname).toBe(demo.nickname);
    expect(list.items[0].rating).toBeGreaterThan(list.items[1].rating);
  });

  // last: it takes the demo data away
  it('the whole demo data can be removed in one go: nothing of it is left, the ledger balances (decision 0032)', async () => {
    const db = t.app.ctx.db;
    const admin = await makeAdmin(db);
    const [avatar] = await db.select({ url: influencers.avatarUrl }).from(influencers).limit(1);
    const removed = await removeDemoData(t.app.ctx, admin.id, { ip: '127.0.0.1' });
    expect(removed).toMatchObject({ accounts: 14, tasks: expect.any(Number) as number, demoMoneyCents: 50_150_000 });
    expect(removed.tasks).toBeGreaterThan(8);
    expect((await db.select({ id: users.id }).from(users)).map((u) => u.id)).toEqual([admin.id]);
    for (const table of [companies, influencers, deals, reviews, videos, uploads, topups, ledgerEntries]) {
      expect(await db.select().from(table)).toEqual([]);
    }
    // only the platform's own fee account is left (the demo deal's fee taken back with its entries), at zero
    expect(await db.select({ kind: ledgerAccounts.kind, balanceCents: ledgerAccounts.balanceCents }).from(ledgerAccounts)).toEqual([
      { kind: 'platform_fee_revenue', balanceCents: 0 },
    ]);
    expect(await checkLedger(db)).toEqual([]);
    expect(await t.app.ctx.storage.get((avatar.url ?? '').replace('/uploads/', ''))).toBeNull();
  });
});
