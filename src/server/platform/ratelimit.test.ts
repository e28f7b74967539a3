import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryLimiter, RedisLimiter, type Limiter } from './ratelimit';
import { ManualClock } from './clock';
import { FailoverLimiter, redisOptions } from './redis';
import { RedisServer, redisServerMissing, until } from '../test/redisServer';
import type { FastifyBaseLogger } from 'fastify';

/** REDIS_URL's server, or else one this file starts (skipped with a message when neither exists) */
const noRedis = process.env.REDIS_URL ? null : redisServerMissing();
if (noRedis) console.warn(noRedis);

/** The behaviour every limiter must have, whatever its store. */
function limiterContract(make: () => Limiter, key: () => string) {
  it('allows up to `limit` hits in a window, then refuses with the time left', async () => {
    const l = make();
    const k = key();
    for (let i = 1; i <= 3; i++) {
      const r = await l.hit(k, 3, 60);
      expect(r).toMatchObject({ allowed: true, count: i });
      expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    const over = await l.hit(k, 3, 60);
    expect(over).toMatchObject({ allowed: false, count: 4 });
    expect(over.retryAfterSeconds).toBeGreaterThan(0);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('peek reads without counting; reset clears; keys are independent', async () => {
    const l = make();
    const [a, b] = [key(), key()];
    expect(await l.peek(a)).toBe(0);
    await l.hit(a, 5, 60);
    await l.hit(a, 5, 60);
    expect(await l.peek(a)).toBe(2);
    expect(await l.peek(a)).toBe(2);
    expect(await l.peek(b)).toBe(0);
    expect((await l.hit(b, 5, 60)).count).toBe(1);
    await l.reset(a);
    expect(await l.peek(a)).toBe(0);
    expect((await l.hit(a, 5, 60)).count).toBe(1);
    expect(await l.peek(b)).toBe(1);
  });

  it('undo takes back one hit, never below zero, and makes no counter of its own', async () => {
    const l = make();
    const [a, b] = [key(), key()];
    await l.hit(a, 5, 60);
    await l.hit(a, 5, 60);
    await l.undo(a);
    expect(await l.peek(a)).toBe(1);
    await l.undo(a);
    await l.undo(a);
    expect(await l.peek(a)).toBe(0);
    await l.undo(b);
    expect(await l.peek(b)).toBe(0);
    expect((await l.hit(b, 5, 60)).count).toBe(1);
  });
}

describe('MemoryLimiter', () => {
  const made: MemoryLimiter[] = [];
  let n = 0;
  const make = () => {
    const l = new MemoryLimiter();
    made.push(l);
    return l;
  };
  afterEach(() => {
    vi.useRealTimers();
    for (const l of made.splice(0)) l.close();
  });

  limiterContract(make, () => `k${++n}`);

  it('a new window starts once the old one has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const l = make();
    await l.hit('w', 1, 60);
    expect((await l.hit('w', 1, 60)).allowed).toBe(false);
    vi.setSystemTime(Date.now() + 59_000);
    expect((await l.hit('w', 1, 60)).allowed).toBe(false);
    expect(await l.peek('w')).toBe(3);
    vi.setSystemTime(Date.now() + 1_000);
    expect(await l.peek('w')).toBe(0);
    const fresh = await l.hit('w', 1, 60);
    expect(fresh).toMatchObject({ allowed: true, count: 1, retryAfterSeconds: 60 });
  });
});

describe.skipIf(noRedis)('RedisLimiter (REDIS_URL or its own redis-server)', () => {
  let redis: Redis;
  let own: RedisServer | null = null;
  const prefix = `rl-test:${randomBytes(4).toString('hex')}:`;
  let n = 0;
  beforeAll(async () => {
    let url = process.env.REDIS_URL;
    if (!url) {
      own = await RedisServer.start();
      url = own.url;
    }
    redis = new Redis(url, redisOptions(1000));
    await until(() => redis.status === 'ready', 'the Redis client');
  });
  afterAll(async () => {
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await own?.stop();
  });

  limiterContract(
    () => new RedisLimiter(redis, prefix),
    () => `k${++n}`,
  );

  describe('the failover limiter while Redis answers', () => {
    const silent = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
    limiterContract(
      () => {
        const l = new FailoverLimiter(redis, new ManualClock(), silent);
        // shares the test's client: only its counting is under test here
        return l;
      },
      () => `f${++n}`,
    );
  });

  it('two limiters on one store share the count (several instances)', async () => {
    const a = new RedisLimiter(redis, prefix);
    const b = new RedisLimiter(redis, prefix);
    await a.hit('shared', 2, 60);
    await b.hit('shared', 2, 60);
    expect((await a.hit('shared', 2, 60)).allowed).toBe(false);
    expect(await b.peek('shared')).toBe(3);
  });

  it('the window expires in the store (set once, not extended by later hits)', async () => {
    const l = new RedisLimiter(redis, prefix);
    await l.hit('ttl', 1, 2);
    const second = await l.hit('ttl', 1, 100);
    expect(second.allowed).toBe(false);
    expect(second.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(second.retryAfterSeconds).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await l.peek('ttl')).toBe(0);
    expect(await l.hit('ttl', 1, 2)).toMatchObject({ allowed: true, count: 1 });
  });
});
