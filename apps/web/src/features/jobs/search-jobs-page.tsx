import { BellPlus, X } from 'lucide-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  JOB_SEARCH_PAGE,
  JOB_SORT_LABELS,
  JOB_SORTS,
  effectiveJobSort,
  type JobSearchFilters,
  type JobSort,
} from '@referwell/shared';
import { loginPath } from '@referwell/shared/rules/auth';
import { RESUME_PARAM, resumeActionOf, withResumeAction } from '@referwell/shared/rules/auth-forms';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FilterPanel, SearchBox } from '@/components/search-filters';
import { PlaceFilter, replaceWord } from '@/components/search-place';
import { useUrlFilters } from '@/lib/url-filters';
import { jobSearchUrl } from '@referwell/shared/url-filters/job-search';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/lib/session';
import { jobSearchQueryOptions } from './api';
import { JobResults } from './job-results';
import { SaveSearchButton } from '@/features/saved-searches/port';
import { SearchJobsFilters } from './search-jobs-filters';

/**
 * Job search (/search-jobs, SPEC §2): text, filters and sort kept in the URL (the shared jobSearchUrl codec). Open to
 * visitors; Save search asks them to log in and comes back here with the save dialog open.
 */
export function SearchJobsPage() {
  usePageTitle(JOB_SEARCH_PAGE.title);
  const [filters, setFilters] = useUrlFilters(jobSearchUrl);
  const { user } = useSession();
  const resumeSave = useResumedSave(user?.type === 'jobseeker');
  const update = (next: Partial<JobSearchFilters>) => setFilters({ ...filters, ...next });
  const clear = () => setFilters({});
  // The first page's places (the same query the results read: one request).
  const { data } = useInfiniteQuery(jobSearchQueryOptions(filters));
  const facets = data?.pages[0]?.locationFacets ?? null;
  const place = data?.pages[0]?.place ?? null;
  /** A place the answer offered becomes the location filter; named among the words, it leaves them. */
  const choosePlace = (location: string) =>
    update({ location, ...(place?.source === 'query' ? { q: place.rest ?? undefined } : {}) });
  const filterCount =
    (filters.location ? 1 : 0) +
    (filters.distance !== undefined ? 1 : 0) +
    filters.type.length +
    filters.workplace.length +
    filters.skills.length +
    (filters.hasReferrer ? 1 : 0) +
    (filters.company ? 1 : 0) +
    (filters.minSalary !== undefined ? 1 : 0) +
    (filters.postedWithin ? 1 : 0);
  const active = filterCount > 0 || filters.q !== undefined;
  const jobseeker = user?.type === 'jobseeker';
  const sorts = JOB_SORTS.filter((s) => (s !== 'relevance' || filters.q) && (s !== 'match' || jobseeker));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">{JOB_SEARCH_PAGE.title}</h1>
        <p className="mt-2 text-muted-foreground">{JOB_SEARCH_PAGE.intro}</p>
      </header>

      <SearchBox
        key={filters.q}
        label={JOB_SEARCH_PAGE.searchLabel}
        hideLabel
        placeholder={JOB_SEARCH_PAGE.searchPlaceholder}
        initial={filters.q ?? ''}
        onSearch={(q) => update({ q: q || undefined })}
      />

      <div className="mt-6 grid gap-6 md:grid-cols-[15rem_1fr] md:items-start">
        <FilterPanel activeCount={filterCount}>
          <PlaceFilter
            key={filters.location}
            value={{ location: filters.location, distance: filters.distance, unit: filters.unit }}
            facets={facets}
            onChange={update}
          />
          <SearchJobsFilters filters={filters} onChange={update} />
          {active ? (
            <Button type="button" variant="ghost" onClick={clear}>
              <X aria-hidden />
              Clear filters
            </Button>
          ) : null}
        </FilterPanel>
        <JobResults
          filters={filters}
          onClear={active ? clear : undefined}
          onCompany={(company) => update({ company })}
          onPlace={choosePlace}
          onWord={(word, by) => update({ q: replaceWord(filters.q ?? '', word, by) })}
          toolbar={
            <>
              <SortSelect value={effectiveJobSort(filters)} options={sorts} onChange={(sort) => update({ sort })} />
              {jobseeker && active ? <SaveSearchButton filters={filters} startOpen={resumeSave} /> : null}
              {!user && active ? <SaveSearchSignIn /> : null}
            </>
          }
        />
      </div>
    </div>
  );
}

/** Whether the page was reached to finish saving this search (`?resume=save-search`); the marker is then dropped. */
function useResumedSave(jobseeker: boolean): boolean {
  const [params, setParams] = useSearchParams();
  const resume = resumeActionOf(params) === 'save-search';
  useEffect(() => {
    if (!resume || !jobseeker) return;
    setParams(
      (next) => {
        next.delete(RESUME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [jobseeker, resume, setParams]);
  return resume && jobseeker;
}

/** A visitor's Save search: log in (or sign up), then back to this search with the save dialog open. */
function SaveSearchSignIn() {
  const location = useLocation();
  return (
    <Button asChild variant="outline">
      <Link to={loginPath(withResumeAction(`${location.pathname}${location.search}`, 'save-search'))}>
        <BellPlus aria-hidden />
        Save search
      </Link>
    </Button>
  );
}

function SortSelect({
  value,
  options,
  onChange,
}: {
  value: JobSort;
  options: JobSort[];
  onChange: (sort: JobSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm whitespace-nowrap text-muted-foreground">
        Sort by
      </Label>
      <Select value={value} onValueChange={(next) => onChange(JOB_SORTS.find((s) => s === next) ?? value)}>
        <SelectTrigger id={id} className="w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((sort) => (
            <SelectItem key={sort} value={sort}>
              {JOB_SORT_LABELS[sort]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
