/**
 * A company with money, an approved influencer on an (approved) agency's roster at `share` %, each signed in — the
 * starting point of the agency tests (decision 0044). The roster is made through the API: the agency invites, the
 * influencer accepts.
 */
import { expect } from 'vitest';
import { fundWallet, makeAgency, makeCompany, makeInfluencer } from '../db/factories';
import { signedIn, type TestApp } from './harness';

export async function makeRosterWorld(t: TestApp, share: number, passwordHash: string) {
  const db = t.app.ctx.db;
  const co = await makeCompany(db, { user: { passwordHash } });
  await fundWallet(db, { userId: co.user.id, userType: 'company', cents: 10_000_000 });
  const inf = await makeInfluencer(db, { user: { passwordHash }, isApproved: true });
  const ag = await makeAgency(db, { user: { passwordHash } });
  const a = await signedIn(t.app, ag.user.email);
  const i = await signedIn(t.app, inf.user.email);
  const inv = (await a.post('/api/agency/roster-invitations', { influencerId: inf.influencer.id, shareBps: share * 100 })).json().invitation;
  expect((await i.post(`/api/agency-invitations/${inv.id}/accept`)).statusCode).toBe(200);
  return { co, inf, ag, a, i, c: await signedIn(t.app, co.user.email) };
}
