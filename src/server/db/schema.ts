import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** Accounts. `email` is stored trimmed and lower-cased; uniqueness is therefore case-insensitive. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** set by an admin (用户管理 → 停用): sessions end, sign-in is refused, public pages hide the account */
    suspendedAt: ts('suspended_at'),
    suspendedReason: text('suspended_reason'),
    /** set when an account-deletion request was carried out: personal data removed, the row kept for history */
    deletedAt: ts('deleted_at'),
    /** made by the demo seed (decision 0032): its money is demo money, it can be removed in one go, production refuses its sign-in */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt.desc(), t.id),
    index('users_demo_idx')
      .on(t.id)
      .where(sql`${t.isDemo}`),
  ],
);

export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    userType: text('user_type'),
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_profiles_type_idx').on(t.userType, t.createdAt)],
);

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time codes (email sign-up, phone). Stored hashed; never returned by any endpoint. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    consumedAt: ts('consumed_at'),
    /** random token handed to the verifying browser (hashed here) to claim uploads before the account exists */
    ticketHash: text('ticket_hash'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** keyed hash of the requesting client's IP: the resend cool-down is per address and requester */
    requester: text('requester'),
  },
  (t) => [index('verification_codes_target_idx').on(t.purpose, t.target, t.createdAt), index('verification_codes_ticket_idx').on(t.ticketHash)],
);

/** Development delivery of mail and SMS; `GET /api/dev/outbox` and /email-test read it. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

/** Every stored file. `ownerUserId` null + `signupVerificationId` = uploaded during sign-up, claimed on success. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the verified sign-up email (verification_codes.id) an upload was made under, before the account existed */
    signupVerificationId: uuid('signup_verification_id'),
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name'),
    claimed: boolean('claimed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_key_unique').on(t.storageKey),
    index('uploads_owner_idx').on(t.ownerUserId),
    index('uploads_unclaimed_idx').on(t.claimed, t.createdAt),
  ],
);

export const influencers = pgTable(
  'influencers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    realName: text('real_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    tiktokAccount: text('tiktok_account'),
    tiktokProfileUrl: text('tiktok_profile_url'),
    tiktokFollowersCount: integer('tiktok_followers_count'),
    avgPlayCount: integer('avg_play_count'),
    avgEngagementRate: numeric('avg_engagement_rate', { precision: 6, scale: 2, mode: 'number' }),
    hasTiktokShop: boolean('has_tiktok_shop').notNull().default(false),
    bio: text('bio'),
    location: text('location'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hourlyRateCents: integer('hourly_rate_cents').notNull().default(0),
    experienceYears: numeric('experience_years', { precision: 4, scale: 1, mode: 'number' }).notNull().default(0),
    idType: text('id_type'),
    idNumber: text('id_number'),
    idImageUrl: text('id_image_url'),
    liveVenue: text('live_venue'),
    weeklySchedule: text('weekly_schedule'),
    bilingualLive: boolean('bilingual_live').notNull().default(false),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: integer('category_id'),
    avatarUrl: text('avatar_url'),
    followersCount: integer('followers_count').notNull().default(0),
    totalLiveCount: integer('total_live_count').notNull().default(0),
    avgViews: integer('avg_views').notNull().default(0),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    isApproved: boolean('is_approved').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    /** the last review decision (审核拒绝 keeps is_approved false and records why); a profile edit after it re-queues the review */
    reviewedAt: ts('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the directory's search matches (nickname, bio, tags, location), lower-cased once here;
     * searched like the hall's (trigram index for 3+ characters, search_grams for 1–2).
     * text_join() is an immutable array_to_string (migration 0010).
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${influencers.nickname} || ' ' || coalesce(${influencers.bio}, '') || ' ' || text_join(${influencers.tags}) || ' ' || coalesce(${influencers.location}, ''))`,
    ),
    /**
     * Matching's rating feature (decision 0019): the rating shrunk towards 0 while it rests on few reviews,
     * rating / 5 × reviews / (reviews + 5); stored so the candidates come ordered from an index.
     */
    matchQuality: doublePrecision('match_quality').generatedAlwaysAs(
      (): SQL => sql`${influencers.rating}::float8 / 5 * ${influencers.totalReviews} / (${influencers.totalReviews} + 5)`,
    ),
  },
  (t) => [
    uniqueIndex('influencers_user_unique').on(t.userId),
    index('influencers_approved_idx').on(t.isApproved, t.rating),
    // the back office's influencer picker pages by nickname (decision 0056)
    index('influencers_nickname_idx').on(t.nickname, t.id),
    // the admin review queue: everything not approved yet, oldest first
    index('influencers_review_queue_idx')
      .on(t.createdAt)
      .where(sql`not is_approved`),
    // the directory lists approved, active influencers: one partial index per sort
    index('influencers_listed_rating_idx')
      .on(t.rating.desc(), t.id)
      .where(sql`is_approved and status = 'active'`),
    index('influencers_listed_followers_idx')
      .on(t.followersCount.desc(), t.id)
      .where(sql`is_approved and status = 'active'`),
    index('influencers_listed_rate_idx')
      .on(t.hourlyRateCents, t.id)
      .where(sql`is_approved and status = 'active'`),
    index('influencers_listed_experience_idx')
      .on(t.experienceYears.desc(), t.id)
      .where(sql`is_approved and status = 'active'`),
    index('influencers_categories_idx').using('gin', t.categories),
    // matching's candidates (decision 0019): listed influencers by the rating feature; migration 0018 adds
    // INCLUDE (categories, hourly_rate, location) so the slices filter without reading the table
    index('influencers_match_idx')
      .on(t.matchQuality.desc(), t.id)
      .where(sql`is_approved and status = 'active'`),
    index('influencers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('influencers_search_grams_idx').using('gin', sql`search_grams(${t.searchText})`),
    check('influencers_status_check', sql`${t.status} in ('active','inactive','suspended')`),
    check('influencers_rate_check', sql`${t.hourlyRateCents} >= 0`),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    businessLicense: text('business_license'),
    industry: text('industry'),
    companySize: text('company_size'),
    website: text('website'),
    description: text('description'),
    logoUrl: text('logo_url'),
    address: text('address'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    totalTasks: integer('total_tasks').notNull().default(0),
    completedTasks: integer('completed_tasks').notNull().default(0),
    avgRating: numeric('avg_rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    isVerified: boolean('is_verified').notNull().default(false),
    /**
     * the 统一社会信用代码 an admin verified (from the approved request); null when not verified or when
     * the badge lapsed (a new name or code). Unique: one verified company per code (decision 0028).
     */
    verifiedCreditCode: text('verified_credit_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('companies_user_unique').on(t.userId), uniqueIndex('companies_verified_credit_code_unique').on(t.verifiedCreditCode)],
);

export const adminPermissions = pgTable(
  'admin_permissions',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionName: text('permission_name').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.permissionName] })],
);

export const adminLogs = pgTable(
  'admin_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    description: text('description'),
    /** what the action was done to: 'user', 'task', 'category', 'video', 'setting', 'admin', 'contact' … */
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** the changed values before and after (only the fields that changed) */
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_logs_created_idx').on(t.createdAt),
    index('admin_logs_action_idx').on(t.actionType, t.createdAt.desc()),
    index('admin_logs_target_idx').on(t.targetType, t.targetId, t.createdAt.desc()),
    index('admin_logs_admin_idx').on(t.adminId, t.createdAt.desc()),
  ],
);

export const talentProfiles = pgTable(
  'talent_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talentTypes: text('talent_types').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('talent_profiles_user_unique').on(t.userId)],
);

export const talentTypeDetails = pgTable(
  'talent_type_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => talentProfiles.id, { onDelete: 'cascade' }),
    talentType: text('talent_type').notNull(),
    experience: text('experience').notNull(),
    portfolioLinks: text('portfolio_links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    portfolioFiles: text('portfolio_files')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    formData: jsonb('form_data').notNull().default({}),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hostStyles: text('host_styles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    achievement: text('achievement'),
    operationCategories: text('operation_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    operationSkills: text('operation_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    successCases: text('success_cases'),
    editingSoftware: text('editing_software')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    editingStyles: text('editing_styles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('talent_type_details_unique').on(t.profileId, t.talentType)],
);

export const taskCategories = pgTable(
  'task_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** the English name (shown in the English interface; falls back to name when empty) */
    nameEn: text('name_en'),
    description: text('description'),
    icon: text('icon').notNull().default('Tag'),
    sortOrder: integer('sort_order').notNull().default(0),
    level: smallint('level').notNull().default(1),
    parentId: uuid('parent_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('task_categories_sort_idx').on(t.isActive, t.sortOrder)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => taskCategories.id, { onDelete: 'set null' }),
    productName: text('product_name'),
    requirements: text('requirements')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    budgetMinCents: bigint('budget_min_cents', { mode: 'number' }).notNull(),
    budgetMaxCents: bigint('budget_max_cents', { mode: 'number' }).notNull(),
    maxApplicants: integer('max_applicants').notNull().default(5),
    liveDate: ts('live_date'),
    durationHours: numeric('duration_hours', { precision: 5, scale: 1, mode: 'number' }).notNull().default(2),
    location: text('location').notNull().default('线上'),
    status: text('status').notNull().default('open'),
    isUrgent: boolean('is_urgent').notNull().default(false),
    currentApplicants: integer('current_applicants').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    isAdvancePaid: boolean('is_advance_paid').notNull().default(false),
    paidAmountCents: bigint('paid_amount_cents', { mode: 'number' }),
    isSettled: boolean('is_settled').notNull().default(false),
    settlementAmountCents: bigint('settlement_amount_cents', { mode: 'number' }),
    requiresDeposit: boolean('requires_deposit').notNull().default(false),
    depositAmountCents: bigint('deposit_amount_cents', { mode: 'number' }),
    /** how the influencer is paid: a fixed fee (the proposed rate), a slot fee (坑位费) plus a commission on the GMV, or commission only */
    pricingModel: text('pricing_model').notNull().default('fixed'),
    /** the commission in basis points of the confirmed GMV (1500 = 15%); 0 for a fixed fee */
    commissionBps: integer('commission_bps').notNull().default(0),
    selectedInfluencerId: uuid('selected_influencer_id').references(() => influencers.id, { onDelete: 'set null' }),
    /**
     * how many influencers the task recruits (招募人数). `current_applicants` counts the filled ones (accepted, their
     * deal not cancelled while the task still recruits); the task leaves `open` when they are equal (decision 0025)
     */
    slots: integer('slots').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the hall's search matches (substring, Chinese included), lower-cased once here so the
     * search is a byte-wise LIKE of the lower-cased term (ILIKE would lower every row it checks).
     * Terms of 3+ characters use the trigram index, 1–2 characters the search_grams index.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${tasks.title} || ' ' || coalesce(${tasks.productName}, '') || ' ' || ${tasks.description})`,
    ),
  },
  (t) => [
    index('tasks_company_idx').on(t.companyId, t.createdAt),
    // the hall: every filter and sort is served by an index led by status
    index('tasks_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // trailing budget columns: the budget filter and the capped count are answered from the index alone
    index('tasks_status_category_created_idx').on(t.status, t.categoryId, t.createdAt.desc(), t.budgetMinCents, t.budgetMaxCents),
    index('tasks_status_budget_max_idx').on(t.status, t.budgetMaxCents.desc(), t.createdAt.desc()),
    index('tasks_status_budget_min_idx').on(t.status, t.budgetMinCents, t.createdAt.desc(), t.budgetMaxCents),
    index('tasks_status_live_date_idx').on(t.status, t.liveDate, t.createdAt.desc()),
    // matching: open tasks in the influencer's city, newest first
    index('tasks_status_location_idx').on(t.status, t.location, t.createdAt.desc()),
    index('tasks_status_urgent_idx').on(t.status, t.isUrgent.desc(), t.createdAt.desc()),
    index('tasks_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // 1–2 character terms have no trigram: every 1- and 2-character substring of search_text, as
    // integers (search_grams() and search_gram_key() are created by migration 0004)
    index('tasks_search_grams_idx').using('gin', sql`search_grams(${t.searchText})`),
    check('tasks_status_check', sql`${t.status} in ('open','in_progress','completed','cancelled')`),
    check('tasks_budget_check', sql`${t.budgetMinCents} >= 0 and ${t.budgetMaxCents} >= ${t.budgetMinCents}`),
    check('tasks_slots_check', sql`${t.slots} between 1 and 50`),
    check(
      'tasks_pricing_check',
      sql`(${t.pricingModel} = 'fixed' and ${t.commissionBps} = 0) or (${t.pricingModel} in ('slot_commission','commission') and ${t.commissionBps} between 1 and 10000)`,
    ),
  ],
);

export const taskApplications = pgTable(
  'task_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    message: text('message'),
    proposedRateCents: bigint('proposed_rate_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    appliedAt: ts('applied_at').notNull().defaultNow(),
    respondedAt: ts('responded_at'),
    /** the agency that acted for the influencer (代理操作, decision 0045); null: the influencer acted itself */
    onBehalfAgencyId: uuid('on_behalf_agency_id').references((): AnyPgColumn => agencies.id, { onDelete: 'set null' }),
    /** the agency's staff member who acted (子账号, decision 0067); null: the agency's owner, or no agency */
    actedByUserId: uuid('acted_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('task_applications_unique').on(t.taskId, t.influencerId),
    index('task_applications_influencer_idx').on(t.influencerId, t.appliedAt),
    index('task_applications_task_status_idx').on(t.taskId, t.status),
    check('task_applications_status_check', sql`${t.status} in ('pending','accepted','refused','withdrawn')`),
  ],
);

/**
 * 邀请 (decision 0025): a company invites an influencer to its open task with a message and an offered rate;
 * the influencer accepts (an accepted application and its deal, like an accept) or declines with a reason;
 * unanswered, it expires (job `invitation.expire`). One invitation per task and influencer, ever.
 */
export const taskInvitations = pgTable(
  'task_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    /** the company user who sent it */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** integer cents inside the task's budget (0 for a commission-only task) */
    offeredRateCents: bigint('offered_rate_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    declineReason: text('decline_reason'),
    /** the application it became when accepted */
    applicationId: uuid('application_id').references(() => taskApplications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    respondedAt: ts('responded_at'),
    /** the agency that acted for the influencer (代理操作, decision 0045); null: the influencer (or nobody yet) acted itself */
    onBehalfAgencyId: uuid('on_behalf_agency_id').references((): AnyPgColumn => agencies.id, { onDelete: 'set null' }),
    /** the agency's staff member who acted (子账号, decision 0067); null: the agency's owner, or no agency */
    actedByUserId: uuid('acted_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('task_invitations_unique').on(t.taskId, t.influencerId),
    index('task_invitations_influencer_idx').on(t.influencerId, t.createdAt.desc()),
    // the daily limit counts a task's invitations of the last 24 hours; the owner's list reads them newest first
    index('task_invitations_task_created_idx').on(t.taskId, t.createdAt.desc()),
    check('task_invitations_status_check', sql`${t.status} in ('pending','accepted','declined','expired','withdrawn','closed')`),
    check('task_invitations_rate_check', sql`${t.offeredRateCents} >= 0`),
  ],
);

export const videoCategories = pgTable('video_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** the English name (shown in the English interface; falls back to name when empty) */
  nameEn: text('name_en'),
  description: text('description'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    categoryId: integer('category_id').references(() => videoCategories.id, { onDelete: 'set null' }),
    videoUrl: text('video_url'),
    posterUrl: text('poster_url'),
    duration: text('duration'),
    sortOrder: integer('sort_order').notNull().default(0),
    influencerId: uuid('influencer_id').references(() => influencers.id, { onDelete: 'set null' }),
    influencerName: text('influencer_name'),
    influencerAvatar: text('influencer_avatar'),
    influencerFollowers: text('influencer_followers'),
    influencerRating: numeric('influencer_rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    /** counts are numbers (migration 0010 read the old texts such as '12.5万'); shown as 12.5万 / 125K */
    viewsCount: bigint('views_count', { mode: 'number' }).notNull().default(0),
    likesCount: bigint('likes_count', { mode: 'number' }).notNull().default(0),
    commentsCount: bigint('comments_count', { mode: 'number' }).notNull().default(0),
    sharesCount: bigint('shares_count', { mode: 'number' }).notNull().default(0),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** what the showcase's search matches (title, description, tags, influencer name), lower-cased */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${videos.title} || ' ' || coalesce(${videos.description}, '') || ' ' || text_join(${videos.tags}) || ' ' || coalesce(${videos.influencerName}, ''))`,
    ),
  },
  (t) => [
    index('videos_active_created_idx').on(t.isActive, t.createdAt),
    index('videos_active_latest_idx').on(t.isActive, t.createdAt.desc(), t.id),
    index('videos_active_views_idx').on(t.isActive, t.viewsCount.desc(), t.id),
    index('videos_active_rating_idx').on(t.isActive, t.influencerRating.desc(), t.id),
    index('videos_active_sort_order_idx').on(t.isActive, t.sortOrder, t.createdAt.desc()),
    index('videos_active_category_idx').on(t.isActive, t.categoryId, t.createdAt.desc()),
    index('videos_influencer_idx').on(t.influencerId),
    index('videos_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('videos_search_grams_idx').using('gin', sql`search_grams(${t.searchText})`),
  ],
);

/** One row per counted video view (a visitor counts once per video per visit window). */
export const videoViews = pgTable(
  'video_views',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.visitorKey] }), index('video_views_viewed_idx').on(t.viewedAt, t.videoId)],
);

/**
 * Two-way reviews after a completed deal (decision 0015): the company reviews the influencer
 * (author_side 'company') and the influencer reviews the company (author_side 'influencer'), one each
 * per deal. Blind until revealed_at (both written, or the 14-day window closed); only revealed, not
 * hidden reviews count in influencers.rating / total_reviews and companies.avg_rating.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references((): AnyPgColumn => deals.id, { onDelete: 'cascade' }),
    /** who wrote it: 'company' (about the influencer) or 'influencer' (about the company) */
    authorSide: text('author_side').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** the deal's two parties (copied from the deal: the pages read reviews by subject) */
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    /** when the other side (and the public) could first read it; null while blind */
    revealedAt: ts('revealed_at'),
    /** the reviewed side's one reply */
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    /** hidden by an admin (content moderation): kept, shown to nobody but the two parties and admins */
    hiddenAt: ts('hidden_at'),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    uniqueIndex('reviews_deal_author_unique').on(t.dealId, t.authorSide),
    // the influencer page: published reviews of the influencer, newest first
    index('reviews_of_influencer_idx')
      .on(t.influencerId, t.revealedAt.desc())
      .where(sql`author_side = 'company' and revealed_at is not null and hidden_at is null`),
    // the company page: published reviews of the company
    index('reviews_of_company_idx')
      .on(t.companyId, t.revealedAt.desc())
      .where(sql`author_side = 'influencer' and revealed_at is not null and hidden_at is null`),
    index('reviews_created_idx').on(t.createdAt.desc()),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_author_side_check', sql`${t.authorSide} in ('company','influencer')`),
  ],
);

/** Notification and privacy settings (saved and honoured, unlike the original's UI-only switches). */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  profileVisibility: text('profile_visibility').notNull().default('public'),
  contactInfoVisibility: text('contact_info_visibility').notNull().default('contacts'),
  allowMessages: boolean('allow_messages').notNull().default(true),
  /** the language notifications and mail are written in: 'zh-CN' (default) or 'en' */
  locale: text('locale').notNull().default('zh-CN'),
  /** notification types no longer mailed (turned off one by one through a mail's one-click unsubscribe; decision 0040) */
  mailOff: text('mail_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});

export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('account_deletion_pending_unique')
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);

export const companyVerificationRequests = pgTable(
  'company_verification_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** pending | approved | rejected | withdrawn (the company changed the name or code it named while it waited) */
    status: text('status').notNull().default('pending'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /** the evidence (decision 0028): the 统一社会信用代码, the legal name it was asked for, the licence image
     * (a private upload, purpose business-license). Null only on requests from before evidence was required. */
    creditCode: text('credit_code'),
    companyName: text('company_name'),
    licenseUploadId: uuid('license_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('company_verification_pending_unique')
      .on(t.companyId)
      .where(sql`status = 'pending'`),
    index('company_verification_company_idx').on(t.companyId, t.submittedAt),
    index('company_verification_queue_idx')
      .on(t.submittedAt)
      .where(sql`status = 'pending'`),
  ],
);

/** In-product notifications (unread count in the header); mail goes out alongside when the user allows it. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** the type's parameters (names, amounts); rendered in the reader's language (src/shared/notifications.ts) */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** the zh rendering at the time of writing: kept for search and for types that no longer exist */
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt.desc())],
);

/** One row per counted task view (a visitor counts once per task per 30 minutes). */
export const taskViews = pgTable(
  'task_views',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.visitorKey] })],
);

/**
 * Idempotency keys of task publishing (issue 10 #11, docs/decisions/0004): the row is inserted in the
 * transaction that creates the task, so a repeated or concurrent request with the same key finds it
 * (waiting on the primary key while the first is in flight) and gets the same task back. Kept 24 h
 * (an older row is taken over by the next request with its key).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the validated request body: the same key with another body is refused */
    requestHash: text('request_hash').notNull(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * A conversation between a company and an influencer: the contact conversation started by 联系达人 on
 * the influencer's page (one per pair, deal_id null), or the conversation of one deal (one per deal).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    /** the deal this conversation belongs to; null for the pair's contact conversation */
    dealId: uuid('deal_id').references((): AnyPgColumn => deals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique')
      .on(t.companyId, t.influencerId)
      .where(sql`deal_id is null`),
    uniqueIndex('conversations_deal_unique')
      .on(t.dealId)
      .where(sql`deal_id is not null`),
    index('conversations_influencer_idx').on(t.influencerId, t.lastMessageAt.desc()),
    index('conversations_company_idx').on(t.companyId, t.lastMessageAt.desc()),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** may be empty when the message carries images */
    body: text('body').notNull(),
    /** private uploads (purpose deal-file) shown in the message, read through /api/deal-files/:id */
    images: uuid('images')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    /** when the other side read it */
    readAt: ts('read_at'),
    /** the agency that acted for the influencer (代理操作, decision 0045); null: the sender acted itself */
    onBehalfAgencyId: uuid('on_behalf_agency_id').references((): AnyPgColumn => agencies.id, { onDelete: 'set null' }),
    /** the agency's staff member who acted (子账号, decision 0067); null: the agency's owner, or no agency */
    actedByUserId: uuid('acted_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    // the header's unread count and the away-mail check read only the unread rows
    index('conversation_messages_unread_idx')
      .on(t.conversationId)
      .where(sql`read_at is null`),
  ],
);

/** An influencer following a company: its new tasks notify the follower. */
export const companyFollows = pgTable(
  'company_follows',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.influencerId] }), index('company_follows_influencer_idx').on(t.influencerId, t.createdAt.desc())],
);

/** Messages from the /contact form (mailed to support; read and answered in the admin console). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** general, influencer, company, media */
    userType: text('user_type').notNull().default('general'),
    /** the signed-in sender, if any */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    createdAt: createdAt(),
    handledAt: ts('handled_at'),
    /** the answer mailed from the admin console (联系消息) */
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_status_idx').on(t.status, t.createdAt.desc()),
    check('contact_messages_type_check', sql`${t.userType} in ('general','influencer','company','media')`),
    check('contact_messages_status_check', sql`${t.status} in ('new','read','replied','closed')`),
  ],
);

/** Daily snapshots of the platform's figures (admin 概览): history survives deletions. One row per day (Asia/Shanghai). */
export const systemStats = pgTable('system_stats', {
  statDate: text('stat_date').primaryKey(),
  totalUsers: integer('total_users').notNull().default(0),
  totalInfluencers: integer('total_influencers').notNull().default(0),
  totalCompanies: integer('total_companies').notNull().default(0),
  totalTasks: integer('total_tasks').notNull().default(0),
  totalApplications: integer('total_applications').notNull().default(0),
  dailyNewUsers: integer('daily_new_users').notNull().default(0),
  dailyNewTasks: integer('daily_new_tasks').notNull().default(0),
  /** platform fee earned that day, integer cents */
  dailyRevenueCents: bigint('daily_revenue_cents', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/** An invitation to become an admin (管理员设置): mailed link with a one-time token; accepting creates the admin account. */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('admin_invites_token_unique').on(t.tokenHash), index('admin_invites_email_idx').on(sql`lower(${t.email})`)],
);

/** Platform settings an admin changes in 系统设置 and the product reads (fee, settlement window, sign-up, banner …). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A deal (订单): created when an application is accepted, one per hired influencer (a task with several places has several). Its status moves only
 * along the table in src/shared/deals.ts; `version` rises with every recorded event, and every write
 * is conditional on the status (and version) read under the row lock.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => taskApplications.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('accepted'),
    version: integer('version').notNull().default(0),
    /** the agreed terms, copied from the task and the application when accepted */
    rateCents: bigint('rate_cents', { mode: 'number' }).notNull(),
    /** the money terms, fixed at acceptance (decision 0022): the model, the commission, the deposit and the platform fee */
    pricingModel: text('pricing_model').notNull().default('fixed'),
    commissionBps: integer('commission_bps').notNull().default(0),
    depositCents: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    platformFeeBps: integer('platform_fee_bps').notNull().default(0),
    /** false for deals accepted before money moved on the platform: nothing is held, nothing is settled */
    moneyTracked: boolean('money_tracked').notNull().default(false),
    feeFundedAt: ts('fee_funded_at'),
    depositPaidAt: ts('deposit_paid_at'),
    /** the settlement: when, what the influencer was paid gross (fee share + commission) and the commission */
    settledAt: ts('settled_at'),
    settledGrossCents: bigint('settled_gross_cents', { mode: 'number' }),
    commissionCents: bigint('commission_cents', { mode: 'number' }),
    /** none: no commission; due: the company's balance could not cover it yet; paid */
    commissionStatus: text('commission_status').notNull().default('none'),
    /**
     * the agency (机构) and its share in force when the deal was created (decision 0044): the settlement splits the
     * influencer's net by these, whatever happens to the membership afterwards; null = the influencer's alone
     */
    agencyId: uuid('agency_id').references((): AnyPgColumn => agencies.id, { onDelete: 'set null' }),
    agencySharePercent: smallint('agency_share_percent'),
    /** what the settlement paid the agency (floor(net × percent / 100)); null before it or without an agency */
    settledAgencyCents: bigint('settled_agency_cents', { mode: 'number' }),
    /** an admin's dispute decision gave the influencer's deposit to the company */
    depositAwarded: boolean('deposit_awarded').notNull().default(false),
    plannedLiveDate: ts('planned_live_date'),
    durationHours: numeric('duration_hours', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    productName: text('product_name'),
    requirements: text('requirements')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    taskTitle: text('task_title').notNull(),
    // samples
    samplesCarrier: text('samples_carrier'),
    samplesTracking: text('samples_tracking'),
    samplesShippedAt: ts('samples_shipped_at'),
    samplesReceivedAt: ts('samples_received_at'),
    // schedule
    scheduleStart: ts('schedule_start'),
    scheduleEnd: ts('schedule_end'),
    roomUrl: text('room_url'),
    scheduleProposedBy: text('schedule_proposed_by'),
    scheduleConfirmedAt: ts('schedule_confirmed_at'),
    // live report
    reportReplayUrl: text('report_replay_url'),
    reportStartedAt: ts('report_started_at'),
    reportEndedAt: ts('report_ended_at'),
    reportViews: integer('report_views'),
    reportPeakViewers: integer('report_peak_viewers'),
    reportOrders: integer('report_orders'),
    reportGmvCents: bigint('report_gmv_cents', { mode: 'number' }),
    reportScreenshots: uuid('report_screenshots')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    reportedAt: ts('reported_at'),
    // the end
    confirmedAt: ts('confirmed_at'),
    autoConfirmed: boolean('auto_confirmed').notNull().default(false),
    /** the share of the rate due after an admin's decision (100 unless decided otherwise) */
    payoutPercent: smallint('payout_percent').notNull().default(100),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    cancelRequestedBy: text('cancel_requested_by'),
    cancelRequestReason: text('cancel_request_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // a task with several slots has one deal per recruited influencer
    index('deals_task_idx').on(t.taskId),
    uniqueIndex('deals_application_unique').on(t.applicationId),
    index('deals_company_idx').on(t.companyId, t.updatedAt.desc()),
    index('deals_influencer_idx').on(t.influencerId, t.updatedAt.desc()),
    // matching (decision 0019) counts an influencer's results and finds a deal overlapping a live session from
    // this index alone (migration 0018 adds INCLUDE status, reported_at and the schedule columns)
    index('deals_influencer_match_idx').on(t.influencerId),
    index('deals_status_idx').on(t.status, t.updatedAt.desc()),
    check(
      'deals_status_check',
      sql`${t.status} in ('awaiting_payment','accepted','samples_shipped','samples_received','schedule_proposed','scheduled','reported','disputed','confirmed','completed','cancelled')`,
    ),
    check(
      'deals_party_check',
      sql`coalesce(${t.scheduleProposedBy}, 'company') in ('company','influencer') and coalesce(${t.cancelRequestedBy}, 'company') in ('company','influencer')`,
    ),
    check('deals_payout_check', sql`${t.payoutPercent} between 0 and 100`),
    check('deals_rate_check', sql`${t.rateCents} >= 0`),
    check('deals_money_check', sql`${t.depositCents} >= 0 and ${t.commissionBps} between 0 and 10000 and ${t.platformFeeBps} between 0 and 10000`),
    check('deals_commission_status_check', sql`${t.commissionStatus} in ('none','due','paid')`),
    check(
      'deals_agency_share_check',
      sql`(${t.agencyId} is null) = (${t.agencySharePercent} is null) and coalesce(${t.agencySharePercent}, 0) between 0 and 70`,
    ),
    index('deals_agency_idx')
      .on(t.agencyId, t.updatedAt.desc())
      .where(sql`${t.agencyId} is not null`),
    index('deals_commission_due_idx')
      .on(t.companyId)
      .where(sql`${t.commissionStatus} = 'due'`),
  ],
);

/** The deal's timeline: one row per recorded event, with who fired it, when, and what it carried. */
export const dealEvents = pgTable(
  'deal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    /** the deal's version after this event (unique per deal: two writers of one version cannot both commit) */
    version: integer('version').notNull(),
    event: text('event').notNull(),
    actorRole: text('actor_role').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** the agency that acted for the influencer (代理操作, decision 0045); null: the actor acted itself */
    onBehalfAgencyId: uuid('on_behalf_agency_id').references((): AnyPgColumn => agencies.id, { onDelete: 'set null' }),
    /** the agency's staff member who acted (子账号, decision 0067); null: the agency's owner, or no agency */
    actedByUserId: uuid('acted_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('deal_events_deal_version_unique').on(t.dealId, t.version)],
);

/** A dispute on a deal (at most one open at a time; a withdrawn or decided one stays as history). */
export const dealDisputes = pgTable(
  'deal_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    openedBy: text('opened_by').notNull(),
    reason: text('reason').notNull(),
    statement: text('statement').notNull(),
    evidence: uuid('evidence')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    openedAt: ts('opened_at').notNull(),
    answer: text('answer'),
    answerEvidence: uuid('answer_evidence')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    answeredAt: ts('answered_at'),
    /** open | withdrawn | completed | partial | cancelled */
    outcome: text('outcome').notNull().default('open'),
    percent: smallint('percent'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('deal_disputes_deal_idx').on(t.dealId, t.openedAt),
    uniqueIndex('deal_disputes_open_unique')
      .on(t.dealId)
      .where(sql`${t.outcome} = 'open'`),
    index('deal_disputes_open_idx')
      .on(t.openedAt)
      .where(sql`${t.outcome} = 'open'`),
  ],
);

/**
 * Persistent timed jobs (auto-confirmation, reminders, overdue notices). A job runs in the same
 * transaction that marks it done, claimed with FOR UPDATE SKIP LOCKED, so it runs once however many
 * instances poll; `key` makes scheduling idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | null>>().notNull().default({}),
    runAt: ts('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: ts('done_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_key_unique').on(t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * The durable mail queue (decision 0040): every mail but the codes a user waits for on screen is written here in
 * the transaction of the change that causes it and sent by the job worker (platform/mailQueue.ts). A notification
 * mail keeps its type and parameters and is rendered when sent (the recipient's language and settings then); any
 * other mail keeps its rendered text. `lockedUntil` is the claim of the instance sending it.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** a notification type, or what a direct mail is (contact_reply, admin_invite, …) */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** the address of a direct mail (a notification's is read from its user when sent) */
    to: text('to'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** pending → sent | skipped (the user turned this mail off) | failed (24 h of tries; an admin may resend) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** when a failed mail is tried again (a new mail is due at once: attempts = 0) */
    nextAttemptAt: ts('next_attempt_at'),
    lockedUntil: ts('locked_until'),
    /** the platform clock's time of the first failure: 24 h after it the mail is marked failed */
    firstFailedAt: ts('first_failed_at'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.attempts, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_queue_status_idx').on(t.status, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// money (decision 0018): a double-entry ledger in integer cents

/**
 * One account of the ledger: a kind (src/shared/money.ts LEDGER_ACCOUNT_KINDS) and, for a user's
 * accounts, the owner. `balance_cents` is a cache of the sum of its lines, written by post() in the
 * transaction that inserts them; only the outside world's accounts may go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    ownerId: uuid('owner_id').references(() => users.id),
    /** what a per-item account holds money for: the deal (escrow, deposits_held) or the task (prepaid_escrow) */
    refId: uuid('ref_id'),
    currency: text('currency').notNull().default('USD'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_kind_owner_ref_unique').on(
      t.kind,
      sql`coalesce(${t.ownerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.refId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('ledger_accounts_ref_idx')
      .on(t.refId)
      .where(sql`${t.refId} is not null`),
    check('ledger_accounts_non_negative', sql`${t.kind} like 'world\\_%' or ${t.balanceCents} >= 0`),
    check('ledger_accounts_currency', sql`${t.currency} = 'USD'`),
  ],
);

/** One journal entry: its lines sum to zero (post() checks, and a deferred trigger refuses a commit that does not). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    memo: text('memo').notNull().default(''),
    /** a second post with the same key returns the first entry and moves nothing */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [uniqueIndex('ledger_entries_idempotency_unique').on(t.idempotencyKey)],
);

/** The lines of an entry: signed amounts (+ raises the account's balance); `balance_after_cents` gives statements their running balance. */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_lines_account_idx').on(t.accountId, t.id),
    index('ledger_lines_entry_idx').on(t.entryId),
    check('ledger_lines_non_zero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * The payment provider's notifications already acted on (decision 0055): one row per (provider, event id),
 * written in the transaction that acted on it, so a notification delivered again, or twice at once, acts once.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    topupId: uuid('topup_id').references(() => topups.id),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A company's funding of its wallet: by the payment provider (sandbox today) or by bank transfer confirmed by finance. */
export const topups = pgTable(
  'topups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    status: text('status').notNull().default('pending'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    /** bank transfers: the code the company writes on its transfer */
    bankReference: text('bank_reference'),
    /** Stripe (decision 0055): the Checkout page the company pays on (providerRef is the Checkout Session's id) */
    checkoutUrl: text('checkout_url'),
    /** Stripe: the payment intent that paid it (what a refund or a dispute names later) */
    paymentRef: text('payment_ref'),
    /** Stripe: the fee Stripe took, borne by the platform (null until read from the charge's balance transaction) */
    feeCents: bigint('fee_cents', { mode: 'number' }),
    /** the ledger entry that moved the money (set once, when it succeeded) */
    entryId: uuid('entry_id').references(() => ledgerEntries.id),
    failureReason: text('failure_reason'),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
    confirmedAt: ts('confirmed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('topups_provider_ref_unique').on(t.providerRef),
    uniqueIndex('topups_bank_reference_unique').on(t.bankReference),
    index('topups_user_idx').on(t.userId, t.createdAt),
    index('topups_pending_idx')
      .on(t.method, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('topups_amount_positive', sql`${t.amountCents} > 0`),
    check('topups_method', sql`${t.method} in ('sandbox', 'bank_transfer', 'stripe')`),
    check('topups_fee_non_negative', sql`${t.feeCents} is null or ${t.feeCents} >= 0`),
    check('topups_status', sql`${t.status} in ('pending', 'succeeded', 'failed', 'cancelled')`),
    check('topups_entry_when_succeeded', sql`(${t.status} = 'succeeded') = (${t.entryId} is not null)`),
  ],
);

/** An influencer's bank account for payouts: the number is encrypted at rest and only its last four digits are ever shown. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name').notNull(),
    /** AES-256-GCM under a key derived from SECRET_KEY */
    accountNumberEnc: text('account_number_enc').notNull(),
    accountLast4: text('account_last4').notNull(),
    createdAt: createdAt(),
    /** removed by its owner: kept for the payouts that name it */
    removedAt: ts('removed_at'),
  },
  (t) => [index('bank_accounts_user_idx').on(t.userId, t.createdAt)],
);

/** A withdrawal of available balance to a bank account: requested (money in transit), then paid or rejected (money returned). */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** a bank transfer by finance: the account it goes to (null for a Stripe payout) */
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id),
    /** 'bank' (finance transfers it) or 'stripe' (a Stripe Connect transfer made by the job worker, decision 0058) */
    method: text('method').notNull().default('bank'),
    /** Stripe: the connected account (acct_…) it is transferred to */
    stripeAccountId: text('stripe_account_id'),
    /** Stripe: the transfer (tr_…) that paid it, what reconciliation matches with balance transactions of type transfer */
    providerRef: text('provider_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('requested'),
    /** the working day by which it should arrive (3–5 working days, holidays from settings) */
    expectedBy: text('expected_by').notNull(),
    requestEntryId: uuid('request_entry_id').references(() => ledgerEntries.id),
    decisionEntryId: uuid('decision_entry_id').references(() => ledgerEntries.id),
    /** Stripe: the entry that returned a reversed transfer's amount to the owner (decision 0058) */
    reversalEntryId: uuid('reversal_entry_id').references(() => ledgerEntries.id),
    reference: text('reference'),
    rejectReason: text('reject_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.createdAt),
    index('payouts_requested_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_status', sql`${t.status} in ('requested', 'paid', 'rejected', 'reversed')`),
    check('payouts_decided', sql`(${t.status} = 'requested') = (${t.decisionEntryId} is null)`),
    check('payouts_reversed', sql`(${t.status} = 'reversed') = (${t.reversalEntryId} is not null)`),
    check('payouts_method', sql`${t.method} in ('bank', 'stripe')`),
    check(
      'payouts_destination',
      sql`(${t.method} = 'bank' and ${t.bankAccountId} is not null and ${t.stripeAccountId} is null) or (${t.method} = 'stripe' and ${t.bankAccountId} is null and ${t.stripeAccountId} is not null)`,
    ),
    uniqueIndex('payouts_provider_ref_unique').on(t.providerRef),
  ],
);

/**
 * A user's Stripe Express connected account (decision 0058): created when an influencer or an agency first asks
 * to link one, its state refreshed from `account.updated` and on the return from onboarding. Payouts go to it by
 * transfer once `payouts_enabled` (Stripe's payouts_enabled and the transfers capability active).
 */
export const stripeAccounts = pgTable(
  'stripe_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    stripeAccountId: text('stripe_account_id').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stripe_accounts_account_unique').on(t.stripeAccountId)],
);

/**
 * API keys of the open platform (decision 0038). Only the SHA-256 of the key is kept; `prefix` (the key's
 * first 16 characters, `lc_live_` and 8 random ones) finds the row, the hash is then compared in constant
 * time. A key acts as its user within `scopes`; revoking or expiry stops it at the next request.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: ts('revoked_at'),
    /** who revoked it: the owner (their id) or an admin (theirs) */
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_prefix_unique').on(t.prefix), index('api_keys_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * What each API key changed: one row per state-changing request made with a key (the operation, its path,
 * the status it answered), so every change made through the open API is attributable to the key.
 */
export const apiKeyActivity = pgTable(
  'api_key_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operationId: text('operation_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('api_key_activity_key_idx').on(t.keyId, t.createdAt.desc())],
);

/**
 * Webhook endpoints of the open platform (decision 0042): an account's HTTPS address, the event types it wants,
 * and its signing secret sealed at rest (platform/sealed.ts, the endpoint's id as additional data). During a
 * rotation's overlap the previous secret signs too, until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    /** active | disabled (by the owner, by failing for 3 days, or by an admin: `disabled_reason`) */
    state: text('state').notNull().default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: ts('disabled_at'),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    /** the platform clock's time of the first failed delivery since the last success: 3 days later it is disabled */
    failingSince: ts('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The webhook outbox (decision 0042): one row per event and endpoint, written in the transaction of the change,
 * delivered after the commit by the job worker of any instance (claimed with FOR UPDATE SKIP LOCKED and a lease).
 * `seq` orders the events; a row with an `ordering_key` (the deal's id) waits while an earlier pending row of the
 * same endpoint and key is undelivered.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    type: text('type').notNull(),
    /** the body exactly as sent, every attempt the same bytes: {"id","type","createdAt","data"} */
    payload: text('payload').notNull(),
    orderingKey: text('ordering_key'),
    /** pending → delivered | failed (3 days of tries, or its endpoint deleted) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lockedUntil: ts('locked_until'),
    firstFailedAt: ts('first_failed_at'),
    lastStatusCode: integer('last_status_code'),
    latencyMs: integer('latency_ms'),
    lastError: text('last_error'),
    lastAttemptAt: ts('last_attempt_at'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_chain_idx')
      .on(t.endpointId, t.orderingKey, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.seq.desc()),
  ],
);

/**
 * Agencies (MCN 机构, decision 0044): a third kind of account beside companies and influencers. Signed up with the
 * organisation's details, its business licence (a private upload) and 统一社会信用代码; it waits in 用户管理's
 * review queue (status pending) and can do nothing for influencers until an admin approves it.
 */
export const agencies = pgTable(
  'agencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contactPerson: text('contact_person').notNull(),
    phone: text('phone').notNull(),
    creditCode: text('credit_code').notNull(),
    licenseUploadId: uuid('license_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    description: text('description'),
    logoUrl: text('logo_url'),
    city: text('city'),
    /** pending (待审核) → approved | rejected (with the reason) */
    status: text('status').notNull().default('pending'),
    reviewedAt: ts('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agencies_user_unique').on(t.userId),
    index('agencies_review_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('agencies_status_check', sql`${t.status} in ('pending','approved','rejected')`),
  ],
);

/** An agency's invitation of an influencer to its roster (签约邀请): the share and the optional end date offered. */
export const agencyInvitations = pgTable(
  'agency_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    /** 机构分成: whole percent of the influencer's net after the platform fee, 0–70 */
    sharePercent: smallint('share_percent').notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    /** pending → accepted | declined | withdrawn (another agency won, or the agency withdrew) */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    uniqueIndex('agency_invitations_pending_unique')
      .on(t.agencyId, t.influencerId)
      .where(sql`${t.status} = 'pending'`),
    index('agency_invitations_influencer_idx').on(t.influencerId, t.createdAt.desc()),
    index('agency_invitations_agency_idx').on(t.agencyId, t.createdAt.desc()),
    check('agency_invitations_share_check', sql`${t.sharePercent} between 0 and 70`),
    check('agency_invitations_status_check', sql`${t.status} in ('pending','accepted','declined','withdrawn')`),
  ],
);

/**
 * An influencer's membership of an agency's roster (签约达人), kept after it ends (the history both sides see).
 * active: the agency's share applies to new deals; ending: either side ended it, new deals are the influencer's
 * alone and the row ends once the deals made under it are finished; ended. At most one active or ending
 * membership per influencer (unique partial index).
 */
export const agencyMemberships = pgTable(
  'agency_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id').references(() => agencyInvitations.id, { onDelete: 'set null' }),
    sharePercent: smallint('share_percent').notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    status: text('status').notNull().default('active'),
    startedAt: ts('started_at').notNull(),
    endRequestedAt: ts('end_requested_at'),
    /** agency | influencer | admin | expiry (the end date passed) */
    endRequestedBy: text('end_requested_by'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('agency_memberships_one_current')
      .on(t.influencerId)
      .where(sql`${t.status} in ('active','ending')`),
    index('agency_memberships_agency_idx').on(t.agencyId, t.status, t.startedAt.desc()),
    index('agency_memberships_influencer_idx').on(t.influencerId, t.startedAt.desc()),
    check('agency_memberships_share_check', sql`${t.sharePercent} between 0 and 70`),
    check('agency_memberships_status_check', sql`${t.status} in ('active','ending','ended')`),
    check('agency_memberships_by_check', sql`coalesce(${t.endRequestedBy}, 'agency') in ('agency','influencer','admin','expiry')`),
  ],
);

/**
 * An agency's staff accounts (子账号, issue 40 item 5, decision 0067): a user of type agency with no agency of its own,
 * working for this agency as 管理员 (admin: everything the owner does but the owner's own account) or 运营 (operator:
 * acting for the roster, messages, notifications, reading the workspace). Removing one ends its sessions.
 */
export const agencyStaff = pgTable(
  'agency_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the name the agency and the timeline show (机构 X（张三）代 Y) */
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** active | removed */
    status: text('status').notNull().default('active'),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    removedAt: ts('removed_at'),
  },
  (t) => [
    uniqueIndex('agency_staff_one_active')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('agency_staff_agency_idx').on(t.agencyId, t.status, t.createdAt),
    check('agency_staff_role_check', sql`${t.role} in ('admin','operator')`),
    check('agency_staff_status_check', sql`${t.status} in ('active','removed')`),
  ],
);

/**
 * An invitation to join an agency's staff, sent by mail (decision 0067): the link carries a single-use token, only its
 * SHA-256 is stored; it expires after 7 days, is withdrawn by the agency or accepted once.
 */
export const agencyStaffInvitations = pgTable(
  'agency_staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agency_staff_invitations_token_unique').on(t.tokenHash),
    uniqueIndex('agency_staff_invitations_one_open')
      .on(t.agencyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('agency_staff_invitations_agency_idx').on(t.agencyId, t.createdAt),
    check('agency_staff_invitations_role_check', sql`${t.role} in ('admin','operator')`),
  ],
);

/**
 * A company's request to return an unused Stripe top-up (or part of it) to the payment it came from (decision 0057).
 * requested (the amount is held: refund_held) → approved (finance said yes; the Stripe Refund is being made) →
 * succeeded (Stripe confirmed: the hold went to world_provider_clearing) | failed (Stripe refused or cancelled it: the
 * hold went back); requested → rejected (finance said no: the hold went back).
 */
export const stripeRefunds = pgTable(
  'stripe_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topupId: uuid('topup_id')
      .notNull()
      .references(() => topups.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('requested'),
    /** the payment intent refunded (pi_…), copied from the top-up */
    paymentRef: text('payment_ref').notNull(),
    /** Stripe's Refund id (re_…) once made: what reconciliation matches balance transactions to */
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    rejectReason: text('reject_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    settledAt: ts('settled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stripe_refunds_provider_ref_unique').on(t.providerRef),
    index('stripe_refunds_topup_idx').on(t.topupId),
    index('stripe_refunds_user_idx').on(t.userId, t.createdAt),
    check('stripe_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('stripe_refunds_status', sql`${t.status} in ('requested', 'approved', 'succeeded', 'failed', 'rejected')`),
  ],
);

/**
 * A chargeback on a Stripe top-up's payment (decision 0057), one row per Stripe dispute (dp_…, unique). The disputed
 * amount is held (dispute_held) as far as the company's balance covers it; the rest is `debt_cents`, collected from
 * its next money in like a due commission. Closed won: the hold goes back; lost: it goes to Stripe with the fee.
 */
/**
 * The daily reconciliation with Stripe (issue 39 item 6; decision 0059): one row per UTC day reconciled — every
 * balance transaction Stripe lists for the day matched to what the books say of the same top-up, refund, dispute or
 * payout; `matched` when all agree, `differences` (rows in stripe_reconciliation_differences), or `failed` (Stripe
 * could not be read: `error`). Running a day again replaces its result.
 */
export const stripeReconciliations = pgTable(
  'stripe_reconciliations',
  {
    /** the UTC day, YYYY-MM-DD */
    day: text('day').primaryKey(),
    /** matched | differences | failed */
    status: text('status').notNull(),
    /** balance transactions Stripe listed for the day */
    transactions: integer('transactions').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    /** movements the books do not follow by design (payouts to the platform's bank, Stripe's own billing) */
    outside: integer('outside').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    /** Stripe's net for the day and the books' net on the clearing account for what was matched, in cents */
    providerNetCents: bigint('provider_net_cents', { mode: 'number' }).notNull().default(0),
    error: text('error'),
    /** the admin who ran it by hand (null: the daily job) */
    ranBy: uuid('ran_by').references(() => users.id),
    ranAt: ts('ran_at').notNull(),
  },
  (t) => [check('stripe_reconciliations_status', sql`${t.status} in ('matched', 'differences', 'failed')`)],
);

export const stripeReconciliationDifferences = pgTable(
  'stripe_reconciliation_differences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: text('day')
      .notNull()
      .references(() => stripeReconciliations.day, { onDelete: 'cascade' }),
    /** missing_in_books | missing_at_provider | amount_mismatch */
    kind: text('kind').notNull(),
    /** topup | refund | dispute | payout | unknown */
    objectType: text('object_type').notNull(),
    /** our row (top-up, refund, dispute, payout) when one was found */
    objectId: uuid('object_id'),
    /** Stripe's balance transaction (txn_…) and the object it is about (ch_…, re_…, dp_…, tr_…) */
    transactionRef: text('transaction_ref'),
    sourceRef: text('source_ref'),
    /** what Stripe's balance moved and what the books say it should have, in cents (null: none) */
    providerCents: bigint('provider_cents', { mode: 'number' }),
    bookCents: bigint('book_cents', { mode: 'number' }),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('stripe_reconciliation_differences_day_idx').on(t.day, t.id),
    check('stripe_reconciliation_differences_kind', sql`${t.kind} in ('missing_in_books', 'missing_at_provider', 'amount_mismatch')`),
  ],
);

export const stripeDisputes = pgTable(
  'stripe_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stripe's dispute id (dp_…) */
    providerRef: text('provider_ref').notNull(),
    /** the disputed charge (ch_…) and payment intent (pi_…) */
    chargeRef: text('charge_ref'),
    paymentRef: text('payment_ref'),
    topupId: uuid('topup_id')
      .notNull()
      .references(() => topups.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** what could not be held because the company had spent it: still owed (collected like a due commission) */
    debtCents: bigint('debt_cents', { mode: 'number' }).notNull().default(0),
    /** what has been collected of the debt so far (the idempotency keys of the collections count on it) */
    collectedCents: bigint('collected_cents', { mode: 'number' }).notNull().default(0),
    reason: text('reason'),
    /** open | won | lost */
    status: text('status').notNull().default('open'),
    /** Stripe's status as last told (needs_response, under_review, won, lost, …) */
    stripeStatus: text('stripe_status').notNull(),
    evidenceDueBy: ts('evidence_due_by'),
    /** Stripe's dispute fee, booked when lost */
    feeCents: bigint('fee_cents', { mode: 'number' }),
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stripe_disputes_provider_ref_unique').on(t.providerRef),
    index('stripe_disputes_user_idx').on(t.userId),
    index('stripe_disputes_debt_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.debtCents} > 0`),
    check('stripe_disputes_amounts', sql`${t.amountCents} > 0 and ${t.debtCents} >= 0 and ${t.collectedCents} >= 0 and ${t.debtCents} <= ${t.amountCents}`),
    check('stripe_disputes_status', sql`${t.status} in ('open', 'won', 'lost')`),
  ],
);
