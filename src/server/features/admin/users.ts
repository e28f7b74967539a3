/**
 * 用户管理, reading: the user list with its review queue, the detail, and the overview's waiting count.
 * The decisions (approve, reject, suspend, reinstate, account deletion) are in userDecisions.ts.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminUserDetail, AdminUserRow, AdminUsersQuery, AdminUsersResponse } from '../../../shared/schemas/admin';
import { type DbOrTx } from '../../db/client';
import { accountDeletionRequests, agencies, companies, companyVerificationRequests, influencers, uploads, userProfiles, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { pendingEvidence, verificationHistory } from './verification';
import { rosterOf } from '../agencies';
import { privateUploadUrl } from '../uploads';
import { isUuid } from '../../../shared/ids';

/** an influencer waits for a decision: never reviewed, or edited the profile after a rejection */
const influencerWaiting = sql<boolean>`(${influencers.id} is not null and not ${influencers.isApproved} and ${influencers.status} <> 'suspended' and (${influencers.reviewedAt} is null or ${influencers.updatedAt} > ${influencers.reviewedAt}))`;
/** an agency waits for its review (decision 0044) */
const agencyWaiting = sql<boolean>`(${agencies.id} is not null and ${agencies.status} = 'pending')`;
const verificationSince = sql<Date | null>`(select min(v.submitted_at) from ${companyVerificationRequests} v where v.company_id = ${companies.id} and v.status = 'pending')`;
const waitingSince = sql<Date | null>`case when ${influencerWaiting} then (case when ${influencers.reviewedAt} is null then ${influencers.createdAt} else ${influencers.updatedAt} end) when ${agencyWaiting} then ${agencies.createdAt} else ${verificationSince} end`;
const lastVerificationStatus = sql<
  string | null
>`(select v.status from ${companyVerificationRequests} v where v.company_id = ${companies.id} order by v.submitted_at desc limit 1)`;
const deletionPending = sql<boolean>`exists (select 1 from ${accountDeletionRequests} d where d.user_id = ${users.id} and d.status = 'pending')`;

const rowColumns = {
  userId: users.id,
  email: users.email,
  phone: userProfiles.phone,
  userType: userProfiles.userType,
  nickname: influencers.nickname,
  companyName: companies.companyName,
  agencyName: agencies.name,
  agencyStatus: agencies.status,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  suspendedAt: users.suspendedAt,
  deletedAt: users.deletedAt,
  infApproved: influencers.isApproved,
  infReviewedAt: influencers.reviewedAt,
  infUpdatedAt: influencers.updatedAt,
  infRejection: influencers.rejectionReason,
  companyId: companies.id,
  companyVerified: companies.isVerified,
  lastVerification: lastVerificationStatus,
  waitingInfluencer: influencerWaiting,
  waitingSince,
  deletionRequested: deletionPending,
};

function baseQuery(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(influencers, eq(influencers.userId, users.id))
    .leftJoin(companies, eq(companies.userId, users.id))
    .leftJoin(agencies, eq(agencies.userId, users.id));
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const TYPE_WORDS: Record<string, 'influencer' | 'company' | 'agency' | 'admin'> = {
  机构: 'agency',
  agency: 'agency',
  达人: 'influencer',
  influencer: 'influencer',
  商家: 'company',
  企业: 'company',
  company: 'company',
  管理员: 'admin',
  admin: 'admin',
};

function toRow(r: Row, verification: AdminUserRow['verification'] = null): AdminUserRow {
  const userType = (['influencer', 'company', 'agency', 'admin'] as const).find((t) => t === r.userType) ?? null;
  let approveStatus: AdminUserRow['approveStatus'] = 'pending';
  if (userType === 'admin') approveStatus = 'approved';
  else if (userType === 'influencer') {
    if (r.infApproved) approveStatus = 'approved';
    else if (r.infReviewedAt && r.infRejection && r.infUpdatedAt && r.infUpdatedAt <= r.infReviewedAt) approveStatus = 'rejected';
  } else if (userType === 'company') {
    // a company that never asked (or whose request was withdrawn, or whose badge lapsed) is 未认证, not 待审核
    if (r.companyVerified) approveStatus = 'approved';
    else if (r.lastVerification === 'pending') approveStatus = 'pending';
    else if (r.lastVerification === 'rejected') approveStatus = 'rejected';
    else approveStatus = 'unverified';
  } else if (userType === 'agency') {
    approveStatus = r.agencyStatus === 'approved' ? 'approved' : r.agencyStatus === 'rejected' ? 'rejected' : 'pending';
  }
  const since = r.waitingSince ? new Date(r.waitingSince) : null;
  return {
    userId: r.userId,
    email: r.email,
    phone: r.phone,
    userType,
    displayName: r.nickname ?? r.companyName ?? r.agencyName ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    approveStatus,
    suspended: Boolean(r.suspendedAt),
    deletionRequested: Boolean(r.deletionRequested),
    waiting: since ? (r.waitingInfluencer ? 'influencer_approval' : r.agencyStatus === 'pending' ? 'agency_approval' : 'company_verification') : null,
    waitingSince: since ? since.toISOString() : null,
    verification,
  };
}

/** The rows with the evidence of the companies' pending verification requests. */
async function withEvidence(db: DbOrTx, rows: Row[]): Promise<AdminUserRow[]> {
  const evidence = await pendingEvidence(
    db,
    rows.flatMap((r) => (r.companyId && r.lastVerification === 'pending' ? [r.companyId] : [])),
  );
  return rows.map((r) => toRow(r, (r.companyId && evidence.get(r.companyId)) || null));
}

/** GET /api/admin/users: search (email substring, exact user id, a type word), type, filter; paginated in SQL. */
export async function listUsers(db: DbOrTx, q: AdminUsersQuery): Promise<AdminUsersResponse> {
  const where: SQL[] = [isNull(users.deletedAt)];
  const search = q.search?.trim().toLowerCase();
  let type = q.type;
  if (search) {
    if (isUuid(search)) where.push(eq(users.id, search));
    else if (TYPE_WORDS[search] && !type) type = TYPE_WORDS[search];
    else where.push(sql`lower(${users.email}) like ${'%' + search.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
  }
  if (type) where.push(eq(userProfiles.userType, type));
  switch (q.filter) {
    case 'queue':
      where.push(sql`${waitingSince} is not null`);
      break;
    case 'pending':
      // 待审核: influencers not approved; companies only with a request waiting (never asked = 未认证)
      where.push(
        sql`(${userProfiles.userType} is distinct from 'admin') and (case when ${userProfiles.userType} = 'company' then ${lastVerificationStatus} = 'pending' when ${userProfiles.userType} = 'agency' then ${agencies.status} = 'pending' else not coalesce(${influencers.isApproved}, false) end)`,
      );
      break;
    case 'approved':
      where.push(
        sql`(${userProfiles.userType} = 'admin' or coalesce(${influencers.isApproved}, false) or coalesce(${companies.isVerified}, false) or ${agencies.status} = 'approved')`,
      );
      break;
    case 'suspended':
      where.push(sql`${users.suspendedAt} is not null`);
      break;
    case 'deletion':
      where.push(deletionPending);
      break;
    default:
      break;
  }
  const cond = and(...where);
  const order =
    q.filter === 'queue'
      ? [asc(waitingSince), asc(users.id)]
      : q.filter === 'deletion'
        ? [asc(users.createdAt), asc(users.id)]
        : [desc(users.createdAt), desc(users.id)];
  const [rows, [{ total }]] = await Promise.all([
    baseQuery(db)
      .where(cond)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .leftJoin(influencers, eq(influencers.userId, users.id))
      .leftJoin(companies, eq(companies.userId, users.id))
      .leftJoin(agencies, eq(agencies.userId, users.id))
      .where(cond),
  ]);
  return { items: await withEvidence(db, rows), total, page: q.page, limit: q.limit };
}

async function rowOf(db: DbOrTx, userId: string) {
  const [r] = await baseQuery(db)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!r) throw new AppError('USER_NOT_FOUND');
  return r;
}

/** GET /api/admin/users/:id: the account, its profile, its verification requests and documents. */
export async function getUserDetail(db: DbOrTx, userId: string): Promise<AdminUserDetail> {
  const r = await rowOf(db, userId);
  const [[user], [inf], [comp], [deletion], files, [ag]] = await Promise.all([
    db.select({ suspendedReason: users.suspendedReason, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)),
    db.select().from(influencers).where(eq(influencers.userId, userId)).limit(1),
    db.select().from(companies).where(eq(companies.userId, userId)).limit(1),
    db
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')))
      .limit(1),
    db.select({ url: uploads.url, name: uploads.originalName }).from(uploads).where(eq(uploads.ownerUserId, userId)).orderBy(desc(uploads.createdAt)).limit(50),
    db.select().from(agencies).where(eq(agencies.userId, userId)).limit(1),
  ]);
  const agencyRoster = ag ? await rosterOf(db, ag.id) : null;
  const requests = comp ? await verificationHistory(db, comp.id) : [];
  const [row] = await withEvidence(db, [r]);
  return {
    ...row,
    suspendedReason: user?.suspendedReason ?? null,
    suspendedAt: user?.suspendedAt?.toISOString() ?? null,
    deletionRequest: deletion ? { id: deletion.id, reason: deletion.reason, createdAt: deletion.createdAt.toISOString() } : null,
    influencer: inf
      ? {
          id: inf.id,
          nickname: inf.nickname,
          realName: inf.realName,
          avatarUrl: inf.avatarUrl,
          bio: inf.bio,
          location: inf.location,
          categories: inf.categories,
          tags: inf.tags,
          tiktokAccount: inf.tiktokAccount,
          tiktokFollowersCount: inf.tiktokFollowersCount,
          hourlyRateCents: inf.hourlyRateCents,
          experienceYears: inf.experienceYears,
          idType: inf.idType,
          idImageUrl: inf.idImageUrl,
          isApproved: inf.isApproved,
          isVerified: inf.isVerified,
          status: inf.status,
          rejectionReason: inf.rejectionReason,
          reviewedAt: inf.reviewedAt?.toISOString() ?? null,
          createdAt: inf.createdAt.toISOString(),
        }
      : null,
    company: comp
      ? {
          id: comp.id,
          companyName: comp.companyName,
          industry: comp.industry,
          companySize: comp.companySize,
          logoUrl: comp.logoUrl,
          address: comp.address,
          description: comp.description,
          contactPerson: comp.contactPerson,
          contactPhone: comp.contactPhone,
          contactEmail: comp.contactEmail,
          website: comp.website,
          businessLicense: comp.businessLicense,
          isVerified: comp.isVerified,
        }
      : null,
    agency:
      ag && agencyRoster
        ? {
            id: ag.id,
            name: ag.name,
            contactPerson: ag.contactPerson,
            phone: ag.phone,
            creditCode: ag.creditCode,
            licenseUrl: ag.licenseUploadId ? privateUploadUrl('business-license', ag.licenseUploadId) : null,
            description: ag.description,
            logoUrl: ag.logoUrl,
            city: ag.city,
            status: agencyRoster.agency.status,
            rejectionReason: ag.rejectionReason,
            current: agencyRoster.current,
            history: agencyRoster.history,
          }
        : null,
    verificationRequests: requests,
    documents: files.map((f) => ({ url: f.url, name: f.name })),
  };
}

/** a count for the overview's "waiting" block */
export async function waitingCounts(db: DbOrTx) {
  const [[inf], [comp], [del], [ag]] = await Promise.all([
    db
      .select({ n: count() })
      .from(influencers)
      .innerJoin(users, eq(users.id, influencers.userId))
      .where(and(sql`${influencerWaiting}`, isNull(users.deletedAt))),
    db.select({ n: count() }).from(companyVerificationRequests).where(eq(companyVerificationRequests.status, 'pending')),
    db.select({ n: count() }).from(accountDeletionRequests).where(eq(accountDeletionRequests.status, 'pending')),
    db.select({ n: count() }).from(agencies).where(eq(agencies.status, 'pending')),
  ]);
  return { influencerApprovals: inf.n, companyVerifications: comp.n, deletionRequests: del.n, agencyApprovals: ag.n };
}
