import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CandidateSearchResponse,
  Endorsement,
  FilterCategory,
  Involvement,
  Kudos,
  KudosForm,
  KudosInvitation,
  ResumeUploadResponse,
  TalentProfile,
  TalentProfileForm,
  TalentPublicProfile,
} from '@referwell/shared';
import { api, ApiError } from '@/lib/api';

export const talentKeys = {
  all: ['talent'] as const,
  own: ['talent', 'own'] as const,
  ownKudos: ['talent', 'own', 'kudos'] as const,
  profile: (idOrSlug: string) => ['talent', 'profile', idOrSlug] as const,
  search: (params: CandidateSearchParams) => ['talent', 'search', params] as const,
  kudosInvitation: (token: string) => ['kudos', token] as const,
};

export const ownProfileQueryOptions = queryOptions({
  queryKey: talentKeys.own,
  queryFn: ({ signal }) => api<TalentProfile>('/api/talent/profile', { signal }),
});

export const ownKudosQueryOptions = queryOptions({
  queryKey: talentKeys.ownKudos,
  queryFn: ({ signal }) => api<Kudos[]>('/api/talent/kudos', { signal }),
});

export const talentProfileQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: talentKeys.profile(idOrSlug),
    queryFn: ({ signal }) => api<TalentPublicProfile>(`/api/talent/${encodeURIComponent(idOrSlug)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: TalentProfileForm) => api<TalentProfile>('/api/talent/profile', { method: 'PUT', body: form }),
    onSuccess: (profile) => {
      queryClient.setQueryData(talentKeys.own, profile);
      void queryClient.invalidateQueries({ queryKey: ['talent', 'profile'] });
      void queryClient.invalidateQueries({ queryKey: ['talent', 'search'] });
      // The header and dashboard show the account name.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'session'] });
    },
  });
}

function uploadResume(file: File): Promise<ResumeUploadResponse> {
  const body = new FormData();
  body.append('file', file);
  return api<ResumeUploadResponse>('/api/talent/resume', { method: 'POST', body });
}

export function useUploadResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResume,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentKeys.own }),
  });
}

export function useEndorse(talentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Endorsement[]>(`/api/talent/${talentId}/endorsements`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['talent', 'profile'] }),
  });
}

export function useRequestKudos() {
  return useMutation({
    mutationFn: (recommenderEmail: string) =>
      api<{ sent: true }>('/api/talent/kudos-requests', { method: 'POST', body: { recommenderEmail } }),
  });
}

export const kudosInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: talentKeys.kudosInvitation(token),
    queryFn: ({ signal }) => api<KudosInvitation>(`/api/kudos/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

export function useSubmitKudos(token: string) {
  return useMutation({
    mutationFn: (form: KudosForm) =>
      api<Kudos>(`/api/kudos/${encodeURIComponent(token)}`, { method: 'POST', body: form }),
  });
}

/** Find Candidates' state: the text, the chosen values per filter category, the job to match, the page. */
export type CandidateSearchParams = {
  q: string;
  jobId: string;
  page: number;
} & Record<Exclude<FilterCategory, 'involvement'>, string[]> & { involvement: Involvement[] };

export const CANDIDATE_PAGE_SIZE = 12;

export function candidateSearchQueryString(params: CandidateSearchParams): string {
  const query = new URLSearchParams();
  if (params.q.trim()) query.set('q', params.q.trim());
  const lists = [
    'locations',
    'involvement',
    'skills',
    'technicalSkills',
    'softwareTools',
    'industries',
    'interests',
    'titles',
  ] as const;
  for (const key of lists) for (const value of params[key]) query.append(key, value);
  if (params.jobId) query.set('jobId', params.jobId);
  query.set('page', String(params.page));
  query.set('pageSize', String(CANDIDATE_PAGE_SIZE));
  return query.toString();
}

export const candidateSearchQueryOptions = (params: CandidateSearchParams) =>
  queryOptions({
    queryKey: talentKeys.search(params),
    queryFn: ({ signal }) =>
      api<CandidateSearchResponse>(`/api/talent/search?${candidateSearchQueryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
