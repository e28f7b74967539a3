import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Clock } from '../../platform/clock';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A rendered page as it is sent: its status, its HTML, and the compressed bodies made once for every hit. */
export type CachedPage = {
  status: number;
  html: string;
  etag: string;
  /** made on the first request that accepts each (then kept with the entry) */
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
};

type Entry = { page: CachedPage; expires: number; version: string };

/**
 * Rendered pages for requests without a session (decision 0034): shared by every visitor for a few seconds,
 * keyed by everything the page depends on (the address with its query, the language, the time zone, the origin
 * its links name) and by the version of the public data (PublicCache's: every write that changes public data
 * bumps it, so a cached page is never older than the public JSON cache would be). Identical renders in flight are
 * made once (single flight). A signed-in reader's page is never stored here.
 */
export class PageCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<Entry>>();

  constructor(
    private clock: Clock,
    private ttlMs: number,
    private maxEntries = 500,
  ) {}

  async get(key: string, version: () => string, load: () => Promise<{ status: number; html: string }>): Promise<{ page: CachedPage; hit: boolean }> {
    const now = this.clock.now().getTime();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now && cached.version === version()) return { page: cached.page, hit: true };
    const pending = this.inflight.get(key);
    if (pending) return { page: (await pending).page, hit: true };
    const v = version();
    const loading = load()
      .then(({ status, html }): Entry => {
        const page: CachedPage = { status, html, etag: `W/"${createHash('sha1').update(html).digest('base64url')}"` };
        const entry = { page, expires: now + this.ttlMs, version: v };
        // a write while it rendered made it stale: sent once, not kept
        if (this.ttlMs > 0 && v === version()) {
          this.entries.delete(key);
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
          this.entries.set(key, entry);
        }
        return entry;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, loading);
    return { page: (await loading).page, hit: false };
  }
}

/** The page's body in the best encoding the request accepts (brotli, gzip, or none), made once per page. */
export function encodedBody(page: CachedPage, acceptEncoding: string | undefined): { encoding: 'br' | 'gzip' | null; body: Promise<Buffer> | string } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*q=/),
      )
      .filter(([name, q]) => name && (q === undefined || Number(q) > 0))
      .map(([name]) => name),
  );
  const accepts = (name: string) => accepted.has(name);
  if (accepts('br')) {
    page.br ??= brotli(Buffer.from(page.html), { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
    return { encoding: 'br', body: page.br };
  }
  if (accepts('gzip')) {
    page.gzip ??= gz(Buffer.from(page.html), { level: 6 });
    return { encoding: 'gzip', body: page.gzip };
  }
  return { encoding: null, body: page.html };
}
