/**
 * The pages whose address names a record (/task/{id}, …). When the record is missing (or deleted: 410) the
 * server answers the address with 404 and paints the not-found page for that kind, and the web app shows
 * the same page there (features/seo/status.ts, web/app/NotFoundPage.tsx).
 */
export const RECORD_PAGES = ['task', 'influencer', 'company', 'video', 'deal', 'agency'] as const;
export type RecordPage = (typeof RECORD_PAGES)[number];

/** What the server tells the app about an address it answered 404 or 410 (the #first-data block). */
export type ServerNotFound = {
  status: 404 | 410;
  kind: RecordPage | null;
  /** the address, as the server read it (the app applies it there only) */
  path: string;
  /** whether the request came with a signed-in session: after signing in or out the app decides again */
  signedIn: boolean;
};
