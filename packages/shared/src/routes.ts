/**
 * Every path the web app routes, as React Router patterns relative to '/' (':name' is one path segment).
 * The web router takes its paths from here (a web test keeps the two equal), and the server answers
 * 404 for a page path that matches none of them, so an unknown address is a real 404, not the shell.
 */
export const APP_ROUTES = {
  home: '',
  waitlist: 'waitlist',
  waitlistJoined: 'waitlist/joined',
  howItWorks: 'how-it-works',
  howItWorksCompanies: 'how-it-works-companies',
  howItWorksReferrers: 'how-it-works-referrers',
  betaProgramCompanies: 'beta-program-companies',
  betaProgramJobSeekers: 'beta-program-job-seekers',
  join: 'join',
  resources: 'resources',
  resourcesCompanies: 'resources/companies',
  resourcesJobSeekers: 'resources/job-seekers',
  companyArticle: 'resources/companies/articles/:slug',
  jobSeekerArticle: 'resources/job-seekers/articles/:slug',
  login: 'login',
  loginTwoFactor: 'login/two-factor',
  signup: 'signup',
  signupSent: 'signup/sent',
  confirmSignup: 'confirm-signup',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  confirmEmail: 'confirm-email',
  verifyDomain: 'verify-domain',
  publicCompany: 'company/:companyName',
  job: 'job/:id',
  kudos: 'kudos/:token',
  referralInvitation: 'referral-invitation/:token',
  jobseekerDashboard: 'jobseeker-dashboard',
  referrerDashboard: 'referrer-dashboard',
  referrals: 'referrer-dashboard/referrals',
  referral: 'referrer-dashboard/referrals/:referralId',
  referralRequests: 'referral-requests',
  referralCredit: 'referral-credit',
  searchJobs: 'search-jobs',
  searchCandidates: 'search-candidates',
  companyProfile: 'company-profile',
  companyDashboard: 'company-dashboard',
  team: 'company-dashboard/team',
  auditLog: 'company-dashboard/audit-log',
  analytics: 'company-dashboard/analytics',
  billing: 'company-dashboard/billing',
  integrations: 'company-dashboard/integrations',
  jobSources: 'company-dashboard/job-sources',
  platformJobSources: 'admin/job-sources',
  chat: 'company-dashboard/slack-teams',
  selfId: 'company-dashboard/self-identification',
  screening: 'company-dashboard/screening',
  privacy: 'company-dashboard/privacy',
  security: 'company-dashboard/security',
  portalSettings: 'company-dashboard/portal',
  jobsBoard: 'jobs-board',
  postJob: 'post-job',
  editJob: 'job/:id/edit',
  talentProfile: 'talent-profile',
  viewTalentProfile: 'view-talent-profile',
  viewTalentProfileOf: 'view-talent-profile/:userId',
  messages: 'messages',
  conversation: 'messages/:conversationId',
  notifications: 'notifications',
  settings: 'settings',
  companyReferrers: 'company/:companyName/referrers',
  claimCompany: 'company/:companyName/claim',
  confirmCompanyClaim: 'claim-company',
  referrerProfile: 'referrer-profile/:referrerId',
  requestReferral: 'request-referral',
  connections: 'connections',
  // Named routes of the original product that lead to today's screens (redirects).
  companyPortal: 'company-portal',
  studioDashboard: 'studio-dashboard',
  studioPortal: 'studio-portal',
  talentBySlug: 'talent/:slug',
  project: 'project/:id',
  editProject: 'edit-project/:id',
  scout: 'scout/:id',
  createKudos: 'create-kudos',
} as const;

export type AppRouteName = keyof typeof APP_ROUTES;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const PATTERNS = Object.values(APP_ROUTES).map(segmentsOf);

/** Does a URL path (no query string) name one of the app's pages? Trailing slashes are ignored. */
export function isAppPath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
}
