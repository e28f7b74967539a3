import { useTranslation } from 'react-i18next';
import { intlLocale, shortLang } from '../../i18n/lang';

/** Dates, ages and amounts in the console, in the current language. */
export function useAdminFormat() {
  const { t, i18n } = useTranslation('admin');
  const locale = intlLocale(i18n.language);
  const lang = shortLang(i18n.language);
  const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return {
    lang,
    dateTime: (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : t('notSet')),
    date: (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : t('notSet')),
    /** how long ago: 3 days / 5 hours / 12 minutes */
    age: (iso: string, now = Date.now()) => {
      const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
      if (minutes < 60) return rel.format(-minutes, 'minute').replace(/^in /, '');
      const hours = Math.round(minutes / 60);
      if (hours < 48) return rel.format(-hours, 'hour');
      return rel.format(-Math.round(hours / 24), 'day');
    },
    number: (n: number) => n.toLocaleString(locale),
    /** integer cents → $1,234.56 (amounts are shown in dollars, part 2 §1) */
    money: (cents: number) => `$${(cents / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  };
}
