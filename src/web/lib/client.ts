/**
 * The typed client (decision 0031): openapi-fetch over the types generated from the API document
 * (apiTypes.ts, `npm run api:types`). Every call names its path and method; its parameters and body are
 * checked against the document and its result type comes from it:
 *
 *   const task = await data(client.GET('/api/task-detail', { params: { query: { id } }, signal }));
 *
 * It behaves like lib/api.ts: same-origin, JSON, through the transport in force (setApiTransport: the
 * server's first paint answers from inside the server), and any non-2xx becomes an ApiError carrying the
 * server's error code (thrown, so `data()` only ever sees a success).
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError, errorFromResponse, readJsonBody, sendThroughTransport } from './api';
import type { components, paths } from './apiTypes';

/**
 * openapi-fetch builds a Request, which needs an absolute address outside the browser (the server's first
 * paint); the transport gets the path and query only, as lib/api.ts sends them.
 */
const ORIGIN = 'http://same-origin.invalid';

async function send(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
  try {
    return await sendThroughTransport(`${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body: body || undefined,
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError')) throw e;
    throw new ApiError({ status: 0, code: 'UNAVAILABLE', network: true, message: e instanceof Error ? e.message : String(e) });
  }
}

/** A non-2xx answer throws the ApiError lib/api.ts would have thrown. */
const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw errorFromResponse(response.status, await readJsonBody(response.clone()));
    return undefined;
  },
};

export const client = createClient<paths>({ baseUrl: ORIGIN, fetch: send, headers: { Accept: 'application/json' } });
client.use(throwOnError);

/** The result of a successful call (a failed one has thrown an ApiError). */
export async function data<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const r = await call;
  return r.data as T;
}

/** The types of the document's schemas, by name: `Schema<'DealDetail'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
