import { readSettings } from '../settings';
import type { ContactUserType } from '../../../shared/schemas/contact';
import { contactMessages } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mailQueue';

export const CONTACT_LIMITS = { perIpPerHour: 5, perEmailPerHour: 3 } as const;

const TYPE_LABEL: Record<ContactUserType, string> = { general: '一般咨询', influencer: '达人', company: '企业', media: '媒体' };

type Input = { name: string; email: string; phone: string | null; subject: string; message: string; userType: ContactUserType };

/**
 * POST /api/contact: stores the message (the admin console reads them) and queues its mail to the support
 * address (Reply-To: the sender) and a short acknowledgement to the sender.
 */
export async function sendContactMessage(ctx: AppContext, input: Input, ip: string, userId: string | null) {
  for (const [key, limit] of [
    [`contact:ip:${ip}`, CONTACT_LIMITS.perIpPerHour],
    [`contact:email:${input.email}`, CONTACT_LIMITS.perEmailPerHour],
  ] as const) {
    const budget = await ctx.limiter.hit(key, limit, 3600);
    if (!budget.allowed) throw new AppError('RATE_LIMITED');
  }
  // the message and both mails in one transaction (decision 0040): the mails are queued, sent and retried by the worker
  const row = await ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({ ...input, userId, createdAt: ctx.clock.now() })
      .returning({ id: contactMessages.id });
    await queueMail(tx, [
      {
        direct: {
          kind: 'contact_support',
          to: (await readSettings(ctx, tx)).supportEmail,
          locale: 'zh-CN',
          title: `联系我们：${input.subject}`,
          body: [
            `姓名：${input.name}`,
            `邮箱：${input.email}`,
            `电话：${input.phone ?? '未填写'}`,
            `身份：${TYPE_LABEL[input.userType]}`,
            '',
            input.message,
            '',
            `编号：${stored.id}`,
          ].join('\n'),
          // support answers the sender directly
          replyTo: input.email,
        },
      },
      {
        direct: {
          kind: 'contact_ack',
          to: input.email,
          locale: 'zh-CN',
          title: '我们已收到您的消息 / We received your message',
          body: `${input.name}，您好：\n\n我们已收到您关于「${input.subject}」的消息，会在24小时内回复您。\n\nHello ${input.name}, we received your message about "${input.subject}" and will reply within 24 hours.`,
        },
      },
    ]);
    return stored;
  });
  return { ok: true as const, id: row.id };
}
