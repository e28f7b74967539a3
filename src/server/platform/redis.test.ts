/**
 * The failover limiter against a real redis-server that the test starts, stops and freezes (issue 30,
 * decision 0033): while Redis is unreachable the limits count in memory, answer fast and still refuse a
 * burst; the degradation is logged at most once a minute; when Redis is back, counts are shared again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from './clock';
import { createRedis, FailoverLimiter } from './redis';
import { RedisServer, redisServerMissing, until } from '../test/redisServer';

const missing = redisServerMissing();
if (missing) console.warn(missing);

const fakeLog = () => {
  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
};

const COMMAND_TIMEOUT_MS = 1000;

describe.skipIf(missing)('FailoverLimiter with a redis-server of its own', () => {
  let server: RedisServer;
  const clock = new ManualClock(new Date('2026-12-01T00:00:00Z'));
  const { log, logger } = fakeLog();
  let a: FailoverLimiter;
  let b: FailoverLimiter;
  beforeAll(async () => {
    server = await RedisServer.start();
    // two instances: each its own client and its own memory; a command timeout of 1 s (the app's default is shorter):
    // with 200 ms a PING to a healthy server timed out on a CI machine running five suites on two cores
    a = new FailoverLimiter(createRedis(server.url, COMMAND_TIMEOUT_MS), clock, logger);
    b = new FailoverLimiter(createRedis(server.url, COMMAND_TIMEOUT_MS), clock, fakeLog().logger);
    await until(() => a.usingRedis && b.usingRedis, 'both clients ready');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await server?.stop();
  });

  const timed = async <T>(fn: () => Promise<T>) => {
    const started = performance.now();
    const value = await fn();
    return { value, ms: performance.now() - started };
  };

  it('shares counts through Redis while it answers', async () => {
    await a.hit('shared', 3, 60);
    await b.hit('shared', 3, 60);
    await a.hit('shared', 3, 60);
    expect((await b.hit('shared', 3, 60)).allowed).toBe(false);
    expect(await a.peek('shared')).toBe(4);
    expect(await a.check()).toBe('up');
  });

  it('Redis stopped: answers at once from memory, still refuses a burst, logs once a minute', async () => {
    await server.stop();
    await until(() => !a.usingRedis, 'the client to notice');
    const first = await timed(() => a.hit('burst', 5, 60));
    expect(first.value).toMatchObject({ allowed: true, count: 1 });
    expect(first.ms).toBeLessThan(250);
    for (let i = 2; i <= 5; i++) expect((await a.hit('burst', 5, 60)).allowed).toBe(true);
    const refused = await timed(() => a.hit('burst', 5, 60));
    expect(refused.value).toMatchObject({ allowed: false, count: 6 });
    expect(refused.ms).toBeLessThan(250);
    // per instance: the other instance has its own count meanwhile
    expect(await b.peek('burst')).toBe(0);
    expect(await a.check()).toBe('down');
    // the client keeps failing to reconnect; one warning within the minute (the clock has not moved)
    const warnings = () => log.warn.mock.calls.filter(([, msg]) => typeof msg === 'string' && msg.startsWith('redis unreachable')).length;
    expect(warnings()).toBe(1);
    await a.hit('burst', 5, 60);
    expect(warnings()).toBe(1);
    clock.advance(61_000);
    await a.check();
    expect(warnings()).toBe(2);
    // the memory window passes on the app's clock like Redis's would
    expect(await a.peek('burst')).toBe(0);
  });

  it('Redis back: shared counts again, the recovery logged', async () => {
    await server.start();
    await until(() => a.usingRedis && b.usingRedis, 'both clients to reconnect');
    expect(log.info).toHaveBeenCalledWith('redis reachable again: rate limits are shared again');
    await a.hit('after', 2, 60);
    await b.hit('after', 2, 60);
    expect((await a.hit('after', 2, 60)).allowed).toBe(false);
    expect(await b.peek('after')).toBe(3);
    expect(await a.check()).toBe('up');
  });

  it('Redis hung (connection open, no answers): a command gives up after the timeout, then memory is used without waiting', async () => {
    server.freeze();
    try {
      const first = await timed(() => a.hit('hung', 2, 60));
      expect(first.value).toMatchObject({ allowed: true, count: 1 });
      expect(first.ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 50);
      expect(first.ms).toBeLessThan(COMMAND_TIMEOUT_MS * 3);
      const second = await timed(() => a.hit('hung', 2, 60));
      expect(second.ms).toBeLessThan(50);
      expect(a.usingRedis).toBe(false);
      expect((await a.hit('hung', 2, 60)).allowed).toBe(false);
    } finally {
      server.thaw();
    }
    // Redis is tried again after retryMs (5 s on the app's clock)
    clock.advance(5_000);
    expect(a.usingRedis).toBe(true);
    // the command that timed out was still carried out once the server woke: counted in Redis too, not lost
    expect(await a.peek('hung')).toBe(1);
    // back on Redis, the count this instance kept meanwhile still holds: 4 here against 2 in Redis, no second budget
    expect(await a.hit('hung', 2, 60)).toMatchObject({ allowed: false, count: 4 });
    expect(await a.peek('hung')).toBe(2);
  });

  it("one slow command mid-burst: memory goes on from this instance's own count, not from zero", async () => {
    clock.advance(5_000);
    for (let i = 1; i <= 3; i++) expect((await a.hit('mid', 4, 60)).allowed).toBe(true);
    server.freeze();
    try {
      // the 4th times out and is counted in memory, which already holds the three before it
      expect(await a.hit('mid', 4, 60)).toMatchObject({ allowed: true, count: 4 });
      expect((await a.hit('mid', 4, 60)).allowed).toBe(false);
    } finally {
      server.thaw();
    }
  });
});

describe.skipIf(missing)('FailoverLimiter when Redis is unreachable from the start', () => {
  it('counts in memory at once and says so; nothing waits for a connection', async () => {
    const server = await RedisServer.start();
    const url = server.url;
    await server.stop(); // a port where nothing listens now
    const { log, logger } = fakeLog();
    const l = new FailoverLimiter(createRedis(url, 200), new ManualClock(), logger);
    try {
      const started = performance.now();
      for (let i = 1; i <= 3; i++) expect(await l.hit('cold', 2, 60)).toMatchObject({ count: i, allowed: i <= 2 });
      expect(performance.now() - started).toBeLessThan(100);
      expect(l.usingRedis).toBe(false);
      expect(await l.check()).toBe('down');
      expect(log.warn).toHaveBeenCalledTimes(1);
    } finally {
      await l.close();
    }
  });
});
