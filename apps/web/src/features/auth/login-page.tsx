import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import {
  AUTH_MESSAGES,
  dashboardPathFor,
  loginRequestSchema,
  safeReturnTo,
  signupPath,
  type LoginRequest,
} from '@referwell/shared';
import { TIMING } from '@referwell/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { AuthCard } from '@/components/auth-card';
import { errorMessage } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/lib/session';
import { useLogin } from './api';

const toast = scopedToast('login-page');

export function LoginPage() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { user, prelaunch } = useSession();
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const returnTo = safeReturnTo(searchParams.get('returnTo'));

  const onValid = (credentials: LoginRequest) => {
    setServerError(null);
    login.mutate(credentials, {
      onSuccess: ({ user, notice }) => {
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (prelaunch) {
      // Pre-launch the form never authenticates (SPEC §4, §8) and makes no call.
      event.preventDefault();
      toast.error(AUTH_MESSAGES.prelaunchTitle, {
        description: AUTH_MESSAGES.prelaunchDescription,
        duration: TIMING.loginErrorToastMs,
      });
      return;
    }
    void form.handleSubmit(onValid)(event);
  };

  // Someone already logged in has nothing to do here.
  if (user && !prelaunch && !login.isPending) {
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
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        {serverError ? (
          <Alert variant="destructive">
            <AlertDescription>{serverError}</AlertDescription>
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
      </form>
    </AuthCard>
  );
}
