import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListOf, PageQuery } from '../../../shared/schemas/common';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/accounts';
import type { ConversationResponse, ConversationSummary } from '../../../shared/schemas/messages';
import type { DealState } from '../../../shared/deals';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { agencies, agencyMemberships, companies, conversationMessages, conversations, deals, influencers, uploads, users, userSettings } from '../../db/schema';
import { permissionsOf } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { registerJob, scheduleJob } from '../../platform/jobs';
import { publish } from '../../platform/realtime';
import type { AuthUser } from '../../platform/session';
import { addNotifications, queueNotificationMails, type NewNotification } from '../notifications';
import { actedOnBehalfRefs, agencyOfUser } from '../agencies';

/** A message still unread this long after it was sent is mailed to its reader (who has been away). */
export const AWAY_MAIL_MINUTES = 10;
const MESSAGES_PER_HOUR = 120;

type Side = 'company' | 'influencer';
type Party = { side: Side; id: string };

/** The company or influencer profile the signed-in user speaks as (null for admins and unfinished profiles). */
export async function partyOf(db: DbOrTx, user: AuthUser): Promise<Party | null> {
  if (user.userType === 'company') {
    const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, user.id)).limit(1);
    return r ? { side: 'company', id: r.id } : null;
  }
  if (user.userType === 'influencer') {
    const [r] = await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, user.id)).limit(1);
    return r ? { side: 'influencer', id: r.id } : null;
  }
  return null;
}

/**
 * Whose unread messages a summary counts: the messages not written by this user, or (an agency reading its roster's
 * conversations, decision 0060) the company's messages the influencer's side has not read.
 */
type UnreadOf = string | { companySide: true };

function summaryQuery(db: DbOrTx, viewer: UnreadOf) {
  const unreadFrom = typeof viewer === 'string' ? sql`m.sender_id is distinct from ${viewer}` : sql`m.sender_id = ${companies.userId}`;
  const last = sql`(select m.body, cardinality(m.images) > 0 as images from ${conversationMessages} m where m.conversation_id = ${conversations.id} order by m.created_at desc limit 1)`;
  return db
    .select({
      id: conversations.id,
      companyId: companies.id,
      companyName: companies.companyName,
      companyLogo: companies.logoUrl,
      companyUserId: companies.userId,
      influencerId: influencers.id,
      influencerNickname: influencers.nickname,
      influencerAvatar: influencers.avatarUrl,
      influencerUserId: influencers.userId,
      dealId: deals.id,
      dealTitle: deals.taskTitle,
      dealStatus: deals.status,
      lastMessageAt: conversations.lastMessageAt,
      lastMessage: sql<string>`coalesce((select l.body from ${last} l), '')`,
      lastMessageImages: sql<boolean>`coalesce((select l.images from ${last} l), false)`,
      unread: sql<number>`(select count(*)::int from ${conversationMessages} m where m.conversation_id = ${conversations.id} and m.read_at is null and ${unreadFrom})`,
    })
    .from(conversations)
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .innerJoin(influencers, eq(influencers.id, conversations.influencerId))
    .leftJoin(deals, eq(deals.id, conversations.dealId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];
const toSummary = (r: SummaryRow): ConversationSummary => ({
  id: r.id,
  company: { id: r.companyId, name: r.companyName, logoUrl: r.companyLogo },
  influencer: { id: r.influencerId, nickname: r.influencerNickname, avatarUrl: r.influencerAvatar },
  deal: r.dealId && r.dealTitle && r.dealStatus ? { id: r.dealId, taskTitle: r.dealTitle, status: r.dealStatus as DealState } : null,
  lastMessage: r.lastMessage.length > 120 ? `${r.lastMessage.slice(0, 120)}…` : r.lastMessage,
  lastMessageImages: r.lastMessageImages,
  lastMessageAt: r.lastMessageAt.toISOString(),
  unread: r.unread,
});

const mineOf = (party: Party) => (party.side === 'company' ? eq(conversations.companyId, party.id) : eq(conversations.influencerId, party.id));

/**
 * The deal conversations an agency reads in 消息中心 (decision 0060): those of the deals made under it
 * (`deals.agency_id`) for an influencer who is or was on its roster (an ended membership reads them only, decision 0061) and whose account is
 * in use — exactly the conversations it may open acting for the influencer (`?onBehalfOf=`, mode `conversation`,
 * decision 0045). None until the agency is approved.
 */
async function agencyConversationsCond(db: DbOrTx, user: AuthUser) {
  const agency = await agencyOfUser(db, user.id);
  if (!agency || agency.status !== 'approved') return null;
  return and(
    eq(deals.agencyId, agency.id),
    // also after the membership ended: read-only history (decision 0061)
    sql`exists (select 1 from ${agencyMemberships} am where am.agency_id = ${agency.id} and am.influencer_id = ${deals.influencerId})`,
    sql`exists (select 1 from ${users} u where u.id = ${influencers.userId} and u.suspended_at is null and u.deleted_at is null)`,
  );
}

/** The count of summaryQuery's rows on a filter: the same joins, so `total` counts what the pages list. */
async function countSummaries(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(conversations)
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .innerJoin(influencers, eq(influencers.id, conversations.influencerId))
    .leftJoin(deals, eq(deals.id, conversations.dealId))
    .where(where);
  return Number(r?.n ?? 0);
}

/**
 * GET /api/conversations: the signed-in company's or influencer's conversations (an agency: its roster's deal
 * conversations), newest first: one page in SQL (conversations_company_idx / conversations_influencer_idx), `total`
 * on the same filter (decision 0056).
 */
export async function listConversations(db: Db, user: AuthUser, q: PageQuery): Promise<ListOf<ConversationSummary>> {
  const empty = { items: [], total: 0, page: q.page, limit: q.limit };
  let where: SQL | undefined;
  let viewer: UnreadOf;
  if (user.userType === 'agency') {
    const cond = await agencyConversationsCond(db, user);
    if (!cond) return empty;
    where = cond;
    viewer = { companySide: true };
  } else {
    const party = await partyOf(db, user);
    if (!party) return empty;
    where = mineOf(party);
    viewer = user.id;
  }
  const [total, rows] = await Promise.all([
    countSummaries(db, where),
    summaryQuery(db, viewer)
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { items: rows.map(toSummary), total, page: q.page, limit: q.limit };
}

/** GET /api/conversations/unread: messages from the other side not read yet, over all conversations. */
export async function unreadCount(db: Db, user: AuthUser): Promise<number> {
  if (user.userType === 'agency') {
    // the company's messages in its roster's deal conversations that the influencer's side has not read
    const cond = await agencyConversationsCond(db, user);
    if (!cond) return 0;
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .innerJoin(deals, eq(deals.id, conversations.dealId))
      .innerJoin(companies, eq(companies.id, conversations.companyId))
      .innerJoin(influencers, eq(influencers.id, conversations.influencerId))
      .where(and(cond, isNull(conversationMessages.readAt), eq(conversationMessages.senderId, companies.userId)));
    return r?.n ?? 0;
  }
  const party = await partyOf(db, user);
  if (!party) return 0;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(mineOf(party), isNull(conversationMessages.readAt), sql`${conversationMessages.senderId} is distinct from ${user.id}`));
  return r?.n ?? 0;
}

type Access = { row: SummaryRow; viewer: Side | 'admin' };

/**
 * The conversation as this user may see it: its two participants, and admins with 任务管理 for a
 * deal's conversation (they judge disputes). For anyone else it does not exist.
 */
async function access(db: DbOrTx, user: AuthUser, id: string): Promise<Access> {
  const [row] = await summaryQuery(db, user.id).where(eq(conversations.id, id)).limit(1);
  if (row) {
    if (row.companyUserId === user.id) return { row, viewer: 'company' };
    if (row.influencerUserId === user.id) return { row, viewer: 'influencer' };
    if (user.userType === 'admin' && row.dealId && (await permissionsOf(db, user.id)).includes('task_management')) return { row, viewer: 'admin' };
  }
  throw new AppError('CONVERSATION_NOT_FOUND');
}

/** the user of the agency a deal conversation's deal was made under (none for contact conversations and the influencer's own deals) */
async function agencyUsersOf(db: DbOrTx, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: agencies.userId })
    .from(conversations)
    .innerJoin(deals, eq(deals.id, conversations.dealId))
    .innerJoin(agencies, eq(agencies.id, deals.agencyId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return rows.map((r) => r.userId);
}

async function acceptsMessages(db: DbOrTx, influencerUserId: string): Promise<boolean> {
  const [s] = await db.select({ am: userSettings.allowMessages }).from(userSettings).where(eq(userSettings.userId, influencerUserId)).limit(1);
  return s?.am ?? DEFAULT_SETTINGS.allowMessages;
}

/** GET /api/conversations/:id: the latest 200 messages; a participant's reading marks the other side's read. */
export async function getConversation(ctx: AppContext, user: AuthUser, id: string): Promise<ConversationResponse> {
  const { row, viewer } = await access(ctx.db, user, id);
  // a former member's agency only looks: the influencer's messages stay unread for her (decision 0061)
  const viewOnly = Boolean(user.onBehalf?.readOnly);
  if (viewer !== 'admin' && !viewOnly && row.unread > 0) {
    await ctx.db.transaction(async (tx) => {
      const read = await tx
        .update(conversationMessages)
        .set({ readAt: ctx.clock.now() })
        .where(
          and(
            eq(conversationMessages.conversationId, id),
            isNull(conversationMessages.readAt),
            sql`${conversationMessages.senderId} is distinct from ${user.id}`,
          ),
        )
        .returning({ id: conversationMessages.id });
      // the writer's open page shows 已读; this reader's other tabs drop the unread badge
      if (read.length > 0) {
        await publish(tx, [row.companyUserId, row.influencerUserId, ...(await agencyUsersOf(tx, id))], { type: 'read', conversationId: id });
      }
    });
  }
  const messages = await ctx.db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, id))
    .orderBy(desc(conversationMessages.createdAt))
    .limit(200);
  const actedBy = await actedOnBehalfRefs(ctx.db, messages);
  const canSend = viewer !== 'admin' && !viewOnly && (row.dealId !== null || (await acceptsMessages(ctx.db, row.influencerUserId)));
  return {
    conversation: { ...toSummary(row), unread: viewer === 'admin' ? row.unread : 0 },
    viewer,
    canSend,
    viewOnly,
    messages: messages.reverse().map((m) => ({
      id: m.id,
      body: m.body,
      images: m.images,
      createdAt: m.createdAt.toISOString(),
      from: m.senderId === row.companyUserId ? 'company' : m.senderId === row.influencerUserId ? 'influencer' : null,
      mine: m.senderId === user.id,
      onBehalf: actedBy(m),
      readAt: m.readAt?.toISOString() ?? null,
    })),
  };
}

/** images in a message: this user's own private uploads */
async function claimImages(tx: DbOrTx, ids: string[], userIds: string[]) {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, unique), eq(uploads.purpose, 'deal-file'), eq(uploads.kind, 'image'), inArray(uploads.ownerUserId, userIds)));
  if (rows.length !== unique.length) throw new AppError('DEAL_IMAGE_INVALID');
  await tx.update(uploads).set({ claimed: true }).where(inArray(uploads.id, unique));
  return unique;
}

/**
 * Stores one message inside the caller's transaction: the conversation's last activity, a bell
 * notification when it starts a run of unread messages (not one per message), the live event for both
 * sides' open pages, and the away mail planned for later (sent only if the message is still unread).
 * Returns the notifications to mail after the commit (none: mail waits for the away job).
 */
export async function storeMessage(
  ctx: AppContext,
  tx: Tx,
  m: {
    conversationId: string;
    senderId: string;
    recipientId: string;
    senderName: string;
    body: string;
    images: string[];
    /** acting on behalf (decision 0045): the agency, and its user whose uploads may be attached too */
    onBehalf?: { agencyId: string; agencyUserId: string; staff?: { userId: string } };
  },
): Promise<{ id: string }> {
  const now = ctx.clock.now();
  const images = await claimImages(tx, m.images, m.onBehalf ? [m.senderId, m.onBehalf.agencyUserId] : [m.senderId]);
  // a run of unread messages notifies once: only when the reader had nothing unread here from this sender
  const [before] = await tx
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, m.conversationId), isNull(conversationMessages.readAt), eq(conversationMessages.senderId, m.senderId)))
    .limit(1);
  const [msg] = await tx
    .insert(conversationMessages)
    .values({
      conversationId: m.conversationId,
      senderId: m.senderId,
      body: m.body,
      images,
      onBehalfAgencyId: m.onBehalf?.agencyId ?? null,
      actedByUserId: m.onBehalf?.staff?.userId ?? null,
      createdAt: now,
    })
    .returning({ id: conversationMessages.id });
  await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, m.conversationId));
  if (!before) {
    await addNotifications(tx, [{ userId: m.recipientId, type: 'message_received', params: { from: m.senderName }, link: `/messages/${m.conversationId}` }]);
  }
  // the agency of a deal made under it reads the conversation in its 消息中心 (decision 0060): its open pages hear it too
  await publish(tx, [m.senderId, m.recipientId, ...(await agencyUsersOf(tx, m.conversationId))], { type: 'message', conversationId: m.conversationId });
  await scheduleJob(tx, {
    kind: 'message.away_mail',
    key: `message:${msg.id}:away_mail`,
    runAt: new Date(now.getTime() + AWAY_MAIL_MINUTES * 60_000),
    payload: { messageId: msg.id, recipientId: m.recipientId, from: m.senderName },
  });
  return msg;
}

/** POST /api/conversations/:id/messages: text and/or images from either participant. */
export async function sendMessage(ctx: AppContext, user: AuthUser, id: string, body: { message: string; images: string[] }) {
  const { row, viewer } = await access(ctx.db, user, id);
  if (viewer === 'admin') throw new AppError('CONVERSATION_READ_ONLY');
  // a deal's parties can always reach each other; the contact conversation follows the influencer's setting
  if (viewer === 'company' && !row.dealId && !(await acceptsMessages(ctx.db, row.influencerUserId))) throw new AppError('MESSAGES_DISABLED');
  const budget = await ctx.limiter.hit(`messages:user:${user.id}`, MESSAGES_PER_HOUR, 3600);
  if (!budget.allowed) throw new AppError('RATE_LIMITED');
  const msg = await ctx.db.transaction((tx) =>
    storeMessage(ctx, tx, {
      conversationId: id,
      senderId: user.id,
      recipientId: viewer === 'company' ? row.influencerUserId : row.companyUserId,
      senderName: viewer === 'company' ? row.companyName : row.influencerNickname,
      body: body.message,
      images: body.images,
      onBehalf: user.onBehalf,
    }),
  );
  return { conversationId: id, messageId: msg.id };
}

/** The conversation of a new deal (called in the transaction that creates the deal). */
export async function createDealConversation(tx: DbOrTx, deal: { id: string; companyId: string; influencerId: string }, now: Date): Promise<string> {
  const [c] = await tx
    .insert(conversations)
    .values({ companyId: deal.companyId, influencerId: deal.influencerId, dealId: deal.id, createdAt: now, lastMessageAt: now })
    .returning({ id: conversations.id });
  return c.id;
}

/** A file attached to a message may be read by the conversation's participants. */
export async function messageFileVisibleTo(db: DbOrTx, user: AuthUser, fileId: string): Promise<boolean> {
  const party = await partyOf(db, user);
  if (!party) return false;
  const [hit] = await db
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(mineOf(party), sql`${fileId}::uuid = any(${conversationMessages.images})`))
    .limit(1);
  return Boolean(hit);
}

/**
 * The away mail: when a message is still unread AWAY_MAIL_MINUTES after it was sent and no later message
 * of the same sender follows it (that one's job speaks for the run), its reader gets one mail counting
 * the unread messages of the conversation. Their mail setting is honoured.
 */
registerJob('message.away_mail', async (ctx, tx, job) => {
  const messageId = String(job.payload.messageId);
  const [m] = await tx.select().from(conversationMessages).where(eq(conversationMessages.id, messageId)).limit(1);
  if (!m || m.readAt || !m.senderId) return;
  const [later] = await tx
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, m.conversationId),
        eq(conversationMessages.senderId, m.senderId),
        gt(conversationMessages.createdAt, m.createdAt),
        ne(conversationMessages.id, m.id),
      ),
    )
    .limit(1);
  if (later) return;
  const recipientId = String(job.payload.recipientId);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, m.conversationId),
        isNull(conversationMessages.readAt),
        or(isNull(conversationMessages.senderId), ne(conversationMessages.senderId, recipientId)),
      ),
    );
  if (n === 0) return;
  const note: NewNotification = {
    userId: recipientId,
    type: 'messages_unread',
    params: { from: String(job.payload.from), count: n },
    link: `/messages/${m.conversationId}`,
  };
  await queueNotificationMails(tx, [note]);
});
