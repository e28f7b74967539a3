import { getSettings } from '../settings';
import type { ContactUserType } from '../../../shared/schemas/contact';
import { contactMessages } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError, safeErrorLog } from '../../platform/errors';

export const CONTACT_LIMITS = { perIpPerHour: 5, perEmailPerHour: 3 } as const;

const TYPE_LABEL: Record<ContactUserType, string> = { general: '一般咨询', influencer: '达人', company: '企业', media: '媒体' };

type Input = { name: string; email: string; phone: string | null; subject: string; message: string; userType: ContactUserType };

/**
 * POST /api/contact: stores the message (the admin console reads them), then mails it to the support
 * address and a short acknowledgement to the sender. A failed mail is logged, the message stays stored.
 */
export async function sendContactMessage(ctx: AppContext, input: Input, ip: string, userId: string | null) {
  for (const [key, limit] of [
    [`contact:ip:${ip}`, CONTACT_LIMITS.perIpPerHour],
    [`contact:email:${input.email}`, CONTACT_LIMITS.perEmailPerHour],
  ] as const) {
    const budget = await ctx.limiter.hit(key, limit, 3600);
    if (!budget.allowed) throw new AppError('RATE_LIMITED');
  }
  const [row] = await ctx.db
    .insert(contactMessages)
    .values({ ...input, userId, createdAt: ctx.clock.now() })
    .returning({ id: contactMessages.id });
  const mails = [
    {
      channel: 'email' as const,
      to: (await getSettings(ctx)).supportEmail,
      subject: `【联系我们】${input.subject}`,
      body: [
        `姓名：${input.name}`,
        `邮箱：${input.email}`,
        `电话：${input.phone ?? '未填写'}`,
        `身份：${TYPE_LABEL[input.userType]}`,
        '',
        input.message,
        '',
        `编号：${row.id}`,
      ].join('\n'),
    },
    {
      channel: 'email' as const,
      to: input.email,
      subject: '【直播带货平台】我们已收到您的消息',
      body: `${input.name}，您好：\n\n我们已收到您关于「${input.subject}」的消息，会在24小时内回复您。\n\nHello ${input.name}, we received your message about "${input.subject}" and will reply within 24 hours.`,
    },
  ];
  for (const m of mails) {
    try {
      await ctx.mailer.send(m);
    } catch (err) {
      ctx.log.warn({ ...safeErrorLog(err), contactId: row.id }, 'contact mail failed');
    }
  }
  return { ok: true as const, id: row.id };
}
