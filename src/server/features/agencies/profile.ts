/**
 * 机构资料 (decision 0065): the agency reads and edits what it gave at sign-up. Name, contact, phone, description, city
 * and logo change at once. A new 统一社会信用代码 or a new business licence sends the agency back to review (待审核): what
 * an admin approved no longer describes it, so until an admin approves again it cannot invite or act for its roster
 * (its roster, deals, wallet and history stay). A rejected agency's save is its resubmission (back to the queue).
 * One transaction with the audit row; the agency row is locked as an admin's decision locks it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AgencyProfileResponse, AgencyProfileUpdate } from '../../../shared/schemas/agencies';
import type { DbOrTx } from '../../db/client';
import { agencies, uploads } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { toAgencyPublic } from './page';

type AgencyRow = typeof agencies.$inferSelect;

const toOwn = (a: AgencyRow, reviewRequired: boolean): AgencyProfileResponse => ({
  profile: {
    ...toAgencyPublic(a),
    contactPerson: a.contactPerson,
    phone: a.phone,
    creditCode: a.creditCode,
    hasLicense: a.licenseUploadId !== null,
    status: a.status as AgencyProfileResponse['profile']['status'],
    rejectionReason: a.rejectionReason,
  },
  reviewRequired,
});

/** GET /api/agency/profile */
export async function getAgencyProfile(db: DbOrTx, agencyUserId: string): Promise<AgencyProfileResponse> {
  const [a] = await db.select().from(agencies).where(eq(agencies.userId, agencyUserId)).limit(1);
  if (!a) throw new AppError('AGENCY_NOT_FOUND');
  return toOwn(a, false);
}

/** PUT /api/agency/profile */
export async function saveAgencyProfile(ctx: AppContext, agencyUserId: string, input: AgencyProfileUpdate): Promise<AgencyProfileResponse> {
  const result = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(agencies).where(eq(agencies.userId, agencyUserId)).for('update');
    if (!current) throw new AppError('AGENCY_NOT_FOUND');
    // the new files must be this account's own uploads of their kind
    const ids = [input.licenseUploadId, input.logoUploadId].filter((x): x is string => Boolean(x));
    const files = ids.length
      ? await tx
          .select({ id: uploads.id, purpose: uploads.purpose, url: uploads.url })
          .from(uploads)
          .where(and(inArray(uploads.id, ids), eq(uploads.ownerUserId, agencyUserId)))
      : [];
    const fileFor = (id: string | null | undefined, purpose: string) => (id ? files.find((f) => f.id === id && f.purpose === purpose) : undefined);
    const license = fileFor(input.licenseUploadId, 'business-license');
    const logo = fileFor(input.logoUploadId, 'logo');
    if ((input.licenseUploadId && !license) || (input.logoUploadId && !logo)) throw new AppError('UPLOAD_NOT_FOUND');

    const identityChanged = input.creditCode !== current.creditCode || (license !== undefined && license.id !== current.licenseUploadId);
    const review = identityChanged || current.status === 'rejected';
    const now = ctx.clock.now();
    const values = {
      name: input.name,
      contactPerson: input.contactPerson,
      phone: input.phone,
      creditCode: input.creditCode,
      description: input.description,
      city: input.city,
      ...(license ? { licenseUploadId: license.id } : {}),
      ...(logo ? { logoUrl: logo.url } : {}),
      ...(review ? { status: 'pending', reviewedAt: null, rejectionReason: null } : {}),
      updatedAt: now,
    };
    const [saved] = await tx.update(agencies).set(values).where(eq(agencies.id, current.id)).returning();
    if (ids.length) await tx.update(uploads).set({ claimed: true }).where(inArray(uploads.id, ids));
    const changed = (['name', 'contactPerson', 'phone', 'creditCode', 'description', 'city'] as const).filter((k) => current[k] !== saved![k]);
    await audit(tx, {
      adminId: null,
      action: 'agency_profile_update',
      description: `机构修改资料：${saved!.name}${review ? '（重新提交审核）' : ''}`,
      targetType: 'agency',
      targetId: current.id,
      before: { status: current.status, changed: Object.fromEntries(changed.map((k) => [k, current[k]])) },
      after: {
        status: saved!.status,
        changed: Object.fromEntries(changed.map((k) => [k, saved![k]])),
        newLicense: Boolean(license),
        newLogo: Boolean(logo),
      },
    });
    return toOwn(saved!, review);
  });
  // the directory's cards and the public pages name the agency
  ctx.publicCache.invalidate('influencers');
  return result;
}
