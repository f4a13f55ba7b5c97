import { useQuery } from '@tanstack/react-query';
import { Briefcase, PlusCircle, Search } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link, Navigate } from 'react-router';
import {
  COMPANY_JOBS_MESSAGES,
  COMPANY_JOBS_PAGE_SIZE,
  JOB_STATUS_LABELS,
  JOB_STATUSES,
  dashboardPathFor,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { useUrlFilters } from '@/lib/url-filters';
import { jobsBoardUrl } from '@referwell/shared/url-filters/jobs-board';
import { usePageTitle } from '@/lib/use-page-title';
import { companyJobsQueryOptions } from './api';
import { CompanyJobRow, JobsBoardColumns } from './jobs-board-row';

const ALL = 'all';

/** /jobs-board: every job of the member's company with its counts, filters and (for managers) close/reopen. */
export function JobsBoardPage() {
  usePageTitle('Jobs board');
  const { user, company, isCompanyAdmin: isAdmin } = useSession();
  const [filters, setFilters] = useUrlFilters(jobsBoardUrl, { replace: true });
  const { status, page } = filters;
  const search = filters.q ?? '';
  const q = useDeferredValue(search.trim());
  const enabled = user?.type === 'referrer' && !!company;
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useQuery({
    ...companyJobsQueryOptions({ status, q: q || undefined, page, pageSize: COMPANY_JOBS_PAGE_SIZE }),
    enabled,
  });

  if (!user) return null;
  if (!enabled) return <Navigate to={dashboardPathFor(user.type)} replace />;

  const filtered = !!status || !!q;
  const allCount = data ? Object.values(data.statusCounts).reduce((sum, n) => sum + n, 0) : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight">Jobs board</h1>
          <p className="mt-1 text-muted-foreground">
            Every job at {company.name}: who applied, who was referred and what is new since you last looked.
          </p>
        </div>
        {isAdmin ? (
          <Button asChild>
            <Link to="/post-job">
              <PlusCircle aria-hidden />
              Post a Job
            </Link>
          </Button>
        ) : null}
      </header>

      <div className="mb-4 grid gap-3 md:flex md:items-end md:justify-between">
        <Tabs
          value={status ?? ALL}
          onValueChange={(value) => setFilters({ ...filters, status: JOB_STATUSES.find((s) => s === value), page: 1 })}
        >
          <TabsList aria-label="Status" className="grid h-auto w-full grid-cols-3 md:inline-flex md:h-10 md:w-auto">
            {/* The tabs filter the list below and have no panels: no aria-controls pointing at panels that do not exist. */}
            <TabsTrigger value={ALL} aria-controls={undefined}>
              All{allCount === undefined ? '' : ` (${allCount})`}
            </TabsTrigger>
            {JOB_STATUSES.map((value) => (
              <TabsTrigger key={value} value={value} aria-controls={undefined}>
                {JOB_STATUS_LABELS[value]}
                {data ? ` (${data.statusCounts[value]})` : ''}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="grid gap-1.5 md:w-72">
          <Label htmlFor="jobs-board-search" className="sr-only">
            Search jobs
          </Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id="jobs-board-search"
              type="search"
              placeholder="Search by job title"
              value={search}
              onChange={(event) => setFilters({ ...filters, q: event.target.value, page: 1 })}
              className="pl-9"
            />
          </div>
        </div>
      </div>

      {isPending ? (
        <BoardSkeleton />
      ) : isError ? (
        <LoadError title="Could not load your jobs" message={error.message} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Briefcase className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-muted-foreground">
              {filtered ? COMPANY_JOBS_MESSAGES.emptyFiltered : COMPANY_JOBS_MESSAGES.empty}
            </p>
            {filtered ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setFilters({ ...filters, status: undefined, q: undefined })}
              >
                Clear filters
              </Button>
            ) : isAdmin ? (
              <Button asChild size="sm">
                <Link to="/post-job">Post your first job</Link>
              </Button>
            ) : null}
          </CardContent>
        </Card>
      ) : (
        <section
          aria-label="Company jobs"
          aria-busy={isPlaceholderData}
          className={isPlaceholderData ? 'opacity-70' : ''}
        >
          <JobsBoardColumns />
          <ul className="grid gap-3 lg:gap-0 lg:divide-y lg:overflow-hidden lg:rounded-b-xl lg:border lg:border-t-0">
            {data.items.map((job) => (
              <CompanyJobRow key={job.id} job={job} />
            ))}
          </ul>
          <Pager
            page={data.page}
            totalPages={data.totalPages}
            onPage={(next) => setFilters({ ...filters, page: next })}
          />
        </section>
      )}
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div className="grid gap-3" aria-busy aria-label="Loading jobs">
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} className="h-20 w-full" />
      ))}
    </div>
  );
}
