import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ErrorCode } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';
import { verificationCodes } from '../db/schema';
import type { AppContext } from './context';
import { hmac, numericCode, randomToken, safeEqualHex, sha256 } from './crypto';
import { AppError } from './errors';

/**
 * One-time codes, made and checked on the server only (DESIGN.md "where we differ"):
 * crypto RNG, stored as an HMAC, expiring, at most 5 tries, 60 s resend cool-down,
 * rate-limited per address and per IP. Only the newest code of an address is valid.
 */
export type CodePurpose = 'signup_email' | 'phone' | 'sms_test';

const POLICY: Record<
  CodePurpose,
  { length: number; ttl: number; perTargetPerHour: number; perIpPerHour: number; invalid: ErrorCode }
> = {
  signup_email: {
    length: LIMITS.emailCodeLength,
    ttl: LIMITS.emailCodeTtlSeconds,
    perTargetPerHour: 6,
    perIpPerHour: 30,
    invalid: 'CODE_INVALID',
  },
  phone: { length: LIMITS.smsCodeLength, ttl: LIMITS.smsCodeTtlSeconds, perTargetPerHour: 6, perIpPerHour: 30, invalid: 'SMS_CODE_INVALID' },
  sms_test: { length: LIMITS.smsCodeLength, ttl: LIMITS.smsCodeTtlSeconds, perTargetPerHour: 6, perIpPerHour: 30, invalid: 'SMS_CODE_INVALID' },
};

const hashCode = (ctx: AppContext, purpose: CodePurpose, target: string, code: string) =>
  hmac(ctx.config.secretKey, `${purpose}:${target}:${code}`);

/** Creates a code for `target` and hands it to `deliver`. If delivery fails the code is void. */
export async function issueCode(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
  ip: string,
  deliver: (code: string, ttlSeconds: number) => Promise<void>,
  userId?: string,
): Promise<{ cooldownSeconds: number; expiresInSeconds: number }> {
  const policy = POLICY[purpose];
  const [latest] = await ctx.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (latest) {
    const waited = (Date.now() - latest.createdAt.getTime()) / 1000;
    if (waited < LIMITS.codeResendCooldownSeconds) {
      const seconds = Math.ceil(LIMITS.codeResendCooldownSeconds - waited);
      throw new AppError('CODE_COOLDOWN', { seconds }, undefined, { 'retry-after': String(seconds) });
    }
  }
  for (const [key, limit] of [
    [`code:${purpose}:t:${target}`, policy.perTargetPerHour],
    [`code:${purpose}:ip:${ip}`, policy.perIpPerHour],
  ] as const) {
    const r = await ctx.limiter.hit(key, limit, 3600);
    if (!r.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(r.retryAfterSeconds) });
  }

  const code = numericCode(policy.length);
  const id = await ctx.db.transaction(async (tx) => {
    // only the newest code is valid
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.target, target),
          isNull(verificationCodes.consumedAt),
          userId ? eq(verificationCodes.userId, userId) : sql`true`,
        ),
      );
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        purpose,
        target,
        codeHash: hashCode(ctx, purpose, target, code),
        expiresAt: new Date(Date.now() + policy.ttl * 1000),
        userId: userId ?? null,
      })
      .returning({ id: verificationCodes.id });
    return row.id;
  });
  try {
    await deliver(code, policy.ttl);
  } catch (err) {
    await ctx.db.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, id));
    if (err instanceof AppError) throw err;
    ctx.log.warn({ err: (err as Error).message, purpose }, 'code delivery failed');
    throw new AppError('SEND_FAILED');
  }
  return { cooldownSeconds: LIMITS.codeResendCooldownSeconds, expiresInSeconds: policy.ttl };
}

/**
 * Checks `code` against the newest unconsumed code of `target`. Each wrong try counts; the
 * 5th wrong try voids the code. On success the code is marked verified (not yet consumed) and a
 * fresh ticket (random token; only its hash is kept) is returned.
 */
export async function verifyCode(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
  code: string,
  userId?: string,
): Promise<{ id: string; ticket: string }> {
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.consumedAt),
        userId ? eq(verificationCodes.userId, userId) : sql`true`,
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw new AppError('CODE_NOT_SENT');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('CODE_EXPIRED');
  // count the try atomically; refuse once 5 tries are spent
  const [counted] = await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), sql`${verificationCodes.attempts} < ${LIMITS.codeMaxAttempts}`))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
  if (!safeEqualHex(row.codeHash, hashCode(ctx, purpose, target, code))) {
    if (counted.attempts >= LIMITS.codeMaxAttempts) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    throw new AppError(POLICY[purpose].invalid);
  }
  const ticket = randomToken();
  await ctx.db
    .update(verificationCodes)
    .set({ verifiedAt: row.verifiedAt ?? new Date(), ticketHash: sha256(ticket), attempts: 0 })
    .where(eq(verificationCodes.id, row.id));
  return { id: row.id, ticket };
}

/** The verified, unconsumed code of `target`, still within the window for using it. */
export async function findVerified(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
  windowSeconds: number,
  userId?: string,
) {
  const [row] = await ctx.db
    .select({ id: verificationCodes.id, verifiedAt: verificationCodes.verifiedAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.consumedAt),
        userId ? eq(verificationCodes.userId, userId) : sql`true`,
        gt(verificationCodes.verifiedAt, new Date(Date.now() - windowSeconds * 1000)),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** The verification a browser's sign-up ticket belongs to, if still usable. */
export async function findByTicket(ctx: AppContext, purpose: CodePurpose, ticket: string, windowSeconds: number) {
  const [row] = await ctx.db
    .select({ id: verificationCodes.id, target: verificationCodes.target })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.ticketHash, sha256(ticket)),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.verifiedAt, new Date(Date.now() - windowSeconds * 1000)),
      ),
    )
    .limit(1);
  return row ?? null;
}
