import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { CANDIDATE_STAGE_LABELS, DASHBOARD_MESSAGES, type MyJob } from '@referwell/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

/**
 * One list of the jobs the seeker applied to or was referred for (issue 38), each saying where they stand as its job
 * page does: a referral waiting for their answer first (it opens the referral to answer), then the newest.
 */
export function MyJobsCard({ jobs }: { jobs: MyJob[] }) {
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle as="h2">Your applications and referrals</CardTitle>
        <CardDescription>Every job you applied to or were referred for, and where it stands.</CardDescription>
      </CardHeader>
      <CardContent>
        {jobs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{DASHBOARD_MESSAGES.noMyJobs}</p>
        ) : (
          <ul className="grid gap-3" aria-label="Your applications and referrals">
            {jobs.map((job) => (
              <li key={job.id}>
                <Link
                  to={
                    job.referral?.consent === 'pending'
                      ? `/referrer-dashboard/referrals/${job.referral.id}`
                      : `/job/${job.id}`
                  }
                  className="flex items-center gap-3 rounded-md border p-3 transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{job.title}</p>
                    <p className="text-sm break-words text-muted-foreground">
                      {job.companyName} · {job.location}
                    </p>
                    {job.headline ? <p className="mt-1 text-sm break-words">{job.headline}</p> : null}
                    <p className="text-xs text-muted-foreground">Updated {formatDate(job.at)}</p>
                  </div>
                  {job.referral?.consent === 'pending' ? (
                    <Badge variant="pending">Waiting for your answer</Badge>
                  ) : job.state === 'not_selected' ? (
                    <Badge variant="rejected">Not selected</Badge>
                  ) : job.stage ? (
                    <Badge variant="secondary">{CANDIDATE_STAGE_LABELS[job.stage]}</Badge>
                  ) : null}
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
