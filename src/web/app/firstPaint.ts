import { hydrate, type DehydratedState } from '@tanstack/react-query';
import type { SiteSettings } from '@shared/schemas/adminInsights';
import { queryClient } from './queryClient';
import { siteSettingsQuery } from './siteSettings';
import { meQueryKey } from '../features/auth/api';

/**
 * The data the server used for a page's first paint (`<script type="application/json" id="first-data">`,
 * written by src/server/features/seo/firstPaint.tsx): put into the query cache before the first render,
 * so the app says what the server's picture said (the fee and settlement window in the hero; a list's first
 * page, a task — decisions 0024, 0026) and does not ask for it again. Public data only. A missing or broken
 * block is ignored (the app asks as usual).
 */
export function seedFirstData() {
  try {
    const text = document.getElementById('first-data')?.textContent;
    if (!text) return;
    const data = JSON.parse(text) as { siteSettings?: SiteSettings | null; queries?: DehydratedState; signedOut?: boolean };
    if (data.siteSettings && typeof data.siteSettings === 'object') queryClient.setQueryData(siteSettingsQuery.queryKey, data.siteSettings);
    if (data.queries && Array.isArray(data.queries.queries)) hydrate(queryClient, data.queries);
    // the page came without a session cookie: signed out for certain, as the server painted the header
    if (data.signedOut === true) queryClient.setQueryData(meQueryKey, null);
  } catch {
    /* the app loads it itself */
  }
}
