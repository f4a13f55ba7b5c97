import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { scopedToast } from '@/lib/toast';
import { z } from 'zod';
import { AUTH_MESSAGES, changeEmailSchema, changePasswordSchema, type ChangeEmail } from '@referwell/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useChangePassword } from '@/features/auth/port';
import { errorMessage } from '@/lib/api';
import { emailStatusQueryOptions, useChangeEmail, useResendConfirmation } from './api';

const toast = scopedToast('account-cards');

const errorText = (error: unknown) => errorMessage(error, AUTH_MESSAGES.unknownError);

/** The address, whether it is confirmed, and a change that takes effect once the new address is confirmed. */
export function EmailAddressCard() {
  const status = useQuery(emailStatusQueryOptions);
  const change = useChangeEmail();
  const resend = useResendConfirmation();
  const form = useForm<ChangeEmail>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = (values: ChangeEmail) =>
    change.mutate(values, {
      onSuccess: (response) => {
        toast.success(response.message);
        form.reset();
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">E-mail address</CardTitle>
        <CardDescription>
          {status.isPending ? (
            <Skeleton className="h-5 w-64" />
          ) : (
            <>
              Mail goes to <strong className="break-all">{status.data?.email}</strong>
              {status.data?.confirmed ? ' (confirmed).' : ' (not confirmed yet).'}
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {status.data && !status.data.confirmed ? (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (r) => toast.success(r.message),
                onError: (e) => toast.error(errorText(e)),
              })
            }
          >
            Send the confirmation link again
          </Button>
        ) : null}
        {status.data?.pendingEmail ? (
          <Alert>
            <AlertDescription>
              Waiting for you to follow the link we sent to <strong>{status.data.pendingEmail}</strong>.
            </AlertDescription>
          </Alert>
        ) : null}
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
          {change.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{errorText(change.error)}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id="new-email" label="New e-mail address" error={errors.email?.message}>
            {(c) => <Input {...c} type="email" autoComplete="email" {...form.register('email')} />}
          </FormField>
          <FormField id="email-current-password" label="Current password" error={errors.currentPassword?.message}>
            {(c) => (
              <Input {...c} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? 'Sending...' : 'Change e-mail address'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
type PasswordForm = z.infer<typeof passwordFormSchema>;

/** Changing the password signs out every other session (the server's password-change rule). */
export function PasswordCard() {
  const changePassword = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = ({ currentPassword, newPassword }: PasswordForm) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (response) => {
          toast.success(response.message || AUTH_MESSAGES.passwordChanged);
          form.reset();
        },
      },
    );
  const field = (name: keyof PasswordForm, label: string, autoComplete: string) => (
    <FormField id={`password-${name}`} label={label} error={errors[name]?.message}>
      {(c) => <Input {...c} type="password" autoComplete={autoComplete} {...form.register(name)} />}
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
          {changePassword.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{errorText(changePassword.error)}</AlertDescription>
            </Alert>
          ) : null}
          {field('currentPassword', 'Current password', 'current-password')}
          {field('newPassword', 'New password', 'new-password')}
          {field('confirmPassword', 'Confirm new password', 'new-password')}
          <Button type="submit" className="justify-self-start" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
