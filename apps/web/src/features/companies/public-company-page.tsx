import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  Briefcase,
  Building2,
  Calendar,
  DollarSign,
  ExternalLink,
  Globe,
  MapPin,
  Users,
} from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { COMPANY_MESSAGES, type CompanyJobCard } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { isApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { publicCompanyQueryOptions } from './api';
import { ClaimCompanyCallout } from './claim-callout';

export function PublicCompanyPage() {
  const { companyName = '' } = useParams();
  const navigate = useNavigate();
  const { data, isPending, isError, error, refetch } = useQuery(publicCompanyQueryOptions(companyName));
  const notFound = isError && isApiError(error, 404);
  usePageTitle(data ? `${data.company.name} careers` : notFound ? COMPANY_MESSAGES.companyNotFound : 'Company');

  if (notFound) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <Building2 className="size-12 text-muted-foreground" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">{COMPANY_MESSAGES.companyNotFound}</h1>
        <p className="mt-2 text-muted-foreground">
          We could not find a company at this address. It may have changed its name.
        </p>
        <Button asChild className="mt-8">
          <Link to="/">Return to Home</Link>
        </Button>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <Button variant="ghost" className="-ml-3 mb-4" onClick={() => void navigate(-1)}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      {isPending ? (
        <CompanySkeleton />
      ) : isError ? (
        <>
          <h1 className="mb-4 text-2xl font-semibold">Company</h1>
          <LoadError title="Could not load this company" message={error.message} onRetry={() => void refetch()} />
        </>
      ) : (
        <div className="grid gap-8">
          <Card>
            <CardHeader className="gap-4">
              <div className="flex items-start gap-4">
                <span className="hidden size-14 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground sm:inline-flex">
                  <Building2 className="size-7" aria-hidden />
                </span>
                <div className="min-w-0">
                  <h1 className="text-3xl font-semibold tracking-tight break-words">{data.company.name}</h1>
                  <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
                    {data.company.location ? (
                      <li className="flex items-center gap-1.5">
                        <MapPin className="size-4" aria-hidden />
                        {data.company.location}
                      </li>
                    ) : null}
                    {data.company.employeeCount ? (
                      <li className="flex items-center gap-1.5">
                        <Users className="size-4" aria-hidden />
                        {data.company.employeeCount} employees
                      </li>
                    ) : null}
                    {data.company.foundedYear ? (
                      <li className="flex items-center gap-1.5">
                        <Calendar className="size-4" aria-hidden />
                        Founded {data.company.foundedYear}
                      </li>
                    ) : null}
                    {data.company.website ? (
                      <li>
                        <a
                          href={data.company.website}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="flex items-center gap-1.5 font-medium text-primary hover:underline"
                        >
                          <Globe className="size-4" aria-hidden />
                          {displayUrl(data.company.website)}
                          <ExternalLink className="size-3" aria-hidden />
                          <span className="sr-only">(opens in a new tab)</span>
                        </a>
                      </li>
                    ) : null}
                  </ul>
                </div>
              </div>
              {data.company.industries.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label="Industries">
                  {data.company.industries.map((industry) => (
                    <li key={industry}>
                      <Badge variant="secondary">{industry}</Badge>
                    </li>
                  ))}
                </ul>
              ) : null}
            </CardHeader>
            <CardContent>
              <h2 className="sr-only">About {data.company.name}</h2>
              <p className="leading-relaxed whitespace-pre-line">
                {data.company.description || (
                  <span className="text-muted-foreground">This company has not added a description yet.</span>
                )}
              </p>
              {data.company.notOnReferwell ? (
                <div className="mt-6">
                  <ClaimCompanyCallout companySlug={data.company.slug} />
                </div>
              ) : null}
            </CardContent>
          </Card>

          <section aria-labelledby="open-positions-heading">
            <h2 id="open-positions-heading" className="mb-4 text-2xl font-semibold tracking-tight">
              Open Positions
            </h2>
            {data.openPositions.length === 0 ? (
              <Card>
                <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
                  <Briefcase className="size-8 text-muted-foreground" aria-hidden />
                  <p className="text-muted-foreground">{COMPANY_MESSAGES.noOpenPositions}</p>
                </CardContent>
              </Card>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2">
                {data.openPositions.map((job) => (
                  <li key={job.id}>
                    <JobCard job={job} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function JobCard({ job }: { job: CompanyJobCard }) {
  const { user } = useSession();
  const action =
    user?.type === 'referrer'
      ? // Not built with the shared candidateSearchUrl codec: that would load the candidate search schema (~11 kB
        // gzip) into this public page for a link only referrers see. Candidate search reads jobTitle as its q.
        { label: 'Search for Candidates', to: `/search-candidates?${new URLSearchParams({ jobTitle: job.title })}` }
      : user?.type === 'jobseeker'
        ? // A logged-in job seeker needs no account: the dashboard offers this job.
          { label: 'Find a Referral', to: `/jobseeker-dashboard?${new URLSearchParams({ job: job.title })}` }
        : { label: 'Find a Referral', to: `/signup?${new URLSearchParams({ role: 'jobseeker', job: job.title })}` };
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle as="h3">
          <Link to={`/job/${job.id}`} className="hover:text-primary hover:underline">
            {job.title}
          </Link>
        </CardTitle>
        {job.department ? <p className="text-sm text-muted-foreground">{job.department}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-muted-foreground">
        <p className="flex items-center gap-1.5">
          <MapPin className="size-4" aria-hidden />
          {job.location}
        </p>
        <p className="flex items-center gap-1.5">
          <Briefcase className="size-4" aria-hidden />
          {job.type}
        </p>
        {job.salary ? (
          <p className="flex items-center gap-1.5">
            <DollarSign className="size-4" aria-hidden />
            {job.salary}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="mt-auto">
        <Button asChild className="w-full sm:w-fit">
          <Link to={action.to} aria-label={`${action.label}: ${job.title}`}>
            {action.label}
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

function CompanySkeleton() {
  return (
    <div className="grid gap-8" aria-busy>
      <h1 className="sr-only">Company</h1>
      <Spinner label="Loading company..." className="sr-only" />
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-20 w-full" />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-44 w-full rounded-xl" />
        <Skeleton className="h-44 w-full rounded-xl" />
      </div>
    </div>
  );
}
