import { createHash } from 'node:crypto';
import { register } from 'node:module';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link, MemoryRouter, NavLink, Route, Routes } from 'react-router';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider, dehydrate, type DehydratedState } from '@tanstack/react-query';
import { GlobalOutlined, MenuOutlined } from '@ant-design/icons';
import { iconStyles } from '@ant-design/icons/lib/utils';
import type { SiteSettings } from '../../../shared/schemas/adminInsights';
import type { ServerNotFound } from '../../../shared/pages';
import type { AppContext } from '../../platform/context';
import { getSiteSettings } from '../settings';
import { LogoMark } from '../../../web/app/layout/Logo';
import { NAV_LINKS } from '../../../web/app/layout/accountMenu';
import { Hero } from '../../../web/features/home/Hero';
import { StatsStrip } from '../../../web/features/home/StatsStrip';
import { NotFoundPage } from '../../../web/app/NotFoundPage';
import { AuthDialogProvider } from '../../../web/features/auth/AuthDialogProvider';
import { meQueryKey } from '../../../web/features/auth/api';
import { FeedbackProvider } from '../../../web/components/feedback';
import { LANGS, type AppLang } from '../../../web/i18n/lang';
import { setApiTransport } from '../../../web/lib/api';
import { DEFAULT_TIME_ZONE, TimeZoneContext, validTimeZone } from '../../../web/lib/timeZone';
import zhCommon from '../../../web/i18n/zh-CN/common';
import zhHome from '../../../web/i18n/zh-CN/home';
import enCommon from '../../../web/i18n/en/common';
import enHome from '../../../web/i18n/en/home';

// The pages painted here import their style sheets (`import './tasks.css'`), which only Vite understands: in
// Node such an import is an empty module (the sheets reach the browser through the page's <link>s). Under
// Vitest, Vite itself handles them.
if (!process.env.VITEST) {
  register(
    'data:text/javascript,' +
      encodeURIComponent(
        'export async function load(url, context, next) { return /\\.css(\\?|$)/.test(url) ? { format: "module", source: "", shortCircuit: true } : next(url, context); }',
      ),
  );
}

/**
 * The first paint of a public page, in the HTML itself (issue 13, decisions 0024, 0026): until the app's
 * JavaScript has run, `<div id="root">` holds what React's first render will show — the header (for a request
 * without a session cookie the sign-in buttons, otherwise the placeholder where they or the user's menu go),
 * on the home page the hero and the stats strip (its numbers still loading), and for a visitor the list and
 * detail pages themselves with their data (renderPage). The client (src/web/main.tsx) replaces it with
 * createRoot once the page's code and texts are there, at the same geometry, so nothing moves and the
 * largest paint stays the server's.
 *
 * Rendered by react-dom/server from the app's own components with the app's texts, so the markup is theirs.
 * React escapes every text and attribute. Nothing private is ever used: no session is read, and the only data
 * is public — the site settings (the fee and settlement window the hero states) and what the pages' API reads
 * answer a visitor — which the page gets in the same HTML so its first render says the same. The header is mirrored here (StaticHeader) because Header.tsx pulls in the i18n loader, which
 * only Vite can build; e2e/first-paint.spec.ts checks that the app's header lands on the same pixels.
 */

/** The language the page will be shown in: the `lang` cookie the web app writes with its choice (i18n/lang.ts). */
export function firstPaintLang(cookie: string | undefined): AppLang {
  return (LANGS as readonly string[]).includes(cookie ?? '') ? (cookie as AppLang) : 'zh-CN';
}

/** The zone the page's times are painted in: the device's, which the web app writes to the `tz` cookie. */
export function firstPaintTimeZone(cookie: string | undefined): string {
  return validTimeZone(cookie) ?? DEFAULT_TIME_ZONE;
}

const RESOURCES = {
  'zh-CN': { common: zhCommon, home: zhHome },
  en: { common: enCommon, home: enHome },
} as const;

const i18nFor = new Map<AppLang, I18n>();
function translator(lang: AppLang): I18n {
  let inst = i18nFor.get(lang);
  if (!inst) {
    inst = i18next.createInstance();
    void inst.init({
      lng: lang,
      fallbackLng: 'zh-CN',
      ns: ['common', 'home'],
      defaultNS: 'common',
      resources: RESOURCES,
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: false },
    });
    i18nFor.set(lang, inst);
  }
  return inst;
}

/**
 * Header.tsx as its first render paints it, phone menu not mounted yet: for a visitor (no session cookie) the
 * sign-in buttons, otherwise the placeholder where they or the user's menu will go.
 */
function StaticHeader({ lang, signedOut }: { lang: AppLang; signedOut: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={t('header.logoLabel')}>
          <LogoMark />
          <span className="brand__name">{t('appName')}</span>
        </Link>
        <nav className="main-nav" aria-label={t('nav.label')}>
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.key}>
                <NavLink to={l.to} end={l.to === '/'} className="main-nav__link">
                  {t(`nav.${l.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <div className="lang-switch" title={t('lang.label')}>
            <GlobalOutlined aria-hidden="true" className="lang-switch__icon" />
            <label htmlFor="first-paint-lang" className="visually-hidden">
              {t('lang.label')}
            </label>
            <select id="first-paint-lang" defaultValue={lang}>
              {LANGS.map((l) => (
                <option key={l} value={l} lang={l}>
                  {t(`lang.${l}`)}
                </option>
              ))}
            </select>
            <span className="lang-switch__short" aria-hidden="true">
              {t(`lang.short.${lang}`)}
            </span>
          </div>
          <div className="site-header__auth">
            {signedOut ? (
              <>
                <button type="button" className="btn btn--ghost btn--sm">
                  {t('header.login')}
                </button>
                <Link to="/signup" className="btn btn--primary btn--sm">
                  {t('header.signup')}
                </Link>
              </>
            ) : (
              <span className="site-header__auth-placeholder" aria-hidden="true" />
            )}
          </div>
          <button type="button" className="menu-toggle" aria-expanded={false} aria-label={t('header.openMenu')}>
            <MenuOutlined aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  );
}

/**
 * The public site settings (fee, settlement window, announcement) the page gets with its first paint: read
 * through the same short shared cache as GET /api/site-settings (invalidated when an admin saves them);
 * null when the database cannot answer (the page then asks for them itself, as before).
 */
export async function firstPaintSettings(ctx: AppContext): Promise<SiteSettings | null> {
  try {
    return (await ctx.publicCache.get('site-settings', 'first-paint', () => getSiteSettings(ctx))).entry.body as SiteSettings;
  } catch (err) {
    ctx.log.warn({ err: err instanceof Error ? err.message.split('\n')[0] : String(err) }, 'first paint: site settings unavailable');
    return null;
  }
}

/** What a page shows inside <main> on its first render, where the server can know it (else nothing). */
function PageBody({ path }: { path: string }) {
  if (path === '/') {
    // HomePage: the hero and the stats strip (loading); the sections below come with the app
    return (
      <div className="home">
        <Hero />
        <StatsStrip />
      </div>
    );
  }
  return null;
}

type PageModule = { default: ComponentType };
type Texts = { default: Record<string, unknown> };
type Namespace = 'tasks' | 'people' | 'videos';

/**
 * The list and detail pages whose content is painted too (decision 0026): the page component itself, at its
 * route (for its `:id`), with the data of its first queries and its texts. Same pages and namespaces as the
 * `lazyPage(...)` lines of src/web/app/router.tsx.
 */
const CONTENT_PAGES: { pattern: RegExp; route: string; load: () => Promise<PageModule>; namespaces: Namespace[] }[] = [
  { pattern: /^\/tasks$/, route: '/tasks', load: () => import('../../../web/features/tasks/TaskHallPage'), namespaces: ['tasks'] },
  { pattern: /^\/task\/[^/]+$/, route: '/task/:id', load: () => import('../../../web/features/tasks/TaskDetailPage'), namespaces: ['tasks'] },
  { pattern: /^\/influencers$/, route: '/influencers', load: () => import('../../../web/features/people/InfluencersPage'), namespaces: ['people'] },
  { pattern: /^\/influencer\/[^/]+$/, route: '/influencer/:id', load: () => import('../../../web/features/people/InfluencerDetailPage'), namespaces: ['people'] },
  { pattern: /^\/company\/[^/]+$/, route: '/company/:id', load: () => import('../../../web/features/people/CompanyDetailPage'), namespaces: ['people', 'tasks'] },
  { pattern: /^\/videos$/, route: '/videos', load: () => import('../../../web/features/videos/VideosPage'), namespaces: ['videos'] },
  { pattern: /^\/video\/[^/]+$/, route: '/video/:id', load: () => import('../../../web/features/videos/VideoDetailPage'), namespaces: ['videos'] },
];

/** The public pages that get a first paint: every light page the server preloads (seo/modules.ts). */
const PAGES = [/^\/$/, ...CONTENT_PAGES.map((p) => p.pattern)];

const TEXTS: Record<AppLang, Record<Namespace, () => Promise<Texts>>> = {
  'zh-CN': {
    tasks: () => import('../../../web/i18n/zh-CN/tasks'),
    people: () => import('../../../web/i18n/zh-CN/people'),
    videos: () => import('../../../web/i18n/zh-CN/videos'),
  },
  en: {
    tasks: () => import('../../../web/i18n/en/tasks'),
    people: () => import('../../../web/i18n/en/people'),
    videos: () => import('../../../web/i18n/en/videos'),
  },
};

async function translatorWith(lang: AppLang, namespaces: Namespace[]): Promise<I18n> {
  const inst = translator(lang);
  for (const ns of namespaces) {
    if (!inst.hasResourceBundle(lang, ns)) inst.addResourceBundle(lang, ns, (await TEXTS[lang][ns]()).default);
  }
  return inst;
}

/** How the pages' first GETs reach the API from inside the server (app.ts sets it with the app's inject). */
export type InternalGet = (url: string) => Promise<{ status: number; body: string; contentType: string }>;
/** whether answerApiWith was called: without it the pages' data cannot be read, so only frames are painted */
let answering = false;

export function answerApiWith(get: InternalGet) {
  answering = true;
  setApiTransport(async (url, init) => {
    // only what a page asks for on its first render: public reads, as a visitor
    if ((init.method ?? 'GET') !== 'GET') throw new Error('first paint: only GET');
    const r = await get(url);
    return new Response(r.body, { status: r.status, headers: { 'content-type': r.contentType } });
  });
}

/** How long the page's data may take before the page goes out with its header only. */
const CONTENT_TIMEOUT_MS = 1500;

export type FirstPaint = {
  lang: AppLang;
  /** the markup for inside <div id="root"> */
  html: string;
  /** true when the page's own content is painted (its stylesheets must then apply from the start) */
  content: boolean;
  /**
   * query data the client seeds before its first render, so it renders what the server did; `signedOut`: the
   * request carried no session cookie, so it is certainly a visitor's (the app need not ask)
   */
  data: { siteSettings: SiteSettings | null; queries?: DehydratedState; signedOut?: true; notFound?: ServerNotFound };
};

export type FirstPaintOptions = {
  /** the address's query string (filters and page of a list), without `?` */
  search?: string;
  /**
   * true when the request carries no session cookie: certainly a visitor. Otherwise it may belong to a
   * signed-in user, whose page may depend on who they are (a task's apply card): only the frame is painted,
   * with the placeholder where the header's sign-in buttons or user menu will go
   */
  visitor?: boolean;
  /** the visitor's time zone (firstPaintTimeZone) */
  timeZone?: string;
  /** told why a page went out with its frame only (its content could not be rendered) */
  onError?: (err: unknown) => void;
  /** the address answers 404 or 410 (seo/status.ts): the not-found page is painted, whoever asks */
  notFound?: ServerNotFound;
};

/** The first paint of `pathname`, or null for a page that has none (private pages, the admin console). */
export async function renderFirstPaint(
  pathname: string,
  lang: AppLang,
  siteSettings: SiteSettings | null,
  opts: FirstPaintOptions = {},
): Promise<FirstPaint | null> {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (opts.notFound) return notFoundPaint(path, lang, siteSettings, opts.visitor === true, opts.notFound);
  if (!PAGES.some((p) => p.test(path))) return null;
  const page = CONTENT_PAGES.find((p) => p.pattern.test(path));
  if (page && opts.visitor && answering) {
    const painted = await withTimeout(renderPage(page, path, opts.search ?? '', lang, opts.timeZone ?? DEFAULT_TIME_ZONE, siteSettings), CONTENT_TIMEOUT_MS).catch(
      (err: unknown) => {
        opts.onError?.(err);
        return null;
      },
    );
    if (painted) return { lang, html: painted.html, content: true, data: { siteSettings, queries: painted.queries, signedOut: true } };
  }
  const signedOut = opts.visitor === true;
  const content = path === '/';
  // the markup depends only on the language, the highlighted nav link, the page and the two figures the hero states
  const nav = NAV_LINKS.find((l) => l.to === path)?.to ?? '';
  const key = [lang, nav, signedOut, content ? path : '', content ? `${siteSettings?.platformFeePercent}/${siteSettings?.settlementHours}` : ''].join('|');
  let html = rendered.get(key);
  if (html === undefined) {
    const i18n = translator(lang);
    html = renderMarkup(path, lang, i18n, serverQueryClient(siteSettings, signedOut), content ? <PageBody path={path} /> : null, signedOut);
    remember(key, html);
  }
  return { lang, html, content, data: signedOut ? { siteSettings, signedOut } : { siteSettings } };
}

const rendered = new Map<string, string>();

/**
 * The not-found page (web/app/NotFoundPage.tsx) under the header, for an address answered 404 or 410: the
 * same for everyone (the header's sign-in buttons for a visitor, its placeholder otherwise), in the page's
 * language; the app shows the same page there (`notFound` in #first-data).
 */
function notFoundPaint(path: string, lang: AppLang, siteSettings: SiteSettings | null, signedOut: boolean, notFound: ServerNotFound): FirstPaint {
  const key = ['not-found', lang, signedOut, notFound.status, notFound.kind ?? ''].join('|');
  let html = rendered.get(key);
  if (html === undefined) {
    const page = <NotFoundPage kind={notFound.kind} status={notFound.status} />;
    html = renderMarkup(path, lang, translator(lang), serverQueryClient(siteSettings, signedOut), page, signedOut);
    remember(key, html);
  }
  return { lang, html, content: false, data: signedOut ? { siteSettings, signedOut, notFound } : { siteSettings, notFound } };
}

function remember(key: string, html: string) {
  if (rendered.size >= 64) rendered.delete(rendered.keys().next().value as string);
  rendered.set(key, html);
}

/** `p`, or a rejection after `ms` (the caller logs it and sends the frame only). */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`page data took longer than ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

function serverQueryClient(siteSettings: SiteSettings | null, signedOut: boolean) {
  // nothing is fetched while rendering; the data is fetched between the two passes of renderPage
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
  if (siteSettings) client.setQueryData(['site-settings'], siteSettings);
  // the session as the app's useMe sees it: null = signed out (the client seeds the same from `signedOut`)
  if (signedOut) client.setQueryData(meQueryKey, null);
  return client;
}

/** The session and the site settings travel apart (`signedOut`, `siteSettings`). */
const ownData = (key: readonly unknown[]) => key[0] !== 'auth' && key[0] !== 'site-settings';

/**
 * A list or detail page as its first render shows it once its first queries have answered: a first pass
 * renders the page to learn which queries it asks for (useQuery creates them in the cache, fetches nothing
 * on the server), they are fetched as a visitor would (through the API, answerApiWith), and a second pass
 * renders the page with their data. Null when one of them failed (a missing task): the app says so itself.
 */
async function renderPage(
  page: (typeof CONTENT_PAGES)[number],
  path: string,
  search: string,
  lang: AppLang,
  timeZone: string,
  siteSettings: SiteSettings | null,
) {
  const [mod, i18n] = await Promise.all([page.load(), translatorWith(lang, page.namespaces)]);
  const client = serverQueryClient(siteSettings, true);
  try {
    const url = search ? `${path}?${search}` : path;
    const body = (
      <TimeZoneContext.Provider value={timeZone}>
        <Routes>
          <Route path={page.route} element={<mod.default />} />
        </Routes>
      </TimeZoneContext.Provider>
    );
    renderMarkup(url, lang, i18n, client, body, true);
    const wanted = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && ownData(q.queryKey));
    await Promise.all(
      wanted.map((q) => {
        const queryFn = q.options.queryFn;
        return typeof queryFn === 'function' ? client.prefetchQuery({ queryKey: q.queryKey, queryFn }) : undefined;
      }),
    );
    if (wanted.length === 0 || wanted.some((q) => q.state.status !== 'success')) return null;
    const html = renderMarkup(url, lang, i18n, client, body, true);
    const queries = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' && ownData(q.queryKey) });
    return { html, queries };
  } finally {
    client.clear();
  }
}

function renderMarkup(url: string, lang: AppLang, i18n: I18n, queryClient: QueryClient, body: React.ReactNode, signedOut: boolean): string {
  return (
    renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[url]}>
            {/* the app's providers around the layout (Providers.tsx, AppLayout.tsx): pages use them */}
            <FeedbackProvider>
              <AuthDialogProvider>
                <div className="app">
                  <a className="skip-link" href="#main">
                    {i18n.t('skipToContent')}
                  </a>
                  <StaticHeader lang={lang} signedOut={signedOut} />
                  <main id="main" className="app__main" tabIndex={-1}>
                    {body}
                  </main>
                </div>
              </AuthDialogProvider>
            </FeedbackProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    )
      // the app's test hooks stay on the app's own elements: a test acts on the page once it is live
      .replace(/ data-testid="[^"]*"/g, '')
  );
}

/** JSON for a <script type="application/json"> block: nothing in it can close the element. */
export const jsonForHtml = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const ROOT = /<div id="root">(?:<div class="boot"[^>]*><span><\/span><\/div>)?<\/div>/;
const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page's HTML with its first paint: the markup in `<div id="root" data-first-paint="<lang>">`, the
 * document's language, the seeded query data, and the page's own stylesheets applied from the start when it
 * paints its content (they are otherwise only preloaded and applied by the app's loader, which finds and
 * keeps these links). Unchanged when index.html has no recognisable root (nothing half-done).
 */
export function insertFirstPaint(html: string, fp: FirstPaint, styles: string[] = []): string {
  if (!ROOT.test(html)) return html;
  const links = fp.content ? styles.map((s) => `<link rel="stylesheet" crossorigin href="${escAttr(s)}" />`) : [];
  // the icons' own rules, which the icon components add at run time, under the key they look for (so the app
  // finds and keeps this element): the server's icons sit exactly where the app's will
  const icons = `<style rc-util-key="@ant-design-icons" data-rc-order="prependQueue">${iconStyles}</style>`;
  const root = `<div id="root" data-first-paint="${fp.lang}">${fp.html}</div>\n    <script type="application/json" id="first-data">${jsonForHtml(fp.data)}</script>`;
  let page = html;
  if (fp.content) {
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
    // the data calls still preloaded feed what is below the painted part (the home page's video row and
    // figures): they wait for the style sheets rather than hold back the first paint
    page = page.replace(/<link rel="preload" as="fetch" /g, '<link rel="preload" as="fetch" fetchpriority="low" ');
  }
  return (
    page
      .replace(/<html lang="[^"]*">/, `<html lang="${fp.lang}">`)
      .replace(/(<meta name="viewport"[^>]*>)/, (m) => `${m}\n    ${icons}`)
      .replace('</head>', links.length ? `  ${links.join('\n    ')}\n  </head>` : '</head>')
      .replace(ROOT, () => root)
  );
}

/**
 * The app's loader on a page painted with its content (decision 0026): a classic deferred script (it runs
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
