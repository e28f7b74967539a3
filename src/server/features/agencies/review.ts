/**
 * 用户管理's decisions on an agency (decision 0044): approve (it may invite influencers from now on) or reject with
 * a reason. Called by features/admin in its transaction, after it locked the user row; returns the notification.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agencies } from '../../db/schema';
import { audit } from '../../platform/admin';
import { AppError } from '../../platform/errors';
import type { NewNotification } from '../notifications';

type Decision = { tx: DbOrTx; adminId: string; user: { id: string; email: string }; now: Date; ip: string };

export async function approveAgency(d: Decision): Promise<NewNotification[]> {
  const [row] = await d.tx
    .update(agencies)
    .set({ status: 'approved', reviewedAt: d.now, rejectionReason: null, updatedAt: d.now })
    .where(and(eq(agencies.userId, d.user.id), eq(agencies.status, 'pending')))
    .returning({ id: agencies.id, name: agencies.name });
  if (!row) throw new AppError('REVIEW_NOT_PENDING');
  await audit(d.tx, {
    adminId: d.adminId,
    action: 'agency_approve',
    description: `审核通过机构：${row.name}（${d.user.email}）`,
    targetType: 'user',
    targetId: d.user.id,
    before: { status: 'pending' },
    after: { status: 'approved' },
    ip: d.ip,
  });
  return [{ userId: d.user.id, type: 'agency_approved', params: {}, link: '/agency' }];
}

export async function rejectAgency(d: Decision, reason: string): Promise<NewNotification[]> {
  const [row] = await d.tx
    .update(agencies)
    .set({ status: 'rejected', reviewedAt: d.now, rejectionReason: reason, updatedAt: d.now })
    .where(and(eq(agencies.userId, d.user.id), eq(agencies.status, 'pending')))
    .returning({ id: agencies.id, name: agencies.name });
  if (!row) throw new AppError('REVIEW_NOT_PENDING');
  await audit(d.tx, {
    adminId: d.adminId,
    action: 'agency_reject',
    description: `审核拒绝机构：${row.name}（${d.user.email}）`,
    targetType: 'user',
    targetId: d.user.id,
    before: { status: 'pending' },
    after: { status: 'rejected', rejectionReason: reason },
    ip: d.ip,
  });
  return [{ userId: d.user.id, type: 'agency_rejected', params: { reason }, link: '/agency' }];
}
