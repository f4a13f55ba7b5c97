// Login and sign-up form refusals, apart from rules/auth.ts: that module is in every page's first load, these
// words only on /login and /signup (bench/bundle-budget.ts).

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
} as const;
export type AuthFormError = keyof typeof AUTH_FORM_ERRORS;

/** The message of a refused plain form post (`?error=<code>`), if the address carries a known code. */
export function authFormError(search: URLSearchParams): string | null {
  const code = search.get('error');
  return code && Object.hasOwn(AUTH_FORM_ERRORS, code) ? AUTH_FORM_ERRORS[code as AuthFormError] : null;
}
