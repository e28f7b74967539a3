import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@shared/counts';
import { APPLICATION_STATUSES, TASK_CATEGORY_OPTIONS, TASK_STATUSES, isOnlineLocation, type ApplicationStatus, type TaskStatus } from '@shared/options';
import { shortLang } from '../../i18n/lang';
import { formatMoney, useFormat } from '../../lib/format';

export const isTaskStatus = (s: string): s is TaskStatus => (TASK_STATUSES as readonly string[]).includes(s);
export const isApplicationStatus = (s: string): s is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(s);

/**
 * Formatting helpers of the task pages in the current language: money, dates, category names, locations. Dates and
 * amounts come from the app's one formatter (lib/format.ts); every amount is integer cents (decision 0053).
 */
export function useTaskFormat() {
  const { t, i18n } = useTranslation('tasks');
  const lang = shortLang(i18n.language);
  const f = useFormat();
  return useMemo(() => {
    return {
      lang,
      /** integer cents */
      money: (cents: number | null | undefined) => formatMoney(cents ?? 0),
      /** a budget range in integer cents */
      budget: (minCents: number, maxCents: number) => t('budgetRange', { min: formatMoney(minCents), max: formatMoney(maxCents) }),
      dateTime: (iso: string | null | undefined) => f.dateTime(iso, t('fallback.notSet')),
      date: (iso: string | null | undefined) => f.date(iso, t('fallback.notSet')),
      compact: (n: number) => formatCount(n, lang),
      /** a category in the current language: its English name in en (standard names fall back to their option label) */
      category: (c: { name: string; nameEn?: string | null } | null | undefined) => {
        if (!c?.name) return t('fallback.notSet');
        if (lang === 'zh') return c.name;
        return c.nameEn?.trim() || TASK_CATEGORY_OPTIONS.find((o) => o.zh === c.name)?.en || c.name;
      },
      /** where the live happens: the stored online location (线上) in the reader's language, a place as typed */
      location: (v: string | null | undefined) => (isOnlineLocation(v) ? t('online') : (v ?? '').trim()),
      status: (s: string) => (isTaskStatus(s) ? t(`status.${s}`) : t('status.unknown')),
      applicationStatus: (s: string) => (isApplicationStatus(s) ? t(`applicationStatus.${s}`) : t('applicationStatus.unknown')),
    };
  }, [t, lang, f]);
}
