import { createContext, useContext } from 'react';

/**
 * The time zone dates and times are shown in. In the browser: the device's own (undefined, Intl's default).
 * The server's first paint of a page (decision 0026) renders the page's components in Node, whose own zone is
 * the server's: it provides the visitor's zone here (the `tz` cookie below; Beijing time, the market's, for a
 * first visit), so the times it paints are the ones the app shows.
 */
export const TimeZoneContext = createContext<string | undefined>(undefined);
export const useTimeZone = () => useContext(TimeZoneContext);

/** The zone the server assumes before the device has told it: the marketplace's own (China Standard Time). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** A valid IANA zone name, or null. */
export function validTimeZone(v: string | null | undefined): string | null {
  if (!v || v.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Tells the server the device's zone (a cookie, like the language: a preference, nothing private). */
export function syncTimeZoneCookie() {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const current = /(?:^|;\s*)tz=([^;]*)/.exec(document.cookie)?.[1];
    if (!zone || (current !== undefined && decodeURIComponent(current) === zone)) return;
    if (current === undefined && zone === DEFAULT_TIME_ZONE) return;
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    /* no cookies: the server paints Beijing time and the app corrects it */
  }
}
