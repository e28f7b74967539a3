/**
 * Page addresses answer with their real status (decision 0030): an unknown address or a record this reader
 * cannot see is a 404 (410 for a task or video an admin deleted) with the not-found page painted in the
 * reader's language; a deal's address never says whether the deal exists to anyone but its parties.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeAgency, makeCompany, makeInfluencer, makeTask, makeVideo } from '../../db/factories';
import { agencyMemberships, users, userSettings } from '../../db/schema';
import { Client, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { makeReportedDeal } from '../../test/moneyDeal';
import { deleteAdminTask } from '../admin';
import { deleteVideo } from '../admin';
import { APP_ROUTES, DEV_ROUTES, isAppRoute } from './status';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(path.join(os.tmpdir(), 'lc-web-'));
  copyFileSync(path.resolve('src/web/index.html'), path.join(web, 'index.html'));
  t = await createTestApp({ PUBLIC_URL: 'https://live.example.com' }, { webDist: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

const UNKNOWN = '0b5f3c2e-8d1a-4c6b-9e7f-123456789abc';
const root = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div>\n\s*<script type="application\/json" id="first-data">/.exec(html)?.[1] ?? '';
const firstData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as {
    notFound?: { status: number; kind: string | null; path: string; signedIn: boolean };
    signedOut?: boolean;
    queries?: unknown;
  };
const visit = (url: string, lang?: 'en') => new Client(t.app).get(url, lang ? { cookie: `lang=${lang}` } : undefined);

/** the painted not-found page's heading and status code */
function expectNotFound(html: string, status: 404 | 410, heading: string, lang: 'zh-CN' | 'en' = 'zh-CN') {
  const paint = root(html);
  expect(html).toContain(`<html lang="${lang}">`);
  expect(paint).toContain('<section class="status-page" aria-labelledby="not-found-title"');
  expect(paint).toContain(`<p class="status-page__code" aria-hidden="true">${status}</p>`);
  expect(paint).toMatch(new RegExp(`<h1 id="not-found-title" class="status-page__title"(?: data-testid="[a-z-]+")?>${heading}</h1>`));
  expect(html).toContain('<meta name="robots" content="noindex" />');
  expect(html).not.toContain('rel="canonical"');
}

describe('unknown addresses', () => {
  it('answer 404 with the not-found page, in Chinese or in the language the visitor chose', async () => {
    for (const url of ['/nope', '/tasks/extra', '/task/a/b', '/admin/x', '/deals-x']) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expectNotFound(res.body, 404, '页面不存在');
      expect(res.body).toContain('<title>页面不存在 - 直播带货平台</title>');
      expect(firstData(res.body).notFound).toEqual({ status: 404, kind: null, path: url, signedIn: false });
    }
    const en = await visit('/nope', 'en');
    expect(en.statusCode).toBe(404);
    expectNotFound(en.body, 404, 'Page not found', 'en');
    expect(en.body).toContain('<title>Page not found - LiveCommerce Hub</title>');
    expect(root(en.body)).not.toContain('页面不存在');
    // nothing of a page it is not is preloaded
    expect(en.body).not.toContain('rel="preload" as="fetch"');
  });

  it('every route of the app still answers 200 (any case, with or without a trailing slash)', async () => {
    for (const url of ['/', '/tasks', '/TASKS/', '/task', '/signup', '/deals', '/wallet', '/admin', '/account-settings', '/messages/abc', '/help/']) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('name="robots"');
    }
  });

  it("every address of the route table (src/shared/routes.ts, which the web app's router reads too) answers 200", async () => {
    // (the record pages answer by their record, below; the developer pages are the dev outbox's, tested with it)
    for (const route of APP_ROUTES.filter((r) => !r.includes(':') && !(DEV_ROUTES as readonly string[]).includes(r))) {
      const res = await visit(route);
      expect(res.statusCode, route).toBe(200);
    }
    expect(isAppRoute('/task/anything')).toBe(true);
    expect(isAppRoute('/task/anything/more')).toBe(false);
  });
});

describe('record pages', () => {
  it('a task, an influencer, a company, a video and an agency that do not exist (or have a malformed id) answer 404 in both languages', async () => {
    const zh = { task: '任务不存在', influencer: '达人不存在', company: '公司信息不存在', video: '视频不存在', agency: '机构不存在' } as const;
    const en = {
      task: 'The task does not exist',
      influencer: 'The influencer does not exist',
      company: 'The company does not exist',
      video: 'The video does not exist',
      agency: 'The agency does not exist',
    } as const;
    for (const kind of ['task', 'influencer', 'company', 'video', 'agency'] as const) {
      for (const id of [UNKNOWN, 'not-a-uuid', UNKNOWN.toUpperCase()]) {
        const url = `/${kind}/${id}`;
        const res = await visit(url);
        expect(res.statusCode, url).toBe(404);
        expectNotFound(res.body, 404, zh[kind]);
        expect(firstData(res.body).notFound).toMatchObject({ status: 404, kind });
        // the page's data is not asked for (it does not exist)
        expect(res.body, url).not.toContain('-detail?id=');
        const english = await visit(url, 'en');
        expect(english.statusCode, url).toBe(404);
        expectNotFound(english.body, 404, en[kind], 'en');
      }
    }
  });

  it('existing public records answer 200 with their page', async () => {
    const db = t.app.ctx.db;
    const { company } = await makeCompany(db, { companyName: '存在的公司' });
    const task = await makeTask(db, { companyId: company.id, title: '存在的任务', status: 'cancelled' });
    const { influencer } = await makeInfluencer(db, { nickname: '存在的达人', isApproved: true });
    const video = await makeVideo(db, { title: '存在的视频' });
    const { agency } = await makeAgency(db, { name: '存在的机构' });
    for (const [url, text] of [
      [`/agency/${agency.id}`, '存在的机构'],
      [`/task/${task.id}`, '存在的任务'],
      [`/influencer/${influencer.id}/`, '存在的达人'],
      [`/company/${company.id}`, '存在的公司'],
      [`/video/${video.id}?from=list`, '存在的视频'],
    ]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(200);
      expect(root(res.body), url).toContain(text);
      expect(firstData(res.body).notFound, url).toBeUndefined();
    }
  });

  it('a hidden, unapproved or suspended profile is 404 for those who cannot see it and 200 for those who can', async () => {
    const db = t.app.ctx.db;
    const pending = await makeInfluencer(db, { nickname: '待审达人', isApproved: false });
    const members = await makeInfluencer(db, { nickname: '仅会员可见', isApproved: true });
    await db.insert(userSettings).values({ userId: members.user.id, profileVisibility: 'registered' });
    const suspended = await makeCompany(db, { companyName: '停用公司' });
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const privateCo = await makeCompany(db, { companyName: '私密公司' });
    await db.insert(userSettings).values({ userId: privateCo.user.id, profileVisibility: 'private' });
    const waitingAgency = await makeAgency(db, { name: '待审机构', status: 'pending' });
    const suspendedAgency = await makeAgency(db, { name: '停用机构' });
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspendedAgency.user.id));

    for (const url of [
      `/influencer/${pending.influencer.id}`,
      `/influencer/${members.influencer.id}`,
      `/company/${suspended.company.id}`,
      `/company/${privateCo.company.id}`,
      `/agency/${waitingAgency.agency.id}`,
      `/agency/${suspendedAgency.agency.id}`,
    ]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toMatch(/待审达人|仅会员可见|停用公司|私密公司|待审机构|停用机构/);
    }
    // the owner sees their own profile waiting for review; any signed-in user a members-only one
    const owner = await signedIn(t.app, pending.user.email);
    expect((await owner.get(`/influencer/${pending.influencer.id}`)).statusCode).toBe(200);
    const someone = await makeCompany(db);
    const member = await signedIn(t.app, someone.user.email);
    expect((await member.get(`/influencer/${members.influencer.id}`)).statusCode).toBe(200);
    const other = await member.get(`/company/${privateCo.company.id}`);
    expect(other.statusCode).toBe(404);
    expect(firstData(other.body).notFound).toMatchObject({ status: 404, kind: 'company', signedIn: true });
    // admins see everything the API shows them
    const admin = await makeAdmin(db);
    const adm = await signedIn(t.app, admin.email);
    expect((await adm.get(`/company/${suspended.company.id}`)).statusCode).toBe(200);
    expect((await adm.get(`/company/${privateCo.company.id}`)).statusCode).toBe(200);
  });

  it('a task or a video an admin deleted answers 410 Gone; an inactive video 404', async () => {
    const ctx = t.app.ctx;
    const admin = await makeAdmin(ctx.db);
    const { company } = await makeCompany(ctx.db);
    const task = await makeTask(ctx.db, { companyId: company.id, title: '将被删除的任务' });
    const video = await makeVideo(ctx.db, { title: '将被删除的视频' });
    const hidden = await makeVideo(ctx.db, { title: '下架视频', isActive: false });
    // before: 200
    expect((await visit(`/task/${task.id}`)).statusCode).toBe(200);
    await deleteAdminTask(ctx, admin.id, task.id, { ip: '127.0.0.1' });
    await deleteVideo(ctx, admin.id, video.id, { ip: '127.0.0.1' });

    const gone = await visit(`/task/${task.id}`);
    expect(gone.statusCode).toBe(410);
    expectNotFound(gone.body, 410, '任务已被删除');
    expect(gone.body).not.toContain('将被删除的任务');
    const goneEn = await visit(`/video/${video.id}`, 'en');
    expect(goneEn.statusCode).toBe(410);
    expectNotFound(goneEn.body, 410, 'The video has been deleted', 'en');
    const inactive = await visit(`/video/${hidden.id}`);
    expect(inactive.statusCode).toBe(404);
    expectNotFound(inactive.body, 404, '视频不存在');
  });
});

describe('deal pages', () => {
  it('answer 200 to the parties and admins with 任务管理; to anyone else the same 404 whether the deal exists or not', async () => {
    const db = t.app.ctx.db;
    const deal = await makeReportedDeal(db, t.app.ctx.clock.now(), { feeCents: 50_000 });
    const url = `/deal/${deal.dealId}`;
    const company = await signedIn(t.app, deal.company.email);
    const influencer = await signedIn(t.app, deal.influencer.email);
    const admin = await signedIn(t.app, (await makeAdmin(db, { permissions: ['task_management'] })).email);
    for (const c of [company, influencer, admin]) {
      const res = await c.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('name="robots"');
    }
    // a signed-in stranger, an admin without 任务管理: the not-found page, the same for an existing and a missing deal
    const stranger = await signedIn(t.app, (await makeCompany(db)).user.email);
    const otherAdmin = await signedIn(t.app, (await makeAdmin(db, { permissions: ['user_management'] })).email);
    for (const c of [stranger, otherAdmin]) {
      const existing = await c.get(url);
      const missing = await c.get(`/deal/${UNKNOWN}`);
      expect(existing.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expectNotFound(existing.body, 404, '订单不存在或您无权查看');
      expect(existing.body.replaceAll(deal.dealId, 'ID')).toBe(missing.body.replaceAll(UNKNOWN, 'ID'));
    }
    const en = new Client(t.app);
    en.cookies = new Map(stranger.cookies);
    en.cookies.set('lang', 'en');
    expectNotFound((await en.get(url)).body, 404, 'This deal does not exist or you cannot see it', 'en');
    // a visitor: 404 for every deal address, and the same page (the deal page asks them to sign in: a party may be signed out)
    const existing = await visit(url);
    const missing = await visit(`/deal/${UNKNOWN}`);
    expect(existing.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(existing.body.replaceAll(deal.dealId, 'ID')).toBe(missing.body.replaceAll(UNKNOWN, 'ID'));
    expect(firstData(existing.body)?.notFound).toBeUndefined();
    expect(existing.body).toContain('<meta name="robots" content="noindex" />');
    // a malformed id is not a deal for anyone
    expect((await company.get('/deal/not-a-uuid')).statusCode).toBe(404);
    expectNotFound((await company.get('/deal/not-a-uuid')).body, 404, '订单不存在或您无权查看');
  });
});

describe('deal pages of an agency acting for its roster (decision 0045)', () => {
  it('answer 200 with ?as= naming the influencer a deal was made for under the agency; 404 without it, for another influencer or another agency', async () => {
    const db = t.app.ctx.db;
    const inf = await makeInfluencer(db);
    const ag = await makeAgency(db);
    await db.insert(agencyMemberships).values({ agencyId: ag.agency.id, influencerId: inf.influencer.id, sharePercent: 20, startedAt: t.app.ctx.clock.now() });
    const influencer = { id: inf.user.id, email: inf.user.email, userType: 'influencer' as const, sessionId: '' };
    const deal = await makeReportedDeal(db, t.app.ctx.clock.now(), { feeCents: 50_000, influencer, agency: { id: ag.agency.id, sharePercent: 20 } });
    const alone = await makeReportedDeal(db, t.app.ctx.clock.now(), { feeCents: 50_000, influencer });
    const agency = await signedIn(t.app, ag.user.email);
    expect((await agency.get(`/deal/${deal.dealId}?as=${inf.influencer.id}`)).statusCode).toBe(200);
    // as itself, for a deal the influencer made alone, for somebody else, with a malformed id: the not-found page
    for (const url of [
      `/deal/${deal.dealId}`,
      `/deal/${alone.dealId}?as=${inf.influencer.id}`,
      `/deal/${deal.dealId}?as=${UNKNOWN}`,
      `/deal/${deal.dealId}?as=x`,
    ]) {
      const res = await agency.get(url);
      expect(res.statusCode, url).toBe(404);
      expectNotFound(res.body, 404, '订单不存在或您无权查看');
    }
    const other = await signedIn(t.app, (await makeAgency(db)).user.email);
    expect((await other.get(`/deal/${deal.dealId}?as=${inf.influencer.id}`)).statusCode).toBe(404);
    // `as` means nothing to anyone but an agency: the company still sees its deal, a stranger still does not
    const company = await signedIn(t.app, deal.company.email);
    expect((await company.get(`/deal/${deal.dealId}?as=${inf.influencer.id}`)).statusCode).toBe(200);
    const stranger = await signedIn(t.app, (await makeCompany(db)).user.email);
    expect((await stranger.get(`/deal/${deal.dealId}?as=${inf.influencer.id}`)).statusCode).toBe(404);
  });
});

describe('sitemap', () => {
  it('lists no address that answers 404 or 410: suspended companies and their tasks, hidden profiles, deleted and inactive records', async () => {
    const ctx = t.app.ctx;
    const db = ctx.db;
    const admin = await makeAdmin(db);
    const shown = await makeCompany(db, { companyName: 'sitemap-shown' });
    const shownTask = await makeTask(db, { companyId: shown.company.id });
    const suspended = await makeCompany(db);
    const suspendedTask = await makeTask(db, { companyId: suspended.company.id });
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const privateCo = await makeCompany(db);
    await db.insert(userSettings).values({ userId: privateCo.user.id, profileVisibility: 'private' });
    const deleted = await makeTask(db, { companyId: shown.company.id });
    await deleteAdminTask(ctx, admin.id, deleted.id, { ip: '127.0.0.1' });
    const xml = (await visit('/sitemap.xml')).body;
    expect(xml).toContain(`/company/${shown.company.id}</loc>`);
    expect(xml).toContain(`/task/${shownTask.id}</loc>`);
    for (const id of [suspended.company.id, suspendedTask.id, privateCo.company.id, deleted.id]) expect(xml).not.toContain(id);
    // and each listed record address answers 200 to a visitor
    const locs = [...xml.matchAll(/<loc>https:\/\/live\.example\.com(\/(?:task|influencer|company|video)\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(2);
    for (const loc of locs) expect((await visit(loc)).statusCode, loc).toBe(200);
  });
});
