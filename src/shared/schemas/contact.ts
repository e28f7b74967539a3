import { z } from 'zod';
import { emailField } from './common';
import { optionalText, text } from './fields';

/** The /contact form (part 2 §2): name, email, subject and message required; phone optional. */
export const CONTACT_USER_TYPES = ['general', 'influencer', 'company', 'media'] as const;
export type ContactUserType = (typeof CONTACT_USER_TYPES)[number];

export const contactRequest = z.object({
  name: text(60, { required: 'CONTACT_NAME_REQUIRED' }),
  email: emailField,
  /** any phone format (international callers too), digits and + - ( ) spaces */
  phone: optionalText(30).refine((v) => v === null || /^[+\d][\d\s()-]{4,28}$/.test(v), { error: 'PHONE_INVALID' }),
  subject: text(120, { required: 'CONTACT_SUBJECT_REQUIRED' }),
  message: text(5000, { required: 'MESSAGE_REQUIRED', multiline: true }),
  userType: z.enum(CONTACT_USER_TYPES, { error: 'BAD_REQUEST' }).default('general'),
});
export type ContactRequest = z.input<typeof contactRequest>;
export const contactResponse = z.object({ ok: z.literal(true), id: z.string().uuid() });
