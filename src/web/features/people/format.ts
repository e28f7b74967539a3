import { useTranslation } from 'react-i18next';
import { formatCount } from '@shared/counts';
import { INFLUENCER_CATEGORIES, labelOf } from '@shared/options';
import { intlLocale, shortLang } from '../../i18n/lang';
import { useTimeZone } from '../../lib/timeZone';

/** Formatting shared by the people pages: counts the Chinese or English way, masked values, categories. */
export function usePeopleFormat() {
  const { t, i18n } = useTranslation('people');
  const lang = shortLang(i18n.language);
  const locale = intlLocale(i18n.language);
  const timeZone = useTimeZone();
  return {
    lang,
    count: (n: number | null) => (n === null ? t('masked') : formatCount(n, lang)),
    rate: (n: number | null) => (n === null ? t('masked') : t('card.perHour', { rate: n.toLocaleString(locale) })),
    category: (v: string) => labelOf(INFLUENCER_CATEGORIES, v, lang),
    rating: (n: number) => n.toFixed(1),
    date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso)),
    dateTime: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso)),
  };
}
