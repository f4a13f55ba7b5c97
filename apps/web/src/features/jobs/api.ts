import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WhereIStand,
  CompanyJobsQuery,
  CompanyJobsResponse,
  ImportedJob,
  Job,
  JobApplication,
  JobCrawlStatus,
  JobApplyForm,
  JobForm,
  JobImportResponse,
  JobSearchFilters,
  JobSearchResponse,
  JobShareLink,
  JobStatusChange,
} from '@referwell/shared';
import { JOB_IMPORT_MESSAGES, JOB_SEARCH_PAGE_SIZE } from '@referwell/shared';
import { api, isMissing, preloaded, queryString } from '@/lib/api';
import { jobSearchUrl } from '@referwell/shared/url-filters/job-search';

const base = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: string) => ['jobs', id] as const,
  search: (filters: JobSearchFilters) => ['jobs', 'search', jobSearchUrl.format(filters).toString()] as const,
  applications: (id: string) => ['jobs', id, 'applications'] as const,
  companyBoard: ['jobs', 'company-board'] as const,
  crawl: (id: string) => ['jobs', 'crawl', id] as const,
  standing: (ids: readonly string[]) => ['jobs', 'where-i-stand', ids.join(',')] as const,
};

/** Where the signed-in job seeker stands on these jobs (search cards mark them), asked once per page of results. */
export const whereIStandQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: jobKeys.standing(ids),
    queryFn: ({ signal }) =>
      api<WhereIStand>(`/api/jobs/where-i-stand?${queryString({ ids: ids.join(',') })}`, { signal }),
    // Asked again whenever the results are shown: it changes as soon as the seeker applies or is referred.
    enabled: ids.length > 0,
  });

/** The signed-in member's company jobs (GET /api/company/jobs), one page per filter. */
export const companyJobsQueryOptions = (query: CompanyJobsQuery) =>
  queryOptions({
    queryKey: [...jobKeys.companyBoard, query] as const,
    queryFn: ({ signal }) => api<CompanyJobsResponse>(`/api/company/jobs?${queryString(query)}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** A company member opened the job: its applicants and referrals so far are no longer new on the jobs board. */
export function useRecordJobVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base(id)}/visit`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.companyBoard }),
  });
}

/** The query string GET /api/jobs takes: the page's own URL parameters plus paging. */
function jobSearchQueryString(filters: JobSearchFilters, cursor?: string | null): string {
  const query = jobSearchUrl.format(filters);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(JOB_SEARCH_PAGE_SIZE));
  return query.toString();
}

/** One job, as its detail page shows it (public; `viewer` depends on who asks). */
export const jobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => api<Job>(base(id), { signal }),
    // A server-rendered job page carries the answer, for the viewer who asked for it.
    initialData: () => preloaded<Job>(base(id)),
    retry: (failureCount, error) => !isMissing(error) && failureCount < 2,
  });

/** The job's address to share (with the signed-in member's referral code when the job is at their company). */
export const jobShareLinkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['jobs', id, 'share-link'] as const,
    queryFn: ({ signal }) => api<JobShareLink>(`${base(id)}/share-link`, { signal }),
    staleTime: Infinity,
  });

/** Open jobs matching the filters, page by page (cursor pagination). */
export const jobSearchQueryOptions = (filters: JobSearchFilters) =>
  infiniteQueryOptions({
    queryKey: jobKeys.search(filters),
    queryFn: ({ signal, pageParam }) =>
      api<JobSearchResponse>(`/api/jobs?${jobSearchQueryString(filters, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The server-rendered /search-jobs carries the first page for the address's query.
    initialData: () => {
      const first = preloaded<JobSearchResponse>(`/api/jobs?${jobSearchQueryString(filters)}`);
      return first ? { pages: [first], pageParams: [null] } : undefined;
    },
  });

/** Who applied to a job (its creator and the company's admins only). */
export const jobApplicationsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKeys.applications(id),
    queryFn: ({ signal }) => api<JobApplication[]>(`${base(id)}/applications`, { signal }),
  });

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ job, draft = false }: { job: JobForm; draft?: boolean }) =>
      api<Job>(`/api/jobs${draft ? '?draft=true' : ''}`, { method: 'POST', body: job }),
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(job.id), job);
      void queryClient.invalidateQueries({ queryKey: ['jobs', 'search'] });
      void queryClient.invalidateQueries({ queryKey: jobKeys.companyBoard });
      // The company page lists open positions.
      void queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}

export function useUpdateJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: JobForm) => api<Job>(base(id), { method: 'PUT', body: job }),
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(id), job);
      void queryClient.invalidateQueries({ queryKey: ['jobs', 'search'] });
      void queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}

/** Close, reopen or mark filled (its creator or the company's admins); the jobs board and detail follow. */
export function useSetJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & JobStatusChange) =>
      api<Job>(`${base(id)}/status`, { method: 'PUT', body: { status } }),
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(job.id), job);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['jobs', 'search'] }),
        queryClient.invalidateQueries({ queryKey: jobKeys.companyBoard }),
        queryClient.invalidateQueries({ queryKey: ['companies'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}

export function useApplyToJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: JobApplyForm) => api<{ applied: true }>(`${base(id)}/apply`, { method: 'POST', body: form }),
    onSuccess: () => {
      queryClient.setQueryData(jobQueryOptions(id).queryKey, (job) =>
        job
          ? {
              ...job,
              applicationCount: job.applicationCount + 1,
              viewer: { ...job.viewer, canApply: false, hasApplied: true },
            }
          : job,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.detail(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: jobKeys.applications(id) }),
      ]);
    },
  });
}

/**
 * The fields of an imported job posting (the shared contract of POST /api/jobs/import and /api/jobs/crawl), and
 * the fields the server read with low confidence.
 */
export type JobImportData = ImportedJob & {
  uncertain?: JobImportResponse['uncertain'];
  suggested_skills?: JobImportResponse['suggested_skills'];
};

/** The import reached the page but read no job from it: `message` says what happened (an article, no title…). */
export class ImportRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefusedError';
  }
}

/** POST /api/jobs/import: a failure of the remote site comes back as `success: false`, refusals as 4xx. */
export function useImportJob() {
  return useMutation({
    mutationFn: async (url: string) => {
      const response = await api<JobImportResponse>('/api/jobs/import', { method: 'POST', body: { url } });
      if (!response.success || !response.data)
        throw new ImportRefusedError(response.error ?? JOB_IMPORT_MESSAGES.noJobFound);
      return {
        ...response.data,
        uncertain: response.uncertain,
        suggested_skills: response.suggested_skills,
      } satisfies JobImportData;
    },
  });
}

/** How often a running careers-site search is asked for its progress. */
export const CRAWL_POLL_MS = 1000;

const crawlFinished = (status: JobCrawlStatus | undefined) => status?.state === 'done' || status?.state === 'failed';

/** POST /api/jobs/crawl: starts a careers-site search in the background (202); its status is then polled. */
export function useStartCrawl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api<JobCrawlStatus>('/api/jobs/crawl', { method: 'POST', body: { url } }),
    onSuccess: (status) => queryClient.setQueryData(jobKeys.crawl(status.id), status),
  });
}

/** GET /api/jobs/crawl/:id, polled until the search is done or failed. */
export function useCrawlStatus(id: string | null) {
  return useQuery({
    queryKey: jobKeys.crawl(id ?? ''),
    queryFn: ({ signal }) => api<JobCrawlStatus>(`/api/jobs/crawl/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (crawlFinished(query.state.data) ? false : CRAWL_POLL_MS),
  });
}
