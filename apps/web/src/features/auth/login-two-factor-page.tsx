import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { TwoFactorCodeRequest } from '@referwell/shared';
import { dashboardPathFor, loginPath, safeReturnTo } from '@referwell/shared/rules/auth';
import { AUTH_MESSAGES } from '@referwell/shared/rules/auth-texts';
import { TWO_FACTOR_MESSAGES } from '@referwell/shared/rules/two-factor-texts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormField, lazyZodResolver } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { AuthCard } from '@/components/auth-card';
import { errorMessage, isApiError } from '@/lib/api';
import { scopedToast } from '@/lib/toast';
import { useHydratedSearchParams } from '@/lib/use-hydrated';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/lib/session';
import { useLoginTwoFactor } from './api';

const toast = scopedToast('login-two-factor-page');

/**
 * /login/two-factor: the second login step, after the password was accepted for an account with two-factor on
 * (the browser holds the step's cookie for a few minutes). A code from the authenticator app or a recovery code.
 */
export function LoginTwoFactorPage() {
  usePageTitle(TWO_FACTOR_MESSAGES.loginTitle);
  const navigate = useNavigate();
  const searchParams = useHydratedSearchParams();
  const { user } = useSession();
  const verify = useLoginTwoFactor();
  const [serverError, setServerError] = useState<{ message: string; expired: boolean } | null>(null);
  const form = useForm<TwoFactorCodeRequest>({
    resolver: lazyZodResolver(() =>
      import('@referwell/shared/schemas/two-factor').then((m) => m.twoFactorCodeRequestSchema),
    ),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const returnTo = safeReturnTo(searchParams.get('returnTo'));

  const onValid = (body: TwoFactorCodeRequest) => {
    setServerError(null);
    verify.mutate(body, {
      onSuccess: ({ user, notice }) => {
        if (!user) return;
        if (notice) toast.success(notice, { duration: 10_000 });
        void navigate(returnTo ?? dashboardPathFor(user.type), { replace: true });
      },
      onError: (error) => {
        setServerError({
          message: errorMessage(error, AUTH_MESSAGES.unknownError),
          expired: isApiError(error, 401),
        });
        form.setValue('code', '');
        form.setFocus('code');
      },
    });
  };

  if (user && !verify.isPending) return <Navigate to={returnTo ?? dashboardPathFor(user.type)} replace />;

  return (
    <AuthCard
      title={TWO_FACTOR_MESSAGES.loginTitle}
      description={TWO_FACTOR_MESSAGES.loginDescription}
      footer={
        <p>
          Not you, or started over?{' '}
          <Link to={loginPath(returnTo)} className="font-medium text-primary hover:underline">
            Back to log in
          </Link>
        </p>
      }
    >
      <Form form={form} onValid={onValid} className="grid gap-5">
        {serverError ? (
          <Alert variant="destructive">
            <AlertDescription>
              {serverError.message}{' '}
              {serverError.expired ? (
                <Link to={loginPath(returnTo)} className="font-medium underline">
                  Log in again
                </Link>
              ) : null}
            </AlertDescription>
          </Alert>
        ) : null}
        <FormField id="two-factor-code" label="Authentication code" error={errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="one-time-code"
              inputMode="text"
              autoCapitalize="off"
              spellCheck={false}
              required
              autoFocus
              {...form.register('code')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? 'Checking...' : 'Verify'}
        </Button>
      </Form>
    </AuthCard>
  );
}
