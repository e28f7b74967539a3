/**
 * 用户管理, company verification (decision 0028): the evidence a request carries (the licence through
 * its authorised route, the 统一社会信用代码, the legal name), approval and rejection. Called by users.ts
 * inside its transaction, after the user row is locked.
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AdminUserDetail, AdminUserRow } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { companies, companyVerificationRequests } from '../../db/schema';
import { audit } from '../../platform/admin';
import { AppError } from '../../platform/errors';
import type { NewNotification } from '../notifications';
import { toVerificationInfo } from '../accounts';

type Decision = { tx: DbOrTx; adminId: string; user: { id: string; email: string }; now: Date; ip: string };

/** The pending request of each company in `companyIds`, with its evidence (the list's rows). */
export async function pendingEvidence(db: DbOrTx, companyIds: string[]): Promise<Map<string, NonNullable<AdminUserRow['verification']>>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(companyVerificationRequests)
    .where(and(inArray(companyVerificationRequests.companyId, companyIds), eq(companyVerificationRequests.status, 'pending')));
  return new Map(
    rows.map((r) => {
      const v = toVerificationInfo(r);
      return [r.companyId, { id: v.id, creditCode: v.creditCode, companyName: v.companyName, licenseUrl: v.licenseUrl, submittedAt: v.submittedAt }];
    }),
  );
}

/** A company's requests, newest first, with their evidence and decisions (the detail). */
export async function verificationHistory(db: DbOrTx, companyId: string): Promise<AdminUserDetail['verificationRequests']> {
  const rows = await db
    .select()
    .from(companyVerificationRequests)
    .where(eq(companyVerificationRequests.companyId, companyId))
    .orderBy(desc(companyVerificationRequests.submittedAt))
    .limit(20);
  return rows.map(toVerificationInfo);
}

async function lockCompany(tx: DbOrTx, userId: string) {
  // the same lock a profile save and a request take: a rename cannot slip past an approval
  const [company] = await tx.select().from(companies).where(eq(companies.userId, userId)).for('update');
  if (!company) throw new AppError('REVIEW_NOT_PENDING');
  return company;
}

/**
 * 审核通过 of a company: its pending request must carry a licence and a code (VERIFICATION_EVIDENCE_MISSING
 * for one from before they were required), and no other company may be verified with that code
 * (CREDIT_CODE_TAKEN; the unique index on companies.verified_credit_code settles a race).
 */
export async function approveCompanyVerification({ tx, adminId, user, now, ip }: Decision): Promise<NewNotification[]> {
  const company = await lockCompany(tx, user.id);
  const [req] = await tx
    .select()
    .from(companyVerificationRequests)
    .where(and(eq(companyVerificationRequests.companyId, company.id), eq(companyVerificationRequests.status, 'pending')))
    .limit(1);
  if (!req) throw new AppError('REVIEW_NOT_PENDING');
  if (!req.creditCode || !req.licenseUploadId) throw new AppError('VERIFICATION_EVIDENCE_MISSING');
  const [taken] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.verifiedCreditCode, req.creditCode), ne(companies.id, company.id)))
    .limit(1);
  if (taken) throw new AppError('CREDIT_CODE_TAKEN');
  await tx
    .update(companyVerificationRequests)
    .set({ status: 'approved', decidedAt: now, decidedBy: adminId })
    .where(and(eq(companyVerificationRequests.id, req.id), eq(companyVerificationRequests.status, 'pending')));
  await tx.update(companies).set({ isVerified: true, verifiedCreditCode: req.creditCode, updatedAt: now }).where(eq(companies.id, company.id));
  await audit(tx, {
    adminId,
    action: 'user_approve',
    description: `企业认证通过：${company.companyName}（${user.email}，统一社会信用代码 ${req.creditCode}）`,
    targetType: 'user',
    targetId: user.id,
    before: { isVerified: false, request: 'pending' },
    after: { isVerified: true, request: 'approved', creditCode: req.creditCode },
    ip,
  });
  return [{ userId: user.id, type: 'company_verified', params: {}, link: '/company-profile' }];
}

/** 审核拒绝 of a company's pending request with the reason the company reads (notification, mail, profile). */
export async function rejectCompanyVerification({ tx, adminId, user, now, ip }: Decision, reason: string): Promise<NewNotification[]> {
  const company = await lockCompany(tx, user.id);
  const [req] = await tx
    .update(companyVerificationRequests)
    .set({ status: 'rejected', decidedAt: now, decidedBy: adminId, note: reason })
    .where(and(eq(companyVerificationRequests.companyId, company.id), eq(companyVerificationRequests.status, 'pending')))
    .returning({ id: companyVerificationRequests.id });
  if (!req) throw new AppError('REVIEW_NOT_PENDING');
  await audit(tx, {
    adminId,
    action: 'user_reject',
    description: `企业认证拒绝：${company.companyName}（${user.email}）`,
    targetType: 'user',
    targetId: user.id,
    before: { request: 'pending' },
    after: { request: 'rejected', note: reason },
    ip,
  });
  return [{ userId: user.id, type: 'company_verification_rejected', params: { reason }, link: '/company-profile' }];
}
