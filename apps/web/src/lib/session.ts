/**
 * Who is logged in: the one session query every layer reads (the shell, the route guard, the pages). The
 * features/auth screens change it (log in, sign up, log out); everything else only reads it.
 */
import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@referwell/shared';
import { api } from '@/lib/api';

const loggedOut = (prelaunch: boolean): SessionResponse => ({ user: null, company: null, prelaunch });

/** Who is logged in. A visitor gets { user: null }; the query never throws for a missing session. */
export const sessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'] as const,
  queryFn: ({ signal }) => api<SessionResponse>('/api/auth/session', { signal }),
  staleTime: 60_000,
});

interface SessionState {
  user: SessionResponse['user'];
  company: SessionResponse['company'];
  prelaunch: boolean;
  isLoading: boolean;
  isLoggedIn: boolean;
  /** An admin of their company (the role company-admin pages and controls are for; the server checks it again). */
  isCompanyAdmin: boolean;
  /** Their company requires two-factor for admins and they have none: the server refuses everything but the set-up. */
  twoFactorSetupRequired: boolean;
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
    isCompanyAdmin: data?.company?.role === 'companyAdmin',
    twoFactorSetupRequired: data?.twoFactorSetupRequired === true,
  };
}

/** Records the session a log-in or sign-up answered with. */
export function storeSession(
  queryClient: QueryClient,
  { user, company, prelaunch, twoFactorSetupRequired }: SessionResponse,
) {
  queryClient.setQueryData(sessionQueryOptions.queryKey, {
    user,
    company,
    prelaunch,
    ...(twoFactorSetupRequired ? { twoFactorSetupRequired } : {}),
  });
}

const sessionQueryHash = hashKey(sessionQueryOptions.queryKey);

/**
 * Forgets everything cached for the previous user and records the logged-out session. The session query itself is
 * kept and updated rather than dropped and made again, so every component reading it (the header, the route guard) is
 * told at once, whichever component's mutation logged out.
 */
export function clearSession(queryClient: QueryClient) {
  const prelaunch = queryClient.getQueryData(sessionQueryOptions.queryKey)?.prelaunch ?? false;
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionQueryHash });
  queryClient.getMutationCache().clear();
  queryClient.setQueryData(sessionQueryOptions.queryKey, loggedOut(prelaunch));
}

/**
 * Set while the app leaves a protected page because the user ended their own session (deleting the account: the
 * server ends every session and closes the realtime socket as it answers). The protected layout then waits for the
 * way out instead of sending them to the login form.
 */
let endingOwnSession = false;
export const ownSessionEnd = {
  start: () => void (endingOwnSession = true),
  done: () => void (endingOwnSession = false),
  get active() {
    return endingOwnSession;
  },
};
