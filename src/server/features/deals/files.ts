/** Private deal files (report screenshots, dispute evidence): who may read one. */
import { and, eq, sql } from 'drizzle-orm';
import { companies, dealDisputes, deals, influencers, uploads } from '../../db/schema';
import { permissionsOf } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { messageFileVisibleTo } from '../messages';
import { agencyMayReadDealFile } from '../agencies';
import type { AuthUser } from '../../platform/session';

/**
 * A deal file for GET /api/deal-files/:id: its uploader, admins with 任务管理, the two parties of a
 * deal that attaches it (report screenshots, dispute evidence) and the agency the deal was made under may read it;
 * anyone else gets null (404).
 */
export async function readDealFile(ctx: AppContext, user: AuthUser, id: string) {
  const [u] = await ctx.db
    .select({ ownerUserId: uploads.ownerUserId, storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.purpose, 'deal-file')))
    .limit(1);
  if (!u) return null;
  let allowed = u.ownerUserId === user.id;
  if (!allowed && user.userType === 'admin') allowed = (await permissionsOf(ctx.db, user.id)).includes('task_management');
  if (!allowed) {
    const [hit] = await ctx.db
      .select({ id: deals.id })
      .from(deals)
      .innerJoin(companies, eq(companies.id, deals.companyId))
      .innerJoin(influencers, eq(influencers.id, deals.influencerId))
      .leftJoin(dealDisputes, eq(dealDisputes.dealId, deals.id))
      .where(
        and(
          user.userType === 'company' ? eq(companies.userId, user.id) : eq(influencers.userId, user.id),
          sql`(${id}::uuid = any(${deals.reportScreenshots}) or ${id}::uuid = any(${dealDisputes.evidence}) or ${id}::uuid = any(${dealDisputes.answerEvidence}))`,
        ),
      )
      .limit(1);
    allowed = Boolean(hit) || (await messageFileVisibleTo(ctx.db, user, id));
  }
  // an agency: the files of the deals made under it (decision 0045), as the influencer it acts for sees them
  if (!allowed && user.userType === 'agency') allowed = await agencyMayReadDealFile(ctx.db, user.id, id);
  return allowed ? ctx.storage.get(u.storageKey) : null;
}
