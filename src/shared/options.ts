/**
 * Fixed option lists and their labels from the spec (part 1 §9, part 2 §2/§9).
 * Values are stored; labels are shown. Both languages live here so the server can
 * format messages such as 请选择{type}的经验 and the web can render the same lists.
 */
export type Label = { zh: string; en: string };
export type Option<V extends string = string> = { value: V } & Label;

const opts = <V extends string>(list: readonly Option<V>[]) => list;

export const USER_TYPES = ['admin', 'influencer', 'company', 'agency'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** 机构 (MCN agency, decision 0044) signs up beside companies and influencers */
export const SIGNUP_USER_TYPES = ['influencer', 'company', 'agency'] as const;
export type SignupUserType = (typeof SIGNUP_USER_TYPES)[number];

export const TALENT_TYPES = opts([
  { value: 'live-host', zh: '带货主播', en: 'Live host' },
  { value: 'account-manager', zh: '账号运营', en: 'Account manager' },
  { value: 'video-editor', zh: '视频剪辑', en: 'Video editor' },
] as const);
export type TalentType = (typeof TALENT_TYPES)[number]['value'];
export const TALENT_TYPE_VALUES = TALENT_TYPES.map((t) => t.value) as [TalentType, ...TalentType[]];

export const EXPERIENCE_LEVELS = opts([
  { value: 'newbie', zh: '新手', en: 'Newcomer' },
  { value: '1-6', zh: '1-6个月', en: '1–6 months' },
  { value: '6-12', zh: '6-12个月', en: '6–12 months' },
  { value: '1-3', zh: '1-3年', en: '1–3 years' },
  { value: '3+', zh: '3年以上', en: '3+ years' },
] as const);
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]['value'];

export const STORE_CATEGORIES = opts([
  { value: 'beauty', zh: '美妆', en: 'Beauty' },
  { value: 'fashion', zh: '服饰', en: 'Fashion' },
  { value: 'food', zh: '食品', en: 'Food' },
  { value: 'maternal', zh: '母婴', en: 'Mother & baby' },
  { value: 'digital', zh: '数码', en: 'Digital' },
  { value: 'pet', zh: '宠物', en: 'Pets' },
  { value: 'household', zh: '家居', en: 'Household' },
] as const);

export const HOST_STYLES = opts([
  { value: 'drama', zh: '剧情', en: 'Drama' },
  { value: 'vlog', zh: 'Vlog', en: 'Vlog' },
  { value: 'entertainment', zh: '娱乐', en: 'Entertainment' },
  { value: 'knowledge', zh: '知识', en: 'Knowledge' },
  { value: 'professional', zh: '专业', en: 'Professional' },
  { value: 'emotional', zh: '情感', en: 'Emotional' },
] as const);

export const OPERATION_SKILLS = opts([
  { value: 'content', zh: '内容策划', en: 'Content planning' },
  { value: 'data', zh: '数据分析', en: 'Data analysis' },
  { value: 'community', zh: '社群运营', en: 'Community' },
  { value: 'marketing', zh: '营销推广', en: 'Marketing' },
] as const);

export const EDITING_SOFTWARE = opts([
  { value: 'pr', zh: 'Premiere Pro', en: 'Premiere Pro' },
  { value: 'ae', zh: 'After Effects', en: 'After Effects' },
  { value: 'fcpx', zh: 'Final Cut Pro X', en: 'Final Cut Pro X' },
  { value: 'vegas', zh: 'Vegas', en: 'Vegas' },
] as const);

export const EDITING_STYLES = opts([
  { value: 'vlog', zh: 'Vlog', en: 'Vlog' },
  { value: 'commercial', zh: '商业广告', en: 'Commercial' },
  { value: 'short', zh: '短视频', en: 'Short video' },
  { value: 'documentary', zh: '纪录片', en: 'Documentary' },
] as const);

export const COMPANY_SIZES = opts([
  { value: '1-10', zh: '1-10人', en: '1–10 people' },
  { value: '11-50', zh: '11-50人', en: '11–50 people' },
  { value: '51-100', zh: '51-100人', en: '51–100 people' },
  { value: '101-500', zh: '101-500人', en: '101–500 people' },
  { value: '501-1000', zh: '501-1000人', en: '501–1000 people' },
  { value: '1000+', zh: '1000人以上', en: '1000+ people' },
] as const);

export const COMPANY_INDUSTRIES = opts([
  { value: 'beauty', zh: '美妆护肤', en: 'Beauty & skincare' },
  { value: 'fashion', zh: '服装时尚', en: 'Fashion' },
  { value: 'digital', zh: '数码科技', en: 'Digital tech' },
  { value: 'food', zh: '食品生活', en: 'Food & lifestyle' },
  { value: 'baby', zh: '母婴用品', en: 'Baby products' },
  { value: 'home', zh: '家居家装', en: 'Home' },
  { value: 'health', zh: '医疗健康', en: 'Health care' },
  { value: 'education', zh: '教育培训', en: 'Education & training' },
  { value: 'other', zh: '其他', en: 'Other' },
] as const);

export const INFLUENCER_CATEGORIES = opts([
  { value: '美妆护肤', zh: '美妆护肤', en: 'Beauty & skincare' },
  { value: '时尚穿搭', zh: '时尚穿搭', en: 'Fashion styling' },
  { value: '美食生活', zh: '美食生活', en: 'Food & lifestyle' },
  { value: '数码科技', zh: '数码科技', en: 'Digital tech' },
  { value: '健身运动', zh: '健身运动', en: 'Fitness & sports' },
  { value: '母婴用品', zh: '母婴用品', en: 'Baby products' },
  { value: '家居生活', zh: '家居生活', en: 'Home' },
  { value: '图书教育', zh: '图书教育', en: 'Books & education' },
] as const);

export const TASK_CATEGORY_OPTIONS = opts([
  { value: 'beauty', zh: '美妆', en: 'Beauty' },
  { value: 'kitchen', zh: '厨房用品', en: 'Kitchen' },
  { value: 'cleaning', zh: '清洁工具', en: 'Cleaning tools' },
  { value: 'pets', zh: '宠物用品', en: 'Pets' },
  { value: 'fashion-accessories', zh: '服饰配件', en: 'Fashion accessories' },
  { value: 'digital-accessories', zh: '数码配件', en: 'Digital accessories' },
  { value: 'body-care', zh: '个人护理', en: 'Body care' },
  { value: 'jewelry', zh: '珠宝首饰', en: 'Jewelry' },
  { value: 'food-drink', zh: '食品饮料', en: 'Food & drink' },
  { value: 'other', zh: '其他', en: 'Other' },
] as const);

/**
 * A task's location when its live happens online: the value stored (the publish schema's default, what matching
 * reads as "anywhere") and its labels. A location typed as the label of either language is stored as the value,
 * and shown in the reader's language (decision 0029).
 */
export const ONLINE_LOCATION = '线上';
export const ONLINE_LOCATION_LABEL: Label = { zh: ONLINE_LOCATION, en: 'Online' };
/** true for the online location: nothing, 线上, or Online in any case */
export const isOnlineLocation = (v: string | null | undefined): boolean => {
  const s = (v ?? '').trim();
  return s === '' || s === ONLINE_LOCATION || s.toLowerCase() === ONLINE_LOCATION_LABEL.en.toLowerCase();
};
/** the location to store for what was typed: the online one in either language becomes 线上, anything else stays */
export const storedLocation = (v: string | null | undefined): string => (isOnlineLocation(v) ? ONLINE_LOCATION : (v ?? '').trim());

export const LIVE_VENUES = opts([
  { value: 'studio', zh: '专业直播间', en: 'Professional studio' },
  { value: 'home', zh: '家中', en: 'Home' },
  { value: 'outdoor', zh: '户外', en: 'Outdoor' },
  { value: 'office', zh: '办公室', en: 'Office' },
  { value: 'other', zh: '其他', en: 'Other' },
] as const);

export const LANGUAGES = opts([
  { value: 'chinese', zh: '中文', en: 'Chinese' },
  { value: 'english', zh: '英语', en: 'English' },
  { value: 'japanese', zh: '日语', en: 'Japanese' },
  { value: 'korean', zh: '韩语', en: 'Korean' },
  { value: 'french', zh: '法语', en: 'French' },
  { value: 'german', zh: '德语', en: 'German' },
  { value: 'spanish', zh: '西班牙语', en: 'Spanish' },
  { value: 'other', zh: '其他', en: 'Other' },
] as const);

export const INFLUENCER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type InfluencerStatus = (typeof INFLUENCER_STATUSES)[number];

export const ADMIN_PERMISSIONS = [
  'user_management',
  'task_management',
  'system_settings',
  'data_analytics',
  'content_moderation',
  // the money work (payouts, refunds, ledger) is reserved to admins who hold this one
  'finance',
] as const;
/** labels of the permissions (管理员设置) */
export const ADMIN_PERMISSION_LABELS: Record<(typeof ADMIN_PERMISSIONS)[number], { zh: string; en: string }> = {
  user_management: { zh: '用户管理', en: 'User management' },
  task_management: { zh: '任务管理', en: 'Task management' },
  system_settings: { zh: '系统设置', en: 'System settings' },
  data_analytics: { zh: '数据分析', en: 'Analytics' },
  content_moderation: { zh: '内容管理', en: 'Content moderation' },
  finance: { zh: '财务管理', en: 'Finance' },
};
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export const TASK_STATUSES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const APPLICATION_STATUSES = ['pending', 'accepted', 'refused', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/**
 * 邀请 (decision 0025): pending until the influencer accepts or declines; expired after 72 h unanswered;
 * withdrawn by the company; closed when the task stops recruiting (filled, cancelled, recruiting ended).
 */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn', 'closed'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** an unanswered invitation expires after this many hours */
export const INVITATION_EXPIRY_HOURS = 72;
/** invitations one task may send in 24 hours unless 系统设置 says otherwise */
export const INVITATION_DAILY_LIMIT_DEFAULT = 10;

export const values = <V extends string>(list: readonly Option<V>[]) => list.map((o) => o.value) as unknown as [V, ...V[]];
export const labelOf = <V extends string>(list: readonly Option<V>[], value: string, lang: 'zh' | 'en' = 'zh') =>
  list.find((o) => o.value === value)?.[lang] ?? value;
