import { useInfiniteQuery } from '@tanstack/react-query';
import { Briefcase, Calendar, DollarSign, Filter, MapPin, Search, Users, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  EMPLOYMENT_TYPE_LABELS,
  JOB_MESSAGES,
  JOB_TYPE_FILTERS,
  WORKPLACE_LABELS,
  WORKPLACES,
  type JobSummary,
} from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { MatchBadge } from '@/components/match-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { jobSearchQueryOptions, type JobSearchParams } from './api';
import { formatMoney, formatSalary, showWorkplace } from './format';
import { SkillsInput } from './skills-input';

const listParam = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The search as the URL holds it: ?q=&type=a,b&workplace=remote&skills=React,FHIR&hasReferrer=true */
function readParams(searchParams: URLSearchParams): JobSearchParams {
  const known = <T extends string>(values: readonly T[], raw: string[]) =>
    values.filter((value) => raw.includes(value));
  return {
    q: searchParams.get('q')?.trim() ?? '',
    type: known(JOB_TYPE_FILTERS, listParam(searchParams.get('type'))),
    workplace: known(WORKPLACES, listParam(searchParams.get('workplace'))),
    skills: [...new Set(listParam(searchParams.get('skills')))],
    hasReferrer: searchParams.get('hasReferrer') === 'true',
  };
}

function writeParams(params: JobSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  if (params.q) next.set('q', params.q);
  if (params.type.length) next.set('type', params.type.join(','));
  if (params.workplace.length) next.set('workplace', params.workplace.join(','));
  if (params.skills.length) next.set('skills', params.skills.join(','));
  if (params.hasReferrer) next.set('hasReferrer', 'true');
  return next;
}

const toggle = <T extends string>(all: readonly T[], selected: T[], value: T, on: boolean) =>
  all.filter((item) => (item === value ? on : selected.includes(item)));

/** Job search (/search-jobs, SPEC §2): text search, filters kept in the URL, and the matching open jobs. */
export function SearchJobsPage() {
  usePageTitle('Find Your Next Job');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const update = (next: Partial<JobSearchParams>) => setSearchParams(writeParams({ ...params, ...next }));
  const filterCount =
    params.type.length + params.workplace.length + params.skills.length + (params.hasReferrer ? 1 : 0);
  const active = filterCount > 0 || params.q !== '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">Find Your Next Job</h1>
        <p className="mt-2 text-muted-foreground">
          Open roles at healthcare technology companies, many with employees ready to refer you.
        </p>
      </header>

      <SearchForm key={params.q} initial={params.q} onSearch={(q) => update({ q })} />

      <div className="mt-6 grid gap-6 md:grid-cols-[15rem_1fr] md:items-start">
        <div>
          <Button
            type="button"
            variant="outline"
            className="w-full justify-between md:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <span className="flex items-center gap-2">
              <Filter aria-hidden />
              Filters{filterCount > 0 ? ` (${filterCount})` : ''}
            </span>
          </Button>
          <aside
            id={filtersId}
            aria-label="Filters"
            className={cn('mt-3 md:mt-0 md:block', filtersOpen ? 'block' : 'hidden')}
          >
            <Card>
              <CardContent className="grid gap-6 pt-6">
                <CheckboxGroup
                  legend="Job Type"
                  options={JOB_TYPE_FILTERS}
                  labels={EMPLOYMENT_TYPE_LABELS}
                  selected={params.type}
                  onToggle={(value, on) => update({ type: toggle(JOB_TYPE_FILTERS, params.type, value, on) })}
                />
                <CheckboxGroup
                  legend="Location"
                  options={WORKPLACES}
                  labels={WORKPLACE_LABELS}
                  selected={params.workplace}
                  onToggle={(value, on) => update({ workplace: toggle(WORKPLACES, params.workplace, value, on) })}
                />
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="filter-has-referrer"
                    checked={params.hasReferrer}
                    onCheckedChange={(checked) => update({ hasReferrer: checked === true })}
                  />
                  <Label htmlFor="filter-has-referrer" className="font-normal">
                    Has Internal Referrer
                  </Label>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="filter-skills">Skills</Label>
                  <SkillsInput
                    id="filter-skills"
                    value={params.skills}
                    onChange={(skills) => update({ skills })}
                    listLabel="Skill filters"
                    compact
                  />
                </div>
                {active ? (
                  <Button type="button" variant="ghost" onClick={() => setSearchParams(new URLSearchParams())}>
                    <X aria-hidden />
                    Clear filters
                  </Button>
                ) : null}
              </CardContent>
            </Card>
          </aside>
        </div>
        <Results params={params} onClear={active ? () => setSearchParams(new URLSearchParams()) : undefined} />
      </div>
    </div>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(initial);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={onSubmit} className="flex gap-2">
      <Label htmlFor="job-search" className="sr-only">
        Search jobs
      </Label>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id="job-search"
          type="search"
          className="pl-9"
          maxLength={200}
          placeholder="Search by title, company, skills..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}

function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  selected,
  onToggle,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  selected: T[];
  onToggle: (value: T, on: boolean) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-semibold">{legend}</legend>
      {options.map((option) => (
        <div key={option} className="flex items-center gap-2">
          <Checkbox
            id={`filter-${legend}-${option}`.replace(/\s+/g, '-').toLowerCase()}
            checked={selected.includes(option)}
            onCheckedChange={(checked) => onToggle(option, checked === true)}
          />
          <Label htmlFor={`filter-${legend}-${option}`.replace(/\s+/g, '-').toLowerCase()} className="font-normal">
            {labels[option]}
          </Label>
        </div>
      ))}
    </fieldset>
  );
}

function Results({ params, onClear }: { params: JobSearchParams; onClear: (() => void) | undefined }) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    jobSearchQueryOptions(params),
  );

  if (isPending) {
    return (
      <div className="grid gap-4" aria-busy>
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
  if (jobs.length === 0) {
    return (
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
    );
  }
  return (
    <section aria-label="Job results" className="grid gap-4">
      <ul className="grid gap-4">
        {jobs.map((job) => (
          <li key={job.id}>
            <JobResultCard job={job} />
          </li>
        ))}
      </ul>
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

function JobResultCard({ job }: { job: JobSummary }) {
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
            {job.matchScore !== null ? <MatchBadge score={job.matchScore} /> : null}
            {job.hasInternalReferrer ? (
              <Badge variant="accepted">
                <Users aria-hidden />
                Internal referrer
              </Badge>
            ) : null}
          </div>
        </div>
        <p className="text-muted-foreground">{job.companyName}</p>
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
