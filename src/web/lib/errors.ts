import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorParams } from '@shared/errors';
import { formatMessage as format } from '@shared/formatMessage';
import { ADMIN_PERMISSION_LABELS, TALENT_TYPES, labelOf } from '@shared/options';
import { shortLang, type ShortLang } from '../i18n/lang';
import { isApiError } from './api';

/**
 * The texts of the server's error codes are the i18n namespace `errors` (i18n/<lang>/errors.ts, made from
 * `@shared/errors`; decision 0069), ~13 KB compressed that only the pages and dialogs that show errors load: a page
 * lists `errors` among its namespaces (router.tsx) and has them before its first render, like its other texts; any
 * other component that uses these hooks loads them as it mounts (no suspense: until they are there, a code reads as
 * the caller's fallback or the generic text, and the component renders again when they arrive). The server's render
 * has every namespace.
 */
const NS = 'errors';

/** Params as the user should read them: a talent-type value becomes its label, etc. */
export function localizeParams(code: string, params: ErrorParams | undefined, lang: ShortLang): ErrorParams | undefined {
  if (!params) return params;
  const out: ErrorParams = { ...params };
  if (code.startsWith('TALENT_') && typeof out.type === 'string') out.type = labelOf(TALENT_TYPES, out.type, lang);
  if (code === 'ADMIN_PERMISSION_MISSING' && typeof out.permission === 'string') {
    const label = Object.values(ADMIN_PERMISSION_LABELS).find((l) => l.zh === out.permission);
    if (label) out.permission = label[lang];
  }
  return out;
}

/**
 * Texts for errors in the current language.
 * - `errorText(code, params)` for a code (a zod issue message, a field error); an unknown code reads as the
 *   generic bad-input text.
 * - `apiErrorText(err, fallback)` for anything thrown by the api client: a known server code gives its text, a
 *   network failure gives `networkFallback` (or the fallback), anything else the fallback.
 */
export function useErrorText() {
  // the namespace is loaded by this call when it is not yet (and the component renders again once it is)
  const { i18n, t, ready } = useTranslation([NS, 'common'], { useSuspense: false });
  const lang = shortLang(i18n.language);
  const language = i18n.language;
  /** the code's template in the current language, or undefined for a code it does not know (or before the texts) */
  const template = useCallback(
    (code: string): string | undefined => {
      if (!ready) return undefined;
      const text: unknown = i18n.getResource(language, NS, code);
      return typeof text === 'string' ? text : undefined;
    },
    [i18n, language, ready],
  );
  const errorText = useCallback(
    (code: string, params?: ErrorParams) => {
      const known = template(code) !== undefined ? code : 'BAD_REQUEST';
      const text = template(known);
      return text === undefined ? t('common:requestFailed') : format(text, localizeParams(known, params, lang));
    },
    [template, lang, t],
  );
  const apiErrorText = useCallback(
    (err: unknown, fallback: string, networkFallback?: string) => {
      if (isApiError(err)) {
        if (err.network) return networkFallback ?? fallback;
        const text = err.code === 'INTERNAL' || err.code === 'BAD_REQUEST' ? undefined : template(err.code);
        return text === undefined ? fallback : format(text, localizeParams(err.code, err.params, lang));
      }
      return networkFallback ?? fallback;
    },
    [template, lang],
  );
  return { errorText, apiErrorText, lang };
}
