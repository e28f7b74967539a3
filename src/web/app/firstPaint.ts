import { createContext, useContext } from 'react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import type { Schema } from '../lib/client';
import { RECORD_PAGES, type ServerNotFound } from '@shared/pages';
import { validTimeZone } from '../lib/timeZone';
import { queryClient } from './queryClient';
import { siteSettingsQuery } from './siteSettings';
import { meQueryKey } from '../features/auth/api';

type SiteSettings = Schema<'SiteSettings'>;

/**
 * The data the server rendered the page with (`<script type="application/json" id="first-data">`, written by
 * src/web/entry-server.tsx): put into the query cache before the app hydrates, so its first render is the
 * server's (the fee and settlement window in the hero; a list's first page, a task — decision 0034) and
 * nothing is asked again. Public data only. Returns the zone the server rendered times in (the app's first
 * render uses it too), or undefined when there is no block (a missing or broken one: the app asks as usual).
 */
export function seedFirstData(): string | undefined {
  try {
    const text = document.getElementById('first-data')?.textContent;
    if (!text) return undefined;
    const data = JSON.parse(text) as {
      siteSettings?: SiteSettings | null;
      queries?: DehydratedState;
      signedOut?: boolean;
      notFound?: ServerNotFound;
      timeZone?: string;
    };
    if (data.siteSettings && typeof data.siteSettings === 'object') queryClient.setQueryData(siteSettingsQuery.queryKey, data.siteSettings);
    if (data.queries && Array.isArray(data.queries.queries)) hydrate(queryClient, data.queries);
    // the page came without a session cookie: signed out for certain, as the server painted the header
    if (data.signedOut === true) queryClient.setQueryData(meQueryKey, null);
    serverNotFound = validNotFound(data.notFound);
    return validTimeZone(data.timeZone) ?? undefined;
  } catch {
    /* the app loads it itself */
    return undefined;
  }
}

/** On the server: the not-found page it renders for this request (the browser's copy is `serverNotFound`). */
export const RenderedNotFound = createContext<ServerNotFound | null>(null);

/** The not-found page to show at `pathname` instead of the route's page (see serverNotFoundAt). */
export function useServerNotFound(pathname: string, signedIn: boolean | undefined): ServerNotFound | null {
  return useContext(RenderedNotFound) ?? serverNotFoundAt(pathname, signedIn);
}

/** The address the server answered 404 or 410 for (its not-found page is painted), while the app is there. */
let serverNotFound: ServerNotFound | null = null;

function validNotFound(v: ServerNotFound | undefined): ServerNotFound | null {
  if (!v || typeof v !== 'object' || (v.status !== 404 && v.status !== 410) || typeof v.path !== 'string') return null;
  const kind = (RECORD_PAGES as readonly unknown[]).includes(v.kind) ? v.kind : null;
  return { status: v.status, kind, path: v.path, signedIn: v.signedIn === true };
}

/**
 * The not-found page the server painted for this address (status, kind), or null: the app shows that page
 * instead of the route's own while it is at the address it loaded with, and as long as the reader is
 * signed in or out as the server saw them (after signing in, a profile hidden from visitors may be theirs).
 */
export function serverNotFoundAt(pathname: string, signedIn: boolean | undefined): ServerNotFound | null {
  const nf = serverNotFound;
  if (!nf || !samePath(pathname, nf.path)) return null;
  if (signedIn !== undefined && signedIn !== nf.signedIn) return null;
  return nf;
}

/** The app moved to another address: from now on the routes decide (a later visit asks the API). */
export function leftAddress(pathname: string) {
  if (serverNotFound && !samePath(pathname, serverNotFound.path)) serverNotFound = null;
}

const samePath = (a: string, b: string) => (a.replace(/\/+$/, '') || '/').toLowerCase() === (b.replace(/\/+$/, '') || '/').toLowerCase();
