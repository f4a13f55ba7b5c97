import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@referwell/shared';
import { clearSession, sessionQueryOptions } from './session';

const signedIn: SessionResponse = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Avery Admin',
    email: 'avery@example.com',
    type: 'referrer',
    avatarUrl: null,
    referralCode: null,
  },
  company: null,
  prelaunch: false,
};

describe('clearSession', () => {
  it('tells every reader of the session at once and forgets the other cached answers', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQueryOptions.queryKey, signedIn);
    queryClient.setQueryData(['dashboard', 'jobseeker'], { applications: 3 });
    // A component reading the session that nothing else re-renders (the header, when the account menu logs out).
    const reader = new QueryObserver(queryClient, { ...sessionQueryOptions, enabled: false });
    const seen: (string | null)[] = [];
    const unsubscribe = reader.subscribe((result) => seen.push(result.data?.user?.name ?? null));

    clearSession(queryClient);

    expect(seen.at(-1)).toBeNull();
    expect(reader.getCurrentResult().data).toEqual({ user: null, company: null, prelaunch: false });
    expect(queryClient.getQueryData(['dashboard', 'jobseeker'])).toBeUndefined();
    unsubscribe();
  });
});
