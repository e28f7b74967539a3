/**
 * A query for the typed client (lib/client.ts) as lib/api.ts sent it: openapi-fetch leaves out only
 * undefined and null, lib/api.ts also left out empty strings (an empty search box is no `search=`).
 */
export function compactQuery<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}
