import type { RouteObject } from 'react-router';
import { contentRoutes } from '@/features/content/routes';
import type { PageMeta, RouteMetaHandle } from '@/lib/page-meta';
import { RequireAuth } from '@/features/auth/require-auth';
import { APP_ROUTES } from '@referwell/shared/routes';
import { KUDOS_REQUEST_ANCHOR } from '@/features/talent/kudos-anchor';
import { RedirectTo } from './redirect-to';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

const notFound: RouteObject['lazy'] = () =>
  import('@/components/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const messages: RouteObject['lazy'] = () =>
  import('@/features/messaging/messages-page').then((m) => ({ Component: m.MessagesPage }));
const viewTalentProfile: RouteObject['lazy'] = () =>
  import('@/features/talent/view-talent-profile-page').then((m) => ({ Component: m.ViewTalentProfilePage }));
const referrerDashboard: RouteObject['lazy'] = () =>
  import('@/features/dashboard/referrer-dashboard-page').then((m) => ({ Component: m.ReferrerDashboardPage }));

/**
 * Protected routes (SPEC §2): RequireAuth sends visitors to /login?returnTo=…. Entries that render
 * the 404 page are screens not built yet; their features replace these entries.
 */
const protectedRoutes: RouteObject[] = [
  {
    path: APP_ROUTES.jobseekerDashboard,
    lazy: () =>
      import('@/features/dashboard/jobseeker-dashboard-page').then((m) => ({ Component: m.JobseekerDashboardPage })),
  },
  { path: APP_ROUTES.referrerDashboard, lazy: referrerDashboard },
  {
    path: APP_ROUTES.referrals,
    lazy: () => import('@/features/referrals/referrals-page').then((m) => ({ Component: m.ReferralsPage })),
  },
  {
    path: APP_ROUTES.referral,
    lazy: () => import('@/features/referrals/referral-detail-page').then((m) => ({ Component: m.ReferralDetailPage })),
  },
  {
    path: APP_ROUTES.referralRequests,
    lazy: () =>
      import('@/features/referrals/referral-requests-page').then((m) => ({ Component: m.ReferralRequestsPage })),
  },
  {
    path: APP_ROUTES.referralCredit,
    lazy: () => import('@/features/referrals/credit-ledger-page').then((m) => ({ Component: m.CreditLedgerPage })),
  },
  {
    path: APP_ROUTES.searchCandidates,
    lazy: () => import('@/features/talent/search-candidates-page').then((m) => ({ Component: m.SearchCandidatesPage })),
  },
  {
    path: APP_ROUTES.companyProfile,
    lazy: () => import('@/features/companies/company-profile-page').then((m) => ({ Component: m.CompanyProfilePage })),
  },
  // The same screen as the referrer dashboard.
  { path: APP_ROUTES.companyDashboard, lazy: referrerDashboard },
  {
    path: APP_ROUTES.team,
    lazy: () => import('@/features/companies/team-page').then((m) => ({ Component: m.TeamPage })),
  },
  {
    path: APP_ROUTES.auditLog,
    lazy: () => import('@/features/companies/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
  },
  {
    path: APP_ROUTES.privacy,
    lazy: () => import('@/features/retention/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: APP_ROUTES.selfId,
    lazy: () => import('@/features/self-id/self-id-page').then((m) => ({ Component: m.SelfIdPage })),
  },
  {
    path: APP_ROUTES.screening,
    lazy: () => import('@/features/screening/screening-page').then((m) => ({ Component: m.ScreeningPage })),
  },
  {
    path: APP_ROUTES.analytics,
    lazy: () => import('@/features/analytics/analytics-page').then((m) => ({ Component: m.AnalyticsPage })),
  },
  {
    path: APP_ROUTES.connections,
    lazy: () => import('@/features/connections/connections-page').then((m) => ({ Component: m.ConnectionsPage })),
  },
  {
    path: APP_ROUTES.integrations,
    lazy: () => import('@/features/ats/integrations-page').then((m) => ({ Component: m.IntegrationsPage })),
  },
  {
    path: APP_ROUTES.jobSources,
    lazy: () => import('@/features/job-sources/job-sources-page').then((m) => ({ Component: m.JobSourcesPage })),
  },
  {
    path: APP_ROUTES.platformJobSources,
    lazy: () =>
      import('@/features/job-sources/job-sources-page').then((m) => ({ Component: m.PlatformJobSourcesPage })),
  },
  {
    path: APP_ROUTES.chat,
    lazy: () => import('@/features/integrations/integrations-page').then((m) => ({ Component: m.IntegrationsPage })),
  },
  {
    path: APP_ROUTES.security,
    lazy: () => import('@/features/companies/security-page').then((m) => ({ Component: m.SecurityPage })),
  },
  {
    path: APP_ROUTES.billing,
    lazy: () => import('@/features/billing/billing-page').then((m) => ({ Component: m.BillingPage })),
  },
  {
    path: APP_ROUTES.portalSettings,
    lazy: () => import('@/features/portal/portal-settings-page').then((m) => ({ Component: m.PortalSettingsPage })),
  },
  {
    path: APP_ROUTES.jobsBoard,
    lazy: () => import('@/features/jobs/jobs-board-page').then((m) => ({ Component: m.JobsBoardPage })),
  },
  {
    path: APP_ROUTES.postJob,
    lazy: () => import('@/features/jobs/post-job-page').then((m) => ({ Component: m.PostJobPage })),
  },
  {
    path: APP_ROUTES.editJob,
    lazy: () => import('@/features/jobs/edit-job-page').then((m) => ({ Component: m.EditJobPage })),
  },
  {
    path: APP_ROUTES.talentProfile,
    lazy: () => import('@/features/talent/talent-profile-page').then((m) => ({ Component: m.TalentProfilePage })),
  },
  { path: APP_ROUTES.viewTalentProfile, lazy: viewTalentProfile },
  { path: APP_ROUTES.viewTalentProfileOf, lazy: viewTalentProfile },
  { path: APP_ROUTES.messages, lazy: messages },
  { path: APP_ROUTES.conversation, lazy: messages },
  {
    path: APP_ROUTES.settings,
    lazy: () => import('@/features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: APP_ROUTES.notifications,
    lazy: () => import('@/features/notifications/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  },
  {
    path: APP_ROUTES.claimCompany,
    lazy: () => import('@/features/companies/claim-company').then((m) => ({ Component: m.ClaimCompanyPage })),
  },
  {
    path: APP_ROUTES.confirmCompanyClaim,
    lazy: () => import('@/features/companies/claim-company').then((m) => ({ Component: m.ConfirmClaimPage })),
  },
  {
    path: APP_ROUTES.companyReferrers,
    lazy: () => import('@/features/referrals/referrers-page').then((m) => ({ Component: m.ReferrersPage })),
  },
  {
    path: APP_ROUTES.referrerProfile,
    lazy: () =>
      import('@/features/referrals/referrer-profile-page').then((m) => ({ Component: m.ReferrerProfilePage })),
  },
  {
    path: APP_ROUTES.requestReferral,
    lazy: () =>
      import('@/features/referrals/request-referral-page').then((m) => ({ Component: m.RequestReferralPage })),
  },
];

/** The original product's named routes lead to today's screens; the target page asks for a login if it needs one. */
const redirectRoutes: RouteObject[] = [
  { path: APP_ROUTES.companyPortal, element: <RedirectTo to="/company-dashboard" /> },
  { path: APP_ROUTES.studioDashboard, element: <RedirectTo to="/company-dashboard" /> },
  { path: APP_ROUTES.studioPortal, element: <RedirectTo to="/company-dashboard" /> },
  { path: APP_ROUTES.talentBySlug, element: <RedirectTo to="/view-talent-profile/:slug" /> },
  { path: APP_ROUTES.project, element: <RedirectTo to="/job/:id" /> },
  { path: APP_ROUTES.editProject, element: <RedirectTo to="/job/:id/edit" /> },
  { path: APP_ROUTES.scout, element: <RedirectTo to="/view-talent-profile/:id" /> },
  { path: APP_ROUTES.createKudos, element: <RedirectTo to={`/jobseeker-dashboard#${KUDOS_REQUEST_ANCHOR}`} /> },
];

const metaHandle = (meta: PageMeta): RouteMetaHandle => ({ meta });

/**
 * Public paths rendered to HTML at build time (their content needs no session; a query string is read once hydrated,
 * `useHydratedSearchParams`, but for the few versions by query of entry-server.tsx `prerenderVariants`). Their forms
 * post without the script (ADR 0017).
 */
export const prerenderedPaths = ['/', '/waitlist', '/waitlist/joined', '/login', '/signup', '/signup/sent'];

/** Every page is its own chunk, so the marketing pages stay light. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        lazy: () =>
          import('@/features/home/home-page').then((m) => ({ Component: m.HomePage, handle: metaHandle(m.meta) })),
      },
      {
        path: APP_ROUTES.waitlist,
        lazy: () =>
          import('@/features/waitlist/waitlist-page').then((m) => ({
            Component: m.WaitlistPage,
            handle: metaHandle(m.meta),
          })),
      },
      {
        path: APP_ROUTES.waitlistJoined,
        lazy: () =>
          import('@/features/waitlist/waitlist-joined-page').then((m) => ({
            Component: m.WaitlistJoinedPage,
            handle: metaHandle(m.meta),
          })),
      },
      ...contentRoutes,
      {
        path: APP_ROUTES.login,
        lazy: () =>
          import('@/features/auth/login-page').then((m) => ({ Component: m.LoginPage, handle: metaHandle(m.meta) })),
      },
      {
        path: APP_ROUTES.loginTwoFactor,
        lazy: () => import('@/features/auth/login-two-factor-page').then((m) => ({ Component: m.LoginTwoFactorPage })),
      },
      {
        path: APP_ROUTES.signup,
        lazy: () =>
          import('@/features/auth/signup-page').then((m) => ({ Component: m.SignupPage, handle: metaHandle(m.meta) })),
      },
      {
        path: APP_ROUTES.signupSent,
        lazy: () =>
          import('@/features/auth/signup-sent-page').then((m) => ({
            Component: m.SignupSentPage,
            handle: metaHandle(m.meta),
          })),
      },
      {
        path: APP_ROUTES.confirmSignup,
        lazy: () => import('@/features/auth/confirm-signup-page').then((m) => ({ Component: m.ConfirmSignupPage })),
      },
      {
        path: APP_ROUTES.forgotPassword,
        lazy: () => import('@/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: APP_ROUTES.confirmEmail,
        lazy: () => import('@/features/settings/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage })),
      },
      {
        path: APP_ROUTES.verifyDomain,
        lazy: () => import('@/features/auth/verify-domain-page').then((m) => ({ Component: m.VerifyDomainPage })),
      },
      {
        path: APP_ROUTES.resetPassword,
        lazy: () => import('@/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: APP_ROUTES.publicCompany,
        lazy: () =>
          import('@/features/companies/public-company-page').then((m) => ({ Component: m.PublicCompanyPage })),
      },
      // Public: anyone searches (issue 38); saving a search asks a visitor to sign in and comes back to it.
      {
        path: APP_ROUTES.searchJobs,
        lazy: () => import('@/features/jobs/search-jobs-page').then((m) => ({ Component: m.SearchJobsPage })),
      },
      // Public: visitors see the job and an Apply Now that leads to login (SPEC §2 'Job detail').
      {
        path: APP_ROUTES.job,
        lazy: () => import('./job-page').then((m) => ({ Component: m.JobPage })),
      },
      // The recommender's page behind an e-mailed kudos link (no account needed).
      {
        path: APP_ROUTES.kudos,
        lazy: () => import('@/features/talent/kudos-page').then((m) => ({ Component: m.KudosPage })),
      },
      // A person referred by e-mail: their referral, consent and password, behind the mailed link (no account yet).
      {
        path: APP_ROUTES.referralInvitation,
        lazy: () =>
          import('@/features/referrals/invitation-page').then((m) => ({ Component: m.ReferralInvitationPage })),
      },
      ...redirectRoutes,
      { Component: RequireAuth, children: protectedRoutes },
      { path: '*', lazy: notFound },
    ],
  },
];
