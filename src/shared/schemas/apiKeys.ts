/**
 * API keys of the open platform (decision 0038): what a key may do is its scopes; each operation open to
 * keys names the one scope it needs (route config `keyScope`, checked in one hook on the server).
 */
import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { isoDateTime, text } from './fields';

/** Every scope a key can hold, in the order the developer page lists them. `webhooks:manage` opens the webhook
 * endpoints (decision 0042). */
export const API_KEY_SCOPES = ['tasks:read', 'tasks:write', 'applications:write', 'deals:read', 'deals:write', 'wallet:read', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const apiKeyScope = z.enum(API_KEY_SCOPES);

/** The public start of every key; the rest is 32 random bytes, base64url. */
export const API_KEY_PREFIX = 'lc_live_';
/** live (not revoked, not expired) keys one account may hold */
export const API_KEYS_MAX = 20;
/** the longest expiry a key may be given, days */
export const API_KEY_MAX_DAYS = 730;

export const apiKeyCreateInput = z.object({
  name: text(60, { required: 'API_KEY_NAME_REQUIRED' }),
  scopes: z
    .array(apiKeyScope, { error: 'API_KEY_SCOPES_REQUIRED' })
    .min(1, { error: 'API_KEY_SCOPES_REQUIRED' })
    .max(API_KEY_SCOPES.length, { error: 'API_KEY_SCOPES_REQUIRED' })
    .transform((s) => [...new Set(s)]),
  /** optional: the key stops working at this instant (in the future, within two years; checked by the server) */
  expiresAt: isoDateTime('API_KEY_EXPIRY_INVALID').nullable().optional(),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateInput>;

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;

/** A key as listed: never its secret, only the prefix it starts with. */
export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** the first characters of the key (`lc_live_AbCd1234`), to recognise it */
  prefix: z.string(),
  scopes: z.array(apiKeyScope),
  state: z.enum(API_KEY_STATES),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** `max`: live keys an account may hold; `perMinute`: requests each key may make a minute (API_KEY_RATE_LIMIT) */
/** an account's keys: at most `max` live ones, so one page */
export const apiKeysQuery = pageQuery(100, 100);
export const apiKeysResponse = listOf(apiKey).extend({ max: z.number(), perMinute: z.number() });
export type ApiKeysResponse = z.infer<typeof apiKeysResponse>;

/** The answer to creating a key: the only time its secret is ever sent. */
export const apiKeyCreatedResponse = z.object({ key: apiKey, secret: z.string() });
export type ApiKeyCreatedResponse = z.infer<typeof apiKeyCreatedResponse>;

/** a key after a change (revoked) */
export const apiKeyAnswer = z.object({ key: apiKey });
