import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { z } from 'zod';
import { AUTH_MESSAGES, newPasswordSchema } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { AuthCard } from '@/components/auth-card';
import { errorMessage, isApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { useConfirmPasswordReset } from './api';
import { NewPasswordField } from './new-password-field';

const toast = scopedToast('reset-password-page');

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const confirm = useConfirmPasswordReset();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const { errors } = form.formState;

  const onSubmit = ({ password }: ResetPasswordForm) =>
    confirm.mutate(
      { token, password },
      {
        onSuccess: (response) => {
          toast.success('Password updated', { description: response.message || AUTH_MESSAGES.passwordChanged });
          void navigate('/login', { replace: true });
        },
      },
    );

  const requestNewLink = (
    <Link to="/forgot-password" className="font-medium underline">
      Request a new link
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert variant="destructive">
          <AlertTitle>Invalid link</AlertTitle>
          <AlertDescription>
            <p>{AUTH_MESSAGES.resetTokenInvalid}</p>
            {requestNewLink}
          </AlertDescription>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="Pick a new password for your Referwell account."
      footer={
        <p>
          <Link to="/login" className="font-medium text-primary hover:underline">
            Back to log in
          </Link>
        </p>
      }
    >
      <Form form={form} onValid={onSubmit} className="grid gap-5">
        {confirm.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              <p>{errorMessage(confirm.error, AUTH_MESSAGES.unknownError)}</p>
              {isApiError(confirm.error, 400) ? requestNewLink : null}
            </AlertDescription>
          </Alert>
        ) : null}
        <NewPasswordField
          id="reset-password"
          label="New password"
          registration={form.register('password')}
          password={password}
          error={errors.password?.message}
        />
        <FormField id="reset-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              {...form.register('confirmPassword')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </Form>
    </AuthCard>
  );
}
