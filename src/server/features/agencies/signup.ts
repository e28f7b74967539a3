/**
 * 机构 sign-up (decision 0044): the agency row created in the sign-up's transaction, with the licence and logo
 * uploaded under the verified sign-up e-mail (claimed here). The agency starts pending: it waits in 用户管理.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AgencySignupDetails } from '../../../shared/schemas/agencies';
import type { DbOrTx } from '../../db/client';
import { agencies, uploads } from '../../db/schema';
import { AppError } from '../../platform/errors';

export async function createAgencyAtSignup(tx: DbOrTx, o: { userId: string; signupVerificationId: string; details: AgencySignupDetails }) {
  const d = o.details;
  const ids = [d.licenseUploadId, ...(d.logoUploadId ? [d.logoUploadId] : [])];
  const files = await tx
    .select({ id: uploads.id, purpose: uploads.purpose, url: uploads.url })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.signupVerificationId, o.signupVerificationId), eq(uploads.claimed, false)));
  const license = files.find((f) => f.id === d.licenseUploadId && f.purpose === 'business-license');
  const logo = d.logoUploadId ? files.find((f) => f.id === d.logoUploadId && f.purpose === 'logo') : undefined;
  if (!license || (d.logoUploadId && !logo)) throw new AppError('UPLOAD_NOT_FOUND');
  await tx.update(uploads).set({ claimed: true, ownerUserId: o.userId }).where(inArray(uploads.id, ids));
  await tx.insert(agencies).values({
    userId: o.userId,
    name: d.name,
    contactPerson: d.contactPerson,
    phone: d.phone,
    creditCode: d.creditCode,
    licenseUploadId: license.id,
    description: d.description,
    logoUrl: logo?.url ?? null,
    city: d.city,
  });
}
