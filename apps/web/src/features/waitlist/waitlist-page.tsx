import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  joinWaitlistRequestSchema,
  WAITLIST_MESSAGES,
  WAITLIST_ROLE_LABELS,
  WAITLIST_ROLES,
  type JoinWaitlistRequest,
} from '@referwell/shared';
import { ChoiceSelect } from '@/components/choice-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import type { PageMeta } from '@/lib/page-meta';
import { useJoinWaitlist } from './api';

type WaitlistForm = JoinWaitlistRequest;
// No role is chosen until the person picks one: the schema then says 'Please select your role'.
const emptyForm: Partial<WaitlistForm> = { name: '', email: '', role: undefined };

export const meta: PageMeta = {
  title: 'Join the Waitlist',
  description:
    'Join the Referwell waitlist for early access to referral-driven hiring in healthcare technology, as a job seeker, referrer or company.',
};

export function WaitlistPage() {
  const join = useJoinWaitlist();
  const form = useForm<WaitlistForm>({
    resolver: zodResolver(joinWaitlistRequestSchema),
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
        if (error instanceof ApiError && error.status === 400) {
          for (const [field, message] of Object.entries(error.fields)) {
            form.setError(field as keyof WaitlistForm, { message });
          }
        }
        toast.error('Error', {
          description: error instanceof ApiError && error.status === 429 ? error.message : WAITLIST_MESSAGES.failure,
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
        <CardContent>
          <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor="waitlist-name">Name</Label>
              <Input
                id="waitlist-name"
                autoComplete="name"
                required
                aria-invalid={!!errors.name}
                aria-describedby={errors.name ? 'waitlist-name-error' : undefined}
                {...form.register('name')}
              />
              <FieldError id="waitlist-name-error" message={errors.name?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="waitlist-email">Email</Label>
              <Input
                id="waitlist-email"
                type="email"
                autoComplete="email"
                required
                aria-invalid={!!errors.email}
                aria-describedby={errors.email ? 'waitlist-email-error' : undefined}
                {...form.register('email')}
              />
              <FieldError id="waitlist-email-error" message={errors.email?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="waitlist-role">I am a...</Label>
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <ChoiceSelect
                    id="waitlist-role"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    choices={WAITLIST_ROLES}
                    labels={WAITLIST_ROLE_LABELS}
                    placeholder="Select your role"
                    aria-invalid={!!errors.role}
                    aria-describedby={errors.role ? 'waitlist-role-error' : undefined}
                  />
                )}
              />
              <FieldError id="waitlist-role-error" message={errors.role?.message} />
            </div>
            <Button type="submit" size="lg" disabled={join.isPending}>
              {join.isPending ? 'Submitting...' : 'Join Waitlist'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
