import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessValues } from '@shared/business';
import { client, data } from '../lib/client';

/**
 * GET /api/site-settings: the settings every page reads (系统设置): the fee and the settlement window
 * shown in texts, sign-up per type, the announcement banner. Part of the app shell: no zod here.
 */
export const siteSettingsQuery = queryOptions({
  queryKey: ['site-settings'] as const,
  queryFn: ({ signal }) => data(client.GET('/api/site-settings', { signal })),
  staleTime: 60_000,
});

export const useSiteSettings = () => useQuery(siteSettingsQuery);

/** The commercial figures as i18n values, with the fee and the settlement window as the admins set them. */
export function useBusinessValues() {
  const { data } = useSiteSettings();
  return data ? { ...businessValues, fee: data.platformFeeBps / 100, settlement: data.settlementHours } : businessValues;
}
