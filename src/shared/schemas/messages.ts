import { z } from 'zod';
import { listOf, pageQuery } from './common';
import { LIMITS } from '../limits';
import { DEAL_STATES } from '../deals';
import { onBehalfRef } from './agencies';

/**
 * Conversations between a company and an influencer: the contact conversation of the pair (started by
 * 联系达人) and one conversation per deal. Text and images; delivered live to open pages through the
 * event stream (GET /api/events), whose events are only hints to refetch.
 */

export const MESSAGE_IMAGES_MAX = 4;

export const sendMessageRequest = z
  .object({
    message: z.string({ error: 'MESSAGE_REQUIRED' }).trim().max(LIMITS.contactMessageMax, { error: 'MESSAGE_TOO_LONG' }).default(''),
    /** private uploads (purpose deal-file) of the sender */
    images: z
      .array(z.string().uuid({ error: 'DEAL_IMAGE_INVALID' }), { error: 'BAD_REQUEST' })
      .max(MESSAGE_IMAGES_MAX, { error: 'MESSAGE_TOO_MANY_IMAGES' })
      .default([]),
  })
  .refine((b) => b.message.length > 0 || b.images.length > 0, { error: 'MESSAGE_REQUIRED', path: ['message'] });
export type SendMessageRequest = z.input<typeof sendMessageRequest>;

export const conversationMessage = z.object({
  id: z.string().uuid(),
  body: z.string(),
  images: z.array(z.string().uuid()),
  createdAt: z.string(),
  /** the side that sent it (null when the sender's account is gone) */
  from: z.enum(['company', 'influencer']).nullable(),
  /** the viewer sent it */
  mine: z.boolean(),
  /** sent by the influencer's agency for the influencer (机构 X 代 Y, decision 0045); null otherwise */
  onBehalf: onBehalfRef.nullable(),
  readAt: z.string().nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const conversationSummary = z.object({
  id: z.string().uuid(),
  company: z.object({ id: z.string().uuid(), name: z.string(), logoUrl: z.string().nullable() }),
  influencer: z.object({ id: z.string().uuid(), nickname: z.string(), avatarUrl: z.string().nullable() }),
  /** the deal this conversation belongs to; null for the contact conversation */
  deal: z.object({ id: z.string().uuid(), taskTitle: z.string(), status: z.enum(DEAL_STATES) }).nullable(),
  lastMessage: z.string(),
  /** the last message carries images */
  lastMessageImages: z.boolean(),
  lastMessageAt: z.string(),
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationsQuery = pageQuery(100, 100);
export const conversationsResponse = listOf(conversationSummary);
export const conversationResponse = z.object({
  conversation: conversationSummary,
  messages: z.array(conversationMessage),
  /** who is reading: a participant may write, an admin (任务管理, deal conversations only) reads */
  viewer: z.enum(['company', 'influencer', 'admin']),
  /** false when the influencer has turned messages off (contact conversations only), or the reader may only view */
  canSend: z.boolean(),
  /** an agency reading a former roster influencer's deal conversation: read only (decision 0061) */
  viewOnly: z.boolean(),
});
export type ConversationResponse = z.infer<typeof conversationResponse>;

export const sendMessageResponse = z.object({ conversationId: z.string().uuid(), messageId: z.string().uuid() });
export const unreadResponse = z.object({ count: z.number().int() });

/** What the event stream tells an open page. */
export const liveEvent = z.discriminatedUnion('type', [
  /** a new message in one of the user's conversations */
  z.object({ type: z.literal('message'), conversationId: z.string().uuid() }),
  /** the other side read the user's messages */
  z.object({ type: z.literal('read'), conversationId: z.string().uuid() }),
  /** a new notification for the bell */
  z.object({ type: z.literal('notification') }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;
