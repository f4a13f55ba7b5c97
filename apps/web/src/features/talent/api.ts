import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CandidateSearchFilters,
  type CandidateSearchResponse,
  type Endorsement,
  type Kudos,
  type KudosForm,
  type KudosInvitation,
  type ResumeUploadResponse,
  type TalentProfile,
  type TalentProfileForm,
} from '@referwell/shared';
import { api } from '@/lib/api';
import { talentProfileKey } from '@/lib/talent-profile';
import { candidateSearchUrl } from '@referwell/shared/url-filters/candidate-search';

export const talentKeys = {
  all: ['talent'] as const,
  own: ['talent', 'own'] as const,
  ownKudos: ['talent', 'own', 'kudos'] as const,
  profile: talentProfileKey,
  search: (filters: CandidateSearchFilters) => ['talent', 'search', filters] as const,
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

export const candidateSearchQueryOptions = (filters: CandidateSearchFilters) =>
  queryOptions({
    queryKey: talentKeys.search(filters),
    queryFn: ({ signal }) =>
      api<CandidateSearchResponse>(`/api/talent/search?${candidateSearchUrl.format(filters).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
