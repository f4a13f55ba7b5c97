import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  DASHBOARD_LIMITS,
  DASHBOARD_MESSAGES,
  EMPLOYMENT_TYPE_LABELS,
  type DashboardJob,
  type JobseekerDashboard,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { MatchBadge } from '@/components/match-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/features/referrals/port';
import { formatDate } from '@/lib/format';
import { jobseekerDashboardQueryOptions } from './api';
import { MyJobsCard } from './my-jobs';

/** The job seeker dashboard's lists (SPEC §2): their applications and referrals, requests, recommended and available jobs. */
export function JobseekerActivity() {
  const { data, isPending, isError, error, refetch } = useQuery(jobseekerDashboardQueryOptions);
  if (isPending)
    return (
      <div className="grid gap-6 md:grid-cols-2" aria-busy>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-48 w-full" />
        ))}
      </div>
    );
  if (isError)
    return <LoadError title="Could not load your dashboard" message={error.message} onRetry={() => void refetch()} />;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <MyJobsCard jobs={data.myJobs} />
      <ReferralRequestsCard requests={data.referralRequests} />
      <JobListCard
        title="Recommended jobs"
        description="Open roles that match your skills."
        jobs={data.recommendedJobs}
        empty={DASHBOARD_MESSAGES.noRecommendedJobs}
        renderBadge={(job) => <MatchBadge score={job.matchScore} />}
      />
      <JobListCard
        title="Available jobs"
        description="The newest open roles on Referwell."
        jobs={data.availableJobs}
        empty={DASHBOARD_MESSAGES.noAvailableJobs}
        footer={
          <Button asChild variant="outline" size="sm">
            <Link to="/search-jobs">Browse all jobs</Link>
          </Button>
        }
      />
    </div>
  );
}

function ReferralRequestsCard({ requests }: { requests: JobseekerDashboard['referralRequests'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Referral requests</CardTitle>
        <CardDescription>Your requests to employees of hiring companies.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {requests.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{DASHBOARD_MESSAGES.noRequests}</p>
        ) : (
          <ul className="grid gap-3">
            {requests.items.slice(0, DASHBOARD_LIMITS.referralRequestsShown).map((request) => (
              <li key={request.id} className="grid gap-1 rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/job/${request.jobId}`} className="font-medium hover:text-primary hover:underline">
                    {request.jobTitle}
                  </Link>
                  <StatusBadge status={request.status} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {request.companyName} · asked {request.referrer.name} on {formatDate(request.createdAt)}
                </p>
                {request.declineReason ? <p className="text-sm">Reason: {request.declineReason}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {requests.total > 0 ? (
          <Button asChild variant="outline" size="sm" className="w-fit">
            <Link to="/referral-requests">View All</Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function JobListCard<J extends DashboardJob>({
  title,
  description,
  jobs,
  empty,
  renderBadge,
  renderMeta,
  footer,
}: {
  title: string;
  description: string;
  jobs: J[];
  empty: string;
  renderBadge?: (job: J) => React.ReactNode;
  renderMeta?: (job: J) => string;
  footer?: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {jobs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="grid gap-3">
            {jobs.map((job) => (
              <li key={job.id} className="grid gap-1 rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/job/${job.id}`} className="font-medium hover:text-primary hover:underline">
                    {job.title}
                  </Link>
                  {renderBadge?.(job)}
                </div>
                <p className="text-sm text-muted-foreground">
                  {job.companyName} · {job.location} · {EMPLOYMENT_TYPE_LABELS[job.employmentType]}
                  {renderMeta ? ` · ${renderMeta(job)}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
        {footer}
      </CardContent>
    </Card>
  );
}
