// The words and choices of login and sign-up, without zod: the pages load their zod schemas only when a form is
// checked (lazyZodResolver), so their first load stays light (bench/bundle-budget.ts).

/** Roles offered at sign-up (SPEC §2, §6). companyHR is stored as a referrer with a company role. */
export const SIGNUP_ROLES = ['jobseeker', 'referrer', 'companyHR'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];
export const SIGNUP_ROLE_LABELS: Record<SignupRole, string> = {
  jobseeker: 'Job Seeker',
  referrer: 'Referrer (employee of a hiring company)',
  companyHR: 'Company HR / Hiring Manager',
};

export const COMPANY_TYPES = ['create', 'join'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** How long a sign-up link works. */
export const SIGNUP_LINK_HOURS = 48;

export const AUTH_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  roleRequired: 'Please choose how you will use Referwell',
  referrerInviteCodeTitle: 'Invite code required',
  referrerInviteCode: 'Please enter a valid company invite code to join as a referrer.',
  companyNameTitle: 'Company name required',
  companyName: 'Please enter a company name to create a new company.',
  hrInviteCodeTitle: 'Invite code required',
  hrInviteCode: 'Please enter a valid invite code to join an existing company as HR.',
  inviteCodeInvalid: 'That invite code is not valid. Ask your company admin for the current code.',
  referralCodeInvalid: 'That invite code is not valid. Check it, or leave the field empty.',
  invitationInvalid: 'This invitation link is invalid or has expired. Ask your company admin to send a new one.',
  emailTaken: 'An account with this email already exists. Log in or reset your password instead.',
  invalidCredentials: 'Invalid email or password.',
  accountThrottled:
    'Too many failed log-ins for this account. Log in from a browser you have used with it before, or reset your password.',
  signupFailed: 'Signup failed',
  unknownError: 'An unknown error occurred',
  accountCreated: 'Account created successfully!',
  signupCheckEmail:
    'Check your e-mail: we sent you a link to finish creating your account. If the address already has an account, we told its owner instead.',
  signupLinkInvalid: 'This sign-up link is invalid or has expired. Please sign up again.',
  signupPasswordWrong: 'This is not the password you chose when you signed up.',
  signupLinkHint: `Open the link on any device and enter the password you just chose. It works for ${SIGNUP_LINK_HOURS} hours.`,
  resetRequested: 'If an account exists for that email, we have sent a link to reset your password.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'Your current password is not correct.',
  prelaunchTitle: 'Authentication not implemented',
  prelaunchDescription: 'Please contact support',
} as const;

/** The success toast's second line for each sign-up outcome (SPEC §8). */
export const SIGNUP_OUTCOMES = ['companyCreated', 'joinedAsHR', 'joinedAsReferrer', 'jobseeker'] as const;
export type SignupOutcome = (typeof SIGNUP_OUTCOMES)[number];
export const SIGNUP_OUTCOME_MESSAGES: Record<SignupOutcome, string> = {
  companyCreated: 'Your company has been created. Redirecting to your dashboard...',
  joinedAsHR: 'You have joined your company as HR. Redirecting to your dashboard...',
  joinedAsReferrer: 'You have joined your company as a referrer. Redirecting to your dashboard...',
  jobseeker: 'Redirecting to your dashboard...',
};
