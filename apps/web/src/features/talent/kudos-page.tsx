import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { TALENT_MESSAGES, kudosFormSchema, type KudosForm, type KudosInput } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { kudosInvitationQueryOptions, useSubmitKudos } from './api';

const toast = scopedToast('kudos-page');

/** The recommender's page behind the e-mailed link (/kudos/{token}): write kudos once. */
export function KudosPage() {
  usePageTitle('Write Kudos');
  const { token = '' } = useParams();
  const { data, isPending, error } = useQuery(kudosInvitationQueryOptions(token));
  const [done, setDone] = useState(false);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      {isPending ? (
        <p className="py-16 text-center text-muted-foreground" role="status">
          Loading...
        </p>
      ) : error || !data ? (
        <Card>
          <CardContent className="py-12 text-center">
            <h1 className="text-xl font-semibold">{TALENT_MESSAGES.kudosLinkInvalid}</h1>
          </CardContent>
        </Card>
      ) : done ? (
        <Card>
          <CardContent className="py-12 text-center">
            <h1 className="text-xl font-semibold">{TALENT_MESSAGES.kudosSentTitle}</h1>
            <p className="mt-2 text-muted-foreground">{TALENT_MESSAGES.kudosSent}</p>
          </CardContent>
        </Card>
      ) : (
        <KudosFormCard token={token} talentName={data.talentName} onDone={() => setDone(true)} />
      )}
    </div>
  );
}

function KudosFormCard({ token, talentName, onDone }: { token: string; talentName: string; onDone: () => void }) {
  const submit = useSubmitKudos(token);
  const form = useForm<KudosForm, unknown, KudosInput>({
    resolver: zodResolver(kudosFormSchema),
    defaultValues: { author: '', title: '', company: '', superpower: '', rating: 0, text: '' },
  });
  const { errors } = form.formState;
  const onValid = (input: KudosInput) =>
    submit.mutate(input, {
      onSuccess: () => {
        toast.success(TALENT_MESSAGES.kudosSentTitle, { description: TALENT_MESSAGES.kudosSent });
        onDone();
      },
      onError: (error) =>
        toast.error('Error', {
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  const field = (name: 'author' | 'title' | 'company' | 'superpower', label: string) => (
    <FormField id={`kudos-${name}`} label={label} error={errors[name]?.message}>
      {(c) => <Input {...c} {...form.register(name)} />}
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-semibold tracking-tight">Kudos for {talentName}</h1>
        <CardDescription>
          {talentName} asked you for a few words about working together. They will show on their Referwell profile.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onValid={onValid} className="grid gap-5">
          {field('author', 'Your name')}
          <div className="grid gap-5 sm:grid-cols-2">
            {field('title', 'Your title')}
            {field('company', 'Company')}
          </div>
          {field('superpower', `${talentName}'s superpower`)}
          <FormField id="kudos-rating" label="Rating" error={errors.rating?.message}>
            {(c) => (
              <Controller
                control={form.control}
                name="rating"
                render={({ field: rating }) => (
                  <div {...c} className="flex gap-1" role="radiogroup" aria-label="Rating">
                    {[1, 2, 3, 4, 5].map((n) => (
                      <button
                        key={n}
                        type="button"
                        role="radio"
                        aria-checked={Number(rating.value) === n}
                        aria-label={`${n} star${n > 1 ? 's' : ''}`}
                        className="rounded p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                        onClick={() => rating.onChange(n)}
                      >
                        <Star
                          className={cn(
                            'size-7',
                            n <= Number(rating.value) ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50',
                          )}
                          aria-hidden
                        />
                      </button>
                    ))}
                  </div>
                )}
              />
            )}
          </FormField>
          <FormField id="kudos-text" label="Your kudos" error={errors.text?.message}>
            {(c) => <Textarea {...c} rows={5} {...form.register('text')} />}
          </FormField>
          <Button type="submit" disabled={submit.isPending} className="w-full sm:w-fit">
            {submit.isPending ? 'Sending...' : 'Send Kudos'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
