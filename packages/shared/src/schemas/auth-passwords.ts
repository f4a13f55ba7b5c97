import { z } from 'zod';
import { PASSWORD_POLICY_MESSAGES, passwordProblem } from '../rules/password';
import { safeReturnTo } from '../rules/auth';
import {
  AUTH_MESSAGES,
  COMPANY_TYPES,
  emailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGNUP_ROLES,
} from './auth';

// The schemas that take a new password, apart from the rest of auth: they carry the common-password list
// (rules/password.ts), which the sign-in page has no use for (its first-load budget, bench/bundle-budget.ts).

/** No trimming and no truncation: every character of the password counts. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong)
  .refine((password) => passwordProblem(password) === null, PASSWORD_POLICY_MESSAGES.tooCommon);

const optionalCode = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v ? v : undefined));

export const signupRequestSchema = z
  .object({
    name: z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(120),
    email: emailSchema,
    password: newPasswordSchema,
    role: z.enum(SIGNUP_ROLES, { error: AUTH_MESSAGES.roleRequired }),
    companyType: z.enum(COMPANY_TYPES).optional(),
    companyName: z
      .string()
      .trim()
      .max(120)
      .optional()
      .transform((v) => (v ? v : undefined)),
    inviteCode: optionalCode,
    /** Token from a team invitation e-mail: joins that company as a member. */
    invitationToken: optionalCode,
    /** The page the person set out from (a job with Apply started): the sign-up link leads back there. */
    returnTo: z
      .string()
      .max(2000)
      .optional()
      .transform((v) => safeReturnTo(v) ?? undefined),
    /** The job a job seeker came to find a referral for (/signup?job=): kept in the sign-up link. */
    job: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((value, ctx) => {
    if (passwordProblem(value.password, value.email) === PASSWORD_POLICY_MESSAGES.sameAsEmail) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_POLICY_MESSAGES.sameAsEmail });
    }
    if (value.invitationToken) return;
    if (value.role === 'referrer' && !value.inviteCode) {
      ctx.addIssue({ code: 'custom', path: ['inviteCode'], message: AUTH_MESSAGES.referrerInviteCode });
    }
    if (value.role === 'companyHR') {
      const companyType = value.companyType ?? 'create';
      if (companyType === 'create' && !value.companyName) {
        ctx.addIssue({ code: 'custom', path: ['companyName'], message: AUTH_MESSAGES.companyName });
      }
      if (companyType === 'join' && !value.inviteCode) {
        ctx.addIssue({ code: 'custom', path: ['inviteCode'], message: AUTH_MESSAGES.hrInviteCode });
      }
    }
  });
export type SignupRequest = z.input<typeof signupRequestSchema>;
export type SignupInput = z.output<typeof signupRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  token: z.string().trim().min(1, AUTH_MESSAGES.resetTokenInvalid).max(200),
  password: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
  newPassword: newPasswordSchema,
});

/** A plain sign-up form post's fields as the browser sends them: each may be missing; signupRequestSchema decides. */
export const signupFormBodySchema = z.object({
  name: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
  password: z.string().max(2000).optional(),
  role: z.string().max(100).optional(),
  companyName: z.string().max(1000).optional(),
  /** Company HR's choice when the page knew the role (/signup?role=companyHR): create or join. */
  companyType: z.string().max(100).optional(),
  inviteCode: z.string().max(1000).optional(),
});
