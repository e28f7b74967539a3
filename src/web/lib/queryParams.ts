/**
 * A query as the product sends it: undefined, null and empty strings left out (an empty search box is no
 * `search=`). The typed client (lib/client.ts) leaves them out when it sends; this gives a form's values —
 * where a cleared field is '' or null — the type of the document's optional parameters.
 */
export function compactQuery<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}
