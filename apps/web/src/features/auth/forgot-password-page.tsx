import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AUTH_MESSAGES, passwordResetRequestSchema } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { AuthCard } from '@/components/auth-card';
import { errorMessage } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { useRequestPasswordReset } from './api';

type ForgotPasswordForm = z.input<typeof passwordResetRequestSchema>;

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const request = useRequestPasswordReset();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = (body: ForgotPasswordForm) =>
    request.mutate(body, {
      onSuccess: (response) => setSentMessage(response.message || AUTH_MESSAGES.resetRequested),
    });

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Back to log in
          </Link>
        </p>
      }
    >
      {sentMessage ? (
        <div className="grid gap-4">
          <Alert role="status">
            <AlertTitle>Check your email</AlertTitle>
            <AlertDescription>{sentMessage}</AlertDescription>
          </Alert>
          <Button
            variant="outline"
            onClick={() => {
              setSentMessage(null);
              request.reset();
            }}
          >
            Use a different email
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
          {request.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(request.error, AUTH_MESSAGES.unknownError)}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id="forgot-email" label="Email" error={errors.email?.message}>
            {(c) => <Input {...c} type="email" autoComplete="email" required {...form.register('email')} />}
          </FormField>
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
