import { z } from 'zod';
import { APP_ROUTES } from '../routes';

export const WAITLIST_ROLES = ['jobseeker', 'referrer', 'company'] as const;
export type WaitlistRole = (typeof WAITLIST_ROLES)[number];

export const WAITLIST_ROLE_LABELS: Record<WaitlistRole, string> = {
  jobseeker: 'Job Seeker',
  referrer: 'Referrer',
  company: 'Company',
};

export const WAITLIST_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  roleRequired: 'Please select your role',
  success: "Success! You've been added to our waitlist. We'll be in touch soon!",
  failure: 'Something went wrong. Please try again.',
} as const;

export const joinWaitlistRequestSchema = z.object({
  name: z.string({ error: WAITLIST_MESSAGES.nameRequired }).trim().min(1, WAITLIST_MESSAGES.nameRequired).max(120),
  email: z
    .string({ error: WAITLIST_MESSAGES.emailRequired })
    .trim()
    .min(1, WAITLIST_MESSAGES.emailRequired)
    .max(254)
    .pipe(z.email({ error: WAITLIST_MESSAGES.emailInvalid })),
  role: z.enum(WAITLIST_ROLES, { error: WAITLIST_MESSAGES.roleRequired }),
});
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequestSchema>;

export const joinWaitlistResponseSchema = z.object({
  message: z.string(),
});
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;

/**
 * The waitlist as a plain HTML form post, for a visitor whose browser has not run the page's script yet
 * (prerendered /waitlist): the server saves the entry and redirects (303) to the thank-you page, so
 * nothing personal ends up in an address, a log or the browser's history.
 */
export const WAITLIST_FORM = {
  /** The page's own address: a same-origin form post may carry `Origin: null` (no-referrer policy), which the
   * API's cross-site guard refuses, and this post carries no session authority for a forger to borrow. */
  action: `/${APP_ROUTES.waitlist}`,
  joinedPath: `/${APP_ROUTES.waitlistJoined}`,
  /** Where a refused form post lands: `/waitlist?error=<code>`, the code's message shown above the form. */
  errorPath: (code: WaitlistFormError) => `/waitlist?error=${code}`,
} as const;

export const WAITLIST_FORM_ERRORS = {
  invalid: 'Please fill in your name, a valid email address and your role.',
  'rate-limited': 'Too many requests. Please wait a minute and try again.',
  failed: WAITLIST_MESSAGES.failure,
} as const;
export type WaitlistFormError = keyof typeof WAITLIST_FORM_ERRORS;

/** A form post's fields as the browser sends them: every one may be missing; the JSON schema then decides. */
export const waitlistFormBodySchema = z.object({
  name: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
  role: z.string().max(100).optional(),
});
