import type { ServerNotFound } from './pages';
import type { SiteSettings } from './schemas/adminInsights';

/**
 * The contract between the server and the web app's server entry (src/web/entry-server.tsx, built by
 * `vite build --ssr` into dist/server/entry-server.js): the server loads the built module by its path and calls
 * it through these types; it never imports web source (decision 0034).
 */

/** A public GET answered from inside the server (app.inject), as a visitor. */
export type InternalGet = (url: string) => Promise<{ status: number; body: string; contentType: string }>;

export type RenderRequest = {
  /** the address's path, without its query */
  path: string;
  /** the query string (a list's filters and page), without `?` */
  search: string;
  /** the page's language (`languageOf` of the `lang` cookie) */
  lang: string;
  /** the zone its times are shown in (`timeZoneOf` of the `tz` cookie) */
  timeZone: string;
  /**
   * true when the request carries no session cookie: certainly a visitor, whose page is rendered with its data.
   * Otherwise the reader may be signed in: the page is rendered as the app's first render shows it before it
   * knows who they are (no data), and the browser loads the rest.
   */
  visitor: boolean;
  /** the public site settings (the fee, the settlement window, the announcement), null when unavailable */
  siteSettings: SiteSettings | null;
  /** the address answers 404 or 410: the not-found page is rendered */
  notFound?: ServerNotFound;
  /** how long the page's first reads may take before it goes out without them (the browser then loads them) */
  dataTimeoutMs: number;
  /** how the page's first reads reach the API */
  get: InternalGet;
  /** told why a page went out without its data (a read failed or took too long) */
  onError?: (err: unknown) => void;
};

export type RenderResult = {
  lang: string;
  /** the markup inside <div id="root"> */
  html: string;
  /**
   * antd's CSS-in-JS the markup was rendered with (decision 0046): `<style>` elements for the head, each marked
   * with the hash antd's browser runtime looks for (it keeps them instead of inserting its own); absent for a page
   * without antd
   */
  styles?: string;
  /** the `#first-data` block the browser reads before it hydrates (the dehydrated queries and what it needs) */
  data: FirstData;
};

/** What the browser gets with the rendered page (src/web/app/firstPaint.ts reads it). */
export type FirstData = {
  siteSettings: SiteSettings | null;
  /** the queries the page was rendered with (TanStack Query's dehydrated state) */
  queries?: unknown;
  /** the request had no session cookie: signed out for certain */
  signedOut?: true;
  notFound?: ServerNotFound;
  /** the zone the page's times were rendered in */
  timeZone: string;
};

export type ServerEntry = {
  /** The page at `req.path` rendered, or null for an address the server does not render (a private page). */
  render(req: RenderRequest): Promise<RenderResult | null>;
  /** The page's language from the `lang` cookie the app writes (the default without one). */
  languageOf(cookie: string | undefined): string;
  /** The page's time zone from the `tz` cookie the app writes (Beijing time without one). */
  timeZoneOf(cookie: string | undefined): string;
  /** CSS the rendered markup needs before the app's code runs (the icons' own rules), for a <style> in the head */
  headStyle: { attributes: Record<string, string>; css: string };
};
