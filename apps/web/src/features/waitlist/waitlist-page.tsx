import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { JoinWaitlistRequest } from '@referwell/shared';
import {
  WAITLIST_FORM,
  WAITLIST_FORM_ERRORS,
  WAITLIST_MESSAGES,
  WAITLIST_ROLE_LABELS,
  WAITLIST_ROLES,
  type WaitlistFormError,
} from '@referwell/shared/rules/waitlist-texts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form, FormField, lazyZodResolver } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { isApiError } from '@/lib/api';
import type { PageMeta } from '@/lib/page-meta';
import { useJoinWaitlist } from './api';

const toast = scopedToast('waitlist-page');

type WaitlistForm = JoinWaitlistRequest;
// No role is chosen until the person picks one ('' is the select's "Select your role" option, which the schema
// refuses with 'Please select your role'); reset puts the select back on it.
const emptyForm = { name: '', email: '', role: '' as WaitlistForm['role'] };

export const meta: PageMeta = {
  title: 'Join the Waitlist',
  description:
    'Join the Referwell waitlist for early access to referral-driven hiring in healthcare technology, as a job seeker, referrer or company.',
};

/** The message of a refused plain form post (`/waitlist?error=<code>`), if the address carries one. */
function useFormPostError(): string | null {
  const [params] = useSearchParams();
  const code = params.get('error');
  return code && Object.hasOwn(WAITLIST_FORM_ERRORS, code) ? WAITLIST_FORM_ERRORS[code as WaitlistFormError] : null;
}

export function WaitlistPage() {
  const join = useJoinWaitlist();
  const postError = useFormPostError();
  const form = useForm<WaitlistForm>({
    resolver: lazyZodResolver(() =>
      import('@referwell/shared/schemas/waitlist').then((m) => m.joinWaitlistRequestSchema),
    ),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const onInvalid = () => {
    if (form.formState.errors.role) toast.error('Error', { description: WAITLIST_MESSAGES.roleRequired });
  };

  const onSubmit = (entry: JoinWaitlistRequest) =>
    join.mutate(entry, {
      onSuccess: () => {
        toast.success('Success!', { description: "You've been added to our waitlist. We'll be in touch soon!" });
        form.reset(emptyForm);
      },
      onError: (error) => {
        if (isApiError(error, 400)) {
          for (const [field, message] of Object.entries(error.fields)) {
            form.setError(field as keyof WaitlistForm, { message });
          }
        }
        toast.error('Error', {
          description: isApiError(error, 429) ? error.message : WAITLIST_MESSAGES.failure,
        });
      },
    });

  return (
    <section className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Join the Waitlist</h1>
          <CardDescription>
            Be among the first to use Referwell. We will e-mail you as soon as your spot opens.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {postError ? (
            <Alert variant="destructive">
              <AlertDescription>{postError}</AlertDescription>
            </Alert>
          ) : null}
          {/* method and action: before the script runs this is a plain form the server saves (no GET with personal data). */}
          <Form
            form={form}
            onValid={onSubmit}
            onInvalid={onInvalid}
            method="post"
            action={WAITLIST_FORM.action}
            className="grid gap-5"
          >
            <FormField label="Name" id="waitlist-name" error={errors.name?.message}>
              {(control) => (
                <Input {...control} autoComplete="name" required maxLength={120} {...form.register('name')} />
              )}
            </FormField>
            <FormField label="Email" id="waitlist-email" error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  {...form.register('email')}
                />
              )}
            </FormField>
            <FormField label="I am a..." id="waitlist-role" error={errors.role?.message}>
              {(control) => (
                <NativeSelect {...control} required {...form.register('role')}>
                  <option value="">Select your role</option>
                  {WAITLIST_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {WAITLIST_ROLE_LABELS[role]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <Button type="submit" size="lg" disabled={join.isPending}>
              {join.isPending ? 'Submitting...' : 'Join Waitlist'}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}
