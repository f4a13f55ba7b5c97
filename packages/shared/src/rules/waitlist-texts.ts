// The waitlist's words and form addresses, without zod: the page loads its zod schema only when the form is first
// checked (lazyZodResolver), so its first load stays light (bench/bundle-budget.ts).
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
