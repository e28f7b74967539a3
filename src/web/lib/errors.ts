import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS, formatMessage, isErrorCode, type ErrorParams } from '@shared/errors';
import { ADMIN_PERMISSION_LABELS, TALENT_TYPES, labelOf } from '@shared/options';
import { shortLang, type ShortLang } from '../i18n/lang';
import { isApiError } from './api';

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

/** The text of an error code in the given language (the server's zh/en texts from @shared/errors). */
export function errorMessage(code: string, params: ErrorParams | undefined, lang: ShortLang, fallback?: string): string {
  if (!isErrorCode(code)) return fallback ?? code;
  return formatMessage(ERRORS[code][lang], localizeParams(code, params, lang));
}

/**
 * Texts for errors in the current language.
 * - `errorText(code, params)` for a known code (e.g. a zod issue message).
 * - `apiErrorText(err, fallback)` for anything thrown by the api client: a known server code
 *   gives its text, a network failure gives `networkFallback` (or the fallback), anything else the fallback.
 */
export function useErrorText() {
  const { i18n } = useTranslation();
  const lang = shortLang(i18n.language);
  const errorText = useCallback((code: string, params?: ErrorParams) => errorMessage(code, params, lang), [lang]);
  const apiErrorText = useCallback(
    (err: unknown, fallback: string, networkFallback?: string) => {
      if (isApiError(err)) {
        if (err.network) return networkFallback ?? fallback;
        if (isErrorCode(err.code) && err.code !== 'INTERNAL' && err.code !== 'BAD_REQUEST') {
          return errorMessage(err.code, err.params, lang);
        }
        return fallback;
      }
      return networkFallback ?? fallback;
    },
    [lang],
  );
  return { errorText, apiErrorText, lang };
}
