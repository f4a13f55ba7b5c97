import { queryOptions } from '@tanstack/react-query';
import type { JobseekerDashboard, ReferrerDashboard } from '@referwell/shared';
import { api } from '@/lib/api';

export const dashboardKeys = {
  jobseeker: ['dashboard', 'jobseeker'] as const,
  referrer: ['dashboard', 'referrer'] as const,
};

export const jobseekerDashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.jobseeker,
  queryFn: ({ signal }) => api<JobseekerDashboard>('/api/dashboard/jobseeker', { signal }),
});

export const referrerDashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.referrer,
  queryFn: ({ signal }) => api<ReferrerDashboard>('/api/dashboard/referrer', { signal }),
});
