import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { INFLUENCER_CATEGORIES, TASK_CATEGORY_OPTIONS, labelOf, type Option } from '@shared/options';
import { intlLocale, shortLang } from '../../i18n/lang';

export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** Number, option-label and category-label formatting in the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = shortLang(i18n.language);
  return useMemo(() => {
    const nf = new Intl.NumberFormat(intlLocale(i18n.language));
    const nf1 = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 });
    return {
      lang,
      number: (n: number) => nf.format(n),
      decimal: (n: number) => nf1.format(n),
      option: <V extends string>(list: readonly Option<V>[], value: string) => labelOf(list, value, lang),
      /** influencer categories: the profile's fixed list or the supplement form's options */
      category: (value: string) =>
        INFLUENCER_CATEGORIES.some((o) => o.value === value)
          ? labelOf(INFLUENCER_CATEGORIES, value, lang)
          : labelOf(TASK_CATEGORY_OPTIONS, value, lang),
    };
  }, [i18n.language, lang]);
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

/** The account type as shown: 达人 / 企业 / 管理员, else 普通用户. */
export const accountTypeKey = (userType: 'admin' | 'influencer' | 'company' | null | undefined) => userType ?? 'user';
