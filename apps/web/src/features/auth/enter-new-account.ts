import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SignupResponse } from '@referwell/shared';
import { dashboardPathFor } from '@referwell/shared/rules/auth';
import { AUTH_MESSAGES, SIGNUP_OUTCOME_MESSAGES } from '@referwell/shared/rules/auth-texts';
import { TIMING } from '@referwell/shared/constants';
import type { ScopedToast } from '@/lib/toast';

/**
 * What follows a new account (a sign-up link followed, or a team invitation's sign-up): the success toast, then after
 * a short pause (SPEC §4) the page the person set out from (`returnTo`, already checked: a job with Apply started),
 * else the dashboard, with the job a job seeker came for. Returns the function to call with the new account and
 * whether it has been called (the form stays disabled meanwhile).
 */
export function useEnterNewAccount(toast: ScopedToast, job: string | null, returnTo: string | null = null) {
  const navigate = useNavigate();
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  useEffect(() => {
    if (!redirectTo) return;
    const timer = window.setTimeout(() => void navigate(redirectTo), TIMING.postSignupRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate, redirectTo]);

  const enter = ({ user, outcome }: SignupResponse) => {
    toast.success(AUTH_MESSAGES.accountCreated, { description: SIGNUP_OUTCOME_MESSAGES[outcome] });
    const type = user?.type ?? (outcome === 'jobseeker' ? 'jobseeker' : 'referrer');
    setRedirectTo(
      returnTo ??
        (type === 'jobseeker' && job
          ? `${dashboardPathFor(type)}?${new URLSearchParams({ job }).toString()}`
          : dashboardPathFor(type)),
    );
  };
  return { enter, entering: redirectTo !== null };
}
