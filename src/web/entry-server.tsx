/**
 * The web app's server entry (decision 0034): built by `vite build --ssr` into dist/server/entry-server.js and
 * loaded by the server by path (src/server/features/seo/render.ts), which never imports web source. It renders
 * the app's own tree — the same components, routes and texts the browser hydrates — for one request:
 *
 * - the page at the address is found in the app's route table (app/router.tsx `matchPage`); only the public
 *   pages marked there are rendered, any other address gets the app's frame from index.html and loads in the
 *   browser;
 * - for a visitor (no session cookie) the page's module declares what its first render reads (`prefetch`),
 *   which runs once here into the request's own query cache, through the request's own client (the server's
 *   internal GET, `req.get`): nothing global is switched, nothing is shared between requests;
 * - the tree is rendered once with every lazy part resolved (react-dom/static's prerender), and the queries it
 *   was rendered with go along (dehydrated) so the browser's hydrating render draws the same.
 *
 * A reader who may be signed in (a session cookie) gets the same path without data: the page as the app's
 * first render shows it before it knows who they are; their private data never reaches this render.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { iconStyles } from '@ant-design/icons/lib/utils';
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import type { RenderRequest, RenderResult, ServerEntry } from '@shared/ssr';
import { Providers } from './app/Providers';
import { AppRoutes, matchPage } from './app/router';
import { RenderedNotFound } from './app/firstPaint';
import { siteSettingsQuery } from './app/siteSettings';
import { meQueryKey } from './features/auth/api';
import { DEFAULT_LANG, LANGS, isAppLang, type AppLang } from './i18n/lang';
import { bindClient, createClient } from './lib/client';
import { DEFAULT_TIME_ZONE, TimeZoneContext, validTimeZone } from './lib/timeZone';

type Texts = { default: Record<string, unknown> };
// every namespace of both languages, bundled into the server build (the browser loads them one by one)
const TEXTS = import.meta.glob<Texts>('./i18n/*/*.ts', { eager: true });

/** One i18next instance per language, every namespace loaded: made once, shared by all renders (read only). */
const translators = new Map<AppLang, I18n>();
function translator(lang: AppLang): I18n {
  let inst = translators.get(lang);
  if (!inst) {
    const resources: Record<string, Record<string, Record<string, unknown>>> = {};
    for (const [file, mod] of Object.entries(TEXTS)) {
      const m = /\.\/i18n\/([^/]+)\/([^/.]+)\.ts$/.exec(file);
      if (!m || !isAppLang(m[1]) || !mod?.default) continue;
      (resources[m[1]] ??= {})[m[2]] = mod.default;
    }
    inst = i18next.createInstance();
    void inst.init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANGS],
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      ns: Object.keys(resources[DEFAULT_LANG] ?? { common: {} }),
      defaultNS: 'common',
      resources,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
    translators.set(lang, inst);
  }
  return inst;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`page data took longer than ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** The queries that travel apart: the session (`signedOut`) and the site settings (`siteSettings`). */
const ownData = (key: readonly unknown[]) => key[0] !== 'auth' && key[0] !== 'site-settings';

function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer | string) => chunks.push(typeof c === 'string' ? Buffer.from(c) : c));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

async function render(req: RenderRequest): Promise<RenderResult | null> {
  const path = req.path.replace(/\/+$/, '') || '/';
  const lang: AppLang = isAppLang(req.lang) ? req.lang : DEFAULT_LANG;
  const match = req.notFound ? null : matchPage(path);
  if (!req.notFound && !match) return null;

  // antd's CSS-in-JS for this render only: the styles its components register while rendering are collected here
  // and go into the page's head (decision 0046), where the browser's antd finds and keeps them
  const styleCache = createCache();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
  bindClient(
    queryClient,
    createClient(async (url, init) => {
      // only what a page reads on its first render: public reads, as a visitor
      if ((init.method ?? 'GET') !== 'GET') throw new Error('server render: only GET');
      const r = await req.get(url);
      return new Response(r.body, { status: r.status, headers: { 'content-type': r.contentType } });
    }),
  );
  if (req.siteSettings) queryClient.setQueryData(siteSettingsQuery.queryKey, req.siteSettings);
  // the session as the app's useMe sees it: null = signed out (the browser seeds the same from `signedOut`)
  if (req.visitor) queryClient.setQueryData(meQueryKey, null);

  try {
    if (match) {
      await match.page.preload();
      const prefetch = match.page.loaded()?.prefetch;
      if (req.visitor && prefetch) {
        await withTimeout(prefetch({ queryClient, params: match.params, search: new URLSearchParams(req.search) }), req.dataTimeoutMs).catch((err: unknown) =>
          req.onError?.(err),
        );
        // a read that failed or is still under way is not part of the picture: the page shows it loading, as the
        // browser's first render will (it then asks itself)
        queryClient.removeQueries({ predicate: (q) => q.state.status !== 'success' });
      }
    }
    const url = req.search ? `${path}?${req.search}` : path;
    const { prelude } = await prerenderToNodeStream(
      <StyleProvider cache={styleCache}>
        <I18nextProvider i18n={translator(lang)}>
          <TimeZoneContext.Provider value={req.timeZone}>
            <RenderedNotFound.Provider value={req.notFound ?? null}>
              <Providers client={queryClient}>
                <StaticRouter location={url}>
                  <AppRoutes />
                </StaticRouter>
              </Providers>
            </RenderedNotFound.Provider>
          </TimeZoneContext.Provider>
        </I18nextProvider>
      </StyleProvider>,
      // every boundary inline, in order (React outlines a large one behind a script otherwise, which the
      // page's Content-Security-Policy forbids and hydration does not need: nothing streams here)
      { onError: (err) => req.onError?.(err), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    const html = await readAll(prelude);
    // nothing registered (a page without antd): no style elements, not even the empty path map
    const styles = styleCache.cache.size > 0 ? extractStyle(styleCache) : '';
    const queries = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' && ownData(q.queryKey) });
    return {
      lang,
      html,
      ...(styles ? { styles } : {}),
      data: {
        siteSettings: req.siteSettings,
        ...(queries.queries.length ? { queries } : {}),
        ...(req.visitor ? { signedOut: true as const } : {}),
        ...(req.notFound ? { notFound: req.notFound } : {}),
        timeZone: req.timeZone,
      },
    };
  } finally {
    queryClient.clear();
  }
}

export const entry: ServerEntry = {
  render,
  languageOf: (cookie) => (isAppLang(cookie) ? cookie : DEFAULT_LANG),
  timeZoneOf: (cookie) => validTimeZone(cookie) ?? DEFAULT_TIME_ZONE,
  // the icons' own rules, which the icon components add at run time, under the key they look for (so the app
  // finds and keeps this element): the server's icons sit exactly where the app's will
  headStyle: { attributes: { 'rc-util-key': '@ant-design-icons', 'data-rc-order': 'prependQueue' }, css: iconStyles },
};
