import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddSsoDomain,
  InvitationPreview,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  SignupConfirm,
  SignupRequest,
  SignupResponse,
  TwoFactorCodeRequest,
  SsoConnection,
  SsoConnectionInput,
  SsoDomain,
  SsoDomainList,
  SsoDomainMail,
  SsoStartResponse,
} from '@referwell/shared';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api, isApiError } from '@/lib/api';
import { getPasskey } from '@/lib/passkeys';
import { clearSession, storeSession } from '@/lib/session';

/** A team invitation link's details, to prefill sign-up (404 when the token is invalid). */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'invitations', token],
    queryFn: ({ signal }) => api<InvitationPreview>(`/api/auth/invitations/${encodeURIComponent(token)}`, { signal }),
    staleTime: Infinity,
  });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      api<LoginResponse>('/api/auth/login', { method: 'POST', body: credentials }),
    onSuccess: (session) => {
      // Anything cached for a previous visitor (e.g. a public page seen as logged out) is stale now.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      storeSession(queryClient, session);
    },
  });
}

/** The second login step: the code from the authenticator app (or a recovery code) starts the session. */
export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeRequest) =>
      api<LoginResponse>('/api/auth/login/two-factor', { method: 'POST', body }),
    onSuccess: (session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      storeSession(queryClient, session);
    },
  });
}

/**
 * Signs in with a passkey (ADR 0040): the server's challenge, the device's prompt (it offers its passkeys for this
 * site: no e-mail typed), the server's check. A passkey is both factors: the session starts at once.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const options = await api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options', { method: 'POST' });
      const response = await getPasskey(options);
      return api<LoginResponse>('/api/auth/passkey/verify', { method: 'POST', body: { response } });
    },
    onSuccess: (session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      storeSession(queryClient, session);
    },
  });
}

/**
 * Signs up. A team invitation's sign-up answers with the new account, signed in; any other answers "check your
 * e-mail" (the same whether or not the address has an account), and the account is made from the link it mails.
 */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignupRequest) =>
      api<SignupResponse | MessageResponse>('/api/auth/signup', { method: 'POST', body: request }),
    onSuccess: (response) => {
      if (!('outcome' in response)) return;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      storeSession(queryClient, response);
    },
  });
}

/** Follows a sign-up link with the password chosen at sign-up: the account is made and signed in. */
export function useConfirmSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupConfirm) => api<SignupResponse>('/api/auth/signup/confirm', { method: 'POST', body }),
    onSuccess: (response) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      storeSession(queryClient, response);
    },
  });
}

/**
 * Logs out. `leave` runs first (e.g. navigate from a protected page to a public one): once the server has ended the
 * session, any query of the page may answer 401 and clear it, and a protected page would then send the user to the
 * login form instead.
 */
export function useLogout({ leave }: { leave?: () => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await leave?.();
      try {
        await api<void>('/api/auth/logout', { method: 'POST' });
      } catch (error) {
        // Already logged out (session expired): the result is the same.
        if (!isApiError(error, 401)) throw error;
      }
    },
    onSuccess: () => clearSession(queryClient),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) => api<MessageResponse>('/api/auth/password-reset', { method: 'POST', body }),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api<MessageResponse>('/api/auth/password-reset/confirm', { method: 'POST', body }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<MessageResponse>('/api/auth/password', { method: 'POST', body }),
  });
}

// ----- Single sign-on (issue 34) -----

/** Where an address signs in: its company's identity provider (redirectUrl) or, when null, its password. */
export function useSsoStart() {
  return useMutation({
    mutationFn: (body: { email: string; returnTo?: string }) =>
      api<SsoStartResponse>('/api/auth/sso/start', { method: 'POST', body }),
  });
}

const ssoKey = (companyId: string) => ['companies', companyId, 'sso'] as const;

export const ssoDomainsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...ssoKey(companyId), 'domains'],
    queryFn: ({ signal }) => api<SsoDomainList>(`/api/companies/${companyId}/sso/domains`, { signal }),
  });

export const ssoConnectionQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...ssoKey(companyId), 'connection'],
    queryFn: ({ signal }) => api<SsoConnection>(`/api/companies/${companyId}/sso/connection`, { signal }),
  });

/** The domain actions of the security page; each refreshes the domains (and the connection, which depends on them). */
export function useSsoDomainActions(companyId: string) {
  const queryClient = useQueryClient();
  const base = `/api/companies/${companyId}/sso/domains`;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ssoKey(companyId) });
  return {
    add: useMutation({
      mutationFn: (body: AddSsoDomain) => api<SsoDomain>(base, { method: 'POST', body }),
      onSuccess,
    }),
    checkDns: useMutation({
      mutationFn: (domainId: string) => api<SsoDomain>(`${base}/${domainId}/dns-check`, { method: 'POST' }),
      onSuccess,
    }),
    mail: useMutation({
      mutationFn: ({ domainId, localPart }: { domainId: string } & SsoDomainMail) =>
        api<MessageResponse>(`${base}/${domainId}/mail`, { method: 'POST', body: { localPart } }),
    }),
    remove: useMutation({
      mutationFn: (domainId: string) => api<void>(`${base}/${domainId}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

export function useSaveSsoConnection(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoConnectionInput) =>
      api<SsoConnection>(`/api/companies/${companyId}/sso/connection`, { method: 'PUT', body }),
    onSuccess: (connection) => queryClient.setQueryData(ssoConnectionQueryOptions(companyId).queryKey, connection),
  });
}

/** Follows a domain verification link (the token is the proof; no sign-in needed). */
export function useVerifyDomainLink() {
  return useMutation({
    mutationFn: (token: string) => api<MessageResponse>('/api/sso/domains/verify', { method: 'POST', body: { token } }),
  });
}
