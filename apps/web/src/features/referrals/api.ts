import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MATCHING } from '@referwell/shared';
import type {
  AcceptReferralRequest,
  CandidateSearchResponse,
  CreateReferral,
  CreateReferralRequest,
  JobComment,
  JobSearchResponse,
  Referral,
  ReferralRequest,
  ReferralStatus,
  ReferralSummary,
  ReferrerList,
  ReferrerProfile,
  ReferrerProfileForm,
  TrackingEntry,
  TrackingStatus,
} from '@referwell/shared';
import { candidateSearchUrl } from '@referwell/shared/url-filters/candidate-search';
import { jobSearchUrl } from '@referwell/shared/url-filters/job-search';
import { api, isMissing } from '@/lib/api';

export type ReferralScope = 'mine' | 'company' | 'about-me';
export type RequestBox = 'sent' | 'received';

export const referralKeys = {
  all: ['referrals'] as const,
  referrers: (company: string, jobId: string) => ['referrals', 'referrers', company, jobId] as const,
  referrer: (id: string) => ['referrals', 'referrer', id] as const,
  requests: (box: RequestBox, status?: ReferralStatus) => ['referrals', 'requests', box, status ?? 'all'] as const,
  list: (scope: ReferralScope, status?: ReferralStatus) => ['referrals', 'list', scope, status ?? 'all'] as const,
  detail: (id: string) => ['referrals', 'detail', id] as const,
  openJobs: (companyId: string) => ['referrals', 'open-jobs', companyId] as const,
  tracking: (jobId: string) => ['referrals', 'tracking', jobId] as const,
  comments: (jobId: string) => ['referrals', 'comments', jobId] as const,
};

const enc = encodeURIComponent;

const noRetryWhenMissing = (failureCount: number, error: Error) => !isMissing(error) && failureCount < 2;

/** A company's referrers (company slug or name), with the job they would be asked about. */
export const referrersQueryOptions = (company: string, jobId: string) =>
  queryOptions({
    queryKey: referralKeys.referrers(company, jobId),
    queryFn: ({ signal }) =>
      api<ReferrerList>(
        `/api/companies/${enc(company)}/referrers${jobId ? `?${new URLSearchParams({ jobId })}` : ''}`,
        {
          signal,
        },
      ),
    retry: noRetryWhenMissing,
  });

export const referrerProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: referralKeys.referrer(id),
    queryFn: ({ signal }) => api<ReferrerProfile>(`/api/referrers/${enc(id)}`, { signal }),
    retry: noRetryWhenMissing,
  });

export const referralRequestsQueryOptions = (box: RequestBox, status?: ReferralStatus) =>
  queryOptions({
    queryKey: referralKeys.requests(box, status),
    queryFn: ({ signal }) =>
      api<ReferralRequest[]>(`/api/referral-requests?${new URLSearchParams({ box, ...(status ? { status } : {}) })}`, {
        signal,
      }),
  });

export const referralsQueryOptions = (scope: ReferralScope, status?: ReferralStatus) =>
  queryOptions({
    queryKey: referralKeys.list(scope, status),
    queryFn: ({ signal }) =>
      api<ReferralSummary[]>(`/api/referrals?${new URLSearchParams({ scope, ...(status ? { status } : {}) })}`, {
        signal,
      }),
  });

export const referralQueryOptions = (id: string) =>
  queryOptions({
    queryKey: referralKeys.detail(id),
    queryFn: ({ signal }) => api<Referral>(`/api/referrals/${enc(id)}`, { signal }),
    retry: noRetryWhenMissing,
  });

/** The job's best-matching discoverable talent (the Top Talent tab): candidate search ranked for the job. */
export const topTalentQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['referrals', 'top-talent', jobId],
    queryFn: ({ signal }) =>
      api<CandidateSearchResponse>(
        `/api/talent/search?${candidateSearchUrl.format({ jobId, pageSize: MATCHING.topTalentCount })}`,
        { signal },
      ),
  });

/** The open jobs of a company, for the referral dialog's position select. */
export const companyOpenJobsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: referralKeys.openJobs(companyId),
    queryFn: ({ signal }) =>
      api<JobSearchResponse>(`/api/jobs?${jobSearchUrl.format({ companyId })}&limit=50`, { signal }).then(
        (response) => response.items,
      ),
    staleTime: 30_000,
  });

export const jobTrackingQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: referralKeys.tracking(jobId),
    queryFn: ({ signal }) => api<TrackingEntry[]>(`/api/jobs/${enc(jobId)}/tracking`, { signal }),
  });

export const jobCommentsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: referralKeys.comments(jobId),
    queryFn: ({ signal }) => api<JobComment[]>(`/api/jobs/${enc(jobId)}/comments`, { signal }),
  });

/** Referral lists and requests change together; dashboards read them too. */
function invalidateReferralLists(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['referrals', 'list'] }),
    queryClient.invalidateQueries({ queryKey: ['referrals', 'requests'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

export function useCreateReferralRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReferralRequest) =>
      api<ReferralRequest>('/api/referral-requests', { method: 'POST', body: input }),
    onSuccess: () => invalidateReferralLists(queryClient),
  });
}

export function useAcceptReferralRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AcceptReferralRequest & { id: string }) =>
      api<ReferralRequest>(`/api/referral-requests/${enc(id)}/accept`, { method: 'POST', body }),
    onSuccess: () => invalidateReferralLists(queryClient),
  });
}

export function useDeclineReferralRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api<ReferralRequest>(`/api/referral-requests/${enc(id)}/decline`, {
        method: 'POST',
        body: reason?.trim() ? { reason: reason.trim() } : {},
      }),
    onSuccess: () => invalidateReferralLists(queryClient),
  });
}

export function useCreateReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReferral) => api<Referral>('/api/referrals', { method: 'POST', body: input }),
    onSuccess: (referral) => {
      queryClient.setQueryData(referralKeys.detail(referral.id), referral);
      return invalidateReferralLists(queryClient);
    },
  });
}

/** The mutations of the referral detail page all answer with the updated referral. */
function useReferralMutation<TInput>(id: string, request: (input: TInput) => Promise<Referral>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (referral) => {
      queryClient.setQueryData(referralKeys.detail(id), referral);
      return Promise.all([
        invalidateReferralLists(queryClient),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]);
    },
  });
}

export const useUpdateReferralStatus = (id: string) =>
  useReferralMutation(id, (status: ReferralStatus) =>
    api<Referral>(`/api/referrals/${enc(id)}/status`, { method: 'PATCH', body: { status } }),
  );

export const useAnswerConsent = (id: string) =>
  useReferralMutation(id, (decision: 'confirm' | 'decline') =>
    api<Referral>(`/api/referrals/${enc(id)}/consent`, { method: 'POST', body: { decision } }),
  );

export const useMarkBonusPaid = (id: string) =>
  useReferralMutation(id, ({ paidOn, reference }: { paidOn?: string; reference?: string }) =>
    api<Referral>(`/api/referrals/${enc(id)}/bonus-paid`, {
      method: 'POST',
      body: { ...(paidOn ? { paidOn } : {}), ...(reference ? { reference } : {}) },
    }),
  );

export function useSetTracking(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ talentId, status, startDate }: { talentId: string; status: TrackingStatus; startDate?: string }) =>
      api<TrackingEntry>(`/api/jobs/${enc(jobId)}/tracking/${enc(talentId)}`, {
        method: 'PUT',
        body: startDate ? { status, startDate } : { status },
      }),
    onSuccess: (entry) => {
      queryClient.setQueryData<TrackingEntry[]>(referralKeys.tracking(jobId), (entries) =>
        entries
          ? [...entries.filter((e) => e.talentId !== entry.talentId), entry].sort((a, b) =>
              a.updatedAt.localeCompare(b.updatedAt),
            )
          : entries,
      );
      // The referral and its bonus move with the stage.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: referralKeys.tracking(jobId) }),
        queryClient.invalidateQueries({ queryKey: ['referrals', 'detail'] }),
        queryClient.invalidateQueries({ queryKey: ['jobs', jobId, 'applications'] }),
        invalidateReferralLists(queryClient),
      ]);
    },
  });
}

/**
 * Undoes a stage or referral status change inside its undo window; the server restores the stage, the referral
 * and its bonus, and cancels the held notifications. Everything that shows them is read again.
 */
export function useUndoChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: string) => api<null>(`/api/pipeline-changes/${enc(changeId)}/undo`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        invalidateReferralLists(queryClient),
        queryClient.invalidateQueries({ queryKey: ['referrals', 'detail'] }),
        queryClient.invalidateQueries({ queryKey: ['referrals', 'tracking'] }),
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
      ]),
  });
}

export function useAddJobComment(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<JobComment>(`/api/jobs/${enc(jobId)}/comments`, { method: 'POST', body: { body } }),
    onSuccess: (comment) => {
      queryClient.setQueryData<JobComment[]>(referralKeys.comments(jobId), (comments) =>
        comments ? [...comments, comment] : [comment],
      );
    },
  });
}

export function useUpdateReferrerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferrerProfileForm) =>
      api<ReferrerProfile>('/api/referrers/me', { method: 'PUT', body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(referralKeys.referrer(profile.id), profile);
      return queryClient.invalidateQueries({ queryKey: ['referrals', 'referrers'] });
    },
  });
}
