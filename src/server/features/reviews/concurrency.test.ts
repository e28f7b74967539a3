/**
 * Review writes that meet (decision 0015), fired together many rounds (50 on PostgreSQL with
 * TEST_DATABASE_URL; fewer on PGlite, which runs one transaction at a time): the answers and rows must
 * be those of one of the two serial orders, every written review of a deal is revealed exactly once
 * when both exist, and the stored ratings equal the averages of the published reviews.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeCompany, makeInfluencer, makeReviewedDeal } from '../../db/factories';
import { companies, influencers, notifications, reviews } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import type { AuthUser } from '../../platform/session';
import { createTestApp, type TestApp } from '../../test/harness';
import { raceAgainstSerial, type RaceOp, PGLITE_ROUNDS } from '../../test/race';
import { replyToReview, setReviewHidden, writeReview } from './service';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? (onPostgres ? 50 : PGLITE_ROUNDS));
const PARALLEL = onPostgres ? 4 : 1;
const H = 3600_000;
const clock = new ManualClock(new Date('2026-12-01T02:00:00Z'));

let t: TestApp;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  adminId = (await makeAdmin(t.app.ctx.db, { permissions: ['content_moderation'] })).id;
});
afterAll(async () => {
  await t?.close();
});

/**
 * One influencer with two completed deals (two companies). `kind` says what is written already:
 * - fresh: nothing (the two sides of deal 1 write at once);
 * - influencer_wrote: the influencer's blind reviews of both deals (the two companies write at once,
 *   revealing two reviews of the same influencer);
 * - revealed: both reviews of deal 1 published (the influencer replies twice at once);
 * - company_wrote: the company's blind review of deal 1 (the admin hides it while the influencer writes).
 */
type Kind = 'fresh' | 'influencer_wrote' | 'revealed' | 'company_wrote';
type World = {
  influencerId: string;
  companyIds: string[];
  dealIds: string[];
  influencer: AuthUser;
  companies: AuthUser[];
  /** deals whose reviews were published when made */ preRevealed: number;
};

async function makeWorld(kind: Kind): Promise<World> {
  const db = t.app.ctx.db;
  const inf = await makeInfluencer(db);
  const cos = [await makeCompany(db), await makeCompany(db)];
  const dealIds: string[] = [];
  for (const [i, co] of cos.entries()) {
    const { deal } = await makeReviewedDeal(db, {
      companyId: co.company.id,
      influencerId: inf.influencer.id,
      completedAt: new Date(clock.nowMs() - H),
      now: clock.now(),
      byInfluencer: kind === 'influencer_wrote' || (kind === 'revealed' && i === 0) ? { rating: 4, comment: '不错' } : null,
      byCompany: (kind === 'revealed' || kind === 'company_wrote') && i === 0 ? { rating: 2, comment: '一般' } : null,
    });
    dealIds.push(deal.id);
  }
  const u = (x: { id: string; email: string }, userType: 'company' | 'influencer'): AuthUser => ({ id: x.id, email: x.email, userType, sessionId: 'x' });
  return {
    influencerId: inf.influencer.id,
    companyIds: cos.map((c) => c.company.id),
    dealIds,
    influencer: u(inf.user, 'influencer'),
    companies: cos.map((c) => u(c.user, 'company')),
    preRevealed: kind === 'revealed' ? 1 : 0,
  };
}

type Op = RaceOp<World>;
const companyWrites = (n: 0 | 1, rating: number): Op => ({
  name: `company ${n + 1} writes ${rating}`,
  run: (w) => writeReview(t.app.ctx, w.companies[n], w.dealIds[n], { rating, comment: `企业${n + 1}` }),
});
const influencerWrites = (rating: number): Op => ({
  name: `influencer writes ${rating}`,
  run: (w) => writeReview(t.app.ctx, w.influencer, w.dealIds[0], { rating, comment: '达人' }),
});
const influencerReplies = (text: string): Op => ({
  name: `influencer replies ${text}`,
  run: async (w) => {
    const [r] = await t.app.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.dealId, w.dealIds[0]), eq(reviews.authorSide, 'company')));
    await replyToReview(t.app.ctx, w.influencer, r.id, { reply: text });
  },
});
const adminHides: Op = {
  name: 'admin hides the company review',
  run: async (w) => {
    const [r] = await t.app.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.dealId, w.dealIds[0]), eq(reviews.authorSide, 'company')));
    await setReviewHidden(t.app.ctx, adminId, r.id, { reason: '辱骂' }, { ip: '127.0.0.1' });
  },
};

const PAIRS: [Kind, Op, Op][] = [
  ['fresh', companyWrites(0, 5), influencerWrites(3)],
  ['fresh', companyWrites(0, 5), companyWrites(0, 1)],
  ['influencer_wrote', companyWrites(0, 5), companyWrites(1, 2)],
  ['revealed', influencerReplies('甲'), influencerReplies('乙')],
  ['company_wrote', adminHides, influencerWrites(5)],
];

async function snapshot(w: World) {
  const db = t.app.ctx.db;
  const rows = await db.select().from(reviews).where(inArray(reviews.dealId, w.dealIds));
  const [inf] = await db.select({ rating: influencers.rating, total: influencers.totalReviews }).from(influencers).where(eq(influencers.id, w.influencerId));
  const cos = await db.select({ id: companies.id, rating: companies.avgRating }).from(companies).where(inArray(companies.id, w.companyIds));
  const userIds = [w.influencer.id, ...w.companies.map((c) => c.id)];
  const [{ revealNotes }] = await db
    .select({ revealNotes: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.type, 'deal_reviews_revealed')));
  const label = (dealId: string) => `deal${w.dealIds.indexOf(dealId) + 1}`;
  return {
    reviews: rows
      .map((r) => `${label(r.dealId)}:${r.authorSide}:${r.rating}:${r.revealedAt ? 'revealed' : 'blind'}:${r.hiddenAt ? 'hidden' : 'shown'}:${r.reply ?? '-'}`)
      .sort(),
    influencer: `${inf.rating}/${inf.total}`,
    companies: w.companyIds.map((id) => cos.find((c) => c.id === id)?.rating ?? null),
    /** reveal notices sent by the operations (each reveal by a second review tells the other side once) */
    revealNotes,
    preRevealed: w.preRevealed,
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

const avg = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : 0);

function violations(s: Snapshot): string[] {
  const out: string[] = [];
  const parsed = s.reviews.map((r) => {
    const [deal, side, rating, revealed, hidden] = r.split(':');
    return { deal, side, rating: Number(rating), revealed: revealed === 'revealed', hidden: hidden === 'hidden' };
  });
  for (const deal of ['deal1', 'deal2']) {
    const mine = parsed.filter((r) => r.deal === deal);
    if (mine.length > 2 || new Set(mine.map((r) => r.side)).size !== mine.length) out.push(`${deal} has ${mine.length} reviews (one per side at most)`);
    if (mine.length === 2 && !mine.every((r) => r.revealed)) out.push(`${deal}: both written but not both revealed`);
    if (mine.length === 1 && mine[0].revealed) out.push(`${deal}: a lone review revealed inside the window`);
  }
  const published = parsed.filter((r) => r.revealed && !r.hidden);
  const ofInfluencer = published.filter((r) => r.side === 'company').map((r) => r.rating);
  if (s.influencer !== `${avg(ofInfluencer)}/${ofInfluencer.length}`)
    out.push(`influencer rating ${s.influencer} is not the average of ${ofInfluencer.join(',') || 'nothing'}`);
  s.companies.forEach((rating, i) => {
    const of = published.filter((r) => r.side === 'influencer' && r.deal === `deal${i + 1}`).map((r) => r.rating);
    if (rating !== avg(of)) out.push(`company ${i + 1} rating ${rating} is not the average of ${of.join(',') || 'nothing'}`);
  });
  const reveals = ['deal1', 'deal2'].filter((d) => parsed.filter((r) => r.deal === d).length === 2).length - s.preRevealed;
  if (s.revealNotes !== reveals) out.push(`${s.revealNotes} reveal notices for ${reveals} reveals`);
  return out;
}

describe('review writes that meet', () => {
  for (const [kind, a, b] of PAIRS) {
    it(`${a.name} × ${b.name} (${kind})`, { timeout: 600_000 }, async () => {
      const { illegal, legal } = await raceAgainstSerial({ make: () => makeWorld(kind), snapshot, violations }, a, b, { rounds: ROUNDS, parallel: PARALLEL });
      expect([...new Set(illegal)], `${illegal.length} of ${ROUNDS} rounds illegal; legal outcomes: ${legal.join(' | ')}`).toEqual([]);
    });
  }
});
