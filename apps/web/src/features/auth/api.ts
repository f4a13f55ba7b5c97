import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  InvitationPreview,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  SessionResponse,
  SignupRequest,
  SignupResponse,
} from '@referwell/shared';
import { api, ApiError } from '@/lib/api';

export const sessionQueryKey = ['auth', 'session'] as const;

const loggedOut = (prelaunch: boolean): SessionResponse => ({ user: null, company: null, prelaunch });

/** Who is logged in. A visitor gets { user: null }; the query never throws for a missing session. */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api<SessionResponse>('/api/auth/session', { signal }),
  staleTime: 60_000,
});

/** A team invitation link's details, to prefill sign-up (404 when the token is invalid). */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'invitations', token],
    queryFn: ({ signal }) => api<InvitationPreview>(`/api/auth/invitations/${encodeURIComponent(token)}`, { signal }),
    staleTime: Infinity,
  });

export interface SessionState {
  user: SessionResponse['user'];
  company: SessionResponse['company'];
  prelaunch: boolean;
  isLoading: boolean;
  isLoggedIn: boolean;
}

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions);
  const user = data?.user ?? null;
  return {
    user,
    company: data?.company ?? null,
    prelaunch: data?.prelaunch ?? false,
    isLoading: isPending,
    isLoggedIn: user !== null,
  };
}

function storeSession(queryClient: QueryClient, { user, company, prelaunch }: SessionResponse) {
  queryClient.setQueryData(sessionQueryOptions.queryKey, { user, company, prelaunch });
}

/** Forgets everything cached for the previous user and records the logged-out session. */
export function clearSession(queryClient: QueryClient) {
  const prelaunch = queryClient.getQueryData(sessionQueryOptions.queryKey)?.prelaunch ?? false;
  queryClient.clear();
  queryClient.setQueryData(sessionQueryOptions.queryKey, loggedOut(prelaunch));
}

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

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignupRequest) => api<SignupResponse>('/api/auth/signup', { method: 'POST', body: request }),
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
        if (!(error instanceof ApiError && error.status === 401)) throw error;
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
