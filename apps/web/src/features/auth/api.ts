import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InvitationPreview,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  SignupConfirm,
  SignupRequest,
  SignupResponse,
  TwoFactorCodeRequest,
} from '@referwell/shared';
import { api, isApiError } from '@/lib/api';
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
