import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCommon from './zh-CN/common';
import { DEFAULT_LANG, LANGS, LANG_STORAGE_KEY, isAppLang, rememberLang, storedLang, syncLangCookie, type AppLang } from './lang';

/**
 * i18n resources are split per namespace: `i18n/<lang>/<namespace>.ts`, each exporting a
 * plain object (zh-CN is the source; `en` is typed against it). `common` (the app shell) is
 * bundled in Chinese, the default (English `common` is loaded before the first render when it is the
 * stored language, and by changeLang); every other namespace is its own chunk, loaded on demand — to add one, drop
 * `zh-CN/<ns>.ts` and `en/<ns>.ts` here and register its type in `types.ts`. Pages preload
 * their namespaces through `lazyPage(..., ['ns'])` so they render without a second wait.
 */
type NsModule = { default: Record<string, unknown> };
const loaders = namespaceLoaders();
function namespaceLoaders(): Record<string, () => Promise<NsModule>> {
  try {
    return import.meta.glob<NsModule>(['./zh-CN/*.ts', './en/*.ts', '!./zh-CN/common.ts']);
  } catch {
    // outside Vite (the server's first paint imports pages, decision 0026): the server gives its own texts
    return {};
  }
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`./${language}/${namespace}.ts`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default as never),
      (e: unknown) => callback(e instanceof Error ? e : String(e), null),
    );
  },
};

export function applyDocumentLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = isAppLang(lng) ? lng : DEFAULT_LANG;
}

export async function initI18n(lng: AppLang = storedLang()) {
  syncLangCookie(lng);
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANGS],
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { 'zh-CN': { common: zhCommon } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  applyDocumentLang(i18n.language);
  i18n.on('languageChanged', (l) => applyDocumentLang(l));
  return i18n;
}

/** Switches every visible text (and antd / dayjs via the providers) and remembers the choice. */
export async function changeLang(lng: AppLang) {
  rememberLang(lng);
  await i18n.changeLanguage(lng);
}

/** Loads namespaces ahead of rendering (used by lazy routes and dialogs). */
export const loadNamespaces = (ns: string[]) => i18n.loadNamespaces(ns);

export { LANG_STORAGE_KEY };
export default i18n;
