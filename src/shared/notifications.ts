/**
 * Notifications are stored as a type with parameters and rendered in the reader's language: in the
 * header bell (the browser's language) and in mail (the recipient's saved language). The zh texts
 * are the product's wording; names in params are shown as people wrote them.
 */
// no zod here: the header bell is part of the app shell and stays light
import { dollars } from './money';
type Applied = { influencer: string; task: string; rateCents: number };
type OfTask = { task: string };
type ParamsByType = {
  application_received: Applied;
  application_resubmitted: Applied;
  application_accepted: OfTask;
  application_refused: OfTask;
  task_cancelled: OfTask;
  task_completed: OfTask;
  message_received: { from: string };
  messages_unread: { from: string; count: number };
  followed_company_task: { company: string; task: string };
  influencer_approved: Record<string, never>;
  influencer_rejected: { reason: string };
  company_verified: Record<string, never>;
  company_verification_rejected: { reason: string };
  account_suspended: { reason: string };
  account_reinstated: Record<string, never>;
  api_key_created: { name: string; prefix: string };
  api_key_revoked: { name: string; prefix: string };
  api_key_revoked_by_admin: { name: string; prefix: string };
  webhook_endpoint_disabled: { url: string };
  webhook_endpoint_disabled_by_admin: { url: string };
  deletion_declined: Record<string, never>;
  task_deleted: OfTask;
  deal_samples_shipped: { task: string; carrier: string; tracking: string };
  deal_samples_received: OfTask;
  deal_fee_paid: OfTask;
  deal_deposit_paid: OfTask;
  deal_funded: OfTask;
  commission_due: { task: string; amount: string };
  deal_schedule_proposed: { task: string; start: string };
  deal_scheduled: { task: string; start: string };
  deal_reminder: { task: string; start: string; hours: number };
  deal_reported: { task: string; hours: number };
  deal_completed: OfTask;
  deal_auto_confirmed: OfTask;
  deal_disputed: OfTask;
  deal_dispute_answered: OfTask;
  deal_dispute_withdrawn: OfTask;
  deal_resolved: { task: string; reason: string };
  deal_cancelled: { task: string; reason: string };
  deal_cancel_requested: { task: string; reason: string };
  deal_cancel_declined: OfTask;
  deal_report_overdue: OfTask;
  deal_dispute_overdue: OfTask;
  deal_review_written: OfTask;
  deal_reviews_revealed: OfTask;
  deal_review_replied: OfTask;
  review_hidden: { task: string; reason: string };
  payout_paid: { amount: string; reference: string };
  stripe_dispute_opened: { company: string; amount: string; due: string };
  payout_rejected: { amount: string; reason: string };
  payout_stripe_paid: { amount: string; reference: string };
  invitation_received: { company: string; task: string; rateCents: number };
  invitation_accepted: { influencer: string; task: string };
  invitation_declined: { influencer: string; task: string; reason: string };
  invitation_expired: { influencer: string; task: string };
  invitation_closed: OfTask;
  task_slots_filled: { task: string; slots: number };
  agency_approved: Record<string, never>;
  agency_rejected: { reason: string };
  agency_invitation_received: { agency: string; share: number };
  agency_invitation_accepted: { influencer: string; share: number };
  agency_invitation_declined: { influencer: string };
  agency_invitation_changed: { agency: string; share: number };
  agency_invitation_withdrawn: { agency: string };
  agency_membership_ending: { agency: string; influencer: string };
  agency_share_received: { influencer: string; task: string; amount: string };
};
/** each type's params: name → 'string' | 'number' (checked when rendering stored rows) */
const PARAM_KINDS: { [T in keyof ParamsByType]: { [K in keyof ParamsByType[T]]: 'string' | 'number' } } = {
  application_received: { influencer: 'string', task: 'string', rateCents: 'number' },
  application_resubmitted: { influencer: 'string', task: 'string', rateCents: 'number' },
  application_accepted: { task: 'string' },
  application_refused: { task: 'string' },
  task_cancelled: { task: 'string' },
  task_completed: { task: 'string' },
  message_received: { from: 'string' },
  messages_unread: { from: 'string', count: 'number' },
  followed_company_task: { company: 'string', task: 'string' },
  influencer_approved: {},
  influencer_rejected: { reason: 'string' },
  company_verified: {},
  company_verification_rejected: { reason: 'string' },
  account_suspended: { reason: 'string' },
  account_reinstated: {},
  api_key_created: { name: 'string', prefix: 'string' },
  api_key_revoked: { name: 'string', prefix: 'string' },
  api_key_revoked_by_admin: { name: 'string', prefix: 'string' },
  webhook_endpoint_disabled: { url: 'string' },
  webhook_endpoint_disabled_by_admin: { url: 'string' },
  deletion_declined: {},
  task_deleted: { task: 'string' },
  deal_samples_shipped: { task: 'string', carrier: 'string', tracking: 'string' },
  deal_samples_received: { task: 'string' },
  deal_fee_paid: { task: 'string' },
  deal_deposit_paid: { task: 'string' },
  deal_funded: { task: 'string' },
  commission_due: { task: 'string', amount: 'string' },
  deal_schedule_proposed: { task: 'string', start: 'string' },
  deal_scheduled: { task: 'string', start: 'string' },
  deal_reminder: { task: 'string', start: 'string', hours: 'number' },
  deal_reported: { task: 'string', hours: 'number' },
  deal_completed: { task: 'string' },
  deal_auto_confirmed: { task: 'string' },
  deal_disputed: { task: 'string' },
  deal_dispute_answered: { task: 'string' },
  deal_dispute_withdrawn: { task: 'string' },
  deal_resolved: { task: 'string', reason: 'string' },
  deal_cancelled: { task: 'string', reason: 'string' },
  deal_cancel_requested: { task: 'string', reason: 'string' },
  deal_cancel_declined: { task: 'string' },
  deal_report_overdue: { task: 'string' },
  deal_dispute_overdue: { task: 'string' },
  deal_review_written: { task: 'string' },
  deal_reviews_revealed: { task: 'string' },
  deal_review_replied: { task: 'string' },
  review_hidden: { task: 'string', reason: 'string' },
  payout_paid: { amount: 'string', reference: 'string' },
  stripe_dispute_opened: { company: 'string', amount: 'string', due: 'string' },
  payout_rejected: { amount: 'string', reason: 'string' },
  payout_stripe_paid: { amount: 'string', reference: 'string' },
  invitation_received: { company: 'string', task: 'string', rateCents: 'number' },
  invitation_accepted: { influencer: 'string', task: 'string' },
  invitation_declined: { influencer: 'string', task: 'string', reason: 'string' },
  invitation_expired: { influencer: 'string', task: 'string' },
  invitation_closed: { task: 'string' },
  task_slots_filled: { task: 'string', slots: 'number' },
  agency_approved: {},
  agency_rejected: { reason: 'string' },
  agency_invitation_received: { agency: 'string', share: 'number' },
  agency_invitation_accepted: { influencer: 'string', share: 'number' },
  agency_invitation_declined: { influencer: 'string' },
  agency_invitation_changed: { agency: 'string', share: 'number' },
  agency_invitation_withdrawn: { agency: 'string' },
  agency_membership_ending: { agency: 'string', influencer: 'string' },
  agency_share_received: { influencer: 'string', task: 'string', amount: 'string' },
};

export type NotificationType = keyof ParamsByType;
export type NotificationParams<T extends NotificationType> = ParamsByType[T];
export const NOTIFICATION_TYPES = Object.keys(PARAM_KINDS) as NotificationType[];
/** each type's params and their kinds (tests build a sample of every type from it) */
export const NOTIFICATION_PARAM_KINDS: Readonly<Record<string, Readonly<Record<string, 'string' | 'number'>>>> = PARAM_KINDS;
export const isNotificationType = (t: string): t is NotificationType => Object.hasOwn(PARAM_KINDS, t);

function fitsType(type: NotificationType, params: unknown): params is Record<string, string | number> {
  if (typeof params !== 'object' || params === null) return false;
  const p = params as Record<string, unknown>;
  return Object.entries(PARAM_KINDS[type]).every(([k, kind]) => typeof p[k] === kind);
}

/** A notification to record: its type decides its params. */
export type NotificationContent = { [T in NotificationType]: { type: T; params: NotificationParams<T> } }[NotificationType];

type Template = { title: string; body: string };
const TEMPLATES: Record<NotificationType, { zh: Template; en: Template }> = {
  agency_approved: {
    zh: { title: '机构审核通过', body: '您的机构已审核通过，现在可以邀请达人签约了。' },
    en: { title: 'Your agency was approved', body: 'Your agency was approved; you can now invite influencers to your roster.' },
  },
  agency_rejected: {
    zh: { title: '机构审核未通过', body: '您的机构未通过审核，原因：{reason}。' },
    en: { title: 'Your agency was not approved', body: 'Your agency was not approved. Reason: {reason}.' },
  },
  agency_invitation_received: {
    zh: { title: '收到机构签约邀请', body: '机构「{agency}」邀请您签约，机构分成 {share}%。请在个人中心接受或拒绝。' },
    en: { title: 'An agency invites you', body: '{agency} invites you to its roster with an agency share of {share}%. Accept or decline on your profile.' },
  },
  agency_invitation_accepted: {
    zh: { title: '达人接受了签约邀请', body: '达人「{influencer}」已接受签约，机构分成 {share}%。' },
    en: { title: 'Roster invitation accepted', body: '{influencer} joined your roster with an agency share of {share}%.' },
  },
  agency_invitation_declined: {
    zh: { title: '达人拒绝了签约邀请', body: '达人「{influencer}」拒绝了您的签约邀请。' },
    en: { title: 'Roster invitation declined', body: '{influencer} declined your roster invitation.' },
  },
  agency_invitation_changed: {
    zh: { title: '机构修改了签约邀请', body: '机构「{agency}」将签约邀请的机构分成改为 {share}%。请在个人中心查看后接受或拒绝。' },
    en: {
      title: 'An agency changed its invitation',
      body: '{agency} changed the agency share of its invitation to {share}%. Review it on your profile, then accept or decline.',
    },
  },
  agency_invitation_withdrawn: {
    zh: { title: '机构撤回了签约邀请', body: '机构「{agency}」撤回了对您的签约邀请。' },
    en: { title: 'An agency withdrew its invitation', body: '{agency} withdrew its roster invitation.' },
  },
  agency_membership_ending: {
    zh: { title: '签约关系结束', body: '机构「{agency}」与达人「{influencer}」的签约已结束：新订单归达人本人，进行中的订单完成后生效。' },
    en: {
      title: 'Roster membership ended',
      body: "The membership of {influencer} in {agency} was ended: new deals are the influencer's alone; it takes effect once the open deals are finished.",
    },
  },
  agency_share_received: {
    zh: { title: '机构分成已入账', body: '达人「{influencer}」的任务「{task}」已结算，机构分成 {amount} 已计入机构钱包。' },
    en: { title: 'Agency share received', body: 'The deal of {influencer} for "{task}" was settled; your agency share of {amount} is in your wallet.' },
  },
  application_received: {
    zh: { title: '收到新的任务申请', body: '达人「{influencer}」申请了任务「{task}」，报价 {rateCents}。' },
    en: { title: 'New application', body: '{influencer} applied for "{task}" with a quote of {rateCents}.' },
  },
  invitation_received: {
    zh: { title: '收到任务邀请', body: '企业「{company}」邀请您参与任务「{task}」，报价 {rateCents}。请在 72 小时内回复。' },
    en: { title: 'You are invited to a task', body: '{company} invited you to "{task}" at {rateCents}. Please answer within 72 hours.' },
  },
  invitation_accepted: {
    zh: { title: '达人接受了邀请', body: '达人「{influencer}」接受了任务「{task}」的邀请，订单已创建。' },
    en: { title: 'Invitation accepted', body: '{influencer} accepted your invitation to "{task}"; the deal has started.' },
  },
  invitation_declined: {
    zh: { title: '达人拒绝了邀请', body: '达人「{influencer}」拒绝了任务「{task}」的邀请，原因：{reason}。' },
    en: { title: 'Invitation declined', body: '{influencer} declined your invitation to "{task}". Reason: {reason}.' },
  },
  invitation_expired: {
    zh: { title: '邀请已过期', body: '达人「{influencer}」未在 72 小时内回复任务「{task}」的邀请，邀请已过期。' },
    en: { title: 'Invitation expired', body: '{influencer} did not answer your invitation to "{task}" within 72 hours; it has expired.' },
  },
  invitation_closed: {
    zh: { title: '邀请已失效', body: '任务「{task}」已停止招募，您收到的邀请已失效。' },
    en: { title: 'Invitation no longer valid', body: 'The task "{task}" stopped recruiting; its invitation to you is no longer valid.' },
  },
  task_slots_filled: {
    zh: { title: '任务已招满', body: '任务「{task}」的 {slots} 个名额已全部录用，其余申请已自动拒绝。' },
    en: { title: 'All places filled', body: 'All {slots} places of "{task}" are filled; the other applications were declined automatically.' },
  },
  application_resubmitted: {
    zh: { title: '达人重新提交了申请', body: '达人「{influencer}」重新申请了任务「{task}」，报价 {rateCents}。' },
    en: { title: 'Application submitted again', body: '{influencer} applied again for "{task}" with a quote of {rateCents}.' },
  },
  application_accepted: {
    zh: { title: '您的申请已通过', body: '恭喜！您对任务「{task}」的申请已通过。' },
    en: { title: 'Your application was accepted', body: 'Congratulations! Your application for "{task}" was accepted.' },
  },
  application_refused: {
    zh: { title: '您的申请未通过', body: '很遗憾，您对任务「{task}」的申请未通过。' },
    en: { title: 'Your application was not accepted', body: 'Sorry, your application for "{task}" was not accepted.' },
  },
  task_cancelled: {
    zh: { title: '任务已取消', body: '任务「{task}」已被企业取消。' },
    en: { title: 'Task cancelled', body: 'The company cancelled the task "{task}".' },
  },
  task_completed: {
    zh: { title: '任务已完成', body: '任务「{task}」已被企业标记为完成。' },
    en: { title: 'Task completed', body: 'The company marked the task "{task}" as completed.' },
  },
  message_received: {
    zh: { title: '收到新消息', body: '「{from}」给您发来了一条消息。' },
    en: { title: 'New message', body: '{from} sent you a message.' },
  },
  messages_unread: {
    zh: { title: '您有未读消息', body: '「{from}」给您发来的 {count} 条消息您还没有查看。' },
    en: { title: 'Unread messages', body: '{from} sent you {count} message(s) that you have not read yet.' },
  },
  followed_company_task: {
    zh: { title: '关注的企业发布了新任务', body: '您关注的企业「{company}」发布了新任务「{task}」。' },
    en: { title: 'New task from a company you follow', body: '{company}, which you follow, published a new task: "{task}".' },
  },
  influencer_approved: {
    zh: { title: '达人资料审核通过', body: '恭喜！您的达人资料已审核通过，现在会展示在达人列表中，可以申请任务了。' },
    en: {
      title: 'Your profile was approved',
      body: 'Congratulations! Your influencer profile was approved: it is listed in the directory and you can apply for tasks.',
    },
  },
  influencer_rejected: {
    zh: { title: '达人资料审核未通过', body: '您的达人资料审核未通过，原因：{reason}。请修改资料后重新提交。' },
    en: {
      title: 'Your profile was not approved',
      body: 'Your influencer profile was not approved. Reason: {reason}. Please update your profile to submit it again.',
    },
  },
  company_verified: {
    zh: { title: '企业认证已通过', body: '恭喜！您的企业认证已通过，企业页面将显示认证标识。' },
    en: { title: 'Your company is verified', body: 'Congratulations! Your company verification was approved; your company page shows the verified badge.' },
  },
  company_verification_rejected: {
    zh: { title: '企业认证未通过', body: '您的企业认证申请未通过，原因：{reason}。请补充资料后重新申请。' },
    en: {
      title: 'Company verification not approved',
      body: 'Your company verification request was not approved. Reason: {reason}. Please complete your details and apply again.',
    },
  },
  account_suspended: {
    zh: { title: '账号已被停用', body: '您的账号已被管理员停用，原因：{reason}。如有疑问请联系客服。' },
    en: { title: 'Your account was suspended', body: 'An administrator suspended your account. Reason: {reason}. Please contact support with any questions.' },
  },
  api_key_created: {
    zh: { title: '已创建 API 密钥', body: '您的账号创建了 API 密钥「{name}」（{prefix}…）。如果不是您本人操作，请立即在开发者设置中撤销它并修改密码。' },
    en: {
      title: 'An API key was created',
      body: 'The API key "{name}" ({prefix}…) was created on your account. If this was not you, revoke it at once under Developer settings and change your password.',
    },
  },
  api_key_revoked: {
    zh: { title: '已撤销 API 密钥', body: 'API 密钥「{name}」（{prefix}…）已被撤销，使用它的请求将被拒绝。' },
    en: { title: 'An API key was revoked', body: 'The API key "{name}" ({prefix}…) was revoked; requests made with it are refused.' },
  },
  webhook_endpoint_disabled: {
    zh: { title: '回调地址已停用', body: '回调地址 {url} 连续 3 天推送失败，已被停用，未送达的事件会保留。修复后请在开发者设置中重新启用。' },
    en: {
      title: 'A webhook endpoint was disabled',
      body: 'Deliveries to {url} failed for 3 days, so it was disabled; undelivered events are kept. Enable it again under Developer settings once it is fixed.',
    },
  },
  webhook_endpoint_disabled_by_admin: {
    zh: { title: '回调地址已被管理员停用', body: '管理员停用了您的回调地址 {url}。如有疑问请联系客服。' },
    en: {
      title: 'An administrator disabled a webhook endpoint',
      body: 'An administrator disabled your webhook endpoint {url}. Please contact support with any questions.',
    },
  },
  api_key_revoked_by_admin: {
    zh: { title: 'API 密钥已被管理员撤销', body: '管理员撤销了您的 API 密钥「{name}」（{prefix}…），使用它的请求将被拒绝。如有疑问请联系客服。' },
    en: {
      title: 'An administrator revoked an API key',
      body: 'An administrator revoked your API key "{name}" ({prefix}…); requests made with it are refused. Please contact support with any questions.',
    },
  },
  account_reinstated: {
    zh: { title: '账号已恢复', body: '您的账号已恢复正常，可以重新登录使用。' },
    en: { title: 'Your account was reinstated', body: 'Your account is active again; you can sign in.' },
  },
  deletion_declined: {
    zh: { title: '注销申请未执行', body: '您的账号注销申请未被执行，账号仍正常使用。如有疑问请联系客服。' },
    en: {
      title: 'Deletion request declined',
      body: 'Your account deletion request was not carried out; the account stays active. Please contact support with any questions.',
    },
  },
  task_deleted: {
    zh: { title: '任务已被删除', body: '任务「{task}」已被平台管理员删除。' },
    en: { title: 'Task deleted', body: 'A platform administrator deleted the task "{task}".' },
  },
  deal_samples_shipped: {
    zh: { title: '样品已寄出', body: '任务「{task}」的样品已寄出：{carrier} {tracking}。收到后请在订单中确认签收。' },
    en: { title: 'Samples shipped', body: 'The samples for "{task}" are on their way: {carrier} {tracking}. Confirm receipt on the deal page.' },
  },
  deal_fee_paid: {
    zh: { title: '企业已托管费用', body: '任务「{task}」的费用已托管到平台，直播确认后结算给您。' },
    en: { title: 'Fee in escrow', body: 'The fee for "{task}" is held by the platform and paid to you once the live is confirmed.' },
  },
  deal_deposit_paid: {
    zh: { title: '达人已缴纳保证金', body: '达人已缴纳任务「{task}」的保证金。' },
    en: { title: 'Deposit paid', body: 'The influencer paid the deposit for "{task}".' },
  },
  deal_funded: {
    zh: { title: '订单款项已到位', body: '任务「{task}」的费用已托管，订单开始，请商定样品和直播排期。' },
    en: { title: 'Deal funded', body: 'The money for "{task}" is in escrow: the deal starts. Agree on samples and the live schedule.' },
  },
  commission_due: {
    zh: { title: '佣金待支付', body: '任务「{task}」的佣金 {amount} 因余额不足未能扣款，请充值后支付；支付前无法发布新任务。' },
    en: {
      title: 'Commission due',
      body: 'The commission of {amount} for "{task}" could not be charged (insufficient balance). Top up to pay it; you cannot publish until it is paid.',
    },
  },
  deal_samples_received: {
    zh: { title: '达人已签收样品', body: '达人已签收任务「{task}」的样品。' },
    en: { title: 'Samples received', body: 'The influencer received the samples for "{task}".' },
  },
  deal_schedule_proposed: {
    zh: { title: '收到直播排期', body: '任务「{task}」的直播排期：{start}（北京时间），请在订单中确认。' },
    en: { title: 'Live schedule proposed', body: 'Proposed live for "{task}": {start} (Beijing time). Please confirm it on the deal page.' },
  },
  deal_scheduled: {
    zh: { title: '直播排期已确认', body: '任务「{task}」的直播定于 {start}（北京时间）。' },
    en: { title: 'Live scheduled', body: 'The live for "{task}" is set for {start} (Beijing time).' },
  },
  deal_reminder: {
    zh: { title: '直播即将开始', body: '任务「{task}」的直播将于 {hours} 小时后开始（{start}，北京时间）。' },
    en: { title: 'Live starting soon', body: 'The live for "{task}" starts in {hours} h ({start}, Beijing time).' },
  },
  deal_reported: {
    zh: { title: '达人已提交直播数据', body: '任务「{task}」的直播数据已提交，请在 {hours} 小时内确认或发起纠纷，逾期将自动确认。' },
    en: {
      title: 'Live report submitted',
      body: 'The live report for "{task}" is in. Confirm it or open a dispute within {hours} h, after which it is confirmed automatically.',
    },
  },
  deal_completed: {
    zh: { title: '订单已完成', body: '任务「{task}」的订单已确认完成，欢迎为对方评价。' },
    en: { title: 'Deal completed', body: 'The deal for "{task}" is complete. You can now review the other side.' },
  },
  deal_auto_confirmed: {
    zh: { title: '订单已自动确认', body: '任务「{task}」的直播数据在确认期内未被确认或提出纠纷，已自动确认完成。' },
    en: {
      title: 'Deal confirmed automatically',
      body: 'The live report for "{task}" was neither confirmed nor disputed in time and was confirmed automatically.',
    },
  },
  deal_disputed: {
    zh: { title: '订单发生纠纷', body: '任务「{task}」的订单已被提出纠纷，订单已冻结，请在订单中回复。' },
    en: { title: 'Dispute opened', body: 'A dispute was opened on the deal for "{task}"; the deal is frozen. Please answer on the deal page.' },
  },
  deal_dispute_answered: {
    zh: { title: '纠纷已回复', body: '任务「{task}」的纠纷已收到对方回复，平台将介入处理。' },
    en: { title: 'Dispute answered', body: 'The other side answered the dispute on "{task}"; the platform will decide.' },
  },
  deal_dispute_withdrawn: {
    zh: { title: '纠纷已撤回', body: '任务「{task}」的纠纷已撤回，订单恢复待确认。' },
    en: { title: 'Dispute withdrawn', body: 'The dispute on "{task}" was withdrawn; the deal waits for confirmation again.' },
  },
  deal_resolved: {
    zh: { title: '纠纷已处理', body: '平台已处理任务「{task}」的纠纷：{reason}' },
    en: { title: 'Dispute decided', body: 'The platform decided the dispute on "{task}": {reason}' },
  },
  deal_cancelled: {
    zh: { title: '订单已取消', body: '任务「{task}」的订单已取消，原因：{reason}' },
    en: { title: 'Deal cancelled', body: 'The deal for "{task}" was cancelled. Reason: {reason}' },
  },
  deal_cancel_requested: {
    zh: { title: '对方申请取消订单', body: '对方申请取消任务「{task}」的订单，原因：{reason}。请在订单中同意或拒绝。' },
    en: { title: 'Cancellation requested', body: 'The other side asks to cancel the deal for "{task}". Reason: {reason}. Agree or decline on the deal page.' },
  },
  deal_cancel_declined: {
    zh: { title: '取消申请未被同意', body: '任务「{task}」的取消申请未被对方同意，订单继续进行。' },
    en: { title: 'Cancellation declined', body: 'The other side declined to cancel the deal for "{task}"; it goes on.' },
  },
  deal_report_overdue: {
    zh: { title: '直播数据逾期未提交', body: '任务「{task}」的直播已结束超过48小时，达人仍未提交直播数据。' },
    en: { title: 'Live report overdue', body: 'The live for "{task}" ended more than 48 h ago and no report has been submitted.' },
  },
  deal_dispute_overdue: {
    zh: { title: '纠纷逾期未回复', body: '任务「{task}」的纠纷已超过24小时未获回复，平台将介入处理。' },
    en: { title: 'Dispute unanswered', body: 'The dispute on "{task}" has had no answer for 24 h; the platform will step in.' },
  },
  deal_review_written: {
    zh: { title: '对方已评价', body: '任务「{task}」的合作方已写下评价。请在订单完成后14天内评价对方：双方都评价后（或评价期结束时）评价将同时公开。' },
    en: {
      title: 'The other side has reviewed',
      body: 'The other side of "{task}" has written a review. Write yours within 14 days of completion: both are published together once both are written (or when the period ends).',
    },
  },
  deal_reviews_revealed: {
    zh: { title: '评价已公开', body: '任务「{task}」的评价已公开，可在订单页查看和回复。' },
    en: { title: 'Reviews published', body: 'The reviews of "{task}" are published; read and reply on the deal page.' },
  },
  deal_review_replied: {
    zh: { title: '评价收到回复', body: '您对任务「{task}」的评价收到了对方的回复。' },
    en: { title: 'Reply to your review', body: 'The other side replied to your review of "{task}".' },
  },
  review_hidden: {
    zh: { title: '评价已被隐藏', body: '您对任务「{task}」的评价已被平台隐藏，原因：{reason}。' },
    en: { title: 'Your review was hidden', body: 'The platform hid your review of "{task}". Reason: {reason}.' },
  },
  stripe_dispute_opened: {
    zh: { title: '收到拒付（Stripe 争议）', body: '{company} 的 Stripe 充值被发起拒付，金额 {amount}，请在 {due} 前于 Stripe 提交证据。' },
    en: { title: 'Chargeback received (Stripe dispute)', body: 'A Stripe top-up by {company} is disputed for {amount}. Submit evidence in Stripe by {due}.' },
  },
  payout_paid: {
    zh: { title: '提现已到账', body: '您的提现 {amount} 已打款至您的银行账户，银行流水号：{reference}。' },
    en: { title: 'Payout sent', body: 'Your payout of {amount} was sent to your bank account. Bank reference: {reference}.' },
  },
  payout_rejected: {
    zh: { title: '提现已退回', body: '您的提现 {amount} 未能打款，金额已退回钱包可用余额。原因：{reason}。' },
    en: { title: 'Payout returned', body: 'Your payout of {amount} could not be sent; the amount is back in your available balance. Reason: {reason}.' },
  },
  payout_stripe_paid: {
    zh: { title: '提现已转入 Stripe', body: '您的提现 {amount} 已转入您的 Stripe 账户，将按 Stripe 的时间到达您的银行账户。转账编号：{reference}。' },
    en: {
      title: 'Payout sent to Stripe',
      body: 'Your payout of {amount} was transferred to your Stripe account; Stripe pays it out to your bank on its schedule. Transfer: {reference}.',
    },
  },
};

/**
 * A param as the reader sees it (decision 0029): a quote or an offered rate (`rateCents`, integer cents since decision 0053) like every amount,
 * $1,200.00; a live's start (kept as Beijing time, 2026-11-27 20:00) in the language's numeric form, as the app
 * shows times (2026/11/27 20:00, 11/27/2026, 20:00). Anything else as it is.
 */
function shown(key: string, value: unknown, lang: 'zh' | 'en'): string {
  if (key === 'rateCents' && typeof value === 'number' && Number.isSafeInteger(value)) return dollars(value);
  const at = key === 'start' && typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})$/.exec(value) : null;
  if (at) return lang === 'zh' ? `${at[1]}/${at[2]}/${at[3]} ${at[4]}` : `${at[2]}/${at[3]}/${at[1]}, ${at[4]}`;
  return String(value);
}

const fill = (text: string, params: Record<string, unknown>, lang: 'zh' | 'en') =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? shown(k, params[k], lang) : m));

/**
 * The title and body of a notification in `lang`. Unknown types or params that do not fit the type
 * (rows written before the type existed) fall back to the stored zh texts.
 */
export function renderNotification(n: { type: string; params?: unknown; title?: string; body?: string }, lang: 'zh' | 'en'): { title: string; body: string } {
  if (isNotificationType(n.type)) {
    if (fitsType(n.type, n.params)) {
      const tpl = TEMPLATES[n.type][lang];
      const title = fill(tpl.title, n.params, lang);
      const who = n.params[FOR_INFLUENCER];
      return { title: typeof who === 'string' ? forInfluencerTitle(who, title, lang) : title, body: fill(tpl.body, n.params, lang) };
    }
  }
  return { title: n.title ?? '', body: n.body ?? '' };
}

/**
 * An agency's copy of a roster influencer's deal notification (decision 0060) carries the influencer's name in this
 * param besides the type's own; its title reads 代 {influencer}：… / "For {influencer}: …".
 */
export const FOR_INFLUENCER = 'forInfluencer';
export const forInfluencerTitle = (influencer: string, title: string, lang: 'zh' | 'en') =>
  lang === 'zh' ? `代 ${influencer}：${title}` : `For ${influencer}: ${title}`;

/**
 * The notification types an influencer gets about a deal that its agency hears too, when the deal was made under the
 * agency (decision 0060): the deal's progress, reminders, overdue notices, disputes, the end and money. Not the
 * reviews (the influencer's own) and not messages (the agency reads the conversations in 消息中心).
 */
export const AGENCY_FORWARDED_TYPES: readonly NotificationType[] = [
  'application_accepted',
  'deal_samples_shipped',
  'deal_fee_paid',
  'deal_funded',
  'deal_schedule_proposed',
  'deal_scheduled',
  'deal_reminder',
  'deal_completed',
  'deal_auto_confirmed',
  'deal_disputed',
  'deal_dispute_answered',
  'deal_dispute_withdrawn',
  'deal_resolved',
  'deal_cancelled',
  'deal_cancel_requested',
  'deal_cancel_declined',
  'deal_report_overdue',
  'deal_dispute_overdue',
];

/** The title of a notification type without its parameters (the name of that kind of mail); null for an unknown type. */
export function notificationTitle(type: string, lang: 'zh' | 'en'): string | null {
  return isNotificationType(type) ? TEMPLATES[type][lang].title : null;
}
