import type { RouteObject } from 'react-router';
import { contentRoutes } from '@/features/content/routes';
import type { PageMeta, RouteMetaHandle } from '@/lib/page-meta';
import { RequireAuth } from '@/features/auth/require-auth';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

const notFound: RouteObject['lazy'] = () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage }));
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
  { path: 'referrer-dashboard/referrals/:referralId', lazy: notFound },
  {
    path: 'search-jobs',
    lazy: () => import('@/features/jobs/search-jobs-page').then((m) => ({ Component: m.SearchJobsPage })),
  },
  { path: 'search-candidates', lazy: notFound },
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
  { path: 'talent-profile', lazy: notFound },
  { path: 'view-talent-profile', lazy: notFound },
  { path: 'view-talent-profile/:userId', lazy: notFound },
  { path: 'messages', lazy: notFound },
  { path: 'messages/:conversationId', lazy: notFound },
  { path: 'notifications', lazy: notFound },
  { path: 'company/:companyName/referrers', lazy: notFound },
  { path: 'referrer-profile/:referrerId', lazy: notFound },
  { path: 'request-referral', lazy: notFound },
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
      { Component: RequireAuth, children: protectedRoutes },
      { path: '*', lazy: notFound },
    ],
  },
];
