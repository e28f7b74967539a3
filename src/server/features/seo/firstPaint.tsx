import { renderToStaticMarkup } from 'react-dom/server';
import { Link, MemoryRouter, NavLink } from 'react-router';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GlobalOutlined, MenuOutlined } from '@ant-design/icons';
import { iconStyles } from '@ant-design/icons/lib/utils';
import type { SiteSettings } from '../../../shared/schemas/adminInsights';
import type { AppContext } from '../../platform/context';
import { getSiteSettings } from '../admin/settings';
import { LogoMark } from '../../../web/app/layout/Logo';
import { NAV_LINKS } from '../../../web/app/layout/accountMenu';
import { Hero } from '../../../web/features/home/Hero';
import { StatsStrip } from '../../../web/features/home/StatsStrip';
import { LANGS, type AppLang } from '../../../web/i18n/lang';
import zhCommon from '../../../web/i18n/zh-CN/common';
import zhHome from '../../../web/i18n/zh-CN/home';
import enCommon from '../../../web/i18n/en/common';
import enHome from '../../../web/i18n/en/home';

/**
 * The first paint of a public page, in the HTML itself (issue 13, decision 0024): until the app's JavaScript
 * has run, `<div id="root">` holds what React's first render will show — the header (signed-out, session
 * still unknown: the placeholder where the sign-in buttons go) and, on the home page, the hero and the stats
 * strip (its numbers still loading). The client (src/web/main.tsx) replaces it with createRoot once the
 * page's code and texts are there, at the same geometry, so nothing moves and the largest paint stays the
 * server's.
 *
 * Rendered by react-dom/server from the app's own components (Hero, StatsStrip, the Logo, the nav table) with
 * the app's texts, so the markup is theirs. React escapes every text and attribute. Nothing private is ever
 * used: the header is the signed-out one whoever asks, and the only data is the public site settings (the
 * fee and settlement window the hero states), which the page gets in the same HTML so its first render says
 * the same. The header is mirrored here (StaticHeader) because Header.tsx pulls in the i18n loader, which
 * only Vite can build; e2e/first-paint.spec.ts checks that the app's header lands on the same pixels.
 */

/** The language the page will be shown in: the `lang` cookie the web app writes with its choice (i18n/lang.ts). */
export function firstPaintLang(cookie: string | undefined): AppLang {
  return (LANGS as readonly string[]).includes(cookie ?? '') ? (cookie as AppLang) : 'zh-CN';
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

/** Header.tsx as its first render paints it: signed-out placeholder, phone menu not mounted yet. */
function StaticHeader({ lang }: { lang: AppLang }) {
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
          </div>
          <div className="site-header__auth">
            <span className="site-header__auth-placeholder" aria-hidden="true" />
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

/** The public pages that get a first paint: every light page the server preloads (seo/modules.ts). */
const PAGES = [/^\/$/, /^\/tasks$/, /^\/task\/[^/]+$/, /^\/influencers$/, /^\/influencer\/[^/]+$/, /^\/company\/[^/]+$/, /^\/videos$/, /^\/video\/[^/]+$/];

export type FirstPaint = {
  lang: AppLang;
  /** the markup for inside <div id="root"> */
  html: string;
  /** true when the page's own content is painted (its stylesheets must then apply from the start) */
  content: boolean;
  /** query data the client seeds before its first render, so it renders what the server did */
  data: { siteSettings: SiteSettings | null };
};

/** The first paint of `pathname`, or null for a page that has none (private pages, the admin console). */
export function renderFirstPaint(pathname: string, lang: AppLang, siteSettings: SiteSettings | null): FirstPaint | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!PAGES.some((p) => p.test(path))) return null;
  const content = path === '/';
  // the markup depends only on the language, the highlighted nav link, the page and the two figures the hero states
  const nav = NAV_LINKS.find((l) => l.to === path)?.to ?? '';
  const key = [lang, nav, content ? path : '', content ? `${siteSettings?.platformFeePercent}/${siteSettings?.settlementHours}` : ''].join('|');
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderMarkup(path, lang, content, siteSettings);
    if (rendered.size >= 64) rendered.delete(rendered.keys().next().value as string);
    rendered.set(key, html);
  }
  return { lang, html, content, data: { siteSettings } };
}

const rendered = new Map<string, string>();

function renderMarkup(path: string, lang: AppLang, content: boolean, siteSettings: SiteSettings | null): string {
  const i18n = translator(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  if (siteSettings) queryClient.setQueryData(['site-settings'], siteSettings);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <div className="app">
            <a className="skip-link" href="#main">
              {i18n.t('skipToContent')}
            </a>
            <StaticHeader lang={lang} />
            <main id="main" className="app__main" tabIndex={-1}>
              {content && <PageBody path={path} />}
            </main>
          </div>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  )
    // the app's test hooks stay on the app's own elements: a test acts on the page once it is live
    .replace(/ data-testid="[^"]*"/g, '');
  queryClient.clear();
  return html;
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
  return (
    html
      // the app's code is not needed for the first picture any more: it loads after the style sheets
      .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ')
      .replace(/<html lang="[^"]*">/, `<html lang="${fp.lang}">`)
      .replace(/(<meta name="viewport"[^>]*>)/, (m) => `${m}\n    ${icons}`)
      .replace('</head>', links.length ? `  ${links.join('\n    ')}\n  </head>` : '</head>')
      .replace(ROOT, () => root)
  );
}
