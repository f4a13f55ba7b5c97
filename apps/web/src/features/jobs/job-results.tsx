import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { Briefcase, Calendar, CircleCheck, DollarSign, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  EMPLOYMENT_TYPE_LABELS,
  JOB_MESSAGES,
  SEARCH_TEXTS,
  WORKPLACE_LABELS,
  type JobSearchFilters,
  type JobSearchResponse,
  type JobSummary,
  type WhereIStand,
} from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { MatchBadge } from '@/components/match-badge';
import { SearchNotices } from '@/components/search-place';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { jobSearchQueryOptions, whereIStandQueryOptions } from './api';
import { formatSalary, showWorkplace } from './format';

/** "128 jobs", "1 job", "1,000+ jobs". */
export function jobCountLabel(page: Pick<JobSearchResponse, 'total' | 'totalIsLowerBound'>): string {
  const total = page.total ?? 0;
  return `${total.toLocaleString('en-US')}${page.totalIsLowerBound ? '+' : ''} ${total === 1 ? 'job' : 'jobs'}`;
}

/**
 * The matching open jobs, page by page ("Load more"): those with every word first, then those with some under a
 * heading of their own. The pages stay in the query cache, so coming back to the search shows what was loaded and the
 * router restores the scroll position.
 */
export function JobResults({
  filters,
  toolbar,
  onClear,
  onCompany,
  onPlace,
  onWord,
}: {
  filters: JobSearchFilters;
  /** Rendered beside the count (sort, save search). */
  toolbar: ReactNode;
  onClear: (() => void) | undefined;
  onCompany: (slug: string) => void;
  /** Search a place the answer offered (one of an ambiguous name's places, a known place like an unknown one). */
  onPlace: (location: string) => void;
  /** Search with a typed word replaced by one the answer suggested. */
  onWord: (word: string, by: string) => void;
}) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    jobSearchQueryOptions(filters),
  );
  const first = data?.pages[0];
  const standing = useStanding(data?.pages ?? []);
  // Jobs with only some of the words are counted once the pages reach them.
  const partial = data?.pages.findLast((page) => page.partialTotal !== null);
  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm font-medium" role="status" aria-live="polite">
        {!first ? (
          isPending ? (
            'Searching...'
          ) : (
            ''
          )
        ) : first.total === 0 && partial?.partialTotal ? (
          SEARCH_TEXTS.partialOnly(partial.partialTotal, partial.partialIsLowerBound)
        ) : (
          <>
            {jobCountLabel(first)}
            {partial?.partialTotal ? (
              <span className="font-normal text-muted-foreground">
                {' · '}
                {SEARCH_TEXTS.partialMore(partial.partialTotal, partial.partialIsLowerBound)}
              </span>
            ) : null}
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">{toolbar}</div>
    </div>
  );

  if (isPending) {
    return (
      <div className="grid gap-4" aria-busy>
        {header}
        <Spinner label="Searching jobs..." className="sr-only" />
        {[0, 1, 2].map((row) => (
          <Card key={row}>
            <CardContent className="grid gap-3 pt-6">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-2/3" />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load jobs</AlertTitle>
        <AlertDescription>
          <p>Something went wrong while searching. Please try again.</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  const jobs = data.pages.flatMap((page) => page.items);
  const firstPartial = jobs.find((job) => job.partial)?.id;
  return (
    <section aria-label="Job results" className="grid gap-4">
      {header}
      {first ? (
        <SearchNotices place={first.place} corrections={first.corrections} onPlace={onPlace} onWord={onWord} />
      ) : null}
      {jobs.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Briefcase className="size-8 text-muted-foreground" aria-hidden />
            <p className="text-muted-foreground">{JOB_MESSAGES.noJobs}</p>
            {onClear ? (
              <Button variant="outline" size="sm" onClick={onClear}>
                Clear filters
              </Button>
            ) : null}
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4">
          {jobs.map((job) => (
            <li key={job.id} className="grid gap-4">
              {job.id === firstPartial ? (
                <h2 className="mt-2 text-sm font-semibold text-muted-foreground">{SEARCH_TEXTS.partialHeading}</h2>
              ) : null}
              <JobResultCard job={job} standing={standing[job.id]} onCompany={onCompany} />
            </li>
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * Where a signed-in job seeker stands on the jobs shown (referred, asked, applied, in process, …): one request per page
 * of results, so loading more asks only for the new page's jobs.
 */
function useStanding(pages: readonly { items: readonly JobSummary[] }[]): WhereIStand['jobs'] {
  const { user } = useSession();
  const seeker = user?.type === 'jobseeker';
  const answers = useQueries({
    queries: pages.map((page) => ({
      ...whereIStandQueryOptions(page.items.map((job) => job.id)),
      enabled: seeker && page.items.length > 0,
    })),
  });
  return Object.assign({}, ...answers.map((answer) => answer.data?.jobs)) as WhereIStand['jobs'];
}

function JobResultCard({
  job,
  standing,
  onCompany,
}: {
  job: JobSummary;
  standing: WhereIStand['jobs'][string] | undefined;
  onCompany: (slug: string) => void;
}) {
  return (
    <Card>
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">
            <Link to={`/job/${job.id}`} className="hover:text-primary hover:underline">
              {job.title}
            </Link>
          </h2>
          <div className="flex flex-wrap gap-2">
            {standing?.headline ? (
              <Badge variant={standing.state === 'not_selected' ? 'draft' : 'completed'} className="whitespace-normal">
                <CircleCheck aria-hidden />
                {standing.headline}
              </Badge>
            ) : null}
            {job.matchScore !== null ? <MatchBadge score={job.matchScore} /> : null}
            {job.notOnReferwell ? <Badge variant="outline">{JOB_MESSAGES.notOnReferwell}</Badge> : null}
            {job.hasInternalReferrer ? (
              <Badge variant="accepted">
                <Users aria-hidden />
                Internal referrer
              </Badge>
            ) : null}
          </div>
        </div>
        <p className="text-muted-foreground">
          {job.companyName}
          <span aria-hidden> · </span>
          <button
            type="button"
            className="text-sm text-primary hover:underline"
            onClick={() => onCompany(job.companySlug)}
          >
            More jobs at {job.companyName}
          </button>
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden />
            {job.location}
            {showWorkplace(job) ? ` · ${WORKPLACE_LABELS[job.workplace]}` : ''}
          </li>
          <li className="flex items-center gap-1.5">
            <Briefcase className="size-4" aria-hidden />
            {EMPLOYMENT_TYPE_LABELS[job.employmentType]}
          </li>
          {job.salaryRange ? (
            <li className="flex items-center gap-1.5">
              <DollarSign className="size-4" aria-hidden />
              {formatSalary(job.salaryRange)}
            </li>
          ) : null}
          <li className="flex items-center gap-1.5">
            <Calendar className="size-4" aria-hidden />
            Posted {formatDate(job.createdAt)}
          </li>
        </ul>
        {job.excerpt ? <p className="text-sm leading-relaxed">{job.excerpt}</p> : null}
        {job.skills.length > 0 || job.referralBonus ? (
          <div className="flex flex-wrap items-center gap-2">
            {job.skills.map((skill) => (
              <Badge key={skill} variant="secondary">
                {skill}
              </Badge>
            ))}
            {job.referralBonus ? (
              <Badge variant="outline">
                Referral bonus: {formatMoney(job.referralBonus.amount, job.referralBonus.currency)}
              </Badge>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
