/** The page's own code preloaded with its HTML (issue 13): the table, the manifest walk and the shell. */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { PAGE_MODULES, modulePreloadsFor, type Manifest } from './modules';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_react-B.js', '_icons-C.js'], css: ['assets/index-A.css'] },
  '_react-B.js': { file: 'assets/react-B.js' },
  '_icons-C.js': { file: 'assets/icons-C.js' },
  'features/home/HomePage.tsx': { file: 'assets/HomePage-D.js', imports: ['_react-B.js', '_VideoCard-E.js'], css: ['assets/HomePage-D.css'] },
  '_VideoCard-E.js': { file: 'assets/VideoCard-E.js', imports: ['_icons-C.js'], css: ['assets/VideoCard-E.css'] },
  'features/tasks/TaskHallPage.tsx': { file: 'assets/TaskHallPage-F.js', imports: ['_select-G.js'] },
  '_select-G.js': { file: 'assets/select-G.js', imports: ['_config-H.js'] },
  '_config-H.js': { file: 'assets/config-H.js' },
  'app/AntdScope.tsx': { file: 'assets/AntdScope-I.js', imports: ['_config-H.js', '_react-B.js'] },
  'i18n/zh-CN/home.ts': { file: 'assets/home-J.js' },
  'i18n/en/home.ts': { file: 'assets/home-K.js' },
  'i18n/zh-CN/videos.ts': { file: 'assets/videos-L.js' },
  'i18n/zh-CN/tasks.ts': { file: 'assets/tasks-M.js' },
};

describe('modulePreloadsFor', () => {
  it('the home page: its chunk, what it imports and its Chinese namespaces, nothing the shell already loads, no antd scope', () => {
    const p = modulePreloadsFor(manifest, '/');
    expect(p.scripts.sort()).toEqual(['/assets/HomePage-D.js', '/assets/VideoCard-E.js', '/assets/home-J.js', '/assets/videos-L.js'].sort());
    expect(p.styles.sort()).toEqual(['/assets/HomePage-D.css', '/assets/VideoCard-E.css']);
  });

  it('a light page gets its chunk without the antd scope; an antd page is not preloaded, and would get the scope; other paths get nothing', () => {
    expect(modulePreloadsFor(manifest, '/tasks/').scripts.sort()).toEqual(
      ['/assets/TaskHallPage-F.js', '/assets/select-G.js', '/assets/config-H.js', '/assets/tasks-M.js'].sort(),
    );
    const antdHall = PAGE_MODULES.map((m) => (m.module === 'features/tasks/TaskHallPage' ? { ...m, antd: true, preload: false } : m));
    expect(modulePreloadsFor(manifest, '/tasks/', antdHall)).toEqual({ scripts: [], styles: [] });
    const preloaded = antdHall.map((m) => ({ ...m, preload: true }));
    expect(modulePreloadsFor(manifest, '/tasks/', preloaded).scripts.sort()).toEqual(
      ['/assets/TaskHallPage-F.js', '/assets/select-G.js', '/assets/config-H.js', '/assets/AntdScope-I.js', '/assets/tasks-M.js'].sort(),
    );
    expect(modulePreloadsFor(manifest, '/profile')).toEqual({ scripts: [], styles: [] });
    expect(modulePreloadsFor(null, '/')).toEqual({ scripts: [], styles: [] });
  });

  it('the table matches the lazyPage lines of the router (module, namespaces, antd scope)', () => {
    const router = readFileSync(path.resolve('src/web/app/router.tsx'), 'utf8').split('\n');
    for (const m of PAGE_MODULES) {
      const line = router.find((l) => l.includes(`import('../${m.module}')`));
      expect(line, m.module).toBeDefined();
      const ns = [...(/import\('[^']+'\)[^[]*?,\s*\[([^\]]*)\]/.exec(line!)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((x) => x[1]);
      expect(ns, m.module).toEqual(m.namespaces);
      expect(!/antd:\s*false/.test(line!), m.module).toBe(m.antd);
    }
  });
});

describe('the shell of a page', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'lc-web-'));
    copyFileSync(path.resolve('src/web/index.html'), path.join(web, 'index.html'));
    mkdirSync(path.join(web, '.vite'));
    writeFileSync(path.join(web, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({}, { webDist: web });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('preloads the page’s chunks and styles with the HTML; the manifest itself is not served', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    // the home page paints its hero from the HTML (decisions 0024, 0026): its code is asked for by the app's
    // loader once the page is painted, its style sheets apply from the start
    const preload = /<script defer src="\/app-loader\.[0-9a-f]{12}\.js" data-entry="([^"]*)" data-preload="([^"]*)"><\/script>/.exec(html);
    expect(preload?.[2].split(' ')).toEqual(expect.arrayContaining(['/assets/HomePage-D.js', '/assets/home-J.js']));
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/HomePage-D.css" />');
    expect(html).not.toContain('as="style" crossorigin href="/assets/HomePage-D.css"');
    expect(html).not.toContain('AntdScope-I.js');
    expect(html).not.toContain('home-K.js'); // English namespaces load only for English readers
    const english = (await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=en' } })).body;
    expect(english).toContain('/assets/home-K.js');
    expect(english).not.toContain('home-J.js');
    const other = (await t.app.inject({ method: 'GET', url: '/about' })).body;
    expect(other).not.toContain('rel="modulepreload"');
    expect((await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});
