import type { Redis } from 'ioredis';
import { systemClock, type Clock } from './clock';

/**
 * Fixed-window counters for abuse limits (codes per address/IP, failed sign-ins).
 * In memory for one instance; in Redis when REDIS_URL is set so several instances share them.
 */
export interface Limiter {
  /** counts one hit; returns whether it is within `limit` for the window and when the window resets */
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number; count: number }>;
  /** reads without counting */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** takes back one hit of the current window (an attempt counted in advance that turned out fine) */
  undo(key: string): Promise<void>;
}

/** Counters of this instance only, timed by `clock` (tests move a ManualClock instead of sleeping). */
export class MemoryLimiter implements Limiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private clock: Clock = systemClock) {}
  private sweep = setInterval(() => {
    const now = this.clock.nowMs();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }, 60_000).unref();

  async hit(key: string, limit: number, windowSeconds: number) {
    const now = this.clock.nowMs();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= limit, retryAfterSeconds: Math.ceil((w.resetAt - now) / 1000), count: w.count };
  }
  async peek(key: string) {
    const w = this.windows.get(key);
    return w && w.resetAt > this.clock.nowMs() ? w.count : 0;
  }
  async reset(key: string) {
    this.windows.delete(key);
  }
  async undo(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt > this.clock.nowMs() && w.count > 0) w.count -= 1;
  }
  close() {
    clearInterval(this.sweep);
  }
}

export class RedisLimiter implements Limiter {
  constructor(
    private redis: Redis,
    private prefix = 'rl:',
  ) {}
  async hit(key: string, limit: number, windowSeconds: number) {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').pttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const pttl = Number(res?.[2]?.[1] ?? windowSeconds * 1000);
    return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(pttl / 1000)), count };
  }
  async peek(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }
  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async undo(key: string) {
    // only an existing counter of the current window, and never below zero (DECR alone would create a key without expiry)
    await this.redis.eval("local v = tonumber(redis.call('get', KEYS[1]) or '0') if v > 0 then redis.call('decr', KEYS[1]) end return 0", 1, this.prefix + key);
  }
}
