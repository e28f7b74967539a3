/**
 * The one error model. The server answers `{ error: { code, message, params?, fields? } }`
 * with the status below; `message` is the zh-CN text. The web maps `code` (+ params) to
 * the current language through `errorText`. Chinese wording follows the spec exactly.
 */
export type ErrorDef = { status: number; zh: string; en: string };

export const ERRORS = {
  // generic
  BAD_REQUEST: { status: 400, zh: '请求参数有误', en: 'The request is not valid' },
  UNAUTHENTICATED: { status: 401, zh: '用户未登录', en: 'You are not signed in' },
  FORBIDDEN: { status: 403, zh: '权限不足', en: 'You do not have permission to do this' },
  CROSS_ORIGIN: { status: 403, zh: '跨站请求已被拒绝', en: 'Cross-site request refused' },
  NOT_FOUND: { status: 404, zh: '请求的资源不存在', en: 'Not found' },
  CONFLICT: { status: 409, zh: '操作冲突，请刷新后重试', en: 'Conflict, please refresh and retry' },
  RATE_LIMITED: { status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  PAYLOAD_TOO_LARGE: { status: 413, zh: '请求内容过大', en: 'The request is too large' },
  INTERNAL: { status: 500, zh: '操作失败，请重试', en: 'Something went wrong, please try again' },
  UNAVAILABLE: { status: 503, zh: '服务暂时不可用，请稍后重试', en: 'Service temporarily unavailable' },
  HEADERS_TOO_LARGE: { status: 431, zh: '请求头过大', en: 'The request headers are too large' },
  URI_TOO_LONG: { status: 414, zh: '请求地址过长', en: 'The request address is too long' },

  // sign-up / sign-in (part 1 §5, §8)
  EMAIL_REQUIRED: { status: 400, zh: '请输入邮箱地址', en: 'Please enter your email address' },
  EMAIL_INVALID: { status: 400, zh: '请输入有效的邮箱地址', en: 'Please enter a valid email address' },
  EMAIL_NOT_VERIFIED: { status: 400, zh: '请先完成邮箱验证', en: 'Please verify your email first' },
  EMAIL_TAKEN: { status: 409, zh: '该邮箱已注册，请直接登录', en: 'This email is already registered, please sign in' },
  PASSWORD_REQUIRED: { status: 400, zh: '请输入密码', en: 'Please enter a password' },
  PASSWORD_TOO_SHORT: { status: 400, zh: '密码至少需要6位字符', en: 'The password needs at least 6 characters' },
  PASSWORD_TOO_LONG: { status: 400, zh: '密码不能超过128位字符', en: 'The password can have at most 128 characters' },
  PASSWORD_MISMATCH: { status: 400, zh: '密码不匹配', en: 'The passwords do not match' },
  USER_TYPE_REQUIRED: { status: 400, zh: '请选择用户类型', en: 'Please choose an account type' },
  CODE_REQUIRED: { status: 400, zh: '请输入验证码', en: 'Please enter the code' },
  CODE_INVALID: { status: 400, zh: '验证码错误，请重试', en: 'Wrong code, please try again' },
  CODE_EXPIRED: { status: 400, zh: '验证码已过期，请重新获取', en: 'The code has expired, please request a new one' },
  CODE_NOT_SENT: { status: 400, zh: '请先发送验证码', en: 'Please request a code first' },
  CODE_ATTEMPTS_EXCEEDED: {
    status: 429,
    zh: '验证码错误次数过多，请重新获取',
    en: 'Too many wrong attempts, please request a new code',
  },
  CODE_COOLDOWN: { status: 429, zh: '请{seconds}秒后再重新发送', en: 'Please wait {seconds} s before sending again' },
  SEND_FAILED: { status: 502, zh: '发送失败', en: 'Sending failed' },
  INVALID_CREDENTIALS: {
    status: 401,
    zh: '邮箱或密码错误，请检查后重试',
    en: 'Wrong email or password, please check and try again',
  },
  LOGIN_FAILED: { status: 400, zh: '登录失败，请重试', en: 'Sign-in failed, please try again' },
  SIGNUP_FAILED: { status: 400, zh: '注册失败，请重试', en: 'Sign-up failed, please try again' },
  TALENT_TYPE_REQUIRED: { status: 400, zh: '请至少选择一个达人类型', en: 'Please choose at least one talent type' },
  TALENT_EXPERIENCE_REQUIRED: { status: 400, zh: '请选择{type}的经验', en: 'Please choose your experience as {type}' },
  TALENT_PORTFOLIO_REQUIRED: { status: 400, zh: '请上传{type}的相关案例', en: 'Please upload work samples for {type}' },

  // uploads
  FILE_REQUIRED: { status: 400, zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  FILE_TYPE_NOT_ALLOWED: { status: 400, zh: '只能上传图片或视频文件', en: 'Only images or videos can be uploaded' },
  IMAGE_ONLY: { status: 400, zh: '只能上传图片文件', en: 'Only images can be uploaded' },
  FILE_TOO_LARGE: { status: 413, zh: '文件大小不能超过 {max}', en: 'The file must not be larger than {max}' },
  TOO_MANY_FILES: { status: 400, zh: '最多只能上传 3 个文件', en: 'You can upload at most 3 files' },
  UPLOAD_FAILED: { status: 500, zh: '上传失败', en: 'Upload failed' },
  UPLOAD_NOT_FOUND: { status: 400, zh: '上传的文件不存在或已失效，请重新上传', en: 'The uploaded file is missing or expired, please upload it again' },
  IMAGE_TOO_LARGE_PIXELS: {
    status: 400,
    zh: '图片尺寸过大（{width}×{height}），像素总数不能超过 4000 万',
    en: 'The image is too large ({width}×{height}): at most 40 megapixels',
  },
  UPLOAD_BUSY: { status: 503, zh: '当前上传的图片较多，请稍后重试', en: 'Too many images are being processed, please try again shortly' },
  // profiles, settings, phone (part 1 §5, §6, §8)
  LOGIN_REQUIRED_PROFILE: { status: 401, zh: '请先登录后再访问个人中心', en: 'Please sign in to open your personal centre' },
  LOGIN_REQUIRED_SETTINGS: { status: 401, zh: '请先登录后再访问账号设置', en: 'Please sign in to open account settings' },
  COMPANY_ONLY: { status: 403, zh: '只有企业用户可以访问此页面', en: 'Only company accounts can open this page' },
  INFLUENCER_ONLY: { status: 403, zh: '只有达人用户可以访问此页面', en: 'Only influencer accounts can open this page' },
  NICKNAME_REQUIRED: { status: 400, zh: '昵称不能为空', en: 'Nickname is required' },
  COMPANY_REQUIRED_FIELDS: { status: 400, zh: '公司名称和联系人不能为空', en: 'Company name and contact person are required' },
  CATEGORY_DUPLICATE: { status: 400, zh: '该分类已存在', en: 'This category is already added' },
  TAG_DUPLICATE: { status: 400, zh: '该标签已存在', en: 'This tag is already added' },
  CATEGORY_INVALID: { status: 400, zh: '请选择列表中的分类', en: 'Please choose a category from the list' },
  RATE_INVALID: { status: 400, zh: '时薪不能小于0', en: 'The hourly rate cannot be negative' },
  EXPERIENCE_INVALID: { status: 400, zh: '经验年限不能小于0', en: 'Years of experience cannot be negative' },
  URL_INVALID: { status: 400, zh: '请输入有效的网址', en: 'Please enter a valid URL' },
  FIELD_REQUIRED: { status: 400, zh: '请填写此字段', en: 'This field is required' },
  NUMBER_INVALID: { status: 400, zh: '请输入有效的数字', en: 'Please enter a valid number' },
  PROFILE_NOT_FOUND: { status: 404, zh: '未找到资料，请先完善资料', en: 'No profile yet, please complete your profile' },
  VERIFICATION_PENDING: { status: 409, zh: '认证申请正在审核中', en: 'A verification request is already under review' },
  ALREADY_VERIFIED: { status: 409, zh: '企业已认证', en: 'The company is already verified' },
  PHONE_REQUIRED: { status: 400, zh: '请输入手机号码', en: 'Please enter your mobile number' },
  PHONE_INVALID: { status: 400, zh: '请输入正确的手机号码格式', en: 'Please enter a valid mainland mobile number' },
  SMS_CODE_INVALID: { status: 400, zh: '验证码错误，请重新输入', en: 'Wrong code, please enter it again' },
  PHONE_NOT_VERIFIED: { status: 400, zh: '请先验证手机号码', en: 'Please verify the mobile number first' },
  SMS_GATEWAY_30: { status: 502, zh: '短信发送失败：短信网关密码错误', en: 'SMS not sent: the gateway password is wrong' },
  SMS_GATEWAY_40: { status: 502, zh: '短信发送失败：短信网关账号不存在', en: 'SMS not sent: the gateway account does not exist' },
  SMS_GATEWAY_41: { status: 502, zh: '短信发送失败：短信网关余额不足', en: 'SMS not sent: the gateway balance is insufficient' },
  SMS_GATEWAY_43: { status: 502, zh: '短信发送失败：IP地址受限', en: 'SMS not sent: this IP address is restricted' },
  SMS_GATEWAY_50: { status: 502, zh: '短信发送失败：内容含有敏感词', en: 'SMS not sent: the content contains sensitive words' },
  SMS_GATEWAY_51: { status: 400, zh: '短信发送失败：手机号码不正确', en: 'SMS not sent: the mobile number is wrong' },
  SMS_GATEWAY_ERROR: { status: 502, zh: '短信发送失败，请稍后重试', en: 'SMS not sent, please try again later' },
  PASSWORD_CONFIRM_MISMATCH: { status: 400, zh: '两次输入的新密码不一致', en: 'The two new passwords do not match' },
  NEW_PASSWORD_TOO_SHORT: { status: 400, zh: '新密码长度不能少于6位', en: 'The new password needs at least 6 characters' },
  CURRENT_PASSWORD_REQUIRED: { status: 400, zh: '请输入当前密码', en: 'Please enter your current password' },
  CURRENT_PASSWORD_WRONG: { status: 400, zh: '当前密码错误', en: 'The current password is wrong' },
  DELETION_CONFIRM_REQUIRED: { status: 400, zh: '请确认注销账号', en: 'Please confirm the deletion request' },
  DELETION_PENDING: { status: 409, zh: '注销申请已提交，正在处理中', en: 'A deletion request is already being processed' },
  // tasks and applications (part 2 §5, §8)
  TASK_NOT_FOUND: { status: 404, zh: '任务不存在', en: 'The task does not exist' },
  TASK_ID_MISSING: { status: 400, zh: '任务ID不存在', en: 'The task id is missing' },
  COMPANY_PROFILE_REQUIRED: { status: 400, zh: '无法获取企业信息', en: 'Company information is missing, please complete your company profile' },
  TASK_TITLE_REQUIRED: { status: 400, zh: '请输入任务标题', en: 'Please enter a title' },
  TASK_DESCRIPTION_REQUIRED: { status: 400, zh: '请输入任务描述', en: 'Please enter a description' },
  TASK_CATEGORY_REQUIRED: { status: 400, zh: '请选择任务分类', en: 'Please choose a category' },
  TASK_BUDGET_REQUIRED: { status: 400, zh: '请输入预算', en: 'Please enter the budget' },
  TASK_BUDGET_INVALID: { status: 400, zh: '预算不能小于0', en: 'The budget cannot be negative' },
  TASK_BUDGET_RANGE: { status: 400, zh: '最高预算不能低于最低预算', en: 'The maximum budget cannot be below the minimum' },
  TASK_MAX_APPLICANTS_INVALID: { status: 400, zh: '最大申请人数至少为1', en: 'At least 1 applicant must be allowed' },
  TASK_PREPAYMENT_INVALID: { status: 400, zh: '请填写有效的预付金额', en: 'Please enter a valid prepayment amount' },
  TASK_DEPOSIT_INVALID: { status: 400, zh: '请填写有效的保证金金额', en: 'Please enter a valid deposit amount' },
  TASK_STATE_CONFLICT: { status: 409, zh: '任务当前状态不允许此操作', en: 'The task is not in a state that allows this' },
  TASK_NOT_OPEN: { status: 409, zh: '该任务已停止招募', en: 'This task is no longer recruiting' },
  TASK_FULL: { status: 409, zh: '该任务报名人数已满', en: 'This task has reached its maximum number of applicants' },
  INFLUENCER_LOGIN_REQUIRED: { status: 401, zh: '请先登录达人账号', en: 'Please sign in with an influencer account' },
  INFLUENCER_ACCOUNT_REQUIRED: { status: 403, zh: '请先登录达人账号', en: 'Only influencer accounts can do this' },
  INFLUENCER_PROFILE_REQUIRED: { status: 400, zh: '未找到达人信息，请先完善达人资料', en: 'No influencer profile found, please complete your profile first' },
  APPLICATION_DUPLICATE: { status: 409, zh: '您已经申请过该任务', en: 'You have already applied for this task' },
  QUOTE_REQUIRED: { status: 400, zh: '请输入您的报价', en: 'Please enter your quote' },
  QUOTE_OUT_OF_RANGE: { status: 400, zh: '报价需在 ${min} - ${max} 之间', en: 'Your quote must be between ${min} and ${max}' },
  APPLICATION_NOT_FOUND: { status: 404, zh: '申请不存在', en: 'The application does not exist' },
  APPLICATION_STATE_CONFLICT: { status: 409, zh: '只能处理待审核的申请', en: 'Only pending applications can be acted on' },
  COMPANY_ONLY_TASKS: { status: 403, zh: '仅企业用户可访问此页面', en: 'Only company accounts can open this page' },
  INFLUENCER_ONLY_TASKS: { status: 403, zh: '仅达人用户可访问此页面', en: 'Only influencer accounts can open this page' },
  NOTIFICATION_NOT_FOUND: { status: 404, zh: '通知不存在', en: 'The notification does not exist' },
  // publishing with an Idempotency-Key (issue 10 item 11)
  IDEMPOTENCY_KEY_INVALID: { status: 400, zh: 'Idempotency-Key 须为 1–200 个可见 ASCII 字符', en: 'The Idempotency-Key must be 1–200 visible ASCII characters' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, zh: '该 Idempotency-Key 已用于内容不同的请求', en: 'This Idempotency-Key was already used for a different request' },
  // bad input (issue 10 item 8): shared field rules of src/shared/schemas/fields.ts
  TEXT_INVALID_CHARS: { status: 400, zh: '内容包含无效字符', en: 'The text contains characters that are not allowed' },
  TEXT_TOO_LONG: { status: 400, zh: '内容过长，请删减后再试', en: 'The text is too long, please shorten it' },
  NUMBER_TOO_LARGE: { status: 400, zh: '数值过大', en: 'The number is too large' },
  NUMBER_NOT_INTEGER: { status: 400, zh: '请输入整数', en: 'Please enter a whole number' },
  DATE_INVALID: { status: 400, zh: '请输入有效的日期', en: 'Please enter a valid date' },
  TASK_BUDGET_TOO_LARGE: { status: 400, zh: '预算金额过大', en: 'The budget is too large' },
  TASK_DURATION_INVALID: { status: 400, zh: '直播时长需在0.5到24小时之间', en: 'The live session must last between 0.5 and 24 hours' },
  TASK_PREPAYMENT_OVER_BUDGET: { status: 400, zh: '预付金额不能超过预算上限', en: 'The prepayment cannot exceed the maximum budget' },
  TASK_DEPOSIT_OVER_BUDGET: { status: 400, zh: '保证金金额不能超过预算上限', en: 'The deposit cannot exceed the maximum budget' },
  TASK_LIVE_DATE_INVALID: { status: 400, zh: '请输入有效的直播日期', en: 'Please enter a valid live date' },
  TASK_LIVE_DATE_RANGE: { status: 400, zh: '直播日期需在今天到一年内', en: 'The live date must be between today and one year from now' },
  // people and showcase (issue 8; part 2 §5, §8)
  INFLUENCER_ID_MISSING: { status: 400, zh: '达人ID不存在', en: 'No influencer ID was given' },
  INFLUENCER_NOT_FOUND: { status: 404, zh: '达人不存在', en: 'The influencer does not exist' },
  INFLUENCER_DETAIL_FAILED: { status: 500, zh: '无法加载达人详情', en: 'Could not load the influencer' },
  COMPANY_ID_MISSING: { status: 400, zh: '公司ID不存在', en: 'No company ID was given' },
  COMPANY_NOT_FOUND: { status: 404, zh: '公司信息不存在', en: 'The company does not exist' },
  COMPANY_DETAIL_FAILED: { status: 500, zh: '获取公司详情失败，请重试', en: 'Could not load the company, please retry' },
  COMPANY_LOGIN_REQUIRED: { status: 401, zh: '请先登录企业账号', en: 'Please sign in with a company account' },
  COMPANY_ACCOUNT_REQUIRED: { status: 403, zh: '请先登录企业账号', en: 'Please sign in with a company account' },
  MESSAGE_REQUIRED: { status: 400, zh: '请输入消息内容', en: 'Please enter a message' },
  MESSAGE_TOO_LONG: { status: 400, zh: '消息内容过长，请删减后再试', en: 'The message is too long, please shorten it' },
  MESSAGES_DISABLED: { status: 403, zh: '该达人暂不接收消息', en: 'This influencer does not accept messages' },
  CONVERSATION_NOT_FOUND: { status: 404, zh: '会话不存在', en: 'The conversation does not exist' },
  FOLLOW_INFLUENCER_ONLY: { status: 403, zh: '只有达人可以关注企业', en: 'Only influencers can follow companies' },
  VIDEO_NOT_FOUND: { status: 404, zh: '视频不存在', en: 'The video does not exist' },
  CONTACT_NAME_REQUIRED: { status: 400, zh: '请输入您的姓名', en: 'Please enter your name' },
  CONTACT_SUBJECT_REQUIRED: { status: 400, zh: '请输入主题', en: 'Please enter a subject' },
  // admin (issue 9; part 2 §5, §6, §8)
  ADMIN_LOGIN_REQUIRED: { status: 401, zh: '用户未登录，请先登录', en: 'You are not signed in, please sign in first' },
  ADMIN_ONLY: {
    status: 403,
    zh: '权限不足，只有超级管理员可以访问此页面',
    en: 'Access denied: only administrators can open this page',
  },
  ADMIN_PERMISSION_MISSING: {
    status: 403,
    zh: '权限不足：您没有{permission}权限',
    en: 'Access denied: you do not have the {permission} permission',
  },
  ADMIN_EMAIL_INVALID: { status: 400, zh: '请输入有效的管理员邮箱', en: 'Please enter a valid administrator email' },
  ACCOUNT_SUSPENDED: { status: 403, zh: '账号已被停用，请联系客服', en: 'This account is suspended, please contact support' },
  USER_NOT_FOUND: { status: 404, zh: '用户不存在', en: 'The user does not exist' },
  REVIEW_NOT_PENDING: { status: 409, zh: '该用户没有待审核的申请', en: 'This user has nothing waiting for review' },
  REJECT_REASON_REQUIRED: { status: 400, zh: '请填写拒绝原因', en: 'Please give the reason' },
  SUSPEND_REASON_REQUIRED: { status: 400, zh: '请填写停用原因', en: 'Please give the reason for the suspension' },
  ALREADY_SUSPENDED: { status: 409, zh: '该账号已被停用', en: 'This account is already suspended' },
  NOT_SUSPENDED: { status: 409, zh: '该账号未被停用', en: 'This account is not suspended' },
  ADMIN_TARGET_NOT_ALLOWED: {
    status: 409,
    zh: '不能对管理员账号执行此操作，请在管理员设置中处理',
    en: 'This cannot be done to an administrator; use the admin settings',
  },
  DELETION_NOT_REQUESTED: { status: 409, zh: '该用户没有待处理的注销申请', en: 'This user has no pending deletion request' },
  SETUP_TOKEN_REQUIRED: { status: 400, zh: '请输入初始化令牌', en: 'Please enter the setup token' },
  SETUP_TOKEN_INVALID: { status: 403, zh: '初始化令牌无效', en: 'The setup token is not valid' },
  SETUP_DONE: { status: 409, zh: '管理员已存在，请使用管理员账号登录', en: 'An administrator exists already; please sign in' },
  LAST_ADMIN: { status: 409, zh: '不能移除最后一位管理员', en: 'The last administrator cannot be removed' },
  LAST_SETTINGS_ADMIN: {
    status: 409,
    zh: '至少需要一位管理员保留系统设置权限',
    en: 'At least one administrator must keep the system settings permission',
  },
  NOT_AN_ADMIN: { status: 404, zh: '该用户不是管理员', en: 'This user is not an administrator' },
  INVITE_INVALID: { status: 400, zh: '邀请链接无效或已过期', en: 'The invitation is not valid or has expired' },
  INVITE_EMAIL_TAKEN: {
    status: 409,
    zh: '该邮箱已注册为普通账号，请使用其他邮箱邀请管理员',
    en: 'This email belongs to a member account; invite the administrator with another email',
  },
  INVITE_ALREADY_ADMIN: { status: 409, zh: '该邮箱已是管理员', en: 'This email is an administrator already' },
  PERMISSIONS_REQUIRED: { status: 400, zh: '请至少选择一项权限', en: 'Please choose at least one permission' },
  // admin: categories and tasks (part 2 §5, §8)
  CATEGORY_NAME_REQUIRED: { status: 400, zh: '分类名称不能为空', en: 'The category name cannot be empty' },
  CATEGORY_NOT_FOUND: { status: 404, zh: '分类不存在', en: 'The category does not exist' },
  CATEGORY_HAS_CHILDREN: {
    status: 409,
    zh: '无法删除包含子分类的分类，请先删除子分类',
    en: 'A category with subcategories cannot be deleted; delete the subcategories first',
  },
  CATEGORY_IN_USE: {
    status: 409,
    zh: '无法删除正在使用的分类，请先移除相关任务',
    en: 'A category in use cannot be deleted; move its tasks first',
  },
  CATEGORY_LEVEL_INVALID: { status: 400, zh: '分类层级必须为1到3', en: 'The level must be 1 to 3' },
  CATEGORY_PARENT_REQUIRED: { status: 400, zh: '请选择上级分类', en: 'Please choose the parent category' },
  CATEGORY_PARENT_INVALID: { status: 400, zh: '上级分类必须是层级更低的分类', en: 'The parent must be a category of a lower level' },
  CATEGORY_CHILD_LEVEL: {
    status: 409,
    zh: '该分类的子分类层级必须高于它，请先调整子分类',
    en: 'Its subcategories must stay on a deeper level; change them first',
  },
  SORT_ORDER_INVALID: { status: 400, zh: '排序必须是不小于0的整数', en: 'The sort order must be a whole number of 0 or more' },
  TASK_DEAL_OPEN: {
    status: 409,
    zh: '该任务已有达人接单，合作进行中，不能删除',
    en: 'An influencer was accepted and the deal is open: this task cannot be deleted',
  },
  // admin: videos and contact messages (part 2 §5, §8)
  VIDEO_TITLE_REQUIRED: { status: 400, zh: '请输入视频标题', en: 'Please enter the video title' },
  VIDEO_URL_REQUIRED: { status: 400, zh: '请输入视频链接', en: 'Please enter the video URL' },
  VIDEO_URL_UNPLAYABLE: {
    status: 400,
    zh: '无法播放该视频链接：请使用本站上传的视频，或 YouTube、Bilibili、Vimeo、抖音、TikTok 的视频链接',
    en: 'This URL cannot be played: use a video uploaded here or a YouTube, Bilibili, Vimeo, Douyin or TikTok link',
  },
  VIDEO_DURATION_INVALID: { status: 400, zh: '时长格式应为 分:秒，例如 2:35', en: 'Use minutes:seconds for the duration, e.g. 2:35' },
  VIDEO_RATING_INVALID: { status: 400, zh: '评分需在0到5之间，最多一位小数', en: 'The rating must be 0 to 5 in steps of 0.1' },
  VIDEO_CATEGORY_INVALID: { status: 400, zh: '视频分类不存在', en: 'The video category does not exist' },
  VIDEO_COVER_INVALID: { status: 400, zh: '封面图片无效，请重新上传', en: 'The cover image is not valid, please upload it again' },
  VIDEO_TAGS_TOO_MANY: { status: 400, zh: '标签最多10个', en: 'At most 10 tags' },
  CONTACT_MESSAGE_NOT_FOUND: { status: 404, zh: '消息不存在', en: 'The message does not exist' },
  // admin: settings and analytics
  SETTING_FEE_INVALID: { status: 400, zh: '平台服务费需在0到50%之间，最多一位小数', en: 'The fee must be 0 to 50 % with at most one decimal' },
  SETTING_SETTLEMENT_INVALID: { status: 400, zh: '结算时间需为1到720小时的整数', en: 'The settlement window must be 1 to 720 whole hours' },
  ANNOUNCEMENT_TEXT_REQUIRED: { status: 400, zh: '启用公告时请填写中文公告内容', en: 'Please write the Chinese text of the announcement to show it' },
  SIGNUP_CLOSED: { status: 403, zh: '当前暂停该类型用户注册，请稍后再试', en: 'Sign-up for this account type is paused, please try again later' },
  ANALYTICS_RANGE_INVALID: { status: 400, zh: '日期范围无效（最长366天）', en: 'The date range is not valid (at most 366 days)' },

  // deals (订单)
  DEAL_NOT_FOUND: { status: 404, zh: '订单不存在', en: 'This deal does not exist' },
  DEAL_STATE_CONFLICT: { status: 409, zh: '订单当前状态不允许此操作，请刷新后重试', en: 'The deal is not in a state that allows this; please refresh' },
  DEAL_ROLE_FORBIDDEN: { status: 403, zh: '您无权执行此操作', en: 'You cannot do this on this deal' },
  DEAL_LIVE_STARTED: { status: 409, zh: '直播已开始，不能再改期或取消', en: 'The live has started; it can no longer be rescheduled or cancelled' },
  DEAL_LIVE_NOT_STARTED: { status: 409, zh: '直播开始后才能提交直播数据', en: 'The live report can be submitted once the live has started' },
  DEAL_OWN_PROPOSAL: { status: 409, zh: '排期需由对方确认', en: 'The other side confirms the schedule you proposed' },
  DEAL_WINDOW_OPEN: { status: 409, zh: '确认期尚未结束', en: 'The confirmation window has not ended yet' },
  DEAL_CANCEL_REQUESTED: { status: 409, zh: '已有取消申请待处理', en: 'A cancellation request is already waiting' },
  DEAL_NO_CANCEL_REQUEST: { status: 409, zh: '没有可处理的取消申请', en: 'There is no cancellation request to act on' },
  DEAL_NOT_DISPUTE_OPENER: { status: 409, zh: '只有发起方可以撤回纠纷', en: 'Only the side that opened the dispute can withdraw it' },
  DEAL_DISPUTE_NOT_ANSWERABLE: { status: 409, zh: '该纠纷无需您回复或已回复', en: 'This dispute does not need your answer or was already answered' },
  DEAL_COMPLETE_IN_DEAL: { status: 409, zh: '该任务已进入订单流程，请在订单中确认直播完成', en: 'This task has a deal: confirm the live on the deal page' },
  DEAL_CARRIER_REQUIRED: { status: 400, zh: '请输入物流公司', en: 'Please enter the carrier' },
  DEAL_TRACKING_REQUIRED: { status: 400, zh: '请输入物流单号', en: 'Please enter the tracking number' },
  DEAL_TRACKING_INVALID: { status: 400, zh: '物流单号只能包含字母、数字和短横线', en: 'A tracking number has only letters, digits and dashes' },
  DEAL_SCHEDULE_INVALID: { status: 400, zh: '请填写有效的直播开始和结束时间（不超过24小时）', en: 'Please enter a valid start and end (at most 24 hours)' },
  DEAL_SCHEDULE_PAST: { status: 400, zh: '直播开始时间需晚于当前时间', en: 'The live must start in the future' },
  DEAL_ROOM_URL_INVALID: { status: 400, zh: '请输入有效的直播间链接', en: 'Please enter a valid live room link' },
  DEAL_REPLAY_URL_INVALID: { status: 400, zh: '请输入有效的回放链接', en: 'Please enter a valid replay link' },
  DEAL_REPORT_TIME_INVALID: { status: 400, zh: '请填写有效的开播和下播时间（不超过24小时）', en: 'Please enter a valid start and end of the live (at most 24 hours)' },
  DEAL_REPORT_FUTURE: { status: 400, zh: '下播时间不能晚于当前时间', en: 'The live cannot end in the future' },
  DEAL_REPORT_NUMBER_INVALID: { status: 400, zh: '请输入有效的数据（不小于0的整数）', en: 'Please enter a valid figure (a whole number, 0 or more)' },
  DEAL_REPORT_PEAK_OVER_VIEWS: { status: 400, zh: '峰值在线人数不能超过观看人数', en: 'Peak viewers cannot exceed views' },
  DEAL_TOO_MANY_IMAGES: { status: 400, zh: '最多上传9张图片', en: 'At most 9 images' },
  DEAL_IMAGE_INVALID: { status: 400, zh: '图片不存在或不是您上传的，请重新上传', en: 'An image is missing or was not uploaded by you; please upload it again' },
  DEAL_DISPUTE_REASON_REQUIRED: { status: 400, zh: '请选择纠纷原因', en: 'Please choose a reason' },
  DEAL_STATEMENT_REQUIRED: { status: 400, zh: '请填写说明', en: 'Please write a statement' },
  DEAL_REASON_REQUIRED: { status: 400, zh: '请填写原因', en: 'Please give a reason' },
  DEAL_PERCENT_INVALID: { status: 400, zh: '请输入1到99之间的比例', en: 'Please enter a share between 1 and 99' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorParams = Record<string, string | number>;

export type ApiErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    params?: ErrorParams;
    /** per-field error codes for form validation, keyed by dotted path */
    fields?: Record<string, ErrorCode>;
  };
};

export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && v in ERRORS;

export function formatMessage(template: string, params?: ErrorParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export function errorText(code: ErrorCode, lang: 'zh' | 'en' = 'zh', params?: ErrorParams): string {
  return formatMessage(ERRORS[code][lang], params);
}
