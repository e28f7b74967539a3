import type { QueryClient } from '@tanstack/react-query';

/**
 * What a page's first render reads, declared beside the page (`export const prefetch` in its module): the server's
 * render (src/web/entry-server.tsx) runs it once into the request's query cache, renders the page with that data
 * and sends it along, so the browser hydrates the same picture without asking again (decision 0034). Only public
 * reads, as a visitor: the query functions send through the cache's client (lib/client.ts `clientOf`).
 */
export type PrefetchArgs = {
  queryClient: QueryClient;
  /** the route's parameters (`:id`) */
  params: Readonly<Record<string, string | undefined>>;
  /** the address's query (a list's filters and page) */
  search: URLSearchParams;
};
export type Prefetch = (args: PrefetchArgs) => Promise<unknown>;
