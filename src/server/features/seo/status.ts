import { matchPath } from 'react-router';
import type { RecordPage } from '../../../shared/pages';
import { ACTING_PARAM, APP_PATHS, DEV_PATHS } from '../../../shared/routes';
import type { AppContext } from '../../platform/context';
import { deletedByAdmin } from '../../platform/admin';
import type { AuthUser } from '../../platform/session';
import { taskPageShown } from '../tasks';
import { companyPageShown, influencerPageShown } from '../people/service';
import { videoPageShown } from '../videos';
import { dealPageShown } from '../deals';
import { agencyPageShown, resolveOnBehalf, staffAsAgency } from '../agencies';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../../shared/ids';

/**
 * The HTTP status of a page address (issue "soft 404"): the web app answers every address with its shell,
 * so without this an unknown address or a missing task said 200 and search engines and link previews took
 * the not-found page for content. Decided here, on the server, with the same rules the pages' API calls
 * apply (each feature exports the one-row check its detail endpoint uses), before the HTML is written.
 */

/** Every address of the web app and its developer pages (src/shared/routes.ts, the table the web app's router reads too). */
export const APP_ROUTES = APP_PATHS;
export const DEV_ROUTES = DEV_PATHS;

const matches = (routes: readonly string[], pathname: string) => routes.some((path) => matchPath({ path, caseSensitive: false, end: true }, pathname) !== null);

export type PageStatus =
  | { status: 200 }
  /**
   * `notFoundPage`: the server paints the not-found page (and the app shows it at this address); false for a
   * visitor on a deal address, who gets the deal page's sign-in card (a party may simply be signed out)
   */
  | { status: 404 | 410; kind: RecordPage | null; notFoundPage: boolean };

const OK: PageStatus = { status: 200 };

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * Whether `pathname` is one of the app's routes (an address the app shows a page for, not its not-found page):
 * React Router's own matcher, with its defaults (case-insensitive, a trailing slash allowed, whole path).
 */
export function isAppRoute(pathname: string): boolean {
  return matches(APP_ROUTES, pathname);
}

export function isDevRoute(pathname: string): boolean {
  return matches(DEV_ROUTES, pathname);
}

/**
 * The status of a page address for this viewer:
 * - an address that is none of the app's routes: 404, and so is a developer page in production;
 * - /task, /influencer, /company, /video, /deal, /agency with an id: 200 when the page shows the record to this
 *   viewer (a hidden profile to its owner and admins, a profile shown to signed-in users only to them);
 *   404 for a malformed id or a record they cannot see; 410 for a task or video an admin deleted;
 * - a deal is private: a signed-in user who is not a party (nor an admin with 任务管理) gets the same 404
 *   whether it exists or not; a visitor gets 404 for every deal address, with the deal page's sign-in card
 *   (nothing about the deal is read for a visitor, so nothing can leak); an agency acting for a roster influencer
 *   (`?as=<influencers.id>`, the web app's address of the deal room on behalf) sees the deals the API shows it
 *   with `onBehalfOf` (decision 0045), by the same resolver;
 * - every other route: 200.
 * When the database cannot answer, 200: the page loads and says what it finds itself.
 */
export async function pageStatus(ctx: AppContext, pathname: string, viewer: () => Promise<AuthUser | null>, search = ''): Promise<PageStatus> {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!isAppRoute(path) || (ctx.config.isProduction && isDevRoute(path))) return { status: 404, kind: null, notFoundPage: true };
  const [, rawKind, rawId] = /^\/(task|influencer|company|video|deal|agency)\/([^/]+)$/i.exec(path) ?? [];
  if (!rawKind || !rawId) return OK;
  const kind = rawKind.toLowerCase() as RecordPage;
  const id = decode(rawId);
  const missing: PageStatus = { status: 404, kind, notFoundPage: true };
  if (kind === 'deal') {
    const user = await viewer().catch(() => null);
    if (!user) return { status: 404, kind, notFoundPage: false };
    if (!id || !isUuid(id)) return missing;
    return (await check(ctx, path, async () => dealPageShown(ctx.db, id, await dealViewer(ctx, user, id, search)))) ? OK : missing;
  }
  if (!id || !isUuid(id)) return missing;
  const shown = await check(ctx, path, async () => {
    switch (kind) {
      case 'task':
        return taskPageShown(ctx.db, id);
      case 'video':
        return videoPageShown(ctx.db, id);
      case 'influencer':
        return influencerPageShown(ctx.db, id, await viewer());
      case 'company':
        return companyPageShown(ctx.db, id, await viewer());
      case 'agency':
        return agencyPageShown(ctx.db, id);
    }
  });
  if (shown) return OK;
  if ((kind === 'task' || kind === 'video') && (await check(ctx, path, () => deletedByAdmin(ctx.db, kind, id), false))) {
    return { status: 410, kind, notFoundPage: true };
  }
  return missing;
}

/**
 * Who reads a deal page: the signed-in user, or for an agency with `?as=` the influencer it acts for when the API
 * would let it (`resolveOnBehalf` in mode `deal`: the deal made under this agency for this influencer). An agency
 * without `as`, or refused, reads as itself: no party, 404.
 */
async function dealViewer(ctx: AppContext, user: AuthUser, dealId: string, search: string): Promise<AuthUser> {
  const as = new URLSearchParams(search).get(ACTING_PARAM);
  if (user.userType !== 'agency' || !as) return user;
  try {
    // an agency's staff member acts as its agency (decision 0067)
    return await resolveOnBehalf(ctx, staffAsAgency(user), as, 'deal', { id: dealId });
  } catch (err) {
    if (err instanceof AppError) return user;
    throw err;
  }
}

/** The answer of a lookup; `onError` (shown: the page loads as before) when the database cannot answer. */
async function check(ctx: AppContext, path: string, lookUp: () => Promise<boolean>, onError = true): Promise<boolean> {
  try {
    return await lookUp();
  } catch (err) {
    ctx.log.warn({ path, err: err instanceof Error ? err.message.split('\n')[0] : String(err) }, 'page status lookup failed');
    return onError;
  }
}
