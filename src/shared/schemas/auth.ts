import { z } from 'zod';
import { agencyStaffOf } from './agencyStaff';
import { agencySignupDetails } from './agencies';
import { LIMITS } from '../limits';
import {
  EDITING_SOFTWARE,
  EDITING_STYLES,
  EXPERIENCE_LEVELS,
  HOST_STYLES,
  OPERATION_SKILLS,
  SIGNUP_USER_TYPES,
  STORE_CATEGORIES,
  TALENT_TYPE_VALUES,
  USER_TYPES,
  values,
} from '../options';
import { emailField, loginPasswordField, passwordField } from './common';
import { text } from './fields';

export const emailCodeRequest = z.object({ email: emailField });
export type EmailCodeRequest = z.infer<typeof emailCodeRequest>;
export const emailCodeResponse = z.object({
  ok: z.literal(true),
  /** seconds until another code may be requested */
  cooldownSeconds: z.number().int(),
  /** seconds the code stays valid */
  expiresInSeconds: z.number().int(),
});

export const codeField = (length: number) =>
  z
    .string({ error: 'CODE_REQUIRED' })
    .trim()
    .min(1, { error: 'CODE_REQUIRED' })
    .regex(new RegExp(`^\\d{${length}}$`), { error: 'CODE_INVALID' });

export const emailCodeVerifyRequest = z.object({ email: emailField, code: codeField(LIMITS.emailCodeLength) });
export type EmailCodeVerifyRequest = z.infer<typeof emailCodeVerifyRequest>;
export const emailCodeVerifyResponse = z.object({
  verified: z.literal(true),
  /**
   * Proof of this verification for POST /api/auth/signup, for API clients without a cookie jar
   * (browsers carry the same proof in the httpOnly signup_ticket cookie). Used once, valid 30 minutes.
   */
  signupToken: z.string(),
});
export type EmailCodeVerifyResponse = z.infer<typeof emailCodeVerifyResponse>;

/** The proof of verification sent in a body (the signup_ticket cookie carries the same). */
const signupTokenField = z.string({ error: 'EMAIL_NOT_VERIFIED' }).trim().max(200, { error: 'EMAIL_NOT_VERIFIED' });

const arr = <T extends z.ZodTypeAny>(item: T, max = 10) => z.array(item).max(max).default([]);

export const talentTypeDetail = z.object({
  experience: z.enum(values(EXPERIENCE_LEVELS)).optional(),
  /** ids returned by POST /api/uploads?purpose=portfolio */
  portfolioFileIds: z.array(z.string().uuid()).max(LIMITS.portfolioMaxFiles, { error: 'TOO_MANY_FILES' }).default([]),
  portfolioLinks: arr(z.string().trim().url({ error: 'BAD_REQUEST' }).max(500), 5),
  // live-host
  categories: arr(z.enum(values(STORE_CATEGORIES))),
  hostStyles: arr(z.enum(values(HOST_STYLES))),
  achievement: text(1000, { multiline: true }).optional(),
  // account-manager
  operationCategories: arr(z.enum(values(STORE_CATEGORIES))),
  operationSkills: arr(z.enum(values(OPERATION_SKILLS))),
  successCases: text(2000, { multiline: true }).optional(),
  // video-editor
  editingSoftware: arr(z.enum(values(EDITING_SOFTWARE))),
  editingStyles: arr(z.enum(values(EDITING_STYLES))),
});
export type TalentTypeDetail = z.infer<typeof talentTypeDetail>;
export type TalentTypeDetailInput = z.input<typeof talentTypeDetail>;

export const talentQuestionnaire = z
  .object({
    types: z.array(z.enum(TALENT_TYPE_VALUES)).max(3).default([]),
    details: z.partialRecord(z.enum(TALENT_TYPE_VALUES), talentTypeDetail).default({}),
  })
  .superRefine((v, ctx) => {
    const types = [...new Set(v.types)];
    if (types.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['types'], message: 'TALENT_TYPE_REQUIRED' });
      return;
    }
    for (const type of types) {
      const d = v.details[type];
      if (!d?.experience) {
        ctx.addIssue({ code: 'custom', path: ['details', type, 'experience'], message: 'TALENT_EXPERIENCE_REQUIRED', params: { type } });
      }
      if (!d || d.portfolioFileIds.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['details', type, 'portfolioFileIds'], message: 'TALENT_PORTFOLIO_REQUIRED', params: { type } });
      }
    }
  });
export type TalentQuestionnaire = z.infer<typeof talentQuestionnaire>;

export const signupRequest = z
  .object({
    email: emailField,
    password: passwordField,
    /** the form always sends it; API clients may omit it */
    confirmPassword: z.string({ error: 'PASSWORD_MISMATCH' }).trim().optional(),
    userType: z.enum(SIGNUP_USER_TYPES, { error: 'USER_TYPE_REQUIRED' }),
    talent: talentQuestionnaire.optional(),
    /** 机构 (userType agency): the organisation, its business licence and 统一社会信用代码 (decision 0044) */
    agency: agencySignupDetails.optional(),
    /** the signupToken of the verify response; needed unless the request carries the signup_ticket cookie */
    signupToken: signupTokenField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'PASSWORD_MISMATCH' });
    }
    if (v.userType === 'influencer' && !v.talent) {
      ctx.addIssue({ code: 'custom', path: ['talent', 'types'], message: 'TALENT_TYPE_REQUIRED' });
    }
    if (v.userType === 'agency' && !v.agency) {
      ctx.addIssue({ code: 'custom', path: ['agency', 'name'], message: 'AGENCY_REQUIRED_FIELDS' });
    }
  });
export type SignupRequest = z.infer<typeof signupRequest>;
export type SignupInput = z.input<typeof signupRequest>;

export const loginRequest = z.object({ email: emailField, password: loginPasswordField });
export type LoginRequest = z.infer<typeof loginRequest>;

export const me = z.object({
  id: z.string().uuid(),
  email: z.string(),
  /** null = ordinary account (shown as 用户中心) */
  userType: z.enum(USER_TYPES).nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  displayName: z.string().nullable(),
  /** the account's picture where it has one: an influencer's avatar, a company's or an agency's logo (the header shows it) */
  avatarUrl: z.string().nullable(),
  /** a staff account of an agency (子账号, decision 0067): the agency, the role, the staff member's name; null otherwise */
  agencyStaff: agencyStaffOf.nullable(),
});
export type Me = z.infer<typeof me>;
export const meResponse = z.object({ user: me });
export type MeResponse = z.infer<typeof meResponse>;

/** GET /api/auth/session: who is signed in; 200 for everyone (`user: null` for visitors). */
export const sessionResponse = z.object({ user: me.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** POST /api/auth/password-reset/request (忘记密码): the same answer whether the address is registered or not. */
export const passwordResetRequest = z.object({ email: emailField });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;
export const passwordResetRequestResponse = emailCodeResponse;

/** POST /api/auth/password-reset/confirm: the mailed code and the new password (twice). */
export const passwordResetConfirm = z
  .object({
    email: emailField,
    code: codeField(LIMITS.emailCodeLength),
    password: z
      .string({ error: 'NEW_PASSWORD_TOO_SHORT' })
      .trim()
      .min(LIMITS.passwordMin, { error: 'NEW_PASSWORD_TOO_SHORT' })
      .max(128, { error: 'PASSWORD_TOO_LONG' }),
    confirmPassword: z.string({ error: 'PASSWORD_CONFIRM_MISMATCH' }).trim(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'PASSWORD_CONFIRM_MISMATCH' });
    }
  });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;
