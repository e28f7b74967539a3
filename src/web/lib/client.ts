/**
 * The typed client (decision 0031): every call names its path and method; its parameters and body are
 * checked against the API document and its result type comes from it (types generated into apiTypes.ts
 * by `npm run api:types`):
 *
 *   const task = await data(client.GET('/api/tasks/{id}', { params: { path: { id } }, signal }));
 *
 * The call signatures are openapi-fetch's (`Client<paths>`, types only); the few lines that send are ours
 * and go through lib/api.ts's `request` — same origin, JSON, and any non-2xx thrown as the ApiError carrying
 * the server's error code, so `data()` only ever sees a success. Keeping openapi-fetch's runtime out saves
 * every page's first load ~2.5 KB (gzip) for what `request` already does.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import { request, type Transport } from './api';
import type { components, paths } from './apiTypes';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type TypedClient = Pick<Client<paths>, Method>;

type Init = {
  params?: { path?: Record<string, string | number>; query?: Record<string, unknown>; header?: Record<string, string> };
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | null;
};

/** `/api/deals/{id}` with `{ id }` → `/api/deals/<id, escaped>` */
function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** Query values as lib/api.ts sends them: undefined, null and '' left out; a list repeats its name. */
function queryString(query: Record<string, unknown> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item !== undefined && item !== null && item !== '') qs.append(k, String(item));
    }
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

function send(method: Method, transport: Transport | undefined) {
  return async (path: string, init: Init = {}) => {
    let response: Response | undefined;
    const data = await request(method, fillPath(path, init.params?.path) + queryString(init.params?.query), {
      body: init.body,
      headers: { ...init.params?.header, ...init.headers },
      signal: init.signal ?? undefined,
      transport,
      onResponse: (r) => {
        response = r;
      },
    });
    return { data, response };
  };
}

/** A typed client sending through `transport` (default: the browser's fetch). */
export function createClient(transport?: Transport): TypedClient {
  // the one place the runtime meets the generated signatures
  return {
    GET: send('GET', transport),
    POST: send('POST', transport),
    PUT: send('PUT', transport),
    PATCH: send('PATCH', transport),
    DELETE: send('DELETE', transport),
  } as unknown as TypedClient;
}

/** The browser's client. */
export const client = createClient();

/**
 * The client a query's function sends with: the one bound to its query cache, else the browser's. The
 * server's render (src/web/entry-server.tsx) gives each request's cache a client that answers from inside
 * the server; query functions of pages the server renders with data take it from their context:
 *
 *   queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/tasks', { signal }))
 */
const bound = new WeakMap<QueryClient, TypedClient>();
export const clientOf = (cache: QueryClient): TypedClient => bound.get(cache) ?? client;
export function bindClient(cache: QueryClient, c: TypedClient) {
  bound.set(cache, c);
}

/** The result of a successful call (a failed one has thrown an ApiError). */
export async function data<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const r = await call;
  return r.data as T;
}

/** The types of the document's schemas, by name: `Schema<'DealDetail'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
