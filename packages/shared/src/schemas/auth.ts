import { z } from 'zod';
import { COMPANY_ROLES, USER_TYPES } from '../rules/auth';
import { AUTH_MESSAGES, SIGNUP_OUTCOMES } from '../rules/auth-texts';

export * from '../rules/auth';
export * from '../rules/auth-forms';
export * from '../rules/auth-texts';

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A plain login form post's fields as the browser sends them (AUTH_FORM_ERRORS): loginRequestSchema decides. */
export const loginFormBodySchema = z.object({
  email: z.string().max(1000).optional(),
  password: z.string().max(2000).optional(),
});
/** The query of a form post to /login or /signup: the page's own query, where returnTo rides. */
export const authFormQuerySchema = z.looseObject({
  returnTo: z.string().max(2000).optional(),
  /** The job a job seeker came for (/signup?job=), as the JSON sign-up's `job`. */
  job: z.string().max(200).optional(),
});

export const sessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  avatarUrl: z.string().nullable(),
  /** A job seeker's own code to invite friends (TALENT + 6 characters). */
  referralCode: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(COMPANY_ROLES),
});
export type SessionCompany = z.infer<typeof sessionCompanySchema>;

/** GET /api/auth/session: who is logged in; user is null for a visitor. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  company: sessionCompanySchema.nullable(),
  /** PRELAUNCH=true: the site behaves as the spec's pre-launch original. */
  prelaunch: z.boolean(),
  /** The company requires two-factor for admins and this admin has none yet: nothing else answers until it is set up. */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/auth/login: the session, with a notice when logging in cancelled a scheduled account deletion. */
export const loginResponseSchema = sessionResponseSchema.extend({
  notice: z.string().optional(),
  /** The password was right and the account has a second factor: no session yet, the code is asked next. */
  twoFactorRequired: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A new account, signed in: after a sign-up link was followed, or a sign-up through a team invitation. */
export const signupResponseSchema = sessionResponseSchema.extend({ outcome: z.enum(SIGNUP_OUTCOMES) });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** POST /api/auth/signup/confirm: the sign-up link's token, and the password chosen at sign-up. */
export const signupConfirmSchema = z.object({
  token: z.string().trim().min(1, AUTH_MESSAGES.signupLinkInvalid).max(200),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(1024),
});
export type SignupConfirm = z.infer<typeof signupConfirmSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /api/auth/invitations/:token — who was invited to which company. */
export const invitationPreviewSchema = z.object({ companyName: z.string(), name: z.string(), email: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
