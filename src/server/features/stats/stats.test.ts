/** GET /api/stats/home: the home stats strip, counted from the data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeInfluencer, makeTask, makeUser } from '../../db/factories';
import { Client, createTestApp, signupCompany, signupInfluencer, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const stats = async () => {
  const res = await new Client(t.app).get('/api/stats/home');
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/stats/home', () => {
  it('is all zeros on an empty database', async () => {
    expect(await stats()).toEqual({ registeredUsers: 0, partnerBrands: 0, successCases: 0, liveSessions: 0 });
  });

  it('counts users, brands, completed tasks and live sessions', async () => {
    const db = t.app.ctx.db;
    const { company: brandA } = await makeCompany(db);
    const { company: brandB } = await makeCompany(db);
    await makeInfluencer(db, { totalLiveCount: 7 });
    await makeInfluencer(db, { totalLiveCount: 5 });
    await makeUser(db, { userType: 'admin' });
    await makeTask(db, { companyId: brandA.id, status: 'completed' });
    await makeTask(db, { companyId: brandB.id, status: 'completed' });
    await makeTask(db, { companyId: brandB.id, status: 'open' });
    await makeTask(db, { companyId: brandB.id, status: 'cancelled' });
    await makeTask(db, { companyId: brandA.id, status: 'in_progress' });
    expect(await stats()).toEqual({ registeredUsers: 5, partnerBrands: 2, successCases: 2, liveSessions: 12 });

    // sign-ups through the API count as registered users at once (a new influencer has no live sessions yet)
    await signupInfluencer(t.app);
    await signupCompany(t.app);
    const after = await stats();
    expect(after.registeredUsers).toBe(7);
    expect(after.liveSessions).toBe(12);
    expect(after.successCases).toBe(2);
  });

  it('is public and cacheable for a minute', async () => {
    const res = await new Client(t.app).get('/api/stats/home');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
