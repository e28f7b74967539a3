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
  INTERNAL: { status: 500, zh: '操作失败，请重试', en: 'Something went wrong, please try again' },
  UNAVAILABLE: { status: 503, zh: '服务暂时不可用，请稍后重试', en: 'Service temporarily unavailable' },

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
