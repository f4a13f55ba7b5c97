import { useQuery } from '@tanstack/react-query';
import { Building2, Calendar, Send, User, Users } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { REFERRAL_MESSAGES, type ReferrerCard, type ReferrerList } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { initials } from '@/lib/names';
import { usePageTitle } from '@/lib/use-page-title';
import { isMissing } from '@/lib/api';
import { referrersQueryOptions } from './api';
import { CenteredState, GoBackButton } from './referral-parts';

/** Referrers at a company (/company/{companyName}/referrers?jobId=, SPEC §2). */
export function ReferrersPage() {
  const { companyName = '' } = useParams();
  const [searchParams] = useSearchParams();
  const jobId = searchParams.get('jobId') ?? '';
  const { data, isPending, isError, error, refetch } = useQuery(referrersQueryOptions(companyName, jobId));
  usePageTitle(data ? `Referrers at ${data.company.name}` : 'Referrers');

  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Loading referrers..." showLabel />
      </div>
    );
  }
  if (isError && isMissing(error)) {
    return (
      <CenteredState icon={<Building2 />} title={error.message} action={<GoBackButton fallback="/search-jobs" />}>
        The company or the job may have been removed, or the link is mistyped.
      </CenteredState>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <GoBackButton variant="ghost" className="mb-4 -ml-3" label="Back" fallback="/search-jobs" />
      {isError ? (
        <>
          <h1 className="mb-4 text-3xl font-semibold tracking-tight">Referrers</h1>
          <LoadError title="Could not load the referrers" message={error.message} onRetry={() => void refetch()} />
        </>
      ) : (
        <Referrers data={data} jobId={jobId} />
      )}
    </div>
  );
}

function Referrers({ data, jobId }: { data: ReferrerList; jobId: string }) {
  return (
    <>
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">Referrers at {data.company.name}</h1>
        {data.job ? (
          <p className="mt-2 text-lg text-muted-foreground">
            For position: <span className="font-medium text-foreground">{data.job.title}</span>
          </p>
        ) : null}
        <p className="mt-2 text-muted-foreground">
          Employees who can refer you. Ask one of them to put your name forward.
        </p>
      </header>
      {data.referrers.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
            <Users className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-muted-foreground">{REFERRAL_MESSAGES.noReferrers}</p>
            <GoBackButton variant="outline" fallback={`/company/${data.company.slug}`} />
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Referrers">
          {data.referrers.map((referrer) => (
            <li key={referrer.id}>
              <ReferrerCardView referrer={referrer} jobId={jobId} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function requestReferralPath(jobId: string, referrer: { id: string; name: string }) {
  return `/request-referral?${new URLSearchParams({ jobId, referrerId: referrer.id, referrerName: referrer.name })}`;
}

function ReferrerCardView({ referrer, jobId }: { referrer: ReferrerCard; jobId: string }) {
  const count = referrer.referralCount;
  return (
    <Card className="h-full" aria-labelledby={`referrer-${referrer.id}`}>
      <CardHeader className="flex-row items-start gap-4">
        <Avatar className="size-12">
          {referrer.avatarUrl ? <AvatarImage src={referrer.avatarUrl} alt="" /> : null}
          <AvatarFallback className="bg-accent text-accent-foreground">{initials(referrer.name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <h2 id={`referrer-${referrer.id}`} className="truncate text-lg font-semibold">
            {referrer.name}
          </h2>
          {referrer.title ? <p className="text-sm">{referrer.title}</p> : null}
          {referrer.department ? <p className="text-sm text-muted-foreground">{referrer.department}</p> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Calendar className="size-4" aria-hidden />
          At the company since {formatDate(referrer.startDate)}
        </p>
        <Badge variant="secondary">
          {count} {count === 1 ? 'referral' : 'referrals'}
        </Badge>
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link
            to={`/referrer-profile/${referrer.id}${jobId ? `?${new URLSearchParams({ jobId })}` : ''}`}
            aria-label={`View Profile of ${referrer.name}`}
          >
            <User aria-hidden />
            View Profile
          </Link>
        </Button>
        {jobId ? (
          <Button asChild size="sm">
            <Link to={requestReferralPath(jobId, referrer)} aria-label={`Request Referral from ${referrer.name}`}>
              <Send aria-hidden />
              Request Referral
            </Link>
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
