import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATUSES, TASK_CATEGORY_OPTIONS, TASK_STATUSES, type ApplicationStatus, type TaskStatus } from '@shared/options';
import { intlLocale, shortLang } from '../../i18n/lang';
import { useTimeZone } from '../../lib/timeZone';

const wholeFmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const centsFmt = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 3000 → "3,000", 99.5 → "99.50" (amounts are dollars; the $ sign comes from the texts). */
export const formatAmount = (n: number) => (Number.isInteger(n) ? wholeFmt : centsFmt).format(n);

export const isTaskStatus = (s: string): s is TaskStatus => (TASK_STATUSES as readonly string[]).includes(s);
export const isApplicationStatus = (s: string): s is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(s);

type Formatters = { dateTime: Intl.DateTimeFormat; date: Intl.DateTimeFormat; compact: Intl.NumberFormat };
const formatters = new Map<string, Formatters>();
/** Intl's formatters are costly to make (every card asks): one set per language and time zone. */
function formattersFor(locale: string, timeZone: string | undefined): Formatters {
  const key = `${locale}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = {
      dateTime: new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false, timeZone }),
      date: new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
      compact: new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
    };
    formatters.set(key, f);
  }
  return f;
}

/** Formatting helpers in the current language: money, dates, category names, locations. */
export function useTaskFormat() {
  const { t, i18n } = useTranslation('tasks');
  const lang = shortLang(i18n.language);
  const timeZone = useTimeZone();
  return useMemo(() => {
    const { dateTime, date, compact } = formattersFor(intlLocale(i18n.language), timeZone);
    const valid = (iso: string | null | undefined) => {
      if (!iso) return null;
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? null : d;
    };
    return {
      lang,
      money: (n: number | null | undefined) => t('money', { amount: formatAmount(n ?? 0) }),
      budget: (min: number, max: number) => t('budgetRange', { min: formatAmount(min), max: formatAmount(max) }),
      dateTime: (iso: string | null | undefined) => {
        const d = valid(iso);
        return d ? dateTime.format(d) : t('fallback.notSet');
      },
      date: (iso: string | null | undefined) => {
        const d = valid(iso);
        return d ? date.format(d) : t('fallback.notSet');
      },
      compact: (n: number) => compact.format(n),
      /** a category in the current language: its English name in en (standard names fall back to their option label) */
      category: (c: { name: string; nameEn?: string | null } | null | undefined) => {
        if (!c?.name) return t('fallback.notSet');
        if (lang === 'zh') return c.name;
        return c.nameEn?.trim() || TASK_CATEGORY_OPTIONS.find((o) => o.zh === c.name)?.en || c.name;
      },
      location: (v: string | null | undefined) => (!v || v === '线上' ? t('online') : v),
      status: (s: string) => (isTaskStatus(s) ? t(`status.${s}`) : t('status.unknown')),
      applicationStatus: (s: string) => (isApplicationStatus(s) ? t(`applicationStatus.${s}`) : t('applicationStatus.unknown')),
    };
  }, [t, i18n.language, lang, timeZone]);
}
