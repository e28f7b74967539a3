/** Page heads for share previews and search engines, robots.txt and the streamed sitemap (issue 8). */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeAgency, makeCompany, makeInfluencer, makeTask, makeTaskCategory, makeVideo } from '../../db/factories';
import { userSettings } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { Client, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { getSettings, updateSettings } from '../settings';
import { preloadsFor } from './head';

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

const og = (html: string, prop: string) => new RegExp(`<meta property="og:${prop}" content="([^"]*)"`).exec(html)?.[1];

describe('page heads', () => {
  it('a task, an influencer, a company and a video answer with their own title, description and Open Graph tags', async () => {
    const db = t.app.ctx.db;
    const { company } = await makeCompany(db, { companyName: '花语<美妆>', description: '天然护肤 "国货"', logoUrl: '/uploads/logo.webp' });
    const cat = await makeTaskCategory(db);
    const task = await makeTask(db, {
      companyId: company.id,
      categoryId: cat.id,
      title: '双十一直播',
      description: '口红专场',
      budgetMinCents: 10_000,
      budgetMaxCents: 90_000,
    });
    const { influencer } = await makeInfluencer(db, {
      nickname: '小美',
      bio: '美妆博主',
      isApproved: true,
      hourlyRateCents: 88_800,
      avatarUrl: '/uploads/a.webp',
    });
    const video = await makeVideo(db, { title: '护肤攻略', posterUrl: '/uploads/p.webp' });
    const c = new Client(t.app);

    const taskPage = await c.get(`/task/${task.id}?from=list`);
    expect(taskPage.statusCode).toBe(200);
    expect(taskPage.headers['content-type']).toContain('text/html');
    expect(taskPage.body).toContain('<title>双十一直播 - 直播带货平台</title>');
    expect(og(taskPage.body, 'url')).toBe(`https://live.example.com/task/${task.id}`);
    // the share card made from the company's logo (never the WebP itself: decision 0030)
    expect(og(taskPage.body, 'image')).toBe('https://live.example.com/og/logo/logo.webp.jpg');
    expect(taskPage.body).toContain(`<link rel="canonical" href="https://live.example.com/task/${task.id}" />`);

    const infPage = (await c.get(`/influencer/${influencer.id}`)).body;
    expect(og(infPage, 'title')).toBe('小美 - 直播带货平台');
    expect(og(infPage, 'description')).toBe('美妆博主');
    expect(infPage).not.toContain('888');

    const coPage = (await c.get(`/company/${company.id}`)).body;
    // escaped: nothing from the data can break out of the attribute or the title
    expect(coPage).toContain('<title>花语&lt;美妆&gt; - 直播带货平台</title>');
    expect(og(coPage, 'description')).toBe('天然护肤 &quot;国货&quot;');

    const videoPage = (await c.get(`/video/${video.id}`)).body;
    expect(og(videoPage, 'type')).toBe('video.other');
    expect(og(videoPage, 'image')).toBe('https://live.example.com/og/poster/p.webp.jpg');
  });

  it('static pages have their own titles; unknown or hidden ids get the not-found head (404), never the hidden data', async () => {
    const db = t.app.ctx.db;
    const c = new Client(t.app);
    expect((await c.get('/help')).body).toContain('<title>帮助中心 - 直播带货平台</title>');
    expect(og((await c.get('/')).body, 'image')).toBe('https://live.example.com/og-default.png');
    const pending = await makeInfluencer(db, { nickname: '未审核达人', isApproved: false });
    const hidden = await makeInfluencer(db, { nickname: '私密达人', isApproved: true });
    await db.insert(userSettings).values({ userId: hidden.user.id, profileVisibility: 'private' });
    const inactive = await makeVideo(db, { title: '下架视频', isActive: false });
    for (const url of [
      `/influencer/${pending.influencer.id}`,
      `/influencer/${hidden.influencer.id}`,
      `/video/${inactive.id}`,
      '/task/not-a-uuid',
      '/influencer/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await c.get(url);
      // decision 0030: not a page for a visitor, so no soft 404
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>页面不存在 - 直播带货平台</title>');
      expect(res.body).not.toMatch(/未审核达人|私密达人|下架视频/);
    }
  });
});

describe('first calls with the shell', () => {
  it('a list page preloads its first API calls when it cannot bring its data (a session cookie); a filtered one only the session', async () => {
    const c = new Client(t.app);
    const session = { cookie: 'sid=not-a-session' };
    const list = (await c.get('/influencers', session)).body;
    expect(list).toContain('<link rel="preload" as="fetch" href="/api/influencers" crossorigin="anonymous" />');
    expect(list).toContain('href="/api/auth/session"');
    const filtered = (await c.get('/influencers?search=x', session)).body;
    expect(filtered).not.toContain('href="/api/influencers"');
    expect(filtered).toContain('href="/api/auth/session"');
    expect((await c.get('/videos', session)).body).toContain('href="/api/videos?sort=latest&amp;limit=12"');
    // a visitor's page comes with its data (decision 0026), and without a session cookie it is certainly
    // signed out: nothing of either is fetched again
    const visitor = (await c.get('/influencers')).body;
    expect(visitor).not.toContain('href="/api/influencers"');
    expect(visitor).not.toContain('href="/api/auth/session"');
  });

  it('a detail page preloads its data call for a well-formed id, whatever its query; a malformed id gets none', () => {
    const id = '0b5f3c2e-8d1a-4c6b-9e7f-123456789abc';
    expect(preloadsFor(`/task/${id}`, '')).toEqual(['/api/auth/session', `/api/tasks/${id}`]);
    expect(preloadsFor(`/influencer/${id}`, '?from=list')).toEqual(['/api/auth/session', `/api/influencers/${id}`]);
    expect(preloadsFor(`/video/${id}/`, '')).toEqual(['/api/auth/session', `/api/videos/${id}`]);
    expect(preloadsFor('/task/not-an-id', '')).toEqual(['/api/auth/session']);
    expect(preloadsFor('/tasks', '')).toEqual(['/api/auth/session', '/api/tasks', '/api/categories']);
    // an agency acting for an influencer asks for the task with onBehalfOf (decision 0045): no preload of the visitor's call
    expect(preloadsFor(`/task/${id}`, `?from=list&as=${id}`)).toEqual(['/api/auth/session']);
  });
});

describe('pages rendered in the HTML (decisions 0024, 0034)', () => {
  const root = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div>\n\s*<script type="application\/json" id="first-data">/.exec(html)?.[1] ?? '';
  const firstData = (html: string) => JSON.parse(/<script type="application\/json" id="first-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

  it('the home page paints its header and hero in Chinese from the first response, with the fee the admins set', async () => {
    const ctx = t.app.ctx;
    const admin = await makeAdmin(ctx.db);
    await updateSettings(ctx, admin.id, { ...(await getSettings(ctx)), platformFeeBps: 800 }, { ip: '127.0.0.1' });
    const res = await new Client(t.app).get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain('<div id="root" data-first-paint="zh-CN">');
    const paint = root(res.body);
    expect(paint).toContain('<h1 id="hero-title" class="hero__title">让品牌与优质直播达人<span class="hero__accent">高效对接</span></h1>');
    expect(paint).toContain('平台服务费仅 8%');
    expect(paint).toContain('<header class="site-header">');
    expect(paint).toMatch(/<a data-testid="nav-home" aria-current="page" class="main-nav__link active" href="\/"/);
    // the figures and the latest videos come rendered with the page (its prefetch), and with it for hydration
    expect(paint).not.toContain('<dl class="stats__card" aria-busy="true">');
    const keys = (firstData(res.body) as { queries: { queries: { queryKey: unknown[] }[] } }).queries.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['home', 'stats']);
    // the app's code no longer competes with the first picture: the loader asks for it once the page is painted,
    // and the loader itself is served for good under a name that changes with its content
    const loader = /<script defer src="(\/app-loader\.[0-9a-f]{12}\.js)" data-entry="([^"]+)"/.exec(res.body);
    expect(loader).not.toBeNull();
    expect(res.body).not.toContain('<script type="module"');
    const js = await new Client(t.app).get(loader![1]);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toContain("getAttribute('data-entry')");
    expect((firstData(res.body) as { siteSettings: { platformFeeBps: number } }).siteSettings.platformFeeBps).toBe(800);
    // compressed when asked, like every HTML answer
    const br = await new Client(t.app).get('/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('in English for a visitor whose language cookie says so; an unknown cookie value counts as Chinese', async () => {
    const en = await new Client(t.app).get('/', { cookie: 'lang=en' });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<div id="root" data-first-paint="en">');
    expect(root(en.body)).toContain('Connect brands with');
    expect(root(en.body)).not.toContain('让品牌与优质直播达人');
    const odd = await new Client(t.app).get('/', { cookie: 'lang="><script>x</script>' });
    expect(odd.body).toContain('<div id="root" data-first-paint="zh-CN">');
    expect(odd.body).not.toContain('<script>x</script>');
  });

  it('escapes what it embeds: an announcement cannot close the data block or add markup', async () => {
    const ctx = t.app.ctx;
    const admin = await makeAdmin(ctx.db);
    const textZh = '</script><script>alert("x")</script> & <b>公告</b>';
    await updateSettings(
      ctx,
      admin.id,
      { ...(await getSettings(ctx)), announcement: { enabled: true, textZh, textEn: null, tone: 'info' } },
      { ip: '127.0.0.1' },
    );
    const html = (await new Client(t.app).get('/')).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>公告</b>');
    expect((firstData(html) as { siteSettings: { announcement: { textZh: string } } }).siteSettings.announcement.textZh).toBe(textZh);
  });

  it('a list or detail page paints its content for a visitor, with the data it used; a session cookie gets the header only; private pages none', async () => {
    const db = t.app.ctx.db;
    const { company } = await makeCompany(db, { companyName: '首屏<公司>' });
    const task = await makeTask(db, { companyId: company.id, title: '首屏任务 & <b>' });
    const tasks = (await new Client(t.app).get('/tasks')).body;
    const paint = root(tasks);
    expect(paint).toContain('aria-current="page" class="main-nav__link active" href="/tasks"');
    expect(paint).toContain(`data-task-id="${task.id}"`);
    expect(paint).toContain('首屏任务 &amp; &lt;b&gt;');
    expect(paint).not.toContain('<b>');
    // the data travels with the page for the app's first render
    const data = firstData(tasks) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
    const hall = data.queries.queries.find((q) => q.queryKey[1] === 'hall');
    expect(JSON.stringify(hall?.state.data)).toContain(task.id);
    // about the session only that there is none: the header has its sign-in buttons from the start
    expect(data.queries.queries.some((q) => q.queryKey[0] === 'auth')).toBe(false);
    expect((data as unknown as { signedOut: boolean }).signedOut).toBe(true);
    expect(paint).toContain('<button type="button" class="btn btn--ghost btn--sm" data-testid="header-login">登录</button>');
    expect(paint).not.toContain('site-header__auth-placeholder');
    // a detail page: the task itself; a task that does not exist: the not-found page (404, decision 0030)
    const detail = root((await new Client(t.app).get(`/task/${task.id}`)).body);
    expect(detail).toContain('首屏任务 &amp; &lt;b&gt;');
    const missing = root((await new Client(t.app).get('/task/0b5f3c2e-8d1a-4c6b-9e7f-123456789abc')).body);
    expect(missing).toContain('<h1 id="not-found-title" class="status-page__title" data-testid="task-not-found">任务不存在</h1>');
    // with a session cookie (perhaps signed in: what they see may depend on who they are) the page as the app's
    // first render shows it before it knows who they are: loading, the header's placeholder, no data
    const { user } = await makeInfluencer(db, { nickname: '首屏达人' });
    const c = await signedIn(t.app, user.email);
    const mine = (await c.get('/tasks')).body;
    expect(root(mine)).toContain('<main id="main" class="app__main" tabindex="-1">');
    expect(root(mine)).toContain('tk-hall');
    expect(root(mine)).not.toContain('首屏任务');
    expect(root(mine)).toContain('site-header__auth-placeholder');
    expect(mine).not.toContain(user.email);
    expect(mine).not.toContain('"queries"');
    expect(mine).not.toContain('"signedOut"');
    for (const url of ['/wallet', '/admin', '/account-settings']) {
      const html = (await new Client(t.app).get(url)).body;
      expect(html, url).not.toContain('data-first-paint');
      expect(html, url).toContain('<div class="boot"');
    }
  });

  it('the public form pages paint their antd forms, with antd’s styles in the head for its runtime to keep (decision 0046)', async () => {
    const pages: [string, string][] = [
      ['/contact', 'data-testid="contact-name"'],
      ['/signup', 'data-testid="signup-email"'],
      ['/login-test', 'data-testid="login-email"'],
      ['/forgot-password', 'data-testid="reset-email"'],
      ['/admin-login', 'data-testid="admin-email"'],
    ];
    for (const [url, field] of pages) {
      const res = await new Client(t.app).get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root" data-first-paint="zh-CN">');
      const paint = root(res.body);
      // the form itself, drawn by antd, inside the app's frame
      expect(paint, url).toContain(field);
      expect(paint, url).toMatch(/<input[^>]*class="ant-input/);
      expect(paint, url).toContain('<header class="site-header">');
      // antd's rules for exactly this markup, in the head, each under the hash antd's runtime looks for; the map
      // of what is there; no hash class (the same markup whatever NODE_ENV the server runs with)
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head, url).toMatch(/<style data-rc-order="prependQueue" data-rc-priority="-?\d+" data-css-hash="[^"]+">[^<]*\.ant-input\{/);
      expect(head, url).toContain('<style data-ant-cssinjs-cache-path="data-ant-cssinjs-cache-path">');
      expect(res.body, url).not.toMatch(/css-dev-only|:where\(\.css-/);
      expect(res.body, url).not.toContain('<div class="boot"');
    }
    // in the reader's language, antd's own texts too
    const en = root((await new Client(t.app).get('/login-test', { cookie: 'lang=en' })).body);
    expect(en).toContain('Sign in');
    expect(en).not.toContain('登录');
    // whether an admin exists yet is public: /admin-login comes with it
    const keys = (firstData((await new Client(t.app).get('/admin-login')).body) as { queries?: { queries: { queryKey: unknown[] }[] } }).queries?.queries.map(
      (q) => q.queryKey,
    );
    expect(keys).toContainEqual(['admin-public', 'setup']);
    // a page without antd brings none of antd's rules
    expect((await new Client(t.app).get('/about')).body).not.toContain('data-css-hash');
  });

  it('paints times in the visitor’s zone (the tz cookie the app writes), Beijing time before it has; a bad zone counts as none', async () => {
    const db = t.app.ctx.db;
    const { company } = await makeCompany(db);
    const task = await makeTask(db, { companyId: company.id, title: '时区任务', liveDate: new Date('2030-03-01T23:30:00Z') });
    const page = async (cookie?: string) => root((await new Client(t.app).get(`/task/${task.id}`, cookie ? { cookie } : {})).body);
    expect(await page()).toContain('2030/03/02 07:30'); // UTC+8
    expect(await page('tz=America/New_York')).toContain('2030/03/01 18:30'); // UTC-5
    expect(await page('tz=Asia/Tokyo')).toContain('2030/03/02 08:30');
    const odd = await page('tz=Not%2FA_Zone');
    expect(odd).toContain('2030/03/02 07:30');
  });

  it('the internal reads are exempt from the per-address API limit only with this process’s key', async () => {
    const limited = await createTestApp({ PUBLIC_URL: 'https://live.example.com', RATE_LIMIT_MAX: '3' }, { webDist: web });
    try {
      const { company } = await makeCompany(limited.app.ctx.db);
      await makeTask(limited.app.ctx.db, { companyId: company.id, title: '限流任务' });
      // more page views than the limit allows API calls: each still comes with its data
      const c = new Client(limited.app);
      for (let i = 0; i < 5; i++) expect(root((await c.get('/tasks')).body)).toContain('限流任务');
      // a caller who sends the header without the key is limited like anyone
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await c.get('/api/tasks', { 'x-render-key': 'guess' })).statusCode);
      expect(statuses).toContain(429);
    } finally {
      await limited.close();
    }
  });
});

describe('one render path (decision 0034)', () => {
  it('the server imports no web source: it loads the web app’s built server entry by path', () => {
    const files = spawnSync('git', ['ls-files', 'src/server'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => /from\s+['"][^'"]*\/web\/|import\(\s*['"][^'"]*\/web\//.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('a visitor’s page is rendered once and shared for a few seconds, keyed by language and zone, made anew after a write; a session’s never', async () => {
    // the platform clock, not the machine's: a render slower than the 5 s of sharing on a loaded machine must not
    // make the second view a miss
    const clock = new ManualClock();
    const cached = await createTestApp({ PUBLIC_URL: 'https://live.example.com', PUBLIC_CACHE_SECONDS: '5' }, { webDist: web, clock });
    try {
      const db = cached.app.ctx.db;
      const { company } = await makeCompany(db);
      await makeTask(db, { companyId: company.id, title: '缓存任务一' });
      const c = new Client(cached.app);
      const first = await c.get('/tasks');
      expect(first.headers['x-cache']).toBe('miss');
      const again = await c.get('/tasks');
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.body).toBe(first.body);
      // another language, zone or query is another page
      expect((await c.get('/tasks', { cookie: 'lang=en' })).headers['x-cache']).toBe('miss');
      expect((await c.get('/tasks', { cookie: 'tz=Asia/Tokyo' })).headers['x-cache']).toBe('miss');
      expect((await c.get('/tasks?page=2')).headers['x-cache']).toBe('miss');
      // compressed once, the same page
      const br = await c.get('/tasks', { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['x-cache']).toBe('hit');
      // unchanged: 304 by its ETag
      expect((await c.get('/tasks', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
      // a change to public data (a write invalidates the public cache) makes the next view render anew
      await makeTask(db, { companyId: company.id, title: '缓存任务二' });
      cached.app.ctx.publicCache.invalidate('tasks');
      const after = await c.get('/tasks');
      expect(after.headers['x-cache']).toBe('miss');
      expect(after.body).toContain('缓存任务二');
      // a reader with a session is rendered for alone, never from or into the shared pages
      const { user } = await makeInfluencer(db);
      const mine = await (await signedIn(cached.app, user.email)).get('/tasks');
      expect(mine.headers['x-cache']).toBeUndefined();
      expect((await c.get('/tasks')).headers['x-cache']).toBe('hit');
      // shared for a few seconds only
      clock.advance(5_001);
      expect((await c.get('/tasks')).headers['x-cache']).toBe('miss');
    } finally {
      await cached.close();
    }
  }, 180_000); // a test app of its own and several renders: over a minute on a loaded 2-core CI machine
});

describe('robots.txt and sitemap.xml', () => {
  it('robots allows public pages, keeps crawlers out of the API and private pages, names the sitemap', async () => {
    const res = await new Client(t.app).get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /account-settings');
    expect(res.body).toContain('Sitemap: https://live.example.com/sitemap.xml');
  });

  it('the sitemap lists public tasks, influencers, companies, videos and approved agencies, and nothing hidden', async () => {
    const db = t.app.ctx.db;
    const shown = await makeInfluencer(db, { nickname: 'sitemap-shown', isApproved: true });
    const pending = await makeInfluencer(db, { isApproved: false });
    const quiet = await makeInfluencer(db, { isApproved: true });
    await db.insert(userSettings).values({ userId: quiet.user.id, profileVisibility: 'registered' });
    const video = await makeVideo(db, { title: 'sitemap-video' });
    const off = await makeVideo(db, { title: 'sitemap-off', isActive: false });
    const agency = await makeAgency(db);
    const waiting = await makeAgency(db, { status: 'pending' });
    const res = await new Client(t.app).get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.trim().endsWith('</urlset>')).toBe(true);
    expect(xml).toContain('<loc>https://live.example.com/help</loc>');
    expect(xml).toContain(`/influencer/${shown.influencer.id}</loc><lastmod>`);
    expect(xml).toContain(`/video/${video.id}</loc>`);
    expect(xml).not.toContain(pending.influencer.id);
    expect(xml).not.toContain(quiet.influencer.id);
    expect(xml).not.toContain(off.id);
    expect(xml).toContain(`/agency/${agency.agency.id}</loc><lastmod>`);
    expect(xml).not.toContain(waiting.agency.id);
    // every URL once
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('pages through more than one batch of rows', async () => {
    const db = t.app.ctx.db;
    const { company } = await makeCompany(db);
    const cat = await makeTaskCategory(db);
    const { tasks } = await import('../../db/schema');
    await db.insert(tasks).values(
      Array.from({ length: 1205 }, (_, i) => ({
        companyId: company.id,
        categoryId: cat.id,
        title: `批量任务${i}`,
        description: 'd',
        budgetMinCents: 100,
        budgetMaxCents: 200,
      })),
    );
    const xml = (await new Client(t.app).get('/sitemap.xml')).body;
    expect([...xml.matchAll(/\/task\//g)].length).toBeGreaterThanOrEqual(1205);
  });
});
