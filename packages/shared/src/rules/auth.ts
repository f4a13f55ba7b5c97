// Plain auth rules with no zod, so the web app's first-load bundle can use them cheaply.

/** The user type read at runtime. */
export const USER_TYPES = ['jobseeker', 'referrer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const COMPANY_ROLES = ['companyAdmin', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Login's return target must be a path on this site, never another origin. */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function dashboardPathFor(type: UserType): string {
  return type === 'jobseeker' ? '/jobseeker-dashboard' : '/referrer-dashboard';
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

/** The login page that comes back to `returnTo` (and hands it on to sign-up and the e-mail confirmation). */
export function loginPath(returnTo: string | null): string {
  return returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login';
}

/** The sign-up page that comes back to `returnTo`, with other prefilled choices (`role`). */
export function signupPath(returnTo: string | null, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (returnTo) query.set('returnTo', returnTo);
  const text = query.toString();
  return text ? `/signup?${text}` : '/signup';
}
