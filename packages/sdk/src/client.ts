/**
 * The typed client: every call names its method and path as the API document does; parameters, body and result
 * are typed from the document (generated/api.ts, `npm run sdk:build`). Only the operations an API key may call are
 * offered. A success resolves to the body; any other answer rejects with an ApiError carrying the server's code.
 */
import createFetchClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import { ApiError } from './errors.js';
import type { paths } from './generated/api.js';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** the paths that have an operation for `M` */
export type PathsWith<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** the init argument: optional when nothing in it is required (openapi-fetch's rule) */
type InitArg<I> = [RequiredKeys<I>] extends [never] ? [init?: I] : [init: I];
/** the success body of a call (2xx), as the document says */
export type SuccessBody<Op, I> =
  Op extends Record<string | number, unknown> ? Extract<FetchResponse<Op, I, 'application/json'>, { data: unknown }>['data'] : never;
/** the init a call of `M` on `P` takes: `{ params: { path, query, header }, body, signal, headers }` */
export type CallInit<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;

export type Call<M extends Method> = <P extends PathsWith<M>, I extends CallInit<P, M>>(path: P, ...init: InitArg<I>) => Promise<SuccessBody<paths[P][M], I>>;

export type ClientOptions = {
  /** the site's origin, e.g. `https://livecommerce.example` (the paths start with `/api/`) */
  baseUrl: string;
  /** an API key from /developers: `lc_live_…` */
  apiKey: string;
  /** a fetch of your own (tests, proxies, retries); default: the global fetch */
  fetch?: (request: Request) => Promise<Response>;
  /** headers sent with every call (e.g. a `User-Agent` of your system) */
  headers?: Record<string, string>;
};

export type LiveCommerceClient = {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
  /** openapi-fetch's client with the same key: `{ data, error, response }` without throwing (headers, raw status) */
  raw: Client<paths>;
};

export function createClient(options: ClientOptions): LiveCommerceClient {
  if (typeof options.apiKey !== 'string' || !/^\S+$/.test(options.apiKey)) {
    throw new TypeError('createClient: apiKey must be the key from /developers (lc_live_…), without spaces');
  }
  if (!/^https?:\/\//.test(options.baseUrl)) throw new TypeError('createClient: baseUrl must be an http(s) origin, e.g. https://livecommerce.example');
  const raw = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const call =
    (method: Uppercase<Method>) =>
    async (path: string, init?: object): Promise<unknown> => {
      const result = (await raw.request(method.toLowerCase() as never, path as never, init as never)) as {
        data?: unknown;
        error?: unknown;
        response: Response;
      };
      if (!result.response.ok) throw new ApiError(result.response, result.error);
      return result.data;
    };
  // the one place the runtime meets the generated signatures
  return {
    GET: call('GET') as Call<'get'>,
    POST: call('POST') as Call<'post'>,
    PUT: call('PUT') as Call<'put'>,
    PATCH: call('PATCH') as Call<'patch'>,
    DELETE: call('DELETE') as Call<'delete'>,
    raw,
  };
}
