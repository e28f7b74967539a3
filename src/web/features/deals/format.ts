import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/lang';
import { formatMoney, useFormat } from '../../lib/format';

/** The deal pages' formatting: the app's one formatter (lib/format.ts) with the deal texts' fallback. Money is integer cents, shown with cents. */
export function useDealFormat() {
  const { t } = useTranslation('deals');
  const f = useFormat();
  return useMemo(() => {
    const count = new Intl.NumberFormat(intlLocale(f.lang));
    return {
      money: formatMoney,
      count: (n: number) => count.format(n),
      dateTime: (iso: string | null | undefined) => f.dateTime(iso, t('notSet')),
      date: (iso: string | null | undefined) => f.date(iso, t('notSet')),
    };
  }, [t, f]);
}
