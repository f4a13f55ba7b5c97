import type { RouteObject } from 'react-router';
import { contentRoutes } from '@/features/content/routes';
import type { PageMeta, RouteMetaHandle } from '@/lib/page-meta';
import { RequireAuth } from '@/features/auth/require-auth';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

const notFound: RouteObject['lazy'] = () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage }));
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
    path: 'jobseeker-dashboard',
    lazy: () =>
      import('@/features/dashboard/jobseeker-dashboard-page').then((m) => ({ Component: m.JobseekerDashboardPage })),
  },
  { path: 'referrer-dashboard', lazy: referrerDashboard },
  {
    path: 'referrer-dashboard/referrals',
    lazy: () => import('@/features/referrals/referrals-page').then((m) => ({ Component: m.ReferralsPage })),
  },
  {
    path: 'referrer-dashboard/referrals/:referralId',
    lazy: () => import('@/features/referrals/referral-detail-page').then((m) => ({ Component: m.ReferralDetailPage })),
  },
  {
    path: 'referral-requests',
    lazy: () =>
      import('@/features/referrals/referral-requests-page').then((m) => ({ Component: m.ReferralRequestsPage })),
  },
  {
    path: 'search-jobs',
    lazy: () => import('@/features/jobs/search-jobs-page').then((m) => ({ Component: m.SearchJobsPage })),
  },
  {
    path: 'search-candidates',
    lazy: () => import('@/features/talent/search-candidates-page').then((m) => ({ Component: m.SearchCandidatesPage })),
  },
  { path: 'company-portal', lazy: notFound },
  {
    path: 'company-profile',
    lazy: () => import('@/features/companies/company-profile-page').then((m) => ({ Component: m.CompanyProfilePage })),
  },
  // The same screen as the referrer dashboard.
  { path: 'company-dashboard', lazy: referrerDashboard },
  {
    path: 'company-dashboard/team',
    lazy: () => import('@/features/companies/team-page').then((m) => ({ Component: m.TeamPage })),
  },
  {
    path: 'post-job',
    lazy: () => import('@/features/jobs/post-job-page').then((m) => ({ Component: m.PostJobPage })),
  },
  {
    path: 'job/:id/edit',
    lazy: () => import('@/features/jobs/edit-job-page').then((m) => ({ Component: m.EditJobPage })),
  },
  {
    path: 'talent-profile',
    lazy: () => import('@/features/talent/talent-profile-page').then((m) => ({ Component: m.TalentProfilePage })),
  },
  { path: 'view-talent-profile', lazy: viewTalentProfile },
  { path: 'view-talent-profile/:userId', lazy: viewTalentProfile },
  { path: 'messages', lazy: messages },
  { path: 'messages/:conversationId', lazy: messages },
  {
    path: 'settings',
    lazy: () => import('@/features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'notifications',
    lazy: () => import('@/features/notifications/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  },
  {
    path: 'company/:companyName/referrers',
    lazy: () => import('@/features/referrals/referrers-page').then((m) => ({ Component: m.ReferrersPage })),
  },
  {
    path: 'referrer-profile/:referrerId',
    lazy: () =>
      import('@/features/referrals/referrer-profile-page').then((m) => ({ Component: m.ReferrerProfilePage })),
  },
  {
    path: 'request-referral',
    lazy: () =>
      import('@/features/referrals/request-referral-page').then((m) => ({ Component: m.RequestReferralPage })),
  },
];

const metaHandle = (meta: PageMeta): RouteMetaHandle => ({ meta });

/** Public paths rendered to HTML at build time (their content needs no session or query string). */
export const prerenderedPaths = ['/', '/waitlist'];

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
        path: 'waitlist',
        lazy: () =>
          import('@/features/waitlist/waitlist-page').then((m) => ({
            Component: m.WaitlistPage,
            handle: metaHandle(m.meta),
          })),
      },
      ...contentRoutes,
      { path: 'login', lazy: () => import('@/features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
      { path: 'signup', lazy: () => import('@/features/auth/signup-page').then((m) => ({ Component: m.SignupPage })) },
      {
        path: 'forgot-password',
        lazy: () => import('@/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: 'confirm-email',
        lazy: () => import('@/features/settings/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage })),
      },
      {
        path: 'reset-password',
        lazy: () => import('@/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: 'company/:companyName',
        lazy: () =>
          import('@/features/companies/public-company-page').then((m) => ({ Component: m.PublicCompanyPage })),
      },
      // Public: visitors see the job and an Apply Now that leads to login (SPEC §2 'Job detail').
      {
        path: 'job/:id',
        lazy: () => import('@/features/jobs/job-detail-page').then((m) => ({ Component: m.JobDetailPage })),
      },
      // The recommender's page behind an e-mailed kudos link (no account needed).
      {
        path: 'kudos/:token',
        lazy: () => import('@/features/talent/kudos-page').then((m) => ({ Component: m.KudosPage })),
      },
      { Component: RequireAuth, children: protectedRoutes },
      { path: '*', lazy: notFound },
    ],
  },
];
