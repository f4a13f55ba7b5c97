import { useQuery } from '@tanstack/react-query';
import { MapPin, UserPlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import {
  CONNECTIONS_MESSAGES,
  FILTER_CATEGORIES,
  FILTER_LABELS,
  INVOLVEMENT_LABELS,
  SEARCH_TEXTS,
  TALENT_MESSAGES,
  type CandidateSearchFilters,
  dashboardPathFor,
  type FilterCategory,
  type Involvement,
  type JobSearchResponse,
  type TalentCard,
  experienceText,
} from '@referwell/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { api } from '@/lib/api';
import { candidateSearchUrl } from '@referwell/shared/url-filters/candidate-search';
import { referSomeoneUrl } from '@referwell/shared/url-filters/refer-someone';
import { useUrlFilters } from '@/lib/url-filters';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { candidateSearchQueryOptions } from './api';
import { MatchBadge } from '@/components/match-badge';
import { Pager } from '@/components/pager';
import { CheckboxFilterGroup, FilterPanel, SearchBox } from '@/components/search-filters';
import { PlaceFilter, replaceWord, SearchNotices } from '@/components/search-place';
import { announceReferralStart, ReferralDialog, ReferSomeoneButton } from '@/features/referrals/port';

const toast = scopedToast('search-candidates-page');

const NO_JOB = 'none';

const labelFor = (category: FilterCategory, value: string) =>
  category === 'involvement' ? (INVOLVEMENT_LABELS[value as Involvement] ?? value) : value;

/** Find Candidates (/search-candidates, SPEC §2, §5 'Candidate filtering'): company users only. */
export function SearchCandidatesPage() {
  usePageTitle('Find Candidates');
  const { user, company } = useSession();
  const [params, setParams] = useUrlFilters(candidateSearchUrl);
  const location = useLocation();
  const navigate = useNavigate();
  const isCompanyUser = user?.type === 'referrer' && !!company;
  const [referTalent, setReferTalent] = useState<{ id: string; name: string } | null>(null);
  const [referOpen, setReferOpen] = useState(false);
  const startReferral = (talent: { id: string; name: string }) => {
    announceReferralStart(talent.name);
    setReferTalent({ id: talent.id, name: talent.name });
    setReferOpen(true);
  };

  const update = (next: Partial<CandidateSearchFilters>) => setParams({ ...params, page: 1, ...next });

  // Router state from a job: preselect its skills once (SPEC §2).
  const applied = useRef(false);
  useEffect(() => {
    const state = location.state as { preselectedSkills?: unknown } | null;
    const skills = Array.isArray(state?.preselectedSkills)
      ? state.preselectedSkills.filter((s): s is string => typeof s === 'string' && s.trim() !== '')
      : [];
    if (applied.current || skills.length === 0) return;
    applied.current = true;
    const next = candidateSearchUrl.format({
      ...params,
      skills: [...new Set(skills)],
      page: 1,
    });
    void navigate({ search: `?${next.toString()}` }, { replace: true, state: null });
    toast.success(TALENT_MESSAGES.filtersAppliedTitle, { description: TALENT_MESSAGES.filtersApplied(skills.length) });
  }, [location.state, navigate, params]);

  const results = useQuery({ ...candidateSearchQueryOptions(params), enabled: isCompanyUser });
  const jobs = useQuery({
    queryKey: ['jobs', 'search', 'company', company?.id],
    queryFn: ({ signal }) =>
      api<JobSearchResponse>(`/api/jobs?companyId=${encodeURIComponent(company!.id)}&limit=50`, { signal }),
    enabled: isCompanyUser,
  });

  if (!user) return null;
  if (!isCompanyUser) return <Navigate to={dashboardPathFor(user.type)} replace />;

  const selected = FILTER_CATEGORIES.flatMap((category) => params[category].map((value) => ({ category, value })));
  const data = results.data;
  const facets = data?.facets;
  // A broad search is counted only a little past the page: "1,000+" rather than an exact count of the whole pool.
  const resultCount = data ? `${data.total.toLocaleString('en-US')}${data.totalIsLowerBound ? '+' : ''}` : '0';

  const toggle = (category: FilterCategory, value: string, on: boolean) => {
    const current = params[category] as string[];
    update({ [category]: on ? [...current, value] : current.filter((v) => v !== value) });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">Find Candidates</h1>
        <p className="mt-2 text-muted-foreground">
          Healthcare technology talent open to new roles. Filter, match against a job and refer the right people.
        </p>
      </header>
      <ReferringNotice />

      <div className="grid gap-3 md:grid-cols-[1fr_18rem] md:items-end">
        <SearchBox
          key={params.q}
          label="Search candidates"
          placeholder="Search by name or title"
          initial={params.q ?? ''}
          maxLength={120}
          onSearch={(q) => update({ q: q || undefined })}
        />
        <div className="grid gap-2">
          <Label htmlFor="match-job">Match for job</Label>
          <Select value={params.jobId || NO_JOB} onValueChange={(v) => update({ jobId: v === NO_JOB ? undefined : v })}>
            <SelectTrigger id="match-job">
              <SelectValue placeholder="Any job" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_JOB}>No job (all candidates)</SelectItem>
              {(jobs.data?.items ?? []).map((job) => (
                <SelectItem key={job.id} value={job.id}>
                  {job.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {selected.length > 0 ? (
        <div className="mt-4 flex flex-wrap items-center gap-2" aria-label="Selected filters">
          {selected.map(({ category, value }) => (
            <Badge
              key={`${category}:${value}`}
              variant="secondary"
              className="gap-1 py-1 pr-1 pl-3 text-sm font-medium"
            >
              <span className="text-muted-foreground">{FILTER_LABELS[category]}:</span> {labelFor(category, value)}
              <button
                type="button"
                className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                aria-label={`Remove ${labelFor(category, value)}`}
                onClick={() => toggle(category, value, false)}
              >
                <X className="size-3" aria-hidden />
              </button>
            </Badge>
          ))}
          <Button variant="link" size="sm" onClick={() => setParams({ q: params.q, jobId: params.jobId })}>
            Clear all filters
          </Button>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 md:grid-cols-12 md:items-start">
        <div className="md:col-span-3">
          <FilterPanel activeCount={selected.length + (params.location ? 1 : 0)}>
            <PlaceFilter
              key={params.location}
              value={{ location: params.location, distance: params.distance, unit: params.unit }}
              facets={null}
              onChange={update}
            />
            {facets ? (
              FILTER_CATEGORIES.map((category) => (
                <CheckboxFilterGroup
                  key={category}
                  legend={FILTER_LABELS[category]}
                  options={facets[category].map(({ value, count }) => ({
                    value,
                    label: labelFor(category, value),
                    count,
                  }))}
                  selected={params[category]}
                  onToggle={(value, on) => toggle(category, value, on)}
                  shownAtFirst={SHOWN_OPTIONS}
                />
              ))
            ) : (
              <div className="grid gap-3">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-4 w-32" />
              </div>
            )}
          </FilterPanel>
        </div>

        <section className="grid gap-4 md:col-span-9" aria-labelledby="available-talent">
          <div className="flex items-center gap-3">
            <h2 id="available-talent" className="text-xl font-semibold">
              Available Talent
            </h2>
            <Badge variant="secondary" aria-label={`${resultCount} results`}>
              {resultCount}
            </Badge>
            {data?.job ? (
              <span className="text-sm text-muted-foreground">
                Ranked by match for <span className="font-medium text-foreground">{data.job.title}</span>
              </span>
            ) : null}
          </div>

          {data ? (
            <SearchNotices
              place={data.place}
              corrections={data.corrections}
              onPlace={(location) =>
                update({ location, ...(data.place?.source === 'query' ? { q: data.place.rest ?? undefined } : {}) })
              }
              onWord={(word, by) => update({ q: replaceWord(params.q ?? '', word, by) })}
            />
          ) : null}
          {results.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{results.error.message}</AlertDescription>
            </Alert>
          ) : !data ? (
            <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-44 w-full" />
              ))}
            </div>
          ) : data.items.length === 0 ? (
            <Card>
              <CardContent className="py-12 text-center text-muted-foreground">
                {data.job ? 'No matches found for this position' : TALENT_MESSAGES.noCandidates}
              </CardContent>
            </Card>
          ) : (
            <>
              {data.partialTotal > 0 ? (
                <p className="text-sm text-muted-foreground">
                  {TALENT_MESSAGES.partialCount(data.partialTotal, data.total)}
                </p>
              ) : null}
              {[false, true].map((partial) => {
                const talents = data.items.filter((talent) => talent.partial === partial);
                if (talents.length === 0) return null;
                return (
                  <div key={String(partial)} className="grid gap-4">
                    {partial ? (
                      <h3 className="text-sm font-semibold text-muted-foreground">{SEARCH_TEXTS.partialHeading}</h3>
                    ) : null}
                    <ul className={cn('grid gap-4 sm:grid-cols-2', results.isFetching && 'opacity-70')}>
                      {talents.map((talent) => (
                        <li key={talent.id}>
                          <CandidateCard talent={talent} onRefer={() => startReferral(talent)} />
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
              <Pager
                page={params.page}
                totalPages={data.totalPages}
                atLeast={data.totalIsLowerBound}
                onPage={(page) => setParams({ ...params, page })}
              />
            </>
          )}
        </section>
      </div>
      <ReferralDialog talent={referTalent} jobId={params.jobId} open={referOpen} onOpenChange={setReferOpen} />
    </div>
  );
}

const SHOWN_OPTIONS = 6;

/**
 * Arrived from "Who you know" → Refer (referSomeoneUrl): who is being referred, as their LinkedIn export gave them.
 * The search above is already for their name and ranked for the role, so someone on Referwell is referred from
 * their card; the same parameters fill in the form for referring someone who is not on Referwell.
 */
function ReferringNotice() {
  const [searchParams] = useSearchParams();
  const prefill = referSomeoneUrl.parse(searchParams);
  if (prefill.refer !== 'someone' || !prefill.name) return null;
  const linkedin = prefill.linkedinUrl && /^https:\/\/([a-z]+\.)?linkedin\.com\//i.test(prefill.linkedinUrl);
  return (
    <Card className="mb-6" aria-labelledby="referring-someone">
      <CardContent className="grid gap-1 py-4 text-sm">
        <h2 id="referring-someone" className="text-base font-semibold">
          {CONNECTIONS_MESSAGES.referringTitle(prefill.name)}
        </h2>
        <p className="text-muted-foreground">
          {CONNECTIONS_MESSAGES.referringDetails}
          {prefill.email ? ` · ${prefill.email}` : ''}
          {linkedin ? (
            <>
              {' · '}
              <a
                href={prefill.linkedinUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary hover:underline"
              >
                LinkedIn profile<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          ) : null}
        </p>
        <p>{CONNECTIONS_MESSAGES.referringFound}</p>
        <div>
          <ReferSomeoneButton
            size="sm"
            variant="outline"
            className="mt-1"
            jobId={prefill.jobId}
            person={{ name: prefill.name, email: prefill.email, linkedinUrl: prefill.linkedinUrl }}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function CandidateCard({ talent, onRefer }: { talent: TalentCard; onRefer: () => void }) {
  const skills = [...new Set([...talent.skills, ...talent.technicalSkills, ...talent.softwareTools])];
  return (
    <Card className="h-full">
      <CardContent className="grid h-full gap-3 pt-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="truncate text-lg font-semibold">
              <Link to={`/view-talent-profile/${talent.slug}`} className="hover:underline">
                {talent.name}
              </Link>
            </h3>
            {talent.title ? <p className="truncate text-sm text-muted-foreground">{talent.title}</p> : null}
          </div>
          {talent.matchScore !== null ? <MatchBadge score={talent.matchScore} /> : null}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {talent.location ? (
            <span className="flex items-center gap-1">
              <MapPin className="size-4" aria-hidden />
              {talent.location}
            </span>
          ) : null}
          {talent.yearsOfExperience !== null ? (
            <span>{experienceText(talent.yearsOfExperience)} experience</span>
          ) : null}
          {talent.involvement ? <span>{INVOLVEMENT_LABELS[talent.involvement]}</span> : null}
        </div>
        {skills.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
            {skills.slice(0, 6).map((skill) => (
              <li key={skill}>
                <Badge variant="outline">{skill}</Badge>
              </li>
            ))}
            {skills.length > 6 ? <li className="text-xs text-muted-foreground">+{skills.length - 6} more</li> : null}
          </ul>
        ) : null}
        {talent.contact ? <p className="truncate text-sm">{talent.contact.email}</p> : null}
        <div className="mt-auto flex gap-2 pt-2">
          <Button size="sm" onClick={onRefer}>
            <UserPlus aria-hidden />
            Refer
          </Button>
          <Button size="sm" variant="outline" asChild>
            <Link to={`/view-talent-profile/${talent.slug}`}>View Profile</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
