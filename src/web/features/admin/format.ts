import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/lang';
import { formatMoney, useFormat } from '../../lib/format';

/** Dates, ages and amounts in the console, in the current language: the app's one formatter (lib/format.ts) with the console's fallback. */
export function useAdminFormat() {
  const { t } = useTranslation('admin');
  const f = useFormat();
  return useMemo(() => {
    const locale = intlLocale(f.lang);
    const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const nf = new Intl.NumberFormat(locale);
    return {
      lang: f.lang,
      dateTime: (iso: string | null) => f.dateTime(iso, t('notSet')),
      date: (iso: string | null) => f.date(iso, t('notSet')),
      /** a calendar day kept as text ('2026-12-08') */
      day: f.day,
      monthDay: f.monthDay,
      dayInput: f.dayInput,
      /** how long ago: 3 days / 5 hours / 12 minutes */
      age: (iso: string, now = Date.now()) => {
        const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
        if (minutes < 60) return rel.format(-minutes, 'minute').replace(/^in /, '');
        const hours = Math.round(minutes / 60);
        if (hours < 48) return rel.format(-hours, 'hour');
        return rel.format(-Math.round(hours / 24), 'day');
      },
      number: (n: number) => nf.format(n),
      /** integer cents (every amount, decision 0053) → $1,234.56 (amounts are shown in dollars, part 2 §1) */
      money: formatMoney,
      /** a budget in integer cents → $1,000.00 - $3,000.00 */
      moneyRange: f.moneyRange,
      /** items in a list, in the reader's language */
      list: f.list,
    };
  }, [t, f]);
}
