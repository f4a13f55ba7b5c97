import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { CANDIDATE_STAGE_LABELS, type JobseekerDashboard } from '@referwell/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

/** Referrals made for the job seeker, the ones waiting for their answer first; each opens the referral. */
export function ReferralsForYouCard({ referrals }: { referrals: JobseekerDashboard['referralsForYou'] }) {
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle as="h2">Referrals for you</CardTitle>
        <CardDescription>People at hiring companies who put you forward for a job.</CardDescription>
      </CardHeader>
      <CardContent>
        {referrals.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nobody has referred you yet. Ask a referrer from a job&apos;s page.
          </p>
        ) : (
          <ul className="grid gap-3">
            {referrals.map((referral) => (
              <li key={referral.id}>
                <Link
                  to={`/referrer-dashboard/referrals/${referral.id}`}
                  className="flex items-center gap-3 rounded-md border p-3 transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{referral.jobTitle}</p>
                    <p className="text-sm break-words text-muted-foreground">
                      {referral.companyName} · referred by {referral.referrer?.name ?? 'a former member'} on{' '}
                      {formatDate(referral.createdAt)}
                    </p>
                  </div>
                  {referral.consent === 'pending' ? (
                    <Badge variant="pending">Waiting for your answer</Badge>
                  ) : referral.consent === 'declined' ? (
                    <Badge variant="rejected">Declined</Badge>
                  ) : (
                    <Badge variant="secondary">{CANDIDATE_STAGE_LABELS[referral.stage]}</Badge>
                  )}
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
