import { centsToDollarsInput, parseDollars } from '@shared/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INFLUENCER_CATEGORIES, TASK_CATEGORY_OPTIONS, labelOf, type Option } from '@shared/options';
import { intlLocale, shortLang } from '../../i18n/lang';
import { formatMoney, useFormat as useAppFormat } from '../../lib/format';

/** Number, option-label and category-label formatting in the current language; dates and amounts from the app's one formatter (lib/format.ts). */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = shortLang(i18n.language);
  const app = useAppFormat();
  return useMemo(() => {
    const nf = new Intl.NumberFormat(intlLocale(i18n.language));
    const nf1 = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 });
    return {
      lang,
      dateTime: (iso: string | null | undefined) => app.dateTime(iso),
      /** an amount in integer cents (an hourly rate): $800.00 */
      money: formatMoney,
      number: (n: number) => nf.format(n),
      decimal: (n: number) => nf1.format(n),
      option: <V extends string>(list: readonly Option<V>[], value: string) => labelOf(list, value, lang),
      /** influencer categories: the profile's fixed list or the supplement form's options */
      category: (value: string) =>
        INFLUENCER_CATEGORIES.some((o) => o.value === value) ? labelOf(INFLUENCER_CATEGORIES, value, lang) : labelOf(TASK_CATEGORY_OPTIONS, value, lang),
    };
  }, [i18n.language, lang, app]);
}

/**
 * A number field's text as the shared schemas read it: '' → undefined (missing), a decimal number →
 * that number, anything else stays text so the schema reports it (the API takes JSON numbers only).
 */
export const numberInput = (v: string): number | string | undefined => {
  const s = v.trim();
  if (s === '') return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : s;
};

/**
 * A dollar field's text → what the API takes (decision 0053): integer cents read from the typed string
 * ("800", "1,234.56" → 123456); blank → undefined (the default); anything else stays text, so the schema refuses it.
 */
export const dollarsTextToCents = (v: string): number | string | undefined => {
  const s = v.trim();
  if (s === '') return undefined;
  return parseDollars(s) ?? s;
};

/** integer cents → the text of a dollar field: 80000 → "800", 123456 → "1234.56" */
export const centsToDollarsText = (cents: number | null | undefined): string => (typeof cents === 'number' ? String(centsToDollarsInput(cents)) : '');

/** The account type as shown: 达人 / 企业 / 管理员, else 普通用户. */
export const accountTypeKey = (userType: 'admin' | 'influencer' | 'company' | 'agency' | null | undefined) => userType ?? 'user';
