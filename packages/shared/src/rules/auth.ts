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

/** The login page that comes back to `returnTo` (and hands it on to sign-up and the e-mail confirmation). */
export function loginPath(returnTo: string | null): string {
  return returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login';
}
