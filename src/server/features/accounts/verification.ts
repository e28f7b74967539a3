/**
 * Company verification, the company's side (decision 0028): a request carries the business licence
 * image (a private upload) and the 统一社会信用代码; the licence is read only by its owner and admins
 * holding 用户管理. Admins decide in 用户管理 (features/admin/verification.ts).
 */
import { and, eq, ne } from 'drizzle-orm';
import { ADMIN_PERMISSION_LABELS } from '../../../shared/options';
import type { VerificationRequestBody } from '../../../shared/schemas/profiles';
import { companies, companyVerificationRequests, uploads } from '../../db/schema';
import { permissionsOf } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { AuthUser } from '../../platform/session';
import { getCompanyProfile } from './profiles';

/**
 * 申请认证: one transaction under the company row's lock (a profile save or an approval waits for it).
 * The licence must be the company's own business-license upload; a code another company is verified
 * with is refused at once (CREDIT_CODE_TAKEN) — the unique index decides again at approval. The code
 * becomes the profile's 营业执照号.
 */
export async function requestCompanyVerification(ctx: AppContext, userId: string, body: VerificationRequestBody) {
  await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.userId, userId)).for('update');
    if (!company) throw new AppError('PROFILE_NOT_FOUND');
    if (company.isVerified) throw new AppError('ALREADY_VERIFIED');
    const [file] = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, body.licenseUploadId), eq(uploads.ownerUserId, userId), eq(uploads.purpose, 'business-license')))
      .limit(1);
    if (!file) throw new AppError('UPLOAD_NOT_FOUND');
    const [waiting] = await tx
      .select({ id: companyVerificationRequests.id })
      .from(companyVerificationRequests)
      .where(and(eq(companyVerificationRequests.companyId, company.id), eq(companyVerificationRequests.status, 'pending')))
      .limit(1);
    if (waiting) throw new AppError('VERIFICATION_PENDING');
    const [taken] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.verifiedCreditCode, body.creditCode), ne(companies.id, company.id)))
      .limit(1);
    if (taken) throw new AppError('CREDIT_CODE_TAKEN');
    const now = ctx.clock.now();
    const inserted = await tx
      .insert(companyVerificationRequests)
      .values({ companyId: company.id, submittedAt: now, creditCode: body.creditCode, companyName: company.companyName, licenseUploadId: file.id })
      .onConflictDoNothing()
      .returning({ id: companyVerificationRequests.id });
    if (inserted.length === 0) throw new AppError('VERIFICATION_PENDING');
    if (company.businessLicense !== body.creditCode) {
      await tx.update(companies).set({ businessLicense: body.creditCode, updatedAt: now }).where(eq(companies.id, company.id));
    }
    // attached: no longer an abandoned upload for the daily clean-up
    await tx.update(uploads).set({ claimed: true }).where(eq(uploads.id, file.id));
  });
  return getCompanyProfile(ctx.db, userId);
}

/**
 * A licence image for GET /api/company-licenses/:id: an admin without 用户管理 is refused (403); the
 * uploading company and admins with 用户管理 get the file; any other company gets null (404, the file's
 * existence is not revealed).
 */
export async function readLicenseFile(ctx: AppContext, user: AuthUser, id: string) {
  if (user.userType === 'admin' && !(await permissionsOf(ctx.db, user.id)).includes('user_management')) {
    throw new AppError('ADMIN_PERMISSION_MISSING', { permission: ADMIN_PERMISSION_LABELS.user_management.zh });
  }
  const [file] = await ctx.db
    .select({ ownerUserId: uploads.ownerUserId, storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.purpose, 'business-license')))
    .limit(1);
  if (!file) return null;
  if (user.userType !== 'admin' && file.ownerUserId !== user.id) return null;
  return ctx.storage.get(file.storageKey);
}
