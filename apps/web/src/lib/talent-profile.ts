import { queryOptions } from '@tanstack/react-query';
import type { TalentPublicProfile } from '@referwell/shared';
import { api, isApiError } from '@/lib/api';

/**
 * The one query of a job seeker's public profile (GET /api/talent/{idOrSlug}), read by the talent feature's profile
 * page and by the referrals feature's applicant tracking. It sits here, below both features, so neither imports
 * the other for it.
 */
export const talentProfileKey = (idOrSlug: string) => ['talent', 'profile', idOrSlug] as const;

export const talentProfileQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: talentProfileKey(idOrSlug),
    queryFn: ({ signal }) => api<TalentPublicProfile>(`/api/talent/${encodeURIComponent(idOrSlug)}`, { signal }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
