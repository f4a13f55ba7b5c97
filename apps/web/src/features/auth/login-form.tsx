import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { LoginRequest } from '@referwell/shared';
import { dashboardPathFor, safeReturnTo } from '@referwell/shared/rules/auth';
import { authFormError, signupPath } from '@referwell/shared/rules/auth-forms';
import { AUTH_MESSAGES } from '@referwell/shared/rules/auth-texts';
import { TIMING } from '@referwell/shared/constants';
import { APP_ROUTES } from '@referwell/shared/routes';
import { SSO_MESSAGES } from '@referwell/shared/rules/sso-texts';
import { PASSKEY_PROMPT_MESSAGES as PASSKEY_MESSAGES } from '@referwell/shared/rules/passkey-prompt-texts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormField, lazyZodResolver } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { AuthCard } from '@/components/auth-card';
import { errorMessage } from '@/lib/api';
import { useHydratedSearchParams } from '@/lib/use-hydrated';
import { useSession } from '@/lib/session';
import { passkeyErrorMessage } from '@/lib/passkeys';
import { useLogin, usePasskeySignIn, useSsoStart } from './api';

const toast = scopedToast('login-page');

/**
 * /login's content, loaded apart from the page (login-page.tsx, hydrateOnIntent): before its script runs the form
 * posts as plain HTML to the page's own address with its query (POST /login?returnTo=…, ADR 0017); once hydrated it
 * uses the JSON API.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const searchParams = useHydratedSearchParams();
  const { user, prelaunch } = useSession();
  const login = useLogin();
  const sso = useSsoStart();
  const passkey = usePasskeySignIn();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: lazyZodResolver(() => import('@referwell/shared/schemas/auth').then((m) => m.loginRequestSchema)),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  // A plain form post the server refused comes back with ?error=<code>.
  const shownError = serverError ?? authFormError(searchParams);

  const onValid = (credentials: LoginRequest) => {
    if (prelaunch) {
      // Pre-launch the form never authenticates (SPEC §4, §8) and makes no call.
      toast.error(AUTH_MESSAGES.prelaunchTitle, {
        description: AUTH_MESSAGES.prelaunchDescription,
        duration: TIMING.loginErrorToastMs,
      });
      return;
    }
    setServerError(null);
    login.mutate(credentials, {
      onSuccess: ({ user, notice, twoFactorRequired }) => {
        if (twoFactorRequired) {
          const query = returnTo ? `?${new URLSearchParams({ returnTo }).toString()}` : '';
          void navigate(`/${APP_ROUTES.loginTwoFactor}${query}`);
          return;
        }
        if (!user) return;
        if (notice) toast.success(notice, { duration: 10_000 });
        void navigate(returnTo ?? dashboardPathFor(user.type), { replace: true });
      },
      onError: (error) => {
        // 401 says only "Invalid email or password." (never which one); 429 says when to try again.
        setServerError(errorMessage(error, AUTH_MESSAGES.unknownError));
        form.setValue('password', '');
        form.setFocus('password');
      },
    });
  };

  /** Single sign-on (issue 34): an address on a company's verified domain goes to its identity provider. */
  const continueWithSso = () => {
    setServerError(null);
    void form.trigger('email').then((valid) => {
      if (!valid) return form.setFocus('email');
      const email = form.getValues('email');
      sso.mutate(
        { email, ...(returnTo ? { returnTo } : {}) },
        {
          onSuccess: ({ redirectUrl, notice }) => {
            if (redirectUrl) window.location.assign(redirectUrl);
            else setServerError(notice ?? SSO_MESSAGES.ssoNotAvailable);
          },
          onError: (error) => setServerError(errorMessage(error, AUTH_MESSAGES.unknownError)),
        },
      );
    });
  };

  /** A passkey (ADR 0040): the device offers its passkeys for Referwell; no e-mail, password or code is typed. */
  const signInWithPasskey = () => {
    setServerError(null);
    passkey.mutate(undefined, {
      onSuccess: ({ user, notice }) => {
        if (!user) return;
        if (notice) toast.success(notice, { duration: 10_000 });
        void navigate(returnTo ?? dashboardPathFor(user.type), { replace: true });
      },
      onError: (error) =>
        setServerError(passkeyErrorMessage(error, errorMessage(error, PASSKEY_MESSAGES.signInFailed))),
    });
  };

  // Someone already logged in has nothing to do here.
  if (user && !prelaunch && !login.isPending && !passkey.isPending) {
    return <Navigate to={returnTo ?? dashboardPathFor(user.type)} replace />;
  }

  return (
    <AuthCard
      title="Log in to Referwell"
      description="Welcome back. Log in to find referrals, refer candidates and manage your team."
      footer={
        <>
          <p>
            New to Referwell?{' '}
            <Link to={signupPath(returnTo)} className="font-medium text-primary hover:underline">
              Create an account
            </Link>
          </p>
          <p>
            Not ready yet?{' '}
            <Link to="/waitlist" className="font-medium text-primary hover:underline">
              Join the waitlist
            </Link>
          </p>
        </>
      }
    >
      {/* No action: before the script runs the form posts to this address, query (returnTo) included. */}
      <Form form={form} onValid={onValid} method="post" className="grid gap-5">
        {shownError ? (
          <Alert variant="destructive">
            <AlertDescription>{shownError}</AlertDescription>
          </Alert>
        ) : null}
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" required {...form.register('email')} />}
        </FormField>
        <div className="grid gap-2">
          <FormField id="login-password" label="Password" error={errors.password?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                required
                {...form.register('password')}
              />
            )}
          </FormField>
          {/* After the password in the tab order: email, Tab, password, Enter signs in. */}
          <Link to="/forgot-password" className="justify-self-end text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Log in'}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="lg"
          onClick={continueWithSso}
          disabled={sso.isPending || !!sso.data?.redirectUrl}
        >
          {sso.isPending || sso.data?.redirectUrl ? SSO_MESSAGES.ssoRedirecting : SSO_MESSAGES.continueWithSso}
        </Button>
        {prelaunch ? null : (
          <Button type="button" variant="outline" size="lg" onClick={signInWithPasskey} disabled={passkey.isPending}>
            {passkey.isPending ? PASSKEY_MESSAGES.signingIn : PASSKEY_MESSAGES.signIn}
          </Button>
        )}
      </Form>
    </AuthCard>
  );
}
