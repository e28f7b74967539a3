import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from './clock';

/**
 * A short shared cache for public lists (the task hall, the influencer directory, the showcase):
 * anonymous requests for the same URL within `ttlMs` cost one query, and concurrent misses wait for the
 * same load (single flight). Signed-in viewers are never served from it (their answers may differ).
 *
 * Writes call `invalidate(tag)` after their commit ('tasks', 'influencers', 'videos'), so a change shows
 * on the next request of this instance. Other instances see it after at most `ttlMs` (a few seconds),
 * which is the staleness public lists accept; no shared store is needed for that.
 *
 * Usage in a route: `return ctx.publicCache.serve(request, reply, 'videos', () => listVideos(...))`.
 */
/** what browsers and proxies may reuse a public list for, whatever this cache's own time to live */
export const PUBLIC_MAX_AGE_SECONDS = 5;

/** the answer, its JSON (serialized once, sent as is to every hit) and its ETag */
type Entry = { body: unknown; json: string; etag: string; expires: number; generation: number };

export class PublicCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<Entry>>();
  private generations = new Map<string, number>();
  /** how many invalidations this instance has seen: the version of everything public (rendered pages' key) */
  private writes = 0;

  constructor(
    private clock: Clock,
    private ttlMs: number,
    private maxEntries = 2000,
  ) {}

  private generation(tag: string) {
    return this.generations.get(tag) ?? 0;
  }

  /** Forgets every entry of `tag` (call after the commit of a write that changes it). */
  invalidate(tag: string) {
    this.writes += 1;
    this.generations.set(tag, this.generation(tag) + 1);
    for (const key of this.entries.keys()) if (key.startsWith(`${tag} `)) this.entries.delete(key);
  }

  /** The version of the public data: changes with every invalidation (the rendered pages' cache keys on it). */
  version(): string {
    return String(this.writes);
  }

  /** The cached answer for `key`, or the loader's (at most one load per key at a time). */
  async get(tag: string, key: string, load: () => Promise<unknown>): Promise<{ entry: Entry; hit: boolean }> {
    const full = `${tag} ${key}`;
    const now = this.clock.now().getTime();
    const cached = this.entries.get(full);
    if (cached && cached.expires > now && cached.generation === this.generation(tag)) return { entry: cached, hit: true };
    let pending = this.inflight.get(full);
    if (!pending) {
      const generation = this.generation(tag);
      pending = load()
        .then((body) => {
          const json = JSON.stringify(body);
          const entry: Entry = { body, json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"`, expires: now + this.ttlMs, generation };
          // a write during the load made it stale: answer it once, keep nothing
          if (this.ttlMs > 0 && generation === this.generation(tag)) {
            if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
            this.entries.set(full, entry);
          }
          return entry;
        })
        .finally(() => this.inflight.delete(full));
      this.inflight.set(full, pending);
      return { entry: await pending, hit: false };
    }
    return { entry: await pending, hit: true };
  }

  /**
   * Answers a public list: anonymous requests through the cache (x-cache: hit | miss), with a weak ETag
   * (304 when it matches If-None-Match) and a short public max-age; signed-in viewers get a fresh,
   * private answer.
   */
  async serve<T>(request: FastifyRequest, reply: FastifyReply, tag: string, load: () => Promise<T>): Promise<T> {
    const user = await request.getUser();
    if (user) {
      reply.header('cache-control', 'private, no-cache').header('x-cache', 'bypass');
      return load();
    }
    const { entry, hit } = await this.get(tag, request.url, load);
    reply
      .header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`)
      .header('etag', entry.etag)
      .header('x-cache', hit ? 'hit' : 'miss')
      .header('vary', 'cookie');
    // 304: the reply is sent here; what the handler returns after that is ignored
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send() as unknown as T;
    // the JSON made once per entry: hits skip serialization (the loader's answer has the route's shape)
    return reply.type('application/json; charset=utf-8').send(entry.json) as unknown as T;
  }
}

/**
 * For a routes plugin whose writes change a public list: every successful non-GET request of the plugin
 * invalidates `tags` once it has been answered (after its transaction committed).
 */
export function invalidateOnWrite(app: FastifyInstance, cache: PublicCache, ...tags: string[]) {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) for (const tag of tags) cache.invalidate(tag);
  });
}
