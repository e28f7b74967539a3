import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/lang';

/** Money is integer cents on the wire; shown in dollars with cents only when there are some. */
export function useDealFormat() {
  const { t, i18n } = useTranslation('deals');
  return useMemo(() => {
    const locale = intlLocale(i18n.language);
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const count = new Intl.NumberFormat(locale);
    const dt = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
    const d = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
    const valid = (iso: string | null | undefined) => {
      if (!iso) return null;
      const x = new Date(iso);
      return Number.isNaN(x.getTime()) ? null : x;
    };
    return {
      money: (c: number) => t('money', { amount: c % 100 === 0 ? whole.format(c / 100) : cents.format(c / 100) }),
      count: (n: number) => count.format(n),
      dateTime: (iso: string | null | undefined) => {
        const x = valid(iso);
        return x ? dt.format(x) : t('notSet');
      },
      date: (iso: string | null | undefined) => {
        const x = valid(iso);
        return x ? d.format(x) : t('notSet');
      },
    };
  }, [t, i18n.language]);
}
