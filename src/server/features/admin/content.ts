/**
 * 视频管理 (content_moderation) and 联系消息 (user_management). Every write commits with its audit
 * row; the showcase's public cache is invalidated after a video write.
 */
import { pageOfAll, type PageQuery } from '../../../shared/schemas/common';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminContactMessage,
  AdminContactResponse,
  AdminVideo,
  AdminVideoQuery,
  AdminVideosResponse,
  ContactListQuery,
  InfluencerPicker,
  VideoCategoryList,
  VideoInput,
  VideoToggle,
} from '../../../shared/schemas/adminContent';
import { CONTACT_STATUSES } from '../../../shared/schemas/adminContent';
import type { DbOrTx } from '../../db/client';
import { contactMessages, influencers, uploads, videoCategories, videos } from '../../db/schema';
import { audit, changedFields } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mailQueue';
import { readSettings } from '../settings';
import { toCard } from '../videos';

type Meta = { ip: string };
type VideoRow = typeof videos.$inferSelect;

const toAdminVideo = (v: VideoRow, categoryName: string | null, categoryNameEn: string | null): AdminVideo => ({
  ...toCard(v, categoryName, categoryNameEn),
  isActive: v.isActive,
  sortOrder: v.sortOrder,
  updatedAt: v.updatedAt.toISOString(),
});

/** GET /api/admin/videos: every video (disabled too), the three filters and search, 20 a page, newest first; the four counters. */
export async function listAdminVideos(db: DbOrTx, q: AdminVideoQuery): Promise<AdminVideosResponse> {
  const where: SQL[] = [];
  if (q.category) where.push(eq(videos.categoryId, q.category));
  if (q.featured !== 'all') where.push(eq(videos.isFeatured, q.featured === 'true'));
  if (q.active !== 'all') where.push(eq(videos.isActive, q.active === 'true'));
  const term = q.search?.trim().toLowerCase();
  if (term) where.push(sql`${videos.searchText} like ${'%' + term.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }], [counters]] = await Promise.all([
    db
      .select({ v: videos, categoryName: videoCategories.name, categoryNameEn: videoCategories.nameEn })
      .from(videos)
      .leftJoin(videoCategories, eq(videoCategories.id, videos.categoryId))
      .where(cond)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(videos).where(cond),
    db
      .select({
        total: count(),
        featured: sql<number>`count(*) filter (where ${videos.isFeatured})::int`,
        active: sql<number>`count(*) filter (where ${videos.isActive})::int`,
        inactive: sql<number>`count(*) filter (where not ${videos.isActive})::int`,
      })
      .from(videos),
  ]);
  return {
    items: rows.map((r) => toAdminVideo(r.v, r.categoryName, r.categoryNameEn)),
    total,
    page: q.page,
    limit: q.limit,
    counters: { total: counters.total, featured: Number(counters.featured), active: Number(counters.active), inactive: Number(counters.inactive) },
  };
}

export async function listVideoCategories(db: DbOrTx, q: PageQuery): Promise<VideoCategoryList> {
  const rows = await db.select().from(videoCategories).orderBy(asc(videoCategories.sortOrder), asc(videoCategories.id));
  return pageOfAll(
    rows.map((c) => ({ id: c.id, name: c.name, nameEn: c.nameEn, sortOrder: c.sortOrder })),
    q,
  );
}

/**
 * The picker: registered influencers by nickname (暂无入驻达人 when none): one page in SQL in the order of
 * influencers_nickname_idx, `total` on the same filter (decision 0056).
 */
export async function influencerPicker(db: DbOrTx, q: PageQuery): Promise<InfluencerPicker> {
  const where = sql`${influencers.status} <> 'suspended' and ${influencers.status} <> 'inactive'`;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(influencers).where(where),
    db
      .select({
        id: influencers.id,
        nickname: influencers.nickname,
        avatarUrl: influencers.avatarUrl,
        followersCount: influencers.followersCount,
        rating: influencers.rating,
        isApproved: influencers.isApproved,
      })
      .from(influencers)
      .where(where)
      .orderBy(asc(influencers.nickname), asc(influencers.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { items: rows.map((r) => ({ ...r, rating: Number(r.rating) })), total: Number(total), page: q.page, limit: q.limit };
}

/** the stored fields of the form: the cover from its upload, the influencer card copied from the profile */
async function fieldsOf(tx: DbOrTx, adminId: string, input: VideoInput, current: VideoRow | null) {
  if (input.categoryId) {
    const [cat] = await tx.select({ id: videoCategories.id }).from(videoCategories).where(eq(videoCategories.id, input.categoryId));
    if (!cat) throw new AppError('VIDEO_CATEGORY_INVALID', undefined, { categoryId: 'VIDEO_CATEGORY_INVALID' });
  }
  let posterUrl = input.removePoster ? null : (current?.posterUrl ?? null);
  if (input.posterUploadId) {
    const [up] = await tx
      .select({ url: uploads.url, owner: uploads.ownerUserId, purpose: uploads.purpose, kind: uploads.kind })
      .from(uploads)
      .where(eq(uploads.id, input.posterUploadId));
    if (!up || up.owner !== adminId || up.purpose !== 'video-cover' || up.kind !== 'image') {
      throw new AppError('VIDEO_COVER_INVALID', undefined, { posterUploadId: 'VIDEO_COVER_INVALID' });
    }
    posterUrl = up.url;
  }
  let card = {
    influencerId: null as string | null,
    influencerName: input.influencerName,
    influencerAvatar: input.influencerId === undefined ? (current?.influencerAvatar ?? null) : null,
    influencerFollowers: input.influencerFollowers,
    influencerRating: input.influencerRating,
  };
  if (input.influencerId) {
    const [inf] = await tx
      .select({
        id: influencers.id,
        nickname: influencers.nickname,
        avatarUrl: influencers.avatarUrl,
        followersCount: influencers.followersCount,
        rating: influencers.rating,
      })
      .from(influencers)
      .where(eq(influencers.id, input.influencerId));
    if (!inf) throw new AppError('INFLUENCER_NOT_FOUND', undefined, { influencerId: 'INFLUENCER_NOT_FOUND' });
    card = {
      influencerId: inf.id,
      influencerName: inf.nickname,
      influencerAvatar: inf.avatarUrl,
      influencerFollowers: String(inf.followersCount),
      influencerRating: Number(inf.rating),
    };
  }
  return {
    title: input.title,
    description: input.description,
    videoUrl: input.videoUrl,
    posterUrl,
    duration: input.duration,
    categoryId: input.categoryId ?? null,
    sortOrder: input.sortOrder,
    ...card,
    viewsCount: input.viewsCount,
    likesCount: input.likesCount,
    commentsCount: input.commentsCount,
    sharesCount: input.sharesCount,
    tags: input.tags,
    isFeatured: input.isFeatured,
    isActive: input.isActive,
  };
}

async function categoryNames(db: DbOrTx, id: number | null) {
  if (!id) return { name: null, nameEn: null };
  const [c] = await db.select({ name: videoCategories.name, nameEn: videoCategories.nameEn }).from(videoCategories).where(eq(videoCategories.id, id));
  return { name: c?.name ?? null, nameEn: c?.nameEn ?? null };
}

export async function createVideo(ctx: AppContext, adminId: string, input: VideoInput, meta: Meta): Promise<AdminVideo> {
  const row = await ctx.db.transaction(async (tx) => {
    const values = await fieldsOf(tx, adminId, input, null);
    const [created] = await tx.insert(videos).values(values).returning();
    await audit(tx, {
      adminId,
      action: 'video_create',
      description: `创建视频：${created.title}`,
      targetType: 'video',
      targetId: created.id,
      after: values,
      ip: meta.ip,
    });
    return created;
  });
  ctx.publicCache.invalidate('videos');
  const c = await categoryNames(ctx.db, row.categoryId);
  return toAdminVideo(row, c.name, c.nameEn);
}

async function lockVideo(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(videos).where(eq(videos.id, id)).for('update').limit(1);
  if (!row) throw new AppError('VIDEO_NOT_FOUND');
  return row;
}

export async function updateVideo(ctx: AppContext, adminId: string, id: string, input: VideoInput, meta: Meta): Promise<AdminVideo> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockVideo(tx, id);
    const values = await fieldsOf(tx, adminId, input, current);
    const diff = changedFields(current as unknown as Record<string, unknown>, values);
    const [updated] = await tx
      .update(videos)
      .set({ ...values, updatedAt: ctx.clock.now() })
      .where(eq(videos.id, id))
      .returning();
    if (diff.changed) {
      await audit(tx, {
        adminId,
        action: 'video_update',
        description: `修改视频：${updated.title}`,
        targetType: 'video',
        targetId: id,
        before: diff.before,
        after: diff.after,
        ip: meta.ip,
      });
    }
    return updated;
  });
  ctx.publicCache.invalidate('videos');
  const c = await categoryNames(ctx.db, row.categoryId);
  return toAdminVideo(row, c.name, c.nameEn);
}

/** The table's switches: 启用 / 推荐, saved at once. */
export async function toggleVideo(ctx: AppContext, adminId: string, id: string, t: VideoToggle, meta: Meta): Promise<AdminVideo> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockVideo(tx, id);
    if (current[t.field] === t.value) return current;
    const [updated] = await tx
      .update(videos)
      .set({ [t.field]: t.value, updatedAt: ctx.clock.now() })
      .where(eq(videos.id, id))
      .returning();
    await audit(tx, {
      adminId,
      action: 'video_toggle',
      description: `${t.field === 'isActive' ? (t.value ? '启用' : '停用') : t.value ? '推荐' : '取消推荐'}视频：${current.title}`,
      targetType: 'video',
      targetId: id,
      before: { [t.field]: current[t.field] },
      after: { [t.field]: t.value },
      ip: meta.ip,
    });
    return updated;
  });
  ctx.publicCache.invalidate('videos');
  const c = await categoryNames(ctx.db, row.categoryId);
  return toAdminVideo(row, c.name, c.nameEn);
}

export async function deleteVideo(ctx: AppContext, adminId: string, id: string, meta: Meta) {
  await ctx.db.transaction(async (tx) => {
    const current = await lockVideo(tx, id);
    await tx.delete(videos).where(eq(videos.id, id));
    await audit(tx, {
      adminId,
      action: 'video_delete',
      description: `删除视频：${current.title}`,
      targetType: 'video',
      targetId: id,
      before: { title: current.title, videoUrl: current.videoUrl, isActive: current.isActive },
      ip: meta.ip,
    });
  });
  ctx.publicCache.invalidate('videos');
}

// ---------------------------------------------------------------- contact messages

type ContactRow = typeof contactMessages.$inferSelect;
const asStatus = (s: string) => CONTACT_STATUSES.find((x) => x === s) ?? 'new';
const toContact = (r: ContactRow): AdminContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  userType: r.userType,
  status: asStatus(r.status),
  createdAt: r.createdAt.toISOString(),
  handledAt: r.handledAt?.toISOString() ?? null,
  reply: r.reply,
  repliedAt: r.repliedAt?.toISOString() ?? null,
});

export async function listContactMessages(db: DbOrTx, q: ContactListQuery): Promise<AdminContactResponse> {
  const cond = q.status ? eq(contactMessages.status, q.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(cond)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(contactMessages).where(cond),
  ]);
  return { items: rows.map(toContact), total, page: q.page, limit: q.limit };
}

async function lockContact(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update').limit(1);
  if (!row) throw new AppError('CONTACT_MESSAGE_NOT_FOUND');
  return row;
}

/** Marks a message handled (closed). */
export async function closeContactMessage(ctx: AppContext, adminId: string, id: string, meta: Meta) {
  return ctx.db.transaction(async (tx) => {
    const current = await lockContact(tx, id);
    const now = ctx.clock.now();
    const [row] = await tx.update(contactMessages).set({ status: 'closed', handledAt: now }).where(eq(contactMessages.id, id)).returning();
    await audit(tx, {
      adminId,
      action: 'contact_close',
      description: `处理联系消息：${current.subject}（${current.email}）`,
      targetType: 'contact',
      targetId: id,
      before: { status: current.status },
      after: { status: 'closed' },
      ip: meta.ip,
    });
    return toContact(row);
  });
}

/** Replies by mail: the reply is stored, the message marked replied and the mail queued in one transaction (decision 0040). */
export async function replyContactMessage(ctx: AppContext, adminId: string, id: string, text: string, meta: Meta) {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockContact(tx, id);
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(contactMessages)
      .set({ status: 'replied', reply: text, repliedAt: now, repliedBy: adminId, handledAt: now })
      .where(eq(contactMessages.id, id))
      .returning();
    await audit(tx, {
      adminId,
      action: 'contact_reply',
      description: `回复联系消息：${current.subject}（${current.email}）`,
      targetType: 'contact',
      targetId: id,
      before: { status: current.status },
      after: { status: 'replied' },
      ip: meta.ip,
    });
    // queued with the reply (decision 0040): sent once it is stored, retried through an outage; the
    // visitor's answer goes to the support address
    await queueMail(tx, {
      direct: {
        kind: 'contact_reply',
        to: updated.email,
        locale: 'zh-CN',
        title: `回复：${updated.subject} / Re: ${updated.subject}`,
        body: `${updated.name}，您好：\n\n${text}\n\n——直播带货平台客服\n\n> ${updated.message.split('\n').join('\n> ')}`,
        replyTo: (await readSettings(ctx, tx)).supportEmail,
      },
    });
    return updated;
  });
  return toContact(row);
}
