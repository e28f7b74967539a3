/** Supported languages. zh-CN is the source language and the default. */
export const LANGS = ['zh-CN', 'en'] as const;
export type AppLang = (typeof LANGS)[number];
export const DEFAULT_LANG: AppLang = 'zh-CN';
/** localStorage key that remembers the chosen language (kept when other local data is cleared) */
export const LANG_STORAGE_KEY = 'lang';

export const isAppLang = (v: unknown): v is AppLang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/**
 * The reader's language: the choice stored in this browser, else the `lang` cookie the server painted the page in
 * (a cookie without a stored choice — another tab's, a cleared storage — must not be turned back to the default
 * after the first paint), else the default.
 */
export function storedLang(): AppLang {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    if (isAppLang(v)) return v;
    if (v === 'zh') return 'zh-CN';
  } catch {
    /* storage unavailable (private mode): the cookie, then the default */
  }
  const cookie = langCookie();
  return isAppLang(cookie) ? cookie : DEFAULT_LANG;
}

export function rememberLang(lang: AppLang) {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    /* ignore */
  }
  writeLangCookie(lang);
}

/**
 * The choice as a cookie too (`lang`, a year, the whole site), so the server paints a page's first view in
 * it (decision 0024). A preference, never anything private; not HttpOnly because it is the page's own.
 */
export const LANG_COOKIE = 'lang';
export function writeLangCookie(lang: AppLang) {
  try {
    document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    /* ignore */
  }
}

/** the `lang` cookie's value as the browser holds it (undefined without one, or without a document) */
function langCookie(): string | undefined {
  try {
    return /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1];
  } catch {
    return undefined;
  }
}

/** Keeps the cookie in step with the stored choice (a choice made before the cookie existed, a cleared cookie). */
export function syncLangCookie(lang: AppLang) {
  try {
    const current = langCookie();
    // the default needs no cookie; anything else, or a cookie that says otherwise, is written
    if (current !== lang && (current !== undefined || lang !== DEFAULT_LANG)) writeLangCookie(lang);
  } catch {
    /* ignore */
  }
}

/** The key used by the shared zh/en texts (ERRORS, option lists). */
export type ShortLang = 'zh' | 'en';
export const shortLang = (lng: string | undefined): ShortLang => (lng?.toLowerCase().startsWith('en') ? 'en' : 'zh');

/** BCP 47 tag for Intl formatting */
export const intlLocale = (lng: string | undefined) => (shortLang(lng) === 'en' ? 'en-US' : 'zh-CN');
