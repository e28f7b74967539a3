/**
 * Writes of the people pages that can meet on one row, fired together many rounds (100 on
 * PostgreSQL, which CI runs with TEST_DATABASE_URL; fewer on PGlite, which runs one transaction at a
 * time): follow × follow, follow × unfollow, and two first messages of one company to one influencer.
 * Every request must succeed (no 500 from a duplicate key) and only legal rows remain.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeInfluencer } from '../../db/factories';
import { companyFollows, conversationMessages, conversations } from '../../db/schema';
import { Client, createTestApp, type TestApp } from '../../test/harness';
import { hashPassword } from '../auth';
import { PGLITE_ROUNDS } from '../../test/race';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? (onPostgres ? 50 : PGLITE_ROUNDS));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' });
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(email: string) {
  const c = new Client(t.app);
  expect((await c.post('/api/auth/login', { email, password: 'secret123' })).statusCode).toBe(200);
  return c;
}

describe('follow', () => {
  it('follow × follow and follow × unfollow in both orders leave at most one follow and never fail', { timeout: 300_000 }, async () => {
    const db = t.app.ctx.db;
    const { user, influencer } = await makeInfluencer(db, { isApproved: true });
    const c = await signedIn(user.email);
    for (let round = 0; round < ROUNDS; round++) {
      const { company } = await makeCompany(db);
      const url = `/api/companies/${company.id}/follow`;
      const follow = () => c.request({ method: 'POST', url });
      const unfollow = () => c.request({ method: 'DELETE', url });
      const pair = round % 3 === 0 ? [follow, follow] : round % 3 === 1 ? [follow, unfollow] : [unfollow, follow];
      const answers = await Promise.all(pair.map((f) => f()));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const [{ n }] = await db
        .select({ n: count() })
        .from(companyFollows)
        .where(and(eq(companyFollows.companyId, company.id), eq(companyFollows.influencerId, influencer.id)));
      expect(n).toBeLessThanOrEqual(1);
      if (round % 3 === 0) expect(n).toBe(1);
      // the count the server answers is the number of rows at that moment: 0 or 1 here
      for (const a of answers) expect([0, 1]).toContain(a.json().followersCount);
    }
  });
});

describe('contact', () => {
  it('two first messages of one company to one influencer at once make one conversation with both messages', { timeout: 300_000 }, async () => {
    const db = t.app.ctx.db;
    const passwordHash = await hashPassword('secret123');
    // a company per round: the contact limit is 20 messages per company per hour
    for (let round = 0; round < ROUNDS; round++) {
      const co = await makeCompany(db, { user: { passwordHash } });
      const c = await signedIn(co.user.email);
      const { influencer } = await makeInfluencer(db, { isApproved: true, user: { passwordHash } });
      const send = (text: string) => c.post(`/api/influencers/${influencer.id}/contact`, { message: text });
      const answers = await Promise.all([send(`你好 A${round}`), send(`你好 B${round}`)]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const rows = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.companyId, co.company.id), eq(conversations.influencerId, influencer.id)));
      expect(rows).toHaveLength(1);
      const [{ n }] = await db.select({ n: count() }).from(conversationMessages).where(eq(conversationMessages.conversationId, rows[0].id));
      expect(n).toBe(2);
    }
  });
});
