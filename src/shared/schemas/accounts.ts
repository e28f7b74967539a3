import { z } from 'zod';
import { LIMITS, PHONE_RE } from '../limits';
import { USER_TYPES } from '../options';
import { codeField } from './auth';
import { optionalText } from './fields';

/** Mainland mobile number: required, 11 digits, 1 then 3–9 (part 1 §5). */
export const phoneField = z.string({ error: 'PHONE_REQUIRED' }).trim().min(1, { error: 'PHONE_REQUIRED' }).regex(PHONE_RE, { error: 'PHONE_INVALID' });

export const phoneCodeRequest = z.object({ phone: phoneField });
export const phoneCodeResponse = z.object({
  ok: z.literal(true),
  cooldownSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export const phoneVerifyRequest = z.object({
  phone: phoneField,
  code: z
    .string({ error: 'CODE_REQUIRED' })
    .trim()
    .min(1, { error: 'CODE_REQUIRED' })
    .regex(new RegExp(`^\\d{${LIMITS.smsCodeLength}}$`), { error: 'SMS_CODE_INVALID' }),
});
/** POST /api/account/phone/verify: the number is verified for this account; save it (PUT /api/account/phone) within the window */
export const phoneVerification = z.object({
  phone: z.string(),
  verified: z.literal(true),
  /** seconds left to save the number with PUT /api/account/phone before the verification lapses */
  saveWithinSeconds: z.number().int(),
});
export type PhoneVerification = z.infer<typeof phoneVerification>;
export const phoneUpdateRequest = z.object({ phone: phoneField });

export const passwordChangeRequest = z
  .object({
    currentPassword: z.string({ error: 'CURRENT_PASSWORD_REQUIRED' }).trim().min(1, { error: 'CURRENT_PASSWORD_REQUIRED' }).max(128),
    newPassword: z
      .string({ error: 'NEW_PASSWORD_TOO_SHORT' })
      .trim()
      .min(LIMITS.passwordMin, { error: 'NEW_PASSWORD_TOO_SHORT' })
      .max(128, { error: 'PASSWORD_TOO_LONG' }),
    confirmPassword: z.string({ error: 'PASSWORD_CONFIRM_MISMATCH' }).trim(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'PASSWORD_CONFIRM_MISMATCH' });
    }
  });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const PROFILE_VISIBILITY = ['public', 'registered', 'private'] as const;
export const CONTACT_VISIBILITY = ['public', 'contacts', 'private'] as const;

export const settings = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  profileVisibility: z.enum(PROFILE_VISIBILITY),
  contactInfoVisibility: z.enum(CONTACT_VISIBILITY),
  allowMessages: z.boolean(),
});
export type Settings = z.infer<typeof settings>;
export const settingsUpdate = settings.partial();
export const DEFAULT_SETTINGS: Settings = {
  emailNotifications: true,
  smsNotifications: false,
  profileVisibility: 'public',
  contactInfoVisibility: 'contacts',
  allowMessages: true,
};

export const deletionRequestBody = z.object({
  confirm: z.literal(true, { error: 'DELETION_CONFIRM_REQUIRED' }),
  reason: optionalText(500, { multiline: true }),
});
export const deletionRequestInfo = z.object({ status: z.literal('pending'), requestedAt: z.string() });

export const accountInfo = z.object({
  id: z.string().uuid(),
  email: z.string(),
  userType: z.enum(USER_TYPES).nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['normal', 'deletion_pending']),
  deletionRequest: deletionRequestInfo.nullable(),
  settings,
});
export type AccountInfo = z.infer<typeof accountInfo>;
export const accountResponse = z.object({ account: accountInfo });

export { codeField };
