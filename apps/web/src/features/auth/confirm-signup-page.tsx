import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AUTH_MESSAGES, safeReturnTo, signupConfirmSchema } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { AuthCard } from '@/components/auth-card';
import { errorMessage, fieldErrors } from '@/lib/api';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useConfirmSignup } from './api';
import { useEnterNewAccount } from './enter-new-account';

const toast = scopedToast('confirm-signup-page');

const confirmSignupFormSchema = signupConfirmSchema.pick({ password: true });
type ConfirmSignupForm = z.infer<typeof confirmSignupFormSchema>;

/** The page of a sign-up link: the password chosen at sign-up creates the account and signs in (issue 40, finding 9). */
export function ConfirmSignupPage() {
  usePageTitle('Finish creating your account');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const job = searchParams.get('job')?.trim() || null;
  // The page the person set out from (a job with Apply started), kept in the link: the new account lands there.
  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const confirm = useConfirmSignup();
  const { enter, entering } = useEnterNewAccount(toast, job, returnTo);
  const form = useForm<ConfirmSignupForm>({
    resolver: zodResolver(confirmSignupFormSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = ({ password }: ConfirmSignupForm) =>
    confirm.mutate(
      { token, password },
      {
        onSuccess: enter,
        onError: (error) => {
          const message = fieldErrors(error).password;
          if (message) {
            form.setError('password', { message });
            form.setFocus('password');
          }
        },
      },
    );

  const signUpAgain = (
    <Link to="/signup" className="font-medium underline">
      Sign up again
    </Link>
  );
  // A bad link (or a taken address, or too many tries) is said above the form; a wrong password at the field.
  const linkProblem =
    confirm.error && !fieldErrors(confirm.error).password
      ? errorMessage(confirm.error, AUTH_MESSAGES.signupLinkInvalid)
      : null;

  if (!token) {
    return (
      <AuthCard title="Finish creating your account">
        <Alert variant="destructive">
          <AlertTitle>Invalid link</AlertTitle>
          <AlertDescription>
            <p>{AUTH_MESSAGES.signupLinkInvalid}</p>
            {signUpAgain}
          </AlertDescription>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Finish creating your account"
      description="Enter the password you chose when you signed up."
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <Form form={form} onValid={onSubmit} className="grid gap-5">
        {linkProblem ? (
          <Alert variant="destructive">
            <AlertDescription>
              <p>{linkProblem}</p>
              {signUpAgain}
            </AlertDescription>
          </Alert>
        ) : null}
        <FormField id="confirm-signup-password" label="Password" error={errors.password?.message}>
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
        <Button type="submit" size="lg" disabled={confirm.isPending || entering}>
          {confirm.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </Form>
    </AuthCard>
  );
}
