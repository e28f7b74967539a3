import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@shared/counts';
import { INFLUENCER_CATEGORIES, LANGUAGES, labelOf } from '@shared/options';
import { formatMoney, useFormat } from '../../lib/format';

/**
 * Formatting shared by the people pages: counts the Chinese or English way, masked values, categories; dates and
 * amounts from the app's one formatter (lib/format.ts).
 */
export function usePeopleFormat() {
  const { t } = useTranslation('people');
  const f = useFormat();
  return useMemo(
    () => ({
      lang: f.lang,
      count: (n: number | null) => (n === null ? t('masked') : formatCount(n, f.lang)),
      /** an hourly rate in integer cents: $800.00/hour */
      rate: (n: number | null) => (n === null ? t('masked') : t('card.perHour', { rate: formatMoney(n) })),
      money: formatMoney,
      category: (v: string) => labelOf(INFLUENCER_CATEGORIES, v, f.lang),
      /** a spoken language (stored as its option value, or as typed) in the reader's language */
      language: (v: string) => labelOf(LANGUAGES, v, f.lang),
      list: f.list,
      rating: (n: number) => n.toFixed(1),
      date: (iso: string) => f.date(iso),
      dateTime: (iso: string) => f.dateTime(iso),
    }),
    [t, f],
  );
}
