import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { RenderResult, ServerEntry } from '../../../shared/ssr';
import type { AppContext } from '../../platform/context';
import type { SiteSettings } from '../../../shared/schemas/adminInsights';
import { getSiteSettings } from '../settings';

/**
 * Public pages come rendered in their HTML (decision 0034): the web app's own server entry, built by
 * `vite build --ssr` (dist/server/entry-server.js), renders the page's React tree once with its data; the
 * browser hydrates it. This file loads that module by path (the server imports no web source), puts its
 * markup into the app's index.html, and serves the small loader that starts the app once the page is on screen.
 */

/** The built server entry at `file`, or null (no build: the pages come as the app's frame and load in the browser). */
export async function loadServerEntry(file: string, ctx: AppContext): Promise<ServerEntry | null> {
  if (!existsSync(file)) {
    ctx.log.warn({ file }, 'no server entry: pages are served without their rendered content (npm run build writes it)');
    return null;
  }
  try {
    const mod = (await import(pathToFileURL(file).href)) as { entry?: ServerEntry };
    if (!mod.entry || typeof mod.entry.render !== 'function') throw new Error(`${file} exports no entry`);
    return mod.entry;
  } catch (err) {
    ctx.log.warn(
      { err: err instanceof Error ? err.message.split('\n')[0] : String(err) },
      'server entry unavailable: pages are served without their rendered content',
    );
    return null;
  }
}

/**
 * The public site settings (fee, settlement window, announcement) the page is rendered with: read through the
 * same short shared cache as GET /api/site-settings (invalidated when an admin saves them); null when the
 * database cannot answer (the page then asks for them itself).
 */
export async function renderSettings(ctx: AppContext): Promise<SiteSettings | null> {
  try {
    return (await ctx.publicCache.get('site-settings', 'render', () => getSiteSettings(ctx))).entry.body as SiteSettings;
  } catch (err) {
    ctx.log.warn({ err: err instanceof Error ? err.message.split('\n')[0] : String(err) }, 'page render: site settings unavailable');
    return null;
  }
}

/** JSON for a <script type="application/json"> block: nothing in it can close the element. */
export const jsonForHtml = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const ROOT = /<div id="root">(?:<div class="boot"[^>]*><span><\/span><\/div>)?<\/div>/;
const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page's HTML with its rendered markup: in `<div id="root" data-first-paint="<lang>">`, the document's
 * language, the data it was rendered with (`#first-data`), and — for a page rendered with its content — the
 * page's own style sheets applied from the start (they are otherwise only preloaded and applied by the app's
 * loader, which finds and keeps these links), the app's code asked for once the page is painted (APP_LOADER).
 * Unchanged when index.html has no recognisable root (nothing half-done).
 */
export function insertRendered(html: string, r: RenderResult, opts: { content: boolean; styles: string[]; headStyle: ServerEntry['headStyle'] }): string {
  if (!ROOT.test(html)) return html;
  const links = opts.content ? opts.styles.map((s) => `<link rel="stylesheet" crossorigin href="${escAttr(s)}" />`) : [];
  const attrs = Object.entries(opts.headStyle.attributes)
    .map(([k, v]) => ` ${k}="${escAttr(v)}"`)
    .join('');
  const style = `<style${attrs}>${opts.headStyle.css.replace(/<\/style/gi, '<\\/style')}</style>`;
  // antd's styles of the rendered markup (the server entry's own <style> elements), after the icons' rules: both
  // are the first rules of the page, as in the browser, where antd's runtime puts its own at the head's start
  const antdStyles = r.styles ? `\n    ${r.styles}` : '';
  const root = `<div id="root" data-first-paint="${escAttr(r.lang)}">${r.html}</div>\n    <script type="application/json" id="first-data">${jsonForHtml(r.data)}</script>`;
  let page = html;
  if (opts.content) {
    // the page is on screen from the HTML and its style sheets: the app's code is asked for once it is painted
    // (APP_LOADER), so the first picture does not share the connection with it (decision 0026)
    const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/.exec(page);
    if (entry) {
      const preloads: string[] = [];
      page = page.replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_m, href: string) => {
        preloads.push(href);
        return '';
      });
      const loader = `<script defer src="${APP_LOADER_PATH}" data-entry="${escAttr(entry[1])}" data-preload="${escAttr(preloads.join(' '))}"></script>\n    `;
      page = page.replace(entry[0], () => loader);
    }
    // a page that came with its data: the calls still preloaded feed what is below the rendered part, they wait
    // for the style sheets (a page rendered without its data needs its calls first)
    if (r.data.queries) page = page.replace(/<link rel="preload" as="fetch" /g, '<link rel="preload" as="fetch" fetchpriority="low" ');
  }
  return page
    .replace(/<html lang="[^"]*">/, `<html lang="${escAttr(r.lang)}">`)
    .replace(/(<meta name="viewport"[^>]*>)/, (m) => `${m}\n    ${style}${antdStyles}`)
    .replace('</head>', links.length ? `  ${links.join('\n    ')}\n  </head>` : '</head>')
    .replace(ROOT, () => root);
}

/**
 * The app's loader on a page rendered with its content (decision 0026): a classic deferred script (it runs
 * once the HTML is parsed and its style sheets are in) that waits for the first frame to be on screen, then
 * adds the app's module preloads and its entry, as index.html would have; in a tab opened in the background it
 * does so at once. Served by app.ts under a name that changes with its content (cached for good).
 */
export const APP_LOADER_JS = `(function () {
  var me = document.currentScript;
  var done = false;
  function load() {
    if (done) return;
    done = true;
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var l = document.createElement('link');
      l.rel = 'modulepreload';
      l.crossOrigin = '';
      l.href = href;
      document.head.appendChild(l);
    });
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = me.getAttribute('data-entry');
    document.head.appendChild(s);
  }
  // a tab opened in the background paints nothing until it is shown: there the app need not wait
  if (document.visibilityState === 'hidden') return load();
  // a visitor who reaches for the page before the first frame has been shown gets the app at once
  ['pointerdown', 'keydown'].forEach(function (type) {
    addEventListener(type, load, { once: true, capture: true, passive: true });
  });
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  // should no frame come at all (a browser that throttles them), the app still starts
  setTimeout(load, 2000);
})();
`;
export const APP_LOADER_PATH = `/app-loader.${createHash('sha256').update(APP_LOADER_JS).digest('hex').slice(0, 12)}.js`;
