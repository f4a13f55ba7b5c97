// Login and sign-up form refusals and the actions resumed after signing in, apart from rules/auth.ts: that module is
// in every page's first load, these only on the pages that use them (bench/bundle-budget.ts).

/**
 * Login and sign-up as plain HTML form posts, before the page's script runs (ADR 0017): the form posts to the page's
 * own address with its query (`/login?returnTo=…`), the server starts the session and answers 303 to `returnTo` (or
 * the dashboard); a refused post goes back to the page with `error=<code>` added, and the page shows its message.
 */
export const AUTH_FORM_ERRORS = {
  invalid: 'Please fill in every field: a valid e-mail address and your password.',
  credentials: 'Invalid email or password.',
  'rate-limited': 'Too many attempts. Please wait a few minutes and try again.',
  prelaunch: 'Authentication not implemented. Please contact support.',
  refused: 'This form was sent from another site and was refused. Please try again here.',
  'signup-invalid':
    'Please fill in your name, a valid e-mail address, a password of at least 8 characters, and your role (with your company name or invite code where it asks for one).',
  'signup-password': 'Please choose a stronger password: at least 8 characters, not a common one and not your e-mail.',
  'signup-code':
    'That invite code is not valid. Ask your company admin (or the friend who invited you) for the current code.',
  failed: 'Something went wrong. Please try again.',
  /** Single sign-on (issue 34): the identity provider's answer was refused. */
  'sso-failed': 'Single sign-on did not work. Please try again, or ask your company’s administrator.',
  'sso-expired': 'That sign-in took too long or was already used. Please start again.',
  'sso-other-company': 'This account belongs to another company on Referwell. Please ask an administrator.',
  'sso-required':
    'Your company signs you in with single sign-on. Use “Continue with single sign-on” with your work e-mail address.',
  /** An admin whose company requires two-factor and whose second factor is a passkey (ADR 0040). */
  'passkey-required':
    'Your company requires two-factor sign-in for admins, and your second factor is a passkey. Use “Sign in with a passkey”.',
  'sso-domain': 'Your identity provider answered with an e-mail address outside your company’s verified domains.',
  'sso-paused':
    'Single sign-on is paused for your company while its plan does not include it. Please sign in with your password; if you never set one, use “Forgot password?”.',
} as const;
export type AuthFormError = keyof typeof AUTH_FORM_ERRORS;

/** The message of a refused plain form post (`?error=<code>`), if the address carries a known code. */
export function authFormError(search: URLSearchParams): string | null {
  const code = search.get('error');
  return code && Object.hasOwn(AUTH_FORM_ERRORS, code) ? AUTH_FORM_ERRORS[code as AuthFormError] : null;
}

/**
 * What a signed-out person started and is asked to sign in for (Apply Now, Save search with its alert): the page's
 * address carries it back (`/job/…?resume=apply`), and the page resumes it once the person is signed in.
 */
export const RESUME_PARAM = 'resume';
export const RESUME_ACTIONS = ['apply', 'save-search'] as const;
export type ResumeAction = (typeof RESUME_ACTIONS)[number];

/** `path` (with its query) plus the action to resume there. */
export function withResumeAction(path: string, action: ResumeAction): string {
  return `${path}${path.includes('?') ? '&' : '?'}${RESUME_PARAM}=${action}`;
}

/** The action a page's query asks to resume, if any. */
export function resumeActionOf(search: URLSearchParams): ResumeAction | null {
  const value = search.get(RESUME_PARAM);
  return (RESUME_ACTIONS as readonly string[]).includes(value ?? '') ? (value as ResumeAction) : null;
}

/** The sign-up page that comes back to `returnTo`, with other prefilled choices (`role`). */
export function signupPath(returnTo: string | null, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (returnTo) query.set('returnTo', returnTo);
  const text = query.toString();
  return text ? `/signup?${text}` : '/signup';
}
