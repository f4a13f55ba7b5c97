import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddTeamMember,
  AuditLogQuery,
  AuditLogResponse,
  Company,
  CompanyClaimOutcome,
  CompanyClaimRequest,
  CompanyClaimSent,
  MyCompanyClaimResponse,
  CompanyProfileUpdate,
  CompanyProfileUpdated,
  CompanySecurity,
  ScimSettings,
  ScimTokenResponse,
  PublicCompanyResponse,
  TeamInvitation,
  TeamMember,
  TeamResponse,
  TeamRole,
} from '@referwell/shared';
import { api, preloaded, queryString } from '@/lib/api';
import { sessionQueryOptions } from '@/lib/session';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;

export const companyKeys = {
  all: ['companies'] as const,
  detail: (companyId: string) => ['companies', companyId] as const,
  team: (companyId: string) => ['companies', companyId, 'team'] as const,
  auditLog: (companyId: string, query: Partial<AuditLogQuery>) => ['companies', companyId, 'audit-log', query] as const,
  bySlug: (slug: string) => ['companies', 'by-slug', slug] as const,
  myClaim: (slug: string) => ['companies', 'by-slug', slug, 'my-claim'] as const,
  security: (companyId: string) => ['companies', companyId, 'security'] as const,
  scim: (companyId: string) => ['companies', companyId, 'scim'] as const,
};

/** SCIM provisioning: whether a token exists (never the token) and the base URL (admins, `sso_scim`). */
export const scimSettingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.scim(companyId),
    queryFn: ({ signal }) => api<ScimSettings>(`${base(companyId)}/scim`, { signal }),
  });

/** A new SCIM token, shown once (the old one stops working). */
export function useCreateScimToken(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { adminGroup?: string }) =>
      api<ScimTokenResponse>(`${base(companyId)}/scim/token`, { method: 'POST', body }),
    onSuccess: ({ token: _token, ...settings }) => queryClient.setQueryData(companyKeys.scim(companyId), settings),
  });
}

/** The company's two-factor policy (admins only). */
export const companySecurityQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.security(companyId),
    queryFn: ({ signal }) => api<CompanySecurity>(`${base(companyId)}/security`, { signal }),
  });

export function useSaveCompanySecurity(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySecurity) => api<CompanySecurity>(`${base(companyId)}/security`, { method: 'PUT', body }),
    onSuccess: async (data) => {
      queryClient.setQueryData(companyKeys.security(companyId), data);
      // Requiring it may send this admin to set it up first.
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}

/** A company's profile, for its members. */
export const companyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.detail(companyId),
    queryFn: ({ signal }) => api<Company>(base(companyId), { signal }),
  });

/** The public company page (/company/{slug}). */
export const publicCompanyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: companyKeys.bySlug(slug),
    queryFn: ({ signal }) =>
      api<PublicCompanyResponse>(`/api/companies/by-slug/${encodeURIComponent(slug)}`, { signal }),
    // A server-rendered company page carries the answer.
    initialData: () => preloaded<PublicCompanyResponse>(`/api/companies/by-slug/${encodeURIComponent(slug)}`),
  });

/** Invite code, members and pending invitations (admins only). */
export const teamQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.team(companyId),
    queryFn: ({ signal }) => api<TeamResponse>(`${base(companyId)}/team`, { signal }),
  });

/** The company's audit log, newest first (admins only). */
export const auditLogQueryOptions = (companyId: string, query: Partial<AuditLogQuery>) =>
  queryOptions({
    queryKey: companyKeys.auditLog(companyId, query),
    queryFn: ({ signal }) => api<AuditLogResponse>(`${base(companyId)}/audit-log?${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useUpdateCompany(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CompanyProfileUpdate) =>
      api<CompanyProfileUpdated>(base(companyId), { method: 'PUT', body: update }),
    onSuccess: async (company) => {
      queryClient.setQueryData(companyQueryOptions(companyId).queryKey, company);
      // The public page and the session's company name/slug may have changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
      ]);
    },
  });
}

export function useRegenerateInviteCode(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ inviteCode: string }>(`${base(companyId)}/invite-code`, { method: 'POST' }),
    onSuccess: ({ inviteCode }) => {
      queryClient.setQueryData(teamQueryOptions(companyId).queryKey, (team) => (team ? { ...team, inviteCode } : team));
      void queryClient.invalidateQueries({ queryKey: companyKeys.team(companyId) });
    },
  });
}

export function useInviteTeamMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: AddTeamMember) =>
      api<TeamInvitation>(`${base(companyId)}/invitations`, { method: 'POST', body: member }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.team(companyId) }),
  });
}

export function useUpdateMemberRole(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TeamRole }) =>
      api<TeamMember>(`${base(companyId)}/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(teamQueryOptions(companyId).queryKey, (team) =>
        team
          ? { ...team, members: team.members.map((m) => (m.userId === updated.userId ? { ...m, ...updated } : m)) }
          : team,
      );
      // Changing your own role changes what the session allows.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.team(companyId) }),
        queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
      ]);
    },
  });
}

export function useRemoveMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<void>(`${base(companyId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: (_result, userId) => {
      queryClient.setQueryData(teamQueryOptions(companyId).queryKey, (team) =>
        team ? { ...team, members: team.members.filter((m) => m.userId !== userId) } : team,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.team(companyId) }),
        queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
      ]);
    },
  });
}

/** Grants or withdraws a member's compliance permission (reads the self-identification report). */
export function useSetMemberCompliance(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, compliance }: { userId: string; compliance: boolean }) =>
      api<TeamMember>(`${base(companyId)}/members/${encodeURIComponent(userId)}/compliance`, {
        method: 'PUT',
        body: { compliance },
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(teamQueryOptions(companyId).queryKey, (team) =>
        team
          ? { ...team, members: team.members.map((m) => (m.userId === updated.userId ? { ...m, ...updated } : m)) }
          : team,
      );
      return queryClient.invalidateQueries({ queryKey: companyKeys.team(companyId) });
    },
  });
}

/** The signed-in person's open claim on a company (link mailed and valid, or pending a check), or null. */
export const myCompanyClaimQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: companyKeys.myClaim(slug),
    queryFn: ({ signal }) =>
      api<MyCompanyClaimResponse>(`/api/company-claims/mine?${queryString({ companySlug: slug })}`, { signal }),
  });

/** Asks to claim a company listed from its job board: a link is mailed to the work e-mail (ADR 0053). */
export function useRequestCompanyClaim(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyClaimRequest) =>
      api<CompanyClaimSent>('/api/company-claims', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: companyKeys.myClaim(slug) }),
  });
}

/**
 * Withdraws the person's open claim: its link stops working and no platform admin sees it. The claim is read again
 * either way (a claim decided meanwhile answers 404 and shows as it is now).
 */
export function useWithdrawCompanyClaim(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (claimId: string) =>
      api<null>(`/api/company-claims/${encodeURIComponent(claimId)}/withdraw`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: companyKeys.myClaim(slug) }),
  });
}

/**
 * Follows a claim link: granted at once makes the person the company's admin, so the session (which carries the
 * company) and the company's page are read again.
 */
export function useConfirmCompanyClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<CompanyClaimOutcome>('/api/company-claims/confirm', { method: 'POST', body: { token } }),
    onSuccess: (outcome) => {
      if (outcome.status !== 'granted') return;
      void client.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      void client.invalidateQueries({ queryKey: companyKeys.bySlug(outcome.companySlug) });
    },
  });
}
