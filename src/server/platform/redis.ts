import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { Clock } from './clock';
import { safeErrorLog } from './errors';
import { MemoryLimiter, RedisLimiter, type Limiter } from './ratelimit';

/**
 * Redis holds counters, not data (decision 0033): when it cannot be reached, the limits count in this
 * instance's memory instead, and the site keeps serving. Every option below is set on purpose:
 * - `commandTimeout`: a command unanswered after this many ms fails (a hung or unreachable server costs a
 *   request at most this long, once per `retryMs`, never 10 seconds);
 * - `enableOfflineQueue: false`: while not connected a command fails at once instead of waiting in a queue;
 * - `maxRetriesPerRequest: 0`: a command in flight when the connection drops fails at once (not after 20
 *   reconnection attempts, the `MaxRetriesPerRequestError` of issue 30);
 * - `retryStrategy`: reconnect forever, 100 ms after the first loss growing to every 2 s;
 * - `connectTimeout`: a connection attempt to an address that does not answer gives up after 2 s.
 */
export function redisOptions(commandTimeoutMs: number): RedisOptions {
  return {
    commandTimeout: commandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 100, 2000),
    connectTimeout: 2000,
    lazyConnect: false,
  };
}

export function createRedis(url: string, commandTimeoutMs: number): Redis {
  return new Redis(url, redisOptions(commandTimeoutMs));
}

export type RedisHealth = 'up' | 'down';

/**
 * The limiter of an instance with REDIS_URL: Redis while it answers (counts shared by every instance),
 * this instance's memory while it does not. After a failed command Redis is left alone for `retryMs`
 * (requests do not each pay the timeout) unless the client reconnects first. The switch is logged — the
 * degradation at most once per `logEveryMs`, the recovery once.
 */
export class FailoverLimiter implements Limiter {
  readonly fallback: MemoryLimiter;
  readonly shared: RedisLimiter;
  private down = false;
  private retryAt = 0;
  private lastWarnAt = Number.NEGATIVE_INFINITY;
  private closing = false;

  constructor(
    readonly redis: Redis,
    private clock: Clock,
    private log: FastifyBaseLogger,
    private opts: { retryMs: number; logEveryMs: number } = { retryMs: 5000, logEveryMs: 60_000 },
  ) {
    this.fallback = new MemoryLimiter(clock);
    this.shared = new RedisLimiter(redis);
    redis.on('ready', () => this.markUp());
    redis.on('error', (err: unknown) => this.markDown(err));
    redis.on('close', () => this.markDown(new Error('connection closed')));
  }

  /** whether limits are counted in Redis right now (false: in this instance's memory) */
  get usingRedis(): boolean {
    return this.redis.status === 'ready' && (!this.down || this.clock.nowMs() >= this.retryAt);
  }

  hit(key: string, limit: number, windowSeconds: number) {
    // the stricter of the two counts: after a spell in memory, Redis missed what this instance counted meanwhile, and
    // coming back must not hand out a second budget (this instance's own count is a floor for the shared one)
    return this.run(
      (l) => l.hit(key, limit, windowSeconds),
      (shared, local) => (local.count > shared.count ? local : shared),
    );
  }
  peek(key: string) {
    return this.run((l) => l.peek(key));
  }
  reset(key: string) {
    return this.run((l) => l.reset(key));
  }
  undo(key: string) {
    return this.run((l) => l.undo(key));
  }

  /** health: PING within the command timeout (a failure switches to memory like any command) */
  async check(): Promise<RedisHealth> {
    if (this.redis.status !== 'ready') {
      this.markDown(new Error(`not connected (${this.redis.status})`));
      return 'down';
    }
    try {
      await this.redis.ping();
      this.markUp();
      return 'up';
    } catch (err) {
      this.markDown(err);
      return 'down';
    }
  }

  async close() {
    this.closing = true;
    this.fallback.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /**
   * Every operation also counts in this instance's memory, so a switch to memory — an outage, or one command
   * that timed out on a busy machine — continues from this instance's own counts instead of from zero (50
   * parallel wrong passwords must not get a second budget of 10 because one command was slow).
   */
  private async run<T>(op: (l: Limiter) => Promise<T>, merge?: (shared: T, local: T) => T): Promise<T> {
    const local = op(this.fallback);
    if (this.usingRedis) {
      try {
        const result = await op(this.shared);
        const own = await local;
        this.markUp();
        return merge ? merge(result, own) : result;
      } catch (err) {
        this.markDown(err);
      }
    }
    return local;
  }

  private markUp() {
    if (!this.down) return;
    this.down = false;
    this.log.info('redis reachable again: rate limits are shared again');
  }

  private markDown(err: unknown) {
    if (this.closing) return;
    const now = this.clock.nowMs();
    this.down = true;
    this.retryAt = now + this.opts.retryMs;
    if (now - this.lastWarnAt >= this.opts.logEveryMs) {
      this.lastWarnAt = now;
      const { kind, code } = safeErrorLog(err);
      this.log.warn(
        { kind, code, message: err instanceof Error ? err.message.slice(0, 200) : undefined },
        "redis unreachable: rate limits count in this instance's memory until it is back",
      );
    }
  }
}

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteKey = { method: string | string[]; url: string };

/**
 * A store for @fastify/rate-limit over a Limiter, so the global per-IP limit fails over with the other
 * limits (the plugin's own Redis store waits on the client and answers 500 when Redis is gone).
 * Fixed windows, counted by `Limiter.hit`; a route with its own limit gets its own key space (`child`).
 */
export function limiterStore(limiter: Limiter, prefix = 'global:'): FastifyRateLimitStoreCtor {
  class LimiterStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private key = prefix,
    ) {}
    incr(id: string, cb: StoreCallback, timeWindowMs: number, max: number) {
      limiter.hit(this.key + id, max, Math.max(1, Math.ceil(timeWindowMs / 1000))).then(
        (r) => cb(null, { current: r.count, ttl: r.retryAfterSeconds * 1000 }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // the plugin passes its merged parameters with the route under `routeInfo` (its typings say the route itself)
      const route: RouteKey = (routeOptions as { routeInfo?: RouteKey }).routeInfo ?? routeOptions;
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      return new LimiterStore(undefined, `${this.key}${method}${route.url}-`);
    }
  }
  return LimiterStore;
}
