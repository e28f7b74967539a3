import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { PublicCache } from './publicCache';

describe('PublicCache', () => {
  it('serves one load to 50 identical concurrent misses', async () => {
    const cache = new PublicCache(new ManualClock(), 5000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setImmediate(r));
      return { n: loads };
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => cache.get('videos', '/api/videos', load)));
    expect(loads).toBe(1);
    expect(new Set(results.map((r) => r.entry.etag)).size).toBe(1);
    expect(results.filter((r) => !r.hit)).toHaveLength(1);
  });

  it('expires after the time to live (by the clock) and on invalidation of its tag only', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const cache = new PublicCache(clock, 5000);
    let n = 0;
    const load = async () => ({ n: ++n });
    expect((await cache.get('tasks', 'a', load)).hit).toBe(false);
    expect((await cache.get('tasks', 'a', load)).hit).toBe(true);
    clock.advance(4999);
    expect((await cache.get('tasks', 'a', load)).hit).toBe(true);
    clock.advance(2);
    expect((await cache.get('tasks', 'a', load)).hit).toBe(false);
    await cache.get('videos', 'v', load);
    cache.invalidate('tasks');
    expect((await cache.get('tasks', 'a', load)).hit).toBe(false);
    expect((await cache.get('videos', 'v', load)).hit).toBe(true);
  });

  it('keeps nothing that a write made stale while it loaded', async () => {
    const cache = new PublicCache(new ManualClock(), 5000);
    let release: () => void = () => {};
    const slow = () => new Promise<unknown>((r) => (release = () => r({ old: true })));
    const first = cache.get('tasks', 'a', slow);
    cache.invalidate('tasks');
    release();
    expect((await first).entry.body).toEqual({ old: true });
    expect((await cache.get('tasks', 'a', async () => ({ fresh: true }))).entry.body).toEqual({ fresh: true });
  });
});
