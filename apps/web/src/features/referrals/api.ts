import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MATCHING } from '@referwell/shared';
import type {
  CandidateIds,
  AcceptReferralRequest,
  CandidateSearchResponse,
  CreateReferral,
  CreateReferralRequest,
  CreditLedger,
  DeclineReason,
  ExternalReferral,
  HireStartDate,
  JobComment,
  ReferralCheck,
  ReferralCheckResult,
  ReferralDetail,
  ReferralInvitation,
  RolesToRefer,
  ReferralRequest,
  ReferralResumeUpload,
  ReferralStatus,
  ReferralSummary,
  ReferrerDetailsForm,
  ReferrerDetailsPrompt,
  ReferrerList,
  ReferrerProfile,
  ReferrerProfileForm,
  TrackingEntry,
  TrackingStatus,
} from '@referwell/shared';
import { candidateSearchUrl } from '@referwell/shared/url-filters/candidate-search';
import { api, isMissing, queryString } from '@/lib/api';

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
  detailsPrompt: ['referrals', 'details-prompt'] as const,
  tracking: (jobId: string) => ['referrals', 'tracking', jobId] as const,
  comments: (jobId: string) => ['referrals', 'comments', jobId] as const,
  credit: (scope: ReferralScope, page: number) => ['referrals', 'credit', scope, page] as const,
};

const enc = encodeURIComponent;

/** The viewer's part of the credit ledger, a page at a time. */
export const creditLedgerQueryOptions = (scope: ReferralScope, page: number, pageSize: number) =>
  queryOptions({
    queryKey: referralKeys.credit(scope, page),
    queryFn: ({ signal }) =>
      api<CreditLedger>(`/api/referral-credit?${queryString({ scope, page, pageSize })}`, { signal }),
    placeholderData: keepPreviousData,
  });

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
    queryFn: ({ signal }) => api<ReferralDetail>(`/api/referrals/${enc(id)}`, { signal }),
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
      // The signed-in member's company's open roles with what a referral for each pays (companyId keys the cache).
      api<RolesToRefer>('/api/company/roles-to-refer?limit=100', { signal }).then((response) => response.items),
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
    mutationFn: (input: CreateReferral) => api<ReferralDetail>('/api/referrals', { method: 'POST', body: input }),
    onSuccess: (referral) => {
      queryClient.setQueryData(referralKeys.detail(referral.id), referral);
      return invalidateReferralLists(queryClient);
    },
  });
}

/** The mutations of the referral detail page all answer with the updated referral. */
function useReferralMutation<TInput>(id: string, request: (input: TInput) => Promise<ReferralDetail>) {
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

/** A decline carries its reason category (and the team's own words). */
export interface DeclineReasonBody {
  reason?: DeclineReason;
  reasonNote?: string;
}

export const useUpdateReferralStatus = (id: string) =>
  useReferralMutation(id, ({ status, ...decline }: { status: ReferralStatus } & DeclineReasonBody) =>
    api<ReferralDetail>(`/api/referrals/${enc(id)}/status`, { method: 'PATCH', body: { status, ...decline } }),
  );

export const useAnswerConsent = (id: string) =>
  useReferralMutation(id, (decision: 'confirm' | 'decline') =>
    api<ReferralDetail>(`/api/referrals/${enc(id)}/consent`, { method: 'POST', body: { decision } }),
  );

export const useMarkBonusPaid = (id: string) =>
  useReferralMutation(id, ({ paidOn, reference }: { paidOn?: string; reference?: string }) =>
    api<ReferralDetail>(`/api/referrals/${enc(id)}/bonus-paid`, {
      method: 'POST',
      body: { ...(paidOn ? { paidOn } : {}), ...(reference ? { reference } : {}) },
    }),
  );

/** A hire's start date, given or corrected after the hire: the bonus's due day moves with it. */
export const useSetHireStartDate = (id: string) =>
  useReferralMutation(id, ({ startDate }: HireStartDate) =>
    api<ReferralDetail>(`/api/referrals/${enc(id)}/start-date`, { method: 'PUT', body: { startDate } }),
  );

export function useSetTracking(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      talentId,
      status,
      startDate,
      ids,
      ...decline
    }: { talentId: string; status: TrackingStatus; startDate?: string; ids?: CandidateIds } & DeclineReasonBody) =>
      api<TrackingEntry>(`/api/jobs/${enc(jobId)}/tracking/${enc(talentId)}`, {
        method: 'PUT',
        body: { status, ...(startDate ? { startDate } : {}), ...ids, ...decline },
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

/** Whether to ask the signed-in company member for their title, team and start date (once, at first sign-in). */
export const referrerDetailsPromptQueryOptions = queryOptions({
  queryKey: referralKeys.detailsPrompt,
  queryFn: ({ signal }) => api<ReferrerDetailsPrompt>('/api/referrers/me/details-prompt', { signal }),
  staleTime: Infinity,
});

export function useSaveReferrerDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferrerDetailsForm) =>
      api<ReferrerProfile>('/api/referrers/me/details', { method: 'PUT', body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(referralKeys.referrer(profile.id), profile);
      queryClient.setQueryData(referralKeys.detailsPrompt, { ask: false });
      return queryClient.invalidateQueries({ queryKey: ['referrals', 'referrers'] });
    },
  });
}

export function useSkipReferrerDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/api/referrers/me/details/skip', { method: 'POST' }),
    onSuccess: () => queryClient.setQueryData(referralKeys.detailsPrompt, { ask: false }),
  });
}

export function useUpdateReferrerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferrerProfileForm) =>
      api<ReferrerProfile>('/api/referrers/me', { method: 'PUT', body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(referralKeys.referrer(profile.id), profile);
      queryClient.setQueryData(referralKeys.detailsPrompt, { ask: false });
      return queryClient.invalidateQueries({ queryKey: ['referrals', 'referrers'] });
    },
  });
}

/**
 * "Will this referral count?": the ownership rule's answer for a job and a person, before submit. Asked only once
 * the job and something that identifies the person are known (the server refuses what it cannot match).
 */
export const referralCheckQueryOptions = (check: ReferralCheck, enabled: boolean) =>
  queryOptions({
    queryKey: ['referrals', 'check', check] as const,
    queryFn: ({ signal }) => api<ReferralCheckResult>('/api/referrals/check', { method: 'POST', body: check, signal }),
    enabled,
    // The last answer stays (marked as being checked again) while the person types: the form below does not jump.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

function uploadReferralResume(file: File): Promise<ReferralResumeUpload> {
  const body = new FormData();
  body.append('file', file);
  return api<ReferralResumeUpload>('/api/referrals/resume', { method: 'POST', body });
}

/** The résumé of a person being referred: stored and parsed, its fields offered to the form. */
export const useUploadReferralResume = () => useMutation({ mutationFn: uploadReferralResume });

export function useCreateExternalReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExternalReferral) =>
      api<ReferralDetail>('/api/referrals/external', { method: 'POST', body: input }),
    onSuccess: () => invalidateReferralLists(queryClient),
  });
}

// ----- The referred person's e-mailed link -----

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['referrals', 'invitation', token] as const,
    queryFn: ({ signal }) => api<ReferralInvitation>(`/api/referral-invitations/${enc(token)}`, { signal }),
    retry: noRetryWhenMissing,
  });

export function useAnswerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { referralId: string; decision: 'confirm' | 'decline' }) =>
      api<ReferralInvitation>(`/api/referral-invitations/${enc(token)}/consent`, { method: 'POST', body }),
    onSuccess: (answer) => queryClient.setQueryData(invitationQueryOptions(token).queryKey, answer),
  });
}

export function useClaimInvitation(token: string) {
  return useMutation({
    mutationFn: (body: { password: string; discoverable: boolean }) =>
      api<{ userId: string }>(`/api/referral-invitations/${enc(token)}/claim`, { method: 'POST', body }),
  });
}
