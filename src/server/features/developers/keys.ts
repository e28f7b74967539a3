/**
 * API keys (开发者设置, decision 0038): create (the secret is answered once and only its SHA-256 is kept), list,
 * revoke by the owner or by an admin (audited). The bearer check itself is platform/apiKeyAuth.ts.
 */
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { API_KEY_MAX_DAYS, API_KEY_PREFIX, API_KEYS_MAX, type ApiKey, type ApiKeyScope } from '../../../shared/schemas/apiKeys';
import type { DbOrTx } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { audit } from '../../platform/admin';
import { API_KEY_LOOKUP_LENGTH } from '../../platform/apiKeyAuth';
import type { AppContext } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { addNotifications } from '../notifications';

type Row = typeof apiKeys.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;

function view(r: Row, now: Date): ApiKey {
  const state = r.revokedAt ? 'revoked' : r.expiresAt && r.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes as ApiKeyScope[],
    state,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: r.lastUsedIp,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

/** An account's keys, newest first (revoked and expired ones too: the owner sees what existed). */
export async function listKeys(ctx: AppContext, userId: string): Promise<ApiKey[]> {
  const rows = await ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const now = ctx.clock.now();
  return rows.map((r) => view(r, now));
}

/** Creates a key; the answer carries the secret, which is never stored nor sent again. */
export async function createKey(
  ctx: AppContext,
  userId: string,
  input: { name: string; scopes: ApiKeyScope[]; expiresAt?: string | null },
): Promise<{ key: ApiKey; secret: string }> {
  const now = ctx.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + API_KEY_MAX_DAYS * DAY_MS)) {
    throw new AppError('API_KEY_EXPIRY_INVALID');
  }
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row = await ctx.db.transaction(async (tx) => {
    // the account row lock makes the count and the insert one step: parallel creations cannot pass 20
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ live }] = (await tx
      .select({ live: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))) as [{ live: number }];
    if (live >= API_KEYS_MAX) throw new AppError('API_KEY_LIMIT', { max: API_KEYS_MAX });
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: input.name,
        prefix: secret.slice(0, API_KEY_LOOKUP_LENGTH),
        keyHash: sha256(secret),
        scopes: input.scopes,
        expiresAt,
        createdAt: now,
      })
      .returning();
    await addNotifications(tx, [{ userId, type: 'api_key_created', params: { name: inserted!.name, prefix: inserted!.prefix }, link: '/developers' }], {
      mail: 'always',
    });
    return inserted!;
  });
  return { key: view(row, now), secret };
}

async function revoke(ctx: AppContext, tx: DbOrTx, where: { keyId: string; ownerId?: string }, by: string): Promise<Row | null> {
  const cond = where.ownerId ? and(eq(apiKeys.id, where.keyId), eq(apiKeys.userId, where.ownerId)) : eq(apiKeys.id, where.keyId);
  const [row] = await tx.select().from(apiKeys).where(cond).for('update');
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  if (row.revokedAt) return null; // revoking twice changes nothing
  const now = ctx.clock.now();
  const [updated] = await tx.update(apiKeys).set({ revokedAt: now, revokedBy: by }).where(eq(apiKeys.id, row.id)).returning();
  return updated!;
}

/** The owner revokes one of their keys (another account's key: 404). Requests with it fail at once. */
export async function revokeOwnKey(ctx: AppContext, userId: string, keyId: string): Promise<ApiKey> {
  const row = await ctx.db.transaction(async (tx) => {
    const done = await revoke(ctx, tx, { keyId, ownerId: userId }, userId);
    if (!done) {
      const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, keyId));
      return row!;
    }
    await addNotifications(tx, [{ userId, type: 'api_key_revoked', params: { name: done.name, prefix: done.prefix }, link: '/developers' }], {
      mail: 'always',
    });
    return done;
  });
  return view(row, ctx.clock.now());
}

/** An admin (用户管理) revokes a leaked key: audited with the key's name and prefix, the owner told. */
export async function adminRevokeKey(ctx: AppContext, adminId: string, keyId: string, ip: string): Promise<ApiKey> {
  const row = await ctx.db.transaction(async (tx) => {
    const done = await revoke(ctx, tx, { keyId }, adminId);
    if (!done) {
      const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, keyId));
      return row!;
    }
    await audit(tx, {
      adminId,
      action: 'api_key_revoke',
      description: `revoked API key ${done.prefix}… of user ${done.userId}`,
      targetType: 'user',
      targetId: done.userId,
      before: { apiKey: done.id, name: done.name, prefix: done.prefix, revokedAt: null },
      after: { apiKey: done.id, revokedAt: done.revokedAt?.toISOString() ?? null },
      ip,
    });
    await addNotifications(
      tx,
      [{ userId: done.userId, type: 'api_key_revoked_by_admin', params: { name: done.name, prefix: done.prefix }, link: '/developers' }],
      { mail: 'always' },
    );
    return done;
  });
  return view(row, ctx.clock.now());
}
