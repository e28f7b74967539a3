import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emailCodeRequest,
  emailCodeVerifyRequest,
  loginRequest,
  passwordResetConfirm,
  passwordResetRequest,
  sessionResponse,
  signupRequest,
  talentQuestionnaire,
} from './auth';
import { emailField, passwordField } from './common';

/** path → first message (our messages are error codes) of a failed parse, as the server reports them; {} when it passes. */
function issues(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) {
    const key = i.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = i.message;
  }
  return out;
}
const firstIssue = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : { message: r.error.issues[0].message, params: (r.error.issues[0] as { params?: unknown }).params };
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const company = { email: 'a@b.co', password: 'secret1', userType: 'company' };

describe('email', () => {
  it('is trimmed and lower-cased before use', () => {
    expect(emailField.parse('  Boss@Example.COM \t')).toBe('boss@example.com');
    expect(emailCodeRequest.parse({ email: ' X@Y.cn ' })).toEqual({ email: 'x@y.cn' });
  });
  it('missing, empty or blank → EMAIL_REQUIRED (请输入邮箱地址); malformed → EMAIL_INVALID', () => {
    expect(issues(emailCodeRequest, {})).toEqual({ email: 'EMAIL_REQUIRED' });
    expect(issues(emailCodeRequest, { email: null })).toEqual({ email: 'EMAIL_REQUIRED' });
    expect(issues(emailCodeRequest, { email: '' })).toEqual({ email: 'EMAIL_REQUIRED' });
    expect(issues(emailCodeRequest, { email: '   ' })).toEqual({ email: 'EMAIL_REQUIRED' });
    expect(issues(emailCodeRequest, { email: 'not-an-email' })).toEqual({ email: 'EMAIL_INVALID' });
    expect(issues(emailCodeRequest, { email: `${'a'.repeat(250)}@b.co` })).toEqual({ email: 'EMAIL_INVALID' });
  });
});

describe('password', () => {
  it('is trimmed; required (请输入密码); at least 6 characters after trimming (密码至少需要6位字符)', () => {
    expect(passwordField.parse('  secret1  ')).toBe('secret1');
    expect(passwordField.parse(' 123456 ')).toBe('123456');
    expect(firstIssue(passwordField, undefined)?.message).toBe('PASSWORD_REQUIRED');
    expect(firstIssue(passwordField, '')?.message).toBe('PASSWORD_REQUIRED');
    expect(firstIssue(passwordField, '      ')?.message).toBe('PASSWORD_REQUIRED');
    expect(firstIssue(passwordField, '12345')?.message).toBe('PASSWORD_TOO_SHORT');
    // 7 characters as typed, 5 once trimmed
    expect(firstIssue(passwordField, ' 12345 ')?.message).toBe('PASSWORD_TOO_SHORT');
    expect(firstIssue(passwordField, 'x'.repeat(129))?.message).toBe('PASSWORD_TOO_LONG');
    expect(passwordField.parse('x'.repeat(128))).toHaveLength(128);
  });
  it('sign-in only checks presence: a short password is a wrong password, not a form error', () => {
    expect(loginRequest.parse({ email: ' A@B.co ', password: ' 123 ' })).toEqual({ email: 'a@b.co', password: '123' });
    expect(issues(loginRequest, { email: 'a@b.co', password: '  ' })).toEqual({ password: 'PASSWORD_REQUIRED' });
    expect(issues(loginRequest, {})).toEqual({ email: 'EMAIL_REQUIRED', password: 'PASSWORD_REQUIRED' });
  });
});

describe('email code', () => {
  it('is required, exactly 6 digits, trimmed', () => {
    expect(emailCodeVerifyRequest.parse({ email: 'a@b.co', code: ' 123456 ' })).toEqual({ email: 'a@b.co', code: '123456' });
    expect(issues(emailCodeVerifyRequest, { email: 'a@b.co' })).toEqual({ code: 'CODE_REQUIRED' });
    expect(issues(emailCodeVerifyRequest, { email: 'a@b.co', code: ' ' })).toEqual({ code: 'CODE_REQUIRED' });
    for (const bad of ['12345', '1234567', '12a456', '12 456', '１２３４５６']) {
      expect(issues(emailCodeVerifyRequest, { email: 'a@b.co', code: bad })).toEqual({ code: 'CODE_INVALID' });
    }
  });
});

describe('sign-up request', () => {
  it('a company needs email, password and type; confirmation is optional but must match (trimmed)', () => {
    expect(signupRequest.parse(company)).toMatchObject({ email: 'a@b.co', password: 'secret1', userType: 'company' });
    expect(signupRequest.parse({ ...company, password: ' secret1 ', confirmPassword: 'secret1  ' }).password).toBe('secret1');
    expect(issues(signupRequest, { ...company, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'PASSWORD_MISMATCH' });
    expect(issues(signupRequest, { ...company, confirmPassword: '' })).toEqual({ confirmPassword: 'PASSWORD_MISMATCH' });
  });

  it('only influencer and company can be chosen; admin or anything else → USER_TYPE_REQUIRED', () => {
    for (const userType of ['admin', 'Admin', 'ordinary', '', undefined, 1]) {
      expect(issues(signupRequest, { ...company, userType })).toEqual({ userType: 'USER_TYPE_REQUIRED' });
    }
  });

  it('unknown fields are dropped, so a client cannot smuggle a role or flags in', () => {
    const parsed = signupRequest.parse({ ...company, isAdmin: true, user_type: 'admin', role: 'admin', permissions: ['user_management'] });
    expect(Object.keys(parsed).sort()).toEqual(['email', 'password', 'userType']);
  });

  it('reports the first problem in form order: email, password, confirmation, type', () => {
    expect(firstIssue(signupRequest, {})?.message).toBe('EMAIL_REQUIRED');
    expect(issues(signupRequest, { email: '', password: '1', confirmPassword: '2', userType: 'x' })).toEqual({
      email: 'EMAIL_REQUIRED',
      password: 'PASSWORD_TOO_SHORT',
      userType: 'USER_TYPE_REQUIRED',
    });
  });

  it('an influencer must answer the questionnaire (请至少选择一个达人类型)', () => {
    expect(issues(signupRequest, { ...company, userType: 'influencer' })).toEqual({ 'talent.types': 'TALENT_TYPE_REQUIRED' });
    expect(issues(signupRequest, { ...company, userType: 'influencer', talent: {} })).toEqual({ 'talent.types': 'TALENT_TYPE_REQUIRED' });
    expect(issues(signupRequest, { ...company, userType: 'influencer', talent: { types: [] } })).toEqual({
      'talent.types': 'TALENT_TYPE_REQUIRED',
    });
  });
});

describe('talent questionnaire', () => {
  it('each chosen type needs an experience and at least one case file, reported with the type', () => {
    const r = talentQuestionnaire.safeParse({ types: ['live-host', 'video-editor'], details: { 'video-editor': { experience: '3+' } } });
    expect(r.success).toBe(false);
    const got = r.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message, params: (i as { params?: unknown }).params }));
    expect(got).toEqual([
      { path: 'details.live-host.experience', message: 'TALENT_EXPERIENCE_REQUIRED', params: { type: 'live-host' } },
      { path: 'details.live-host.portfolioFileIds', message: 'TALENT_PORTFOLIO_REQUIRED', params: { type: 'live-host' } },
      { path: 'details.video-editor.portfolioFileIds', message: 'TALENT_PORTFOLIO_REQUIRED', params: { type: 'video-editor' } },
    ]);
  });

  it('accepts 1–3 files per type, refuses a 4th (最多只能上传 3 个文件), and only ids', () => {
    const ok = talentQuestionnaire.parse({
      types: ['account-manager', 'account-manager'],
      details: { 'account-manager': { experience: 'newbie', portfolioFileIds: [uuid(1), uuid(2), uuid(3)] } },
    });
    expect(ok.details['account-manager']).toMatchObject({ experience: 'newbie', portfolioLinks: [], operationSkills: [] });
    expect(
      issues(talentQuestionnaire, {
        types: ['account-manager'],
        details: { 'account-manager': { experience: 'newbie', portfolioFileIds: [uuid(1), uuid(2), uuid(3), uuid(4)] } },
      }),
    ).toEqual({ 'details.account-manager.portfolioFileIds': 'TOO_MANY_FILES' });
    expect(
      issues(talentQuestionnaire, { types: ['live-host'], details: { 'live-host': { experience: '1-3', portfolioFileIds: ['../../etc/passwd'] } } }),
    ).toHaveProperty(['details.live-host.portfolioFileIds.0']);
  });

  it('only the spec option values are accepted', () => {
    const base = { experience: '1-6', portfolioFileIds: [uuid(1)] };
    expect(issues(talentQuestionnaire, { types: ['singer'], details: {} })).toHaveProperty(['types.0']);
    expect(issues(talentQuestionnaire, { types: ['live-host'], details: { 'live-host': { ...base, experience: '10+' } } })).toHaveProperty([
      'details.live-host.experience',
    ]);
    expect(issues(talentQuestionnaire, { types: ['live-host'], details: { 'live-host': { ...base, categories: ['beauty', 'weapons'] } } })).toHaveProperty([
      'details.live-host.categories.1',
    ]);
    expect(
      talentQuestionnaire.parse({
        types: ['video-editor'],
        details: { 'video-editor': { ...base, editingSoftware: ['pr', 'ae', 'fcpx', 'vegas'], editingStyles: ['vlog', 'documentary'] } },
      }).details['video-editor']?.editingSoftware,
    ).toEqual(['pr', 'ae', 'fcpx', 'vegas']);
  });
});

describe('sign-up proof, session, password reset (issue 10)', () => {
  it('sign-up takes an optional signupToken (trimmed, bounded)', () => {
    expect(signupRequest.parse({ ...company, signupToken: ' abc ' }).signupToken).toBe('abc');
    expect(signupRequest.parse(company).signupToken).toBeUndefined();
    expect(issues(signupRequest, { ...company, signupToken: 'x'.repeat(201) })).toEqual({ signupToken: 'EMAIL_NOT_VERIFIED' });
  });

  it('the session answer has a user or null', () => {
    expect(sessionResponse.parse({ user: null })).toEqual({ user: null });
    expect(issues(sessionResponse, {})).toHaveProperty('user');
  });

  it('reset: email as everywhere; a 6-digit code; the new password at least 6 characters, typed twice', () => {
    expect(passwordResetRequest.parse({ email: ' A@B.co ' })).toEqual({ email: 'a@b.co' });
    const ok = { email: 'a@b.co', code: '123456', password: 'secret1', confirmPassword: 'secret1' };
    expect(issues(passwordResetConfirm, ok)).toEqual({});
    expect(issues(passwordResetConfirm, { ...ok, code: '' })).toEqual({ code: 'CODE_REQUIRED' });
    expect(issues(passwordResetConfirm, { ...ok, code: '12345' })).toEqual({ code: 'CODE_INVALID' });
    expect(issues(passwordResetConfirm, { ...ok, password: 'abc', confirmPassword: 'abc' })).toEqual({ password: 'NEW_PASSWORD_TOO_SHORT' });
    expect(issues(passwordResetConfirm, { ...ok, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'PASSWORD_CONFIRM_MISMATCH' });
  });
});
