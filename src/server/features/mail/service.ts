/**
 * The mail queue's two use cases beyond sending (decision 0040): the one-click turn-off of a kind of notification
 * mail (a signed link, no session), and the admin's view of mail that failed for 24 hours, with resend.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import type { AdminMailAnswer, AdminMailItem, AdminMailResponse } from '../../../shared/schemas/mail';
import type { DbOrTx } from '../../db/client';
import { mailQueue, users, userSettings } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { readUnsubscribeToken, waitingMail } from '../../platform/mailQueue';
import type { MailLocale } from '../../platform/mailMessage';

/** The user and kind a link is for, and their language (for the page); UNSUBSCRIBE_LINK_INVALID otherwise. */
export async function readUnsubscribeLink(ctx: AppContext, token: string): Promise<{ userId: string; kind: string; locale: MailLocale; off: boolean }> {
  const read = readUnsubscribeToken(ctx.config.secretKey, token);
  if (!read) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
  const [u] = await ctx.db
    .select({ id: users.id, locale: userSettings.locale, mailOff: userSettings.mailOff })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, read.userId));
  if (!u) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
  return { userId: u.id, kind: read.type, locale: u.locale === 'en' ? 'en' : 'zh-CN', off: (u.mailOff ?? []).includes(read.type) };
}

/** Turns the link's kind of notification mail off for its user (idempotent). */
export async function unsubscribe(ctx: AppContext, token: string) {
  const link = await readUnsubscribeLink(ctx, token);
  await ctx.db
    .insert(userSettings)
    .values({ userId: link.userId, mailOff: [link.kind] })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        mailOff: sql`case when ${link.kind} = any(${userSettings.mailOff}) then ${userSettings.mailOff} else array_append(${userSettings.mailOff}, ${link.kind}::text) end`,
        updatedAt: new Date(),
      },
    });
  return link;
}

/**
 * GET /api/admin/mail: failed (or waiting) mail, newest first, with the counts: one page in SQL on
 * mail_queue_status_idx, `total` on the same filter (decision 0056).
 */
export async function listQueuedMail(ctx: AppContext, status: 'failed' | 'pending', q: PageQuery): Promise<AdminMailResponse> {
  const [{ total }] = await ctx.db.select({ total: count() }).from(mailQueue).where(eq(mailQueue.status, status));
  const items = await mailItems(ctx.db, eq(mailQueue.status, status), q);
  const [[failed], waiting] = await Promise.all([
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailQueue)
      .where(eq(mailQueue.status, 'failed')),
    waitingMail(ctx.db),
  ]);
  return { items, total: Number(total), page: q.page, limit: q.limit, waiting, failed: failed?.n ?? 0 };
}

/** queued mail as the admin's mail view lists it, newest first */
async function mailItems(db: DbOrTx, where: SQL, q: PageQuery): Promise<AdminMailItem[]> {
  const rows = await db
    .select({
      id: mailQueue.id,
      kind: mailQueue.kind,
      to: sql<string | null>`coalesce(${mailQueue.to}, ${users.email})`,
      status: mailQueue.status,
      attempts: mailQueue.attempts,
      lastError: mailQueue.lastError,
      createdAt: mailQueue.createdAt,
      firstFailedAt: mailQueue.firstFailedAt,
    })
    .from(mailQueue)
    .leftJoin(users, eq(users.id, mailQueue.userId))
    .where(where)
    .orderBy(desc(mailQueue.createdAt), desc(mailQueue.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return rows.map((r) => ({
    ...r,
    status: r.status as 'pending' | 'sent' | 'skipped' | 'failed',
    createdAt: r.createdAt.toISOString(),
    firstFailedAt: r.firstFailedAt?.toISOString() ?? null,
  }));
}

/** POST /api/admin/mail/:id/resend: a failed mail is queued again (tried at once, then 24 h of retries), audited. */
export async function resendMail(ctx: AppContext, adminId: string, id: string, meta: { ip: string }): Promise<AdminMailAnswer> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailQueue).where(eq(mailQueue.id, id)).for('update');
    if (!row) throw new AppError('MAIL_NOT_FOUND');
    if (row.status !== 'failed') throw new AppError('MAIL_NOT_FAILED');
    await tx
      .update(mailQueue)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: null, firstFailedAt: null, lockedUntil: null })
      .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'failed')));
    await audit(tx, {
      adminId,
      action: 'mail_resend',
      description: `重新发送邮件：${row.kind}`,
      targetType: 'mail',
      targetId: id,
      before: { status: 'failed', attempts: row.attempts, lastError: row.lastError },
      after: { status: 'pending' },
      ip: meta.ip,
    });
  });
  const [mail] = await mailItems(ctx.db, eq(mailQueue.id, id), { limit: 1, page: 1 });
  return { mail };
}
