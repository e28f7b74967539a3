/**
 * `Authorization: Bearer lc_live_…` (decision 0038). One onRequest hook decides every request that carries
 * a bearer key, from the route's own declaration (`config: { keyScope }`, next to the route):
 * - an address that is no operation → 404, as without a key;
 * - a route without `keyScope` (admin, key management, sign-in, everything not opened) → 403 API_KEY_NOT_ALLOWED;
 * - an unknown, revoked or expired key, or one whose account is suspended, deleted or an admin → 401 API_KEY_INVALID
 *   (read from the database on every request: nothing outlives a revoke);
 * - over the key's own limit (API_KEY_RATE_LIMIT per minute) → 429 with Retry-After; RateLimit-* on every answer to a
 *   valid key (a 404 and a refusal too: each counts against the key's budget);
 * - a key without the route's scope → 403 API_KEY_SCOPE.
 * Otherwise the request acts as the key's account: `request.getUser()` answers that account with the key's id,
 * the role guards and the services run as for a session, and the session cookie is never read.
 * A state-changing request made with a key is recorded in `api_key_activity` when it is answered.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type ApiKeyScope } from '../../shared/schemas/apiKeys';
import { apiKeyActivity, apiKeys, userProfiles, users } from '../db/schema';
import type { AppContext } from './context';
import { safeEqualHex, sha256 } from './crypto';
import { AppError, safeErrorLog } from './errors';
import type { AuthUser } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the scope an API key needs to call this route; absent: the route refuses keys (decision 0038) */
    keyScope?: ApiKeyScope;
  }
}

/** characters of the key kept (and shown) to find its row: `lc_live_` and 8 random ones */
export const API_KEY_LOOKUP_LENGTH = API_KEY_PREFIX.length + 8;
/** 32 random bytes in base64url */
const KEY_RE = /^lc_live_[A-Za-z0-9_-]{43}$/;
/** last-used time and address are written at most this often per key (and whenever the address changes) */
const TOUCH_MS = 60_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The bearer token of a request, or null when it sends none (any other scheme is not ours to judge). */
export function bearerOf(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : null;
}

export type KeyUser = AuthUser & { apiKeyId: string; scopes: readonly string[] };

/** The account a key acts as, or null (unknown, revoked, expired, suspended or deleted account, admin). */
async function resolveKey(ctx: AppContext, token: string, ip: string): Promise<KeyUser | null> {
  if (!KEY_RE.test(token)) return null;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      id: apiKeys.id,
      keyHash: apiKeys.keyHash,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      userId: users.id,
      email: users.email,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
      userType: userProfiles.userType,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(apiKeys.prefix, token.slice(0, API_KEY_LOOKUP_LENGTH)))
    .limit(1);
  // the hash is compared in constant time even when the row is missing (a dummy), so timing tells nothing
  const hash = sha256(token);
  const matches = safeEqualHex(hash, row?.keyHash ?? '0'.repeat(64)) && Boolean(row);
  if (!row || !matches) return null;
  if (row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) return null;
  if (row.suspendedAt || row.deletedAt) return null;
  // an agency's key acts for its roster with ?onBehalfOf= (decision 0045)
  if (row.userType !== 'company' && row.userType !== 'influencer' && row.userType !== 'agency') return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_MS || row.lastUsedIp !== ip) {
    await ctx.db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiKeys.id, row.id));
  }
  return { id: row.userId, email: row.email, userType: row.userType, sessionId: '', apiKeyId: row.id, scopes: row.scopes };
}

/** Registered after the sessions and the cross-site check, before the routes (app.ts). */
export function registerApiKeyAuth(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerOf(request);
    if (token === null) return;
    // an address that is no operation answers its 404 as it would without a key (decision 0052)
    const scope = request.is404 ? undefined : request.routeOptions.config?.keyScope;
    const user = await resolveKey(ctx, token, request.ip);
    // every answer to a valid key, whatever it is (a 404, a refusal, a 414), tells its budget: RateLimit-* (IETF draft
    // header fields, as the global per-address limit sends x-ratelimit-*)
    let retryAfter: string | null = null;
    if (user) {
      const limit = ctx.config.apiKeyRateLimit;
      const budget = await ctx.limiter.hit(`apikey:${user.apiKeyId}`, limit, 60);
      reply.header('ratelimit-limit', String(limit));
      reply.header('ratelimit-remaining', String(Math.max(0, limit - budget.count)));
      reply.header('ratelimit-reset', String(budget.retryAfterSeconds));
      if (!budget.allowed) retryAfter = String(budget.retryAfterSeconds);
    }
    if (request.is404) return;
    if (!scope) throw new AppError('API_KEY_NOT_ALLOWED');
    if (!user) throw new AppError('API_KEY_INVALID', undefined, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });
    if (retryAfter !== null) throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': retryAfter });
    if (!user.scopes.includes(scope)) throw new AppError('API_KEY_SCOPE', { scope });
    (request as FastifyRequest & { _user?: Promise<AuthUser | null> })._user = Promise.resolve(user);
    (request as FastifyRequest & { apiKeyUser?: KeyUser }).apiKeyUser = user;
  });

  // what a key changed, as it is answered (a refused request changed nothing, but is recorded too: who tried what)
  app.addHook('onSend', async (request, reply, payload) => {
    const user = (request as FastifyRequest & { apiKeyUser?: KeyUser }).apiKeyUser;
    if (!user || !MUTATING.has(request.method)) return payload;
    const schema = request.routeOptions.schema as { operationId?: string } | undefined;
    try {
      await ctx.db.insert(apiKeyActivity).values({
        keyId: user.apiKeyId,
        userId: user.id,
        operationId: schema?.operationId ?? 'unknown',
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, 500),
        status: reply.statusCode,
        ip: request.ip,
      });
    } catch (err) {
      request.log.warn({ ...safeErrorLog(err), keyId: user.apiKeyId }, 'api key activity not recorded');
    }
    return payload;
  });
}

/** Whether a request was made with an API key (skips the cross-site check: a key is no ambient cookie). */
export const sendsBearer = (request: FastifyRequest) => bearerOf(request) !== null;

/** The API key a request acts with, if any (for services that record who acted). */
export function apiKeyIdOf(request: FastifyRequest): string | null {
  return (request as FastifyRequest & { apiKeyUser?: KeyUser }).apiKeyUser?.apiKeyId ?? null;
}
