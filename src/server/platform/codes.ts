import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ErrorCode } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';
import { verificationCodes } from '../db/schema';
import type { AppContext } from './context';
import { hmac, numericCode, randomToken, safeEqualHex, sha256 } from './crypto';
import { AppError, safeErrorLog } from './errors';

/**
 * One-time codes, made and checked on the server only (DESIGN.md "where we differ"):
 * crypto RNG, stored as an HMAC, expiring, at most 5 tries, single use, 60 s resend cool-down,
 * rate-limited per IP first and then per address. Only the newest code of an address is valid.
 * Time is read from ctx.clock. See docs/decisions/0002 and 0005.
 */
export type CodePurpose = 'signup_email' | 'password_reset' | 'phone' | 'sms_test';

type Policy = {
  length: number;
  ttl: number;
  /** codes one client IP may ask for one address per hour */
  perTargetPerIpPerHour: number;
  /** codes one client IP may ask for per hour, whatever the addresses (checked first) */
  perIpPerHour: number;
  /** codes an address may get per hour from all clients together (only where guessing a code takes over an account) */
  perTargetPerHour?: number;
  invalid: ErrorCode;
};

const POLICY: Record<CodePurpose, Policy> = {
  signup_email: {
    length: LIMITS.emailCodeLength,
    ttl: LIMITS.emailCodeTtlSeconds,
    perTargetPerIpPerHour: 6,
    perIpPerHour: 30,
    invalid: 'CODE_INVALID',
  },
  password_reset: {
    length: LIMITS.emailCodeLength,
    ttl: LIMITS.emailCodeTtlSeconds,
    perTargetPerIpPerHour: 6,
    perIpPerHour: 30,
    // at most 10 codes x 5 tries = 50 guesses of 10^6 per address and hour, however many IPs try
    perTargetPerHour: 10,
    invalid: 'CODE_INVALID',
  },
  phone: { length: LIMITS.smsCodeLength, ttl: LIMITS.smsCodeTtlSeconds, perTargetPerIpPerHour: 6, perIpPerHour: 30, invalid: 'SMS_CODE_INVALID' },
  sms_test: { length: LIMITS.smsCodeLength, ttl: LIMITS.smsCodeTtlSeconds, perTargetPerIpPerHour: 6, perIpPerHour: 30, invalid: 'SMS_CODE_INVALID' },
};

const hashCode = (ctx: AppContext, purpose: CodePurpose, target: string, code: string) => hmac(ctx.config.secretKey, `${purpose}:${target}:${code}`);

/** A keyed hash of the client address (the cool-down is per address and requester; raw IPs are not kept here). */
const requesterOf = (ctx: AppContext, ip: string) => hmac(ctx.config.secretKey, `requester:${ip}`);

const limited = (retryAfterSeconds: number) => new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(retryAfterSeconds) });

/**
 * The limits in order: the client IP's hourly limit first (a refused request counts nothing for
 * the address), then the cool-down of this address for this requester, then this requester's
 * hourly quota for the address, then (some purposes) the address's overall hourly cap. So a stranger
 * asking for someone's address neither starts that person's cool-down nor uses up their quota.
 */
async function admit(ctx: AppContext, purpose: CodePurpose, target: string, ip: string) {
  const policy = POLICY[purpose];
  const perIp = await ctx.limiter.hit(`code:${purpose}:ip:${ip}`, policy.perIpPerHour, 3600);
  if (!perIp.allowed) throw limited(perIp.retryAfterSeconds);

  const requester = requesterOf(ctx, ip);
  const [latest] = await ctx.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target), eq(verificationCodes.requester, requester)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (latest) {
    const waited = (ctx.clock.nowMs() - latest.createdAt.getTime()) / 1000;
    if (waited < LIMITS.codeResendCooldownSeconds) {
      const seconds = Math.ceil(LIMITS.codeResendCooldownSeconds - waited);
      throw new AppError('CODE_COOLDOWN', { seconds }, undefined, { 'retry-after': String(seconds) });
    }
  }
  const pair = await ctx.limiter.hit(`code:${purpose}:t:${target}:ip:${ip}`, policy.perTargetPerIpPerHour, 3600);
  if (!pair.allowed) throw limited(pair.retryAfterSeconds);
  if (policy.perTargetPerHour) {
    const all = await ctx.limiter.hit(`code:${purpose}:t:${target}`, policy.perTargetPerHour, 3600);
    if (!all.allowed) throw limited(all.retryAfterSeconds);
  }
  return requester;
}

/** Stores a code row (voiding the older ones of the address) and returns its id. */
async function store(ctx: AppContext, purpose: CodePurpose, target: string, codeHash: string, requester: string, userId?: string) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // only the newest code is valid; a verification already made stays usable (a stranger's request
    // must not void the owner's verified sign-up)
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.target, target),
          isNull(verificationCodes.consumedAt),
          isNull(verificationCodes.verifiedAt),
          userId ? eq(verificationCodes.userId, userId) : sql`true`,
        ),
      );
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        purpose,
        target,
        codeHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + POLICY[purpose].ttl * 1000),
        userId: userId ?? null,
        requester,
      })
      .returning({ id: verificationCodes.id });
    return row.id;
  });
}

type Issued = { cooldownSeconds: number; expiresInSeconds: number };
const issued = (purpose: CodePurpose): Issued => ({ cooldownSeconds: LIMITS.codeResendCooldownSeconds, expiresInSeconds: POLICY[purpose].ttl });

/** Creates a code for `target` and hands it to `deliver`. If delivery fails the code is void. */
export async function issueCode(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
  ip: string,
  deliver: (code: string, ttlSeconds: number) => Promise<void>,
  userId?: string,
): Promise<Issued> {
  const requester = await admit(ctx, purpose, target, ip);
  const code = numericCode(POLICY[purpose].length);
  const id = await store(ctx, purpose, target, hashCode(ctx, purpose, target, code), requester, userId);
  try {
    await deliver(code, POLICY[purpose].ttl);
  } catch (err) {
    await ctx.db.update(verificationCodes).set({ consumedAt: ctx.clock.now() }).where(eq(verificationCodes.id, id));
    if (err instanceof AppError) throw err;
    ctx.log.warn({ ...safeErrorLog(err), purpose }, 'code delivery failed');
    throw new AppError('SEND_FAILED');
  }
  return issued(purpose);
}

/**
 * The same request as issueCode, answered the same way and under the same limits, for an address
 * that must not get a code (a sign-up for a registered address, a reset for an unknown one). The
 * stored row has a hash no code matches, so checking it fails exactly like a wrong code; `notify`
 * sends the mail that stands in for the code.
 */
export async function issueWithoutCode(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
  ip: string,
  notify: (ttlSeconds: number) => Promise<void>,
): Promise<Issued> {
  const requester = await admit(ctx, purpose, target, ip);
  await store(ctx, purpose, target, hashCode(ctx, purpose, target, `none:${randomToken()}`), requester);
  try {
    await notify(POLICY[purpose].ttl);
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.warn({ ...safeErrorLog(err), purpose }, 'notice delivery failed');
    throw new AppError('SEND_FAILED');
  }
  return issued(purpose);
}

/**
 * Checks `code` against the newest unconsumed code of `target`. Each wrong try counts; the
 * 5th wrong try voids the code. A code verifies once: on success it is marked verified (and with
 * `consume`, used up) and a fresh ticket (random token; only its hash is kept) is returned; checking
 * it again fails like a wrong code.
 */
export async function verifyCode(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
  code: string,
  userId?: string,
  opts: { consume?: boolean } = {},
): Promise<{ id: string; ticket: string }> {
  const invalid = POLICY[purpose].invalid;
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
  if (row.expiresAt.getTime() <= ctx.clock.nowMs()) throw new AppError('CODE_EXPIRED');
  if (row.verifiedAt) throw new AppError(invalid);
  // count the try atomically; refuse once 5 tries are spent
  const [counted] = await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), sql`${verificationCodes.attempts} < ${LIMITS.codeMaxAttempts}`))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
  if (!safeEqualHex(row.codeHash, hashCode(ctx, purpose, target, code))) {
    if (counted.attempts >= LIMITS.codeMaxAttempts) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    throw new AppError(invalid);
  }
  const ticket = randomToken();
  const now = ctx.clock.now();
  // single use: only the first of two concurrent checks of the right code wins
  const [won] = await ctx.db
    .update(verificationCodes)
    .set({ verifiedAt: now, ticketHash: sha256(ticket), attempts: 0, ...(opts.consume ? { consumedAt: now } : {}) })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.verifiedAt), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!won) throw new AppError(invalid);
  return { id: row.id, ticket };
}

/** The verified, unconsumed code of `target`, still within the window for using it. */
export async function findVerified(ctx: AppContext, purpose: CodePurpose, target: string, windowSeconds: number, userId?: string) {
  const [row] = await ctx.db
    .select({ id: verificationCodes.id, verifiedAt: verificationCodes.verifiedAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.consumedAt),
        userId ? eq(verificationCodes.userId, userId) : sql`true`,
        gt(verificationCodes.verifiedAt, new Date(ctx.clock.nowMs() - windowSeconds * 1000)),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** The verification a browser's sign-up ticket (cookie or signupToken) belongs to, if still usable. */
export async function findByTicket(ctx: AppContext, purpose: CodePurpose, ticket: string, windowSeconds: number) {
  if (!ticket || ticket.length > 200) return null;
  const [row] = await ctx.db
    .select({ id: verificationCodes.id, target: verificationCodes.target })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.ticketHash, sha256(ticket)),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.verifiedAt, new Date(ctx.clock.nowMs() - windowSeconds * 1000)),
      ),
    )
    .limit(1);
  return row ?? null;
}
