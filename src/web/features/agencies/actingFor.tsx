/**
 * Acting for a roster influencer in the browser (代理操作, decision 0045). The choice is in the address — `?as=<influencers.id>`
 * on the influencer's pages (task hall, task page, 申请与邀请, deals, the deal room) — never hidden state, so links,
 * new tabs and reloads keep it. Every API call those pages make in that context names the influencer (`onBehalfOf`),
 * and the server decides whether the agency may (its roster, the deals made under it).
 */
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { ACTING_PARAM } from '@shared/routes';
import { useMe } from '../auth/api';
import './acting.css';
import { isUuid } from '@shared/ids';

/**
 * The influencer the signed-in agency acts for on this page, or null. The parameter is an agency's: anybody else
 * who opens such an address reads the page as themself (while the session is still unknown it counts, so an
 * agency's first call already names the influencer).
 */
export function useActingFor(): string | null {
  const [params] = useSearchParams();
  const me = useMe();
  const as = params.get(ACTING_PARAM);
  if (!as || !isUuid(as)) return null;
  if (!me.isPending && me.data?.userType !== 'agency') return null;
  return as;
}

/** the query of a call made in that context: `{ onBehalfOf }`, or nothing */
export const onBehalfOf = (as: string | null): { onBehalfOf?: string } => (as ? { onBehalfOf: as } : {});

/** an address of the app that keeps acting for `as` (`/deal/1` → `/deal/1?as=…`, `/task/1?from=list` → `…&as=…`) */
export const withActing = (to: string, as: string | null): string => (as ? `${to}${to.includes('?') ? '&' : '?'}${ACTING_PARAM}=${as}` : to);

/** `withActing` for this page's context: links that stay in it */
export function useActingTo(): (to: string) => string {
  const as = useActingFor();
  return (to) => withActing(to, as);
}

// the banner's code (and the roster it names the influencer from) loads only for an agency acting for an influencer:
// the hall and the task page, public pages, stay within their budgets (decision 0021)
const ActingBanner = lazy(() => import('./ActingBanner'));

/** The acting banner where the page is opened with `?as=`; its place is kept (acting.css) while its code loads. */
export function ActingBannerMount() {
  const as = useActingFor();
  if (!as) return null;
  return (
    <Suspense fallback={<div className="acting-banner acting-banner--pending" aria-hidden="true" />}>
      <ActingBanner as={as} />
    </Suspense>
  );
}
