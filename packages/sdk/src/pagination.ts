/**
 * Pagination helpers: async iterators over the pages of the list operations, and over their items.
 *
 * Every list operation answers `{ items, total, page, limit }` and takes `?page=&limit=` (decision 0054);
 * `pages()` asks for page 1, 2, … until `page × limit ≥ total`. Two reads page by key instead:
 * - by key (keyset): `?before=&limit=`, answered with the next page's cursor (the back office's ledger,
 *   `GET /api/admin/finance/entries` → `nextBefore`; the wallet's statement inside `GET /api/wallet`);
 *   `cursorPages()` follows the cursor you point it at until it is null.
 */
import type { CallInit, LiveCommerceClient, PathsWith, SuccessBody } from './client.js';
import type { paths } from './generated/api.js';

type Get<P extends PathsWith<'get'>> = paths[P]['get'];
type QueryOf<P extends PathsWith<'get'>> = Get<P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Body<P extends PathsWith<'get'>> = SuccessBody<Get<P>, CallInit<P, 'get'>>;
type Cursor<P extends PathsWith<'get'>> = QueryOf<P> extends { before?: infer C } ? C : never;

/** the GET operations paged by number: a `page` query parameter and `{ total, page, limit }` in the answer */
export type PagedPath = {
  [P in PathsWith<'get'>]: QueryOf<P> extends { page?: number } ? (Body<P> extends { total: number; page: number; limit: number } ? P : never) : never;
}[PathsWith<'get'>];

/** the GET operations paged by key: a `before` query parameter */
export type CursorPath = { [P in PathsWith<'get'>]: QueryOf<P> extends { before?: infer _ } ? P : never }[PathsWith<'get'>];

type PageOptions = {
  /** stop after this many pages (default: no limit) */
  maxPages?: number;
};

function withQuery(init: object | undefined, extra: Record<string, unknown>): object {
  const i = (init ?? {}) as { params?: { query?: Record<string, unknown> } };
  return { ...i, params: { ...i.params, query: { ...i.params?.query, ...extra } } };
}

/**
 * Every page of a list paged by number, from `init`'s `page` (default 1):
 *
 *   for await (const page of pages(lc, '/api/tasks', { params: { query: { category: 'beauty', limit: 50 } } })) …
 */
export async function* pages<P extends PagedPath>(
  client: LiveCommerceClient,
  path: P,
  init?: CallInit<P, 'get'>,
  options: PageOptions = {},
): AsyncGenerator<Body<P>> {
  const start = (init as { params?: { query?: { page?: number } } } | undefined)?.params?.query?.page ?? 1;
  const get = client.GET as unknown as (path: string, init: object) => Promise<Body<P>>;
  for (let page = start, seen = 0; options.maxPages === undefined || seen < options.maxPages; page++, seen++) {
    const body = await get(path, withQuery(init, { page }));
    yield body;
    const { total, limit } = body as unknown as { total: number; limit: number };
    if (page * limit >= total || limit <= 0) return;
  }
}

/**
 * Every page of a list paged by key: `next` reads the cursor of the following page from an answer (null or
 * undefined: the last page), sent back as `before`:
 *
 *   for await (const w of cursorPages(lc, '/api/wallet', (w) => w.statement.nextBefore)) …
 */
export async function* cursorPages<P extends CursorPath>(
  client: LiveCommerceClient,
  path: P,
  next: (body: Body<P>) => Cursor<P> | null | undefined,
  init?: CallInit<P, 'get'>,
  options: PageOptions = {},
): AsyncGenerator<Body<P>> {
  const get = client.GET as unknown as (path: string, init: object) => Promise<Body<P>>;
  let current = init as object | undefined;
  for (let seen = 0; options.maxPages === undefined || seen < options.maxPages; seen++) {
    const body = await get(path, current ?? {});
    yield body;
    const cursor = next(body);
    if (cursor === null || cursor === undefined) return;
    current = withQuery(init, { before: cursor });
  }
}

/**
 * The items of every page, one by one (each page's `items`, or what `pick` chooses):
 *
 *   for await (const task of eachItem(pages(lc, '/api/tasks'))) console.log(task.title);
 */
export function eachItem<B extends { items: readonly unknown[] }>(source: AsyncIterable<B>): AsyncGenerator<B['items'][number]>;
export function eachItem<B, T>(source: AsyncIterable<B>, pick: (page: B) => readonly T[]): AsyncGenerator<T>;
export async function* eachItem<B, T>(source: AsyncIterable<B>, pick?: (page: B) => readonly T[]): AsyncGenerator<T> {
  for await (const page of source) yield* pick ? pick(page) : (page as unknown as { items: readonly T[] }).items;
}
