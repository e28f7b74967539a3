/**
 * A query for the typed client (lib/client.ts) as lib/api.ts sent it: openapi-fetch leaves out only
 * `undefined`; an empty string or `null` (an emptied filter) was left out too, and still is.
 */
export function presentQuery<Q extends object>(q: Q): { [K in keyof Q]?: Exclude<Q[K], null> } {
  const out: Partial<Record<keyof Q, unknown>> = {};
  for (const key of Object.keys(q) as (keyof Q)[]) {
    const v = q[key];
    if (v !== undefined && v !== null && v !== '') out[key] = v;
  }
  return out as { [K in keyof Q]?: Exclude<Q[K], null> };
}
